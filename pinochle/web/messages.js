// The server's messages, one handler per type (docs/protocol.md). socket.js
// calls them in order; each updates the controller's state and goes to the
// screen the message calls for.

import { ClientType, ErrorCode, Phase, ServerType, StateEvent } from "./protocol.js";
import { $, cardsInWords, readSession } from "./dom.js";
import { announce, announceChanges, notice, presenceChanges, roomChanges, toast, turnedWords } from "./announcer.js";
import {
  adopt, askResume, currentSeatToken, drawHome, emptySeat, endScreen, forgetSeat, go, handKey, keepSeatToken, renderTable, routeSeat,
  retryUndo, saveDevice, SCREEN_KEY, SEAT_SCREENS, sendHello, setIdle, st, stillReviewing, tableSeating, undoAnswered,
  undoRefused,
} from "./controller.js";
import { setTimer, timedOutKey, timedOutText } from "./timer.js";
import { onHistory } from "./controller.js";
import { welcomePace } from "./settings-ui.js";
import { renderInvite } from "./views/home.js";
import { renderDecisionReview } from "./views/review.js";
import { legalKinds, passNews } from "./words.js";

let net = null;

function onWelcome(msg) {
  // the pace of the computer players is kept per connection: say it first, before any resume or new match
  const pace = welcomePace();
  if (pace) net.raw(pace);
  if (typeof msg.device === "string") saveDevice(msg.device);
  const first = !st.welcomed;
  st.welcomed = true;
  st.solo.match = msg.match ?? null;
  if (!st.solo.match) st.solo.view = null;
  const seat = msg.seat && typeof msg.seat === "object" && typeof msg.seat.token === "string" ? msg.seat : null;
  const followedSeat = st.focus === "seat";
  if (seat) {
    keepSeatToken(seat.token);
  } else if (st.seatToken || currentSeatToken()) {
    // the seat is no longer held (the room is gone, the search ended, ...)
    forgetSeat();
    if (followedSeat && !first) toast("Your seat is no longer held.", "info");
  }

  if (first) {
    const where = readSession(SCREEN_KEY);
    // a link to the room you are already in takes you to it; a link to another room shows the join form
    const sameRoom = Boolean(st.invite && seat && seat.room === st.invite);
    if (sameRoom) clearInvite();
    const atSolo = (where === "table" || where === "result") && st.solo.match;
    if (seat && (sameRoom || (where !== "home" && !atSolo && !st.invite))) {
      st.focus = "seat"; // the server resyncs the seat next: searching, room and/or the table
      return;
    }
    // a match's result already seen is shown again by a reload; opening the site again (a visit) goes Home, whose
    // "Last match's result" leads back to it (the fifteenth review saw the old result instead of Home)
    if (st.solo.match && st.wantTable && (where !== "result" || st.reloaded)) {
      st.focus = "solo";
      net.raw({ type: ClientType.RESUME });
      return;
    }
    go("home");
    applyInvite();
    return;
  }
  // a reconnect: an aid asked on the old socket is never answered (the server drops it with the socket):
  // the Hint may be asked again, and a decision review being waited for is asked again
  st.hintPending = false;
  undoAnswered(); // an undo sent on the old socket is never answered either: Undo may be pressed again
  if (st.reviewFor !== null && $("review-dialog").open) {
    net.raw({ type: ClientType.REVIEW, match: st.match ? st.match.id : null, hand: st.reviewFor });
  } else {
    st.reviewFor = null;
  }
  // the server resyncs the seat; the solo match is asked for again
  if (followedSeat && seat) return;
  if (st.focus === "solo" && st.solo.match && st.wantTable) {
    net.raw({ type: ClientType.RESUME });
    return;
  }
  if (st.screen !== "home") go("home");
  else drawHome();
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
  const slot = st[which];
  const prev = slot.view;
  const prevTable = slot.table;
  const shown = st.focus === which && ["table", "result", "review"].includes(st.screen);
  const atTable = st.focus === which && st.screen === "table";
  const sameMatch = Boolean(slot.match && slot.match.id === msg.match.id);
  slot.match = msg.match;
  slot.view = msg.view;
  slot.table = msg.table && typeof msg.table === "object" ? msg.table : null;
  if (which === "seat") {
    if (slot.search) slot.search = null;
    st.expectSeat = false;
  }

  let follow;
  if (which === "solo") {
    // A computer's move while the player is elsewhere does not pull them back; a new match or a resume does.
    follow = st.focus === "solo"
      || (st.focus === "home" && (msg.event === StateEvent.START || msg.event === StateEvent.RESUME));
  } else {
    // In the lobby the room's last match stays put until the next one starts.
    const inLobby = kind === "room" && st.seat.room && st.seat.room.phase === "lobby";
    follow = !inLobby && (st.focus === "seat" || (st.focus === "home" && msg.event === StateEvent.START));
  }
  if (!follow) {
    if (st.screen === "home") drawHome();
    return;
  }
  setIdle();
  adopt(which);
  setTimer(st.table);
  const v = st.view;
  const s = tableSeating();
  if (s.isMe(v.turn) || legalKinds(v).length) {
    document.querySelectorAll("#toasts .toast:not(.notice)").forEach((t) => t.remove()); // your move now: old news
  }
  if (shown && sameMatch && msg.event === StateEvent.MOVE) {
    announceChanges(s, prev, v);
    // cards passed between partners: said in the status line until the next move of yours or the first card
    const pass = passNews(s, prev, v);
    if (pass) st.statusNote = { text: pass.text, match: msg.match.id, hand: v.hand_number, kind: "pass" };
  }
  // people coming and going at the table you are looking at (in the lobby and the review, the room says it)
  if (atTable && sameMatch) notice(presenceChanges(s, prevTable, st.table));
  // the computer moved for someone out of time: said once per such move (the table says it until they move)
  const outOfTime = timedOutKey(st.table);
  if (shown && outOfTime !== null && outOfTime !== st.saidTimedOut) {
    st.saidTimedOut = outOfTime;
    announce(timedOutText(st.table, s));
  }
  if (msg.event === StateEvent.UNDO) undoAnswered();
  if (shown && sameMatch && msg.event === StateEvent.UNDO) {
    announce("Undone: your last move and the moves after it are taken back. Your move again.");
  }
  if (msg.event === StateEvent.START) {
    const turned = turnedWords(v);
    announce(`New match. ${s.isMe(v.dealer) ? "You deal" : `${s.name(v.dealer)} deals`}.${turned ? ` ${turned}` : ""}`);
  }
  if (v.phase === Phase.MATCH_END) {
    // a solo match watched to its end at the table: the last hand shows its summary first, as every hand
    // does; a reload or a return to a match over goes straight to the result (a room's review opens on
    // the last hand whole, with the others reading it at the same time)
    if (which === "solo" && atTable && sameMatch && msg.event === StateEvent.MOVE && prev
        && prev.phase !== Phase.MATCH_END && v.last_hand) {
      st.endSummary = handKey(v);
    }
    go(endScreen(which, v));
  } else go("table");
  if (atTable && msg.event === StateEvent.UNDO) keepFocusAfterUndo();
}

