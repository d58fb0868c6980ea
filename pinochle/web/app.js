// The browser table: renders the server's view for South and sends moves.
// No rules live here: the legal moves are the ones the server sends in
// `view.legal`, and a refused move is explained by the server's `error`.
// The protocol is docs/protocol.md.

import {
  ActionType, ClientType, CloseCode, DEVICE_KEY, ErrorCode, Level, Phase, ServerType, StateEvent,
} from "./protocol.js";

// ------------------------------------------------------------------ constants

const SEATS = ["N", "E", "S", "W"]; // clockwise, as the engine numbers them
const SEAT_NAME = Object.freeze({ S: "You", N: "Partner", W: "West", E: "East" });
const SIDE_OF = Object.freeze({ N: "NS", S: "NS", E: "EW", W: "EW" });
const SIDE_NAME = Object.freeze({ NS: "Us", EW: "Them" });
const SIDE_LONG = Object.freeze({ NS: "You & Partner", EW: "West & East" });
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
const SCREEN_KEY = "pinochle.screen"; // sessionStorage: keep a reloaded tab at the table
const TOAST_MS = 4500;

// ------------------------------------------------------------------ state

const app = {
  screen: "connecting", // connecting | home | table | result
  device: null,
  match: null, // the latest match summary
  view: null, // the latest view
  wantTable: readSession(SCREEN_KEY) === "table",
  busy: false, // a move was sent and its answer has not come back
  busyTimer: null,
  bidValue: null,
  bidMin: null,
  meldShownFor: null, // "matchId/hand" whose meld review was opened automatically
  summaryShownFor: null,
  pendingLevel: null,
};

const conn = { ws: null, attempt: 0, timer: null, open: false, welcomed: false };

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

/** Build an element: h("button", {class: "x", onclick: f}, "text", child). */
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

const seatName = (seat) => SEAT_NAME[seat] ?? seat;
const suitSym = (s) => SUIT[s].sym + VS;
const num = (n) => (n < 0 ? `−${-n}` : String(n)); // a real minus sign
const signed = (n) => (n > 0 ? `+${n}` : num(n));
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function cardName(token) {
  return `${RANK[token[0]].name} of ${SUIT[token[1]].name}`;
}
function cardShort(token) {
  return RANK[token[0]].txt + SUIT[token[1]].sym;
}

/** The seat that played the i-th card of a trick led by `leader`. */
function seatOf(leader, i) {
  return SEATS[(SEATS.indexOf(leader) + i) % 4];
}

