// The controller: the one place that holds the page's state and changes it.
//
// Screens are states with named transitions (go(screen)):
//
//   connecting → home → table (solo) → result
//                 home → lobby → table → review → lobby      (a private room)
//                 home → searching → table → review → home   (Quick Match)
//
// What a tab follows (`st.focus`): "home", the device's "solo" match, or its
// "seat" (a room or a Quick Match, kept by the seat token in localStorage).
// Messages for the one it does not follow are kept but do not take the screen
// over. The server's messages arrive through the handler map (handlers, below:
// socket.js calls them in order, paced by the table's animations, anim.js); the
// views (views/*.js) draw what the state says and call the actions (act) back.
// No rules live here: the legal moves are the view's `legal`, a refused move is
// explained by the server's `error`.

import { ActionType, ClientType, DEVICE_KEY, Phase, SEAT_KEY } from "./protocol.js";
import { $, cardShort, readSession, readStore, removeStore, writeSession, writeStore } from "./dom.js";
import { announce, clearToasts, leaveScreen, toast } from "./announcer.js";
import { hurry } from "./anim.js";
import { seating } from "./seats.js";
import { renderTimedOut, renderTimer, setTimer } from "./timer.js";
import { afterTableRender } from "./keys.js";
import { chooseOf, concedeQuestion, hasStock, legalKinds, NOT_CHOSEN } from "./words.js";
import { handMarks, stockNews } from "./views/stock.js";
import { renderCentre, renderPiles, renderSeats, renderSides, renderStatus, renderTopbar } from "./views/table.js";
import { placeFeltMelds, renderFeltMelds } from "./views/felt.js";
import { layoutHand, renderHand } from "./views/hand.js";
import { renderControls } from "./views/controls.js";
import { renderHint } from "./views/hint.js";
import { renderDecisionReview } from "./views/review.js";
import { lastCompleted, renderLastTrick, renderMeld, renderResult, renderReview, renderScores, renderSummary } from "./views/dialogs.js";
import { renderHome } from "./views/home.js";
import { renderLobby } from "./views/lobby.js";
import { renderSearchCountdown, renderSearching } from "./views/search.js";
import { renderUndo } from "./views/undo.js";
import { recordOf, renderReplay, replaySteps } from "./views/replay.js";

// sessionStorage: "home", "table" (solo), "result" (a solo match's result, once seen) or "seat": where a reloaded tab goes
const SCREEN_KEY = "pinochle.screen";
const SCREENS = ["connecting", "home", "table", "result", "lobby", "searching", "review"];
const SEAT_SCREENS = new Set(["lobby", "searching", "review"]);

function emptySeat() {
  return {
    match: null, view: null, table: null, // the seat's latest match, view and table facts
    room: null, // the room as this member sees it, or null
    search: null, // {players, deadline, matched} while Quick Match searches
    review: null, // the id of the room match whose result this person is still reading (until they go back)
  };
}

/** How this page was loaded: "navigate", "reload", "back_forward", or null. */
function navigationType() {
  try { return performance.getEntriesByType("navigation")[0]?.type ?? null; } catch { return null; }
}