/** After an undo the Undo button may be disabled (nothing more to take back): the focus goes on to your move. */
function keepFocusAfterUndo() {
  const btn = document.getElementById("undo-btn");
  const lost = document.activeElement === btn || document.activeElement === document.body || !document.activeElement;
  if (!btn || !btn.disabled || !lost) return;
  const next = document.querySelector("#controls button:not([disabled])") ?? document.getElementById("hand");
  next?.focus({ preventScroll: true });
}

function onJoined(msg) {
  keepSeatToken(msg.token);
  const fresh = emptySeat();
  fresh.room = msg.room && typeof msg.room === "object" ? msg.room : null;
  st.seat = fresh;
  st.expectSeat = false;
  st.focus = "seat";
  clearInvite();
  routeSeat();
}

function onRoom(msg) {
  if (!msg.room || typeof msg.room !== "object" || !currentSeatToken()) return;
  const prev = st.seat.room;
  const room = msg.room;
  st.seat.room = room;
  st.seat.search = null;
  // In the lobby and the review, say who joined or left (at the table its own facts say it).
  const watching = st.focus === "seat" && (st.screen === "lobby" || st.screen === "review");
  if (watching) notice(roomChanges(prev, room));
  if (st.screen === "review" && stillReviewing() && prev?.phase !== "lobby") {
    announce("The room is back in the lobby. Return to it when you are ready.");
  }
  routeSeat();
}

