// The game page: draws what the server sends for this seat, and sends clicks back as action text.
// The server is the referee; this script only shows and asks.
"use strict";

const root = document.getElementById("table");
const tableId = root.dataset.table;
const secret = root.dataset.secret;
const spectator = root.dataset.spectator === "yes";
const $ = (id) => document.getElementById(id);
let state = JSON.parse($("first-state").textContent);
let socket = null;
let retry = 500;
let replaying = null;      // the replay message shown instead of the live position, if any
let shownAt = Date.now();  // when the last position arrived, for the timer's countdown
let baseline = null;       // each board place's data-state when this seat last decided: changes since are marked
let ownMove = false;       // the next update is the result of this page's own decision
let deciding = null;       // the version a decision of this page was sent against, until it is answered
let joining = false;
let answering = [];        // each request still unanswered on this connection: null (a game's), or { chat: its text }
let held = null;           // a request made while not connected, sent once the connection opens (the server
                           // refuses it, saying why, if the position moved on meanwhile: it carries its version)

// A phone (narrower than 600 px) is sent the board as the game draws it for a phone.
const phoneScreen = matchMedia("(max-width: 599px)");
const phone = () => phoneScreen.matches;
if (state.svg_phone && phone()) { state.svg = state.svg_phone; state.svg_id = null; }  // (an update names the phone's)

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams();
  if (secret) query.set("secret", secret);
  if (phone()) query.set("layout", "phone");
  const link = `${scheme}://${location.host}/ws/t/${tableId}${query.size ? `?${query}` : ""}`;
  const opened = new WebSocket(link);
  socket = opened;
  opened.onopen = () => {
    retry = 500; answering = []; root.dataset.connected = "yes";
    if (held) { opened.send(held); answering.push(null); held = null; say(""); }
  };
  opened.onmessage = (event) => { if (socket === opened) receive(JSON.parse(event.data)); };
  opened.onclose = (event) => {
    if (socket !== opened) return;  // replaced on purpose (the screen changed size)
    root.dataset.connected = "no";
    answering = []; deciding = null;  // the answers to what this connection asked will not come
    if (event.code === 4403 || event.code === 4404) {  // this link no longer holds a seat (moved elsewhere)
      say(event.reason || "This link no longer opens a seat of this table.");
      return;
    }
    if (event.code === 4429) {  // as many spectators without a profile as the table takes: try again later
      say(event.reason);
      setTimeout(connect, 30000);
      return;
    }
    setTimeout(connect, retry);  // reconnecting restores the seat: the server sends the whole position again
    retry = Math.min(retry * 2, 8000);
  };
}
// turned between a phone's width and a wider one: the other drawing of the board is asked for
phoneScreen.addEventListener("change", () => {
  resync();
  if (replaying) replay(replaying.step);
  showResult();
});

// An update may send the board as what changed since the board this page shows (web/patches.py): pieces of text
// and spans of the board before; and the log as the lines added since the log it shows (web/messages.py). A page
// showing another board or log than the one named takes the whole position anew.
function patched(message) {
  if (message.log_patch) {
    const { from, added, keep } = message.log_patch;
    if (from !== state.log_total || !Array.isArray(state.log)) return false;
    message.log = state.log.concat(added).slice(-keep);
    delete message.log_patch;
  }
  if (!message.svg_patch) return true;
  const { from, ops } = message.svg_patch;
  if (from !== state.svg_id || typeof state.svg !== "string") return false;
  const before = state.svg;
  message.svg = ops.map((op) => (typeof op === "string" ? op : before.slice(op[0], op[1]))).join("");
  delete message.svg_patch;
  return true;
}

function resync() {
  const old = socket;
  socket = null;
  if (old) old.close();
  connect();  // joining sends the whole position
}

function receive(message) {
  if (message.type === "state") {
    if (!patched(message)) { resync(); return; }
    if (message.version < state.version) return;  // an update overtaken by a newer one
    const before = state;
    state = message; shownAt = Date.now();
    if (deciding !== null && state.version !== deciding) deciding = null;
    show(before);
  }
  else if (message.type === "presence") {
    const changed = JSON.stringify(message.connected) !== JSON.stringify(state.connected);
    state.connected = message.connected;
    if (changed) showPanels();  // (redrawn only when someone came or went)
  }
  else if (message.type === "chat") { receiveChat(message); }
  else if (message.type === "ok" || message.type === "error") {
    // the server answers a connection's requests in the order they came: the oldest unanswered one is answered
    const asked = answering.shift();
    if (asked && asked.chat !== undefined) chatAnswered(asked.chat, message);
    else if (message.type === "error") { ownMove = false; deciding = null; say(message.message); }
    else say("");
  }
}

