// Home's game tiles: one per playable game (GET /games), each a radio button with a small picture of the
// game's table, its name and one line, and a second line for how its auction or its score differs (stakes;
// the dealer stuck, bidding again after a pass, a bonus for a set). The picture and the line are drawn from the game's `table` facts
// (partners, widow, pass, stock, turned trump, deck, target: the server reads them from the game's
// definition), so the browser holds no rules. Pure functions of the games and the choice.

import { h } from "../dom.js";

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with its attributes (class names style it: home.css; no inline styles under the CSP). */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

/** A game's name for people: "partnership-pass" → "Partnership pass", "two-handed" → "Two-handed" (a compound
 * word keeps its hyphen, as the game's rules page writes it). */
export function gameTitle(name) {
  const t = String(name || "table").replace(/-(?!handed)/g, " ");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** The tile's line: "4 players · partners · game 1500", "3 players · each alone · widow of 3". */
export function tileLine(g) {
  const t = g.table ?? {};
  const sizes = Array.isArray(g.sizes) && g.sizes.length ? g.sizes : [g.players];
  const who = sizes.length > 1 ? `${Math.min(...sizes)} to ${Math.max(...sizes)} players` : `${g.players} players`;
  const how = t.partners ? "partners" : g.players === 2 ? "head to head" : "each alone";
  let what;
  if (t.stock) what = "a stock";
  else if (t.widow) what = `widow of ${t.widow}`;
  else if (t.pass) what = `pass ${t.pass} cards`;
  else if (t.turned) what = "trump turned up";
  else if (t.deck && t.deck !== 48) what = `${t.deck} cards`;
  else if (t.target) what = `game ${t.target}`;
  else what = "";
  return [who, how, what].filter(Boolean).join(" · ");
}

/**
 * How a game of stakes is won, for its tile (the server's `table.stakes`, `deals`, `deals_each`):
 * "Stakes each deal · 9 deals" (a table of one size), "Stakes each deal · 3 deals a player" (a table of
 * 3 to 5: the match is as many deals per player); null for a game scored toward a target. A player who
 * knows a cutthroat played to 1500 points sees at once that this one is paid deal by deal.
 */
export function tileStakes(g) {
  const t = g.table ?? {};
  if (!t.stakes) return null;
  const sizes = Array.isArray(g.sizes) && g.sizes.length ? g.sizes : [g.players];
  const match = !t.deals ? "" : sizes.length > 1 && t.deals_each ? `${t.deals_each} deals a player` : `${t.deals} deals`;
  return ["Stakes each deal", match].filter(Boolean).join(" · ");
}

/**
 * How a game's auction and set differ, for its tile (the server's `table.stuck`, `rebid`, `set_bonus`, read from
 * the game's definition), so that two games alike on the table (partnership-pass and racehorse: partners and a
 * card pass) say how they differ: "Dealer stuck at 250" (RULES.md, Deal and auction 3; VARIANTS.md
 * partnership-pass), "Bid again after a pass · a set gives the others 250" (VARIANTS.md racehorse: a seat
 * that passed may bid again; the opponents score their meld + 250); null when there is nothing to say.
 */
export function tileAuction(g) {
  const t = g.table ?? {};
  const parts = [];
  if (t.stuck) parts.push(`Dealer stuck at ${t.stuck}`);
  if (t.rebid) parts.push("Bid again after a pass");
  if (t.set_bonus) parts.push(`a set gives the others ${t.set_bonus}`);
  return parts.length ? cap(parts.join(" · ")) : null;
}

const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// where the players sit round the picture's table (you at the bottom), by their number
const PLACES = {
  2: [[48, 57], [48, 7]],
  3: [[48, 57], [10, 32], [86, 32]],
  4: [[48, 57], [10, 32], [48, 7], [86, 32]],
};

/** A small card: face down (a back) or face up (paper, with a red pip). */
function card(x, y, up = false, rotate = 0) {
  const g = s("g", { transform: `translate(${x} ${y}) rotate(${rotate})` },
    s("rect", { class: up ? "t-face" : "t-back", x: -5, y: -7, width: 10, height: 14, rx: 1.5 }));
  if (up) g.append(s("path", { class: "t-pip", d: "M0 -3.2 L2.6 0 L0 3.2 L-2.6 0 Z" }));
  return g;
}

/**
 * The picture of a game's table: the players round an oval of felt (partners in one colour, players
 * alone each in their own), and what lies in the middle: the widow face down, the stock with its upcard,
 * the trump card turned up, the four cards passed between partners (arrows), or a double deck; a bonus for
 * setting the declarer (racehorse's 250) as a chip beside the arrows.
 */
export function tablePicture(g) {
  const t = g.table ?? {};
  const n = Math.min(4, Math.max(2, g.players));
  const svg = s("svg", { class: "tile-pic", viewBox: "0 0 96 64", width: 96, height: 64, "aria-hidden": "true", focusable: "false" },
    s("ellipse", { class: "t-rail", cx: 48, cy: 32, rx: 40, ry: 26 }),
    s("ellipse", { class: "t-felt", cx: 48, cy: 32, rx: 36, ry: 22 }));
  if (t.pass) {
    // the cards passed between you and your partner, both ways (moved left to make room for a bonus chip)
    const x = t.set_bonus ? -7 : 0;
    svg.append(s("path", { class: "t-arrow", d: `M${41 + x} 44 L${41 + x} 20 M${37.5 + x} 24 L${41 + x} 19.5 L${44.5 + x} 24` }),
      s("path", { class: "t-arrow", d: `M${55 + x} 20 L${55 + x} 44 M${51.5 + x} 40 L${55 + x} 44.5 L${58.5 + x} 40` }));
  }
  if (t.set_bonus) {
    // the bonus the declarer's opponents score for a set: a chip with its number
    svg.append(s("g", { class: "t-bonus" }, s("circle", { cx: 64, cy: 32, r: 9.5 }),
      s("text", { x: 64, y: 34.6, "text-anchor": "middle" }, String(t.set_bonus))));
  }
  if (t.widow) {
    for (let i = 0; i < t.widow; i += 1) svg.append(card(48 + (i - (t.widow - 1) / 2) * 8, 32, false, (i - 1) * 8));
  } else if (t.stock) {
    svg.append(card(44, 32, true, 90), card(50, 32), card(51.5, 30.5));
  } else if (t.turned) {
    svg.append(card(44, 32), card(53, 32, true));
  } else if (t.deck && t.deck > 48) {
    svg.append(card(43, 33), card(45, 31), card(53, 33), card(55, 31));
  } else if (!t.pass) {
    svg.append(card(48, 32, true));
  }
  PLACES[n].forEach(([x, y], i) => {
    // partners sit opposite: at four, seats 0 and 2 are one side, 1 and 3 the other
    const side = t.partners ? (i % 2 === 0 ? "us" : "them") : i === 0 ? "us" : `p${i}`;
    svg.append(s("circle", { class: `t-seat ${side}`, cx: x, cy: y, r: 5.5 }));
  });
  const most = Array.isArray(g.sizes) && g.sizes.length ? Math.max(...g.sizes) : n;
  // more players than places (the dealer sits out each hand): the extra chairs, filled in a quiet colour
  // across the top (a dashed ring there read as a focus ring over the tile)
  const extra = Math.max(0, Math.min(2, most - n));
  for (let i = 0; i < extra; i += 1) {
    const cx = extra === 1 ? 48 : 36 + i * 24;
    svg.append(s("circle", { class: "t-seat extra", cx, cy: 7, r: 5 }));
  }
  return svg;
}

/**
 * The game tiles: a radio button per game (`name="game"`), the chosen one checked.
 * `onChoose(name)` is called when the player picks a tile.
 */
export function gameTiles(games, chosen, onChoose) {
  return games.map((g) => {
    const id = `game-tile-${g.name}`;
    const line = tileLine(g);
    const stakes = tileStakes(g);
    const auction = tileAuction(g);
    const described = [`${id}-line`, stakes ? `${id}-stakes` : null, auction ? `${id}-auction` : null].filter(Boolean).join(" ");
    return h("label", { class: "game-tile", for: id, "data-testid": `game-${g.name}`, "data-game": g.name, title: g.description ?? "" },
      h("input", {
        type: "radio", name: "game", id, value: g.name, class: "tile-radio", checked: g.name === chosen ? true : null,
        "aria-describedby": described, onchange: () => onChoose(g.name),
      }),
      tablePicture(g),
      h("span", { class: "tile-name" }, gameTitle(g.name)),
      h("span", { class: "tile-line", id: `${id}-line` }, line),
      stakes ? h("span", { class: "tile-line tile-stakes", id: `${id}-stakes`, "data-testid": `stakes-${g.name}` }, stakes) : null,
      auction ? h("span", { class: "tile-line tile-auction", id: `${id}-auction`, "data-testid": `auction-${g.name}` }, auction) : null);
  });
}
