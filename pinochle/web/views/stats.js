// The Statistics page: this device's figures per game (the `stats` message, docs/protocol.md "Statistics"),
// each in plain words: "Bids made 12 of 15 (80%)". Pure functions of the figures and the games' list
// (GET /games); the server counts everything, the page only words it.

import { h } from "../dom.js";
import { gameTitle } from "./tiles.js";

/** "80%" of `part` in `whole` (whole numbers), or "" when there is no whole. */
export function percent(part, whole) {
  return whole > 0 ? `${Math.round((100 * part) / whole)}%` : "";
}

/** "12 of 15 (80%)"; "none yet" when the whole is 0. */
export function ofWhole(part, whole) {
  return whole > 0 ? `${part} of ${whole} (${percent(part, whole)})` : "none yet";
}

/** A number of points with its sign for a gain or a loss: "+12.5", "−3", "0"; "no hands yet" for null. */
export function signed(x) {
  if (x === null || x === undefined) return "no hands yet";
  if (x > 0) return `+${x}`;
  if (x < 0) return `\u2212${Math.abs(x)}`;
  return "0";
}

/** What "Points given up per decision" means, in a player's words (shown under its row, on a phone too); `word`:
 * what the game counts, "hand" or "deal". */
export const parNote = (word = "hand") => "On average, how many points each of your reviewed decisions cost against "
  + `Hard's choice; 0 is perfect play. Only the ${word}s whose decisions you reviewed count.`;

/** What "Stuck as dealer" means (shown under its row): the hands nobody bid, which are not your bids. */
export const STUCK_NOTE = "Hands in which nobody bid, so you, the dealer, had to take the lowest bid; "
  + "they are not counted among your bids.";

/** What "Your hands conceded" means (shown under its row): bids given up before the play, apart from those set. */
export const CONCEDED_NOTE = "Bids you gave up before the play; they are not counted as set.";

/** "3, made 1": the hands you were stuck with as the dealer (the server's `stuck`), and how many of them you made. */
export function stuckValue(f) {
  return `${f.stuck}, made ${f.stuck_made ?? 0}`;
}

/** A match figure of a game with no match finished here yet (the statistics count finished matches only). */
const NO_MATCH_YET = "no match finished yet";

/**
 * The rows of one game's figures: [label, value, note] in plain words, in the order the page shows them (`note`:
 * what the figure means, or null). The bids are your own contracts (the server's `bids`: the hands your own
 * seat won the auction with a bid), never your partner's, and the labels say so; a contract you were stuck
 * with as the dealer, nobody having bid (the server's `stuck`), is not a bid: a row of its own, once there is one;
 * a bid conceded (the server's `conceded`) is neither made nor set: a row of its own too. A game without an auction
 * (the server's `auction` false) shows no bid rows. `t`: the game's table facts (GET /games `table`, read from the
 * game's definition): a match of a number of deals (`deals`: cutthroat, auction) is counted in deals, as its table
 * and summary say ("Deal 3 of 9": "Deals played", "Meld per deal"), and a game settled in stakes (`stakes`) wins or
 * pays chips, not points ("Chips per deal": VARIANTS.md cutthroat, seed 001 "one chip or point for a bid of 30").
 */
export function statRows(f, t = {}) {
  const word = t.deals ? "deal" : "hand";
  const unit = t.stakes ? "Chips" : "Points";
  // a game without an auction (the server's `auction` false: two-handed, turned-trump) has no bids to count
  const bidRows = f.auction === false ? [] : [
    ["Your bids made", f.bids > 0 ? ofWhole(f.made, f.bids) : "no bids yet", null],
    ["Your bids set", f.bids > 0 ? ofWhole(f.set, f.bids) : "no bids yet", null],
    // a concession is neither made nor set: its own count (the server's `conceded`), once there is one
    ...(f.conceded > 0 ? [["Your hands conceded", ofWhole(f.conceded, f.bids), CONCEDED_NOTE]] : []),
    ...(f.stuck > 0 ? [["Stuck as dealer", stuckValue(f), STUCK_NOTE]] : []),
  ];
  return [
    // the matches counted are the finished ones (a match in progress is counted when it ends): said when none has
    ["Matches won", f.matches > 0 ? ofWhole(f.won, f.matches) : NO_MATCH_YET, null],
    // at a table of 4 or 5 a deal sat out is played too (seen, and settled as an opponent): said beside the count
    [`${word === "deal" ? "Deals" : "Hands"} played`, f.sat_out > 0 ? `${f.hands}, sat out ${f.sat_out}` : String(f.hands), null],
    ...bidRows,
    [`Meld per ${word}`, f.meld_per_hand === null ? `no ${word}s yet` : String(f.meld_per_hand), null],
    [`${unit} per ${word}`, f.points_per_hand === null || f.points_per_hand === undefined ? `no ${word}s yet` : signed(f.points_per_hand), null],
    ["Points given up per decision", f.par_per_decision === null ? "not reviewed yet" : String(f.par_per_decision), parNote(word)],
    ["Finished matches with a hint or undo", f.matches > 0 ? ofWhole(f.assisted, f.matches) : NO_MATCH_YET, null],
  ];
}

