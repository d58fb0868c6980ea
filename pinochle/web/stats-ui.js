// The Statistics page, in a dialog over the page (so that the table stays where it is): Home's
// "Statistics" and the table's "Statistics" tool open it. It asks the server for this device's figures
// (`{"type": "stats"}`, docs/protocol.md "Statistics") each time it opens, and shows them per game
// (views/stats.js). The buttons that open it carry data-open-stats.
//
//   - the focus goes to its title, and back to the button that opened it when it closes (the <dialog>'s own);
//   - Escape or the Close button close it;
//   - while the figures are on their way it says so; without a connection it says they come once it is back.

import { ClientType } from "./protocol.js";
import { fill, h } from "./dom.js";
import { statsSaid, statsSections } from "./views/stats.js";

const $ = (id) => document.getElementById(id);

let sendMessage = () => false;
let games = null; // the playable games' names, in the server's order (GET /games)
let facts = {}; // their table facts by name (`table`: counted in deals, settled in stakes: views/stats.js)
let opener = null;

async function loadGames() {
  if (games) return games;
  try {
    const resp = await fetch("/games", { cache: "no-store" });
    const data = await resp.json();
    const playable = (data.games ?? []).filter((g) => g.playable);
    games = playable.map((g) => g.name);
    facts = Object.fromEntries(playable.map((g) => [g.name, g.table ?? {}]));
  } catch {
    games = [];
  }
  return games;
}

function say(text) {
  fill($("stats-body"), h("p", { class: "stats-wait" }, text));
  $("stats-said").textContent = text; // the dialog's status, there from the start: a screen reader says it
}

/** Open the Statistics page and ask for the figures. */
export function openStats(e) {
  const dialog = $("stats-dialog");
  if (!dialog || dialog.open) return;
  opener = e?.currentTarget ?? document.activeElement;
  delete dialog.dataset.ready;
  say("Counting your hands…");
  dialog.showModal();
  $("stats-title")?.focus();
  loadGames();
  if (!sendMessage({ type: ClientType.STATS })) say("Not connected just now: your figures show once the connection is back.");
}

/** The server's `stats` message: the figures per game, shown if the page is open. */
export async function onStats(msg) {
  const dialog = $("stats-dialog");
  if (!dialog?.open) return;
  const names = await loadGames();
  fill($("stats-body"), statsSections(msg.games ?? {}, names, facts));
  $("stats-said").textContent = statsSaid(msg.games ?? {}) ?? "No finished hands on this device yet.";
  dialog.dataset.ready = "1";
}

/** Wire the buttons that open the page; `send(message)` sends to the server (false when it could not). */
export function initStats({ send } = {}) {
  if (typeof send === "function") sendMessage = send;
  for (const b of document.querySelectorAll("[data-open-stats]")) b.addEventListener("click", openStats);
  $("stats-dialog")?.addEventListener("close", () => {
    if (opener && typeof opener.focus === "function") opener.focus();
    opener = null;
  });
}
