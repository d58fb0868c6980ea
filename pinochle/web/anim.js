// Table animations, and the queue that makes the game flow wait for them.
//
// Every message from the server goes through one queue (createFlow) and is
// handled in order. A `state` message shown at the table is rendered only
// after the animations of the one before it have finished:
//
//   before the render   a completed trick is gathered to its winner's seat
//                       (when the next trick has started)
//   the render          the app's plain render of the state (app.js)
//   after the render    the hand is dealt from the dealer's seat (a new hand:
//                       deal-anim.js), the meld is laid on the felt seat after
//                       seat (felt-anim.js; gathered back to the seats before
//                       the first card), a card played flies
//                       from its seat to the centre (over the felt alone), the
//                       hand closes up, the status line waits for the cards:
//                       until they have landed it says what they show happening
//                       ("North plays K♠.", "You play Q♠.", "West deals…", the
//                       meld being laid: words.js movingText, from the view
//                       drawn), never the view before it (a turn, a choice that
//                       is over) nor the turn to come; and a dialog that opened
//                       (the meld review, the hand summary) slides in, opaque
//                       from the start; at a hand's end the summary opens only
//                       once the last trick has been seen and swept to its winner
//
// The animations are purely presentation: they animate the elements the
// render made (Web Animations API, `element.animate`, awaited through
// `animation.finished`) and leave nothing behind, so the page after them is
// exactly the plain render of the state. Durations are scaled by the pace
// setting (settings.js paceMs: Relaxed 1.5, Normal 1, Fast 0.5).
//
// Reduced motion (the system's prefers-reduced-motion, or the in-app switch,
// shown as data-reduced-motion="true" on <html>): no animation at all, every
// state is rendered at once (and style.css turns CSS animations and
// transitions off). A hidden tab does not animate either.
//
// Hurry: a click or tap on the felt (not on a control), or Escape when no
// dialog is open, finishes the running animations at once and renders the
// states already waiting without animating them. When more than MAX_WAITING
// states are waiting (a fast table, a slow device), the same happens by itself,
// so the table never lags far behind the game.
//
// Every animation made here has an id starting with "pinochle-" (see
// document.getAnimations()).
// Plain ES module, no dependencies but settings.js, dom.js (a card's short name), deal-anim.js and felt-anim.js.

import { applySettings, loadSettings, paceMs, resolvedReducedMotion } from "./settings.js";
import { cardShort } from "./dom.js";
import { animateDeal } from "./deal-anim.js";
import { gatherMelds, layMelds, MELD_MS, noteMeldShown } from "./felt-anim.js";
import { meldEndedHand } from "./views/felt.js";

/** Durations at Normal pace, in ms (the deal's: deal-anim.js DEAL_MS). */
export const BASE_MS = Object.freeze({
  play: 320, // a card from its seat to the centre
  slide: 200, // the hand closing up after your card left it
  show: 700, // a completed trick stays at least this long (from its last card's state) before it is gathered
  gather: 420, // a trick to its winner's seat
  dialog: 260, // a dialog appearing
  meldStagger: 80, // between two seats of the meld review
});

/** More states than this waiting: finish the animations and catch up. */
export const MAX_WAITING = 3;
const SAFETY_MS = 8000; // an animation that never finishes does not hold the game up longer than this
const ID = "pinochle";
const EASE = "cubic-bezier(.2, .7, .2, 1)";

const running = new Set(); // animations made here that have not finished
let lastStateAt = 0; // performance.now() of the last state rendered
let flowRef = null;

// ------------------------------------------------------------------ motion and pace

function settings() {
  try { return loadSettings(); } catch { return {}; }
}

/** Whether movement is left out: the <html> attribute set by applySettings, or the settings themselves. */
export function motionOff() {
  const root = document.documentElement;
  if (root && root.dataset.reducedMotion === "true") return true;
  try { return resolvedReducedMotion(settings()); } catch { return false; }
}

/** An animation's duration in ms at the current pace; 0 under reduced motion. */
export function ms(base) {
  if (motionOff()) return 0;
  const d = paceMs(settings(), base);
  return Number.isFinite(d) && d > 0 ? d : 0;
}

function animating() {
  return !motionOff() && !document.hidden;
}

// ------------------------------------------------------------------ animations

