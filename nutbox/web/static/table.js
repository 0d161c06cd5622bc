// The game page: draws what the server sends for this seat, and sends clicks back as action text.
// The server is the referee; this script only shows and asks.
"use strict";

const root = document.getElementById("table");
const tableId = root.dataset.table;
const secret = root.dataset.secret;
const $ = (id) => document.getElementById(id);
let state = JSON.parse($("first-state").textContent);
let socket = null;
let retry = 500;
let replaying = false;
let shownAt = Date.now();  // when the last position arrived, for the timer's countdown

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = secret ? `?secret=${encodeURIComponent(secret)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/t/${tableId}${query}`);
  socket.onopen = () => { retry = 500; root.dataset.connected = "yes"; };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    root.dataset.connected = "no";
    if (event.code === 4403 || event.code === 4404) {  // this link no longer holds a seat (moved elsewhere)
      say(event.reason || "This link no longer opens a seat of this table.");
      return;
    }
    setTimeout(connect, retry);  // reconnecting restores the seat: the server sends the whole position again
    retry = Math.min(retry * 2, 8000);
  };
}

function receive(message) {
  if (message.type === "state") {
    if (message.version < state.version) return;  // an update overtaken by a newer one
    state = message; shownAt = Date.now(); show();
  }
  else if (message.type === "presence") { state.connected = message.connected; showSeats(); }
  else if (message.type === "error") { say(message.message); }
  else if (message.type === "ok") { say(""); }
}

function say(text) {
  $("message").textContent = text;
  $("message").hidden = !text;
}

function send(request) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { say("Not connected; trying again…"); return; }
  socket.send(JSON.stringify({ ...request, version: state.version }));
}

function act(action) { $("chooser").hidden = true; send({ type: "act", action }); }