function thinking(seat) {
  return seat === "S" ? "Your turn" : `${seatName(seat)} is thinking…`;
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

/** "You are stuck at 250", "West bid 270": who holds the contract, in words. */
function contractText(seat, stuck, bid) {
  const who = seatName(seat);
  if (stuck) return `${who} ${seat === "S" ? "are" : "is"} stuck at ${bid}`;
  return `${who} bid ${bid}`;
}

function announce(text) {
  const box = $("announcer");
  box.append(h("p", {}, text));
  while (box.children.length > 6) box.firstElementChild.remove();
}

/** Speak what changed between two views of the same match. */
function announceChanges(prev, v) {
  if (!prev) return;
  if (prev.hand_no !== v.hand_no) {
    announce(`Hand ${v.hand_no + 1}. ${seatName(v.dealer)} ${v.dealer === "S" ? "deal" : "deals"}.`);
    return;
  }
  for (const c of v.auction.slice(prev.auction.length)) {
    const who = seatName(c.seat);
    announce(c.call === "pass" ? `${who} ${c.seat === "S" ? "pass" : "passes"}.` : `${who} ${c.seat === "S" ? "bid" : "bids"} ${c.call}.`);
  }
  if (!prev.declarer && v.declarer && v.stuck) {
    announce(`${seatName(v.declarer)} ${v.declarer === "S" ? "are" : "is"} stuck with the bid at ${v.bid}.`);
  }
  if (!prev.trump && v.trump) {
    announce(`${seatName(v.declarer)} named ${SUIT[v.trump].name} trump.`);
  }
  const before = flatPlays(prev);
  const now = flatPlays(v);
  for (const p of now.slice(before.length)) {
    announce(`${seatName(p.seat)} played the ${cardName(p.card)}.`);
    if (p.winner) announce(`${p.winner === "S" ? "You take" : `${seatName(p.winner)} takes`} the trick.`);
  }
  // a trick completed by the card already announced (no new card, new winner)
  v.tricks.forEach((t, i) => {
    const old = prev.tricks[i];
    if (t.winner && old && !old.winner && old.cards.length === t.cards.length) {
      announce(`${t.winner === "S" ? "You take" : `${seatName(t.winner)} takes`} the trick.`);
    }
  });
  if (prev.phase !== v.phase && v.phase === Phase.HAND_END && v.last_hand) {
    announce(handResultSentence(v.last_hand));
  }
  if (prev.phase !== v.phase && v.phase === Phase.MATCH_END) {
    announce(resultTitle(v.winner));
  }
  if (legalKinds(v).length && !legalKinds(prev).length && v.phase !== Phase.HAND_END) {
    announce(statusText(v));
  }
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
    rawSend({ type: ClientType.HELLO, device: app.device ?? readStore(DEVICE_KEY) });
  });
  ws.addEventListener("message", (e) => {
    if (conn.ws !== ws) return;
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    if (msg && typeof msg === "object") onMessage(msg);
  });
  ws.addEventListener("close", (e) => {
    if (conn.ws !== ws) return;
    conn.ws = null;
    conn.open = false;
    conn.welcomed = false;
    setIdle();
    if (e.code === CloseCode.BAD_HELLO) {
      // the stored token was refused: start afresh with a new one
      app.device = null;
      removeStore(DEVICE_KEY);
    } else if (e.code === CloseCode.TOO_BIG) {
      toast("The server refused a message that was too large.");
    }
    scheduleReconnect();
  });
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