/** Start one animation (if it has a duration and a target in the page) and keep track of it. */
function run(el, keyframes, options, kind) {
  if (!el || !el.isConnected || typeof el.animate !== "function") return null;
  if (!(options.duration > 0)) return null;
  let a;
  try {
    a = el.animate(keyframes, { easing: EASE, ...options });
  } catch {
    return null;
  }
  a.id = `${ID}-${kind}`;
  running.add(a);
  const done = () => running.delete(a);
  a.finished.then(done, done);
  return a;
}

/** Finish every running animation at once (the tap-to-hurry). */
export function finishAll() {
  for (const a of [...running]) {
    try { a.finish(); } catch { a.cancel(); }
    running.delete(a);
  }
}

/** The animations made here that are still running or waiting to start. */
export function runningAnimations() {
  return [...running];
}

/** Hurry: finish the running animations and render the states already waiting without animation. */
export function hurry() {
  if (flowRef) flowRef.skipWaiting();
  finishAll();
}

/** Wait for animations to finish (never longer than SAFETY_MS, after which they are finished). */
async function settle(anims) {
  const list = anims.filter(Boolean);
  if (!list.length) return;
  let timer = null;
  const safety = new Promise((resolve) => { timer = setTimeout(resolve, SAFETY_MS); });
  await Promise.race([Promise.allSettled(list.map((a) => a.finished)), safety]);
  clearTimeout(timer);
  for (const a of list) {
    if (a.playState !== "finished") {
      try { a.finish(); } catch { a.cancel(); }
    }
  }
}

// ------------------------------------------------------------------ geometry

function middle(r) {
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

function rectOf(el) {
  if (!el || !el.isConnected) return null;
  const r = el.getBoundingClientRect();
  return r.width || r.height ? r : null;
}

/** The seat's box on the felt (data-seat is set by the render). */
function seatBox(seat) {
  return document.querySelector(`#screen-table .felt .seat[data-seat="${seat}"]`);
}

function handCards() {
  return [...document.querySelectorAll("#hand button.card")];
}

/**
 * The place a card played starts its flight from: `from` (its seat, or its place in your hand), moved
 * into the felt so that the card (`card`, its box at the end of the flight, at `scale` at the start)
 * flies over the felt alone, never across the status, the score line or the buttons below it (your
 * own card leaves your hand at the felt's lower edge). A straight flight between two places inside
 * the felt stays inside it.
 */
function insideFelt(from, card, scale) {
  const felt = rectOf(document.getElementById("felt"));
  if (!felt) return from;
  const m = middle(from);
  const hw = (card.width * scale) / 2;
  const hh = (card.height * scale) / 2;
  const clamp = (v, lo, hi) => (lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v)));
  const x = clamp(m.x, felt.left + hw, felt.right - hw);
  const y = clamp(m.y, felt.top + hh, felt.bottom - hh);
  return { left: x - 1, top: y - 1, width: 2, height: 2 };
}

/**
 * Where a card played by another player starts: `start` (the middle of their fan) moved out of their seat's
 * box `seat`, just past the edge that faces the card's place `card` (at `scale` at the start), so that the
 * card never lies over the seat, its name or its badges: the start and the end both lie beyond that edge, so
 * every point of the flight between them does too. `start` unchanged when no edge separates them.
 */
function besideSeat(seat, start, card, scale) {
  if (!seat) return start;
  const hw = (card.width * scale) / 2;
  const hh = (card.height * scale) / 2;
  const gap = 4;
  const m = middle(start);
  const c = middle(card);
  const edges = [
    [card.left - seat.right, () => ({ x: Math.min(c.x, seat.right + gap + hw), y: m.y })],
    [seat.left - card.right, () => ({ x: Math.max(c.x, seat.left - gap - hw), y: m.y })],
    [card.top - seat.bottom, () => ({ x: m.x, y: Math.min(c.y, seat.bottom + gap + hh) })],
    [seat.top - card.bottom, () => ({ x: m.x, y: Math.max(c.y, seat.top - gap - hh) })],
  ].filter(([g]) => g >= 0).sort((a, b) => b[0] - a[0]);
  if (!edges.length) return start;
  const p = edges[0][1]();
  return { left: p.x - 1, top: p.y - 1, width: 2, height: 2 };
}

