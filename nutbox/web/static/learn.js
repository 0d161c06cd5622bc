// A tutorial's page: each step's position from /api/learn/GAME/STEP; a decision (a click on the board, a
// listed move or a typed one) is sent to the same address, and the tutorial answers: advance, or a hint, or
// the rule that forbids it. Steps with nothing to decide go on with "Next".
"use strict";

const $ = (id) => document.getElementById(id);
const game = $("learn").dataset.game;
let step = Number(new URLSearchParams(location.search).get("step") || 0);
let current = null;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

async function show(number) {
  const response = await fetch(`/api/learn/${game}/${number}`);
  if (!response.ok) return;
  current = await response.json();
  step = current.step;
  history.replaceState(null, "", `?step=${step}`);
  $("progress").textContent = `step ${step + 1} of ${current.steps}`;
  $("say").textContent = current.say;
  $("answer").hidden = true;
  $("happened").hidden = !current.happened.length;
  $("happened").textContent = current.happened.length ? `What just happened: ${current.happened.join(" · ")}` : "";
  // drawn by the server from the learner's view (its texts escaped there), for a phone where the screen is one
  $("board").innerHTML = matchMedia("(max-width: 599px)").matches && current.svg_phone ? current.svg_phone : current.svg;
  markExpected();
  const deciding = current.choices.length > 0;
  $("choices-box").hidden = !deciding;
  $("decision").textContent = deciding ? `Your turn: ${current.decision}` : "";
  $("choices").replaceChildren(...current.choices.map((choice) => {
    const button = element("button", "action" + (current.expect.includes(choice.action) ? " expected" : ""), choice.label);
    button.type = "button";
    button.dataset.action = choice.action;
    button.addEventListener("click", () => decide(choice.action));
    return button;
  }));
  $("next").hidden = deciding || step === current.steps - 1;
  $("back").disabled = step === 0;
  $("finale").hidden = !current.finale;
  $("finale-text").textContent = current.finale;
  $("panels").replaceChildren(...current.panels.map((panel) => {
    const box = element("div", "panel");
    const head = element("header");
    const dot = element("span", "dot");
    if (panel.colour) dot.style.background = panel.colour;
    head.append(dot, element("strong", "name", panel.name + (panel.seat === current.seat ? " (you)" : "")));
    if (panel.seat === current.to_move) head.append(element("span", "turn", "to move"));
    head.append(element("span", "score", panel.score === null || panel.score === "" ? "" : `Score: ${panel.score}`));
    box.append(head);
    if ((panel.holds || []).length) {
      const list = element("dl", "holds");
      for (const [label, value] of panel.holds) list.append(element("dt", "", label), element("dd", "", value));
      box.append(list);
    }
    for (const card of panel.cards || []) {
      const item = element("div", "card");
      item.append(element("strong", "", card.title), element("p", "", card.text));
      box.append(item);
    }
    return box;
  }));
  $("say").focus?.();
}

// the places the step is about: its expected decisions' targets, ringed (marks.js)
function markExpected() {
  const expected = [];
  for (const target of $("board").querySelectorAll(".target")) {
    const actions = (target.dataset.actions || target.dataset.action || "").split("|");
    if (actions.some((action) => current.expect.includes(action))) expected.push(target);
    target.classList.add("clickable");
    target.addEventListener("click", () => decide(pick(actions)));
    target.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") decide(pick(actions)); });
  }
  for (const target of expected) target.classList.add("expected");
  ringAll(expected, "expected-ring");
}

// on a place with several decisions, the one the step expects if it is among them
function pick(actions) {
  return actions.find((action) => current.expect.includes(action)) || actions[0];
}

async function decide(action) {
  const response = await fetch(`/api/learn/${game}/${step}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action }),
  });
  const answer = await response.json();
  if (!response.ok) return say(answer.error || "That was refused.", "illegal");
  if (answer.kind === "advance" && step + 1 < current.steps) return show(step + 1);
  if (answer.kind === "advance") {
    $("finale").hidden = false;
    $("finale-text").textContent = current.finale || "That is the whole tutorial.";
    return say("Well done: that is the whole tutorial.", "advance");
  }
  const lead = { hint: "Not quite: ", illegal: "Not allowed: ", unreadable: "I could not read that: " }[answer.kind];
  say(lead + answer.text, answer.kind);
}

function say(text, kind) {
  $("answer").textContent = text;
  $("answer").className = `answer ${kind}`;
  $("answer").hidden = false;
}

$("next").addEventListener("click", () => show(step + 1));
$("back").addEventListener("click", () => show(Math.max(0, step - 1)));
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("typed-input").value.trim();
  if (text) decide(text);
});
show(step);
