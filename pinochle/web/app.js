// The browser table's entry point: it wires the page's buttons to the
// controller's actions and starts the connection. The modules, one job each:
//
//   controller.js   the state and the screens' named transitions; the table's render
//   messages.js     the server's messages, one handler per type; invitation links
//   socket.js       connect, reconnect with backoff, heartbeat, the handler map
//   seats.js        seat geometry and names from the view's list of seats
//   words.js        sentences about the table; announcer.js  toasts and the screen reader
//   timer.js        the move timer;  anim.js  animations;  keys.js  keyboard play
//   views/*.js      pure view functions: table, hand, controls, dialogs, home, lobby, search
//
// No rules live in the browser: whatever it shows about points, winners or
// legality comes from the server's view. The protocol is docs/protocol.md.

import { ClientType, CloseCode, Level } from "./protocol.js";
import { $, levelName, readStore, writeStore } from "./dom.js";
import { createFlow, initMotion } from "./anim.js";
import { initKeys } from "./keys.js";
import { initSettings } from "./settings-ui.js";
import { initStats, onStats } from "./stats-ui.js";
import { toast } from "./announcer.js";
import { createSocket } from "./socket.js";
import {
  dropDevice, forgetSeat, go, onHandClick, onResize, openDialog, openHandSummary, routeSeat, seatInPlay, send, sendHello, setIdle, st,
  tableActions, tableSeating, tick, useConfirm, useSocket,
} from "./controller.js";
import { afterReplay, afterReview, handReplay, noteReceived, openReplay, sendUndo, stepReplay } from "./controller.js";
import { movingText } from "./words.js";
import { inviteFromUrl, messageHandlers } from "./messages.js";
import { inProgress, unfinishedLine } from "./views/home.js";
import { roomLink } from "./views/lobby.js";
import { gameTiles, gameTitle } from "./views/tiles.js";
import { howToPlayHref, knowHowToPlay } from "./views/table.js";

const NAME_KEY = "pinochle.name"; // localStorage: the display name for rooms and Quick Match
const NAME_MAX = 20;

// ------------------------------------------------------------------ the connection

const handlers = {};
// Every message is handled in order; a state shown at the table waits for the animations of the one before it.
const flow = createFlow({
  handle: (msg) => net.dispatch(msg),
  table: () => ({ shown: st.screen === "table", view: st.view, matchId: st.match?.id ?? null }),
  // the status line's words while the cards of the view drawn move (the deal, a card played, the meld laid)
  say: (moving) => (st.view ? movingText(tableSeating(), st.view, moving) : null),
});
const net = createSocket({
  handlers,
  push: (msg) => { noteReceived(msg); flow.push(msg); },
  onOpen: () => sendHello(),
  onDown: () => showConnBanner(true),
  onClose: (code) => {
    setIdle();
    showConnBanner(true);
    if (code === CloseCode.BAD_HELLO) dropDevice(); // the stored tokens were refused: start afresh
    else if (code === CloseCode.TOO_BIG) toast("The server refused a message that was too large.");
  },
});
Object.assign(handlers, messageHandlers(net));
handlers.stats = onStats; // the Statistics page (stats-ui.js)
const welcome = handlers.welcome;
handlers.welcome = (msg) => { showConnBanner(false); welcome(msg); };
useSocket(net);

function showConnBanner(on) {
  $("conn").hidden = !on;
  document.body.dataset.connected = on ? "0" : "1";
}

// ------------------------------------------------------------------ home: solo, rooms, Quick Match

/** What the player asked for while the name was missing (Enter in the name field then does it). */
let afterName = null;

/**
 * The trimmed display name from Home's one name field, or null: then the field says why under itself
 * and takes the focus (in view), and `then` (the step that asked: Quick Match, a room) waits for the
 * Enter key in the field. Never a toast: the field is the place the player looks.
 */
function displayName(then = null) {
  const input = $("name-input");
  const name = input.value.trim();
  const length = [...name].length;
  if (length < 1 || length > NAME_MAX) {
    afterName = then;
    showName(true);
    input.setAttribute("aria-invalid", "true");
    const what = then ? `, then press Enter to ${then.words}` : "";
    sayNameError(length ? `A name has at most ${NAME_MAX} characters${what}.` : `Type your name first (1 to ${NAME_MAX} characters)${what}.`);
    input.focus({ preventScroll: true });
    input.scrollIntoView({ block: "center" });
    return null;
  }
  input.removeAttribute("aria-invalid");
  sayNameError("");
  writeStore(NAME_KEY, name);
  showName(false);
  return name;
}

