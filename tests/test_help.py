"""The rules page: docs/rules.md rendered by ``pinochle.server.help``, and its stylesheet.

The HTML is read back with :mod:`html.parser` (no string matching on markup
where structure matters): one h1, the meld table as a real table with column
headers, every worked example kept as code, nothing of the Markdown syntax left
in the text, HTML in the source escaped. The stylesheet's colours are checked
for WCAG AA contrast in both themes, and a last test opens the page in
Chromium at phone size in both themes.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from html.parser import HTMLParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from .browser_support import in_browser
from .support import contrast, luminance

from pinochle.server.help import RULES_MD, rules_markdown, rules_page

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
CSS = ROOT / "pinochle" / "web" / "rules.css"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]
FENCE = re.compile(r"^(`{3,}|~{3,})\s*(\S*)\s*$")


# ---------------------------------------------------------------- reading the page back


class Page(HTMLParser):
    """The parts of a page the tests look at."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text_outside_code: list[str] = []
        self.title = ""
        self.headings: list[tuple[str, str | None, str]] = []  # (tag, id, text)
        self.links: list[tuple[str | None, str]] = []  # (href, text)
        self.tables: list[dict[str, Any]] = []
        self.examples: list[str] = []  # text of each <pre> inside figure.examples
        self._cell: list[str] | None = None
        self._heading: list[str] | None = None
        self._link: list[str] | None = None
        self._pre: list[str] | None = None
        self._in_examples = 0
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append((tag, a))
        if tag in ("meta", "link", "br", "img", "input", "hr"):
            return
        self.stack.append(tag)
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self._heading = []
            self.headings.append((tag, a.get("id"), ""))
        elif tag == "a":
            self._link = []
            self.links.append((a.get("href"), ""))
        elif tag == "table":
            self.tables.append({"head": [], "rows": [], "scopes": [], "td_in_head": 0})
        elif tag == "tr" and self.tables:
            if "thead" not in self.stack:
                self.tables[-1]["rows"].append([])
        elif tag in ("th", "td") and self.tables:
            self._cell = []
            if tag == "th":
                self.tables[-1]["scopes"].append(a.get("scope"))
            elif "thead" in self.stack:
                self.tables[-1]["td_in_head"] += 1
        elif tag == "figure" and "examples" in (a.get("class") or "").split():
            self._in_examples += 1
        elif tag == "pre" and self._in_examples:
            self._pre = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6") and self._heading is not None:
            h, hid, _ = self.headings[-1]
            self.headings[-1] = (h, hid, " ".join("".join(self._heading).split()))
            self._heading = None
        elif tag == "a" and self._link is not None:
            self.links[-1] = (self.links[-1][0], " ".join("".join(self._link).split()))
            self._link = None
        elif tag in ("th", "td") and self._cell is not None and self.tables:
            text = " ".join("".join(self._cell).split())
            if "thead" in self.stack:
                self.tables[-1]["head"].append(text)
            else:
                self.tables[-1]["rows"][-1].append(text)
            self._cell = None
        elif tag == "pre" and self._pre is not None:
            self.examples.append("".join(self._pre))
            self._pre = None
        elif tag == "figure" and self._in_examples:
            self._in_examples -= 1
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if "title" in self.stack:
            self.title += data
        if "script" in self.stack or "style" in self.stack:
            return
        for part in (self._cell, self._heading, self._link, self._pre):
            if part is not None:
                part.append(data)
        if "code" not in self.stack and "pre" not in self.stack and "title" not in self.stack:
            self.text_outside_code.append(data)

    def table(self, *head: str) -> dict[str, Any]:
        found = [t for t in self.tables if tuple(t["head"]) == head]
        assert len(found) == 1, f"expected one table headed {head}, found {[t['head'] for t in self.tables]}"
        return found[0]


@pytest.fixture(scope="module")
def source() -> str:
    return DOC.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def page_html(source: str) -> str:
    return rules_page(source)


@pytest.fixture(scope="module")
def page(page_html: str) -> Page:
    return Page(page_html)


def source_examples(text: str) -> list[list[str]]:
    """The non-blank lines of each ``example`` block of the Markdown, block by block."""
    blocks: list[list[str]] = []
    fence: str | None = None
    for raw in text.splitlines():
        m = FENCE.match(raw.strip())
        if fence is None:
            if m:
                fence = m.group(1)
                if m.group(2) == "example":
                    blocks.append([])
                else:
                    fence = fence + "\0"  # a block of another kind
            continue
        if m and m.group(1) == fence.rstrip("\0") and not m.group(2):
            fence = None
            continue
        if not fence.endswith("\0") and raw.strip():
            blocks[-1].append(raw.strip())
    return blocks