/** The id of a game's heading on the page. */
const headId = (name) => `stats-h-${name}`;

/** One played game's section: its name, then its figures as a table, a row header and one cell a row; the game's
 * heading names the table for a screen reader's table navigation. `t`: the game's table facts (:func:`statRows`). */
export function gameSection(name, figures, t = {}) {
  const title = h("h3", { id: headId(name), class: "stats-game-title" }, gameTitle(name));
  // a figure's note: a row of its own under it, read with the figure (aria-describedby) and seen on any screen
  const rows = statRows(figures, t).flatMap(([label, value, note], i) => {
    const id = note ? `stats-note-${name}-${i}` : null;
    // a figure in words ("not reviewed yet") may wrap on a phone, so that the labels keep their line
    const words = /\d/.test(value) ? null : "stats-words";
    const row = h("tr", { class: "stats-row" }, h("th", { scope: "row" }, label),
      h("td", { class: words, "aria-describedby": note ? id : null }, value));
    return note ? [row, h("tr", { class: "stats-note-row" },
      h("td", { id, class: "stats-note", colspan: "2", dataset: { testid: "stats-note" } }, note))] : [row];
  });
  return h("section", { class: "stats-game", "aria-labelledby": headId(name), dataset: { game: name, testid: `stats-${name}` } },
    title, h("table", { class: "stats-list", "aria-labelledby": headId(name) }, h("tbody", {}, rows)));
}

/**
 * The games never played on this device, in one short list under the figures: "Not played yet: Partnership pass,
 * Racehorse, …" (the twelfth review saw a box per game, one of them beside a played game's tall figures with an
 * empty block under it). A heading and a list of names, so a screen reader can count and step through them.
 */
export function unplayedList(names) {
  return h("section", { class: "stats-unplayed", "aria-labelledby": "stats-h-unplayed", dataset: { testid: "stats-unplayed" } },
    h("h3", { id: "stats-h-unplayed", class: "stats-unplayed-title" }, "Not played yet"),
    h("ul", { class: "stats-unplayed-list", role: "list" }, names.map((g) => h("li", { dataset: { game: g } }, gameTitle(g)))));
}

/**
 * The page's sections: the games played (most hands first), their figures in columns that flow one under another
 * (stats.css: one game alone takes the whole width, two or more share the columns without a gap under the shorter),
 * then every other game of `games` (the playable games' names in the server's order) named in one line
 * (:func:`unplayedList`); a first line instead when nothing has been played at all. `facts`: each game's table
 * facts by name (GET /games `table`: :func:`statRows`).
 */
export function statsSections(figures, games, facts = {}) {
  const played = Object.keys(figures ?? {}).sort((a, b) => (figures[b].hands - figures[a].hands) || a.localeCompare(b));
  const rest = (games ?? []).filter((g) => !played.includes(g));
  if (!played.length) {
    return [h("p", { class: "stats-first", dataset: { testid: "stats-empty" } },
      "No finished hands on this device yet. Play a hand, against the computer or with others, and your figures show here.")];
  }
  return [
    h("div", { class: `stats-played${played.length > 1 ? " many" : ""}`, dataset: { testid: "stats-played" } },
      played.map((g) => gameSection(g, figures[g], facts[g] ?? {}))),
    rest.length ? unplayedList(rest) : null,
  ].filter(Boolean);
}

/** "1 match", "3 hands": a count and its noun. */
const counted = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/**
 * What came, in a plain sentence for the page's status: "1 match played on this device.", "3 matches played on
 * this device, in 2 games."; the hands when no match has ended yet ("5 hands played on this device."); null when
 * nothing has been played.
 */
export function statsSaid(figures) {
  const all = Object.values(figures ?? {});
  if (!all.length) return null;
  const matches = all.reduce((n, f) => n + (f.matches ?? 0), 0);
  const hands = all.reduce((n, f) => n + (f.hands ?? 0), 0);
  const where = all.length > 1 ? `, in ${all.length} games` : "";
  return matches > 0 ? `${counted(matches, "match", "matches")} played on this device${where}.`
    : `${counted(hands, "hand", "hands")} played on this device${where}.`;
}
