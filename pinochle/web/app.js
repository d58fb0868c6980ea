// The browser table: renders the server's view for the player's own seat and
// sends moves. No rules live here: the legal moves are the ones the server
// sends in `view.legal`, and a refused move is explained by the server's
// `error`. The protocol is docs/protocol.md.
//
// A tab follows one of three things (`app.focus`): the home screen, the
// device's solo match, or its seat (a private room or a Quick Match, kept by
// the seat token in localStorage). Messages for the one it does not follow
// are kept but do not take the screen over.
//
// Names typed by people are always put on the page as text (textContent or
// text nodes via `h`), never as markup.

import {
  ActionType, ClientType, CloseCode, DEVICE_KEY, ErrorCode, Level, Phase, SEAT_KEY, ServerType, StateEvent,
} from "./protocol.js";
import { createFlow, initMotion } from "./anim.js";
import { afterTableRender, initKeys } from "./keys.js";
import { initSettings, welcomePace } from "./settings-ui.js";
import { play as playSound } from "./sounds.js";

// ------------------------------------------------------------------ constants

const SEATS = ["N", "E", "S", "W"]; // clockwise, as the engine numbers them
const POS = ["bottom", "left", "top", "right"]; // places around the table, clockwise from yours
const SEAT_NAME = Object.freeze({ S: "You", N: "Partner", W: "West", E: "East" }); // solo labels
const COMPASS = Object.freeze({ N: "North", E: "East", S: "South", W: "West" });
const SIDE_OF = Object.freeze({ N: "NS", S: "NS", E: "EW", W: "EW" });
const VS = "\uFE0E"; // text presentation: keep ♥ ♦ from turning into emoji
const SUIT = Object.freeze({
  S: { sym: "♠", name: "spades", title: "Spades", color: "black" },
  H: { sym: "♥", name: "hearts", title: "Hearts", color: "red" },
  D: { sym: "♦", name: "diamonds", title: "Diamonds", color: "red" },
  C: { sym: "♣", name: "clubs", title: "Clubs", color: "black" },
});
const RANK = Object.freeze({
  A: { txt: "A", name: "Ace" },
  T: { txt: "10", name: "Ten" },
  K: { txt: "K", name: "King" },
  Q: { txt: "Q", name: "Queen" },
  J: { txt: "J", name: "Jack" },
  9: { txt: "9", name: "Nine" },
});
const LEVEL_NAME = Object.freeze({ [Level.EASY]: "Easy", [Level.NORMAL]: "Normal", [Level.HARD]: "Hard" });
const SCREEN_KEY = "pinochle.screen"; // sessionStorage: "home", "table" (solo) or "seat": where a reloaded tab goes
const NAME_KEY = "pinochle.name"; // localStorage: the display name for rooms and Quick Match
const NAME_MAX = 20;
const SCREENS = ["connecting", "home", "table", "result", "lobby", "searching", "review"];
const SEAT_SCREENS = new Set(["lobby", "searching", "review"]);
const TOAST_MS = 4500;

// ------------------------------------------------------------------ state

function emptySeat() {
  return {
    match: null, view: null, table: null, // the seat's latest match, view and table facts
    room: null, // the room as this member sees it, or null
    search: null, // {players, deadline, matched} while Quick Match searches
    review: null, // the id of the room match whose result this person is still reading (until they go back)
  };
}

const app = {
  screen: "connecting", // one of SCREENS
  focus: "home", // what this tab follows: "home", "solo" or "seat"
  device: null,
  match: null, // the match shown at the table: summary, view and table facts (solo or seat)
  view: null,
  table: null,
  solo: { match: null, view: null, table: null }, // the device's solo match
  seat: emptySeat(),
  seatToken: null,
  welcomed: false, // a first welcome has been handled (later ones are reconnects)
  expectSeat: false, // this tab asked to create, join or search: follow the answer
  invite: null, // the room code of a `/?room=CODE` link
  wantTable: wantTableAtLoad(),
  busy: false, // a move was sent and its answer has not come back
  busyTimer: null,
  bidValue: null,
  bidMin: null,
  meldShownFor: null, // "matchId/hand" whose meld review was opened automatically
  summaryShownFor: null,
  confirmFn: null,
  timer: null, // the move timer: {seat, deadline (ms)}
};

const conn = { ws: null, attempt: 0, timer: null, open: false, welcomed: false };

// Every message from the server is handled in order; a state shown at the table waits for the
// animations of the one before it (anim.js). `table` says what the table shows now.
const flow = createFlow({
  handle: (msg) => onMessage(msg),
  table: () => ({ shown: app.screen === "table", view: app.view, matchId: app.match?.id ?? null }),
});

// ------------------------------------------------------------------ small helpers

const $ = (id) => document.getElementById(id);

/** Replace an element's children, skipping null/false entries. */
function fill(el, ...kids) {
  el.replaceChildren(...kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false));
}

function readStore(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function writeStore(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: keep it in memory */ }
}
function removeStore(key) {
  try { localStorage.removeItem(key); } catch { /* ignore */ }
}
function readSession(key) {
  try { return sessionStorage.getItem(key); } catch { return null; }
}
function writeSession(key, value) {
  try { sessionStorage.setItem(key, value); } catch { /* ignore */ }
}

/** How this page was loaded: "navigate" (a link, a new tab), "reload", "back_forward", or null. */
function navigationType() {
  try { return performance.getEntriesByType("navigation")[0]?.type ?? null; } catch { return null; }
}

/**
 * Whether a reloaded tab goes back to the solo table: it was there (or on its way there) before the
 * reload. A tab with no record of its screen (storage denied or cleared) that was reloaded goes back
 * too; a fresh visit (a new tab, a link) starts at Home, where "Resume match" is offered.
 */
function wantTableAtLoad() {
  const where = readSession(SCREEN_KEY);
  return where === "table" || (where === null && navigationType() === "reload");
}

/** Build an element: h("button", {class: "x", onclick: f}, "text", child). Strings become text, never markup. */
function h(tag, props = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : String(kid));
  }
  return el;
}

const suitSym = (s) => SUIT[s].sym + VS;
const num = (n) => (n < 0 ? `−${-n}` : String(n)); // a real minus sign
const signed = (n) => (n > 0 ? `+${n}` : num(n));
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const levelName = (l) => LEVEL_NAME[l] ?? String(l ?? "");
const list = (names) => (names.length <= 1 ? names.join("")
  : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);

// ------------------------------------------------------------------ seats, relative to yours

/** Your seat at the table shown (South in solo, and when a message has no table facts). */
function me() {
  const you = app.table?.you;
  return SEATS.includes(you) ? you : "S";
}
const isMe = (seat) => seat === me();

/** Whether the table shown has people's names (a room or Quick Match), not solo's fixed labels. */
function named() {
  return Boolean(app.table && app.table.kind !== "solo" && app.table.seats);
}

/** The table facts of a seat (a room or Quick Match), or null in solo. */
function facts(seat) {
  return named() ? app.table.seats[seat] ?? null : null;
}

/** A seat's full name as the server gives it ("Ann", "East (computer, Normal)"). */
function fullName(seat) {
  const name = facts(seat)?.name;
  return typeof name === "string" && name ? name : COMPASS[seat];
}

// A computer guest's name ends with its description, e.g. "East (computer, Normal)": the seat shows
// "East" and a Computer badge. A person's name is never shortened.
const COMPUTER_NAME = /^(.+?)\s*\((computer\b[^)]*)\)$/i;

/** "You", "Partner"/"West"/"East" in solo, else the name of the person (or computer guest) in the seat. */
function seatName(seat) {
  if (!seat) return "";
  if (isMe(seat)) return "You";
  if (!named()) return SEAT_NAME[seat] ?? seat;
  const name = fullName(seat);
  const short = facts(seat)?.computer ? COMPUTER_NAME.exec(name) : null;
  return short ? short[1] : name;
}

/** The place of a seat around the table: you are always at the bottom, your partner at the top. */
function posOf(seat, you = me()) {
  return POS[(SEATS.indexOf(seat) - SEATS.indexOf(you) + 4) % 4];
}
function seatAt(pos, you = me()) {
  return SEATS[(SEATS.indexOf(you) + POS.indexOf(pos)) % 4];
}

const mySide = () => SIDE_OF[me()];
const otherSide = (side) => (side === "NS" ? "EW" : "NS");
const sidesOrder = () => [mySide(), otherSide(mySide())];
const sideName = (side) => (side === mySide() ? "Us" : "Them");

/** "You & Partner", "West & East" (solo), "You & Ann", "Bob & Cy". */
function sideLong(side) {
  if (side === mySide()) return `You & ${seatName(seatAt("top"))}`;
  return `${seatName(seatAt("left"))} & ${seatName(seatAt("right"))}`;
}

/** The subject of a sentence about a side: "You and your partner", "West and East". */
function sideWords(side) {
  if (side === mySide()) return "You and your partner";
  return `${seatName(seatAt("left"))} and ${seatName(seatAt("right"))}`;
}

/** A verb for a seat: "you pass" / "West passes". */
const verb = (seat, mine, other) => (isMe(seat) ? mine : other);

function cardName(token) {
  return `${RANK[token[0]].name} of ${SUIT[token[1]].name}`;
}

/** The seat that played the i-th card of a trick led by `leader`. */
function seatOf(leader, i) {
  return SEATS[(SEATS.indexOf(leader) + i) % 4];
}

function thinking(seat) {
  return isMe(seat) ? "Your turn" : `${seatName(seat)} is thinking…`;
}

function takes(seat) {
  return isMe(seat) ? "You take" : `${seatName(seat)} takes`;
}

function suitChip(s) {
  return h("span", { class: `suit-chip ${SUIT[s].color}`, "aria-label": SUIT[s].name, role: "img" }, suitSym(s));
}

/**
 * A card face. `opts.button` makes it a <button>; `opts.size` is "" (hand),
 * "trick" or "mini".
 */