function say(text) {
  $("message").textContent = text;
  $("message").hidden = !text;
}

function send(request) {
  const message = JSON.stringify({ ...request, version: state.version });
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    held = message;
    say("Not connected yet: this will be sent as soon as the connection is back.");
    return;
  }
  socket.send(message);
  answering.push(null);
}

function act(action) {
  closeChooser();
  // one decision per position: a second click (a double click) before the answer comes asks nothing more
  if (deciding === state.version) return;
  deciding = state.version;
  ownMove = true;
  send({ type: "act", action });
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function labelOf(text) {
  const index = state.legal.indexOf(text);
  return index >= 0 && state.labels[index] ? state.labels[index] : text;
}

function actionButton(text, className) {
  const button = element("button", className);
  button.dataset.action = text;
  button.append(element("span", "label", labelOf(text)), " ", element("code", "notation", text));
  button.onclick = () => act(text);
  return button;
}

const seatName = (seat) => (state.seats[seat] ? state.seats[seat].name : `Player ${seat + 1}`);

// --- the whole position ---------------------------------------------------------------------------------------
function show(before) {
  const own = ownMove && Boolean(before) && before.version !== state.version;
  if (own) ownMove = false;
  root.dataset.version = state.version;
  if (!spectator && state.seats[state.seat]) $("who").textContent = seatName(state.seat);
  document.title = (state.mine ? "▶ Your turn — " : "") + state.title;
  $("step").max = state.steps;
  if (!replaying) {
    $("prompt").textContent = state.prompt;
    $("prompt").classList.toggle("mine", Boolean(state.mine));
    $("status").textContent = state.status;
    // the status line shows only what the prompt does not already say ("Your move" is "Your turn: ...")
    $("status").classList.toggle("echo", state.prompt.startsWith(state.status) || (state.mine && state.status === "Your move"));
    $("board").innerHTML = state.svg || "";
    markTargets();
    markRecent(before, own);
    $("step").value = state.steps;
    showLog(before);
  }
  if (!spectator) {
    $("moves-box").hidden = state.finished || Boolean(replaying);  // nothing left to decide: the result says the rest
    const legal = $("legal");
    legal.replaceChildren(...state.legal.map((text) => actionButton(text, "action")));
    if (!state.legal.length) legal.textContent = state.finished ? "(the game is over)" : "(waiting for your turn)";
    $("undo").disabled = !state.can_undo;
    $("hint").hidden = !state.hints;
    $("rules-hint").hidden = !state.rules_link;
    if (state.rules_link) $("rules-hint").href = state.rules_link;
    if (!state.hints) $("hint-text").hidden = true;  // a suggestion holds only until the decision is made
  }
  $("notes").replaceChildren(...state.notes.map((line) => element("li", "", line)));
  $("download").hidden = !state.finished;
  showPanels();
  showResult();
  fitBoard();
  if (before && before.version !== state.version && state.mine && !before.mine) yourTurn();
  if (state.again && !joining) join(state.again);
}

// On a laptop the board is fitted into the window's height under the prompt and the moves (never smaller than a
// readable size; the zoom buttons enlarge it). On a wide one, while the seat has moves to choose from, the moves
// stand beside the board (table.css), which then fills the height under the prompt, or the width the moves leave.
const BOARD_LEAST = 420;  // CSS px
const MOVES_LEAST = 240;  // CSS px: the moves' column beside the board, at least
const MOVES_ABOVE = 180;  // CSS px: the moves' height above the board (table.css: .legal's 7.6rem, then the tools)
const wideScreen = matchMedia("(min-width: 900px)");
function fitBoard() {
  const side = document.querySelector(".side");
  const play = document.querySelector(".play");
  if (phone()) {
    play.style.removeProperty("--board-room");
    side.style.removeProperty("--side-room");
    return;
  }
  const below = $("board").parentElement.querySelector(".replay-controls").offsetHeight + 12;
  const moves = document.getElementById("moves-box");
  const svg = $("board").querySelector("svg");
  const box = svg && svg.viewBox.baseVal;
  let beside = false;
  if (wideScreen.matches && moves && !moves.hidden && box && box.width && box.height) {
    // the moves' row starts where the board would start beside them; above it, they take about this much height
    const row = moves.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - row - below;
    const widest = play.clientWidth - MOVES_LEAST - 14;  // (the column gap, and the board's border)
    const ratio = box.width / box.height;
    const width = Math.floor(Math.min(widest, room * ratio));
    const above = Math.min(play.clientWidth, (room - MOVES_ABOVE) * ratio);
    // (a board whose shape changes during the game, as Nut's layouts grow, changes sides only for a clear gain)
    beside = play.classList.contains("beside") ? width * 1.1 > above : width > above * 1.1;
    play.style.setProperty("--board-w", `${width}px`);
    play.style.setProperty("--moves-least", `${MOVES_LEAST}px`);
  }
  play.classList.toggle("beside", beside);
  const top = $("board").getBoundingClientRect().top + window.scrollY;
  play.style.setProperty("--board-room", `${Math.max(BOARD_LEAST, window.innerHeight - top - below)}px`);
  // the side column ends at the window's bottom at scroll 0 (it stays in view when the page scrolls)
  const sideTop = side.getBoundingClientRect().top + window.scrollY;
  side.style.setProperty("--side-room", `${Math.max(320, window.innerHeight - sideTop - 8)}px`);
  $("log").scrollTop = $("log").scrollHeight;  // (its height may have changed: the newest line stays in view)
}
window.addEventListener("resize", fitBoard);

function showLog(before, lines = state.log, total = state.log_total) {
  // numbers count the whole game, however much is shown; the lines since the last update are marked new and the
  // newest line is highlighted (what just happened is told here and marked on the board, never drawn over it)
  const first = total - lines.length + 1;
  const seenUpTo = before ? before.log_total : total;
  $("log").start = first;
  $("log").replaceChildren(...lines.map((line, index) => element("li", first + index > seenUpTo && before ? "new" : "", line)));
  $("log").scrollTop = $("log").scrollHeight;
  $("latest").textContent = lines.length ? lines[lines.length - 1] : "";
}

// --- what just happened -----------------------------------------------------------------------------------
function placeName(node) {
  return [...node.attributes].find((a) => a.name.startsWith("data-") && !["data-state", "data-action", "data-actions"].includes(a.name));
}

function places(container) {
  const states = new Map();
  for (const node of container.querySelectorAll("[data-state]")) {
    const name = placeName(node);
    if (name) states.set(`${name.name}=${name.value}`, node.dataset.state);
  }
  return states;
}

function markRecent(before, own) {
  // A seat sees what changed since its own last decision; a spectator what the last change did.
  if (spectator) {
    if (before) mark(places(previousBoard(before)));
    return;
  }
  if (baseline === null || own) { baseline = places($("board")); root.dataset.recent = "0"; return; }
  mark(baseline);
}

function mark(earlier) {
  const changed = [];
  for (const node of $("board").querySelectorAll("[data-state]")) {
    const name = placeName(node);
    const key = name ? `${name.name}=${name.value}` : null;
    if (key && earlier.has(key) && earlier.get(key) !== node.dataset.state) changed.push(node);
  }
  for (const node of changed) node.classList.add("recent");
  ringAll(changed, "recent-ring");
  root.dataset.recent = String(changed.length);
}

function previousBoard(before) {
  const holder = document.createElement("div");
  holder.innerHTML = before.svg || "";
  return holder;
}

function yourTurn() {
  if (!$("notify") || !$("notify").checked || !document.hidden) return;
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = 660;
    tone.connect(audio.destination);
    tone.start(); tone.stop(audio.currentTime + 0.15);
  } catch (error) { /* no sound on this device */ }
  if (window.Notification && Notification.permission === "granted") new Notification(`${state.title}: your turn`, { body: state.prompt });
}

