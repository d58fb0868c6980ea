// The Quick Match search: players found so far and the countdown to the start.
// Pure view functions of the seat's search state ({game, players, seats, deadline, matched}).

import { $ } from "../dom.js";
import { gameTitle } from "./tiles.js";

/** "Auction · 5 players": the game searched for and its table's size ("" when not known). */
export function searchLabel(search) {
  if (!search?.game) return "";
  return `${gameTitle(search.game)} · ${search.seats ?? 4} players`;
}

export function renderSearching(search) {
  if (!search) return;
  $("search-title").textContent = search.matched ? "Table found — dealing…" : "Finding players…";
  $("search-game").textContent = searchLabel(search);
  $("search-count").textContent = String(search.players);
  $("search-seats").textContent = String(search.seats ?? 4);
  $("cancel-search").disabled = search.matched;
  renderSearchCountdown(search);
}

export function renderSearchCountdown(search) {
  const el = $("search-countdown");
  if (!search || search.matched || search.deadline === null) {
    el.textContent = "";
    return;
  }
  const left = Math.max(0, Math.ceil((search.deadline - Date.now()) / 1000));
  el.textContent = left > 0 ? `Starting in ${left} s — computers fill any empty seats.` : "Starting with computer guests…";
  el.dataset.seconds = String(left);
}