function cardEl(token, opts = {}) {
  const rank = RANK[token[0]];
  const suit = SUIT[token[1]];
  const court = "KQJ".includes(token[0]);
  const corner = (cls) => h("span", { class: `corner ${cls}`, "aria-hidden": "true" },
    h("span", { class: "rank" }, rank.txt), h("span", { class: "suit" }, suit.sym + VS));
  const face = court
    ? h("span", { class: "face court", "aria-hidden": "true" },
      h("span", { class: "court-rank" }, rank.txt), h("span", { class: "court-suit" }, suit.sym + VS))
    : h("span", { class: `face ${token[0] === "A" ? "ace" : ""}`, "aria-hidden": "true" }, suit.sym + VS);
  const props = {
    class: ["card", suit.color, opts.size ?? "", opts.class ?? ""].join(" ").trim(),
    "aria-label": opts.label ?? cardName(token),
    dataset: { card: token, ...(opts.dataset ?? {}) },
    ...(opts.props ?? {}),
  };
  if (opts.button) {
    props.type = "button";
    return h("button", props, corner("tl"), face, corner("br"));
  }
  props.role = "img";
  return h("span", props, corner("tl"), face, corner("br"));
}

// ------------------------------------------------------------------ toasts & announcements

function toast(message, kind = "error") {
  const box = $("toasts");
  const el = h("div", { class: `toast ${kind}`, "data-testid": "toast", role: kind === "error" ? "alert" : "status" }, message);
  el.addEventListener("click", () => el.remove());
  box.append(el);
  while (box.children.length > 3) box.firstElementChild.remove();
  setTimeout(() => el.remove(), TOAST_MS);
}

/**
 * News about the people around you (someone joined, left, went away, came back): a brief toast
 * that is only shown (not read out by the assertive toast region) and one polite announcement.
 */
function notice(lines) {
  if (!lines.length) return;
  const text = lines.join(" ");
  const box = $("toasts");
  const el = h("div", { class: "toast info notice", "data-testid": "notice", "aria-hidden": "true" }, text);
  el.addEventListener("click", () => el.remove());
  box.append(el);
  while (box.children.length > 3) box.firstElementChild.remove();
  setTimeout(() => el.remove(), TOAST_MS);
  announce(text);
}

/** Remove the toasts about moves and errors (news about people stays its few seconds). */
function clearToasts() {
  for (const t of $("toasts").querySelectorAll(".toast:not(.notice)")) t.remove();
}

/** "You are stuck at 250", "West bid 270": who holds the contract, in words. */
function contractText(seat, stuck, bid) {
  const who = seatName(seat);
  if (stuck) return `${who} ${verb(seat, "are", "is")} stuck at ${bid}`;
  return `${who} bid ${bid}`;
}

function announce(text) {
  const box = $("announcer");
  box.append(h("p", {}, text));
  while (box.children.length > 6) box.firstElementChild.remove();
}

/** How a seat is spoken of: "You", "Your partner" (solo), the person's name, "West". */
function spokenName(seat) {
  if (isMe(seat)) return "You";
  if (!named() && seat === seatAt("top")) return "Your partner";
  return seatName(seat);
}

/** "the ten of hearts". */
function cardWords(token) {
  return `the ${RANK[token[0]].name.toLowerCase()} of ${SUIT[token[1]].name}`;
}

function trickWinnerWords(seat) {
  return `${spokenName(seat)} ${verb(seat, "win", "wins")} the trick.`;
}

/** A hand's result as it is spoken: "We made 250: +310 to us, +60 to them. Match: us 560, them 420." */
function handResultWords(last) {
  const [us, them] = sidesOrder();
  const who = SIDE_OF[last.declarer] === us ? "We" : "They";
  const what = last.made ? `${who} made ${last.bid}` : `${who} went set at ${last.bid}`;
  return `${what}: ${signed(last.score[us])} to us, ${signed(last.score[them])} to them. `
    + `Match: us ${num(last.totals[us])}, them ${num(last.totals[them])}.`;
}

/** Speak what changed between two views of the same match, as one message (no flood of little ones). */
function announceChanges(prev, v) {
  if (!prev) return;
  const say = [];
  if (prev.hand_number !== v.hand_number) {
    say.push(`Hand ${v.hand_number}. ${spokenName(v.dealer)} ${verb(v.dealer, "deal", "deals")}.`);
  } else {
    for (const c of v.auction.slice(prev.auction.length)) {
      const who = spokenName(c.seat);
      say.push(c.call === "pass" ? `${who} ${verb(c.seat, "pass", "passes")}.` : `${who} ${verb(c.seat, "bid", "bids")} ${c.call}.`);
    }
    if (!prev.declarer && v.declarer && v.stuck) {
      say.push(`${spokenName(v.declarer)} ${verb(v.declarer, "are", "is")} stuck with the bid at ${v.bid}.`);
    }
    if (!prev.trump && v.trump) {
      say.push(`${spokenName(v.declarer)} ${verb(v.declarer, "name", "names")} ${SUIT[v.trump].name} trump.`);
      if (SEATS.some((s) => v.melds[s])) {
        const [us, them] = sidesOrder();
        say.push(`Meld: us ${v.meld_shown[us]}, them ${v.meld_shown[them]}.`);
      }
    }
    const before = flatPlays(prev);
    const now = flatPlays(v);
    for (const p of now.slice(before.length)) {
      say.push(`${spokenName(p.seat)} played ${cardWords(p.card)}.`);
      playSound("card");
      if (p.winner) {
        say.push(trickWinnerWords(p.winner));
        playSound("trick");
      }
    }
    // a trick completed by the card already announced (no new card, new winner)
    v.tricks.forEach((t, i) => {
      const old = prev.tricks[i];
      if (t.winner && old && !old.winner && old.cards.length === t.cards.length) {
        say.push(trickWinnerWords(t.winner));
        playSound("trick");
      }
    });
  }
  const over = v.phase === Phase.HAND_END || v.phase === Phase.MATCH_END;
  if (prev.phase !== v.phase && over && v.last_hand && prev.hand_number === v.hand_number) {
    say.push(handResultWords(v.last_hand));
  }
  if (prev.phase !== v.phase && v.phase === Phase.MATCH_END) {
    say.push(resultTitle(v.winner));
  }
  // a move was made and it is yours now (also your lead after your own card took the trick)
  if (legalKinds(v).length && !over) {
    say.push(statusText(v));
    playSound("turn");
  }
  if (say.length) announce(say.join(" "));
}

/**
 * Who left the table, went away, came back, or is played by a computer while away: the table
 * facts of two messages of the same match, compared seat by seat (one sentence per change; your
 * own seat is left out).
 */
function presenceChanges(prev, table) {
  const say = [];
  if (!prev?.seats || !table?.seats) return say;
  for (const seat of SEATS) {
    const a = prev.seats[seat];
    const b = table.seats[seat];
    if (!a || !b || isMe(seat) || a.computer) continue;
    const who = typeof a.name === "string" && a.name ? a.name : COMPASS[seat];
    if (b.computer) say.push(`${who} left the table; a computer plays the seat.`);
    else if (!a.stand_in && b.stand_in) say.push(`${who} is still away: a computer plays for them until they are back.`);
    else if (!a.connected && b.connected) say.push(`${who} is back.`);
    else if (a.connected && !b.connected) say.push(`${who} is away.`);
  }
  return say;
}

/** Who joined or left the room: two `room` messages of the same room, compared by member id (you left out). */
function roomChanges(prev, room) {
  const say = [];
  if (!prev || !room || prev.code !== room.code) return say;
  const before = new Map(lobbyMembers(prev).map((m) => [m.id, m.name]));
  const after = new Map(lobbyMembers(room).map((m) => [m.id, m.name]));
  for (const [id, name] of after) if (!before.has(id) && id !== room.you) say.push(`${name} joined the room.`);
  for (const [id, name] of before) if (!after.has(id) && id !== room.you) say.push(`${name} left the room.`);
  return say;
}

/** Every card played this hand in order, with its seat and (if it closed a trick) the winner. */
function flatPlays(v) {
  const out = [];
  for (const t of v.tricks) {
    t.cards.forEach((card, i) => {
      const closes = i === 3 && t.winner;
      out.push({ card, seat: seatOf(t.leader, i), winner: closes ? t.winner : null });
    });
  }
  return out;
}

// ------------------------------------------------------------------ connection

