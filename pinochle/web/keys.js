// Keyboard play at the table.
//
// - Your hand is one tab stop (a roving tabindex): the arrow keys move between
//   the cards, Home and End jump to the first and the last, Enter or Space
//   plays the card focused (a card that cannot be played is sent anyway, and
//   the server's answer says why, as for a click).
// - Focus always lands somewhere sensible: when your turn starts, on the bid
//   button, the first trump button or a playable card; when the element that
//   had the focus is replaced by a render (your card was played, the bid
//   buttons went away) or a dialog closes onto nothing, on the same place again
//   (a playable card when it is your turn, otherwise the hand).
// - The hand's keys are described to screen readers once, when the focus
//   enters the hand (#hand-hint).
// - Tab goes round inside an open modal dialog, never out of it.
// Plain ES module, no dependencies.

let handIndex = 0; // the hand's tab stop, by position
let lastFocused = null; // the element that last had the focus
let lastTurnKey = null; // the view version of the last render that offered you a move

const $ = (id) => document.getElementById(id);
const handCards = () => [...document.querySelectorAll("#hand button.card")];
const tableShown = () => document.body.dataset.screen === "table";
const dialogOpen = () => Boolean(document.querySelector("dialog[open]"));

/** Add (or take away) the description `id` of `el`, keeping its others (a hint's reason, views/hint.js). */
function describe(el, id, on) {
  const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((x) => x && x !== id);
  if (on) ids.unshift(id);
  if (ids.length) el.setAttribute("aria-describedby", ids.join(" "));
  else el.removeAttribute("aria-describedby");
}

function focusEl(el) {
  if (!el) return false;
  el.focus({ preventScroll: true });
  return document.activeElement === el;
}

/** Make card `i` the hand's only tab stop. */
function setStop(cards, i) {
  cards.forEach((c, j) => c.setAttribute("tabindex", j === i ? "0" : "-1"));
}

/**
 * The hand's tab stop: the card focused, else the remembered place. With
 * `playable` (your turn to play), a playable card: the nearest one to the right
 * of that place, else to its left.
 */
function syncHand(playable = false) {
  const cards = handCards();
  if (!cards.length) return null;
  const active = cards.indexOf(document.activeElement);
  let i = active >= 0 ? active : Math.min(handIndex, cards.length - 1);
  const mustPlay = $("hand").classList.contains("my-play");
  if ((playable || active < 0) && mustPlay && cards[i].dataset.legal !== "true") {
    const ok = (c) => c.dataset.legal === "true";
    const right = cards.findIndex((c, j) => j > i && ok(c));
    const left = cards.findLastIndex((c, j) => j < i && ok(c));
    if (right >= 0) i = right;
    else if (left >= 0) i = left;
  }
  setStop(cards, i);
  return cards[i];
}

/** Where the focus goes when it has nowhere to be: your move's main control, else the hand. */
function sensibleTarget() {
  const legal = document.body.dataset.legal || "";
  const byId = (id) => document.querySelector(`#controls [data-testid="${id}"]:not(:disabled)`);
  let el = null;
  if (legal.includes("bid")) el = byId("bid-button");
  if (!el && legal.includes("pass")) el = byId("pass-button");
  if (!el && legal.includes("trump")) el = document.querySelector("#controls .suit-btn:not(:disabled)");
  if (!el && legal.includes("deal")) el = byId("next-hand-inline");
  // the declarer's choice after the pass or the meld (racehorse): "Play it out", the default, over the hand
  if (!el && legal.includes("play_on")) el = byId("play-on");
  // two-handed: the Meld choice after a trick won (its first meld, else the dix, else "No meld")
  if (!el) el = document.querySelector("#controls .meld-choice button:not(:disabled)");
  if (!el) el = syncHand(legal === "play");
  if (!el) el = document.querySelector("#controls button:not(:disabled)");
  return el ?? $("hand");
}

/** No element has the focus, or the one that has it is hidden (its screen or dialog closed: the browser drops it soon). */
function focusLost() {
  const a = document.activeElement;
  // the hand with no card left in it (a dialog closed at the hand's end gave the focus back to it) holds nothing
  const emptyHand = a === $("hand") && !handCards().length;
  return !a || a === document.body || a === document.documentElement || a.getClientRects().length === 0 || emptyHand;
}

