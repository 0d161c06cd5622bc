// The new-table form: only the seats of the chosen player count are shown.
"use strict";
const players = document.getElementById("players");
function seats() {
  document.querySelectorAll(".seat").forEach((el) => { el.hidden = Number(el.dataset.seat) >= Number(players.value); });
}
players.addEventListener("change", seats);
seats();