function wsUrl() {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

function connect() {
  clearTimeout(conn.timer);
  conn.timer = null;
  let ws;
  try {
    ws = new WebSocket(wsUrl());
  } catch {
    scheduleReconnect();
    return;
  }
  conn.ws = ws;
  ws.addEventListener("open", () => {
    if (conn.ws !== ws) return;
    conn.open = true;
    sendHello();
  });
  ws.addEventListener("message", (e) => {
    if (conn.ws !== ws) return;
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    if (msg && typeof msg === "object") flow.push(msg); // in order, each state after the last one's animations
  });
  ws.addEventListener("close", (e) => {
    if (conn.ws !== ws) return;
    conn.ws = null;
    conn.open = false;
    conn.welcomed = false;
    setIdle();
    if (e.code === CloseCode.BAD_HELLO) {
      // the stored tokens were refused: start afresh
      app.device = null;
      removeStore(DEVICE_KEY);
    } else if (e.code === CloseCode.TOO_BIG) {
      toast("The server refused a message that was too large.");
    }
    scheduleReconnect();
  });
}

/** Say hello with the device token and the seat token (a room or Quick Match seat) this browser keeps. */
function sendHello() {
  return rawSend({ type: ClientType.HELLO, device: app.device ?? readStore(DEVICE_KEY), seat: currentSeatToken() });
}

function currentSeatToken() {
  return readStore(SEAT_KEY) ?? app.seatToken ?? null;
}

function scheduleReconnect() {
  if (conn.timer) return;
  const base = Math.min(10000, 250 * 2 ** conn.attempt);
  const delay = Math.round(base * (0.75 + Math.random() * 0.5));
  conn.attempt += 1;
  showConnBanner(true);
  conn.timer = setTimeout(() => { conn.timer = null; connect(); }, delay);
}

function reconnectNow() {
  if (conn.ws || !conn.timer) return;
  clearTimeout(conn.timer);
  conn.timer = null;
  connect();
}

function showConnBanner(on) {
  $("conn").hidden = !on;
  document.body.dataset.connected = on ? "0" : "1";
}

function rawSend(msg) {
  if (!conn.ws || conn.ws.readyState !== WebSocket.OPEN) return false;
  conn.ws.send(JSON.stringify(msg));
  return true;
}

function send(msg) {
  if (!conn.welcomed || !rawSend(msg)) {
    toast("Not connected to the table — reconnecting…");
    reconnectNow();
    return false;
  }
  return true;
}

/** Ask for the shown match again (the server's copy is the truth). */
function askResume() {
  const seatMatch = app.focus === "seat" && app.match && app.match.kind !== "solo";
  rawSend(seatMatch ? { type: ClientType.RESUME, match: app.match.id } : { type: ClientType.RESUME });
}

function sendAction(action) {
  if (!app.view || app.busy) return;
  clearToasts(); // a new move: old news
  if (send({ type: ClientType.ACTION, match: app.match ? app.match.id : null, version: app.view.version, action })) {
    app.busy = true;
    document.body.dataset.busy = "1";
    // Every move is answered (a state or an error); if none comes, ask for the table again.
    clearTimeout(app.busyTimer);
    app.busyTimer = setTimeout(() => {
      if (!app.busy) return;
      setIdle();
      askResume();
    }, 8000);
  }
}

function setIdle() {
  app.busy = false;
  clearTimeout(app.busyTimer);
  document.body.dataset.busy = "0";
}

function onMessage(msg) {
  switch (msg.type) {
    case ServerType.WELCOME: return onWelcome(msg);
    case ServerType.STATE: return onState(msg);
    case ServerType.ERROR: return onError(msg);
    case ServerType.JOINED: return onJoined(msg);
    case ServerType.ROOM: return onRoom(msg);
    case ServerType.LEFT: return onLeft();
    case ServerType.SEARCHING: return onSearching(msg);
    case ServerType.MATCHED: return onMatched(msg);
    default: return undefined;
  }
}

// ------------------------------------------------------------------ the seat token

function keepSeatToken(token) {
  if (typeof token !== "string" || !token) return;
  app.seatToken = token;
  writeStore(SEAT_KEY, token);
}

/** Forget the seat: its token, its room, search and match. */
function forgetSeat() {
  app.seatToken = null;
  removeStore(SEAT_KEY);
  app.seat = emptySeat();
  if (app.focus === "seat") {
    app.match = null;
    app.view = null;
    app.table = null;
    app.timer = null;
  }
}

function hasSeat() {
  return Boolean(app.seatToken && (app.seat.room || app.seat.search || app.seat.match));
}

/** Show the solo match or the seat's match at the table. */
function adopt(which) {
  const slot = which === "seat" ? app.seat : app.solo;
  app.focus = which;
  app.match = slot.match;
  app.view = slot.view;
  app.table = slot.table ?? null;
}

// ------------------------------------------------------------------ messages

function onWelcome(msg) {
  conn.welcomed = true;
  conn.attempt = 0;
  showConnBanner(false);
  // the pace of the computer players is kept per connection: say it first, before any resume or new match
  const pace = welcomePace();
  if (pace) rawSend(pace);
  if (typeof msg.device === "string") {
    app.device = msg.device;
    writeStore(DEVICE_KEY, msg.device);
  }
  const first = !app.welcomed;
  app.welcomed = true;
  app.solo.match = msg.match ?? null;
  if (!app.solo.match) app.solo.view = null;
  const seat = msg.seat && typeof msg.seat === "object" && typeof msg.seat.token === "string" ? msg.seat : null;
  const followedSeat = app.focus === "seat";
  if (seat) {
    keepSeatToken(seat.token);
  } else if (app.seatToken || currentSeatToken()) {
    // the seat is no longer held (the room is gone, the search ended, ...)
    forgetSeat();
    if (followedSeat && !first) toast("Your seat is no longer held.", "info");
  }

  if (first) {
    const where = readSession(SCREEN_KEY);
    // a link to the room you are already in takes you to it; a link to another room shows the join form
    const sameRoom = Boolean(app.invite && seat && seat.room === app.invite);
    if (sameRoom) clearInvite();
    if (seat && (sameRoom || (where !== "home" && !(where === "table" && app.solo.match) && !app.invite))) {
      app.focus = "seat"; // the server resyncs the seat next: searching, room and/or the table
      return;
    }
    if (app.solo.match && app.wantTable) {
      app.focus = "solo";
      rawSend({ type: ClientType.RESUME });
      return;
    }
    showScreen("home");
    applyInvite();
    return;
  }
  // a reconnect: the server resyncs the seat; the solo match is asked for again
  if (followedSeat && seat) return;
  if (app.focus === "solo" && app.solo.match && app.wantTable) {
    rawSend({ type: ClientType.RESUME });
    return;
  }
  if (app.screen !== "home") showScreen("home");
  else renderHome();
}

function matchKind(msg) {
  const k = msg.match?.kind ?? msg.table?.kind;
  return k === "room" || k === "quick" ? k : "solo";
}

function onState(msg) {
  if (!msg.match || !msg.view) return;
  const kind = matchKind(msg);
  const which = kind === "solo" ? "solo" : "seat";
  if (which === "seat" && !currentSeatToken()) return; // a table this browser has left
  const slot = app[which];
  const prev = slot.view;
  const prevTable = slot.table;
  const shown = app.focus === which && (app.screen === "table" || app.screen === "result" || app.screen === "review");
  const atTable = app.focus === which && app.screen === "table";
  const sameMatch = Boolean(slot.match && slot.match.id === msg.match.id);
  slot.match = msg.match;
  slot.view = msg.view;
  slot.table = msg.table && typeof msg.table === "object" ? msg.table : null;
  if (which === "seat") {
    if (slot.search) slot.search = null;
    app.expectSeat = false;
  }

  let follow;
  if (which === "solo") {
    // A computer's move while the player is elsewhere does not pull them back; a new match or a resume does.
    follow = app.focus === "solo"
      || (app.focus === "home" && (msg.event === StateEvent.START || msg.event === StateEvent.RESUME));
  } else {
    // In the lobby the room's last match stays put until the next one starts.
    const inLobby = kind === "room" && app.seat.room && app.seat.room.phase === "lobby";
    follow = !inLobby && (app.focus === "seat" || (app.focus === "home" && msg.event === StateEvent.START));
  }
  if (!follow) {
    if (app.screen === "home") renderHome();
    return;
  }
  setIdle();
  adopt(which);
  setTimer(app.table);
  const v = app.view;
  if (isMe(v.turn) || (v.legal && Object.keys(v.legal).length)) {
    clearToasts(); // your move now: a "wait for …" toast from before is old news
  }
  if (shown && sameMatch && msg.event === StateEvent.MOVE) announceChanges(prev, v);
  // people coming and going at the table you are looking at (in the lobby and the review, the room says it)
  if (atTable && sameMatch) notice(presenceChanges(prevTable, app.table));
  if (msg.event === StateEvent.START) {
    announce(`New match. ${isMe(v.dealer) ? "You deal" : `${seatName(v.dealer)} deals`}.`);
  }
  if (v.phase === Phase.MATCH_END) showScreen(which === "solo" ? "result" : "review");
  else showScreen("table");
}

function onJoined(msg) {
  keepSeatToken(msg.token);
  const fresh = emptySeat();
  fresh.room = msg.room && typeof msg.room === "object" ? msg.room : null;
  app.seat = fresh;
  app.expectSeat = false;
  app.focus = "seat";
  clearInvite();
  routeSeat();
}

function onRoom(msg) {
  if (!msg.room || typeof msg.room !== "object" || !currentSeatToken()) return;
  const prev = app.seat.room;
  const room = msg.room;
  app.seat.room = room;
  app.seat.search = null;
  // In the lobby and the review, say who joined or left (at the table its own facts say it).
  const watching = app.focus === "seat" && (app.screen === "lobby" || app.screen === "review");
  if (watching) notice(roomChanges(prev, room));
  if (app.screen === "review" && stillReviewing() && prev?.phase !== "lobby") {
    announce("The room is back in the lobby. Return to it when you are ready.");
  }
  routeSeat();
}

/** Whether this person is still reading the result of the room's last match while the room is back in its lobby. */
function stillReviewing() {
  const s = app.seat;
  return Boolean(s.review && s.room && s.room.phase === "lobby" && (s.room.match ?? s.review) === s.review);
}

function onLeft() {
  const followed = app.focus === "seat" || SEAT_SCREENS.has(app.screen);
  forgetSeat();
  app.expectSeat = false;
  if (followed) showScreen("home");
  else if (app.screen === "home") renderHome();
}

function onSearching(msg) {
  keepSeatToken(msg.token);
  const players = Number.isFinite(msg.players) ? msg.players : 1;
  const left = Number.isFinite(msg.seconds_left) ? msg.seconds_left : null;
  if (app.expectSeat) {
    app.seat = emptySeat();
    app.focus = "seat";
    app.expectSeat = false;
  }
  app.seat.room = null;
  app.seat.search = { players, deadline: left === null ? null : Date.now() + left * 1000, matched: false };
  routeSeat();
}

function onMatched() {
  if (app.seat.search) app.seat.search.matched = true;
  else app.seat.search = { players: 4, deadline: null, matched: true };
  routeSeat();
}

/** Show what the seat is at (lobby, search, table or review), if this tab follows the seat. */
function routeSeat() {
  if (app.focus !== "seat") {
    if (app.screen === "home") renderHome();
    return;
  }
  const s = app.seat;
  const showMatch = () => {
    adopt("seat");
    setTimer(app.table);
    showScreen(s.view.phase === Phase.MATCH_END ? "review" : "table");
  };
  if (s.search) {
    showScreen("searching");
    return;
  }
  if (s.room) {
    if (s.room.phase === "lobby") {
      // Someone else took the room back to its lobby: this person keeps reading the result until
      // they press "Return to lobby" themselves; the review says the room is back in the lobby.
      if (app.screen === "review" && stillReviewing()) renderReviewLobbyNote();
      else showScreen("lobby");
    } else if (s.view && s.match && s.match.id === s.room.match) {
      showMatch();
    } else if (app.screen === "lobby") {
      renderLobby(); // the match is starting: its table follows
    }
    return;
  }
  if (s.view && s.match) showMatch();
}

function onError(msg) {
  setIdle();
  app.expectSeat = false;
  const text = typeof msg.message === "string" && msg.message ? msg.message : "Something went wrong.";
  switch (msg.code) {
    case ErrorCode.ILLEGAL:
    case ErrorCode.NOT_YOUR_TURN:
      toast(cap(text));
      break;
    case ErrorCode.STALE:
      toast("The table moved on — here it is again.");
      askResume();
      break;
    case ErrorCode.NO_MATCH:
      toast(cap(text));
      if (app.focus === "seat") {
        sendHello(); // resync the seat from the server
      } else {
        app.solo.match = null;
        app.solo.view = null;
        app.match = null;
        app.view = null;
        app.wantTable = false;
        showScreen("home");
      }
      break;
    case ErrorCode.NOT_IN_ROOM:
      toast(cap(text));
      sendHello(); // this tab's idea of the room is out of date
      break;
    default:
      toast(cap(text));
  }
  if (app.screen === "table") renderTable();
}

// ------------------------------------------------------------------ screens

function showScreen(name) {
  const was = app.screen;
  app.screen = name;
  document.body.dataset.screen = name;
  for (const s of SCREENS) $(`screen-${s}`).hidden = s !== name;
  if (name === "table" || name === "result") {
    if (app.focus === "seat") {
      writeSession(SCREEN_KEY, "seat");
    } else {
      app.focus = "solo";
      app.wantTable = true;
      writeSession(SCREEN_KEY, "table");
    }
  } else if (SEAT_SCREENS.has(name)) {
    app.focus = "seat";
    writeSession(SCREEN_KEY, "seat");
    closeDialogs();
  } else if (name === "home") {
    app.focus = "home";
    app.wantTable = false;
    writeSession(SCREEN_KEY, "home");
    closeDialogs();
  }
  document.body.dataset.you = name === "table" || name === "review" ? me() : "";
  document.body.dataset.kind = name === "table" || name === "review" ? (app.match?.kind ?? "solo") : "";
  if (name === "home") renderHome();
  if (name === "table") renderTable();
  if (name === "result") renderResult();
  if (name === "lobby") renderLobby();
  if (name === "searching") renderSearching();
  if (name === "review") renderReview(was !== "review");
}

function inProgress(m) {
  return Boolean(m && m.phase !== Phase.MATCH_END);
}

function matchLine(m) {
  return `Hand ${m.hand_number} · Us ${num(m.totals.NS)} · Them ${num(m.totals.EW)} · ${levelName(m.level)}`;
}

function resultLine(m) {
  const who = m.winner === "NS" ? "You and your partner won" : "West and East won";
  return `${who} · Us ${num(m.totals.NS)} · Them ${num(m.totals.EW)}`;
}

// ------------------------------------------------------------------ home

function renderHome() {
  const m = app.solo.match;
  const show = inProgress(m);
  const finished = Boolean(m && m.phase === Phase.MATCH_END);
  // a match in progress can be resumed; a finished one's result can be seen again
  $("resume-box").hidden = !(show || finished);
  $("resume-label").textContent = show ? "Resume match" : "Last match's result";
  $("resume-detail").textContent = show ? matchLine(m) : finished ? resultLine(m) : "";

  // the seat this browser holds: a room, a search or a Quick Match table
  const seated = hasSeat();
  $("seat-box").hidden = !seated;
  if (seated) {
    const s = app.seat;
    let label = "Back to your table";
    let detail = "";
    if (s.search) {
      label = "Back to Quick Match";
      detail = "Searching for players…";
    } else if (s.room) {
      label = "Back to your room";
      const phase = s.room.phase === "lobby" ? "in the lobby" : s.room.phase === "review" ? "result" : "match in play";
      detail = `Room ${s.room.code} · ${phase}`;
    } else if (s.match) {
      label = "Back to your Quick Match table";
      detail = s.match.phase === Phase.MATCH_END ? "Match over" : `Hand ${s.match.hand_number}`;
    }
    $("seat-resume-label").textContent = label;
    $("seat-resume-detail").textContent = detail;
    $("seat-leave").textContent = s.search ? "Stop searching" : s.room ? "Leave room" : "Leave table";
  }
}

/** The code of a `/?room=CODE` link, in canonical form (no spaces or dashes, upper case), or null. */
function inviteFromUrl() {
  let raw = null;
  try { raw = new URLSearchParams(location.search).get("room"); } catch { raw = null; }
  if (!raw) return null;
  const code = raw.replace(/[\s-]+/g, "").toUpperCase();
  return code && code.length <= 40 ? code : null;
}

/** Opened from a share link: fill in the code and take the player to the join form. */
function applyInvite() {
  if (!app.invite) return;
  $("join-code").value = app.invite;
  const note = $("invite-note");
  note.hidden = false;
  note.textContent = `You are invited to room ${app.invite}. Type your name and join.`;
  $("join-form").classList.add("invited");
  invitedButtons(true);
  $("join-form").scrollIntoView({ block: "center" });
  const name = $("name-input");
  if (!name.value.trim()) name.focus();
  else $("join-room").focus();
}

/** Opened from an invitation, "Join" is the highlighted button; otherwise "Create room" is. */
function invitedButtons(invited) {
  $("join-room").classList.toggle("primary", invited);
  $("create-room").classList.toggle("primary", !invited);
}

function clearInvite() {
  if (!app.invite) return;
  app.invite = null;
  $("invite-note").hidden = true;
  $("join-form").classList.remove("invited");
  invitedButtons(false);
  try {
    const url = new URL(location.href);
    url.searchParams.delete("room");
    history.replaceState(null, "", url.pathname + (url.search === "?" ? "" : url.search) + url.hash);
  } catch { /* ignore */ }
}

/** The trimmed display name from the name field, or null (and say why). */
function displayName() {
  const input = $("name-input");
  const name = input.value.trim();
  const length = [...name].length;
  if (length < 1 || length > NAME_MAX) {
    input.setAttribute("aria-invalid", "true");
    toast(length ? `A name has at most ${NAME_MAX} characters.` : "Type your name first (1 to 20 characters).");
    input.focus();
    return null;
  }
  input.removeAttribute("aria-invalid");
  writeStore(NAME_KEY, name);
  return name;
}

/** Whether leaving the current seat would hand a match in play to a computer. */
function seatInPlay() {
  const s = app.seat;
  if (!app.seatToken || !s.match || s.match.phase === Phase.MATCH_END) return false;
  return s.room ? s.room.phase === "playing" : !s.search;
}

/** Run `fn` now, or after the player confirms leaving a match in play. */
function leavingSeat(fn) {
  if (!seatInPlay()) {
    fn();
    return;
  }
  confirmThen({
    title: "Leave your table?",
    text: "A computer will take your seat in the match you are playing.",
    ok: "Leave and go on",
    cancel: "Stay",
  }, fn);
}

function createRoom() {
  const name = displayName();
  if (!name) return;
  const level = $("guest-level").value;
  leavingSeat(() => {
    if (send({ type: ClientType.CREATE_ROOM, name, level })) app.expectSeat = true;
  });
}

function joinRoom(e) {
  e?.preventDefault();
  const code = $("join-code").value.trim();
  if (!code) {
    $("join-code").setAttribute("aria-invalid", "true");
    toast("Type the room code you were given.");
    $("join-code").focus();
    return;
  }
  $("join-code").removeAttribute("aria-invalid");
  const name = displayName();
  if (!name) return;
  leavingSeat(() => {
    if (send({ type: ClientType.JOIN_ROOM, code, name })) app.expectSeat = true;
  });
}

function quickMatch() {
  const name = displayName();
  if (!name) return;
  leavingSeat(() => {
    if (send({ type: ClientType.QUICK_MATCH, name })) app.expectSeat = true;
  });
}

function backToSeat() {
  app.focus = "seat";
  const before = app.screen;
  routeSeat();
  if (app.screen === before) sendHello(); // nothing to show yet: ask the server for the seat again
}

function leaveSeat() {
  if (app.seat.search) send({ type: ClientType.CANCEL_SEARCH });
  else leavingSeat(() => send({ type: ClientType.LEAVE }));
}

function startMatch(level) {
  if (inProgress(app.solo.match)) {
    confirmThen({
      title: "Start a new match?",
      text: `Your match in progress (${matchLine(app.solo.match)}) will end if you start a new ${levelName(level)} match.`,
      ok: "Start new match",
      cancel: "Keep playing",
    }, () => newMatch(level));
    return;
  }
  newMatch(level);
}

function newMatch(level) {
  app.meldShownFor = null;
  app.summaryShownFor = null;
  if (send({ type: ClientType.NEW_MATCH, level })) wantSoloTable();
}

/** The player asked for the solo table: a reload before it arrives still goes there. */
function wantSoloTable() {
  app.wantTable = true;
  writeSession(SCREEN_KEY, "table");
}

function confirmThen({ title, text, ok, cancel }, fn) {
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-ok").textContent = ok;
  $("confirm-cancel").textContent = cancel;
  app.confirmFn = fn;
  $("confirm-dialog").showModal();
}

// ------------------------------------------------------------------ lobby

function roomLink(code) {
  return `${location.origin}/?room=${encodeURIComponent(code)}`;
}

function lobbyMembers(r) {
  return SEATS.map((s) => r.seats?.[s]).filter(Boolean);
}

function renderLobby() {
  const r = app.seat.room;
  if (!r) return;
  const focusKey = document.activeElement?.dataset?.focus ?? null;
  const members = lobbyMembers(r);
  const mine = SEATS.find((s) => r.seats?.[s]?.id === r.you) ?? "S";
  const creator = r.creator === r.you;
  const creatorName = members.find((m) => m.id === r.creator)?.name ?? "the creator";
  const guestLevel = levelName(r.level);

  $("room-code").textContent = r.code;
  $("room-code").setAttribute("aria-label", `Room code ${[...String(r.code)].join(" ")}`);
  $("room-link").textContent = roomLink(r.code);

  for (const pos of POS) {
    const seat = seatAt(pos, mine);
    const el = $(`lobby-${pos}`);
    const m = r.seats?.[seat] ?? null;
    const you = m && m.id === r.you;
    const relation = pos === "bottom" ? "your seat" : pos === "top" ? "your partner" : "opponent";
    el.setAttribute("data-testid", `lobby-seat-${seat}`);
    el.dataset.seat = seat;
    el.classList.toggle("open", !m);
    el.classList.toggle("ready", Boolean(m?.ready));
    el.classList.toggle("you", Boolean(you));
    const badges = [];
    if (you) badges.push(h("span", { class: "badge you" }, "You"));
    if (m && m.id === r.creator) badges.push(h("span", { class: "badge creator" }, "Creator"));
    if (m) {
      badges.push(m.ready
        ? h("span", { class: "badge ready-mark", "data-testid": `ready-${seat}` }, "✓ Ready")
        : h("span", { class: "badge not-ready", "data-testid": `ready-${seat}` }, "Not ready"));
    }
    let arrange = null;
    if (creator && r.phase === "lobby") {
      const id = `arrange-${seat}`;
      arrange = h("div", { class: "arrange" },
        h("label", { for: id, class: "sr-only" }, `Who sits ${COMPASS[seat]}`),
        h("select", {
          id, class: "input arrange-select", "data-testid": id, "data-focus": id,
          onchange: (e) => arrangeSeat(seat, e.target.value || null),
        },
        h("option", { value: "", disabled: m ? true : null, selected: m ? null : true }, `Open (computer)`),
        ...members.map((p) => h("option", { value: p.id, selected: m && p.id === m.id ? true : null }, p.name))));
    }
    fill(el,
      h("div", { class: "lseat-head" },
        h("span", { class: "compass" }, COMPASS[seat]),
        h("span", { class: "relation" }, relation)),
      h("div", { class: "lseat-name", "data-testid": `lobby-name-${seat}` }, m ? m.name : "Open seat"),
      m ? h("div", { class: "lseat-badges" }, badges)
        : h("div", { class: "lseat-badges" }, h("span", { class: "badge guest" }, `Computer guest (${guestLevel})`)),
      arrange);
    const parts = [`${COMPASS[seat]}, ${relation}`, m ? (you ? `you, ${m.name}` : m.name) : `open: computer guest (${guestLevel})`,
      m && m.id === r.creator ? "creator" : "", m ? (m.ready ? "ready" : "not ready") : ""].filter(Boolean);
    el.setAttribute("aria-label", parts.join(", "));
  }

  // Ready toggle
  const meMember = r.seats?.[mine];
  const ready = Boolean(meMember?.ready);
  const toggle = $("ready-toggle");
  toggle.setAttribute("aria-pressed", ready ? "true" : "false");
  toggle.classList.toggle("on", ready);
  toggle.textContent = ready ? "✓ Ready" : "Ready";
  toggle.setAttribute("aria-label", "Ready");
  toggle.disabled = r.phase !== "lobby";

  // Start (creator)
  const allReady = members.length > 0 && members.every((m) => m.ready);
  const start = $("start-match");
  start.hidden = !creator;
  start.disabled = !(allReady && r.phase === "lobby");

  // status line
  const waiting = members.filter((m) => !m.ready).map((m) => (m.id === r.you ? "you" : m.name));
  const open = 4 - members.length;
  let status;
  if (r.phase !== "lobby") status = "The match is starting…";
  else if (waiting.length) status = `Waiting for ${list(waiting)} to be Ready.`;
  else if (creator) status = "Everyone is Ready: start the match.";
  else status = `Everyone is Ready: waiting for ${creatorName} to start.`;
  if (r.phase === "lobby" && open > 0) {
    status += ` ${open === 1 ? "The open seat is" : `The ${open} open seats are`} played by computer guests (${guestLevel}).`;
  }
  $("lobby-status").textContent = status;

  // settings
  $("creator-settings").hidden = !creator;
  const levelSel = $("room-level");
  levelSel.value = r.level;
  levelSel.disabled = r.phase !== "lobby";
  const timerSel = $("room-timer");
  const tv = r.move_timer === null || r.move_timer === undefined ? "off" : String(Math.round(r.move_timer));
  if (![...timerSel.options].some((o) => o.value === tv)) timerSel.append(h("option", { value: tv }, `${tv} s`));
  timerSel.value = tv;
  timerSel.disabled = r.phase !== "lobby";
  $("settings-text").textContent = creator
    ? "Only you, the creator, can change these and arrange the seats."
    : `Computer guests: ${guestLevel} · Move timer: ${tv === "off" ? "off" : `${tv} s`} · ${creatorName} arranges the seats and starts.`;

  if (focusKey) {
    const el = document.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    if (el) el.focus({ preventScroll: true });
  }
}

/** The creator puts a member in `seat` (swapping with whoever sat there). */
function arrangeSeat(seat, memberId) {
  const r = app.seat.room;
  if (!r) return;
  const seats = {};
  for (const s of SEATS) seats[s] = r.seats?.[s]?.id ?? null;
  const current = seats[seat];
  if (!memberId || memberId === current) {
    renderLobby();
    return;
  }
  const from = SEATS.find((s) => seats[s] === memberId);
  if (from) seats[from] = current; // a swap; the seat left behind may become open
  seats[seat] = memberId;
  send({ type: ClientType.ARRANGE, seats });
}

async function copyText(text, what) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    // no clipboard API (not a secure page) or no permission: the old way
    const ta = h("textarea", { class: "sr-only", readonly: true, "aria-hidden": "true" });
    ta.value = text;
    document.body.append(ta);
    ta.select();
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    ta.remove();
  }
  if (ok) toast(`${what} copied.`, "info");
  else toast(`Could not copy: select the ${what.toLowerCase()} and copy it.`);
}

