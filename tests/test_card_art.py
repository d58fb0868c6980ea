"""The card art shipped in the package (pinochle/web/cards/, docs/cards.md): every file Pinochle
needs is there, is a self-contained SVG, is small, carries its licence, and is listed in the
package data, so that `pip install` (editable or not) serves it; scripts/card_art.py slims the
drawings without changing them."""

from __future__ import annotations

import fnmatch
import importlib.util
import re
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "pinochle" / "web"
CARDS = WEB / "cards"
FACES = [f"{rank}{suit}" for rank in "9TJQKA" for suit in "SHDC"]
SVG = "{http://www.w3.org/2000/svg}"


def test_every_face_of_both_decks_and_both_backs_are_shipped_with_the_licence() -> None:
    assert sorted(p.stem for p in CARDS.glob("*.svg") if not p.stem.startswith("back-")) == sorted(FACES)
    assert sorted(p.stem for p in (CARDS / "four").glob("*.svg")) == sorted(f for f in FACES if f[1] in "DC")
    assert sorted(p.name for p in CARDS.glob("back-*.svg")) == ["back-blue.svg", "back-red.svg"]
    licence = (CARDS / "LICENSE.txt").read_text(encoding="utf-8")
    assert "CC0 1.0 Universal" in licence and "Statement of Purpose" in licence
    credit = (CARDS / "README.md").read_text(encoding="utf-8")
    assert "Adrian Kennard" in credit and "https://www.me.uk/cards/" in credit and "CC0 1.0" in credit


@pytest.mark.parametrize("path", sorted(CARDS.rglob("*.svg")), ids=lambda p: str(p.relative_to(CARDS)))
def test_each_picture_is_a_self_contained_svg_card(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "-120 -168 240 336"  # 2.5 x 3.5 in: the card's own proportions
    assert root.get("preserveAspectRatio") == "none"
    assert not [e for e in root.iter() if e.tag in (f"{SVG}script", f"{SVG}foreignObject", f"{SVG}image")]
    # every reference points inside the file: nothing is fetched from elsewhere
    refs = re.findall(r'(?:href|url\()\s*=?\s*["(]?([^")\s]+)', text)
    assert all(r.startswith("#") or r.startswith('"#') for r in refs), refs
    assert "<?xml" not in text and "3.5in" not in text  # slimmed (scripts/card_art.py)


def test_the_faces_of_a_deck_stay_small() -> None:
    two = sum((CARDS / f"{f}.svg").stat().st_size for f in FACES)
    assert two < 400_000, two  # 348,825 bytes when written
    four = sum(p.stat().st_size for p in (CARDS / "four").glob("*.svg"))
    assert four < 200_000, four


def test_every_file_of_the_web_table_is_in_the_package_data() -> None:
    """`pip install .` copies only what pyproject's package-data lists: a file of pinochle/web in a
    folder no pattern covers would be missing from a normal install."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["pinochle"]
    missing = []
    for path in WEB.rglob("*"):
        if path.is_file():
            rel = str(path.relative_to(ROOT / "pinochle"))
            # setuptools' patterns match within one folder: "web/*" is not "web/cards/x.svg"
            if not any(fnmatch.fnmatch(rel, p) and rel.count("/") == p.count("/") for p in patterns):
                missing.append(rel)
    assert missing == []


def _card_art() -> object:
    spec = importlib.util.spec_from_file_location("card_art", ROOT / "scripts" / "card_art.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("before", "after"), [
    ("M1.25,2.04", "M1.2,2"),
    ("10-0.04", "10-0"),          # a negative number rounded to zero keeps its sign: still two numbers
    ("3.96.5", "4.0.5"),          # a whole number before a point keeps its ".0": still two numbers
    ("-1.04-2.96", "-1-3"),
    ("0.04 5 12 -7.55", "0 5 12 -7.5"),
])
def test_slimming_rounds_every_number_to_a_tenth_and_keeps_numbers_apart(before: str, after: str) -> None:
    art = _card_art()
    assert art.NUMBER.sub(art._round, before) == after  # type: ignore[attr-defined]


def test_slimming_drops_only_what_names_the_card() -> None:
    art = _card_art()
    raw = ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
           'class="card" face="9C" height="3.5in" preserveAspectRatio="none" viewBox="-120 -168 240 336" '
           'width="2.5in"><rect width="239" height="335" x="-119.5" y="-167.5"></rect></svg>')
    assert art.slim(raw) == (  # type: ignore[attr-defined]
        '<svg xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="none" viewBox="-120 -168 240 336">'
        '<rect width="239" height="335" x="-119.5" y="-167.5"/></svg>\n')
