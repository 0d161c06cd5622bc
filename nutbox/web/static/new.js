// The new-table form: only the seats of the chosen player count are shown, a name only for a person's seat,
// and a preset option's custom field only when "custom…" is chosen.
"use strict";
const players = document.getElementById("players");
function seats() {
  document.querySelectorAll(".seat").forEach((seat) => {
    seat.hidden = Number(seat.dataset.seat) >= Number(players.value);
    const person = seat.querySelector("select").value === "human";
    // the creator sitting at the first person's seat plays under their profile's name
    const mine = sit && sit.checked && seat === firstPerson();
    seat.querySelectorAll(".name").forEach((el) => { el.hidden = !person || mine; });
  });
}
const sit = document.getElementById("sit");
function firstPerson() {
  return [...document.querySelectorAll(".seat")].find(
    (seat) => !seat.hidden && seat.querySelector("select").value === "human");
}
players.addEventListener("change", seats);
if (sit) sit.addEventListener("change", seats);
document.querySelectorAll(".seat select").forEach((select) => select.addEventListener("change", seats));
seats();

document.querySelectorAll("select.preset").forEach((preset) => {
  const custom = document.getElementById(`option-${preset.dataset.field}`);
  const known = [...preset.options].some((option) => option.value && option.value === custom.value);
  if (!known) preset.value = "";
  const follow = () => {
    custom.hidden = preset.value !== "";
    if (preset.value) custom.value = preset.value;
  };
  preset.addEventListener("change", follow);
  follow();
});