// ------------------------------------------------------------------ Quick Match search

function renderSearching() {
  const s = app.seat.search;
  if (!s) return;
  $("search-title").textContent = s.matched ? "Table found — dealing…" : "Finding players…";
  $("search-count").textContent = String(s.players);
  $("cancel-search").disabled = s.matched;
  renderSearchCountdown();
}

function renderSearchCountdown() {
  const s = app.seat.search;
  const el = $("search-countdown");
  if (!s || s.matched || s.deadline === null) {
    el.textContent = "";
    return;
  }
  const left = Math.max(0, Math.ceil((s.deadline - Date.now()) / 1000));
  el.textContent = left > 0 ? `Starting in ${left} s — computers fill any empty seats.` : "Starting with computer guests…";
  el.dataset.seconds = String(left);
}

// ------------------------------------------------------------------ the move timer

function setTimer(table) {
  const t = table?.timer;
  app.timer = t && Number.isFinite(t.seconds)
    ? { seat: SEATS.includes(t.seat) ? t.seat : null, deadline: Date.now() + t.seconds * 1000 }
    : null;
}

function timerLeft() {
  return app.timer ? Math.max(0, Math.ceil((app.timer.deadline - Date.now()) / 1000)) : null;
}

function renderTimer() {
  const el = $("move-timer");
  const left = timerLeft();
  const v = app.view;
  if (left === null || !v || v.phase === Phase.MATCH_END) {
    el.hidden = true;
    for (const p of document.querySelectorAll(".timer-pill")) p.remove();
    return;
  }
  const seat = app.timer.seat;
  el.hidden = false;
  el.dataset.seconds = String(left);
  el.classList.toggle("urgent", left <= 10);
  if (seat === null) el.textContent = `Next hand in ${left} s`;
  else if (isMe(seat)) el.textContent = `${left} s left for your move, then the computer plays it`;
  else el.textContent = `${seatName(seat)} has ${left} s to move`;
  for (const p of document.querySelectorAll(".timer-pill")) {
    p.textContent = `${left} s`;
    p.classList.toggle("urgent", left <= 10);
  }
}

