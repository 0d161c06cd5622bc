// A finished game's review: asks for it, shows its progress while the server works it out (asking every 2 s), and
// shows a marked decision's position from that player's view with the move made and the better move marked.
// Everything shown here is the server's words, set as text; the board is the server's own picture.
"use strict";

const root = document.getElementById("review");
const tableId = root.dataset.table;
const $ = (id) => document.getElementById(id);
const POLL = 2000;  // ms between two looks at the review's progress
const phone = () => matchMedia("(max-width: 599px)").matches;
let said = root.dataset.status;  // the status last told to a screen reader

function showError(text) {
  // the server's reason as a sentence, a path it names ("/t/…/review") as a link (its words, set as text)
  const said = text ? text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?)]$/.test(text) ? "" : ".") : "";
  $("review-error").replaceChildren(...said.split(/(?<=^|[\s(])(\/[A-Za-z0-9_/-]+)/).map((part, index) => {
    if (index % 2 === 0) return part;
    const link = document.createElement("a");
    link.href = part;
    link.textContent = part;
    return link;
  }));
  $("review-error").hidden = !text;
}

function showProgress(review) {
  // the review as it stands, in words and on the bar; once done, the page shows it (drawn by the server)
  root.dataset.status = review.status;
  if (review.status === "done") { location.reload(); return; }
  const waiting = review.status === "queued" || review.status === "running";
  let words = "This game has not been reviewed yet.";
  if (review.status === "queued") {
    words = review.ahead ? `Waiting for its turn: ${review.ahead} ${review.ahead === 1 ? "review" : "reviews"} ahead of this one.` : "Waiting for its turn.";
  } else if (review.status === "running") {
    words = review.total ? `Working it out: ${review.done} of ${review.total} decisions judged.` : "Working it out…";
  } else if (review.status === "failed") {
    words = "The review could not be worked out. You can try again.";
  }
  $("progress-text").textContent = words;
  // a screen reader is told when the review starts or stops, not at every decision judged
  if (review.status !== said) { said = review.status; $("progress-said").textContent = words; }
  $("progress").hidden = !waiting;
  $("progress").max = Math.max(1, review.total);
  $("progress").value = review.done;
  $("progress-note").hidden = !waiting;
  $("start").hidden = waiting;
  if (waiting) setTimeout(poll, POLL);
}

async function poll() {
  try {
    const response = await fetch(`/api/t/${tableId}/review`);
    const review = await response.json();
    if (!response.ok) { showError(review.error); return; }
    showProgress(review);
  } catch (error) {
    setTimeout(poll, POLL * 2);  // the network dropped: look again a little later
  }
}

async function start() {
  showError("");
  $("start").disabled = true;
  try {
    const response = await fetch(`/api/t/${tableId}/review`, {
      method: "POST", headers: { "content-type": "application/json" }, body: "{}",
    });
    const answer = await response.json();
    if (!response.ok) { showError(answer.error); return; }
    showProgress({ ...answer, ahead: 0 });
  } catch (error) {
    showError("The server could not be reached: try again.");
  } finally {
    $("start").disabled = false;
  }
}

// --- a marked decision on the board --------------------------------------------------------------------------
function actionsOf(target) {
  return target.dataset.actions ? target.dataset.actions.split("|") : [target.dataset.action];
}

async function show(button) {
  const { step, seat, made, best } = button.dataset;
  const params = new URLSearchParams({ step, as: seat });
  params.append("mark", made);
  params.append("mark", best);
  if (phone()) params.set("layout", "phone");
  for (const other of document.querySelectorAll(".marked-decision")) other.setAttribute("aria-pressed", String(other === button));
  const response = await fetch(`/api/t/${tableId}/replay?${params}`);
  const message = await response.json();
  if (!response.ok) { $("position-caption").textContent = message.error; return; }
  $("position").hidden = false;
  $("position-title").textContent = button.dataset.title;
  $("board").innerHTML = message.svg || "";  // the server's picture (its texts escaped there)
  let found = 0;
  for (const target of $("board").querySelectorAll(".target")) {
    const actions = actionsOf(target);
    target.removeAttribute("tabindex");
    // "expected" is what a game's picture outlines and shows the path of (as the tutorial does); the review's own
    // classes colour the two moves apart
    if (actions.includes(made)) { target.classList.add("expected", "review-made"); found += 1; }
    if (actions.includes(best)) { target.classList.add("expected", "review-best"); found += 1; }
  }
  ringAll($("board").querySelectorAll(".review-made"), "made-ring");
  ringAll($("board").querySelectorAll(".review-best"), "best-ring");
  root.dataset.marked = String(found);
  $("position-caption").textContent = `Made: ${button.dataset.madeWords}; better: ${button.dataset.bestWords}.`;
  if (phone() || $("position").getBoundingClientRect().top > window.innerHeight) {
    $("position").scrollIntoView({ block: "start" });
  }
}

$("start").onclick = start;
for (const button of document.querySelectorAll(".marked-decision")) button.onclick = () => show(button);
if (root.dataset.status === "queued" || root.dataset.status === "running") setTimeout(poll, POLL);
