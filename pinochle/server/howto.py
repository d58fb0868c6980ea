"""The "How to play" pages: one page per game, in plain words for a player.

Each playable game of :data:`pinochle.games.GAMES` has its own Markdown page in
``pinochle/howto/<game>.md``, served at ``/how-to-play/<game>`` (``/how-to-play``
alone is ``table.md``, the four-handed partnership game of ``docs/rules.md``).
The other pages (every other game seated at the table, two-handed included)
say in plain words what differs from the table game,
link to ``/how-to-play`` for the rest and to the game's complete rules at
``/rules/games/<game>``; their numbers (bids, target, meld, counters) are the
engine's, checked against each game's ``RuleSet`` by ``tests/test_help.py``. A
game added later adds its own file. The engineering specification stays in
``docs/rules.md`` (served at ``/rules``) and ``docs/games/<game>.md`` (served at
``/rules/games/<game>``).

The browser holds no rules: at a table it only builds the link
``/how-to-play/<game>`` from the game's name in the view.

A page is rendered like the rules page (:func:`~.help.rules_page`: raw HTML
escaped, one ``<h1>``, tables in labelled regions, theme applied), and on top
of it an inline code span ``cards: AS TS KS`` becomes a picture of those cards
(card faces drawn with text, named for screen readers: "Ace of spades, ...").
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from .help import rules_page

HOWTO_DIR: Path = Path(__file__).resolve().parent.parent / "howto"
"""Where the pages live (shipped with the package)."""

DEFAULT_GAME = "table"
_GAME = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
_CARDS = re.compile(r"<code>cards: ([^<]*)</code>")
_CARD = re.compile(r"^([AKQJT9])([SHDC])$")
_RANK = {"A": ("A", "Ace"), "T": ("10", "Ten"), "K": ("K", "King"), "Q": ("Q", "Queen"), "J": ("J", "Jack"),
         "9": ("9", "Nine")}
_SUIT = {"S": ("♠", "spades", "black"), "H": ("♥", "hearts", "red"), "D": ("♦", "diamonds", "red"),
         "C": ("♣", "clubs", "black")}
VS = "\ufe0e"  # text presentation: keep ♥ ♦ from turning into emoji


def games() -> list[str]:
    """The games that have a page, by name (``table`` first)."""
    names = sorted(p.stem for p in HOWTO_DIR.glob("*.md") if _GAME.match(p.stem))
    return sorted(names, key=lambda n: n != DEFAULT_GAME)


def cards_picture(tokens: str) -> str:
    """The HTML picture of cards written as tokens (``"AS TS"``); unknown tokens stay as text.

    >>> print(cards_picture("QS JD"))  # doctest: +NORMALIZE_WHITESPACE
    <span class="cards" role="img" aria-label="Queen of spades, Jack of diamonds"><span class="pic black"
    aria-hidden="true"><b>Q</b><i>♠︎</i></span><span class="pic red" aria-hidden="true"><b>J</b><i>♦︎</i></span></span>
    """
    faces = []
    names = []
    for tok in tokens.split():
        m = _CARD.match(tok)
        if m is None:
            return f"<code>{html.escape(tokens)}</code>"
        (rank, rank_name), (sym, suit_name, colour) = _RANK[m.group(1)], _SUIT[m.group(2)]
        faces.append(f'<span class="pic {colour}" aria-hidden="true"><b>{rank}</b><i>{sym}{VS}</i></span>')
        names.append(f"{rank_name} of {suit_name}")
    label = html.escape(", ".join(names))
    return f'<span class="cards" role="img" aria-label="{label}">{"".join(faces)}</span>'


def howto_page(markdown_text: str) -> str:
    """A whole HTML page for a game's Markdown, with its cards pictured."""
    page = rules_page(markdown_text, skip="Skip to how to play")
    return _CARDS.sub(lambda m: cards_picture(html.unescape(m.group(1))), page)


def howto_html(game: str = DEFAULT_GAME) -> str:
    """The "How to play" page of ``game``.

    Raises:
        KeyError: no page for that game.
    """
    if not _GAME.match(game) or not (HOWTO_DIR / f"{game}.md").is_file():
        raise KeyError(game)
    return howto_page((HOWTO_DIR / f"{game}.md").read_text(encoding="utf-8"))