function tick() {
  if (app.screen === "searching") renderSearchCountdown();
  if (app.screen === "table" && app.timer) renderTimer();
}

// ------------------------------------------------------------------ the table

function handKey(v) {
  return `${app.match?.id}/${v.hand_number}`;
}

function completedTricks(v) {
  return v.tricks.filter((t) => t.winner).length;
}

function lastCall(v, seat) {
  for (let i = v.auction.length - 1; i >= 0; i--) {
    if (v.auction[i].seat === seat) return v.auction[i].call;
  }
  return null;
}

function legalKinds(v) {
  return Object.keys(v.legal ?? {}).sort();
}

/** The people the next hand waits for (they have not asked for it yet), by name. */
function waitingForNext(v) {
  if (v.phase !== Phase.HAND_END || !named()) return [];
  return SEATS.filter((s) => {
    const f = facts(s);
    return f && !f.computer && !f.next_ready && !f.stand_in && !isMe(s);
  }).map(seatName);
}

function renderTable() {
  const v = app.view;
  if (!v) return;
  const focusKey = document.activeElement?.dataset?.focus ?? null;

  document.body.dataset.phase = v.phase;
  document.body.dataset.version = String(v.version);
  document.body.dataset.legal = legalKinds(v).join(",");
  document.body.dataset.turn = v.turn ?? "";
  document.body.dataset.you = me();
  document.body.dataset.kind = app.match?.kind ?? "solo";

  renderTopbar(v);
  for (const pos of POS) renderSeat(v, seatAt(pos), pos);
  renderCentre(v);
  renderStatus(v);
  renderSides(v);
  renderControls(v);
  renderHand(v);
  renderTimer();

  // dialogs that follow the view
  const hasMeld = SEATS.some((s) => v.melds[s]);
  $("meld-btn").disabled = !hasMeld;
  $("last-trick-btn").disabled = !lastCompleted(v);
  $("scores-btn").disabled = false;
  if ($("meld-dialog").open) renderMeld(v);
  if ($("scores-dialog").open) renderScores(v);

  if (v.phase === Phase.HAND_END && v.last_hand) {
    renderSummary(v);
    if (app.summaryShownFor !== handKey(v)) {
      app.summaryShownFor = handKey(v);
      closeDialogs();
      $("summary-dialog").showModal();
      if (v.legal?.deal) $("next-hand").focus();
    }
  } else {
    if ($("summary-dialog").open) $("summary-dialog").close();
    if (v.phase === Phase.PLAY && hasMeld && completedTricks(v) === 0 && app.meldShownFor !== handKey(v)) {
      app.meldShownFor = handKey(v);
      renderMeld(v);
      closeDialogs();
      $("meld-dialog").showModal();
    }
  }

  if (focusKey && !document.querySelector("dialog[open]")) {
    let el = document.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    if (!el && focusKey.startsWith("card-")) {
      // the focused card was played: keep the focus in the hand, at the same place
      const cards = $("hand").querySelectorAll("button.card");
      el = cards[Math.min(Number(focusKey.split("-")[1]), cards.length - 1)] ?? null;
    }
    if (el) el.focus({ preventScroll: true });
  }
  afterTableRender(v); // keys.js: the hand's tab stop; the focus when your turn starts or its element went away
}