export const st = {
  screen: "connecting",
  focus: "home",
  device: readStore(DEVICE_KEY),
  match: null, view: null, table: null, // what the table shows (solo or seat)
  solo: { match: null, view: null, table: null },
  seat: emptySeat(),
  seatToken: readStore(SEAT_KEY),
  welcomed: false, // a first welcome has been handled (later ones are reconnects)
  expectSeat: false, // this tab asked to create, join or search: follow the answer
  invite: null, // the room code of a `/?room=CODE` link
  saidTimedOut: null, // the last move made for someone out of time that was said ("seat/version": timer.js timedOutKey)
  inviteKnown: null, // whether a room has that code (null: not known yet)
  // a reloaded tab that was at the solo table goes back there; a fresh visit starts at Home
  wantTable: ["table", "result"].includes(readSession(SCREEN_KEY)) || (readSession(SCREEN_KEY) === null && navigationType() === "reload"),
  // this page is a reload (not a visit): a match's result already seen is shown again on a reload only
  reloaded: navigationType() === "reload",
  busy: false,
  busyTimer: null,
  bid: null, // the bid shown between − and +
  bidMin: null,
  bidMax: null,
  confirmBid: null, // a big jump asked about before it is sent (views/bidding.js bigJump), or null
  chosen: new Set(), // the cards (by index in the hand) chosen to pass or bury
  chosenKey: null,
  summaryShownFor: null,
  // the last hand of a match watched to its end: its summary shows at the table before the match's result
  // (as every hand's does), until the player asks for the result (the hand's key, or null)
  endSummary: null,
  stockSeen: null, // two-handed: {key, version, view, news} of the last view drawn (what changed: views/stock.js)
  confirm: null, // {ok, cancel} of the open confirm dialog
  hint: null, // the last `hint` answer ({match, version, action, reason}), shown while its version is the view's
  hintPending: false, // a hint was asked for and not answered yet
  reviewFor: null, // the hand whose decision review the review dialog shows (views/review.js)
  reviewLabel: null, // how that hand is named: "deal 3" in a match of deals, else null ("hand 3")
  reviewReturn: null, // the view's version when the review was opened from a hand's summary (back to it on close)
  // the newest state received ({match, version}), ahead of the one drawn while the cards are still shown (anim.js)
  received: null,
  // an undo sent and not answered yet: {tries, at} (a stale refusal is tried again once: messages.js onError)
  undoPending: null,
  // a short note of the status line ({text, match, hand, kind}): why an undo was not taken, or the cards passed
  // between partners (kind "pass", also until the first card), until your next move
  statusNote: null,
};

let net = null; // the socket (socket.js), given by app.js

export function useSocket(socket) {
  net = socket;
}

// ------------------------------------------------------------------ sending

function send(msg) {
  if (!net.send(msg)) {
    toast("Not connected to the table — reconnecting…");
    net.reconnectNow();
    return false;
  }
  return true;
}

export function sendHello() {
  return net.raw({ type: ClientType.HELLO, device: st.device ?? readStore(DEVICE_KEY), seat: currentSeatToken() });
}

function currentSeatToken() {
  return readStore(SEAT_KEY) ?? st.seatToken ?? null;
}

/** Ask for the shown match again (the server's copy is the truth). */
function askResume() {
  const seatMatch = st.focus === "seat" && st.match && st.match.kind !== "solo";
  net.raw(seatMatch ? { type: ClientType.RESUME, match: st.match.id } : { type: ClientType.RESUME });
}

function sendAction(action) {
  if (!st.view || st.busy || undoWaiting()) return;
  clearToasts(); // a new move: old news
  st.statusNote = null;
  if (send({ type: ClientType.ACTION, match: st.match ? st.match.id : null, version: st.view.version, action })) {
    st.busy = true;
    document.body.dataset.busy = "1";
    // Every move is answered (a state or an error); if none comes, ask for the table again.
    clearTimeout(st.busyTimer);
    st.busyTimer = setTimeout(() => {
      if (!st.busy) return;
      setIdle();
      askResume();
    }, 8000);
  }
}

export function setIdle() {
  st.busy = false;
  clearTimeout(st.busyTimer);
  document.body.dataset.busy = "0";
}

// ------------------------------------------------------------------ the seat

function keepSeatToken(token) {
  if (typeof token !== "string" || !token) return;
  st.seatToken = token;
  writeStore(SEAT_KEY, token);
}

/** Forget the seat: its token, its room, search and match. */
export function forgetSeat() {
  st.seatToken = null;
  removeStore(SEAT_KEY);
  st.seat = emptySeat();
  if (st.focus === "seat") {
    st.match = null;
    st.view = null;
    st.table = null;
    setTimer(null);
  }
}

function hasSeat() {
  return Boolean(st.seatToken && (st.seat.room || st.seat.search || st.seat.match));
}

/** Show the solo match or the seat's match at the table. */
function adopt(which) {
  const slot = which === "seat" ? st.seat : st.solo;
  st.focus = which;
  st.match = slot.match;
  st.view = slot.view;
  st.table = slot.table ?? null;
}

/** Whether this person is still reading the result of the room's last match while the room is back in its lobby. */
function stillReviewing() {
  const s = st.seat;
  return Boolean(s.review && s.room && s.room.phase === "lobby" && (s.room.match ?? s.review) === s.review);
}

/** Whether leaving the current seat would hand a match in play to a computer. */
function seatInPlay() {
  const s = st.seat;
  if (!st.seatToken || !s.match || s.match.phase === Phase.MATCH_END) return false;
  return s.room ? s.room.phase === "playing" : !s.search;
}