// --- the board and the chooser ----------------------------------------------------------------------------
// On a touch screen or a narrow one, a tap picks the one place under the finger (or the nearest within reach) and
// offers that place's actions in a chooser of big buttons (tap, then choose); the place is previewed meanwhile.
const coarse = () => matchMedia("(pointer: coarse), (max-width: 599px)").matches;
const REACH = 24;  // CSS px around a tap within which a place counts as meant, when none is under the finger

function placeAt(x, y) {
  let best = null;
  let bestDistance = Infinity;
  for (const target of $("board").querySelectorAll(".clickable")) {
    const box = target.getBoundingClientRect();
    const dx = Math.max(box.left - x, 0, x - box.right);
    const dy = Math.max(box.top - y, 0, y - box.bottom);
    // under the finger: the place whose centre is nearest; else the nearest edge within reach
    const distance = dx || dy ? Math.hypot(dx, dy) : -1 / (1 + Math.hypot(x - (box.left + box.right) / 2, y - (box.top + box.bottom) / 2));
    if (distance <= REACH && distance < bestDistance) { best = target; bestDistance = distance; }
  }
  return best;
}

ringFocus($("board"));
$("board").addEventListener("click", (event) => {
  if (!coarse() || replaying) return;
  event.stopPropagation();
  const place = placeAt(event.clientX, event.clientY);
  if (!place) return;
  const actions = place.dataset.open.split("|");
  place.classList.add("previewing");
  openChooser(actions, event.pageX, event.pageY);
}, true);

