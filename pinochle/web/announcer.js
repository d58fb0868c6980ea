// What the page says: toasts (errors and news), and the polite announcer that a
// screen reader reads out (#announcer). announceChanges speaks what changed
// between two views of the same match as one message.
// Plain ES module.

import { $, h, cardWords, SUIT } from "./dom.js";
import { Phase } from "./protocol.js";
import { play as playSound } from "./sounds.js";
import { COMPASS } from "./seats.js";
import { dealLabel, DIX, handResultWords, hasStock, legalKinds, passNews, resultTitle, statusText, thrownInText, tiedSentence } from "./words.js";
import { newsWords, stockNews } from "./views/stock.js";
import { meldWords } from "./views/felt.js";

const TOAST_MS = 4500;

function keepThree(box) {
  while (box.children.length > 3) box.firstElementChild.remove();
}

/** What a toast at the table must not lie over: whatever a player may tap (the hand, whole, a bid button,
 * the tools, a card on the table in two-handed, the top bar's Home). */
const CONTROLS = "#hand, button, a[href], input, select, textarea, [role=button], [tabindex='0']";
/** What it must not lie over either while there is a place clear of it: the status line, the score line,
 * the trick and who takes it (a toast lies over a control only where nothing else is left: never). */
const READ = "#status, #sides > *, #centre .card, #centre .trick-winner";
/** Then, where there is room for it: the seats (a player's name and badges; two-handed: North's seat under
 * the top bar, yours above the hand). */
const SEATS = "#felt > .seat";
/** What it had better not lie over either, when there is room elsewhere: the other cards on the felt. */
const CARDS = ".card, .pile";
const GAP = 6;

/** The boxes of the elements `sel` on the table that can be seen and lie across the toasts' column `x0`–`x1`. */
function boxesIn(sel, x0, x1) {
  const out = [];
  for (const el of document.querySelectorAll(`#screen-table :is(${sel})`)) {
    if (el.id === "hand" && !el.querySelector(".card")) continue; // a hand with no card left (a hand's end) is no control
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.right <= x0 || r.left >= x1 || r.bottom <= 0 || r.top >= innerHeight) continue;
    if (getComputedStyle(el).visibility === "hidden") continue;
    out.push(r);
  }
  return out;
}

/**
 * At the table, the toasts lie where they cover no control: of the bands just above or just under a control (or
 * a card, or the status or score line, or just under the top bar; never under the hand's cards) that are as
 * tall as the toasts and hold no control,
 * the lowest, nearest the hand where the eye is; one clear of the status line, the score line and the
 * trick when there is one (on a phone: over the felt above the status line), then of the seats, and of
 * the felt's other cards too when there is one of those. Taps go through a toast in any case (style.css: pointer-events).
 * Elsewhere the stylesheets place them (home.css: the lobby's foot), moved off any control (placeOffTable).
 */
export function placeToasts() {
  const box = $("toasts");
  if (!box) return;
  box.style.top = "";
  if (document.body.dataset.screen !== "table" || !box.children.length) {
    box.style.bottom = "";
    if (box.children.length) placeOffTable(box);
    return;
  }
  const r = box.getBoundingClientRect();
  const height = r.height;
  const hard = boxesIn(CONTROLS, r.left, r.right);
  const read = boxesIn(READ, r.left, r.right);
  const seats = boxesIn(SEATS, r.left, r.right);
  const soft = boxesIn(CARDS, r.left, r.right);
  const bar = document.querySelector("#screen-table .topbar")?.getBoundingClientRect();
  const floor = bar && bar.height > 0 ? bar.bottom + GAP : GAP;
  const clear = (top, bottom, boxes) => boxes.every((b) => b.bottom <= top || b.top >= bottom);
  const all = [...hard, ...read, ...seats, ...soft];
  const bottoms = all.map((b) => b.top - GAP);
  bottoms.push(floor + height);
  // or just under a box (the buttons at a hand's end, with the window's empty foot below), but never under
  // the hand: a toast stays above it, where the eye is
  const hand = [...document.querySelectorAll("#screen-table #hand button.card")].map((el) => el.getBoundingClientRect())
    .filter((b) => b.width >= 1 && b.height >= 1);
  const ceiling = hand.length ? Math.min(...hand.map((b) => b.top)) - GAP : innerHeight - GAP;
  for (const b of all) if (b.bottom + GAP + height <= ceiling + 0.5) bottoms.push(b.bottom + GAP + height);
  const fits = bottoms.filter((b) => b - height >= floor - 0.5 && b <= innerHeight && clear(b - height, b, hard))
    .sort((a, b) => b - a);
  const readable = fits.filter((b) => clear(b - height, b, read));
  const seated = readable.filter((b) => clear(b - height, b, seats));
  const best = seated.find((b) => clear(b - height, b, soft)) ?? seated[0]
    ?? readable.find((b) => clear(b - height, b, soft)) ?? readable[0] ?? fits[0];
  box.style.bottom = best === undefined ? "" : `${Math.round(innerHeight - best)}px`;
}

