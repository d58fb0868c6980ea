// A room's lobby: the code and link to share, the seats (partners opposite), or the chairs
// "Player 1" .. "Player 5" of a room of 4 or 5 (auction), Ready, Start (the creator), the table settings.
// Pure view function of the room as this member sees it; `act` holds the controller's actions.

import { $, fill, h, levelName, list } from "../dom.js";
import { lobbyMembers } from "../announcer.js";
import { COMPASS, seating } from "../seats.js";

export function roomLink(code) {
  return `${location.origin}/?room=${encodeURIComponent(code)}`;
}

/** The chairs of a room of 4 or 5 ("0" .. "4", as the room says), or null for a room of seats. */
function chairsOf(r) {
  const keys = Object.keys(r.seats ?? {});
  return keys.length && keys.every((k) => /^\d+$/.test(k)) ? keys.sort((a, b) => Number(a) - Number(b)) : null;
}

/** A chair's name for people: chair "0" is "Player 1". */
const chairName = (chair) => `Player ${Number(chair) + 1}`;

/** The list of a room's chairs (made once, after the seats' table, which it replaces in a room of chairs). */
function chairList() {
  let el = $("lobby-chairs");
  if (!el) {
    el = h("ol", { id: "lobby-chairs", class: "lobby-chairs", "data-testid": "lobby-chairs", "aria-label": "Places at the table (each player alone)" });
    $("lobby-seats").after(el);
  }
  return el;
}

/** The room's chairs as a list of places: who holds each, Ready, and (the creator) who sits there. */
function renderChairs(r, act, chairs, members) {
  const creator = r.creator === r.you;
  const guestLevel = levelName(r.level);
  fill(chairList(), chairs.map((chair) => {
    const m = r.seats[chair] ?? null;
    const you = Boolean(m && m.id === r.you);
    const badges = [];
    if (you) badges.push(h("span", { class: "badge you" }, "You"));
    if (m && m.id === r.creator) badges.push(h("span", { class: "badge creator" }, "Creator"));
    // Ready on a line of its own: a narrow place (two to a row on a phone) keeps "You", "Creator" on one line
    const ready = m ? h("div", { class: "lseat-badges" },
      h("span", { class: m.ready ? "badge ready-mark" : "badge not-ready", "data-testid": `ready-${chair}` },
        m.ready ? "✓ Ready" : "Not ready")) : null;
    if (!m) badges.push(h("span", { class: "badge guest" }, `Computer guest (${guestLevel})`));
    let arrange = null;
    if (creator && r.phase === "lobby") {
      const id = `arrange-${chair}`;
      arrange = h("div", { class: "arrange" },
        h("label", { for: id, class: "sr-only" }, `Who is ${chairName(chair)}`),
        h("select", {
          id, class: "input arrange-select", "data-testid": id, "data-focus": id,
          onchange: (e) => act.arrange(chair, e.target.value || null),
        },
        h("option", { value: "", disabled: m ? true : null, selected: m ? null : true }, "Open"),
        ...members.map((p) => h("option", { value: p.id, selected: m && p.id === m.id ? true : null }, p.name))));
    }
    const label = [chairName(chair), m ? (you ? `you, ${m.name}` : m.name) : `open: computer guest (${guestLevel})`,
      m && m.id === r.creator ? "creator" : "", m ? (m.ready ? "ready" : "not ready") : ""].filter(Boolean).join(", ");
    return h("li", {
      class: ["lseat", "lchair", m ? "" : "open", m?.ready ? "ready" : "", you ? "you" : ""].filter(Boolean).join(" "),
      "data-testid": `lobby-chair-${chair}`, "data-chair": chair, "aria-label": label,
    },
    h("div", { class: "lseat-head" }, h("span", { class: "compass" }, chairName(chair))),
    h("div", { class: "lseat-name", "data-testid": `lobby-name-${chair}` }, m ? m.name : "Open place"),
    badges.length ? h("div", { class: "lseat-badges" }, badges) : null,
    ready,
    arrange);
  }));
}

/** The creator's choice of the number of players, for a game whose table takes more than one
 * (the sizes are the server's: GET /games `sizes`, kept on the game picker's options). */
function renderPlayersPick(r, act, game) {
  let pick = $("room-players-pick");
  if (!pick) {
    pick = h("div", { class: "field inline", id: "room-players-pick" },
      h("label", { for: "room-players" }, "Players"),
      h("select", { id: "room-players", class: "input", "data-testid": "room-players",
        onchange: (e) => act.setPlayers(Number(e.target.value)) }));
    $("room-game").closest(".field").after(pick);
  }
  const option = [...$("room-game").options].find((o) => o.value === game);
  const sizes = String(option?.dataset.sizes ?? "").split(" ").filter(Boolean).map(Number);
  const players = r.players ?? Object.keys(r.seats ?? {}).length;
  pick.hidden = sizes.length < 2;
  const sel = $("room-players");
  fill(sel, sizes.map((n) => h("option", { value: String(n), selected: n === players ? true : null }, `${n} players`)));
  sel.value = String(players);
  sel.disabled = r.phase !== "lobby";
  return sizes.length > 1 ? players : null;
}

