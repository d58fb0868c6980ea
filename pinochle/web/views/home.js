// Home: continue the solo match or go back to your seat, choose a game (views/tiles.js), start a solo match,
// rooms (create, join, an invitation link) and Quick Match.
// Pure view functions of the controller's state.

import { $, fill, h, levelName, num } from "../dom.js";
import { COMPASS } from "../seats.js";
import { Phase } from "../protocol.js";
import { gameTitle } from "./tiles.js";
import { dealLabel, dealOver, dealWord, standsLabel } from "../words.js";

export function inProgress(m) {
  return Boolean(m && m.phase !== Phase.MATCH_END);
}


// A solo match's summary keys its totals by side: "NS" and "EW" for partnerships (you sit South),
// or one seat each for players alone ("S" is you).
const alone = (m) => !("NS" in (m.totals ?? {}));
// at a table of 4 or 5 (`m.players`) the totals are keyed by chair: you are chair 0, the computers named by
// their places round the table as the server names them (pinochle/server/table.py, CHAIR_PLACES)
const CHAIR_PLACES = { 4: ["You", "West", "North", "East"], 5: ["You", "West", "North-west", "North-east", "East"] };
const playerName = (seat, m = null) => (m?.players
  ? CHAIR_PLACES[m.players]?.[Number(seat)] ?? `Player ${Number(seat) + 1}`
  : seat === "S" ? "You" : COMPASS[seat] ?? seat);

/** "Us 420 · Them 380", or "You 12 · East -4 · West -8" for players alone. */
function totalsLine(m) {
  if (!alone(m)) return `Us ${num(m.totals.NS)} · Them ${num(m.totals.EW)}`;
  const me = m.players ? "0" : "S";
  const seats = Object.keys(m.totals).sort((a, b) => (a === me ? -1 : b === me ? 1 : 0));
  return seats.map((seat) => `${playerName(seat, m)} ${num(m.totals[seat])}`).join(" · ");
}

/** "Hand 3 · Us 420 · Them 380 · Normal", "Deal 4 of 9 · You 12 · East -4 · West -8 · Easy"; between two hands
 * what continuing shows, "Hand 12 over · next: hand 13 · Us 420 · Them 380 · Normal" (words.js standsLabel) */
export function matchLine(m) {
  return `${standsLabel(m)} · ${totalsLine(m)} · ${levelName(m.level)}`;
}

/** Where an unfinished match stands, for the question before it is abandoned: "Hand 3, score Us 420 · Them 380 (Normal).";
 * between two hands "Hand 3 over, score ..." */
export function unfinishedLine(m) {
  return `${dealLabel(m)}${m.phase === Phase.HAND_END ? " over" : ""}, score ${totalsLine(m)} (${levelName(m.level)}).`;
}

function resultLine(m) {
  const who = alone(m) ? (m.winner === (m.players ? "0" : "S") ? "You won" : `${playerName(m.winner, m)} won`)
    : m.winner === "NS" ? "You and your partner won" : "West and East won";
  return `${who} · ${totalsLine(m)}`;
}

/**
 * A line of pieces joined by " · " as text a phone wraps between pieces only, each "·" ending its line: each piece
 * with the "·" after it kept whole (its words read the same: "Hand 12 over · next: hand 13 · Us 420 · ..."), so
 * that no line starts with a "·" or breaks inside "Us 420".
 */
function dotted(line) {
  const pieces = line ? line.split(" · ") : [];
  return pieces.flatMap((p, i) => [i ? " " : null,
    h("span", { class: "dot-piece" }, i < pieces.length - 1 ? `${p} ·` : p)]).filter((x) => x !== null);
}

/** `solo`: the device's solo match summary; `seat`: {held, room, search, match} of the seat this browser holds. */
export function renderHome({ solo, seat }) {
  const show = inProgress(solo);
  const finished = Boolean(solo && solo.phase === Phase.MATCH_END);
  // a match in progress can be resumed; a finished one's result can be seen again
  // (the first and most prominent choice on Home while a match is in play)
  $("resume-box").hidden = !(show || finished);
  $("resume-box").classList.toggle("finished", finished);
  $("resume-label").textContent = show ? "Continue your match" : "Last match's result";
  $("resume-game").textContent = show || finished ? gameTitle(solo.game) : "";
  fill($("resume-detail"), ...dotted(show ? matchLine(solo) : finished ? resultLine(solo) : ""));

  $("seat-box").hidden = !seat.held;
  if (!seat.held) return;
  let label = "Back to your table";
  let detail = "";
  if (seat.search) {
    label = "Back to Quick Match";
    detail = "Searching for players…";
  } else if (seat.room) {
    label = "Back to your room";
    const phase = seat.room.phase === "lobby" ? "in the lobby" : seat.room.phase === "review" ? "result" : "match in play";
    detail = `Room ${seat.room.code} · ${phase}`;
  } else if (seat.match) {
    label = "Back to your Quick Match table";
    // where the match stands: a hand over (its summary read, the next one not yet dealt) says so
    detail = seat.match.phase === Phase.MATCH_END ? "Match over"
      : seat.match.phase === Phase.HAND_END ? `${dealOver(seat.match)} · next ${dealWord(seat.match)} soon` : dealLabel(seat.match);
  }
  $("seat-resume-label").textContent = label;
  $("seat-resume-detail").textContent = detail;
  $("seat-leave").textContent = seat.search ? "Stop searching" : seat.room ? "Leave room" : "Leave table";
}

/**
 * An invitation link (`/?room=CODE`). `known`: whether the server has a room with that code
 * (null: not asked yet). A wrong code gets one answer, whatever is wrong with it, and the code is
 * shown as plain text; a good one fills the join form and asks for a name.
 */
export function renderInvite(code, known) {
  const note = $("invite-note");
  const form = $("join-form");
  if (!code) {
    note.hidden = true;
    form.classList.remove("invited", "bad-invite");
    invitedButtons(false);
    return;
  }
  note.hidden = false;
  if (known === false) {
    note.textContent = `No room has the code ${code}. Check the link, or ask for a new one.`;
    note.dataset.state = "unknown";
    form.classList.remove("invited");
    form.classList.add("bad-invite");
    invitedButtons(false);
    $("join-code").value = "";
    return;
  }
  note.dataset.state = known ? "known" : "checking";
  note.textContent = `You are invited to room ${code}. Type your name and join.`;
  $("join-code").value = code;
  form.classList.add("invited");
  form.classList.remove("bad-invite");
  invitedButtons(true);
}

/** Opened from an invitation, "Join" is the highlighted button; otherwise "Create room" is. */
function invitedButtons(invited) {
  $("join-room").classList.toggle("primary", invited);
  $("create-room").classList.toggle("primary", !invited);
}
