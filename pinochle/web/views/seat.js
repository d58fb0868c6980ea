// One seat at the table, drawn as a player: a round avatar in the seat's own colour with a robot
// (a computer) or a person drawn in it, the dealer's button ("D") beside the dealer's avatar, the name, what the player
// is (a computer and its level, or the person's state: away, a computer playing for them, ready
// for the next hand), the cards they hold as a small fan of backs (the count is the view's
// `hand_sizes`: nothing is guessed here), their last call, and whose turn it is.
// Your own seat (at the bottom) gets the same avatar and dealer's button, without the fan: your
// cards are in front of you.
// Pure view functions: they draw `ctx` (built by controller.js) and keep no state. seats.css
// lays them out over style.css.

import { cardBack, fill, h, levelName } from "../dom.js";
import { Phase } from "../protocol.js";
import { COMPASS } from "../seats.js";
import { timerLeft, timerSeat } from "../timer.js";
import { BURIED, RECEIVED, thinking } from "../words.js";

// the phases in which a seat can have the turn (a hand's end and a match's end have none)
const PLAYING = new Set([Phase.AUCTION, Phase.WIDOW, Phase.TRUMP, Phase.EXCHANGE, Phase.MELD, Phase.CONCEDE, Phase.BURY, Phase.PLAY,
  Phase.DIX_EXCHANGE, Phase.STOCK_PLAY, Phase.STOCK_MELD, Phase.DRAW, Phase.ENDGAME]);

/** The colour of a seat's avatar (seats.css: data-hue 0 to 4): by compass seat, or by chair at a table of chairs. */
const HUE = Object.freeze({ N: 0, E: 1, W: 2, S: 3 });

/** A computer guest's level from its name, e.g. "West (computer, Normal)" -> "Normal"; else null. */
const LEVEL_IN_NAME = /\(computer,\s*([^)]+)\)\s*$/i;

/** The avatar colour of `seat`: its chair's at a table of chairs (a player keeps it from hand to hand). */
export function seatHue(s, seat) {
  const chair = s.chairOf?.(seat);
  if (Number.isInteger(chair)) return String(chair % 5);
  return String(HUE[seat] ?? 4);
}

/**
 * What the player in `seat` is, in a few words: "Computer · Normal" for a computer (its level from
 * the match, or from a computer guest's name), or the person's state ("Away", "Computer playing",
 * "Ready for the next hand"); null for a person at the table (their name says it) and for yourself.
 * Returns {text, kind, testid} or null.
 */
export function seatRole(ctx, seat) {
  const { v, s } = ctx;
  const f = s.facts(seat);
  if (s.isMe(seat)) {
    // your own seat says only what others see of you: a computer playing for you, or you away
    if (f && f.stand_in) return { text: "Computer playing", kind: "stand-in", testid: `stand-in-${seat}` };
    return null;
  }
  const computer = f ? Boolean(f.computer) : true; // solo: every other seat is a computer
  if (computer) {
    const named = f && typeof f.name === "string" ? LEVEL_IN_NAME.exec(f.name) : null;
    const level = named ? named[1].trim() : ctx.match?.level ? levelName(ctx.match.level) : "";
    return { text: level ? `Computer · ${level}` : "Computer", kind: "computer", testid: `role-${seat}`, level };
  }
  if (f.stand_in) return { text: "Computer playing", kind: "stand-in", testid: `stand-in-${seat}` };
  if (!f.connected) return { text: "Away", kind: "away", testid: `away-${seat}` };
  if (v.phase === Phase.HAND_END && f.next_ready) return { text: "✓ Ready", kind: "next-ready", testid: `ready-${seat}` };
  return null;
}

/** The role's words in a line: "Computer" and the level may wrap between them in a narrow seat. */
function roleLine(role) {
  const words = role.kind === "computer" && role.level
    ? [h("span", { class: "role-full" }, "Computer"), h("span", { class: "role-short", "aria-hidden": "true" }, "CPU"),
      h("span", { class: "role-dot", "aria-hidden": "true" }, " · "), h("span", {}, role.level)]
    : [role.text];
  return h("span", { class: `seat-role ${role.kind}`, "data-testid": role.testid, title: role.kind === "stand-in" ? "A computer plays until they are back" : null }, ...words);
}

