// A study's page while it waits or runs: its progress asked for every two seconds, and the page reloaded when its
// state changes (the figures appear once it has finished).
"use strict";
const study = document.getElementById("study");
if (study && (study.dataset.status === "queued" || study.dataset.status === "running")) {
  const poll = async () => {
    try {
      const response = await fetch(`/api/studies/${study.dataset.id}`);
      if (response.ok) {
        const progress = await response.json();
        if (progress.status !== study.dataset.status) {
          window.location.reload();
          return;
        }
        document.getElementById("status").textContent = progress.words;
        progress.arms.forEach((arm, index) => {
          const bar = document.getElementById(`arm${index + 1}`);
          if (!bar) return;
          bar.value = arm.played;
          bar.textContent = `${arm.played} of ${arm.games}`;
          bar.closest("li").querySelector(".played").textContent = arm.played.toLocaleString("en");
        });
      }
    } catch (error) {
      // the server may be restarting: ask again at the next tick
    }
    window.setTimeout(poll, 2000);
  };
  window.setTimeout(poll, 2000);
}