export function renderLobby(r, act) {
  const focusKey = document.activeElement?.dataset?.focus ?? null;
  const members = lobbyMembers(r);
  const chairs = chairsOf(r);
  // the seats of the room's game (N E S W; E S W at a table of three) and its sides, as the room says
  const seats = ["N", "E", "S", "W"].filter((seat) => r.seats && seat in r.seats);
  const mine = (chairs ?? seats).find((seat) => r.seats?.[seat]?.id === r.you) ?? "S";
  // (a room of chairs has no seats: its places are listed instead)
  const s = seating({ seats: seats.length ? seats : null, sides: chairs ? null : r.sides ?? null }, null, chairs ? "S" : mine);
  const creator = r.creator === r.you;
  const creatorName = members.find((m) => m.id === r.creator)?.name ?? "the creator";
  const guestLevel = levelName(r.level);

  $("room-code").textContent = r.code;
  $("room-code").setAttribute("aria-label", `Room code ${[...String(r.code)].join(" ")}`);
  // the link may break after a slash or before the "?", never inside the code
  fill($("room-link"), roomLink(r.code).split(/(?<=\/)|(?=\?)/).flatMap((part) => [h("span", { class: "nowrap" }, part), h("wbr")]));

  const table = $("lobby-seats");
  table.hidden = Boolean(chairs);
  chairList().hidden = !chairs;
  if (chairs) renderChairs(r, act, chairs, members);
  table.dataset.seats = String(s.seats.length);
  table.setAttribute("aria-label", s.partners.length ? "Seats at the table (partners sit opposite)"
    : "Seats at the table (each player alone)");
  for (const pos of chairs ? [] : ["bottom", "left", "top", "right"]) {
    const seat = s.seatAt(pos);
    const el = $(`lobby-${pos}`);
    el.hidden = !seat; // a table of three has no seat across from you
    if (!seat) continue;
    const m = r.seats?.[seat] ?? null;
    const you = m && m.id === r.you;
    const relation = pos === "bottom" ? "your seat" : s.partners.includes(seat) ? "your partner" : "opponent";
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
          onchange: (e) => act.arrange(seat, e.target.value || null),
        },
        h("option", { value: "", disabled: m ? true : null, selected: m ? null : true }, "Open"),
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

  const ready = Boolean(r.seats?.[mine]?.ready);
  const toggle = $("ready-toggle");
  toggle.setAttribute("aria-pressed", ready ? "true" : "false");
  toggle.classList.toggle("on", ready);
  toggle.textContent = ready ? "✓ Ready" : "Ready";
  toggle.setAttribute("aria-label", "Ready");
  toggle.disabled = r.phase !== "lobby";

  const allReady = members.length > 0 && members.every((m) => m.ready);
  const start = $("start-match");
  start.hidden = !creator;
  start.disabled = !(allReady && r.phase === "lobby");

  const waiting = members.filter((m) => !m.ready).map((m) => (m.id === r.you ? "you" : m.name));
  const open = (chairs ?? s.seats).length - members.length;
  const place = chairs ? "place" : "seat";
  let status;
  if (r.phase !== "lobby") status = "The match is starting…";
  else if (waiting.length) status = `Waiting for ${list(waiting)} to be Ready.`;
  else if (creator) status = "Everyone is Ready: start the match.";
  else status = `Everyone is Ready: waiting for ${creatorName} to start.`;
  if (r.phase === "lobby" && open > 0) {
    status += ` ${open === 1 ? `The open ${place} is` : `The ${open} open ${place}s are`} played by computer guests (${guestLevel}).`;
  }
  $("lobby-status").textContent = status;

  $("creator-settings").hidden = !creator;
  const gameSel = $("room-game");
  const game = r.game || "table";
  if (![...gameSel.options].some((o) => o.value === game)) gameSel.append(h("option", { value: game }, game));
  gameSel.value = game;
  gameSel.disabled = r.phase !== "lobby";
  const players = renderPlayersPick(r, act, game);
  const levelSel = $("room-level");
  levelSel.value = r.level;
  levelSel.disabled = r.phase !== "lobby";
  const timerSel = $("room-timer");
  const tv = r.move_timer === null || r.move_timer === undefined ? "off" : String(Math.round(r.move_timer));
  if (![...timerSel.options].some((o) => o.value === tv)) timerSel.append(h("option", { value: tv }, `${tv} s`));
  timerSel.value = tv;
  timerSel.disabled = r.phase !== "lobby";
  const hintsSel = $("room-hints");
  hintsSel.value = r.hints ? "on" : "off";
  hintsSel.disabled = r.phase !== "lobby";
  $("settings-text").textContent = creator
    ? "Only you, the creator, can change these and arrange the seats."
    : `Game: ${gameSel.selectedOptions[0]?.textContent || game}${players ? ` · ${players} players` : ""} · Computer guests: ${guestLevel} · Move timer: ${tv === "off" ? "off" : `${tv} s`} · Hints: ${r.hints ? "on" : "off"} · ${creatorName} arranges the seats and starts.`;

  if (focusKey) {
    const el = document.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    if (el) el.focus({ preventScroll: true });
  }
}