/** A badge of a seat. `short` is shown instead in a narrow seat (style.css); the full word stays for screen readers. */
export function seatBadge(kind, label, short, props = {}) {
  const text = short
    ? [h("span", { class: "badge-full" }, label), h("span", { class: "badge-short", "aria-hidden": "true" }, short)]
    : [label];
  return h("span", { class: `badge ${kind}`, dataset: { label }, ...props }, ...text);
}

/**
 * What the avatar of `seat` draws (table-look.css, pinochle/web/avatars/): "robot" for a computer,
 * "person" for a person (yourself, a person away, a person a computer plays for). In solo every
 * other seat is a computer; at a named table the server's facts say which.
 */
export function avatarFigure(s, seat) {
  if (s.isMe(seat)) return "person";
  const f = s.facts(seat);
  return !f || f.computer ? "robot" : "person";
}

/** The round avatar in the seat's colour, a robot or a person drawn in it, and the dealer's button beside it when the seat deals. */
export function avatar(s, seat, dealer) {
  return h("span", { class: "seat-avatar", "aria-hidden": "true" },
    h("span", { class: "avatar", dataset: { initials: s.initials(seat), hue: seatHue(s, seat), figure: avatarFigure(s, seat) } }),
    dealer ? h("span", { class: "dealer-button", "data-testid": `dealer-${seat}`, title: "Dealer" }, "D") : null);
}

/**
 * The cards a seat holds, face down, as a small fan: one back per card (`n`, the view's count).
 * Decorative: the seat's label and its count say how many.
 */
export function fan(seat, n) {
  if (!(n > 0)) return null;
  const el = h("span", { class: "fan", "aria-hidden": "true", "data-testid": `fan-${seat}`, dataset: { count: String(n) } });
  for (let i = 0; i < n; i++) {
    const back = cardBack({ size: "fan" });
    // each back turned about the fan's foot: from -1 to 1 across the fan (seats.css)
    back.style.setProperty("--k", n > 1 ? String(((2 * i) / (n - 1) - 1).toFixed(3)) : "0");
    el.append(back);
  }
  el.style.setProperty("--n", String(n));
  return el;
}

/**
 * The cards the declarer buried, face down by its seat (the view's `buried_down`, everyone's: how many), captioned
 * "Buried 3"; null for another seat, before the burial and when nothing was buried. The declarer's own pile is a
 * button that names the cards (the view's `buried`, sent to the declarer alone: its label and title, and a tap
 * says them); another seat's shows backs and the count only (VARIANTS.md cutthroat: the buried cards are the
 * declarer's, "they count as the declarer's taken cards").
 */
export function buriedPile(ctx, seat) {
  const { v, s } = ctx;
  const n = v.declarer === seat && Number.isInteger(v.buried_down) ? v.buried_down : 0;
  if (!(n > 0)) return null;
  const backs = h("span", { class: "buried-backs", "aria-hidden": "true" }, Array.from({ length: n }, () => cardBack({ size: "buried-card" })));
  const caption = h("span", { class: "buried-n", "aria-hidden": "true" }, BURIED.caption(n));
  const cards = s.isMe(seat) && Array.isArray(v.buried) && v.buried.length ? v.buried : null;
  if (cards) {
    return h("button", { type: "button", class: "buried mine", "data-testid": `buried-${seat}`, dataset: { count: String(n) },
      title: BURIED.mineShort(cards), "aria-label": BURIED.mine(cards), onclick: () => ctx.act?.tell?.(BURIED.mine(cards)) },
    backs, caption);
  }
  return h("span", { class: "buried", role: "img", "data-testid": `buried-${seat}`, dataset: { count: String(n) },
    title: BURIED.theirs(s.name(seat), n), "aria-label": BURIED.theirs(s.name(seat), n) }, backs, caption);
}

function lastCall(v, seat) {
  for (let i = v.auction.length - 1; i >= 0; i--) {
    if (v.auction[i].seat === seat) return v.auction[i].call;
  }
  return null;
}