/** What a toast away from the table had better not lie over either: a room's seats, the field's words. */
const OFF_TABLE_READ = ".lseat, .name-error, .invite-note, h1, h2";

/**
 * Away from the table (Home, a room's lobby, the search, the review) the toasts lie where the stylesheets
 * put them (style.css, home.css) unless that covers a control in the window (a button, a field, a game's
 * tile: whatever raised the toast, or any other); then in the clear band nearest to that place: just above
 * or under a control, at the window's top or foot, clear of a seat and a heading too when there is such a
 * band. Where no band is clear of every control (never yet seen), the one over the fewest.
 */
function placeOffTable(box) {
  const screen = document.querySelector(`#screen-${CSS.escape(document.body.dataset.screen ?? "")}`);
  if (!screen || screen.hidden) return;
  const r = box.getBoundingClientRect();
  const height = r.height;
  const inWindow = (sel) => [...screen.querySelectorAll(sel)].map((el) => el.getBoundingClientRect())
    .filter((b) => b.width >= 1 && b.height >= 1 && b.right > r.left && b.left < r.right && b.bottom > 0 && b.top < innerHeight);
  const hard = inWindow(CONTROLS);
  const read = inWindow(OFF_TABLE_READ);
  const over = (top, boxes) => boxes.filter((b) => b.bottom > top && b.top < top + height).length;
  const low = innerHeight - GAP - height;
  const tops = [r.top, GAP, low];
  for (const b of hard) tops.push(b.top - GAP - height, b.bottom + GAP);
  const places = tops.filter((t) => t >= GAP - 0.5 && t <= low + 0.5).sort((a, b) => Math.abs(a - r.top) - Math.abs(b - r.top));
  const clear = places.filter((t) => !over(t, hard));
  const best = clear.find((t) => !over(t, read)) ?? clear[0]
    ?? [...places].sort((a, b) => over(a, hard) - over(b, hard))[0];
  if (best === undefined || Math.abs(best - r.top) < 0.5) return;
  box.style.top = `${Math.round(best)}px`;
  box.style.bottom = "auto";
}

let watching = null;
let queued = false;
/** Keep the toasts clear while they show: the table re-renders (the bid buttons come and go) and the window turns. */
function watch(on) {
  if (on && !watching) {
    const again = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; placeToasts(); });
    };
    const table = $("screen-table");
    watching = { observer: new MutationObserver(again), again };
    if (table) watching.observer.observe(table, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "class"] });
    // another screen, and Home scrolling under the toasts (placeOffTable)
    watching.observer.observe(document.body, { attributes: true, attributeFilter: ["data-screen"] });
    addEventListener("resize", again);
    addEventListener("scroll", again, { passive: true });
  } else if (!on && watching) {
    watching.observer.disconnect();
    removeEventListener("resize", watching.again);
    removeEventListener("scroll", watching.again);
    watching = null;
  }
}

function show(el) {
  const box = $("toasts");
  el.dataset.screen = document.body.dataset.screen ?? "";
  el.dataset.at = String(Date.now());
  box.append(el);
  keepThree(box);
  placeToasts();
  watch(true);
  setTimeout(() => {
    el.remove();
    placeToasts();
    if (!box.children.length) watch(false);
  }, TOAST_MS);
}

/**
 * An error (kind "error", read out at once) or a piece of information ("info"). One at a time: a new one
 * (a refusal tapped again, or another) replaces the last rather than stacking over the table's controls;
 * the news about people (`notice`) keeps its own few seconds.
 */
export function toast(message, kind = "error") {
  for (const t of $("toasts").querySelectorAll(".toast:not(.notice)")) t.remove();
  show(h("div", { class: `toast ${kind}`, "data-testid": "toast", role: kind === "error" ? "alert" : "status" }, message));
}

/**
 * News about the people around you (someone joined, left, went away, came back): a brief toast
 * that is only shown (not read out by the assertive toast region) and one polite announcement.
 */
export function notice(lines) {
  if (!lines.length) return;
  const text = lines.join(" ");
  show(h("div", { class: "toast info notice", "data-testid": "notice", "aria-hidden": "true" }, text));
  announce(text);
}

/** Remove the toasts about moves and errors (news about people stays its few seconds). */
export function clearToasts() {
  for (const t of $("toasts").querySelectorAll(".toast:not(.notice)")) t.remove();
}

/** Leaving screen `was`: its errors go with it ("Type your name first" does not follow you into the
 * lobby), except one raised this moment, by the very step that changes the screen. */