/**
 * Where a trick's card `card` goes when it is gathered to its winner's seat `seat`: just past the seat's edge
 * that faces the card (at the gathered card's scale), so that it never lies over the seat's name, badges or
 * fan on the way (at 1440 px the cards swept onto Partner's name); the seat itself when no edge separates them.
 */
function pileBeside(seat, card) {
  return besideSeat(seat, seat, card, GATHERED);
}
/**
 * The same movement for the "led" tag that lies on the trick card `card` (its box `r` where it lies), about the
 * card's middle, so that the tag stays on its card while the card moves; null when the card has no tag.
 */
function tagAlong(card, r, frames, options, kind) {
  const tag = card.closest(".slot")?.querySelector(".led-tag");
  const t = rectOf(tag);
  if (!t) return null;
  const origin = `${Math.round(r.left + r.width / 2 - t.left)}px ${Math.round(r.top + r.height / 2 - t.top)}px`;
  return run(tag, frames.map((f) => ({ ...f, transformOrigin: origin })), options, kind);
}

/** A gathered card's scale at the end of its sweep. */
const GATHERED = 0.35;

/** Offset, in px, that moves the middle of `to` onto the middle of `from`. */
function offset(from, to) {
  const a = middle(from);
  const b = middle(to);
  return { x: Math.round(a.x - b.x), y: Math.round(a.y - b.y) };
}

// ------------------------------------------------------------------ what the page looked like before a render

function capture() {
  const hand = new Map(); // token -> [rect, ...] in hand order
  for (const el of handCards()) {
    const r = rectOf(el);
    if (!r) continue;
    const list = hand.get(el.dataset.card) ?? [];
    list.push(r);
    hand.set(el.dataset.card, list);
  }
  // two-handed: your melded cards on the table, playable from there (views/stock.js)
  const table = new Map();
  for (const el of document.querySelectorAll("#felt .board.mine button.card")) {
    const r = rectOf(el);
    if (r && !table.has(el.dataset.card)) table.set(el.dataset.card, r);
  }
  const active = document.activeElement;
  const focused = active && active.matches?.("#hand button.card, #felt .board button.card") ? { card: active.dataset.card, rect: rectOf(active) } : null;
  return {
    hand,
    table,
    focused,
    handBox: rectOf(document.getElementById("hand")),
    dialogs: new Set(document.querySelectorAll("dialog[open]")),
  };
}

// ------------------------------------------------------------------ the animations of a state

/** The cards of the last trick of `next` that `prev` did not show, with their seats. */
function newCards(prev, next) {
  const trick = next.tricks?.length ? next.tricks[next.tricks.length - 1] : null;
  if (!trick) return [];
  const index = next.tricks.length - 1;
  const old = prev && prev.hand_number === next.hand_number ? prev.tricks?.[index] : null;
  const from = old ? old.cards.length : 0;
  return trick.cards.slice(from).map((card, k) => ({ card, seat: trick.seats[from + k] })); // seats: from the view
}

/** Before the render: gather a completed trick to its winner once the next trick has started. */
function gather(prev, next) {
  const trick = prev.tricks?.length ? prev.tricks[prev.tricks.length - 1] : null;
  if (!trick || !trick.winner) return [];
  if (next.hand_number !== prev.hand_number || (next.tricks?.length ?? 0) <= prev.tricks.length) return [];
  const to = rectOf(seatBox(trick.winner));
  const centre = rectOf(document.getElementById("centre"));
  const cards = [...document.querySelectorAll("#centre .slot .card")];
  if (!to || !centre || !cards.length) return [];
  const duration = ms(BASE_MS.gather);
  // the completed trick stays on show a little while (from its last card) before it goes
  const delay = Math.max(0, ms(BASE_MS.show) - (performance.now() - lastStateAt));
  const tags = [];
  const anims = cards.map((el) => {
    const r = rectOf(el);
    if (!r) return null;
    const c = offset(centre, r);
    const w = offset(pileBeside(to, r), r);
    const frames = [
      { translate: "0px 0px", scale: 1, opacity: 1, offset: 0 },
      { translate: `${c.x}px ${c.y}px`, scale: 0.9, opacity: 1, offset: 0.35 },
      { translate: `${w.x}px ${w.y}px`, scale: GATHERED, opacity: 0, offset: 1 },
    ];
    // the "led" tag goes with its card, never left lying on the felt
    tags.push(tagAlong(el, r, frames, { duration, delay, fill: "forwards" }, "gather"));
    return run(el, frames, { duration, delay, fill: "forwards" }, "gather");
  });
  anims.push(...tags);
  const label = document.querySelector("#centre .trick-winner, #trick-note .trick-winner");
  anims.push(run(label, [{ opacity: 1 }, { opacity: 0 }], { duration: duration * 0.5, delay, fill: "forwards" }, "gather"));
  return anims;
}