function closeDialogs() {
  for (const d of document.querySelectorAll("dialog[open]")) d.close();
}

function renderTopbar(v) {
  $("hand-no").textContent = `Hand ${v.hand_number}`;
  const c = $("contract");
  fill(c);
  if (v.declarer) {
    c.append(
      h("span", { class: "contract-who" }, `${seatName(v.declarer)} `,
        h("span", { class: "wide-only" }, v.stuck ? `${verb(v.declarer, "are", "is")} stuck at ` : "bid ")),
      h("strong", {}, String(v.bid)),
    );
    if (v.trump) c.append(" ", h("span", { class: "wide-only" }, "· Trump "), suitChip(v.trump));
  } else if (v.phase === Phase.AUCTION) {
    c.append("Auction");
  }
  const done = completedTricks(v);
  const tc = $("trick-count");
  tc.dataset.value = String(done);
  tc.textContent = v.phase === Phase.PLAY || v.phase === Phase.HAND_END || v.phase === Phase.MATCH_END
    ? `${done}/12 tricks` : "";
  const tag = $("room-tag");
  const kind = app.match?.kind;
  tag.hidden = !(kind === "room" || kind === "quick");
  tag.textContent = kind === "room" ? `Room ${app.table?.room ?? app.seat.room?.code ?? ""}`.trim() : kind === "quick" ? "Quick Match" : "";
  const ms = $("match-score");
  const [us, them] = sidesOrder();
  fill(ms,
    h("span", { class: `side ${us}` }, "Us ", h("strong", {}, num(v.totals[us]))),
    h("span", { class: `side ${them}` }, "Them ", h("strong", {}, num(v.totals[them]))),
    h("span", { class: "to" }, "to 1500"),
  );
  ms.setAttribute("aria-label", `Match score: us ${v.totals[us]}, them ${v.totals[them]}; first to 1500`);
}

function renderSeat(v, seat, pos) {
  const el = $(`pos-${pos}`);
  el.setAttribute("data-testid", `seat-${seat}`);
  el.dataset.seat = seat;
  const isTurn = v.turn === seat && (v.phase === Phase.AUCTION || v.phase === Phase.TRUMP
    || v.phase === Phase.MELD || v.phase === Phase.PLAY);
  el.classList.toggle("is-turn", isTurn);
  el.dataset.turn = isTurn ? "true" : "false";
  const f = facts(seat);
  const away = Boolean(f && !f.computer && !f.connected);
  const standIn = Boolean(f && f.stand_in);
  el.classList.toggle("away", away || standIn);
  const badges = [];
  if (f && f.computer && !isMe(seat)) badges.push(seatBadge("computer", "Computer", "CPU", { title: fullName(seat) }));
  if (v.dealer === seat) badges.push(seatBadge("dealer", "Dealer", null, { title: "Dealer" }));
  if (v.declarer === seat) badges.push(seatBadge("declarer", "Declarer", "Decl.", { title: "Declarer" }));
  if (standIn) {
    badges.push(seatBadge("stand-in", "Computer playing", "CPU plays",
      { "data-testid": `stand-in-${seat}`, title: "A computer plays until they are back" }));
  } else if (away) badges.push(seatBadge("away", "Away", null, { "data-testid": `away-${seat}`, title: "Disconnected" }));
  if (v.phase === Phase.HAND_END && f && !f.computer && f.next_ready) {
    badges.push(seatBadge("next-ready", "✓ Next", null, { title: "Asked for the next hand" }));
  }
  const call = lastCall(v, seat);
  let callText = "";
  if (call === "pass") callText = "Pass";
  else if (call) callText = `Bid ${call}`;
  else if (v.stuck && v.declarer === seat) callText = `Stuck ${v.bid}`;
  const n = v.hand_sizes[seat];
  const backs = isMe(seat) ? null
    : h("span", { class: "backs", "aria-hidden": "true" },
      ...Array.from({ length: Math.min(n, 6) }, () => h("span", { class: "back" })));
  const timed = app.timer && app.timer.seat === seat && isTurn;
  const name = seatName(seat);
  fill(el,
    h("div", { class: "seat-head" },
      h("span", { class: "seat-name", "data-testid": `seat-name-${seat}`, title: named() && !isMe(seat) ? fullName(seat) : null }, name),
      ...badges),
    h("div", { class: "seat-body" },
      backs,
      h("span", { class: "count", "data-testid": `count-${seat}` }, `${n} card${n === 1 ? "" : "s"}`),
      callText ? h("span", { class: `call ${call === "pass" ? "pass" : ""}`, "data-testid": `call-${seat}` }, callText) : null),
    isTurn ? h("div", { class: "turn-note" }, isMe(seat) ? "Your turn" : h("span", { class: "dots" }, "thinking"),
      timed ? h("span", { class: "timer-pill", "data-testid": `timer-${seat}`, title: "Move timer" }, `${timerLeft()} s`) : null) : null,
  );
  const who = isMe(seat) ? `You, ${COMPASS[seat]}` : named() ? `${name}, ${COMPASS[seat]}` : name;
  const parts = [who, ...badges.map((b) => b.dataset.label), `${n} cards`, callText, isTurn ? thinking(seat) : ""].filter(Boolean);
  el.setAttribute("aria-label", parts.join(", "));
}

/**
 * A badge of a seat at the table. `short` is shown instead of the name when the seat is too narrow
 * (a side seat on a phone, style.css); the full name stays for screen readers and in the seat's label.
 */
function seatBadge(kind, label, short, props = {}) {
  const text = short
    ? [h("span", { class: "badge-full" }, label), h("span", { class: "badge-short", "aria-hidden": "true" }, short)]
    : [label];
  return h("span", { class: `badge ${kind}`, dataset: { label }, ...props }, ...text);
}

function renderCentre(v) {
  const el = $("centre");
  const trick = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
  const prevTrick = el.dataset.trickKey;
  const key = `${app.match?.id}/${v.hand_number}/${v.tricks.length}`;
  const prevCount = prevTrick === key ? Number(el.dataset.count) : 0;
  el.dataset.trickKey = key;
  el.dataset.count = String(trick ? trick.cards.length : 0);
  fill(el);
  el.classList.toggle("has-trick", Boolean(trick));

  if (!trick || v.phase === Phase.AUCTION || v.phase === Phase.TRUMP || v.phase === Phase.MELD) {
    el.setAttribute("aria-label", "Table centre");
    el.append(centreInfo(v));
    return;
  }
  el.setAttribute("aria-label", trick.winner ? `Last trick, won by ${seatName(trick.winner)}` : "Current trick");
  trick.cards.forEach((card, i) => {
    const seat = seatOf(trick.leader, i);
    const fresh = i >= prevCount;
    const won = trick.winner === seat && isWinningCard(trick, i);
    el.append(h("div", { class: `slot slot-${posOf(seat)} ${fresh ? "fresh" : ""} ${won ? "won" : ""}`, "data-testid": `trick-${seat}` },
      cardEl(card, { size: "trick", label: `${seatName(seat)}: ${cardName(card)}` })));
  });
  if (trick.winner) {
    el.append(h("div", { class: "trick-winner", "data-testid": "trick-winner" }, `${takes(trick.winner)} the trick`));
  }
}

/** Which card of a complete trick is the winner's (its seat's card). */
function isWinningCard(trick, i) {
  return seatOf(trick.leader, i) === trick.winner;
}

function centreInfo(v) {
  const box = h("div", { class: "centre-info" });
  if (v.phase === Phase.AUCTION) {
    box.append(h("div", { class: "ci-title" }, "Auction"));
    if (v.high_bid) {
      box.append(h("div", { class: "ci-big", "data-testid": "high-bid" }, String(v.high_bid)),
        h("div", { class: "ci-who" }, `high bid · ${seatName(v.high_bidder)}`));
    } else {
      box.append(h("div", { class: "ci-big", "data-testid": "high-bid" }, "—"), h("div", {}, "no bid yet"));
    }
  } else if (v.phase === Phase.TRUMP) {
    box.append(h("div", { class: "ci-title" }, contractText(v.declarer, v.stuck, v.bid)),
      h("div", {}, isMe(v.declarer) ? "Name trump" : `${seatName(v.declarer)} is naming trump…`));
  } else if (v.phase === Phase.MELD) {
    box.append(h("div", { class: "ci-title" }, "Meld"), h("div", {}, "laying down meld…"));
  } else if (v.phase === Phase.PLAY) {
    box.append(h("div", { class: "ci-title" }, "Trump"), v.trump ? h("div", { class: "ci-big" }, suitChip(v.trump)) : null,
      h("div", { class: "ci-who" }, `${seatName(v.turn)} ${verb(v.turn, "lead", "leads")}`));
  }
  return box;
}

function statusText(v) {
  const L = v.legal ?? {};
  if (v.phase === Phase.HAND_END) {
    if (L.deal) return "Hand over — see the summary, then deal the next hand.";
    const waiting = waitingForNext(v);
    return waiting.length ? `Waiting for ${list(waiting)}…` : "Dealing the next hand…";
  }
  if (v.phase === Phase.MATCH_END) return "Match over.";
  if (L.bid || L.pass) {
    return v.high_bid ? `Your turn: bid at least ${L.bid ? L.bid.min : "—"} or pass (high bid ${v.high_bid}, ${seatName(v.high_bidder)}).`
      : `Your turn: open the bidding at ${L.bid ? L.bid.min : "—"} or more, or pass.`;
  }
  if (L.trump) return v.stuck ? `You are stuck with the bid at ${v.bid}: name trump.` : `You won the bid at ${v.bid}. Name trump.`;
  if (L.play) {
    const trick = v.tricks.at(-1);
    return trick && trick.cards.length < 4 ? "Your turn: play a card." : "Your lead: play a card.";
  }
  if (v.turn) return thinking(v.turn);
  return "";
}

function renderStatus(v) {
  const el = $("status");
  const mine = legalKinds(v).length > 0 && v.phase !== Phase.HAND_END;
  el.textContent = statusText(v);
  el.classList.toggle("mine", mine);
  el.dataset.mine = mine ? "true" : "false";
}