// ------------------------------------------------------------------ screens: the transitions

function closeDialogs() {
  // the rules stay open while the game moves on: the player closes them (rules-dialog.js)
  for (const d of document.querySelectorAll("dialog[open]:not(#rules-dialog)")) d.close();
}

/** What entering each screen does to what the tab follows, and how it draws. */
const ENTER = {
  connecting: () => {},
  home: () => {
    st.focus = "home";
    st.wantTable = false;
    writeSession(SCREEN_KEY, "home");
    closeDialogs();
    drawHome();
  },
  table: () => { atTable(); renderTable(); },
  result: () => {
    atTable();
    // seen: a reload shows it again, a visit of the site opens Home (messages.js, onWelcome)
    if (st.focus === "solo") writeSession(SCREEN_KEY, "result");
    closeDialogs();
    if (!st.view) return;
    stamp(st.view);
    renderResult(tableCtx());
    // the result from its top: its title, then the score (the focus on Play again scrolls nothing away)
    $("play-again").focus({ preventScroll: true });
    window.scrollTo(0, 0);
  },
  lobby: () => { atSeat(); if (st.seat.room) renderLobby(st.seat.room, lobbyActions); window.scrollTo(0, 0); },
  searching: () => { atSeat(); renderSearching(st.seat.search); },
  review: (was) => {
    atSeat();
    if (!st.view) return;
    const first = was !== "review";
    stamp(st.view);
    document.body.dataset.legal = "";
    // each person reads the result until they themselves go back to the lobby
    if (st.match?.kind === "room" && first) st.seat.review = st.match.id;
    renderReview(tableCtx());
    renderReviewLobbyNote();
    if (first) (st.match?.kind === "room" ? $("back-to-lobby") : $("review-home")).focus({ preventScroll: true });
  },
};

function atTable() {
  if (st.focus === "seat") {
    writeSession(SCREEN_KEY, "seat");
  } else {
    st.focus = "solo";
    st.wantTable = true;
    writeSession(SCREEN_KEY, "table");
  }
}

function atSeat() {
  st.focus = "seat";
  writeSession(SCREEN_KEY, "seat");
  closeDialogs();
}

/** Go to a screen (a named transition): show it, hide the others, draw it. */
export function go(name) {
  const was = st.screen;
  st.screen = name;
  if (was && was !== name) leaveScreen(was);
  document.body.dataset.screen = name;
  for (const id of SCREENS) $(`screen-${id}`).hidden = id !== name;
  const tableLike = name === "table" || name === "review";
  document.body.dataset.you = tableLike ? tableSeating().you : "";
  document.body.dataset.kind = tableLike ? (st.match?.kind ?? "solo") : "";
  ENTER[name](was);
  showAddress(name);
}

/** Where the address bar names the room you are in: its lobby, its table and its result. */
const ROOM_SCREENS = ["lobby", "table", "result", "review"];

/**
 * The address bar names the room this tab is in (`/?room=CODE`, the address Copy link gives), so that a
 * reload or the address shared returns to the room; on any other screen the `room` part goes (an invitation
 * not yet answered keeps its own). history.replaceState: the Back button is not filled with screens.
 */
function showAddress(name) {
  const code = st.focus === "seat" && ROOM_SCREENS.includes(name) ? st.seat.room?.code ?? null : null;
  if (!code && st.invite) return;
  try {
    const url = new URL(location.href);
    if (code) url.searchParams.set("room", code);
    else url.searchParams.delete("room");
    const next = url.pathname + (url.search === "?" ? "" : url.search) + url.hash;
    if (next !== location.pathname + location.search + location.hash) history.replaceState(history.state, "", next);
  } catch { /* an address that cannot be changed: the room is still reached by Copy link */ }
}

function drawHome() {
  renderHome({ solo: st.solo.match, seat: { held: hasSeat(), ...st.seat } });
}

/** On the review: a polite note once the others have taken the room back to its lobby. */
function renderReviewLobbyNote() {
  const note = $("review-lobby-note");
  const back = st.match?.kind === "room" && stillReviewing();
  note.hidden = !back;
  note.textContent = back ? "The room is back in the lobby. Take your time." : "";
}