let zoom = 1;
function setZoom(value) {
  zoom = Math.max(1, Math.min(4, value));
  $("board").style.setProperty("--zoom", String(zoom));
  $("board").classList.toggle("zoomed", zoom > 1);
}
$("zoom-in").onclick = () => setZoom(zoom * 1.5);
$("zoom-out").onclick = () => setZoom(zoom / 1.5);

function markTargets() {
  for (const target of $("board").querySelectorAll(".target")) {
    const texts = target.dataset.actions ? target.dataset.actions.split("|") : [target.dataset.action];
    const open = texts.filter((text) => state.legal.includes(text));
    if (!open.length) continue;
    target.classList.add("clickable");
    target.dataset.open = open.join("|");
    if (!coarse()) {  // on a touch screen the board is tapped by place, and the move list takes the keyboard
      target.setAttribute("tabindex", "0");
      target.setAttribute("role", "button");
    }
    const choose = (x, y) => { if (open.length === 1) act(open[0]); else openChooser(open, x, y); };
    target.addEventListener("click", (event) => {
      if (coarse()) return;  // the board's own handler chooses by place
      event.stopPropagation();
      choose(event.pageX, event.pageY);
    });
    target.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      const box = target.getBoundingClientRect();
      choose(box.left + window.scrollX + box.width / 2, box.top + window.scrollY + box.height / 2);
    });
  }
}

function openChooser(texts, x, y) {
  // one place, several actions: a popover at the click names them in words
  const chooser = $("chooser");
  const cancel = element("button", "cancel", "Cancel");
  cancel.onclick = closeChooser;
  chooser.replaceChildren(element("p", "chooser-title", "Choose:"), ...texts.map((text) => actionButton(text, "choice")), cancel);
  chooser.hidden = false;
  const width = Math.min(360, document.documentElement.clientWidth - 16);
  chooser.style.width = `${width}px`;
  chooser.style.left = `${Math.max(8, Math.min(x + 8, window.scrollX + document.documentElement.clientWidth - width - 8))}px`;
  chooser.style.top = `${y + 8}px`;
  chooser.querySelector("button").focus();
}

function closeChooser() {
  $("chooser").hidden = true;
  $("board").querySelectorAll(".previewing").forEach((target) => target.classList.remove("previewing"));
}
document.addEventListener("keydown", (event) => { if (event.key === "Escape") closeChooser(); });
document.addEventListener("click", (event) => { if (!$("chooser").contains(event.target)) closeChooser(); });

// --- every seat's panel -----------------------------------------------------------------------------------
// Beside the board, a compact panel per seat (name, score, turn, what it visibly holds; a seat's own secret cards
// fold under one line). On a phone a strip of the seats stays at the top; a tap on one opens its panel there.
const openCards = new Set();
let stripOpen = null;  // the seat whose panel the phone's strip shows

function shown() { return replaying || state; }  // the position on screen: the live one or a replay's step

function showPanels() {
  const position = shown();
  $("panels").replaceChildren(...position.panels.map((panel) => panelBox(panel, position)));
  showStrip(position);
}

function showStrip(position) {
  const chips = position.panels.map((panel) => {
    const chip = element("button", "strip-seat");
    chip.type = "button";
    chip.dataset.seat = panel.seat;
    const moving = position.to_move === panel.seat && !position.finished;
    chip.classList.toggle("to-move", moving);
    chip.setAttribute("aria-expanded", String(stripOpen === panel.seat));
    const dot = element("span", "dot");
    if (panel.colour) dot.style.background = panel.colour;
    const you = !spectator && panel.seat === state.seat ? " (you)" : "";
    chip.append(dot, element("span", "seat-name", panel.name + you),
      element("span", "seat-score", panel.score === null ? "" : String(panel.score)));
    if (moving) chip.append(element("span", "sr", " (to move)"));
    chip.onclick = () => { stripOpen = stripOpen === panel.seat ? null : panel.seat; showStrip(shown()); };
    return chip;
  });
  $("strip-seats").replaceChildren(...chips);
  const open = position.panels.find((panel) => panel.seat === stripOpen);
  $("strip-panel").hidden = !open;
  $("strip-panel").replaceChildren(...(open ? [panelBox(open, position)] : []));
}

