// Small helpers every module uses: building elements, storage that never throws,
// the names of suits and ranks, numbers in words, and the cards (faces and backs).
//
// Names typed by people are always put on the page as text (textContent or text
// nodes via `h`), never as markup.
// Plain ES module, no dependencies but protocol.js.

import { Level } from "./protocol.js";

export const $ = (id) => document.getElementById(id);

/** Build an element: h("button", {class: "x", onclick: f}, "text", child). Strings become text, never markup. */
export function h(tag, props = {}, ...kids) {
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

/** Replace an element's children, skipping null/false entries. */
export function fill(el, ...kids) {
  el.replaceChildren(...kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false));
}

// ------------------------------------------------------------------ storage (private mode: kept in memory)

export function readStore(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
export function writeStore(key, value) {
  try { localStorage.setItem(key, value); } catch { /* ignore */ }
}
export function removeStore(key) {
  try { localStorage.removeItem(key); } catch { /* ignore */ }
}
export function readSession(key) {
  try { return sessionStorage.getItem(key); } catch { return null; }
}
export function writeSession(key, value) {
  try { sessionStorage.setItem(key, value); } catch { /* ignore */ }
}

// ------------------------------------------------------------------ words

export const VS = "\uFE0E"; // text presentation: keep ♥ ♦ from turning into emoji
export const SUIT = Object.freeze({
  S: { sym: "♠", name: "spades", title: "Spades", color: "black" },
  H: { sym: "♥", name: "hearts", title: "Hearts", color: "red" },
  D: { sym: "♦", name: "diamonds", title: "Diamonds", color: "red" },
  C: { sym: "♣", name: "clubs", title: "Clubs", color: "black" },
});
export const RANK = Object.freeze({
  A: { txt: "A", name: "Ace" },
  T: { txt: "10", name: "Ten" },
  K: { txt: "K", name: "King" },
  Q: { txt: "Q", name: "Queen" },
  J: { txt: "J", name: "Jack" },
  9: { txt: "9", name: "Nine" },
});
const LEVEL_NAME = Object.freeze({ [Level.EASY]: "Easy", [Level.NORMAL]: "Normal", [Level.HARD]: "Hard" });

export const suitSym = (s) => SUIT[s].sym + VS;
export const num = (n) => (n < 0 ? `−${-n}` : String(n)); // a real minus sign
export const signed = (n) => (n > 0 ? `+${n}` : num(n));
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
export const levelName = (l) => LEVEL_NAME[l] ?? String(l ?? "");
export const list = (names) => (names.length <= 1 ? names.join("")
  : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);

export const cardName = (token) => `${RANK[token[0]].name} of ${SUIT[token[1]].name}`;
/** "the ten of hearts". */
export const cardWords = (token) => `the ${RANK[token[0]].name.toLowerCase()} of ${SUIT[token[1]].name}`;
/** "K♠" */
export const cardShort = (token) => `${RANK[token[0]].txt}${suitSym(token[1])}`;

export function suitChip(s) {
  return h("span", { class: `suit-chip ${SUIT[s].color} suit-${s}`, "aria-label": SUIT[s].name, role: "img" }, suitSym(s));
}

// ------------------------------------------------------------------ cards
//
// Every card on the page is drawn here: cardEl (a face) and cardBack (a face-down card).
// The art is Adrian Kennard's SVG cards (CC0 1.0; docs/cards.md), one file a card under
// /static/cards/: the faces with large corner indices, the four-colour deck's diamonds
// (blue) and clubs (green) under cards/four/, and the backs back-red.svg and back-blue.svg.
// Which deck and back are in force is on <html> (data-four-colour, data-card-back: set by
// boot.js before the first paint and by settings.js), so a card drawn later matches;
// refreshCardArt() redraws the cards already on the page when a setting changes.

const ART = "/static/cards/";
export const CARD_BACKS = Object.freeze(["red", "blue"]);

function artSettings() {
  const d = globalThis.document?.documentElement?.dataset ?? {};
  return { four: d.fourColour === "true", back: CARD_BACKS.includes(d.cardBack) ? d.cardBack : CARD_BACKS[0] };
}

/** The URL of a card's face: "/static/cards/KS.svg"; four-colour diamonds and clubs under cards/four/. */
export function cardArtUrl(token, four = artSettings().four) {
  return `${ART}${four && "DC".includes(token[1]) ? "four/" : ""}${token}.svg`;
}

/** The URL of a card back ("red" or "blue"). */
export function cardBackUrl(back = artSettings().back) {
  return `${ART}back-${CARD_BACKS.includes(back) ? back : CARD_BACKS[0]}.svg`;
}

const art = (src, what) => h("img", { class: "card-art", src, alt: "", draggable: "false", dataset: { art: what } });

// Once the first card is drawn, the other faces of the deck in force and the back are fetched
// when the page is idle (about 350 KB the first time, then from the cache), so that a card
// played later shows its face at once.
const PRELOADED = new Map();
function preloadArt() {
  const { four, back } = artSettings();
  const key = `${four}/${back}`;
  if (PRELOADED.has(key)) return;
  const images = [];
  PRELOADED.set(key, images);
  const run = () => {
    const urls = [...[..."9TJQKA"].flatMap((r) => [..."SHDC"].map((s) => cardArtUrl(r + s, four))), cardBackUrl(back)];
    for (const url of urls) {
      const img = new Image();
      img.decoding = "async";
      img.src = url;
      images.push(img); // kept, so that no fetch is dropped with its image
    }
  };
  if (typeof globalThis.requestIdleCallback === "function") globalThis.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 500);
}