/**
 * The status line says `was` (what the cards show happening) for `landed` ms and until every animation
 * of `cards` has finished, then what the render wrote: "Your turn" shows once the card before it has landed. The wait is an animation of ours, so a
 * hurry (or reduced motion, where nothing is held) shows the render's status at once. The words held
 * are about the view drawn, never the view before it: a phase that has moved on is never shown.
 */
let heldToken = 0; // the hold now on (release() ends it)

/**
 * End the status line's hold: the controls of the decision, the move timer and the turn ring show what
 * the view drawn says (a new view is drawn, or the cards of the hold have landed).
 */
function release() {
  delete document.body.dataset.held;
  for (const el of document.querySelectorAll(".held-turn")) el.classList.remove("held-turn");
}

function holdStatus(was, landed, cards = [], ringAt = null) {
  const el = document.getElementById("status");
  if (!el || !was || !was.text || !(landed > 0)) return null;
  const now = { text: el.textContent, cls: el.className, mine: el.dataset.mine };
  if (now.text === was.text && now.cls === was.cls) return null;
  const put = (s) => {
    el.textContent = s.text;
    el.className = s.cls;
    if (s.mine === undefined) delete el.dataset.mine;
    else el.dataset.mine = s.mine;
  };
  put(was);
  // while the words say what the cards show, the next decision waits with them: its controls and the move
  // timer are hidden (style: polish.css), and the turn ring stays on the seat the moving cards are about
  release();
  const token = ++heldToken;
  const focused = document.activeElement;
  document.body.dataset.held = "true";
  if (ringAt) document.querySelector(`#felt > .seat[data-seat="${CSS.escape(ringAt)}"]`)?.classList.add("held-turn");
  const a = run(el, [{ opacity: 1 }, { opacity: 1 }], { duration: landed }, "status");
  const show = () => {
    // unless a later render has already written the status (and has its own hold, or none)
    if (el.textContent === was.text && el.className === was.cls) put(now);
    if (token !== heldToken || document.body.dataset.held !== "true") return;
    release();
    // the focus a render gave to a control that was hidden with the hold comes back with it
    if (focused instanceof HTMLElement && focused.isConnected && document.activeElement !== focused
      && (document.activeElement === document.body || document.activeElement === null)) {
      focused.focus({ preventScroll: true });
    }
  };
  if (!a) {
    show();
    return null;
  }
  // the later of the wait and the cards themselves: an animation may start a frame or two after it was
  // made (a loaded machine), and the words must not change while a card is still moving
  Promise.allSettled([a, ...cards.filter(Boolean)].map((x) => x.finished)).then(show, show);
  return a;
}