function panelBox(panel, position) {
  const seat = state.seats[panel.seat];
  const mine = !spectator && panel.seat === state.seat;
  const here = state.connected ? state.connected[panel.seat] : false;
  const moving = position.to_move === panel.seat && !position.finished;
  const box = element("article", "panel");
  box.dataset.seat = panel.seat;
  box.classList.toggle("to-move", moving);
  box.classList.toggle("mine", mine);
  const head = element("header");
  const dot = element("span", "dot");
  if (panel.colour) dot.style.background = panel.colour;
  const who = seat.kind === "human"
    ? (here ? "here" : seat.joined ? "away" : "not joined yet")
    : seat.human ? "a bot plays for them" : "";
  head.append(dot, element("strong", "name", panel.name + (mine ? " (you)" : "")));
  if (who) head.append(element("span", "who", who));
  if (moving) head.append(element("span", "turn", "to move"));
  head.append(element("span", "score", panel.score === null ? "" : `Score: ${panel.score}`));
  if (moving && !replaying && timeLeft() !== null) head.append(element("span", "clock", clockText(" left to decide")));
  box.append(head);
  if (panel.holds.length) {
    const list = element("dl", "holds");
    for (const [what, much] of panel.holds) list.append(element("dt", "", what), element("dd", "", much));
    box.append(list);
  }
  if (panel.cards.length) {
    const cards = element("details", "cards");
    cards.open = openCards.has(panel.seat);
    cards.ontoggle = () => { if (cards.open) openCards.add(panel.seat); else openCards.delete(panel.seat); };
    cards.append(element("summary", "", `${mine ? "Your" : "Their"} secret cards (${panel.cards.length}): ${panel.cards.map((card) => card.title).join("; ")}`));
    for (const card of panel.cards) {
      const item = element("div", "card");
      item.append(element("strong", "", card.title), element("p", "", card.text));
      cards.append(item);
    }
    box.append(cards);
  }
  const control = replaying ? null : seatControl(panel.seat, seat, mine, here);
  if (mine) {  // one's own: handing it to a bot in the tools' menu, taking it back first among the tools
    const handed = seat.kind !== "human";
    $("own-seat-control").replaceChildren(...(control && !handed ? [control] : []));
    $("take-back-slot").replaceChildren(...(control && handed ? [control] : []));
  } else if (control) box.append(control);
  return box;
}

function seatControl(number, seat, mine, here) {
  if (spectator || state.finished || !seat.human) return null;
  const button = element("button", "seat-control");
  // a rival's seat only while its absent player's turn waits (the server also checks the grace period)
  if (seat.kind === "human" && (mine || (!here && state.to_move === number))) {
    button.textContent = mine ? "Let a bot play for me" : "Hand to a bot";
    button.onclick = () => send({ type: "handover", seat: number, bot: "" });
  } else if (seat.kind !== "human" && mine) {
    button.textContent = "Take my seat back";
    button.id = "take-back";
    button.onclick = () => send({ type: "handover", seat: number, bot: null });
  } else {
    return null;
  }
  return button;
}

// --- the end ------------------------------------------------------------------------------------------------
function showResult() {
  const result = $("result");
  const position = shown();
  const table = position.score_table;
  if (!position.finished || !table) { result.replaceChildren(); return; }
  const names = position.panels.map((panel) => panel.name);
  const winners = table.winners.map((seat) => names[seat]);
  result.replaceChildren(element("h2", "", "Final scores"),
    element("p", "winner", winners.length ? `${winners.join(" and ")} ${winners.length === 1 ? "wins" : "share the win"}` : "A draw"));
  result.append(scoreGrid(table, names));
  if (table.note) result.append(element("p", "note", table.note));
  if (replaying) return;
  if (state.ratings && state.ratings.length) {
    const ratings = element("ul", "ratings");
    ratings.setAttribute("aria-label", "ratings");
    for (const change of state.ratings) {
      const moved = Math.round(change.after) - Math.round(change.before);
      ratings.append(element("li", "", `${names[change.seat]}: rating ${Math.round(change.before)} → ${Math.round(change.after)} (${moved >= 0 ? "+" : ""}${moved})`));
    }
    result.append(element("h3", "", "Ratings"), ratings);
  }
  if (!spectator && !state.again) {
    const again = element("button", "again", "Play again");
    again.id = "again";
    again.onclick = async () => {
      const response = await fetch(`/api/t/${tableId}/again`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ secret, version: state.version }),
      });
      if (!response.ok) say((await response.json()).error);
    };
    result.append(again);
  } else if (spectator && state.again) {
    const watch = element("a", "button", "Watch the next game");
    watch.href = state.again;
    result.append(watch);
  }
  if (reviewable()) {  // what each player could have done better: the review's page (web/reviews.py)
    const review = element("a", "button secondary", "Review this game");
    review.id = "review-game";
    review.href = `/t/${tableId}/review`;
    result.append(review);
  }
  const as = $("replay-as");
  if (!as.options.length) {
    const mineLabel = spectator ? "the spectators' view" : "your view";
    as.replaceChildren(...[["", mineLabel], ...state.seats.map((s) => [String(s.seat), `as ${s.name}`])].map(([value, label]) => {
      const option = element("option", "", label); option.value = value; return option;
    }));
  }
  as.hidden = false;
}

