// Home on a phone or a tablet: the games' strip scrolls sideways (home.css), each tile a stop of the
// scroll with the tile in the middle (the first and the last at their ends). A row of dots under it, one
// per game, says that there are more games than show and where you are among them: exactly one dot is
// filled, the one for the game whose stop is nearest the strip's scroll, so it follows the scroll from the
// first game to the last, always a game in view; a dot taken scrolls to its game's stop and fills it. Decorative for a screen reader (the games are a radio group
// it reads whole). Nothing shows while every game is in view (a wide window). Plain ES module.

const STRIP = "game-tiles";

/**
 * The scroll (px from the start) at which each tile of the strip `strip` is in the middle of it, kept
 * within what the strip can scroll: the stops of the strip's scroll (home.css, scroll-snap-align: center).
 */
function stops(strip, tiles) {
  const box = strip.getBoundingClientRect();
  const room = strip.scrollWidth - strip.clientWidth;
  return tiles.map((tile) => {
    const r = tile.getBoundingClientRect();
    const middle = r.left + r.width / 2 - box.left - strip.clientLeft + strip.scrollLeft;
    return Math.min(room, Math.max(0, middle - strip.clientWidth / 2));
  });
}

/** Which of `at` (scroll stops, px) is nearest `left` (px): the first of two as near. */
function nearest(at, left) {
  let best = 0;
  at.forEach((x, i) => { if (Math.abs(x - left) < Math.abs(at[best] - left)) best = i; });
  return best;
}

/** The dots of the strip `strip`: one per tile, one filled (the nearest stop); hidden when every tile is in view. */
function update(strip, dots) {
  const tiles = [...strip.querySelectorAll(".game-tile")];
  const scrolls = strip.scrollWidth > strip.clientWidth + 1;
  dots.hidden = !scrolls || !tiles.length;
  if (dots.hidden) return;
  if (dots.children.length !== tiles.length) {
    dots.replaceChildren(...tiles.map((tile, i) => {
      const dot = document.createElement("span");
      dot.className = "tile-dot";
      dot.dataset.game = tile.dataset.game || "";
      dot.addEventListener("click", () => {
        const all = [...strip.querySelectorAll(".game-tile")];
        strip.scrollTo({ left: stops(strip, all)[i] ?? 0, behavior: "smooth" });
      });
      return dot;
    }));
  }
  const on = nearest(stops(strip, tiles), strip.scrollLeft);
  [...dots.children].forEach((dot, i) => dot.classList.toggle("on", i === on));
  dots.dataset.atEnd = on === tiles.length - 1 ? "true" : "false";
  dots.dataset.current = String(on);
}

/** Put the dots under the games' strip and keep them up to date (the tiles drawn, the strip scrolled, the window turned). */
export function initTileDots() {
  const strip = document.getElementById(STRIP);
  if (!strip || document.getElementById("tile-dots")) return;
  const dots = document.createElement("div");
  dots.id = "tile-dots";
  dots.className = "tile-dots";
  dots.setAttribute("data-testid", "tile-dots");
  dots.setAttribute("aria-hidden", "true");
  dots.hidden = true;
  strip.after(dots);
  let queued = false;
  const again = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      update(strip, dots);
    });
  };
  strip.addEventListener("scroll", again, { passive: true });
  addEventListener("resize", again);
  new MutationObserver(again).observe(strip, { childList: true });
  new ResizeObserver(again).observe(strip);
  again();
}

initTileDots();
