"""The players' page on the sealed shuffle (``/how-to-play/fair-deal``, pinochle/howto/fair-deal.md): served
as a page of its own, and what it tells a player is what the program does.

The fourteenth review: the page told a player to run ``pinochle verify`` but not where to get it. It says, in a
player's words: what the browser's "Seal matches" has already proved, what the command is, how to get it (the
README's own install), the exact command for the downloaded record (the name the page's Download record gives
it), and the line it prints for a fair deal (the one the command really prints).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from starlette.testclient import TestClient

from pinochle.cli import main
from pinochle.server.app import create_app

from .test_verify import sealed_record

ROOT = Path(__file__).resolve().parent.parent


def page_text(tmp_path: Path) -> str:
    with TestClient(create_app(tmp_path / "f.db")) as client:
        page = client.get("/how-to-play/fair-deal")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    return page.text


def code_blocks(html: str) -> list[str]:
    """The text of each code block of the page (``<pre><code>``), unescaped."""
    blocks = re.findall(r"<pre[^>]*><code[^>]*>(.*?)</code></pre>", html, re.S)
    return [b.replace("&quot;", '"').replace("&amp;", "&").strip() for b in blocks]


def test_the_page_says_where_the_command_comes_from_and_how_to_run_it(tmp_path: Path) -> None:
    html = page_text(tmp_path)
    assert "A fair deal" in html
    blocks = code_blocks(html)
    # the install is the README's own ("Run it"), without starting the server
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    run_it = next(line for line in readme.splitlines() if line.startswith("python3 -m venv .venv"))
    install = run_it.split(" && .venv/bin/pinochle serve")[0]
    assert install in blocks, blocks
    # the exact command for the record the table downloads ("pinochle-" and the match's code, controller.js)
    controller = (ROOT / "pinochle" / "web" / "controller.js").read_text(encoding="utf-8")
    assert 'setAttribute("download", `pinochle-${h0.match}.json`)' in controller
    command = next(b for b in blocks if "pinochle verify" in b)
    assert re.fullmatch(r"\.venv/bin/pinochle verify ~/Downloads/pinochle-[A-Za-z0-9_-]{16}\.json", command), command
    # what the browser's check proved, and what is left to the command
    assert "Seal matches" in html and "not changed" in html and "second check" in html


def test_the_line_it_prints_for_a_fair_deal_is_the_commands(tmp_path: Path) -> None:
    record = sealed_record("table", None, seed=20261205, hands=3)
    path = tmp_path / "pinochle-Xy3k9QaB2mPzR7tW.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = io.StringIO()
    assert main(["verify", str(path)], stdout=out) == 0
    printed = out.getvalue().strip()
    shown = next(b for b in code_blocks(page_text(tmp_path)) if b.startswith("{"))
    # the same line, but for the number of hands
    assert re.sub(r"\d+", "N", printed) == re.sub(r"\d+", "N", shown), (printed, shown)
    assert json.loads(printed) == {"verified": True, "hands": len(record["hands"])}


def test_the_players_words_are_a_players(tmp_path: Path) -> None:
    """No programmers' terms outside the commands and the link to the record format."""
    html = page_text(tmp_path)
    body = html.split("<h1", 1)[1]
    prose = re.sub(r"<pre.*?</pre>|<code>.*?</code>|<a [^>]*>.*?</a>|<[^>]+>", " ", body, flags=re.S)
    for word in ("SHA", "JSON", "venv", "pip", "hash", "commitment", "sha256sum", "RECORD"):
        assert word not in prose, word