def source_meld_table(text: str) -> dict[str, str]:
    """The meld table's rows straight from the Markdown: meld name -> points."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"^\|\s*meld\s*\|\s*made of\s*\|\s*points\s*\|", line))
    rows: dict[str, str] = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows[cells[0]] = cells[-1]
    return rows


# ---------------------------------------------------------------- the page


def test_rules_markdown_reads_docs_rules_md() -> None:
    assert RULES_MD == DOC
    assert rules_markdown() == DOC.read_text(encoding="utf-8")


def test_a_complete_page_with_one_h1(page_html: str, page: Page) -> None:
    assert page_html.startswith("<!DOCTYPE html>")
    html_tags = [a for t, a in page.tags if t == "html"]
    assert html_tags == [{"lang": "en"}]
    assert page.title.strip() and "rules" in page.title.lower()
    h1 = [h for h in page.headings if h[0] == "h1"]
    assert len(h1) == 1
    assert h1[0][2] == "Pinochle at our table: the project's rules"
    assert [t for t, _ in page.tags if t == "main"] == ["main"]
    sheets = [a.get("href") for t, a in page.tags if t == "link" and a.get("rel") == "stylesheet"]
    assert sheets == ["/static/rules.css"]
    assert any(t == "meta" and a.get("name") == "viewport" for t, a in page.tags)


def test_back_to_the_table(page: Page) -> None:
    back = [href for href, text in page.links if text == "Back to the table"]
    assert back and set(back) == {"/"}


def test_headings_have_unique_ids_and_the_contents_link_to_them(source: str, page: Page) -> None:
    ids = [hid for tag, hid, _ in page.headings if tag != "h1"]
    assert all(ids) and len(ids) == len(set(ids))
    sections = [line[3:].strip() for line in source.splitlines() if line.startswith("## ")]
    internal = [(href, text) for href, text in page.links if href and href.startswith("#") and href != "#main"]
    assert [text for _, text in internal] == sections
    assert {href[1:] for href, _ in internal} <= set(ids)


def test_the_meld_table_is_a_table(source: str, page: Page) -> None:
    table = page.table("meld", "made of", "points")
    rows = {row[0]: row[2] for row in table["rows"]}
    assert rows == source_meld_table(source)
    for name, points in {
        "run": "150", "double run": "1500", "royal marriage": "40", "marriage": "20", "dix": "10",
        "pinochle": "40", "double pinochle": "300", "aces around": "100", "kings around": "80",
        "queens around": "60", "jacks around": "40", "double aces": "1000", "double jacks": "400",
    }.items():
        assert rows[name] == points, name
    assert ["pinochle", "Q♠ and J♦", "40"] in table["rows"]


def test_every_table_has_column_headers(source: str, page: Page) -> None:
    delimiter_rows = [line for line in source.splitlines() if re.match(r"^\|(\s*:?-{3,}:?\s*\|)+\s*$", line)]
    assert len(page.tables) == len(delimiter_rows) >= 2
    for table in page.tables:
        assert table["head"] and all(table["head"])
        assert set(table["scopes"]) == {"col"}
        assert table["td_in_head"] == 0
        assert table["rows"] and all(len(r) == len(table["head"]) for r in table["rows"])
    # A pipe escaped inside a code span in a cell is shown as a plain pipe.
    keywords = page.table("keyword", "fields", "what is checked")
    assert ["card", "INPUT | CANONICAL"] == keywords["rows"][0][:2]


def test_tables_scroll_in_their_own_labelled_region(page_html: str) -> None:
    wraps = re.findall(r'<div class="table-wrap"([^>]*)>\s*<table>', page_html)
    assert len(wraps) == page_html.count("<table>")
    for attrs in wraps:
        assert 'role="region"' in attrs and 'tabindex="0"' in attrs and 'aria-label="Table: ' in attrs


def test_no_markdown_syntax_is_left_in_the_text(page: Page) -> None:
    text = "".join(page.text_outside_code)
    assert "|" not in text
    for mark in ("```", "`", "**", "](", "\n#", "\n* ", "|---"):
        assert mark not in text, f"raw Markdown {mark!r} in the page text"


def test_worked_examples_are_kept_as_code(source: str, page: Page) -> None:
    blocks = source_examples(source)
    assert len(blocks) >= 10
    shown = [[line.strip() for line in pre.splitlines() if line.strip()] for pre in page.examples]
    assert shown == blocks
    total = sum(len(b) for b in blocks)
    assert total >= 100  # the page holds well over a hundred checked examples


def test_html_in_the_source_is_escaped_not_run() -> None:
    hostile = (
        "# Title\n\n<script>alert(1)</script>\n\nText <img src=x onerror=alert(2)> and <b>bold</b>.\n\n"
        "[click](javascript:alert(3))\n\n| a | b |\n|---|---|\n| <script>x()</script> | <i>2</i> |\n"
    )
    out = rules_page(hostile)
    parsed = Page(out)
    scripts = [a for t, a in parsed.tags if t == "script"]
    assert scripts == [{"type": "module", "src": "/static/rules-page.js"}], "only the page's own settings script"
    assert "alert" not in out.split("</head>")[0]
    assert not any(t in ("img", "b", "i") for t, _ in parsed.tags)
    assert all(not (href or "").startswith("javascript:") for href, _ in parsed.links)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert "&lt;img src=x onerror=alert(2)&gt;" in out
    assert parsed.table("a", "b")["rows"] == [["<script>x()</script>", "<i>2</i>"]]


def test_one_h1_whatever_the_source() -> None:
    none = Page(rules_page("Just text.\n\n## Part\n"))
    assert [h[0] for h in none.headings].count("h1") == 1
    assert none.title.strip() == "Pinochle rules · Pinochle"
    two = Page(rules_page("# First\n\ntext\n\n# Second\n\nmore\n"))
    assert [(h[0], h[2]) for h in two.headings] == [("h1", "First"), ("h2", "Second")]
    assert two.title.strip() == "First · Pinochle"


# ---------------------------------------------------------------- the stylesheet


def block(css: str, selector: str) -> str:
    """The declarations of the first rule whose selector is exactly ``selector``."""
    m = re.search(r"(?:^|\n)" + re.escape(selector) + r"\s*\{([^{}]*)\}", css)
    assert m, f"no rule for {selector}"
    return m.group(1)


def theme_vars(css: str) -> tuple[dict[str, str], dict[str, str]]:
    """The light and the dark colour custom properties of the page's ``:root`` rule: each written once, as
    ``light-dark(light, dark)``, or one colour for both themes."""
    light: dict[str, str] = {}
    dark: dict[str, str] = {}
    for name, value in re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", block(css, ":root")):
        pair = re.fullmatch(r"light-dark\((#[0-9a-fA-F]{3,6}),\s*(#[0-9a-fA-F]{3,6})\)", value.strip())
        if pair:
            light[name], dark[name] = pair.groups()
        elif re.fullmatch(r"#[0-9a-fA-F]{3,6}", value.strip()):
            light[name] = dark[name] = value.strip()
    return light, dark


PAIRS = [
    ("--fg", "--bg"), ("--muted", "--bg"), ("--link", "--bg"), ("--link-visited", "--bg"),
    ("--code-fg", "--code-bg"), ("--th-fg", "--th-bg"), ("--fg", "--row-alt"), ("--bar-fg", "--bar-bg"),
    ("--link", "--row-alt"),
]


def test_both_themes_meet_wcag_aa() -> None:
    css = CSS.read_text(encoding="utf-8")
    light, dark = theme_vars(css)
    # one set of colours, dark when the system prefers it (with no script) or the player chose it
    assert re.search(r"color-scheme:\s*light dark;", block(css, ":root"))
    assert re.search(r"color-scheme:\s*light;", block(css, ':root[data-theme="light"]'))
    assert re.search(r"color-scheme:\s*dark;", block(css, ':root[data-theme="dark"]'))
    assert "prefers-color-scheme" not in css and set(light) >= {name for pair in PAIRS for name in pair}
    assert light != dark
    for name, theme in (("light", light), ("dark", dark)):
        for fg, bg in PAIRS:
            ratio = contrast(theme[fg], theme[bg])
            assert ratio >= 4.5, f"{name}: {fg} {theme[fg]} on {bg} {theme[bg]} is {ratio:.2f}:1"
        # Non-text contrast of the focus ring against the page (WCAG 1.4.11).
        assert contrast(theme["--focus"], theme["--bg"]) >= 3


# ---------------------------------------------------------------- in the browser


class Site(BaseHTTPRequestHandler):
    """``/rules`` (the page) and ``/static/*`` (pinochle/web), like the app."""

    page = b""

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path == "/rules":
            body, ctype = self.page, "text/html; charset=utf-8"
        elif path.startswith("/static/") and "/" not in path[len("/static/"):] and ".." not in path:
            f = ROOT / "pinochle" / "web" / path[len("/static/"):]
            if not f.is_file():
                self.send_error(404)
                return
            body = f.read_bytes()
            ctype = {".js": "text/javascript", ".css": "text/css"}.get(f.suffix, "application/octet-stream")
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@pytest.fixture()
def site(page_html: str) -> Iterator[str]:
    Site.page = page_html.encode("utf-8")
    server = ThreadingHTTPServer(("127.0.0.1", 0), Site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def look(browser: Any, url: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    errors: list[str] = []
    measure = """() => ({
        theme: document.documentElement.dataset.theme || null,
        bg: getComputedStyle(document.documentElement).backgroundColor,
        fg: getComputedStyle(document.querySelector('main p')).color,
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        th: getComputedStyle(document.querySelector('th')).fontWeight,
    })"""
    for scheme in ("light", "dark"):
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{url}/rules")
        page.wait_for_function("document.documentElement.dataset.theme")
        out[f"system-{scheme}"] = page.evaluate(measure)
        # The player's own choice wins over the system's.
        chosen = "light" if scheme == "dark" else "dark"
        page.evaluate(f"localStorage.setItem('pinochle.settings', JSON.stringify({{theme: '{chosen}'}}))")
        page.reload()
        page.wait_for_function("document.documentElement.dataset.theme")
        out[f"chosen-{chosen}"] = page.evaluate(measure)
        ctx.close()
        # With no script (data-theme unset) the page follows the system's scheme.
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme,
                                  java_script_enabled=False)
        page = ctx.new_page()
        page.goto(f"{url}/rules")
        out[f"noscript-{scheme}"] = {**page.evaluate(measure), "theme": scheme}
        ctx.close()
    out["errors"] = errors
    return out


def rgb_luminance(css_colour: str) -> float:
    r, g, b = (int(x) for x in re.findall(r"\d+", css_colour)[:3])
    return luminance(f"#{r:02x}{g:02x}{b:02x}")


@pytest.mark.usefixtures("needs_chromium")
def test_the_page_in_the_browser_on_a_phone_in_both_themes(site: str) -> None:
    seen = in_browser(lambda b: look(b, site))
    assert seen.pop("errors") == []
    for key, m in seen.items():
        assert m["overflow"] <= 0, f"{key}: the page scrolls sideways by {m['overflow']} px at 390 px"
        assert int(m["th"]) >= 600
        dark = key.endswith("dark")
        assert m["theme"] == ("dark" if dark else "light"), key
        bg, fg = rgb_luminance(m["bg"]), rgb_luminance(m["fg"])
        assert (bg < 0.05) if dark else (bg > 0.9), f"{key}: background {m['bg']}"
        assert (max(bg, fg) + 0.05) / (min(bg, fg) + 0.05) >= 4.5, key


# ---------------------------------------------------------------- "How to play" (pinochle/server/howto.py)


def test_how_to_play_is_a_players_page_with_pictured_cards() -> None:
    import html as html_mod

    from pinochle.server.howto import cards_picture, games, howto_html

    assert games()[0] == "table"
    page = howto_html("table")
    assert page.count("<h1") == 1 and "<h1" in page and "How to play Pinochle" in page
    # the sections a player needs, in plain words (the engineering spec stays at /rules)
    for heading in ("The auction", "Trump and meld", "Playing the tricks", "Scoring", "Tips"):
        assert f">{heading}</h2>" in page, heading
    # a page for players: no link to the engineering specification (/rules), no test examples
    assert 'href="/rules' not in page and "```example" not in page and "auction W |" not in page
    # every meld of the table is pictured, each picture named for screen readers
    labels = re.findall(r'<span class="cards" role="img" aria-label="([^"]+)">', page)
    assert "Ace of spades, Ten of spades, King of spades, Queen of spades, Jack of spades" in labels
    assert "Queen of spades, Jack of diamonds" in labels and len(labels) >= 10
    assert "<code>cards:" not in page
    # an unknown card stays text, escaped
    assert cards_picture("AS <b>") == f"<code>{html_mod.escape('AS <b>')}</code>"
    with pytest.raises(KeyError):
        howto_html("../docs/rules")
    with pytest.raises(KeyError):
        howto_html("no-such-game")


def test_how_to_play_pages_speak_no_switch_syntax() -> None:
    """A player's page names a house rule in words, never as the command line's switch
    (``dix_exchange=true``, ``concede_spades=single``: the eleventh review found them on the
    turned-trump page), and names what the table shows as the table shows it ("Turned")."""
    from pinochle.server.howto import games, howto_markdown

    switch = re.compile(r"`[a-z_]+=[a-z0-9_-]+`")
    for name in games():
        text = howto_markdown(name)
        assert not switch.search(text), (name, switch.findall(text))
    assert 'marked "Turned",' in howto_markdown("turned-trump")


def test_the_table_page_says_why_the_computers_pass() -> None:
    """The stuck-dealer pass and the save (pinochle.bots.partners: ``sticks_the_dealer``,
    ``saves_the_dealer``) are explained to players on the table game's page, and the dealer's bid
    over its partner's save (``NormalPlayer.dealer_over_save_value``: a hand worth 300, at 260)."""
    from pinochle.bots import NormalPlayer
    from pinochle.server.howto import howto_html

    page = howto_html("table")
    assert "Why do the computers pass?" in page and "save" in page
    assert "whatever it holds" in page
    assert NormalPlayer.dealer_over_save_value == 300
    assert "worth about 300" in page and "answers its partner's opening at 250 with 260" in " ".join(page.split())
    # Hard opens for its dealing partner and bids over that opening as Normal does, and competes with a run's worth
    from pinochle.bots import HardPlayer

    assert HardPlayer.saves and HardPlayer.dealer_over_save_value == 300 and HardPlayer.compete_cushion is not None
    assert "A Normal or Hard computer whose partner deals opens at 250" in " ".join(page.split())
    assert "Hard computer holding a run's worth of meld keeps bidding" in " ".join(page.split())


def test_how_to_play_is_served(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from pinochle.server.app import create_app

    with TestClient(create_app(tmp_path / "h.db", bot_delay=0)) as client:
        assert client.get("/how-to-play").status_code == 200
        assert "How to play Pinochle" in client.get("/how-to-play/table").text
        assert client.get("/how-to-play/nothing").status_code == 404


# ---------------------------------------------------------------- a "How to play" page for every playable game

HOWTO_HEADINGS = ("The cards and the deal", "The auction", "Trump and meld", "Playing the tricks", "Scoring", "Tips")


def _playable() -> list[str]:
    from pinochle.server.protocol import playable_games

    return list(playable_games())  # the games the site seats


def _with_page() -> list[str]:
    """The seated games that have a "How to play" page (the browser links only these)."""
    from pinochle.server.howto import games

    return [name for name in _playable() if name in games()]


def _plain(fragment: str) -> str:
    """The text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed."""
    import html as html_mod

    return " ".join(html_mod.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _paragraphs(page: str) -> str:
    """The text of the page's paragraphs and list items (not its tables)."""
    return " ".join(_plain(p) for p in re.findall(r"<(?:p|li)>(.*?)</(?:p|li)>", page, re.S))


def _meld_values(rules: Any) -> dict[str, int]:
    """Every meld's name and points in a RuleSet (the engine's numbers)."""
    out = {"royal marriage": rules.royal_marriage, "marriage": rules.marriage, "dix": rules.dix}
    for tiers in (rules.run, rules.pinochle, *(t for _, t in rules.arounds)):
        for tier in tiers:
            out.update(dict(tier))
    return out


def _meld_table(page: str) -> dict[str, int]:
    """The meld table of a page (first cell: the meld; last cell: its points), as ``{name: points}``."""
    out: dict[str, int] = {}
    tables = [tb for tb in re.findall(r"<table.*?</table>", page, re.S)
              if re.search(r"<th[^>]*>\s*meld\s*</th>", tb)]  # not the stake table of a widow game
    for row in re.findall(r"<tr>(.*?)</tr>", "".join(tables), re.S):
        cells = [_plain(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if not cells:
            continue
        name = re.sub(r"\s*\(.*\)", "", cells[0]).strip()
        points = [int(x) for x in cells[-1].split(",")]
        if ", " in name:  # "double aces, kings, queens, jacks" | "1000, 800, 600, 400" (triple too)
            word, rest = name.split(" ", 1)
            names = [f"{word} {w.strip()}" for w in rest.split(",")]
        else:
            names = [name]
        assert len(names) == len(points), row
        out.update(zip(names, points))
    return out


def test_the_games_with_a_page_are_seated_games() -> None:
    from pinochle.server.howto import games

    assert set(games()) <= set(_playable())
    assert set(_with_page()) == set(_playable())  # every game seated at the table has its page


@pytest.mark.parametrize("name", _with_page())
def test_every_playable_game_has_a_how_to_play_page(name: str) -> None:
    from pinochle.server.howto import DEFAULT_GAME, games, howto_html

    assert name in games()
    page = howto_html(name)
    assert page.count("<h1") == 1 and "How to play" in _plain(page[page.find("<h1"):page.find("</h1>")])
    for heading in HOWTO_HEADINGS:
        assert f">{heading}</h2>" in page, heading
    assert "<code>cards:" not in page and 'class="cards" role="img"' in page
    assert 'href="/"' in page  # back to the app, like the table game's page
    # the page is the game's whole rules for players: it never sends them to the engineering
    # specification (docs/, served at /rules for developers)
    assert 'href="/rules' not in page
    assert "Everything this page does not mention" not in page


@pytest.mark.parametrize("name", _with_page())
def test_each_how_to_play_page_states_its_games_numbers(name: str) -> None:
    """Every number and rule the page states is the engine's (the game's RuleSet and phases)."""
    from pinochle.games import GAMES
    from pinochle.server.howto import DEFAULT_GAME, howto_html

    game = GAMES[name]
    r = game.rules
    phases = {p.name: p for p in game.phases}
    page = howto_html(name)
    text = _plain(page[page.find("<main"):])
    low = text.lower()

    if game.deals:  # a match of a number of deals, settled in stakes (VARIANTS.md ``cutthroat``, ``auction``)
        assert f"The match is {game.deals} deals" in text and "first side to reach" not in text
    else:
        assert f"the first side to reach {r.target} wins" in text
    # the auction, or its absence
    if "auction" in phases:
        assert f"The first bid is at least {r.min_bid}, and every bid is at least {r.bid_step} more than the last" in text
        for start, step in r.bid_ladder:  # where the step changes (VARIANTS.md double-deck: by 5 from 60)
            assert f"from {start} on, bids go up by {step}" in text
        if r.opening == "first-forced":
            assert "must open" in text and "stuck with the contract" not in text
        elif r.no_bid == "dealer":
            assert f"stuck with the contract at {r.min_bid}" in text
        elif r.no_bid == "redeal":
            assert "thrown in" in text and "stuck with the contract" not in text
        elif r.no_bid == "annul":
            assert ("annulled" in text or "thrown in" in text) and "nobody pays" in text \
                and "stuck with the contract" not in text
        assert ("may bid" in text and "even after passing" in text) if r.reenter_after_pass \
            else "once you pass you are out of the auction" in low
    else:
        assert "There is none: no bids" in text and "The first bid" not in text
    # the counters of a hand: every counter card of the game's deck (48 cards: eight of each
    # rank; the double deck's 80: sixteen) and the last trick
    per_card = max(r.counters)
    total = r.total_counters
    assert f"{per_card} point{'' if per_card == 1 else 's'} each" in text
    assert f"the last trick is worth {r.last_trick} more: {total} points in every hand" in text
    # meld: every page has its game's own table (made from the RuleSet); a dix worth nothing (no nines) is left out
    want = {k: v for k, v in _meld_values(r).items() if not (k == "dix" and v == 0)}
    assert _meld_table(page) == want
    prose = re.findall(r"\b(royal marriage|marriage|dix|run|pinochle|aces around) (\d+)\b", _paragraphs(page))
    assert all(int(points) == want[meld] for meld, points in prose), prose
    assert ("keeps its meld only if it wins at least one trick" in low) if r.meld_needs_trick \
        else ("meld counts even without a trick" in low)
    # the play
    assert {"declarer": "The declarer leads the first card",
            "left_of_dealer": "left of the dealer leads the first card"}[r.first_lead] in text
    assert {"always": "head the trick", "trump_led": "only when trump is led",
            "never": "no duty to beat"}[r.must_beat] in text
    # the sections a game has only when its engine has them
    assert (">Passing cards</h2>" in page) == (r.pass_cards > 0) == ("exchange" in phases)
    if r.pass_cards:
        word = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}[r.pass_cards]
        assert f"passes {word} cards" in text and f"Pass {r.pass_cards} cards" in text
    assert (">Conceding</h2>" in page) == ("concede" in phases)
    if name != DEFAULT_GAME and "concede" not in phases and "bury" not in phases:
        assert "There is no conceding" in text
    # the widow games: the widow, the burial (or a concession) and the hand size
    assert (">The widow</h2>" in page) == (r.widow > 0) == ("widow" in phases)
    if r.widow:
        assert f"Each player gets {r.hand_size} cards, and the widow's {r.widow} cards" in text
        assert f"bury {r.widow} cards" in low or f"buries {r.widow} cards" in low
        assert "concede" in low and "the only one who melds" in low
    assert (">The turned card</h2>" in page) == ("turn_trump" in phases)


def test_every_how_to_play_page_is_served_with_its_links(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from pinochle.server.app import create_app
    from pinochle.server.howto import DEFAULT_GAME

    with TestClient(create_app(tmp_path / "h.db", bot_delay=0)) as client:
        for name in _with_page():
            got = client.get(f"/how-to-play/{name}")
            assert got.status_code == 200, name
            assert got.text.count("<h1") == 1 and "How to play" in got.text
            assert 'href="/rules' not in got.text  # players never land on the engineering specification
            # the same rules as an article for the table's Rules dialog
            article = client.get(f"/how-to-play/{name}/article")
            assert article.status_code == 200 and article.headers["content-type"].startswith("application/json")
            body = article.json()
            assert body["title"] in got.text and "<h1" not in body["html"]
            assert _meld_table(body["html"]) == _meld_table(got.text)
            # every link of the page that stays on the site leads somewhere
            for href in set(re.findall(r'href="(/[^"#]*)', got.text)):
                assert client.get(href).status_code == 200, (name, href)
        # the table game's page leads to every other game's page
        table_page = client.get("/how-to-play").text
        for name in _with_page():
            if name != DEFAULT_GAME:
                assert f'href="/how-to-play/{name}"' in table_page, name
        # a seated game without a page yet answers 404 (the browser offers it without the link)
        for name in set(_playable()) - set(_with_page()):
            assert client.get(f"/how-to-play/{name}").status_code == 404, name
        for bad in ("nothing", "..", "Table", "table.md"):
            assert client.get(f"/how-to-play/{bad}/article").status_code == 404, bad
        # the engineering specification stays for developers (the README links it)
        assert client.get("/rules").status_code == 200


def test_the_widow_games_pages_state_the_engines_stakes() -> None:
    """The stakes on the cutthroat and auction pages are the scorer's (VARIANTS.md ``cutthroat``, ``auction``)."""
    from pinochle.cards import Suit
    from pinochle.games.scorers import auction_stake, stake
    from pinochle.server.howto import howto_html

    text = _plain(howto_html("cutthroat"))
    for low, high, points in re.findall(r"(\d+) to (\d+) is (\d+)", text):
        assert stake(int(low)) == stake(int(high)) == int(points), (low, high, points)
    assert len(re.findall(r"(\d+) to (\d+) is (\d+)", text)) >= 3
    page = howto_html("auction")
    rows = [[_plain(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", page, re.S)]
    schedule = [(r[0], r[1]) for r in rows if len(r) == 2 and re.fullmatch(r"\d+ to \d+", r[0])]
    assert len(schedule) >= 5
    for bids, points in schedule:
        low, high = (int(x) for x in bids.split(" to "))
        assert auction_stake(low, Suit.H) == auction_stake(high, Suit.H) == int(points), bids
        assert auction_stake(low, Suit.S) == 2 * int(points)  # spades double it


def test_the_auction_page_states_the_deals_and_who_sits_out_at_every_table_size() -> None:
    """The browser seats auction at 3, 4 or 5: the page gives each size's match length (the engine's) and
    says who sits a hand out (found by a review: it gave the 9 deals of a table of three only)."""
    from pinochle.game import new_match
    from pinochle.chairs import view_for_chair
    from pinochle.server.howto import howto_html

    text = _plain(howto_html("auction"))
    deals = {n: view_for_chair(new_match(seed=1, game="auction", players=n), 0).to_json()["deals"] for n in (3, 4, 5)}
    assert f"The match is {deals[3]} deals at three players, {deals[4]} at four and {deals[5]} at five" in text
    assert "the dealer sits the hand out" in text and "at five so does the player opposite the dealer" in text


@pytest.mark.parametrize("name", _with_page())
def test_every_pictured_meld_scores_its_points_in_the_engine(name: str) -> None:
    """Each row of a page's meld table that pictures its cards: the engine's own meld of exactly those
    cards (spades trump, as the table's heading says) is that one meld, worth the points the row states."""
    from pinochle.cards import DECKS, Suit, parse_cards
    from pinochle.games import GAMES
    from pinochle.meld import meld
    from pinochle.server.howto import howto_html

    rules = GAMES[name].rules
    deck = DECKS[rules.deck]
    rank = {"Ace": "A", "Ten": "T", "King": "K", "Queen": "Q", "Jack": "J", "Nine": "9"}
    page = howto_html(name)
    checked = 0
    for table in re.findall(r"<table.*?</table>", page, re.S):
        if not re.search(r"<th[^>]*>\s*meld\s*</th>", table):
            continue
        for row in re.findall(r"<tr>(.*?)</tr>", table, re.S):
            label = re.search(r'<span class="cards" role="img" aria-label="([^"]+)"', row)
            cells = [_plain(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            if not label or not cells:
                continue
            tokens = [rank[r] + s[0].upper() for r, _, s in (c.split(" ") for c in label.group(1).split(", "))]
            got = meld(deck.pack(parse_cards(" ".join(tokens))), Suit.S, rules)
            name_shown = re.sub(r"\s*\(.*\)", "", cells[0]).strip()
            assert [i.name for i in got.items] == [name_shown], (name, row)
            assert got.total == int(cells[-1]), (name, name_shown, got.total, cells[-1])
            checked += 1
    assert checked >= 10, (name, checked)


@pytest.mark.parametrize("name", _with_page())
def test_the_article_for_the_rules_dialog_is_the_page(name: str) -> None:
    """``howto_article``: the page's text without its h1, headings one level down, every id prefixed."""
    from pinochle.server.howto import howto_article, howto_html

    page = howto_html(name)
    article = howto_article(name)
    assert "<h1" not in article["html"] and "<h2" not in article["html"] and "<h3" in article["html"]
    assert article["title"] == _plain(page[page.find("<h1"):page.find("</h1>") + 5])
    ids = re.findall(r'\bid="([^"]+)"', article["html"])
    assert ids and all(i.startswith("rules-") for i in ids)
    assert len(ids) == len(set(ids))
    for target in re.findall(r'href="#([^"]+)"', article["html"]):
        assert target in ids, target
    main = page[page.find("<main"):]
    assert _plain(article["html"]) in _plain(main)


def test_the_worked_examples_of_the_partnership_pages_are_the_engines_scores() -> None:
    """The scoring and end-of-match examples of the table, partnership-pass, racehorse and turned-trump
    pages, each stated on its page and scored by the engine (pinochle.scoring, pinochle.games.scorers)."""
    from pinochle.games import GAMES
    from pinochle.games.scorers import open_outcome, racehorse_outcome
    from pinochle.scoring import match_winner, score_hand
    from pinochle.server.howto import howto_html

    for name in ("table", "partnership-pass"):
        text = _plain(howto_html(name))
        rules = GAMES[name].rules
        # bid 300, meld 120 (the opponents' meld: any), counters 190 or 170 of the 250
        assert "your side bids 300 and melds 120. Taking 190 in counters makes 310: you score 310" in text
        assert "and their 60 counters" in text and "Taking only 170 makes 290, short of 300: you are set, −300" in text
        assert score_hand(0, 300, (120, 50), (7, 5), (190, 60), rules).score[0] == 310
        assert score_hand(0, 300, (120, 50), (7, 5), (170, 80), rules).score[0] == -300
        # 1420 + 110 against 1380 + 150: a tie at 1530, won by the declaring side
        assert "at 1420 to 1380 your side declares and scores 110 while the opponents score 150: 1530 to 1530" in text
        assert match_winner((1420 + 110, 1380 + 150), declarer_side=0, rules=rules) == 0
    text = _plain(howto_html("racehorse"))
    race = GAMES["racehorse"].rules
    assert "North–South bid 350 and meld 120, East–West meld 60" in text
    assert "North–South score 0 and East–West 60 + 250 + 60 = 370" in text
    assert racehorse_outcome(0, 350, (120, 60), (8, 4), (190, 60), race) == (0, 370)
    assert "scoring 200, while East–West score 90: 1600 to 1540, North–South win" in text
    assert match_winner((1400 + 200, 1450 + 90), declarer_side=0, rules=race) == 0
    text = _plain(howto_html("turned-trump"))
    turned = GAMES["turned-trump"].rules
    assert "a side with 100 in meld that takes 150 in counters scores 250" in text
    assert open_outcome(None, None, (100, 60), (7, 5), (150, 100), turned) == (250, 160)
    assert "at 1450 to 1400 one side scores 100 and the other 150: 1550 to 1550, equal, so another hand" in text
    # (no declarer to break the tie: pinochle.games.scorers.open_hand plays another hand)


def test_the_rules_dialogs_colours_meet_wcag_aa_in_both_themes() -> None:
    """rules-dialog.css: links, table headings and text on the tinted rows and code meet 4.5:1 on the
    dialog's sheet (theme.css ``--sheet`` / ``--sheet-ink``) in light and in dark."""
    css = (ROOT / "pinochle" / "web" / "rules-dialog.css").read_text(encoding="utf-8")
    theme = (ROOT / "pinochle" / "web" / "theme.css").read_text(encoding="utf-8")

    def block(text: str, selector: str) -> dict[str, str]:
        body = text[text.index(selector + " {"):]
        body = body[:body.index("}")]
        return dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{3,6})", body))

    light_theme = block(theme, ":root")
    dark_theme = block(theme, 'html[data-theme="dark"]')
    for own, sheet in ((block(css, "#rules-dialog"), light_theme),
                       (block(css, 'html[data-theme="dark"] #rules-dialog'), dark_theme)):
        ink, paper = sheet["--sheet-ink"], sheet["--sheet"]
        pairs = {"link": (own["--rules-link"], paper), "table heading": (own["--rules-th-ink"], own["--rules-th"]),
                 "row": (ink, own["--rules-row"]), "code": (ink, own["--rules-code"]), "text": (ink, paper),
                 "link on a row": (own["--rules-link"], own["--rules-row"])}
        for what, (fg, bg) in pairs.items():
            assert contrast(fg, bg) >= 4.5, (what, fg, bg, round(contrast(fg, bg), 2))