/** After the render: the deal, the cards played, the hand closing up, dialogs appearing. */
function afterRender(before, after, snap, event, say) {
  const prev = before.view;
  const next = after.view;
  const sameMatch = Boolean(before.shown && prev && before.matchId === after.matchId);
  const anims = [];
  let landed = 0; // when the last card played lands, in ms from now
  const moving = { cards: [], deal: false, meld: false }; // what the status line says while it moves

  const newHand = event === "start" || (sameMatch && prev.hand_number !== next.hand_number);
  if (newHand) {
    // the deal: a few cards go round from the dealer's seat to every seat, then your hand appears (deal-anim.js)
    const deal = animateDeal(next, { run, ms, rectOf, seatBox, handCards });
    anims.push(...deal.anims);
    landed = deal.end;
    moving.deal = landed > 0;
  } else if (sameMatch && prev.hand_number === next.hand_number) {
    // a card played: from the player's seat (your own: from its place in your hand) to the centre
    const duration = ms(BASE_MS.play);
    const stagger = duration * 0.6;
    newCards(prev, next).forEach(({ card, seat }, k) => {
      const el = document.querySelector(`#centre [data-testid="trick-${seat}"] .card`);
      const r = rectOf(el);
      if (!r) return;
      let from = null;
      const mine = seat === next.seat;
      if (mine) {
        // a card that lay on your side of the table (two-handed) is played from there
        const fromTable = (prev.table?.[seat] ?? []).some((t) => t.card === card) ? snap.table.get(card) : null;
        from = snap.focused && snap.focused.card === card ? snap.focused.rect : fromTable ?? snap.hand.get(card)?.[0] ?? snap.handBox;
      } else {
        // from the cards the player holds (the fan in their seat), else their seat
        from = rectOf(seatBox(seat)?.querySelector(".fan")) ?? rectOf(seatBox(seat));
      }
      if (!from) return;
      // another player's card comes out from the edge of their seat that faces the centre
      const start = mine ? insideFelt(from, r, 1.1) : besideSeat(rectOf(seatBox(seat)), insideFelt(from, r, 1), r, 0.6);
      const d = offset(start, r);
      const delay = k * stagger;
      const flight = [
        { translate: `${d.x}px ${d.y}px`, scale: mine ? 1.1 : 0.6, opacity: mine ? 1 : 0, offset: 0 },
        { opacity: 1, offset: 0.3 },
        { translate: "0px 0px", scale: 1, opacity: 1, offset: 1 },
      ];
      anims.push(run(el, flight, { duration, delay, fill: "backwards" }, "play"));
      // the "led" tag lies on its card all the way in, never waiting on the felt where the card will land
      anims.push(tagAlong(el, r, flight, { duration, delay, fill: "backwards" }, "play-led"));
      // the player's name under the card comes with it, never under the card flying in
      run(el.closest(".slot")?.querySelector(".slot-who"), [{ opacity: 0 }, { opacity: 0 }],
        { duration, delay, fill: "backwards" }, "play-name");
      landed = Math.max(landed, delay + duration);
      if (duration > 0) moving.cards.push({ card, seat });
    });
    // your hand closes up where a card left it
    if ((next.hand?.length ?? 0) < (prev.hand?.length ?? 0)) {
      const seen = new Map();
      const slide = ms(BASE_MS.slide);
      for (const el of handCards()) {
        const token = el.dataset.card;
        const k = seen.get(token) ?? 0;
        seen.set(token, k + 1);
        const old = snap.hand.get(token)?.[k];
        const r = rectOf(el);
        if (!old || !r) continue;
        const dx = Math.round(old.left - r.left);
        if (Math.abs(dx) < 2) continue;
        anims.push(run(el, [{ translate: `${dx}px 0px` }, { translate: "0px 0px" }], { duration: slide }, "slide"));
      }
    }
  }

  // the meld laid on the felt, seat after seat (felt-anim.js)
  if (sameMatch) {
    const laid = layMelds(run, ms, prev, next);
    anims.push(...laid.anims);
    landed = Math.max(landed, laid.until);
    moving.meld = laid.until > 0;
  }

  // the status line waits for the cards: until the last one has landed it says what they show happening
  // (the cards played, the deal, the meld laid), in words of the view drawn; then the render's own words
  const status = document.getElementById("status");
  const text = say ? say(moving) : moving.cards.map(({ card, seat }) => (seat === next.seat ? `You play ${cardShort(card)}.` : "")).join("");
  const held = status && text ? { text, cls: status.className.replace(/\bmine\b/, "").trim(), mine: "false" } : null;
  // the ring: on the seat of the last card moving, else where it was (the meld laid after your call); none for a deal
  const ringAt = moving.cards.length ? moving.cards.at(-1).seat : newHand || !sameMatch ? null : prev.turn ?? null;
  anims.push(holdStatus(held, landed, [...anims], ringAt));

  // the hand's last trick is seen before its summary: the summary this render opened waits until the last
  // card has landed, the trick has been on show and has swept to its winner (then it opens: afterCards)
  anims.push(...lastTrickFirst(sameMatch && prev.hand_number === next.hand_number, next, snap, landed));
  // a hand that ended at the meld (no card played): its meld lies on the felt the meld pause before the summary
  anims.push(...meldFirst(sameMatch && prev.hand_number === next.hand_number, next, snap, landed));

  // a dialog that this render opened (the meld review, the hand summary) slides up into place, opaque
  // from the start: a dialog that stayed see-through while the last card landed was read through
  for (const dialog of document.querySelectorAll("dialog[open]")) {
    if (snap.dialogs.has(dialog)) continue;
    anims.push(...slideIn(dialog));
  }
  return anims;
}

