// The creator's page: copy or share each link (the Web Share API where the browser has one).
"use strict";
const copied = document.getElementById("copied");

function tell(text) {
  copied.textContent = text;
  copied.hidden = false;
  setTimeout(() => { copied.hidden = true; }, 3000);
}

async function copy(link) {
  try {
    await navigator.clipboard.writeText(link);
  } catch (error) {  // no clipboard API (a page served over plain http on another host): copy the old way
    const field = document.createElement("textarea");
    field.value = link;
    document.body.append(field);
    field.select();
    document.execCommand("copy");
    field.remove();
  }
  tell("Link copied");
}

document.querySelectorAll("button.copy").forEach((button) => { button.onclick = () => copy(button.dataset.link); });
document.querySelectorAll("button.share").forEach((button) => {
  if (!navigator.share) return;
  button.hidden = false;
  button.onclick = () => navigator.share({ title: button.dataset.title, url: button.dataset.link }).catch(() => {});
});
