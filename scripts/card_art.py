"""Make the card art the web table ships (pinochle/web/cards/) from Adrian Kennard's SVG cards.

The source is the npm package ``@heruka_urgyen/react-playing-cards`` 0.5.0, whose
``src/images`` holds Kennard's cards (CC0 1.0, https://www.me.uk/cards/) as plain SVG
files: ``2color-bf`` (large corner indices, two colours) and ``4color-bf`` (the same
with blue diamonds and green clubs). docs/cards.md says why these were chosen.

Pinochle uses only the 9, 10, jack, queen, king and ace, so only those 24 faces are
kept, plus the 12 diamonds and clubs of the four-colour deck (its spades and hearts
are the two-colour files). Each file is made smaller without changing what it draws:
the XML declaration and the attributes that only name the card are dropped, and
every number is rounded to one decimal (the court pictures are drawn in a 1300 x 2000
box shown at most 104 x 200 units of a 240-unit card: a tenth of a unit is far below
a pixel). The two backs are Kennard's back (a lattice of small diamonds inside a
white border) in red and in blue.

Run it once when the art changes (it is not a build step: its output is committed):

    npm pack @heruka_urgyen/react-playing-cards@0.5.0
    tar xzf heruka_urgyen-react-playing-cards-0.5.0.tgz
    python3 scripts/card_art.py package/src/images
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "pinochle" / "web" / "cards"
RANKS = "9TJQKA"
SUITS = "SHDC"
NUMBER = re.compile(r"-?\d+\.\d+")

BACK = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="-120 -168 240 336" preserveAspectRatio="none">\
<defs><pattern id="B" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="{light}"/>\
<path d="M3 0L6 3L3 6L0 3Z" fill="{dark}"/></pattern></defs>\
<rect width="239" height="335" x="-119.5" y="-167.5" rx="12" ry="12" fill="white" stroke="#555"/>\
<rect fill="url(#B)" width="216" height="312" x="-108" y="-156" rx="12" ry="12"/>\
<rect fill="none" stroke="{dark}" stroke-width="3" width="200" height="296" x="-100" y="-148" rx="8" ry="8"/></svg>
"""
BACKS = {"red": ("#e6a3a8", "#a11d27"), "blue": ("#a9bde6", "#1c3f8c")}


def _round(match: re.Match[str]) -> str:
    """One number rounded to a tenth, without a trailing ``.0``.

    A path may write numbers with no space between them ("10-0.04", "3.96.5"): a
    negative number rounded to zero keeps its sign, and a whole number followed by
    a point keeps its ``.0``, so that the next number stays a number of its own.
    """
    text = f"{round(float(match.group(0)), 1):.1f}"
    if text == "-0.0":
        return "-0"
    following = match.string[match.end():match.end() + 1]
    if text.endswith(".0") and following != ".":
        text = text[:-2]
    return text


def slim(svg: str) -> str:
    """The same drawing in fewer bytes (see the module's docstring)."""
    svg = re.sub(r"<\?xml[^>]*\?>\s*", "", svg)
    svg = svg.replace(' class="card"', "")
    svg = re.sub(r' face="[^"]*"', "", svg)
    svg = svg.replace(' height="3.5in"', "").replace(' width="2.5in"', "")
    svg = NUMBER.sub(_round, svg)
    svg = re.sub(r"></(use|rect|path)>", "/>", svg)
    return svg.strip() + "\n"


def main(images: Path) -> None:
    """Write the faces, the four-colour diamonds and clubs and the two backs under OUT."""
    (OUT / "four").mkdir(parents=True, exist_ok=True)
    before = after = 0
    for rank in RANKS:
        for suit in SUITS:
            name = f"{rank}{suit}.svg"
            jobs = [(images / "2color-bf" / name, OUT / name)]
            if suit in "DC":
                jobs.append((images / "4color-bf" / name, OUT / "four" / name))
            for src, dst in jobs:
                text = src.read_text(encoding="utf-8")
                small = slim(text)
                dst.write_text(small, encoding="utf-8")
                before += len(text.encode())
                after += len(small.encode())
    for colour, (light, dark) in BACKS.items():
        (OUT / f"back-{colour}.svg").write_text(BACK.format(light=light, dark=dark), encoding="utf-8")
    print(f"faces: {before} bytes in, {after} bytes out")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python3 scripts/card_art.py PATH/TO/src/images")
    main(Path(sys.argv[1]))
