// Rings around places on a game's SVG board: what changed since a seat's last decision (the table), the decision a
// tutorial step expects, the move made and the better one (a review), and the place the keyboard is on.
//
// Why not CSS outlines: Chromium draws an SVG element's outline as a box that is neither where nor as large as the
// element (off by up to a fifth of a hexagon on the boards here), so a mark appeared to sit on a neighbouring place.
// A ring is a copy of the place's own first shape (a cell's hexagon, a card's rectangle), stroked and laid over the
// board in the board's own coordinates, so it follows the place exactly at any size and zoom.
"use strict";

const RING_SHAPES = "polygon, rect, circle, ellipse, path";
const RING_DROPPED = ["id", "class", "style", "fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray",
  "stroke-opacity", "opacity", "filter", "transform", "pointer-events", "tabindex", "role", "aria-label"];

// Ring each of `places` (elements of SVG boards) with the class `kind`; the number ringed. Every ring is worked out
// before any is added, as adding one would make the browser lay the board out again for the next.
function ringAll(places, kind) {
  const rings = [...places].map((place) => ringFor(place, kind)).filter((ring) => ring !== null);
  for (const ring of rings) ring.board.appendChild(ring);
  return rings.length;
}

// A ring for `place` with the class `kind`, not yet added to its board (`ring.board`): its first shape, or for a place
// drawn without one (text alone) its box. Null while the board is not shown (the place keeps its class's glow).
function ringFor(place, kind) {
  const board = place.ownerSVGElement;
  const shape = place.matches(RING_SHAPES) ? place : place.querySelector(RING_SHAPES);
  const outer = board && board.getScreenCTM();
  const inner = (shape || place).getScreenCTM();
  if (!outer || !inner) return null;
  let ring;
  if (shape) {
    ring = shape.cloneNode(false);
    for (const name of RING_DROPPED) ring.removeAttribute(name);
  } else {
    const box = place.getBBox();
    ring = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    for (const [name, value] of Object.entries({ x: box.x, y: box.y, width: box.width, height: box.height })) {
      ring.setAttribute(name, String(value));
    }
  }
  const m = outer.inverse().multiply(inner);  // the shape's coordinates in the board's
  ring.setAttribute("transform", `matrix(${m.a} ${m.b} ${m.c} ${m.d} ${m.e} ${m.f})`);
  ring.setAttribute("class", `ring ${kind}`);
  ring.setAttribute("aria-hidden", "true");
  ring.board = board;
  return ring;
}

// The keyboard's place on a board: ringed while focused (board is the element holding the SVG).
function ringFocus(board) {
  board.addEventListener("focusin", (event) => {
    if (event.target.ownerSVGElement) ringAll([event.target], "focus-ring");
  });
  board.addEventListener("focusout", () => {
    for (const ring of board.querySelectorAll(".focus-ring")) ring.remove();
  });
}