/** The line under the name field: why the name is wanted ("" hides it). */
function sayNameError(text) {
  const el = $("name-error");
  el.textContent = text;
  el.hidden = !text;
}

/** The stored name, if it is one a room would take. */
function storedName() {
  const v = (readStore(NAME_KEY) ?? "").trim();
  return v && [...v].length <= NAME_MAX ? v : null;
}

/**
 * The name is asked once: while none is kept on the device (or `ask`: the player chose "Change")
 * the field is shown; afterwards Home says "Playing as NAME" with a Change button.
 */
function showName(ask) {
  const name = storedName();
  const asking = ask || !name;
  $("name-ask").hidden = !asking;
  $("name-known").hidden = asking;
  $("name-shown").textContent = name ?? "";
  if (name && !$("name-input").value.trim()) $("name-input").value = name;
}

/** Ask a question in the confirm dialog; `ok` runs on the first button, `cancel` (if any) on the other. */
function confirmThen({ title, text, ok, cancel, risky = false }, onOk, onCancel = null) {
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-ok").textContent = ok;
  $("confirm-cancel").textContent = cancel;
  // a choice that throws something away is never the gold button: the safe one is (`risky`)
  $("confirm-ok").classList.toggle("primary", !risky);
  $("confirm-cancel").classList.toggle("primary", risky);
  st.confirm = { ok: onOk, cancel: onCancel };
  $("confirm-dialog").showModal();
  // a risky question (abandoning a match, conceding a hand): the keyboard starts on the safe choice
  if (risky) $("confirm-cancel").focus();
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

let chosen = readStore("pinochle.game") || "table"; // the game chosen on Home (kept on the device)

/** The game chosen on Home: its tile's radio button, checked. */
function chosenGame() {
  return document.querySelector('#game-tiles input[name="game"]:checked')?.value || chosen || "table";
}

/** The player picked a game's tile. */
function chooseGame(name) {
  chosen = name;
  writeStore("pinochle.game", name);
  const strip = $("game-tiles");
  for (const tile of strip.querySelectorAll(".game-tile")) tile.classList.toggle("on", tile.dataset.game === name);
  // a strip that scrolls sideways (a phone): the chosen tile in view, without scrolling the page
  const tile = strip.querySelector(`.game-tile[data-game="${CSS.escape(name)}"]`);
  if (tile && strip.scrollWidth > strip.clientWidth) {
    const left = tile.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft || left + tile.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = left - (strip.clientWidth - tile.offsetWidth) / 2;
    }
  }
  linkHowToPlay();
  offerPlayers();
}

// the players of each game (GET /games): the solo line says "partner" only when there is one
const PLAYERS = new Map();
/** A game's one-line description for people (GET /games). */
const ABOUT = new Map();
// the numbers of players each game's table takes (GET /games `sizes`: auction 3, 4 or 5)
const SIZES = new Map();

/** The number of players chosen for the solo match, or null when the game's table takes one number. */
function chosenPlayers() {
  const sizes = SIZES.get(chosenGame()) ?? [];
  const n = Number($("players-select").value);
  return sizes.length > 1 && sizes.includes(n) ? n : null;
}

/** Offer the chosen game's numbers of players (hidden when its table takes one); keep the device's choice. */
function offerPlayers() {
  const sizes = SIZES.get(chosenGame()) ?? [];
  const pick = $("players-pick");
  const sel = $("players-select");
  pick.hidden = sizes.length < 2;
  // the device's own choice, else the game's own number of players (auction: 3), never what the picker
  // held for the game chosen before (else Auction would show 4 coming from Table, 3 from Cutthroat)
  const keep = Number(readStore("pinochle.players"));
  const own = PLAYERS.get(chosenGame());
  sel.replaceChildren(...sizes.map((n) => {
    const o = document.createElement("option");
    o.value = String(n);
    o.textContent = String(n);
    return o;
  }));
  sel.value = String(sizes.includes(keep) ? keep : sizes.includes(own) ? own : sizes[0] ?? "");
}

/** Home's "How to play" link and the line under the picker (the game's description from GET /games,
 * less its sources) follow the game chosen in the picker (the link is left out while the game has no page). */