export function leaveScreen(was) {
  const now = Date.now();
  for (const t of $("toasts").querySelectorAll(".toast:not(.notice)")) {
    if (t.dataset.screen === was && now - Number(t.dataset.at) > 400) t.remove();
  }
}

export function announce(text) {
  const box = $("announcer");
  box.append(h("p", {}, text));
  while (box.children.length > 6) box.firstElementChild.remove();
}

function trickWinnerWords(s, seat) {
  return `${s.spoken(seat)} ${s.verb(seat, "win", "wins")} the trick.`;
}

/** Every card played this hand in order, with its seat (from the view) and, if it closed a trick, the winner. */
function flatPlays(v) {
  const out = [];
  for (const t of v.tricks) {
    t.cards.forEach((card, i) => {
      const closes = i === t.cards.length - 1 && t.winner;
      out.push({ card, seat: t.seats[i], winner: closes ? t.winner : null });
    });
  }
  return out;
}

const handKey = (v) => v.hand_number;

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The card turned up as a hand begins, in words for the screen reader: turned-trump's `turned` (the
 * dealer's card turned for trump) or two-handed's `upcard` (under the stock), with the trump the view
 * names ("The ace of diamonds is turned: diamonds are trump."); null in a game that turns no card.
 * The trump is the view's `trump`, never worked out here (docs/protocol.md).
 */
export function turnedWords(v) {
  const card = v.turned ?? v.upcard;
  if (typeof card !== "string" || card.length < 2) return null;
  const trump = v.trump && SUIT[v.trump] ? `: ${SUIT[v.trump].name} are trump` : "";
  return `${capital(cardWords(card))} is turned${trump}.`;
}

/**
 * The widow named as the declarer takes it (cutthroat, auction: the view's `widow` turned up for everyone
 * with `widow_taken_by`, docs/protocol.md): "You took the widow: the jack of spades, the jack of hearts and
 * the queen of clubs." Null when nobody has taken it.
 */
export function widowWords(s, v) {
  const by = v.widow_taken_by;
  const cards = Array.isArray(v.widow) ? v.widow : [];
  if (!by || !cards.length) return null;
  const named = cards.map(cardWords);
  const list = named.length > 1 ? `${named.slice(0, -1).join(", ")} and ${named.at(-1)}` : named[0];
  return `${s.spoken(by)} took the widow: ${list}.`;
}

/** The buried cards confirmed to the declarer who buried them (the view's `buried`, sent to it alone). */
export function buriedWords(v) {
  const cards = Array.isArray(v.buried) ? v.buried : [];
  if (!cards.length) return null;
  const named = cards.map(cardWords);
  return `You buried ${named.length > 1 ? `${named.slice(0, -1).join(", ")} and ${named.at(-1)}` : named[0]}.`;
}