function renderSides(v) {
  const el = $("sides");
  fill(el, ...sidesOrder().map((side) => h("div", { class: `side-box ${side}`, "data-testid": `side-${side}` },
    h("span", { class: "side-name" }, sideName(side)),
    h("span", {}, "Tricks ", h("strong", {}, String(v.tricks_won[side]))),
    h("span", {}, "Counters ", h("strong", {}, String(v.counters[side]))),
    h("span", {}, "Meld ", h("strong", {}, String(v.meld_shown[side]))))));
}

function renderControls(v) {
  const el = $("controls");
  const L = v.legal ?? {};
  fill(el);
  if (L.bid || L.pass) {
    if (L.bid) {
      if (app.bidMin !== L.bid.min || app.bidValue === null || app.bidValue < L.bid.min) {
        app.bidMin = L.bid.min;
        app.bidValue = L.bid.min;
      }
    }
    const step = L.bid ? L.bid.step : 10;
    const group = h("div", { class: "auction", role: "group", "aria-label": "Your bid" });
    if (L.bid) {
      group.append(
        h("button", {
          class: "btn step", type: "button", "data-testid": "bid-minus", "data-focus": "bid-minus", "aria-label": `Lower the bid by ${step}`,
          disabled: app.bidValue <= L.bid.min,
          onclick: () => { app.bidValue = Math.max(L.bid.min, app.bidValue - step); renderTable(); },
        }, "−"),
        h("output", { class: "bid-value", "data-testid": "bid-value", "aria-live": "polite", "aria-label": "Bid" }, String(app.bidValue)),
        h("button", {
          class: "btn step", type: "button", "data-testid": "bid-plus", "data-focus": "bid-plus", "aria-label": `Raise the bid by ${step}`,
          onclick: () => { app.bidValue += step; renderTable(); },
        }, "+"),
        h("button", {
          class: "btn primary", type: "button", "data-testid": "bid-button", "data-focus": "bid-button",
          onclick: () => sendAction({ type: ActionType.BID, bid: app.bidValue }),
        }, `Bid ${app.bidValue}`),
      );
    }
    if (L.pass) {
      group.append(h("button", {
        class: "btn", type: "button", "data-testid": "pass-button", "data-focus": "pass-button",
        onclick: () => sendAction({ type: ActionType.PASS }),
      }, "Pass"));
    }
    el.append(group);
  } else if (L.trump) {
    el.append(h("div", { class: "trumps", role: "group", "aria-label": "Name trump" },
      h("span", { class: "label" }, "Trump:"),
      ...L.trump.map((s) => h("button", {
        class: `btn suit-btn ${SUIT[s].color}`, type: "button", "data-testid": `trump-${s}`, "data-focus": `trump-${s}`,
        "aria-label": `${SUIT[s].title} trump`,
        onclick: () => sendAction({ type: ActionType.TRUMP, suit: s }),
      }, h("span", { class: "sym", "aria-hidden": "true" }, suitSym(s)), h("span", { class: "nm" }, SUIT[s].title)))));
  } else if (v.phase === Phase.HAND_END) {
    // once you asked for the next hand, the status line says whom the table waits for
    el.append(h("div", { class: "hand-end" },
      h("button", { class: "btn", type: "button", "data-testid": "show-summary", onclick: () => { renderSummary(v); $("summary-dialog").showModal(); } }, "Hand summary"),
      L.deal ? h("button", { class: "btn primary", type: "button", "data-testid": "next-hand-inline", onclick: dealNext }, "Next hand") : null));
  }
}

function renderHand(v) {
  const el = $("hand");
  const playable = new Set(v.legal?.play ?? []);
  const myPlay = playable.size > 0;
  el.style.setProperty("--n", String(Math.max(v.hand.length, 1)));
  el.classList.toggle("my-play", myPlay);
  el.setAttribute("aria-label", myPlay ? `Your hand: ${playable.size === 1 ? "1 card" : `${countPlayable(v.hand, playable)} cards`} can be played`
    : "Your hand");
  fill(el, ...v.hand.map((token, i) => {
    const ok = playable.has(token);
    const cls = myPlay ? (ok ? "legal" : "illegal") : "";
    return cardEl(token, {
      button: true,
      class: cls,
      dataset: { legal: ok ? "true" : "false", focus: `card-${i}-${token}` },
      props: { "data-testid": "card", title: myPlay && !ok ? "Not playable now — click to see why" : null },
      label: myPlay ? `${cardName(token)}${ok ? ", playable" : ""}` : cardName(token),
    });
  }));
}

function countPlayable(hand, playable) {
  return hand.filter((t) => playable.has(t)).length;
}

function onHandClick(e) {
  const btn = e.target.closest("button.card");
  if (!btn || !app.view) return;
  if (app.busy) return;
  // No rules here: send the play and let the server explain a refusal.
  sendAction({ type: ActionType.PLAY, card: btn.dataset.card });
}

function dealNext() {
  if ($("summary-dialog").open) $("summary-dialog").close();
  sendAction({ type: ActionType.DEAL });
}

// ------------------------------------------------------------------ dialogs

function lastCompleted(v) {
  for (let i = v.tricks.length - 1; i >= 0; i--) if (v.tricks[i].winner) return { trick: v.tricks[i], index: i };
  return null;
}

function renderLastTrick(v) {
  const body = $("trick-body");
  const last = lastCompleted(v);
  if (!last) {
    fill(body, h("p", {}, "No trick has been completed yet."));
    return;
  }
  const { trick, index } = last;
  const spread = h("div", { class: "trick-spread" }, ...trick.cards.map((card, i) => {
    const seat = seatOf(trick.leader, i);
    return h("figure", { class: `played ${seat === trick.winner ? "won" : ""}` },
      cardEl(card, { size: "trick", label: `${seatName(seat)}: ${cardName(card)}` }),
      h("figcaption", {}, seatName(seat), i === 0 ? " (led)" : ""));
  }));
  fill(body,
    h("p", {}, `Trick ${index + 1}: `, h("strong", {}, isMe(trick.winner) ? "you took it" : `${seatName(trick.winner)} took it`), "."),
    spread,
  );
}

function renderMeld(v) {
  const body = $("meld-body");
  const seatsOrder = ["bottom", "left", "top", "right"].map((p) => seatAt(p));
  const blocks = seatsOrder.map((seat) => {
    const m = v.melds[seat];
    const items = !m ? [h("p", { class: "muted" }, "not laid down yet")]
      : m.melds.length === 0 ? [h("p", { class: "muted" }, "no meld")]
        : [h("ul", { class: "meld-list" }, ...m.melds.map((it) => h("li", {},
          h("span", { class: "meld-name" }, cap(it.name)),
          h("span", { class: "meld-pts" }, String(it.points)),
          h("span", { class: "meld-cards" }, ...it.cards.map((c) => cardEl(c, { size: "mini" }))))))];
    return h("section", { class: `meld-seat ${SIDE_OF[seat] === mySide() ? "us" : "them"}`, "data-testid": `meld-${seat}` },
      h("h3", {}, h("span", { class: "meld-who" }, seatName(seat)), h("span", { class: "meld-total" }, m ? String(m.total) : "–")),
      ...items);
  });
  const [us, them] = sidesOrder();
  fill(body,
    v.trump ? h("p", {}, "Trump: ", suitChip(v.trump), ` · ${contractText(v.declarer, v.stuck, v.bid)}`) : null,
    h("div", { class: "meld-grid" }, ...blocks),
    h("p", { class: "meld-sides", "data-testid": "meld-sides" },
      h("span", {}, `${sideLong(us)}: `, h("strong", {}, String(v.meld_shown[us]))),
      h("span", {}, `${sideLong(them)}: `, h("strong", {}, String(v.meld_shown[them])))),
    h("p", { class: "muted small" }, "A side keeps its meld only if it takes at least one trick."),
  );
}

/** Kept meld plus counters: what the declaring side needs to reach its bid, and what a defending side scores. */
const earned = (last, side) => last.kept_meld[side] + last.counters[side];

function handResultSentence(last) {
  const side = SIDE_OF[last.declarer];
  const who = sideWords(side);
  if (last.made) return `${who} made the bid of ${last.bid}.`;
  const whose = side === mySide() ? "your" : "their";
  return `${who} went set at ${last.bid}: meld and counters came to ${earned(last, side)}, so the bid is taken off ${whose} total.`;
}

function summaryTable(last) {
  const [us, them] = sidesOrder();
  const declaring = SIDE_OF[last.declarer];
  const row = (label, key, fmt = String) => h("tr", {},
    h("th", { scope: "row" }, label),
    h("td", {}, fmt(key(us))),
    h("td", {}, fmt(key(them))));
  // the declaring side's meld and counters count toward its bid: shown against the bid, so that a
  // set side's kept meld never reads as points scored
  const toward = (s) => (s === declaring ? `${earned(last, s)} (bid ${last.bid})` : String(earned(last, s)));
  const score = (s) => (s === declaring && !last.made ? `Set ${num(last.score[s])}` : signed(last.score[s]));
  return h("table", { class: "summary-table", "data-testid": "summary-table" },
    h("thead", {}, h("tr", {}, h("td", {}), h("th", { scope: "col" }, sideLong(us)), h("th", { scope: "col" }, sideLong(them)))),
    h("tbody", {},
      row("Meld shown", (s) => last.meld[s]),
      row("Meld kept", (s) => last.kept_meld[s]),
      row("Counters", (s) => last.counters[s]),
      row("Tricks", (s) => last.tricks[s]),
      row("Meld + counters", toward),
      h("tr", { class: "score-row" }, h("th", { scope: "row" }, "Hand score"),
        h("td", { "data-testid": `hand-score-${us}`, class: us === declaring && !last.made ? "set" : null }, score(us)),
        h("td", { "data-testid": `hand-score-${them}`, class: them === declaring && !last.made ? "set" : null }, score(them))),
      h("tr", { class: "total-row" }, h("th", { scope: "row" }, "Match total"),
        h("td", {}, num(last.totals[us])), h("td", {}, num(last.totals[them])))));
}