/**
 * A card face. `opts.button` makes it a <button>; `opts.size` is "" (hand),
 * "trick", "board"/"oboard" (two-handed melds on the table) or "mini". Every size but
 * "mini" shows the card's art; a mini card (a list in a dialog) shows its index only,
 * as text. The accessible name is the card's ("Queen of spades") or `opts.label`. `opts.index`: an art card
 * carries its index as text too, shown only where its place's style asks for it (a card too small for the
 * art's own index to be read: the widow turned up on a short phone, table-fit.css).
 */
export function cardEl(token, opts = {}) {
  const rank = RANK[token[0]];
  const suit = SUIT[token[1]];
  const mini = opts.size === "mini";
  const props = {
    class: ["card", suit.color, `suit-${token[1]}`, mini ? "" : "art", opts.size ?? "", opts.class ?? ""]
      .filter(Boolean).join(" "),
    "aria-label": opts.label ?? cardName(token),
    dataset: { card: token, ...(opts.dataset ?? {}) },
    ...(opts.props ?? {}),
  };
  const kids = mini
    ? [h("span", { class: "corner tl", "aria-hidden": "true" },
      h("span", { class: "rank" }, rank.txt), h("span", { class: "suit" }, suit.sym + VS))]
    : [art(cardArtUrl(token), token), ...(opts.index ? [h("span", { class: "corner tl text-index", "aria-hidden": "true" },
      h("span", { class: "rank" }, rank.txt), h("span", { class: "suit" }, suit.sym + VS))] : [])];
  if (!mini) preloadArt();
  if (opts.button) {
    props.type = "button";
    return h("button", props, ...kids);
  }
  props.role = "img";
  return h("span", props, ...kids);
}

/** A face-down card (the stock, a widow not yet turned), in the chosen back. */
export function cardBack(opts = {}) {
  preloadArt();
  return h("span", { class: ["card back-card art", opts.size ?? ""].join(" ").trim(), "aria-hidden": "true" },
    art(cardBackUrl(), "back"));
}

/** Redraw the art of the cards on the page after the deck or the back changed (settings-ui.js). */
export function refreshCardArt(root = globalThis.document) {
  if (!root?.querySelectorAll) return;
  const { four, back } = artSettings();
  for (const img of root.querySelectorAll("img.card-art[data-art]")) {
    const src = img.dataset.art === "back" ? cardBackUrl(back) : cardArtUrl(img.dataset.art, four);
    if (img.getAttribute("src") !== src) img.setAttribute("src", src);
  }
}

const RANK_BY_TXT = Object.freeze(Object.fromEntries(Object.values(RANK).map((r) => [r.txt, r.name.toLowerCase()])));
const SUIT_BY_SYM = Object.freeze(Object.fromEntries(Object.values(SUIT).map((s) => [s.sym, s.name])));

/**
 * A sentence of the server's with its cards in words, for a screen reader (a suit symbol alone is read as
 * "black heart suit"): "Play the 10♠: your partner's A♠ is winning." → "Play the ten of spades: your
 * partner's ace of spades is winning."; a suit symbol on its own becomes the suit's name.
 */
export function cardsInWords(text) {
  return String(text ?? "")
    .replace(/(10|[AKQJ9])([♠♥♦♣])\uFE0E?/g, (_, rank, sym) => `${RANK_BY_TXT[rank]} of ${SUIT_BY_SYM[sym]}`)
    .replace(/([♠♥♦♣])\uFE0E?/g, (_, sym) => SUIT_BY_SYM[sym]);
}