function scoreGrid(table, names) {
  // a row per player; on a phone, a column per player (the score's parts read down, none squeezed)
  const grid = element("table", "score-table");
  grid.tabIndex = 0;  // it may scroll sideways: the keyboard must reach it too
  grid.setAttribute("aria-label", "final scores");
  const star = (seat) => names[seat] + (table.winners.includes(seat) ? " ★" : "");
  if (phone()) {
    const head = element("tr");
    head.append(element("th", "", ""), ...table.rows.map((_, seat) => element("th", table.winners.includes(seat) ? "won" : "", star(seat))));
    grid.append(head);
    table.columns.forEach((column, index) => {
      const line = element("tr");
      line.append(element("th", "", column), ...table.rows.map((row) => element("td", "", row[index])));
      grid.append(line);
    });
    return grid;
  }
  const head = element("tr");
  head.append(element("th", "", "Player"), ...table.columns.map((column) => element("th", "", column)));
  grid.append(head);
  table.rows.forEach((row, seat) => {
    const line = element("tr", table.winners.includes(seat) ? "won" : "");
    line.append(element("th", "", star(seat)), ...row.map((cell) => element("td", "", cell)));
    grid.append(line);
  });
  return grid;
}

async function join(link) {
  // "Play again": this seat's own invitation to the next table; taking it moves this page there
  if (spectator) return;
  joining = true;
  say("A new game is starting: taking your seat there…");
  const response = await fetch(link, { method: "POST" });
  if (response.ok && response.url.includes("/seat/")) location.assign(response.url);
  else joining = false;
}

// A game played to its end (not one stopped by a forfeit) can be reviewed.
const reviewable = () => state.finished && state.winners !== null && state.winners !== undefined;

// --- replays ------------------------------------------------------------------------------------------------
// A step of the game as it was: its board, prompt, panels, scores and log, from the chosen point of view.
async function replay(step) {
  step = Math.max(0, Math.min(Number($("step").max), step));
  $("step").value = step;
  if (step === Number($("step").max) && !$("replay-as").value) { live(); return; }
  const params = new URLSearchParams({ step: String(step) });
  if (secret) params.set("secret", secret);
  if ($("replay-as").value) params.set("as", $("replay-as").value);
  if (phone()) params.set("layout", "phone");
  const response = await fetch(`/api/t/${tableId}/replay?${params}`);
  const message = await response.json();
  if (!response.ok) { say(message.error); return; }
  replaying = message;
  closeChooser();
  $("board").innerHTML = message.svg || "";
  $("replay-label").textContent = `Replay: step ${message.step} of ${message.steps}`;
  $("replay-bar").hidden = false;
  $("replay-review").hidden = !reviewable();
  root.dataset.replaying = "yes";
  $("prompt").textContent = message.prompt;
  $("prompt").classList.remove("mine");
  $("status").textContent = `Replay, step ${message.step} of ${message.steps}`;
  $("status").classList.add("echo");
  showLog(null, message.log, message.log.length);
  if (!spectator) $("moves-box").hidden = true;
  showPanels();
  showResult();
}

function live() {
  replaying = null;
  root.dataset.replaying = "no";
  $("replay-bar").hidden = true;
  show(null);
}

async function saveName(name) {
  const response = await fetch(`/api/t/${tableId}/name`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ secret, version: state.version, name }),
  });
  if (!response.ok) { say((await response.json()).error); return false; }
  localStorage.setItem("nutbox-name", name);
  $("name-box").hidden = true;
  return true;
}

// The creator who took a seat lands here with the invitations' page in the link's fragment (never sent to the
// server): the page keeps it a click away.
const INVITES = `nutbox-invitations-${tableId}`;
if (location.hash.startsWith("#invitations=/t/")) {
  localStorage.setItem(INVITES, location.hash.slice("#invitations=".length));
  history.replaceState(null, "", location.pathname + location.search);
}
if (!spectator && localStorage.getItem(INVITES)) {
  $("invites-link").href = localStorage.getItem(INVITES);
  $("invites-link").hidden = false;
}

