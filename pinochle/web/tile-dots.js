// Home on a phone or a tablet: the games' strip scrolls sideways (home.css). A row of dots under it, one
// per game, the ones in view filled, says that there are more games than show and where you are among
// them; a dot taken brings its game into view. Decorative for a screen reader (the games are a radio group
// it reads whole). Nothing shows while every game is in view (a wide window). Plain ES module.

const STRIP = "game-tiles";

/** The dots of the strip `strip`: one per tile, those in view marked; hidden when every tile is in view. */
function update(strip, dots) {
  const tiles = [...strip.querySelectorAll(".game-tile")];
  const scrolls = strip.scrollWidth > strip.clientWidth + 1;
  dots.hidden = !scrolls || !tiles.length;
  if (dots.hidden) return;
  if (dots.children.length !== tiles.length) {
    dots.replaceChildren(...tiles.map((tile) => {
      const dot = document.createElement("span");
      dot.className = "tile-dot";
      dot.addEventListener("click", () => tile.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "center" }));
      return dot;
    }));
  }
  const box = strip.getBoundingClientRect();
  tiles.forEach((tile, i) => {
    const r = tile.getBoundingClientRect();
    // in view: at least half of it within the strip's box
    const seen = Math.min(r.right, box.right) - Math.max(r.left, box.left);
    dots.children[i].classList.toggle("on", seen >= r.width / 2);
  });
  const first = tiles.findIndex((_, i) => dots.children[i].classList.contains("on"));
  dots.dataset.atEnd = tiles.length && dots.children[tiles.length - 1].classList.contains("on") ? "true" : "false";
  dots.dataset.first = String(first);
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