function show() {
  root.dataset.version = state.version;
  $("status").textContent = state.status;
  if (!replaying) {
    $("board").innerHTML = state.svg || "";
    markTargets();
    $("step").max = state.steps;
    $("step").value = state.steps;
  }
  const legal = $("legal");
  legal.replaceChildren(...state.legal.map((text) => {
    const button = document.createElement("button");
    button.className = "action";
    button.dataset.action = text;
    button.textContent = text;
    button.onclick = () => act(text);
    return button;
  }));
  if (!state.legal.length) legal.textContent = state.seat === null ? "(spectating)" : "(waiting)";
  $("undo").disabled = !state.can_undo;
  $("log").replaceChildren(...state.log.map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
  $("log").scrollTop = $("log").scrollHeight;
  $("notes").replaceChildren(...state.notes.map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
  $("download").hidden = !state.finished;
  showSeats();
  showResult();
  if ($("details").open) details();
}

function markTargets() {
  for (const target of $("board").querySelectorAll(".target")) {
    const texts = target.dataset.actions ? target.dataset.actions.split("|") : [target.dataset.action];
    const open = texts.filter((text) => state.legal.includes(text));
    if (!open.length) continue;
    target.classList.add("clickable");
    target.addEventListener("click", (event) => {
      event.stopPropagation();
      if (open.length === 1) act(open[0]); else choose(open, event);
    });
  }
}

function choose(texts) {
  // one place, several actions: the player picks one by name
  const chooser = $("chooser");
  chooser.replaceChildren(...texts.map((text) => {
    const button = document.createElement("button");
    button.className = "choice";
    button.textContent = text;
    button.onclick = () => act(text);
    return button;
  }));
  const cancel = document.createElement("button");
  cancel.textContent = "cancel";
  cancel.onclick = () => { chooser.hidden = true; };
  chooser.append(cancel);
  chooser.hidden = false;
}

function showSeats() {
  const rows = state.seats.map((seat) => {
    const row = document.createElement("tr");
    const mine = seat.seat === state.seat;
    const here = state.connected ? state.connected[seat.seat] : false;
    const score = state.scores ? state.scores[seat.seat] : "";
    row.innerHTML = `<th></th><td class="kind"></td><td class="presence"></td><td class="score"></td><td class="control"></td>`;
    row.children[0].textContent = seat.name + (mine ? " (you)" : "");
    row.children[1].textContent = seat.kind === "human" ? "person" : `bot: ${seat.kind}`;
    row.children[2].textContent = seat.kind !== "human" ? "" : here ? "● here" : seat.joined ? "○ away" : "○ not joined yet";
    row.children[3].textContent = score;
    if (state.seat !== null && !state.finished && seat.human) {
      const button = document.createElement("button");
      // a rival's seat only while its absent player's turn waits (the server also checks the grace period)
      if (seat.kind === "human" && (mine || (!here && state.to_move === seat.seat))) {
        button.textContent = mine ? "Let a bot play for me" : "Hand to a bot";
        button.onclick = () => send({ type: "handover", seat: seat.seat, bot: "" });
        row.children[4].append(button);
      } else if (seat.kind !== "human" && mine) {
        button.textContent = "Take my seat back";
        button.onclick = () => send({ type: "handover", seat: seat.seat, bot: null });
        row.children[4].append(button);
      }
    }
    return row;
  });
  $("seats").replaceChildren(...rows);
}

function showResult() {
  const result = $("result");
  if (!state.finished || !state.scores) { result.replaceChildren(); return; }
  result.innerHTML = "<h2>Final scores</h2>";
  const list = document.createElement("ol");
  state.seats.forEach((seat) => {
    const li = document.createElement("li");
    const won = (state.winners || []).includes(seat.seat);
    li.textContent = `${seat.name}: ${state.scores[seat.seat]}${won ? " ★ winner" : ""}`;
    list.append(li);
  });
  result.append(list);
  $("details").open = true;
  details();
  const as = $("replay-as");
  as.replaceChildren(...[["", "your view"], ...state.seats.map((s) => [String(s.seat), `as ${s.name}`])].map(([value, label]) => {
    const option = document.createElement("option"); option.value = value; option.textContent = label; return option;
  }));
  as.hidden = false;
}

async function details() {
  const query = secret ? `?secret=${encodeURIComponent(secret)}` : "";
  const response = await fetch(`/api/t/${tableId}/details${query}`);
  if (response.ok) $("details-body").innerHTML = (await response.json()).html;
}

async function replay(step) {
  step = Math.max(0, Math.min(Number($("step").max), step));
  $("step").value = step;
  if (step === Number($("step").max) && !$("replay-as").value) { live(); return; }
  const params = new URLSearchParams({ step: String(step) });
  if (secret) params.set("secret", secret);
  if ($("replay-as").value) params.set("as", $("replay-as").value);
  const response = await fetch(`/api/t/${tableId}/replay?${params}`);
  const message = await response.json();
  if (!response.ok) { say(message.error); return; }
  replaying = true;
  $("board").innerHTML = message.svg || "";
  $("replay-label").textContent = `Replay: step ${message.step} of ${message.steps}`;
  $("replay-bar").hidden = false;
  $("log").replaceChildren(...message.log.map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
}

function live() {
  replaying = false;
  $("replay-bar").hidden = true;
  show();
}

$("undo").onclick = () => send({ type: "undo" });
if ($("transfer")) {
  $("transfer").onclick = async () => {
    const response = await fetch(`/api/t/${tableId}/transfer`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ secret, version: state.version }),
    });
    const answer = await response.json();
    if (!response.ok) { say(answer.error); return; }
    $("transfer-link").href = answer.link;
    $("transfer-link").textContent = answer.link;
    $("transfer-note").hidden = false;
  };
}
$("step").oninput = () => replay(Number($("step").value));
$("step-first").onclick = () => replay(0);
$("step-back").onclick = () => replay(Number($("step").value) - 1);
$("step-forward").onclick = () => replay(Number($("step").value) + 1);
$("step-last").onclick = () => replay(Number($("step").max));
$("replay-as").onchange = () => replay(Number($("step").value));
$("replay-live").onclick = () => { $("replay-as").value = ""; live(); };
$("details").addEventListener("toggle", () => { if ($("details").open) details(); });

setInterval(() => {
  // the turn timer, counted down from the deadline the server set
  const timer = $("timer");
  if (!state.deadline || state.finished) { timer.hidden = true; return; }
  const left = Math.max(0, Math.round(state.deadline - (state.server_time + (Date.now() - shownAt) / 1000)));
  timer.hidden = false;
  timer.textContent = `${left} s left for this decision`;
}, 500);
show();
connect();