if (!spectator) {
  // a person is asked their name once; the browser remembers it for the next table
  const remembered = localStorage.getItem("nutbox-name");
  if (!state.named && remembered) saveName(remembered);
  $("name-input").value = remembered || "";
  $("name-box").onsubmit = (event) => { event.preventDefault(); if ($("name-input").value.trim()) saveName($("name-input").value.trim()); };
  $("undo").onclick = () => send({ type: "undo" });
  $("hint").onclick = async () => {
    const response = await fetch(`/api/t/${tableId}/hint`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ secret }),
    });
    const answer = await response.json();
    $("hint-text").textContent = response.ok ? `A suggestion: ${answer.label}` : answer.error;
    $("hint-text").hidden = false;
  };
  $("notify").checked = localStorage.getItem("nutbox-notify") === "yes";
  $("notify").onchange = () => {
    localStorage.setItem("nutbox-notify", $("notify").checked ? "yes" : "no");
    if ($("notify").checked && window.Notification && Notification.permission === "default") Notification.requestPermission();
  };
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

// --- the turn clock -------------------------------------------------------------------------------------------
// Counted down from the deadline the server set, in the server's time. A turn-based table gives days to decide:
// the clock then reads "2 days 3 h left", and seconds only show in the last minutes.
function timeLeft() {
  if (!state.deadline || state.finished) return null;
  return Math.max(0, Math.round(state.deadline - (state.server_time + (Date.now() - shownAt) / 1000)));
}

function duration(seconds) {
  const days = Math.floor(seconds / 86400), hours = Math.floor(seconds % 86400 / 3600);
  const minutes = Math.floor(seconds % 3600 / 60), rest = seconds % 60;
  if (days) return `${days} ${days === 1 ? "day" : "days"}${hours ? ` ${hours} h` : ""}`;
  if (hours) return `${hours} h${minutes ? ` ${minutes} min` : ""}`;
  if (minutes >= 10) return `${minutes} min`;
  if (minutes) return `${minutes} min${rest ? ` ${rest} s` : ""}`;
  return `${rest} s`;
}

function clockText(ending) {
  const left = timeLeft();
  return left === null ? "" : `${duration(left)}${ending}`;
}

// (written only when it changes: the same text written again still lays the page out anew, twice a second)
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function tick() {
  $("timer").hidden = timeLeft() === null;
  setText($("timer"), clockText(" left for this decision"));
  for (const clock of $("panels").querySelectorAll(".clock")) setText(clock, clockText(" left to decide"));
}
setInterval(tick, 500);

// --- chat -------------------------------------------------------------------------------------------------------
// The seats talk among themselves; spectators read the seats and talk among themselves. A line is shown exactly as
// typed (textContent, never markup). "Mute chat" holds back the lines that arrive meanwhile, remembered per browser.
const MUTE = "nutbox-mute-chat";
const KEPT = 500;            // lines kept on the page; the oldest go first
let chatLines = [];          // what this page may read, oldest first (ids grow)
let chatLoaded = false;      // the first lines arrived (a later reset is a reconnection: lines it brings are new)
let chatMuted = localStorage.getItem(MUTE) === "yes";
let heldAfter = -Infinity;   // while muted, lines after this id are held back (all of them after a muted page load)
let unread = 0;              // lines shown while the chat was collapsed or scrolled out of sight
let chatOnScreen = false;

const ownLine = (line) => !spectator && line.channel === "seats" && line.seat === state.seat;
const shownLine = (line) => !chatMuted || line.id <= heldAfter || ownLine(line);

function receiveChat(message) {
  const list = $("chat-lines");
  const wasAtBottom = atBottom();
  const known = new Set(chatLines.map((line) => line.id));
  const fresh = message.lines.filter((line) => !known.has(line.id));
  chatLines = (message.reset ? message.lines : chatLines.concat(fresh)).slice(-KEPT);
  if (message.reset) chatVoice(message.say, message.why_not);
  $("chat").hidden = false;
  syncChat();
  if (chatLoaded) unread += fresh.filter((line) => shownLine(line) && !ownLine(line)).length;
  if (!chatLoaded || wasAtBottom || fresh.some(ownLine)) list.scrollTop = list.scrollHeight;
  chatLoaded = true;
  seenChat();
}

function chatVoice(channel, whyNot) {
  // where this page's lines go, or why it cannot write
  $("chat-form").hidden = !channel;
  $("chat-label").textContent = channel === "spectators" ? "Message to the other spectators" : "Message to the other players";
  $("chat-why-not").replaceChildren(...(channel ? [] : withLinks(sentence(whyNot || "chat is closed here"))));
  $("chat-why-not").hidden = Boolean(channel);
}

const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");