/** Put the focus back on the table if the element that had it is gone. */
function rescueFocus() {
  if (!tableShown() || dialogOpen() || !focusLost()) return;
  // gone: removed by a render, hidden with its screen, or in a dialog that closed
  const gone = !lastFocused || !lastFocused.isConnected || lastFocused.getClientRects().length === 0
    || Boolean(lastFocused.closest("dialog:not([open])")) || (lastFocused === $("hand") && !handCards().length);
  if (!gone) return;
  focusEl(sensibleTarget());
}

/**
 * Call after every render of the table: keeps the hand's tab stop and moves
 * the focus when your turn starts or when its element was replaced.
 */
export function afterTableRender(v) {
  syncHand();
  if (!v || !tableShown()) return;
  const legal = Object.keys(v.legal ?? {}).sort().join(",");
  const turnKey = legal ? `${v.hand_number}/${v.version}` : null;
  const started = Boolean(turnKey) && turnKey !== lastTurnKey;
  if (turnKey) lastTurnKey = turnKey;
  if (dialogOpen()) return;
  if (started && legal !== "deal") {
    const a = document.activeElement;
    const onTable = focusLost() || $("hand").contains(a) || $("controls").contains(a);
    const goodCard = legal === "play" && a && a.matches?.("#hand button.card") && a.dataset.legal === "true";
    if (onTable && !goodCard) {
      focusEl(sensibleTarget());
      return;
    }
  }
  rescueFocus();
}

function onHandKey(e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const cards = handCards();
  const i = cards.indexOf(document.activeElement);
  if (i < 0) return;
  let j = null;
  switch (e.key) {
    case "ArrowLeft": case "ArrowUp": j = Math.max(0, i - 1); break;
    case "ArrowRight": case "ArrowDown": j = Math.min(cards.length - 1, i + 1); break;
    case "Home": j = 0; break;
    case "End": j = cards.length - 1; break;
    default: return;
  }
  e.preventDefault();
  handIndex = j;
  setStop(cards, j);
  cards[j].focus();
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]):not([type=hidden]), select:not([disabled]), '
  + 'textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round inside an open modal dialog: from its last control to its first and back,
 * never out to the page behind it or the browser's own bar (a modal <dialog> alone lets the focus leave).
 */
function keepInDialog(e) {
  if (e.key !== "Tab" || e.altKey || e.ctrlKey || e.metaKey) return;
  const dialog = [...document.querySelectorAll("dialog[open]")].filter((d) => d.matches(":modal")).pop();
  if (!dialog) return;
  const stops = [...dialog.querySelectorAll(FOCUSABLE)].filter((el) => el.getClientRects().length
    && getComputedStyle(el).visibility !== "hidden" && !el.closest("[hidden], [inert]"));
  if (!stops.length) return;
  const first = stops[0];
  const last = stops[stops.length - 1];
  const at = document.activeElement;
  const inside = dialog.contains(at);
  // before the first stop: the dialog itself or its title (focused on opening, tabindex -1)
  const beforeFirst = inside && !stops.includes(at) && Boolean(at.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING);
  if (e.shiftKey && (!inside || at === first || beforeFirst)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (!inside || at === last)) {
    e.preventDefault();
    first.focus();
  }
}

/** Wire the keyboard: the hand's keys, focus tracking, dialogs returning the focus. */
export function initKeys() {
  const hand = $("hand");
  hand.addEventListener("keydown", onHandKey);
  hand.addEventListener("focusin", (e) => {
    if (e.target === hand) {
      // the skip link lands on the hand: go on to its tab stop
      focusEl(syncHand());
      return;
    }
    const cards = handCards();
    const i = cards.indexOf(e.target);
    if (i < 0) return;
    handIndex = i;
    setStop(cards, i);
    // say how the hand works once, as the focus comes into it
    const fromOutside = !(e.relatedTarget instanceof Node && hand.contains(e.relatedTarget));
    for (const c of cards) if (c !== e.target) describe(c, "hand-hint", false);
    describe(e.target, "hand-hint", fromOutside && Boolean($("hand-hint")));
  });
  document.addEventListener("focusin", (e) => { lastFocused = e.target; });
  document.addEventListener("keydown", keepInDialog);
  for (const d of document.querySelectorAll("dialog")) {
    // a dialog gives the focus back to where it was; if that is gone, to a sensible place
    d.addEventListener("close", rescueFocus);
  }
  // the hand's summary closed at the hand's end (Close or Escape): the next decision is the next hand
  $("summary-dialog")?.addEventListener("close", () => {
    if (!tableShown() || dialogOpen() || !(document.body.dataset.legal || "").split(",").includes("deal")) return;
    const next = document.querySelector('#controls [data-testid="next-hand-inline"]:not(:disabled)');
    if (next) focusEl(next);
  });
}