function onLeft() {
  const followed = st.focus === "seat" || SEAT_SCREENS.has(st.screen);
  forgetSeat();
  st.expectSeat = false;
  if (followed) go("home");
  else if (st.screen === "home") drawHome();
}

function onSearching(msg) {
  keepSeatToken(msg.token);
  const players = Number.isFinite(msg.players) ? msg.players : 1;
  const seats = Number.isFinite(msg.seats) ? msg.seats : 4; // the table's seats (3 for a game of three)
  const left = Number.isFinite(msg.seconds_left) ? msg.seconds_left : null;
  if (st.expectSeat) {
    st.seat = emptySeat();
    st.focus = "seat";
    st.expectSeat = false;
  }
  st.seat.room = null;
  const game = typeof msg.game === "string" ? msg.game : "table";
  st.seat.search = { game, players, seats, deadline: left === null ? null : Date.now() + left * 1000, matched: false };
  routeSeat();
}

function onMatched() {
  if (st.seat.search) st.seat.search.matched = true;
  else st.seat.search = { game: null, players: 4, seats: 4, deadline: null, matched: true };
  routeSeat();
}

/** A hint's answer (docs/protocol.md, "Hints"): kept for its version and drawn at the table (views/hint.js). */
function onHint(msg) {
  st.hint = msg;
  st.hintPending = false;
  if (st.screen !== "table") return;
  renderTable();
  // said once, by the page's polite announcer (a live region that is always there)
  if (typeof msg.reason === "string" && msg.version === st.view?.version) announce(`Hint: ${cardsInWords(msg.reason)}`);
}

/** A decision review's answer (docs/protocol.md, "The decision review"): drawn in its dialog (views/review.js). */
function onReview(msg) {
  if (msg.hand !== st.reviewFor) return;
  st.reviewFor = null; // answered: a later refusal of something else leaves the dialog open
  renderDecisionReview(msg.hand, msg, st.view ? tableSeating() : null, st.reviewLabel ?? null);
}

/**
 * A refusal of the undo on its way (controller.js sendUndo): a stale one (a computer moved after the newest state
 * this page had) is tried again once, for the version received since; any other is said in the status line.
 * Whether the error was the undo's answer: true when it was handled here.
 */
function undoError(msg, text) {
  if (!st.undoPending || msg.request || msg.code === ErrorCode.NO_MATCH) return false;
  if (msg.code === ErrorCode.STALE && retryUndo()) return true;
  setIdle();
  undoRefused(msg.code === ErrorCode.STALE
    ? "the computers played on first; press Undo again" : text);
  if (msg.code === ErrorCode.STALE) askResume();
  if (st.screen === "table") renderTable();
  return true;
}

/**
 * A refused hint (the error says `request: "hint"`: it may come after the answers to later messages, docs/protocol.md
 * "Hints"): the hint is answered, nothing else is. A hint asked about a table that has moved on says nothing (a
 * refused hint changes nothing); any other refusal is said. Whether the error was the hint's: true when handled here.
 */
function hintError(msg, text) {
  if (msg.request !== "hint") return false;
  st.hintPending = false;
  if (msg.code !== ErrorCode.STALE) toast(text.charAt(0).toUpperCase() + text.slice(1));
  if (st.screen === "table") renderTable();
  return true;
}

