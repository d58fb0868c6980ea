// What the page says: toasts (errors and news), and the polite announcer that a
// screen reader reads out (#announcer). announceChanges speaks what changed
// between two views of the same match as one message.
// Plain ES module.

import { $, h, cardWords, SUIT } from "./dom.js";
import { Phase } from "./protocol.js";
import { play as playSound } from "./sounds.js";
import { COMPASS } from "./seats.js";
import { DIX, handResultWords, hasStock, legalKinds, resultTitle, statusText, thrownInText } from "./words.js";
import { newsWords, stockNews } from "./views/stock.js";
import { meldWords } from "./views/felt.js";

const TOAST_MS = 4500;

function keepThree(box) {
  while (box.children.length > 3) box.firstElementChild.remove();
}

/** A toast never covers a card you may tap next: the box sits just above your hand when the hand is
 * on the screen (two or three rows of cards on a phone reach higher than style.css's default), and taps
 * go through a toast to whatever is under it (style.css: pointer-events). */
function placeAboveHand(box) {
  const hand = $("hand");
  const r = hand && !hand.closest("[hidden]") ? hand.getBoundingClientRect() : null;
  const onScreen = r && r.height > 0 && r.top > 0 && r.top < innerHeight;
  box.style.bottom = onScreen ? `${Math.round(innerHeight - r.top + 6)}px` : "";
}

function show(el) {
  const box = $("toasts");
  el.dataset.screen = document.body.dataset.screen ?? "";
  el.dataset.at = String(Date.now());
  placeAboveHand(box);
  box.append(el);
  keepThree(box);
  setTimeout(() => el.remove(), TOAST_MS);
}

/** An error (kind "error", read out at once) or a piece of information ("info"). */
export function toast(message, kind = "error") {
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

/** Speak what changed between two views of the same match, as one message (no flood of little ones). */
export function announceChanges(s, prev, v) {
  if (!prev) return;
  const say = [];
  if (handKey(prev) !== handKey(v)) {
    if (v.thrown_in) say.push(thrownInText(s, v));
    say.push(`Hand ${v.hand_number}. ${s.spoken(v.dealer)} ${s.verb(v.dealer, "deal", "deals")}.`);
  } else {
    for (const c of v.auction.slice(prev.auction.length)) {
      const who = s.spoken(c.seat);
      say.push(c.call === "pass" ? `${who} ${s.verb(c.seat, "pass", "passes")}.` : `${who} ${s.verb(c.seat, "bid", "bids")} ${c.call}.`);
    }
    if (!prev.declarer && v.declarer && v.stuck) {
      say.push(`${s.spoken(v.declarer)} ${s.verb(v.declarer, "are", "is")} stuck with the bid at ${v.bid}.`);
    }
    if (!prev.trump && v.trump) {
      say.push(`${s.spoken(v.declarer)} ${s.verb(v.declarer, "name", "names")} ${SUIT[v.trump].name} trump.`);
    }
    if (!hasStock(v) && !Object.values(prev.melds ?? {}).some(Boolean) && Object.values(v.melds ?? {}).some(Boolean)) {
      // the meld laid on the table (views/felt.js): each seat's melds and points, then the sides'
      // (players alone, in cutthroat and auction, only the declarer melds)
      for (const seat of s.order) if (v.melds[seat]) say.push(meldWords(s, seat, v.melds[seat]));
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
    say.push(...newsWords(s, prev, v, stockNews(prev, v)));
  }
  const over = v.phase === Phase.HAND_END || v.phase === Phase.MATCH_END;
  if (prev.phase !== v.phase && over && v.last_hand && handKey(prev) === handKey(v)) {
    say.push(handResultWords(s, v.last_hand));
  }
  if (prev.phase !== v.phase && v.phase === Phase.MATCH_END) say.push(resultTitle(s, v.winner));
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