function withLinks(text) {
  // a path the server names in its explanation, such as "(/profile)", becomes a link (the server's words, as text)
  return text.split(/(?<=^|[\s(])(\/[a-z][a-z/-]*)/).map((part, index) => {
    if (index % 2 === 0) return part;
    const link = element("a", "", part);
    link.href = part;
    return link;
  });
}

function chatLine(line) {
  const item = element("p", `chat-line${line.channel === "spectators" ? " spectators" : ""}${ownLine(line) ? " mine" : ""}`);
  item.dataset.id = String(line.id);
  const when = new Date(line.time * 1000);
  const time = element("time", "", when.toDateString() === new Date().toDateString()
    ? when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
    : when.toLocaleDateString([], { month: "short", day: "numeric" }));
  time.dateTime = when.toISOString();
  item.append(time, " ");
  if (line.channel === "spectators") item.append(element("span", "channel", "(spectators)"), " ");
  item.append(element("strong", "author", line.author + (ownLine(line) ? " (you)" : "")), ": ", element("span", "text", line.text));
  return item;
}

function syncChat() {
  // the list shows what is not held back; nodes already shown stay (a screen reader reads only what is added)
  const list = $("chat-lines");
  const wanted = chatLines.filter(shownLine);
  const ids = new Set(wanted.map((line) => String(line.id)));
  for (const node of [...list.children]) if (!ids.has(node.dataset.id)) node.remove();
  let next = list.firstElementChild;
  for (const line of wanted) {
    if (next && next.dataset.id === String(line.id)) { next = next.nextElementSibling; continue; }
    list.insertBefore(chatLine(line), next);
  }
  const held = chatLines.length - wanted.length;
  $("chat-muted").textContent = held ? `Chat muted — ${held} new ${held === 1 ? "line" : "lines"}` : "Chat muted";
  $("chat-muted").hidden = !chatMuted;
  $("chat-mute").setAttribute("aria-pressed", String(chatMuted));
}

function atBottom() {
  const list = $("chat-lines");
  return list.scrollHeight - list.scrollTop - list.clientHeight < 8;
}

function chatOpen() { return $("chat-toggle").getAttribute("aria-expanded") === "true"; }

function seenChat() {
  // the count of lines not yet seen: cleared once the newest line is on screen
  if (chatOpen() && chatOnScreen && atBottom() && !document.hidden) unread = 0;
  $("chat-unread").textContent = `(${unread} new)`;
  $("chat-unread").hidden = !unread;
  $("chat-jump").textContent = `${unread} new ${unread === 1 ? "line" : "lines"} in the chat`;
  $("chat-jump").hidden = !unread || chatOnScreen;
}

function chatAnswered(text, answer) {
  // a line stays in the box until it is said: a refused one stays there, with the reason beside it
  $("chat-error").hidden = answer.type !== "error";
  $("chat-error").textContent = answer.type === "error" ? answer.message : "";
  if (answer.type === "ok" && $("chat-input").value.trim() === text) $("chat-input").value = "";
}

async function sendChat(text) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type: "chat", text }));
    answering.push({ chat: text });
    return;
  }
  const response = await fetch(`/api/t/${tableId}/chat`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ secret, text }),
  });
  const answer = await response.json().catch(() => ({}));
  chatAnswered(text, response.ok ? { type: "ok" } : { type: "error", message: answer.error || "the line was not sent" });
}

$("chat-form").onsubmit = (event) => {
  event.preventDefault();
  const text = $("chat-input").value.trim();
  if (text && !answering.some((asked) => asked && asked.chat === text)) sendChat(text);  // (Enter pressed twice says it once)
};
$("chat-mute").onclick = () => {
  chatMuted = !chatMuted;
  localStorage.setItem(MUTE, chatMuted ? "yes" : "no");
  if (chatMuted) heldAfter = chatLines.length ? chatLines[chatLines.length - 1].id : -Infinity;
  syncChat();
  if (!chatMuted) $("chat-lines").scrollTop = $("chat-lines").scrollHeight;
  seenChat();
};
$("chat-toggle").onclick = () => {
  $("chat-toggle").setAttribute("aria-expanded", String(!chatOpen()));
  $("chat-body").hidden = !chatOpen();
  if (chatOpen()) $("chat-lines").scrollTop = $("chat-lines").scrollHeight;
  seenChat();
};
$("chat-jump").onclick = () => {
  if (!chatOpen()) $("chat-toggle").click();
  $("chat-lines").scrollTop = $("chat-lines").scrollHeight;
};
$("chat-lines").addEventListener("scroll", seenChat);
document.addEventListener("visibilitychange", seenChat);
new IntersectionObserver((entries) => {
  chatOnScreen = entries[entries.length - 1].isIntersecting;
  seenChat();
}, { threshold: 0.5 }).observe($("chat-lines"));

show(null);
tick();
connect();