function linkHowToPlay() {
  const link = document.querySelector("[data-testid=home-rules]");
  const href = howToPlayHref(chosenGame());
  if (link) {
    link.hidden = !href;
    if (href) link.setAttribute("href", href);
  }
  const about = $("game-about");
  if (about) about.textContent = ABOUT.get(chosenGame()) ?? "";
  const who = $("solo-who");
  if (who) {
    const n = PLAYERS.get(chosenGame()) ?? 4;
    who.textContent = n === 4 ? "Your partner and opponents are computer players."
      : n === 2 ? "Your opponent is a computer player." : "Your opponents are computer players; each of you plays alone.";
  }
}

/** Home's Quick Match line says how long this server searches before computers fill the seats (GET /games
 * `quick_match.search_seconds`, the server's --search-seconds); without it the page's own words stay. */
function sayQuickWait(seconds) {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) return;
  const n = Math.round(seconds * 10) / 10;
  $("quick-wait").textContent = n === 0 ? "If nobody else is looking, computers fill the empty seats at once."
    : `After ${n} second${n === 1 ? "" : "s"} computers fill the empty seats.`;
}

/** Home's tiles and the room's game picker: the server's playable games (GET /games); keep the device's choice. */
async function loadGames() {
  let games = [];
  try {
    const resp = await fetch("/games", { cache: "no-store" });
    const body = await resp.json();
    const all = body.games;
    sayQuickWait(body.quick_match?.search_seconds);
    knowHowToPlay(all);
    games = all.filter((g) => g.playable);
  } catch {
    return; // the table game stays the only choice
  }
  for (const g of games) {
    ABOUT.set(g.name, String(g.description ?? "").replace(/\s*\((RULES|VARIANTS)\.md[^)]*\)/g, ""));
    PLAYERS.set(g.name, g.players);
    SIZES.set(g.name, Array.isArray(g.sizes) ? g.sizes : [g.players]);
  }
  const sel = $("room-game");
  const keep = sel.value;
  sel.replaceChildren(...games.map((g) => {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = gameTitle(g.name);
    o.title = g.description;
    o.dataset.sizes = (SIZES.get(g.name) ?? []).join(" "); // the lobby offers these numbers of players
    return o;
  }));
  sel.value = keep;
  if (!sel.value) sel.value = "table";
  if (!games.some((g) => g.name === chosen)) chosen = "table";
  $("game-tiles").replaceChildren(...gameTiles(games, chosen, chooseGame));
  chooseGame(chosen);
}

function createRoom() {
  const name = displayName({ words: "create the room", run: createRoom });
  if (!name) return;
  const level = $("guest-level").value;
  const game = chosenGame();
  const players = chosenPlayers(); // Home's Players picker (auction: 3, 4 or 5), or null
  leavingSeat(() => {
    if (send({ type: ClientType.CREATE_ROOM, name, level, game, ...(players ? { players } : {}) })) st.expectSeat = true;
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
  const name = displayName({ words: "join the room", run: joinRoom });
  if (!name) return;
  leavingSeat(() => { if (send({ type: ClientType.JOIN_ROOM, code, name })) st.expectSeat = true; });
}

function quickMatch() {
  const name = displayName({ words: "start Quick Match", run: quickMatch });
  if (!name) return;
  const players = chosenPlayers(); // auction at 4 or 5 searches for a table of that many
  leavingSeat(() => {
    if (send({ type: ClientType.QUICK_MATCH, name, game: chosenGame(), ...(players ? { players } : {}) })) st.expectSeat = true;
  });
}

function backToSeat() {
  st.focus = "seat";
  const before = st.screen;
  routeSeat();
  if (st.screen === before) sendHello(); // nothing to show yet: ask the server for the seat again
}

function leaveSeat() {
  if (st.seat.search) send({ type: ClientType.CANCEL_SEARCH });
  else leavingSeat(() => send({ type: ClientType.LEAVE }));
}

/** The player asked for the solo table: a reload before it arrives still goes there. */
function wantSoloTable() {
  st.wantTable = true;
  try { sessionStorage.setItem("pinochle.screen", "table"); } catch { /* ignore */ }
}

function resumeSolo() {
  // Always ask: the server's copy of the match is the truth.
  if (send({ type: ClientType.RESUME })) {
    wantSoloTable();
    st.focus = "solo";
  }
}

function newMatch(level) {
  st.summaryShownFor = null;
  const players = chosenPlayers();
  if (send({ type: ClientType.NEW_MATCH, level, game: chosenGame(), ...(players ? { players } : {}) })) wantSoloTable();
}

function startMatch(level) {
  if (inProgress(st.solo.match)) {
    // the player chooses, in words that name both matches: "Resume it" (and Escape) goes back to the match in
    // progress; abandoning it is said in as many words, never done without them
    const m = st.solo.match;
    const next = gameTitle(chosenGame());
    confirmThen({
      title: `You have an unfinished ${gameTitle(m.game)} match`,
      text: `${unfinishedLine(m)} Resume it, or abandon it and start a new ${levelName(level)} ${next} match: an abandoned match cannot be taken up again.`,
      ok: `Abandon it and start ${next}`,
      cancel: "Resume it",
      risky: true,
    }, () => newMatch(level), resumeSolo);
    return;
  }
  newMatch(level);
}

async function copyText(text, what) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    // no clipboard API (not a secure page) or no permission: the old way
    const ta = document.createElement("textarea");
    ta.className = "sr-only";
    ta.readOnly = true;
    ta.setAttribute("aria-hidden", "true");
    ta.value = text;
    document.body.append(ta);
    ta.select();
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    ta.remove();
  }
  if (ok) toast(`${what} copied.`, "info");
  else toast(`Could not copy: select the ${what.toLowerCase()} and copy it.`);
}