function renderSummary(v) {
  const last = v.last_hand;
  if (!last) return;
  $("summary-title").textContent = `Hand ${last.number} over`;
  const made = last.made;
  fill($("summary-body"),
    h("p", { class: "contract-line" },
      `${seatName(last.declarer)} ${last.stuck ? `${verb(last.declarer, "are", "is")} stuck at` : "bid"} `, h("strong", {}, String(last.bid)),
      " · Trump ", suitChip(last.trump)),
    h("p", { class: `verdict ${made ? "made" : "set"}`, "data-testid": "verdict" }, made ? "Made" : "Set", " — ", handResultSentence(last)),
    summaryTable(last),
  );
  const deal = Boolean(v.legal?.deal);
  $("next-hand").hidden = !deal;
  const waiting = v.phase === Phase.HAND_END && !deal ? waitingForNext(v) : [];
  const note = $("summary-waiting");
  note.hidden = !(v.phase === Phase.HAND_END && !deal);
  note.textContent = waiting.length ? `Waiting for ${list(waiting)}…` : "Dealing the next hand…";
}

/** The hands of a match, one row each, "Us" first. */
function scoresTable(hist) {
  const [us, them] = sidesOrder();
  return h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Hands played" }, h("table", { class: "scores-table", "data-testid": "scores-table" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Contract"),
      h("th", { scope: "col" }, "Us"), h("th", { scope: "col" }, "Them"),
      h("th", { scope: "col" }, "Us total"), h("th", { scope: "col" }, "Them total"))),
    h("tbody", {}, ...hist.map((hd) => h("tr", {},
      h("td", {}, String(hd.number)),
      h("td", {}, `${seatName(hd.declarer)} ${hd.bid} `, suitChip(hd.trump), " ",
        h("span", { class: hd.made ? "made" : "set" }, hd.made ? "made" : "set")),
      h("td", {}, signed(hd.score[us])), h("td", {}, signed(hd.score[them])),
      h("td", {}, h("strong", {}, num(hd.totals[us]))), h("td", {}, h("strong", {}, num(hd.totals[them]))))))));
}

function renderScores(v) {
  const hist = v.history ?? [];
  const body = $("scores-body");
  if (!hist.length) {
    fill(body, h("p", {}, "No hand has been finished yet."));
    return;
  }
  fill(body, scoresTable(hist));
}

function resultTitle(winner) {
  if (winner !== "NS" && winner !== "EW") return "Match over";
  return winner === mySide() ? "You and your partner win!" : `${sideWords(winner)} win`;
}

function finalScore(v) {
  const [us, them] = sidesOrder();
  return [
    h("span", {}, `${sideLong(us)} `, h("strong", {}, num(v.totals[us]))),
    h("span", { class: "dash" }, " – "),
    h("span", {}, h("strong", {}, num(v.totals[them])), ` ${sideLong(them)}`),
  ];
}

function renderResult() {
  const v = app.view;
  if (!v) return;
  closeDialogs();
  document.body.dataset.phase = v.phase;
  document.body.dataset.legal = legalKinds(v).join(",");
  $("result-title").textContent = resultTitle(v.winner);
  fill($("result-score"), finalScore(v));
  const last = v.last_hand;
  fill($("result-last"), ...(last ? [
    h("h2", {}, `Last hand (${last.number})`),
    h("p", {}, `${contractText(last.declarer, last.stuck, last.bid)} · Trump `, suitChip(last.trump), ` · ${last.made ? "made" : "set"}`),
    summaryTable(last),
  ] : []));
  $("play-again").focus();
}

/** A room or Quick Match result: final scores, the winner and every hand. `first`: it has just been opened. */
function renderReview(first = true) {
  const v = app.view;
  if (!v) return;
  closeDialogs();
  document.body.dataset.phase = v.phase;
  document.body.dataset.legal = "";
  const room = app.match?.kind === "room";
  // each person reads the result until they themselves go back to the lobby
  if (room && app.focus === "seat" && first) app.seat.review = app.match.id;
  $("review-title").textContent = resultTitle(v.winner);
  fill($("review-score"), finalScore(v));
  const hist = v.history ?? [];
  fill($("review-hands"),
    h("h2", {}, `The hands (${hist.length})`),
    hist.length ? scoresTable(hist) : h("p", {}, "No hand was finished."));
  $("review-note").textContent = room
    ? "Return to the lobby to ready up for another match with the same people."
    : "Thanks for playing Quick Match.";
  $("back-to-lobby").hidden = !room;
  $("review-leave").hidden = !room;
  $("review-home").hidden = room;
  renderReviewLobbyNote();
  if (first) (room ? $("back-to-lobby") : $("review-home")).focus({ preventScroll: true });
}

/** On the review: a polite note once the others have taken the room back to its lobby. */
function renderReviewLobbyNote() {
  const note = $("review-lobby-note");
  const back = app.match?.kind === "room" && stillReviewing();
  note.hidden = !back;
  note.textContent = back ? "The room is back in the lobby. Take your time." : "";
}

/** "Return to lobby": take the room back to its lobby, or (if someone already has) just go there. */
function returnToLobby() {
  const s = app.seat;
  if (s.room && s.room.phase === "review") {
    if (send({ type: ClientType.BACK_TO_LOBBY })) s.review = null; // the room's answer shows the lobby
    return;
  }
  s.review = null;
  if (s.room && s.room.phase === "lobby") showScreen("lobby");
  else routeSeat();
}

// ------------------------------------------------------------------ wiring

function wire() {
  for (const b of document.querySelectorAll("button[data-level]")) {
    b.addEventListener("click", () => startMatch(b.dataset.level));
  }
  $("resume").addEventListener("click", () => {
    // Always ask: the server's copy of the match is the truth.
    if (send({ type: ClientType.RESUME })) {
      wantSoloTable();
      app.focus = "solo";
    }
  });
  $("confirm-cancel").addEventListener("click", () => $("confirm-dialog").close());
  $("confirm-ok").addEventListener("click", () => {
    $("confirm-dialog").close();
    const fn = app.confirmFn;
    app.confirmFn = null;
    if (fn) fn();
  });
  $("home-btn").addEventListener("click", () => showScreen("home"));
  $("hand").addEventListener("click", onHandClick);
  $("meld-btn").addEventListener("click", () => { if (app.view) { renderMeld(app.view); $("meld-dialog").showModal(); } });
  $("last-trick-btn").addEventListener("click", () => { if (app.view) { renderLastTrick(app.view); $("trick-dialog").showModal(); } });
  $("scores-btn").addEventListener("click", () => { if (app.view) { renderScores(app.view); $("scores-dialog").showModal(); } });
  $("summary-scores").addEventListener("click", () => { if (app.view) { renderScores(app.view); $("scores-dialog").showModal(); } });
  $("summary-close").addEventListener("click", () => $("summary-dialog").close());
  $("next-hand").addEventListener("click", dealNext);
  $("play-again").addEventListener("click", () => newMatch(app.match?.level ?? Level.NORMAL));
  $("result-home").addEventListener("click", () => showScreen("home"));
  $("result-scores").addEventListener("click", () => { if (app.view) { renderScores(app.view); $("scores-dialog").showModal(); } });

  // home: rooms and Quick Match
  const name = $("name-input");
  name.value = readStore(NAME_KEY) ?? "";
  name.addEventListener("change", () => {
    const v = name.value.trim();
    if (v && [...v].length <= NAME_MAX) writeStore(NAME_KEY, v);
  });
  name.addEventListener("input", () => name.removeAttribute("aria-invalid"));
  name.addEventListener("keydown", (e) => {
    // Enter after typing the name joins the room whose code is filled in (an invitation link)
    if (e.key === "Enter" && $("join-code").value.trim()) joinRoom(e);
  });
  $("join-code").addEventListener("input", () => $("join-code").removeAttribute("aria-invalid"));
  $("create-room").addEventListener("click", createRoom);
  $("join-form").addEventListener("submit", joinRoom);
  $("quick-match").addEventListener("click", quickMatch);
  $("seat-resume").addEventListener("click", backToSeat);
  $("seat-leave").addEventListener("click", leaveSeat);

  // lobby
  $("copy-link").addEventListener("click", () => { if (app.seat.room) copyText(roomLink(app.seat.room.code), "Link"); });
  $("copy-code").addEventListener("click", () => { if (app.seat.room) copyText(app.seat.room.code, "Code"); });
  $("ready-toggle").addEventListener("click", () => {
    const r = app.seat.room;
    if (!r) return;
    const mine = SEATS.map((s) => r.seats?.[s]).find((m) => m && m.id === r.you);
    send({ type: ClientType.READY, ready: !mine?.ready });
  });
  $("start-match").addEventListener("click", () => send({ type: ClientType.START }));
  $("leave-room").addEventListener("click", () => send({ type: ClientType.LEAVE }));
  $("room-level").addEventListener("change", (e) => send({ type: ClientType.ROOM_LEVEL, level: e.target.value }));
  $("room-timer").addEventListener("change", (e) => {
    const v = e.target.value;
    send({ type: ClientType.ROOM_TIMER, seconds: v === "off" ? null : Number(v) });
  });

  // Quick Match search
  $("cancel-search").addEventListener("click", () => send({ type: ClientType.CANCEL_SEARCH }));

  // review
  $("back-to-lobby").addEventListener("click", returnToLobby);
  $("review-leave").addEventListener("click", () => send({ type: ClientType.LEAVE }));
  $("review-home").addEventListener("click", () => {
    if (!send({ type: ClientType.LEAVE })) return;
    forgetSeat();
    showScreen("home");
  });

  // Keyboard: the hand is one tab stop, arrow keys, Home and End move between its cards (keys.js).
  initKeys();
  // Animations: a click on the felt (or Escape) hurries them (anim.js).
  initMotion();

  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) reconnectNow(); });
  window.addEventListener("pagehide", () => {
    const ws = conn.ws;
    conn.ws = null;
    if (ws) try { ws.close(CloseCode.NORMAL); } catch { /* ignore */ }
  });
  window.addEventListener("pageshow", (e) => { if (e.persisted && !conn.ws) { conn.attempt = 0; connect(); } });
  setInterval(tick, 250);
}

app.device = readStore(DEVICE_KEY);
app.seatToken = readStore(SEAT_KEY);
app.invite = inviteFromUrl();
initSettings({ send: rawSend });
wire();
connect();