/** A sentence ends with a full stop unless it already ends with one (or "!" or "?"). */
const sentence = (text) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Speak what changed between two views of the same match, as one message (no flood of little ones). */
export function announceChanges(s, prev, v) {
  if (!prev) return;
  const say = [];
  if (handKey(prev) !== handKey(v)) {
    if (v.thrown_in) say.push(thrownInText(s, v));
    say.push(`${dealLabel(v)}. ${s.spoken(v.dealer)} ${s.verb(v.dealer, "deal", "deals")}.`);
    const turned = turnedWords(v);
    if (turned) say.push(turned);
  } else {
    v.auction.slice(prev.auction.length).forEach((c) => {
      const who = s.spoken(c.seat);
      say.push(c.call === "pass" ? `${who} ${s.verb(c.seat, "pass", "passes")}.`
        : `${who} ${s.verb(c.seat, "bid", "bids")} ${c.call}.`);
    });
    if (!prev.declarer && v.declarer && v.stuck) {
      say.push(`${s.spoken(v.declarer)} ${s.verb(v.declarer, "are", "is")} stuck with the bid at ${v.bid}.`);
    }
    if (!prev.widow_taken_by && v.widow_taken_by) {
      const widow = widowWords(s, v);
      if (widow) say.push(widow);
    }
    if (!(prev.buried ?? []).length && (v.buried ?? []).length) {
      const buried = buriedWords(v);
      if (buried) say.push(buried);
    }
    if (!prev.trump && v.trump) {
      say.push(`${s.spoken(v.declarer)} ${s.verb(v.declarer, "name", "names")} ${SUIT[v.trump].name} trump.`);
    }
    // cards passed between partners (partnership-pass, racehorse): who passed whom how many; yours named
    const pass = passNews(s, prev, v);
    if (pass) say.push(pass.said);
    if (!hasStock(v) && !Object.values(prev.melds ?? {}).some(Boolean) && Object.values(v.melds ?? {}).some(Boolean)) {
      // the meld laid on the table (views/felt.js): each seat's melds and points, then the sides'
      // (players alone, in cutthroat and auction, only the declarer melds)
      for (const seat of s.order) if (v.melds[seat]) say.push(meldWords(s, seat, v.melds[seat], v.meld_suits?.[seat]));
      if (s.sidesOrder.length === 2) {
        const [us, them] = s.sidesOrder;
        say.push(`Meld: us ${v.meld_shown[us]}, them ${v.meld_shown[them]}.`);
      }
    }
    if (!prev.dix_exchange && v.dix_exchange && v.turned && v.trump) {
      // turned-trump's house rule dix_exchange: public (keeping the dix is not)
      const who = v.dix_exchange;
      say.push(DIX.exchanged(s.spoken(who), s.verb(who, "exchange", "exchanges"), cardWords(`9${v.trump}`), cardWords(v.turned)));
    }
    const before = flatPlays(prev);
    for (const p of flatPlays(v).slice(before.length)) {
      say.push(`${s.spoken(p.seat)} played ${cardWords(p.card)}.`);
      playSound("card");
      if (p.winner) {
        say.push(trickWinnerWords(s, p.winner));
        playSound("trick");
      }
    }
    // a trick completed by the card already announced (no new card, new winner)
    v.tricks.forEach((t, i) => {
      const old = prev.tricks[i];
      if (t.winner && old && !old.winner && old.cards.length === t.cards.length) {
        say.push(trickWinnerWords(s, t.winner));
        playSound("trick");
      }
    });
  }
  if (hasStock(v) && handKey(prev) === handKey(v)) {
    // two-handed: the melds declared since (the view's `declared`), the dix exchanged, the cards drawn, the endgame
    for (const d of (v.declared ?? []).slice((prev.declared ?? []).length)) {
      say.push(`${s.spoken(d.seat)} ${s.verb(d.seat, "meld", "melds")} ${d.name}, ${d.points}.`);
    }
    say.push(...newsWords(s, prev, v, stockNews(prev, v), cardWords));
  }
  const over = v.phase === Phase.HAND_END || v.phase === Phase.MATCH_END;
  if (prev.phase !== v.phase && over && v.last_hand && handKey(prev) === handKey(v)) {
    say.push(handResultWords(s, v.last_hand));
    // after the last scheduled deal with the leaders tied: why another deal follows (the view's tied)
    const tied = tiedSentence(s, v.tied);
    if (tied) say.push(tied);
  }
  if (prev.phase !== v.phase && v.phase === Phase.MATCH_END) {
    say.push(sentence(resultTitle(s, v.winner)));
    // why the winner won, as the engine says it (the view's why_won: the browser holds no rules)
    if (typeof v.why_won === "string" && v.why_won.trim()) say.push(v.why_won.trim());
  }
  // a move was made and it is yours now (also your lead after your own card took the trick)
  if (legalKinds(v).length && !over) {
    say.push(statusText(s, v));
    playSound("turn");
  }
  if (say.length) announce(say.join(" "));
}

/**
 * Who left the table, went away, came back, or is played by a computer while away: the table
 * facts of two messages of the same match, compared seat by seat (one sentence per change; your
 * own seat is left out). Names are the table's ("Partner" in solo, the person's name in a room).
 */
export function presenceChanges(s, prev, table) {
  const say = [];
  if (!prev?.seats || !table?.seats) return say;
  for (const seat of s.seats) {
    const a = prev.seats[seat];
    const b = table.seats[seat];
    if (!a || !b || s.isMe(seat) || a.computer) continue;
    const who = typeof a.name === "string" && a.name ? a.name : COMPASS[seat];
    if (b.computer) say.push(`${who} left the table; a computer plays the seat.`);
    else if (!a.stand_in && b.stand_in) say.push(`${who} is still away: a computer plays for them until they are back.`);
    else if (!a.connected && b.connected) say.push(`${who} is back.`);
    else if (a.connected && !b.connected) say.push(`${who} is away.`);
  }
  return say;
}

/** The members of a room, seat by seat. */
export function lobbyMembers(r) {
  // every place of the room, in the room's order: its seats (N E S W), or its chairs "0" .. "4" (auction at 4 or 5)
  return Object.values(r.seats ?? {}).filter(Boolean);
}

/** Who joined or left the room: two `room` messages of the same room, compared by member id (you left out). */
export function roomChanges(prev, room) {
  const say = [];
  if (!prev || !room || prev.code !== room.code) return say;
  const before = new Map(lobbyMembers(prev).map((m) => [m.id, m.name]));
  const after = new Map(lobbyMembers(room).map((m) => [m.id, m.name]));
  for (const [id, name] of after) if (!before.has(id) && id !== room.you) say.push(`${name} joined the room.`);
  for (const [id, name] of before) if (!after.has(id) && id !== room.you) say.push(`${name} left the room.`);
  return say;
}