/** "Return to lobby": take the room back to its lobby, or (if someone already has) just go there. */
function returnToLobby() {
  const s = st.seat;
  if (s.room && s.room.phase === "review") {
    if (send({ type: ClientType.BACK_TO_LOBBY })) s.review = null; // the room's answer shows the lobby
    return;
  }
  s.review = null;
  if (s.room && s.room.phase === "lobby") go("lobby");
  else routeSeat();
}

// ------------------------------------------------------------------ wiring

function on(id, event, fn) {
  $(id).addEventListener(event, fn);
}

function wire() {
  useConfirm(confirmThen); // the table's questions (a concession) are asked in the same dialog
  for (const b of document.querySelectorAll("button[data-level]")) b.addEventListener("click", () => startMatch(b.dataset.level));
  on("resume", "click", resumeSolo);
  // the confirm dialog: its first button runs `ok`; the other (or Escape) runs `cancel`, if any
  const answer = (which) => {
    const c = st.confirm;
    st.confirm = null;
    $("confirm-dialog").close();
    if (c && c[which]) c[which]();
  };
  on("confirm-cancel", "click", () => answer("cancel"));
  on("confirm-ok", "click", () => answer("ok"));
  on("confirm-dialog", "cancel", (e) => { e.preventDefault(); answer("cancel"); });
  on("home-btn", "click", () => go("home"));
  on("hand", "click", onHandClick);
  on("meld-btn", "click", () => openDialog("meld"));
  on("last-trick-btn", "click", () => openDialog("trick"));
  on("scores-btn", "click", () => openDialog("scores"));
  on("undo-btn", "click", () => sendUndo());
  on("scores-replay", "click", () => openReplay());
  on("result-replay", "click", () => openReplay());
  on("replay-prev", "click", () => stepReplay(-1));
  on("replay-next", "click", () => stepReplay(1));
  on("replay-prev-hand", "click", () => handReplay(-1));
  on("replay-next-hand", "click", () => handReplay(1));
  on("replay-dialog", "close", afterReplay);
  $("replay-dialog").addEventListener("keydown", (e) => {
    // left and right arrows step trick by trick (Home and End: the deal and the last trick)
    const by = { ArrowLeft: -1, ArrowRight: 1, Home: -99, End: 99 }[e.key];
    if (by === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    e.stopPropagation();
    stepReplay(by);
  });
  on("summary-scores", "click", () => {
    // an earlier hand's summary, opened from the score sheet, goes back to the sheet (views/dialogs.js BACK_TO_SHEET)
    if ($("summary-dialog").dataset.past === "true") $("summary-dialog").close();
    openDialog("scores");
  });
  // a row of the score sheet opens that hand's full summary
  const openRow = (e) => {
    const row = e.target.closest?.("tr[data-hand]");
    if (row) openHandSummary(Number(row.dataset.hand));
  };
  on("scores-body", "click", openRow);
  on("summary-close", "click", () => $("summary-dialog").close());
  on("next-hand", "click", tableActions.deal);
  on("play-again", "click", () => newMatch(st.match?.level ?? Level.NORMAL));
  on("result-home", "click", () => go("home"));
  on("result-scores", "click", () => openDialog("scores"));
  on("result-review", "click", () => tableActions.review(Number(st.view?.last_hand?.number),
    st.view?.deals ? `deal ${st.view.deal_number}` : null));

  const name = $("name-input");
  name.value = storedName() ?? "";
  showName(false);
  name.addEventListener("change", () => {
    const v = name.value.trim();
    if (v && [...v].length <= NAME_MAX) writeStore(NAME_KEY, v);
  });
  name.addEventListener("input", () => {
    name.removeAttribute("aria-invalid");
    // the step that asked for the name still waits: say how to go on
    const next = afterName && name.value.trim() ? `Press Enter to ${afterName.words}.` : "";
    if ($("name-error").textContent !== next) sayNameError(next);
  });
  name.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    // Enter after typing the name does what asked for it (Quick Match, a room), or joins the room whose
    // code is filled in (an invitation link); otherwise it keeps the name and Home says "Playing as NAME"
    const then = afterName;
    if (then && [...name.value.trim()].length) {
      e.preventDefault();
      afterName = null;
      then.run();
    } else if ($("join-code").value.trim()) joinRoom(e);
    else if (displayName()) {
      e.preventDefault(); // (the Enter would otherwise go on to press Change, which now has the focus)
      $("name-change").focus();
    }
  });
  on("name-change", "click", () => {
    showName(true);
    name.focus();
    name.select();
  });
  on("join-code", "input", () => $("join-code").removeAttribute("aria-invalid"));
  on("create-room", "click", createRoom);
  on("join-form", "submit", joinRoom);
  on("quick-match", "click", quickMatch);
  on("seat-resume", "click", backToSeat);
  on("seat-leave", "click", leaveSeat);

  on("copy-link", "click", () => { if (st.seat.room) copyText(roomLink(st.seat.room.code), "Link"); });
  on("copy-code", "click", () => { if (st.seat.room) copyText(st.seat.room.code, "Code"); });
  on("ready-toggle", "click", () => {
    const r = st.seat.room;
    if (!r) return;
    const mine = Object.values(r.seats ?? {}).find((m) => m && m.id === r.you); // a seat, or a chair in a room of 4 or 5
    send({ type: ClientType.READY, ready: !mine?.ready });
  });
  on("start-match", "click", () => send({ type: ClientType.START }));
  on("leave-room", "click", () => send({ type: ClientType.LEAVE }));
  on("room-level", "change", (e) => send({ type: ClientType.ROOM_LEVEL, level: e.target.value }));
  on("room-game", "change", (e) => send({ type: ClientType.ROOM_GAME, game: e.target.value }));
  on("players-select", "change", (e) => writeStore("pinochle.players", e.target.value));
  on("room-timer", "change", (e) => {
    const v = e.target.value;
    send({ type: ClientType.ROOM_TIMER, seconds: v === "off" ? null : Number(v) });
  });
  on("summary-review", "click", () => tableActions.review(Number($("summary-dialog").dataset.hand),
    $("summary-dialog").dataset.label || null));
  on("review-dialog", "close", afterReview);
  on("room-hints", "change", (e) => send({ type: ClientType.ROOM_HINTS, on: e.target.value === "on" }));
  on("cancel-search", "click", () => send({ type: ClientType.CANCEL_SEARCH }));
  on("back-to-lobby", "click", returnToLobby);
  on("review-leave", "click", () => send({ type: ClientType.LEAVE }));
  on("review-home", "click", () => {
    if (!send({ type: ClientType.LEAVE })) return;
    forgetSeat();
    go("home");
  });

  // Escape while a big jump asks "Bid 350? …" is its Back: the question goes, the focus returns to the Bid button
  // (listened before initMotion's, which then does not hurry the animations with the same key)
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || e.defaultPrevented || st.confirmBid == null || st.screen !== "table") return;
    if (document.querySelector("dialog[open]")) return;
    e.preventDefault();
    tableActions.cancelBid();
  });
  initKeys(); // the hand is one tab stop; arrows, Home and End move between its cards
  initMotion(); // a click on the felt (or Escape) hurries the animations

  window.addEventListener("online", () => net.reconnectNow());
  document.addEventListener("visibilitychange", () => { if (!document.hidden) net.reconnectNow(); });
  window.addEventListener("pagehide", () => net.stop());
  window.addEventListener("pageshow", (e) => { if (e.persisted) net.restart(); });
  new ResizeObserver(onResize).observe($("hand"));
  setInterval(tick, 250);
}

st.invite = inviteFromUrl();
initSettings({ send: (msg) => net.raw(msg) });
initStats({ send: (msg) => net.send(msg) });
wire();
loadGames();
net.connect();