/** Draw the seat `seat` into its box `el` (views/table.js renderSeats places the boxes). */
export function renderSeat(ctx, el, seat) {
  const { v, s } = ctx;
  el.setAttribute("data-testid", `seat-${seat}`);
  el.dataset.seat = seat;
  const isTurn = v.turn === seat && PLAYING.has(v.phase);
  el.classList.toggle("is-turn", isTurn);
  el.dataset.turn = isTurn ? "true" : "false";
  const mine = s.isMe(seat);
  el.classList.toggle("mine", mine);
  el.classList.toggle("partner", s.partners.includes(seat));
  const f = s.facts(seat);
  const away = Boolean(f && !f.computer && !f.connected);
  const standIn = Boolean(f && f.stand_in);
  el.classList.toggle("away", away || standIn);
  const dealer = v.dealer === seat;
  el.classList.toggle("dealer", dealer);
  const role = seatRole(ctx, seat);
  const badges = [];
  if (v.declarer === seat) badges.push(seatBadge("declarer", "Declarer", "Decl", { title: "Declarer" }));
  // your seat keys the cards your partner passed you, marked in your hand (the server's `received`)
  const got = mine && Array.isArray(v.received) ? v.received.length : 0;
  if (got) {
    const key = RECEIVED.legend(got, v.declarer === seat, s.partners.length ? s.name(s.partners[0]) : undefined);
    badges.push(seatBadge("received", key, `⇄ ${got}`, { title: key, "data-testid": "received-legend" }));
  }
  // a seat's last call while the auction is on; once there is a contract, only the declarer's
  // (every other seat's "Pass" would stay through the tricks and say nothing more)
  const call = v.declarer == null || v.declarer === seat ? lastCall(v, seat) : null;
  let callText = "";
  if (call === "pass") callText = "Pass";
  else if (call) callText = `Bid ${call}`;
  else if (v.stuck && v.declarer === seat) callText = `Stuck ${v.bid}`;
  const n = v.hand_sizes[seat] ?? 0;
  const timed = timerSeat() === seat && isTurn;
  const buried = buriedPile(ctx, seat);
  const name = s.name(seat);
  fill(el,
    h("div", { class: "seat-head" },
      avatar(s, seat, dealer),
      h("span", { class: "seat-id" },
        h("span", { class: "seat-name", "data-testid": `seat-name-${seat}`, title: s.named && !mine ? s.fullName(seat) : null }, name),
        role ? roleLine(role) : null)),
    badges.length ? h("div", { class: "seat-badges" }, ...badges) : null,
    h("div", { class: "seat-body" },
      mine || s.sittingOut.includes(seat) ? null : fan(seat, n), // a player sitting out holds no cards
      // a narrow seat shows the number alone, beside the fan (seats.css)
      h("span", { class: "count", "data-testid": `count-${seat}` }, h("span", { class: "count-n" }, String(n)),
        h("span", { class: "count-word" }, ` card${n === 1 ? "" : "s"}`)),
      callText ? h("span", { class: `call ${call === "pass" ? "pass" : ""}`, "data-testid": `call-${seat}` }, callText) : null,
      buried),
    isTurn ? h("div", { class: "turn-note" }, mine ? "Your turn" : h("span", { class: "dots" }, "thinking"),
      timed ? h("span", { class: "timer-pill", "data-testid": `timer-${seat}`, title: "Move timer" }, `${timerLeft()} s`) : null) : null,
  );
  const who = mine ? `You, ${COMPASS[seat]}` : s.named ? `${name}, ${COMPASS[seat]}` : name;
  const roleWords = role ? (role.kind === "computer" ? role.text.replace(" · ", ", ") : role.text.replace("✓ ", "")) : "";
  const parts = [who, roleWords, dealer ? "Dealer" : "", ...badges.map((b) => b.dataset.label), `${n} cards`, callText,
    buried ? BURIED.caption(buried.dataset.count) : "",
    isTurn ? thinking(s, seat) : ""].filter(Boolean);
  el.setAttribute("aria-label", parts.join(", "));
}