/** A dialog just opened slides up into place (the meld review: one seat after another). */
function slideIn(dialog) {
  const duration = ms(BASE_MS.dialog);
  const anims = [run(dialog, [
    { translate: "0px 18px", scale: 0.96 },
    { translate: "0px 0px", scale: 1 },
  ], { duration, fill: "backwards" }, "dialog")];
  // the meld review: one seat after another
  [...dialog.querySelectorAll(".meld-seat")].forEach((el, i) => {
    anims.push(run(el, [
      { opacity: 0, translate: "0px 10px" },
      { opacity: 1, translate: "0px 0px" },
    ], { duration, delay: duration * 0.5 + i * ms(BASE_MS.meldStagger), fill: "backwards" }, "meld"));
  });
  return anims;
}

let afterCards = null; // what waits for the cards of the view drawn (the hand summary opening), run once they are done

/**
 * At a hand's end (the same hand, its summary opened by this render, the last trick on the felt): the summary
 * is taken back at once (before anything is painted) and opened again once the last card has landed (`landed`
 * ms from now), the trick has been on show (BASE_MS.show) and has swept to its winner's seat; a hurry opens it
 * at once. Returns the sweep's animations (afterCards opens the summary when they are done).
 */
function lastTrickFirst(sameHand, next, snap, landed) {
  const summary = document.getElementById("summary-dialog");
  const trick = next.tricks?.length ? next.tricks[next.tricks.length - 1] : null;
  if (!sameHand || !summary?.open || snap.dialogs.has(summary) || !trick?.winner) return [];
  const cards = [...document.querySelectorAll("#centre .slot .card")];
  const to = rectOf(seatBox(trick.winner));
  const duration = ms(BASE_MS.gather);
  if (!cards.length || !to || !(duration > 0)) return [];
  const focused = summary.contains(document.activeElement) ? document.activeElement : null;
  summary.close();
  const delay = landed + ms(BASE_MS.show);
  const tags = [];
  const sweep = cards.map((el) => {
    const r = rectOf(el);
    if (!r) return null;
    const w = offset(pileBeside(to, r), r);
    const frames = [
      { translate: "0px 0px", scale: 1, opacity: 1 },
      { translate: `${w.x}px ${w.y}px`, scale: GATHERED, opacity: 0 },
    ];
    tags.push(tagAlong(el, r, frames, { duration, delay, fill: "forwards" }, "sweep"));
    return run(el, frames, { duration, delay, fill: "forwards" }, "sweep");
  }).filter(Boolean);
  sweep.push(...tags.filter(Boolean));
  const label = document.querySelector("#centre .trick-winner, #trick-note .trick-winner");
  sweep.push(run(label, [{ opacity: 1 }, { opacity: 0 }], { duration: duration * 0.5, delay, fill: "forwards" }, "sweep"));
  openAfterCards(summary, next, focused, sweep);
  return sweep;
}

/** The summary taken back by this render opens again once the cards are done (afterCards; `held`: what to end). */
function openAfterCards(summary, next, focused, held) {
  const version = String(next.version);
  afterCards = () => {
    // the table after the sweep is the plain render again (under the summary: the last trick, as the view has it)
    for (const a of held) a?.cancel();
    if (summary.open || document.body.dataset.version !== version || document.querySelector("dialog[open]")) return [];
    summary.showModal();
    if (focused instanceof HTMLElement && focused.isConnected) focused.focus();
    return slideIn(summary);
  };
}

/**
 * At the end of a hand ended at the meld (VARIANTS.md cutthroat: the meld alone made the bid, no card played;
 * views/felt.js meldEndedHand), the summary this render opened is taken back and opened again once the meld
 * has lain on the felt, landed and still, for the meld pause (MELD_MS.read at the pace); a hurry opens it at once.
 */