function sendAction(action) {
  if (!app.view || app.busy) return;
  for (const t of $("toasts").querySelectorAll(".toast")) t.remove(); // a new move: old news
  if (send({ type: ClientType.ACTION, match: app.match ? app.match.id : null, version: app.view.version, action })) {
    app.busy = true;
    document.body.dataset.busy = "1";
    // Every move is answered (a state or an error); if none comes, ask for the table again.
    clearTimeout(app.busyTimer);
    app.busyTimer = setTimeout(() => {
      if (!app.busy) return;
      setIdle();
      rawSend({ type: ClientType.RESUME });
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
    default: return undefined;
  }
}

function onWelcome(msg) {
  conn.welcomed = true;
  conn.attempt = 0;
  showConnBanner(false);
  if (typeof msg.device === "string") {
    app.device = msg.device;
    writeStore(DEVICE_KEY, msg.device);
  }
  app.match = msg.match ?? null;
  if (app.match && app.wantTable) {
    rawSend({ type: ClientType.RESUME });
    return;
  }
  if (!app.match) app.view = null;
  if (app.screen !== "home") showScreen("home");
  else renderHome();
}

function onState(msg) {
  setIdle();
  const prev = app.view;
  const sameMatch = app.match && msg.match && app.match.id === msg.match.id;
  app.match = msg.match;
  app.view = msg.view;
  if (app.view.turn === "S" || (app.view.legal && Object.keys(app.view.legal).length)) {
    // South's move now: a "wait for …" toast from before is old news
    for (const t of $("toasts").querySelectorAll(".toast")) t.remove();
  }
  if (sameMatch && msg.event === StateEvent.MOVE) announceChanges(prev, app.view);
  if (msg.event === StateEvent.START) {
    announce(`New match. ${app.view.dealer === "S" ? "You deal" : `${seatName(app.view.dealer)} deals`}.`);
  }
  // A computer's move while the player is on the home screen does not pull them back.
  if (app.screen === "home" && msg.event === StateEvent.MOVE) {
    renderHome();
    return;
  }
  showScreen(app.view.phase === Phase.MATCH_END ? "result" : "table");
}

function onError(msg) {
  setIdle();
  const text = typeof msg.message === "string" && msg.message ? msg.message : "Something went wrong.";
  switch (msg.code) {
    case ErrorCode.ILLEGAL:
    case ErrorCode.NOT_YOUR_TURN:
      toast(cap(text));
      break;
    case ErrorCode.STALE:
      toast("The table moved on — here it is again.");
      rawSend({ type: ClientType.RESUME });
      break;
    case ErrorCode.NO_MATCH:
      toast(cap(text));
      app.match = null;
      app.view = null;
      app.wantTable = false;
      showScreen("home");
      break;
    default:
      toast(cap(text));
  }
  if (app.screen === "table") renderTable();
}

// ------------------------------------------------------------------ screens

function showScreen(name) {
  app.screen = name;
  document.body.dataset.screen = name;
  for (const s of ["connecting", "home", "table", "result"]) $(`screen-${s}`).hidden = s !== name;
  if (name === "table" || name === "result") {
    app.wantTable = true;
    writeSession(SCREEN_KEY, "table");
  } else if (name === "home") {
    app.wantTable = false;
    writeSession(SCREEN_KEY, "home");
    for (const d of document.querySelectorAll("dialog[open]")) d.close();
  }
  if (name === "home") renderHome();
  if (name === "table") renderTable();
  if (name === "result") renderResult();
}

function inProgress(m) {
  return Boolean(m && m.phase !== Phase.MATCH_END);
}

function matchLine(m) {
  return `Hand ${m.hand_no + 1} · Us ${num(m.totals.NS)} – Them ${num(m.totals.EW)} · ${LEVEL_NAME[m.level] ?? m.level}`;
}

function resultLine(m) {
  const who = m.winner === "NS" ? "You and your partner won" : "West and East won";
  return `${who} · Us ${num(m.totals.NS)} – Them ${num(m.totals.EW)}`;
}

function renderHome() {
  const m = app.match;
  const show = inProgress(m);
  const finished = Boolean(m && m.phase === Phase.MATCH_END);
  // a match in progress can be resumed; a finished one's result can be seen again
  $("resume-box").hidden = !(show || finished);
  $("resume-label").textContent = show ? "Resume match" : "Last match's result";
  $("resume-detail").textContent = show ? matchLine(m) : finished ? resultLine(m) : "";
}

function startMatch(level) {
  if (inProgress(app.match)) {
    app.pendingLevel = level;
    $("confirm-text").textContent =
      `Your match in progress (${matchLine(app.match)}) will end if you start a new ${LEVEL_NAME[level]} match.`;
    $("confirm-dialog").showModal();
    return;
  }
  newMatch(level);
}

function newMatch(level) {
  app.meldShownFor = null;
  app.summaryShownFor = null;
  if (send({ type: ClientType.NEW_MATCH, level })) app.wantTable = true;
}

// ------------------------------------------------------------------ the table

function handKey(v) {
  return `${app.match?.id}/${v.hand_no}`;
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

function renderTable() {
  const v = app.view;
  if (!v) return;
  const focusKey = document.activeElement?.dataset?.focus ?? null;

  document.body.dataset.phase = v.phase;
  document.body.dataset.version = String(v.version);
  document.body.dataset.legal = legalKinds(v).join(",");
  document.body.dataset.turn = v.turn ?? "";

  renderTopbar(v);
  for (const seat of SEATS) renderSeat(v, seat);
  renderCentre(v);
  renderStatus(v);
  renderSides(v);
  renderControls(v);
  renderHand(v);

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
      $("next-hand").focus();
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
}

function closeDialogs() {
  for (const d of document.querySelectorAll("dialog[open]")) d.close();
}

function renderTopbar(v) {
  $("hand-no").textContent = `Hand ${v.hand_no + 1}`;
  const c = $("contract");
  fill(c);
  if (v.declarer) {
    c.append(
      h("span", { class: "contract-who" }, `${seatName(v.declarer)} `, h("span", { class: "wide-only" }, v.stuck ? (v.declarer === "S" ? "are stuck at " : "is stuck at ") : "bid ")),
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
  const ms = $("match-score");
  fill(ms,
    h("span", { class: "side NS" }, "Us ", h("strong", {}, num(v.totals.NS))),
    h("span", { class: "side EW" }, "Them ", h("strong", {}, num(v.totals.EW))),
    h("span", { class: "to" }, "to 1500"),
  );
  ms.setAttribute("aria-label", `Match score: us ${v.totals.NS}, them ${v.totals.EW}; first to 1500`);
}

function renderSeat(v, seat) {
  const el = $(`seat-${seat}`);
  const isTurn = v.turn === seat && (v.phase === Phase.AUCTION || v.phase === Phase.TRUMP
    || v.phase === Phase.MELD || v.phase === Phase.PLAY);
  el.classList.toggle("is-turn", isTurn);
  el.dataset.turn = isTurn ? "true" : "false";
  const badges = [];
  if (v.dealer === seat) badges.push(h("span", { class: "badge dealer", title: "Dealer" }, "Dealer"));
  if (v.declarer === seat) badges.push(h("span", { class: "badge declarer", title: "Declarer" }, "Declarer"));
  const call = lastCall(v, seat);
  let callText = "";
  if (call === "pass") callText = "Pass";
  else if (call) callText = `Bid ${call}`;
  else if (v.stuck && v.declarer === seat) callText = `Stuck ${v.bid}`;
  const n = v.hand_sizes[seat];
  const backs = seat === "S" ? null
    : h("span", { class: "backs", "aria-hidden": "true" },
      ...Array.from({ length: Math.min(n, 6) }, () => h("span", { class: "back" })));
  fill(el,
    h("div", { class: "seat-head" },
      h("span", { class: "seat-name" }, seatName(seat)),
      ...badges),
    h("div", { class: "seat-body" },
      backs,
      h("span", { class: "count", "data-testid": `count-${seat}` }, `${n} card${n === 1 ? "" : "s"}`),
      callText ? h("span", { class: `call ${call === "pass" ? "pass" : ""}`, "data-testid": `call-${seat}` }, callText) : null),
    isTurn ? h("div", { class: "turn-note" }, seat === "S" ? "Your turn" : h("span", { class: "dots" }, "thinking")) : null,
  );
  const parts = [seatName(seat) === "You" ? "You, South" : seatName(seat), ...badges.map((b) => b.textContent),
    `${n} cards`, callText, isTurn ? thinking(seat) : ""].filter(Boolean);
  el.setAttribute("aria-label", parts.join(", "));
}

function renderCentre(v) {
  const el = $("centre");
  const trick = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
  const prevTrick = el.dataset.trickKey;
  const key = `${app.match?.id}/${v.hand_no}/${v.tricks.length}`;
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
    el.append(h("div", { class: `slot slot-${seat} ${fresh ? "fresh" : ""} ${won ? "won" : ""}`, "data-testid": `trick-${seat}` },
      cardEl(card, { size: "trick", label: `${seatName(seat)}: ${cardName(card)}` })));
  });
  if (trick.winner) {
    el.append(h("div", { class: "trick-winner", "data-testid": "trick-winner" },
      trick.winner === "S" ? "You take the trick" : `${seatName(trick.winner)} takes the trick`));
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
        h("div", {}, `high bid · ${seatName(v.high_bidder)}`));
    } else {
      box.append(h("div", { class: "ci-big", "data-testid": "high-bid" }, "—"), h("div", {}, "no bid yet"));
    }
  } else if (v.phase === Phase.TRUMP) {
    box.append(h("div", { class: "ci-title" }, contractText(v.declarer, v.stuck, v.bid)),
      h("div", {}, v.declarer === "S" ? "Name trump" : `${seatName(v.declarer)} is naming trump…`));
  } else if (v.phase === Phase.MELD) {
    box.append(h("div", { class: "ci-title" }, "Meld"), h("div", {}, "laying down meld…"));
  } else if (v.phase === Phase.PLAY) {
    box.append(h("div", { class: "ci-title" }, "Trump"), v.trump ? h("div", { class: "ci-big" }, suitChip(v.trump)) : null,
      h("div", {}, `${seatName(v.turn)} ${v.turn === "S" ? "lead" : "leads"}`));
  }
  return box;
}

function statusText(v) {
  const L = v.legal ?? {};
  if (v.phase === Phase.HAND_END) return "Hand over — see the summary, then deal the next hand.";
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
  fill(el, ...["NS", "EW"].map((side) => h("div", { class: `side-box ${side}`, "data-testid": `side-${side}` },
    h("span", { class: "side-name" }, SIDE_NAME[side]),
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
    h("p", {}, `Trick ${index + 1}: `, h("strong", {}, trick.winner === "S" ? "you took it" : `${seatName(trick.winner)} took it`), "."),
    spread,
  );
}

function renderMeld(v) {
  const body = $("meld-body");
  const seatsOrder = ["S", "W", "N", "E"];
  const blocks = seatsOrder.map((seat) => {
    const m = v.melds[seat];
    const items = !m ? [h("p", { class: "muted" }, "not laid down yet")]
      : m.melds.length === 0 ? [h("p", { class: "muted" }, "no meld")]
        : [h("ul", { class: "meld-list" }, ...m.melds.map((it) => h("li", {},
          h("span", { class: "meld-name" }, cap(it.name)),
          h("span", { class: "meld-pts" }, String(it.points)),
          h("span", { class: "meld-cards" }, ...it.cards.map((c) => cardEl(c, { size: "mini" }))))))];
    return h("section", { class: `meld-seat ${SIDE_OF[seat]}`, "data-testid": `meld-${seat}` },
      h("h3", {}, seatName(seat), h("span", { class: "meld-total" }, m ? String(m.total) : "–")),
      ...items);
  });
  fill(body,
    v.trump ? h("p", {}, "Trump: ", suitChip(v.trump), ` · ${contractText(v.declarer, v.stuck, v.bid)}`) : null,
    h("div", { class: "meld-grid" }, ...blocks),
    h("p", { class: "meld-sides", "data-testid": "meld-sides" },
      h("span", {}, `${SIDE_LONG.NS}: `, h("strong", {}, String(v.meld_shown.NS))),
      h("span", {}, `${SIDE_LONG.EW}: `, h("strong", {}, String(v.meld_shown.EW)))),
    h("p", { class: "muted small" }, "A side keeps its meld only if it takes at least one trick."),
  );
}

function handResultSentence(last) {
  const dside = SIDE_OF[last.declarer];
  const who = dside === "NS" ? "You and your partner" : "West and East";
  return last.made ? `${who} made the bid of ${last.bid}.` : `${who} went set at ${last.bid}.`;
}

function summaryTable(last) {
  const row = (label, key, fmt = String) => h("tr", {},
    h("th", { scope: "row" }, label),
    h("td", {}, fmt(key(  "NS"))),
    h("td", {}, fmt(key("EW"))));
  return h("table", { class: "summary-table", "data-testid": "summary-table" },
    h("thead", {}, h("tr", {}, h("td", {}), h("th", { scope: "col" }, SIDE_LONG.NS), h("th", { scope: "col" }, SIDE_LONG.EW))),
    h("tbody", {},
      row("Meld shown", (s) => last.meld[s]),
      row("Meld kept", (s) => last.kept_meld[s]),
      row("Counters", (s) => last.counters[s]),
      row("Tricks", (s) => last.tricks[s]),
      h("tr", { class: "score-row" }, h("th", { scope: "row" }, "Hand score"),
        h("td", { "data-testid": "hand-score-NS" }, signed(last.score.NS)), h("td", { "data-testid": "hand-score-EW" }, signed(last.score.EW))),
      h("tr", { class: "total-row" }, h("th", { scope: "row" }, "Match total"),
        h("td", {}, num(last.totals.NS)), h("td", {}, num(last.totals.EW)))));
}

function renderSummary(v) {
  const last = v.last_hand;
  if (!last) return;
  $("summary-title").textContent = `Hand ${last.number + 1} over`;
  const made = last.made;
  fill($("summary-body"),
    h("p", { class: "contract-line" },
      `${seatName(last.declarer)} ${last.stuck ? (last.declarer === "S" ? "are stuck at" : "is stuck at") : "bid"} `, h("strong", {}, String(last.bid)),
      " · Trump ", suitChip(last.trump)),
    h("p", { class: `verdict ${made ? "made" : "set"}`, "data-testid": "verdict" }, made ? "Made" : "Set", " — ", handResultSentence(last)),
    summaryTable(last),
  );
  $("next-hand").hidden = !v.legal?.deal;
}

function renderScores(v) {
  const hist = v.history ?? [];
  const body = $("scores-body");
  if (!hist.length) {
    fill(body, h("p", {}, "No hand has been finished yet."));
    return;
  }
  fill(body, h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Hands played" }, h("table", { class: "scores-table", "data-testid": "scores-table" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Contract"),
      h("th", { scope: "col" }, "Us"), h("th", { scope: "col" }, "Them"),
      h("th", { scope: "col" }, "Us total"), h("th", { scope: "col" }, "Them total"))),
    h("tbody", {}, ...hist.map((hd) => h("tr", {},
      h("td", {}, String(hd.number + 1)),
      h("td", {}, `${seatName(hd.declarer)} ${hd.bid} `, suitChip(hd.trump), " ",
        h("span", { class: hd.made ? "made" : "set" }, hd.made ? "made" : "set")),
      h("td", {}, signed(hd.score.NS)), h("td", {}, signed(hd.score.EW)),
      h("td", {}, h("strong", {}, num(hd.totals.NS))), h("td", {}, h("strong", {}, num(hd.totals.EW))))))),
  ));
}