function onError(msg) {
  const text = typeof msg.message === "string" && msg.message ? msg.message : "Something went wrong.";
  if (undoError(msg, text)) return;
  if (hintError(msg, text)) return;
  setIdle();
  // an error that answers something else (a move, an undo, a review) leaves a hint on its way pending: its own
  // answer comes; a rate limit may have refused the hint itself, unnamed, and then the Hint may be asked again
  if (msg.code === ErrorCode.RATE_LIMITED) st.hintPending = false;
  if (st.reviewFor !== null && $("review-dialog").open) $("review-dialog").close(); // the review was refused: the error says why
  st.reviewFor = null;
  st.expectSeat = false;
  const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);
  switch (msg.code) {
    case ErrorCode.NOT_YOUR_TURN: {
      // said with the table's own names ("Partner", not "North")
      const v = st.view;
      toast(v && v.turn ? `It is ${tableSeating().name(v.turn)}'s turn.` : cap(text)); // any move: a bid, trump, a card ...
      break;
    }
    case ErrorCode.ILLEGAL:
      toast(cap(text));
      break;
    case ErrorCode.STALE:
      toast("The table moved on — here it is again.");
      askResume();
      break;
    case ErrorCode.NO_MATCH:
      toast(cap(text));
      if (st.focus === "seat") {
        sendHello(); // resync the seat from the server
      } else {
        st.solo.match = null;
        st.solo.view = null;
        st.match = null;
        st.view = null;
        st.wantTable = false;
        go("home");
      }
      break;
    case ErrorCode.NOT_IN_ROOM:
      toast(cap(text));
      sendHello(); // this tab's idea of the room is out of date
      break;
    case ErrorCode.NO_ROOM:
      if (st.invite) {
        st.inviteKnown = false;
        renderInvite(st.invite, false);
      }
      toast(cap(text));
      break;
    default:
      toast(cap(text));
  }
  if (st.screen === "table") renderTable();
}

/** The handler map: message type -> handler. */
export function messageHandlers(socket) {
  net = socket;
  return {
    [ServerType.WELCOME]: onWelcome,
    [ServerType.STATE]: onState,
    [ServerType.ERROR]: onError,
    [ServerType.JOINED]: onJoined,
    [ServerType.ROOM]: onRoom,
    [ServerType.LEFT]: onLeft,
    [ServerType.SEARCHING]: onSearching,
    [ServerType.MATCHED]: onMatched,
    [ServerType.HISTORY]: onHistory,
    [ServerType.HINT]: onHint,
    [ServerType.REVIEW]: onReview,
  };
}

// ------------------------------------------------------------------ invitation links

/** The code of a `/?room=CODE` link, in canonical form (no spaces or dashes, upper case), or null. */
export function inviteFromUrl() {
  let raw = null;
  try { raw = new URLSearchParams(location.search).get("room"); } catch { raw = null; }
  if (!raw) return null;
  const code = raw.replace(/[\s-]+/g, "").toUpperCase();
  return code && code.length <= 40 ? code : null;
}

/**
 * Opened from a share link: first ask the server whether a room has that code (GET /rooms/CODE);
 * a wrong code is said at once, before any name is asked for; a good one fills in the code and
 * asks for a name. (A server that cannot say: the join form, as for a good code.)
 */
export async function applyInvite() {
  const code = st.invite;
  if (!code) return;
  if (st.inviteKnown === null) {
    renderInvite(code, null);
    try {
      // (wrong codes count against this device, as wrong joins do: docs/protocol.md, "Limits")
      const device = st.device ? `?device=${encodeURIComponent(st.device)}` : "";
      const resp = await fetch(`/rooms/${encodeURIComponent(code)}${device}`, { cache: "no-store" });
      if (resp.ok) st.inviteKnown = Boolean((await resp.json()).exists);
      else if (resp.status === 404) st.inviteKnown = false;
    } catch { /* not known: offer the join form */ }
    if (st.invite !== code) return; // joined or cleared meanwhile
  }
  renderInvite(code, st.inviteKnown);
  $form().scrollIntoView({ block: "center" });
  if (st.inviteKnown === false) {
    document.getElementById("invite-note").focus({ preventScroll: true });
    return;
  }
  const name = document.getElementById("name-input");
  if (!name.value.trim()) {
    // the name field at the top of the window, the invitation and its Join under it: both in view
    name.scrollIntoView({ block: "start" });
    name.focus({ preventScroll: true });
  } else document.getElementById("join-room").focus();
}

const $form = () => document.getElementById("join-form");

export function clearInvite() {
  if (!st.invite) return;
  st.invite = null;
  st.inviteKnown = null;
  renderInvite(null, null);
  try {
    const url = new URL(location.href);
    url.searchParams.delete("room");
    history.replaceState(null, "", url.pathname + (url.search === "?" ? "" : url.search) + url.hash);
  } catch { /* ignore */ }
}