/** Show what the seat is at (lobby, search, table or review), if this tab follows the seat. */
function routeSeat() {
  if (st.focus !== "seat") {
    if (st.screen === "home") drawHome();
    return;
  }
  const s = st.seat;
  const showMatch = () => {
    adopt("seat");
    setTimer(st.table);
    go(s.view.phase === Phase.MATCH_END ? endScreen("seat", s.view) : "table");
  };
  if (s.search) {
    go("searching");
    return;
  }
  if (s.room) {
    if (s.room.phase === "lobby") {
      // Someone else took the room back to its lobby: this person keeps reading the result until
      // they press "Return to lobby" themselves; the review says the room is back in the lobby.
      if (st.screen === "review" && stillReviewing()) renderReviewLobbyNote();
      else go("lobby");
    } else if (s.view && s.match && s.match.id === s.room.match) {
      showMatch();
    } else if (st.screen === "lobby") {
      renderLobby(s.room, lobbyActions); // the match is starting: its table follows
    }
    return;
  }
  if (s.view && s.match) showMatch();
}

// ------------------------------------------------------------------ the table

function tableSeating() {
  return seating(st.view, st.table);
}

/** The people the next hand waits for (they have not asked for it yet), by name. */
function waitingForNext(v, s) {
  if (v.phase !== Phase.HAND_END || !s.named) return [];
  return s.seats.filter((seat) => {
    const f = s.facts(seat);
    return f && !f.computer && !f.next_ready && !f.stand_in && !s.isMe(seat);
  }).map(s.name);
}

/**
 * Two-handed: what changed since the view drawn before (the cards you drew, the dix exchanged, the
 * melds back in the hands), worked out once per version of the hand and kept while it is drawn again.
 */
function stockNewsFor(v) {
  if (!hasStock(v)) return null;
  const key = `${st.match?.id}/${v.hand_number}`;
  const seen = st.stockSeen;
  if (seen && seen.key === key && seen.version === v.version) return seen.news;
  const news = stockNews(seen && seen.key === key ? seen.view : null, v);
  st.stockSeen = { key, version: v.version, view: v, news };
  return news;
}

/** What the views draw: the view, the seating, and the actions they may call. */
function tableCtx() {
  const v = st.view;
  const s = tableSeating();
  const L = v.legal ?? {};
  if (L.bid && (st.bidMin !== L.bid.min || st.bid === null || st.bid < L.bid.min)) {
    st.bidMin = L.bid.min;
    st.bid = L.bid.min;
  }
  if (L.bid) st.bidMax = L.bid.max ?? null;
  if (!L.bid) st.confirmBid = null;
  const chooseKey = chooseOf(v) ? `${st.match?.id}/${v.version}` : null;
  if (chooseKey !== st.chosenKey) {
    st.chosenKey = chooseKey;
    st.chosen = new Set();
  }
  const news = stockNewsFor(v);
  return {
    v, s, match: st.match, table: st.table,
    stockNews: news, marks: news ? handMarks(news) : null,
    roomCode: st.table?.room ?? st.seat.room?.code ?? null,
    bid: st.bid, confirmBid: st.confirmBid, chosen: st.chosen,
    waiting: waitingForNext(v, s),
    act: tableActions,
    hint: st.hint && st.hint.match === (st.match?.id ?? null) ? st.hint : null,
    hintPending: st.hintPending,
    hintsOn: st.match?.kind === "solo" || (st.match?.kind === "room" && Boolean(st.seat.room?.hints)),
  };
}

function stamp(v) {
  document.body.dataset.phase = v.phase;
  document.body.dataset.version = String(v.version);
  document.body.dataset.legal = legalKinds(v).join(",");
  document.body.dataset.turn = v.turn ?? "";
}

export const handKey = (v) => `${st.match?.id}/${v.hand_number}`;

/** The screen of a match over: its last hand's summary at the table first (`st.endSummary`), then the result. */
export function endScreen(which, v) {
  if (st.endSummary !== null && st.endSummary === handKey(v)) return "table";
  return which === "solo" ? "result" : "review";
}

/** From the last hand's summary to the match's result (the solo result, or a room's review). */
export function showMatchResult() {
  st.endSummary = null;
  if ($("summary-dialog").open) $("summary-dialog").close();
  go(st.focus === "seat" ? "review" : "result");
}