function meldFirst(sameHand, next, snap, landed) {
  const summary = document.getElementById("summary-dialog");
  const layer = document.getElementById("felt-melds");
  if (!sameHand || !summary?.open || snap.dialogs.has(summary) || !meldEndedHand(next) || !layer) return [];
  const wait = landed + ms(MELD_MS.read);
  if (!(wait > 0)) return [];
  const focused = summary.contains(document.activeElement) ? document.activeElement : null;
  summary.close();
  const hold = [run(layer, [{ opacity: 1 }, { opacity: 1 }], { duration: wait }, "meld-read")];
  openAfterCards(summary, next, focused, []);
  return hold;
}

// ------------------------------------------------------------------ the queue

/**
 * The message queue. `handle(msg)` is the app's handler (it renders); `table()`
 * tells what the table shows: {shown: the table screen is up, view, matchId};
 * `say(moving)` is the status line's words while the cards of the view drawn
 * move (words.js movingText), or null.
 * Returns {push(msg), skipWaiting(), size()}.
 */
export function createFlow({ handle, table, say = null }) {
  const queue = []; // {msg, animate}
  let current = null;
  let draining = false;

  function skipWaiting() {
    if (current) current.animate = false;
    for (const item of queue) item.animate = false;
  }

  function push(msg) {
    // an undo (solo) takes moves back: the table is drawn as it was, at once, with no card moving
    const undo = Boolean(msg && msg.type === "state" && msg.event === "undo");
    const item = { msg, animate: !undo };
    queue.push(item);
    const waiting = queue.filter((i) => i.msg && i.msg.type === "state").length;
    if (waiting > MAX_WAITING) {
      // too far behind: finish what runs, catch up without animating, animate only the latest
      skipWaiting();
      item.animate = !undo;
      finishAll();
    }
    if (!draining) drain();
  }

  async function drain() {
    draining = true;
    try {
      while (queue.length) {
        current = queue.shift();
        try {
          await step(current);
        } catch (err) {
          setTimeout(() => { throw err; }, 0); // report it (a page error), and go on with the next message
        }
      }
    } finally {
      current = null;
      draining = false;
    }
  }

  async function step(item) {
    const { msg } = item;
    const isState = msg && msg.type === "state" && msg.view && typeof msg.view === "object";
    if (isState) heldToken += 1; // a new view: no hold of an earlier one stands over it
    if (isState) release();
    if (!isState || !item.animate || !animating()) {
      handle(msg);
      if (isState) {
        lastStateAt = performance.now();
        noteMeldShown(table());
      }
      return;
    }
    const before = table();
    const id = msg.match && typeof msg.match === "object" ? msg.match.id : undefined;
    const shownHere = Boolean(before.shown && before.view && before.matchId === id);
    const snap = capture();
    let gathered = [];
    if (shownHere) {
      gathered = [...gather(before.view, msg.view), ...gatherMelds(run, ms, before.view, msg.view)];
      await settle(gathered);
    }
    handle(msg);
    lastStateAt = performance.now();
    noteMeldShown(table());
    // nothing of the gathering stays behind (the render replaced those cards; if it did not, show them again)
    for (const a of gathered) if (a) a.cancel();
    const after = table();
    if (!item.animate || !animating() || !after.shown || !after.view || after.matchId !== id) return;
    afterCards = null;
    await settle(afterRender(before, after, snap, msg.event, say));
    const then = afterCards;
    afterCards = null;
    if (then) await settle(then());
  }

  const flow = { push, skipWaiting, size: () => queue.length + (current ? 1 : 0) };
  flowRef = flow;
  return flow;
}

// ------------------------------------------------------------------ start-up

/**
 * Show the settings on <html> (if nothing has yet), and hurry on a click or tap
 * on the felt that is not on a control (unless the setting "Tap to hurry" is off),
 * or on Escape when no dialog is open.
 */
export function initMotion() {
  const root = document.documentElement;
  if (root && root.dataset.reducedMotion === undefined) {
    try { applySettings(loadSettings()); } catch { /* the defaults stand */ }
  }
  const felt = document.querySelector("#screen-table .felt");
  if (felt) {
    felt.addEventListener("click", (e) => {
      if (e.target instanceof Element && e.target.closest("button, a, input, select, textarea, [contenteditable]")) return;
      if (root && root.dataset.tapToHurry === "false") return; // the setting is off: a tap does nothing
      hurry();
    });
  }
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || e.defaultPrevented || document.querySelector("dialog[open]")) return;
    if (running.size) hurry();
  });
}