function resultTitle(winner) {
  return winner === "NS" ? "You and your partner win!" : winner === "EW" ? "West and East win" : "Match over";
}

function renderResult() {
  const v = app.view;
  if (!v) return;
  closeDialogs();
  document.body.dataset.phase = v.phase;
  document.body.dataset.legal = legalKinds(v).join(",");
  $("result-title").textContent = resultTitle(v.winner);
  fill($("result-score"),
    h("span", {}, `${SIDE_LONG.NS} `, h("strong", {}, num(v.totals.NS))),
    h("span", { class: "dash" }, " – "),
    h("span", {}, h("strong", {}, num(v.totals.EW)), ` ${SIDE_LONG.EW}`));
  const last = v.last_hand;
  fill($("result-last"), ...(last ? [
    h("h2", {}, `Last hand (${last.number + 1})`),
    h("p", {}, `${contractText(last.declarer, last.stuck, last.bid)} · Trump `, suitChip(last.trump), ` · ${last.made ? "made" : "set"}`),
    summaryTable(last),
  ] : []));
  $("play-again").focus();
}

// ------------------------------------------------------------------ wiring

function wire() {
  for (const b of document.querySelectorAll("button[data-level]")) {
    b.addEventListener("click", () => startMatch(b.dataset.level));
  }
  $("resume").addEventListener("click", () => {
    // Always ask: the server's copy of the match is the truth.
    if (send({ type: ClientType.RESUME })) app.wantTable = true;
  });
  $("confirm-cancel").addEventListener("click", () => $("confirm-dialog").close());
  $("confirm-ok").addEventListener("click", () => {
    $("confirm-dialog").close();
    if (app.pendingLevel) newMatch(app.pendingLevel);
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

  // Keyboard: arrow keys move between the cards of the hand.
  $("hand").addEventListener("keydown", (e) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const cards = [...$("hand").querySelectorAll("button.card")];
    const i = cards.indexOf(document.activeElement);
    if (i < 0) return;
    const j = Math.max(0, Math.min(cards.length - 1, i + (e.key === "ArrowRight" ? 1 : -1)));
    cards[j].focus();
    e.preventDefault();
  });

  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) reconnectNow(); });
  window.addEventListener("pagehide", () => {
    const ws = conn.ws;
    conn.ws = null;
    if (ws) try { ws.close(CloseCode.NORMAL); } catch { /* ignore */ }
  });
  window.addEventListener("pageshow", (e) => { if (e.persisted && !conn.ws) { conn.attempt = 0; connect(); } });
}

app.device = readStore(DEVICE_KEY);
wire();
connect();