export function renderTable() {
  const v = st.view;
  if (!v) return;
  const focusKey = document.activeElement?.dataset?.focus ?? null;
  const ctx = tableCtx();
  stamp(v);
  document.body.dataset.you = ctx.s.you;
  document.body.dataset.kind = st.match?.kind ?? "solo";
  document.body.dataset.seats = String(ctx.s.order.length);
  document.body.dataset.sitsOut = ctx.s.watching ? "true" : "false"; // a table of 4 or 5: you watch this hand

  renderTopbar(ctx);
  renderSeats(ctx);
  renderCentre(ctx);
  renderFeltMelds(ctx, $("felt")); // the meld laid face up in front of each seat, until the first card
  renderPiles(ctx);
  renderStatus(ctx);
  renderStatusNote(v);
  renderSides(ctx);
  renderControls(ctx);
  renderHand(ctx);
  renderHint(ctx);
  renderTimer(v, ctx.s);
  renderTimedOut(v, ctx.s, st.table);
  placeFeltMelds(); // over the free middle of the felt, once the seats and the hand are drawn

  // dialogs that follow the view
  const hasMeld = Object.values(v.melds).some(Boolean);
  $("meld-btn").disabled = !hasMeld;
  $("last-trick-btn").disabled = !lastCompleted(v);
  renderUndo($("undo-btn"), st.match, st.table, st.busy || undoWaiting());
  if ($("meld-dialog").open) renderMeld(ctx);
  if ($("scores-dialog").open) renderScores(ctx);
  const ending = v.phase === Phase.MATCH_END && st.endSummary === handKey(v);
  if ((v.phase === Phase.HAND_END || ending) && v.last_hand) {
    // an earlier hand's summary opened from the score sheet stays until it is closed
    const pastOpen = $("summary-dialog").open && $("summary-dialog").dataset.past === "true";
    if (!pastOpen) renderSummary(ctx);
    if (st.summaryShownFor !== handKey(v)) {
      st.summaryShownFor = handKey(v);
      closeDialogs();
      $("summary-dialog").showModal();
      if (v.legal?.deal || ending) $("next-hand").focus();
    }
  } else if ($("summary-dialog").open) {
    $("summary-dialog").close();
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

/** Open a dialog of the table drawn from the view now. */
export function openDialog(which) {
  if (!st.view) return;
  const ctx = tableCtx();
  const draw = { meld: renderMeld, trick: renderLastTrick, scores: renderScores, summary: renderSummary }[which];
  draw(ctx);
  $(`${which === "trick" ? "trick" : which}-dialog`).showModal();
}

/** Open the full summary of the match's hand `index` (a row of the score sheet; `view.history`). */
export function openHandSummary(index) {
  if (!st.view) return;
  const hand = (st.view.history ?? [])[index];
  if (!hand) return;
  const ctx = tableCtx();
  for (const id of ["scores-dialog", "summary-dialog"]) if ($(id).open) $(id).close();
  renderSummary(ctx, hand);
  $("summary-dialog").showModal();
}

function dealNext() {
  if (st.view?.phase === Phase.MATCH_END) {
    showMatchResult(); // the last hand's summary was read: on to the match's result
    return;
  }
  if ($("summary-dialog").open) $("summary-dialog").close();
  sendAction({ type: ActionType.DEAL });
}

/** A state message has arrived (before the table draws it, anim.js): keep its match's newest version. */
export function noteReceived(msg) {
  if (msg && msg.type === "state" && msg.match && typeof msg.match.id === "string" && Number.isInteger(msg.view?.version)) {
    st.received = { match: msg.match.id, version: msg.view.version };
  }
}

/** The newest version of the shown match that this page has received (the drawn one while none is newer). */
function newestVersion() {
  const id = st.match ? st.match.id : null;
  const got = st.received;
  return got && got.match === id && got.version > (st.view?.version ?? -1) ? got.version : st.view.version;
}

const UNDO_WAIT_MS = 8000; // an undo unanswered this long is given up (the table is asked for again)

/** Whether an undo is on its way (Undo stays disabled: a second press would take back a second move). */
export function undoWaiting() {
  return Boolean(st.undoPending && Date.now() - st.undoPending.at < UNDO_WAIT_MS);
}

/**
 * Undo: take back your most recent move of the hand (solo; the server answers with a state, event "undo").
 * Pressed while the computers' cards are still being shown, the table the page draws is behind the server's:
 * the undo is sent for the newest version received, and the states still waiting are drawn at once (anim.js
 * hurry). A stale refusal (a computer moved meanwhile) is tried again once (`retryUndo`); any other refusal is
 * said in the status line (`undoRefused`).
 */
export function sendUndo() {
  if (!st.view || st.busy || undoWaiting() || !st.table?.undo) return;
  clearToasts();
  st.statusNote = null;
  st.undoPending = { tries: 0, at: Date.now() };
  if (!sendUndoNow()) st.undoPending = null;
  else hurry(); // the moves about to be taken back: no need to watch them land
}

function sendUndoNow() {
  if (!send({ type: ClientType.UNDO, match: st.match ? st.match.id : null, version: newestVersion() })) return false;
  st.busy = true;
  document.body.dataset.busy = "1";
  $("undo-btn").disabled = true;
  clearTimeout(st.busyTimer);
  st.busyTimer = setTimeout(() => {
    if (!st.busy && !undoWaiting()) return;
    st.undoPending = null;
    setIdle();
    askResume();
  }, UNDO_WAIT_MS);
  return true;
}

/** The undo's answer came (a state with event "undo"): nothing is waiting any more. */
export function undoAnswered() {
  st.undoPending = null;
}

/** A stale refusal of the undo on its way: send it again for the newest version received; false if it was
 * already tried again (or none is on its way). */
export function retryUndo() {
  const p = st.undoPending;
  if (!p || p.tries >= 1 || !st.view) return false;
  p.tries += 1;
  return sendUndoNow();
}

/** The undo on its way was refused for good: say why in the status line (and to a screen reader). */
export function undoRefused(reason) {
  st.undoPending = null;
  const text = `Undo: ${reason.replace(/[.\s]+$/, "")}.`;
  st.statusNote = { text, match: st.match ? st.match.id : null, hand: st.view?.hand_number ?? null };
  announce(text);
}

/** The status line's note (an undo not taken, cards passed between partners) before what the view says, while its
 * hand is shown. */
function renderStatusNote(v) {
  const n = st.statusNote;
  if (!n) return;
  const played = (v.tricks ?? []).some((t) => t.cards.length > 0);
  if (n.match !== (st.match ? st.match.id : null) || n.hand !== v.hand_number || (n.kind === "pass" && played)) {
    st.statusNote = null;
    return;
  }
  const el = $("status");
  el.textContent = `${n.text} ${el.textContent}`.trim();
}

// ------------------------------------------------------------------ the replay viewer (views/replay.js)

// back: the view's version when the viewer was opened from the score sheet (closing it goes back there)
const replay = { history: null, hand: 0, step: 0, wanted: false, url: null, back: null };

/** Ask the server for the match's finished hands; the viewer opens on the last of them when they come. */
export function openReplay() {
  if (!st.match) return;
  replay.wanted = true;
  send({ type: ClientType.HISTORY, match: st.match.id });
}

/** The server's `history` message: open (or redraw) the viewer. */
export function onHistory(msg) {
  if (!replay.wanted && !$("replay-dialog").open) return;
  replay.wanted = false;
  if (!Array.isArray(msg.hands) || !msg.hands.length) {
    toast("No hand has finished yet: the replay shows finished hands.", "info");
    return;
  }
  const same = replay.history && replay.history.match === msg.match;
  replay.history = msg;
  if (!same || replay.hand >= msg.hands.length) {
    replay.hand = msg.hands.length - 1;
    replay.step = 0;
  }
  drawReplay();
  if ($("scores-dialog").open) {
    replay.back = st.view?.version ?? null;
    $("scores-dialog").close();
  }
  if (!$("replay-dialog").open) $("replay-dialog").showModal();
}

/** The viewer closed: back to the score sheet it was opened from (the view unchanged since), the focus on its
 * Replay button, as a dialog opened from another gives the focus back. */
export function afterReplay() {
  const from = replay.back;
  replay.back = null;
  if (from === null || from !== st.view?.version || document.querySelector("dialog[open]")) return;
  openDialog("scores");
  $("scores-replay").focus();
}

function drawReplay() {
  const h0 = replay.history;
  if (!h0) return;
  const s = st.view ? tableSeating() : null;
  // a table of 4 or 5: the hand's own lineup names the chair that sat at each seat that hand
  const name = (seat, lineup) => (s && lineup && s.chairName && lineup[seat] !== undefined
    ? s.chairName(lineup[seat]) : s ? s.name(seat) : seat);
  const { body, title, steps, where, said } = renderReplay(h0, replay.hand, replay.step, name);
  $("replay-title").textContent = `Replay · ${title}`;
  $("replay-body").replaceChildren(body);
  $("replay-hand").textContent = `${title} of ${h0.hands.length}`;
  $("replay-where").textContent = where;
  $("replay-said").textContent = said; // the dialog's live region: each step said as it is taken
  $("replay-prev").disabled = replay.step === 0;
  $("replay-next").disabled = replay.step >= steps;
  $("replay-prev-hand").disabled = replay.hand === 0;
  $("replay-next-hand").disabled = replay.hand >= h0.hands.length - 1;
  if (replay.url) URL.revokeObjectURL(replay.url);
  replay.url = URL.createObjectURL(new Blob([JSON.stringify(recordOf(h0), null, 1)], { type: "application/json" }));
  const link = $("replay-download");
  link.href = replay.url;
  link.setAttribute("download", `pinochle-${h0.match}.json`);
}

/** Step the viewer `delta` steps (the deal, the auction and the meld are step 0; a card pass is a step). */
export function stepReplay(delta) {
  const h0 = replay.history;
  if (!h0) return;
  const steps = replaySteps(h0.replays?.[replay.hand]);
  const next = Math.min(steps, Math.max(0, replay.step + delta));
  if (next === replay.step) return;
  replay.step = next;
  drawReplay();
}

/** Go to the hand `delta` hands away, at its deal. */
export function handReplay(delta) {
  const h0 = replay.history;
  if (!h0) return;
  const next = Math.min(h0.hands.length - 1, Math.max(0, replay.hand + delta));
  if (next === replay.hand) return;
  replay.hand = next;
  replay.step = 0;
  drawReplay();
}

/** The review closed: back to the hand's summary it was opened from (the view unchanged since), the focus on
 * its Review button, as a dialog opened from another gives the focus back. */
export function afterReview() {
  const from = st.reviewReturn;
  st.reviewReturn = null;
  if (from === null || from !== st.view?.version || st.screen !== "table" || document.querySelector("dialog[open]")) return;
  $("summary-dialog").showModal();
  $("summary-review").focus();
}

/** How the page asks a yes-or-no question (app.js confirmThen): set by app.js at its start. */
let confirmer = null;

/** Use `fn({title, text, ok, cancel, risky}, onOk)` to ask the table's questions (a concession). */
export function useConfirm(fn) {
  confirmer = fn;
}

export const tableActions = {
  // by the step the bid control read from the view (views/controls.js bidStepAt), between legal.bid.min and .max
  bidBy: (delta) => { st.bid = Math.min(st.bidMax ?? Infinity, Math.max(st.bidMin ?? 0, st.bid + delta)); renderTable(); },
  bid: (value) => { st.confirmBid = null; sendAction({ type: ActionType.BID, bid: value }); },
  // a big jump asks first (views/controls.js): the question with Bid and Back, the focus on Bid
  askBid: (value) => { st.confirmBid = value; renderTable(); $("controls").querySelector('[data-testid="bid-confirm"]')?.focus(); },
  cancelBid: () => { st.confirmBid = null; renderTable(); $("controls").querySelector('[data-testid="bid-button"]')?.focus(); },
  pass: () => sendAction({ type: ActionType.PASS }),
  trump: (suit) => sendAction({ type: ActionType.TRUMP, suit }),
  // a concession asks first, naming what it costs (the view's concede_cost), the safe choice the default
  concede: () => {
    const v = st.view;
    const send = () => sendAction({ type: ActionType.CONCEDE });
    if (!confirmer || !v) return send();
    const q = concedeQuestion(tableSeating(), v);
    confirmer({ title: q.title, text: q.text, ok: q.ok, cancel: q.cancel, risky: true }, send);
  },
  playOn: () => sendAction({ type: ActionType.PLAY_ON }),
  deal: dealNext,
  // two-handed: a card played from the table, the Meld choice (one meld by its cards, the dix, or no meld)
  play: (card) => {
    if (!st.busy) sendAction({ type: ActionType.PLAY, card });
  },
  meld: (cards) => sendAction({ type: ActionType.MELD, cards: [...cards] }),
  dix: () => sendAction({ type: ActionType.DIX }),
  passMeld: () => sendAction({ type: ActionType.PASS }),
  showSummary: () => openDialog("summary"),
  // the decision review of a finished hand (views/review.js): the dialog waits for the server's `review`
  review: (hand, label = null) => {
    if (!Number.isInteger(hand) || hand < 1) return;
    if (!send({ type: ClientType.REVIEW, match: st.match ? st.match.id : null, hand })) return;
    st.reviewFor = hand;
    st.reviewLabel = label; // "deal 3" in a match of deals (the summary's words), else null: "hand 3"
    st.reviewReturn = $("summary-dialog").open ? st.view?.version ?? null : null;
    renderDecisionReview(hand, null, null, label);
    for (const d of document.querySelectorAll("dialog[open]:not(#rules-dialog)")) d.close();
    $("review-dialog").showModal();
  },
  // the Hint (views/hint.js): the server answers `hint` (messages.js), or an error
  hint: () => {
    if (!st.view || st.hintPending) return;
    if (send({ type: ClientType.HINT, match: st.match ? st.match.id : null, version: st.view.version })) {
      st.hintPending = true;
      renderTable();
    }
  },
  // a seat's meld on the felt opens the meld details
  showMeld: () => openDialog("meld"),
  // a piece of the table tapped tells what it is (the declarer's buried cards: views/seat.js)
  tell: (text) => toast(text, "info"),
  confirmChosen: () => {
    const choose = chooseOf(st.view);
    if (!choose || st.chosen.size !== choose.count) return;
    sendAction({ type: choose.kind, cards: [...st.chosen].sort((a, b) => a - b).map((i) => st.view.hand[i]) });
  },
};

/** Whether card `i` of the hand may be chosen as well: the view lists the cards offered, one entry per copy. */
function choosable(choose, i) {
  if (!choose.from) return true;
  const token = st.view.hand[i];
  const offered = choose.from.filter((c) => c === token).length;
  const taken = [...st.chosen].filter((j) => st.view.hand[j] === token).length;
  return taken < offered;
}

/** A card of the hand was clicked (or chosen with Enter or Space). */
export function onHandClick(e) {
  const btn = e.target.closest("button.card");
  if (!btn || !st.view || st.busy) return;
  const choose = chooseOf(st.view);
  if (choose) {
    // choosing cards to pass or bury: a card is chosen or put back; the server checks the choice
    const i = Number(btn.dataset.index);
    if (st.chosen.has(i)) st.chosen.delete(i);
    else if (st.chosen.size < choose.count && choosable(choose, i)) st.chosen.add(i);
    else if (!choosable(choose, i)) toast(NOT_CHOSEN.toast(cardShort(st.view.hand[i]), choose), "info"); // the view's reason
    renderTable();
    return;
  }
  // No rules here: send the play and let the server explain a refusal.
  sendAction({ type: ActionType.PLAY, card: btn.dataset.card });
}

/** The window changed size: the hand may take more or fewer rows. */
export function onResize() {
  if (st.screen === "table") {
    layoutHand();
    placeFeltMelds();
  }
}

export function tick() {
  if (st.screen === "searching") renderSearchCountdown(st.seat.search);
  if (st.screen === "table" && st.view) renderTimer(st.view, tableSeating());
}

// ------------------------------------------------------------------ for messages.js and app.js

export { adopt, askResume, closeDialogs, currentSeatToken, drawHome, emptySeat, hasSeat, keepSeatToken,
  renderReviewLobbyNote, routeSeat, seatInPlay, send, stillReviewing, tableSeating, SCREEN_KEY, SEAT_SCREENS };

export const lobbyActions = {
  arrange: (seat, memberId) => {
    const r = st.seat.room;
    if (!r) return;
    const seats = {};
    for (const s of Object.keys(r.seats ?? {})) seats[s] = r.seats[s]?.id ?? null; // the seats of the room's game
    const current = seats[seat];
    if (!memberId || memberId === current) {
      renderLobby(r, lobbyActions);
      return;
    }
    const from = Object.keys(seats).find((s) => seats[s] === memberId);
    if (from) seats[from] = current; // a swap; the seat left behind may become open
    seats[seat] = memberId;
    send({ type: ClientType.ARRANGE, seats });
  },
  /** The creator's number of players for the room's game (auction: 3, 4 or 5): the places follow. */
  setPlayers: (players) => {
    const r = st.seat.room;
    if (r) send({ type: ClientType.ROOM_GAME, game: r.game || "table", players });
  },
};

export function saveDevice(device) {
  st.device = device;
  writeStore(DEVICE_KEY, device);
}

export function dropDevice() {
  st.device = null;
  removeStore(DEVICE_KEY);
}
