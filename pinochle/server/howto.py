"""The players' rules: one page per game, in plain words, from the deal to the end of the match.

Each playable game of :data:`pinochle.games.GAMES` has its own Markdown page in
``pinochle/howto/<game>.md``, served at ``/how-to-play/<game>`` (``/how-to-play``
alone is ``table.md``, the four-handed partnership game of ``docs/rules.md``).
Each page is the whole game for a player: the deal, the auction, trump and the
meld table, the play, the scoring and the end of the match, each with a small
example. The other games' pages start by saying what differs from the table
game. Their numbers (bids, target, meld, counters) are the engine's: the meld
table is made from the game's ``RuleSet`` (below), and ``tests/test_help.py``
checks every other number against it and scores every pictured meld with
:func:`pinochle.meld.meld`. A game added later adds its own file.

The engineering specification, with its test examples, stays for developers in
``docs/rules.md`` (served at ``/rules``) and ``docs/games/<game>.md`` (served at
``/rules/games/<game>``); no page for players links there.

The browser holds no rules: at a table it only builds the link
``/how-to-play/<game>`` from the game's name in the view.

A page is rendered like the rules page (:func:`~.help.rules_page`: raw HTML
escaped, one ``<h1>``, tables in labelled regions, theme applied), and on top
of it an inline code span ``cards: AS TS KS`` becomes a picture of those cards
(card faces drawn with text, named for screen readers: "Ace of spades, ...").

A page never types its meld table: a line ``{{meld table}}`` in its Markdown
becomes the game's table, made from the game's :class:`~pinochle.rules.RuleSet`
(:func:`meld_table`), so the points on the page are the points the game scores.

The same page is also served as an article for the table's Rules dialog
(:func:`howto_article`, ``GET /how-to-play/<game>/article``): the table opens
the rules over the game instead of leaving it, so reading them never closes the
socket (in a room or Quick Match a closed socket marks the player away).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from ..cards import DECKS
from ..games import GAMES
from ..rules import RuleSet, run_row
from .help import rules_article, rules_page

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
    names = sorted(p.stem for p in HOWTO_DIR.glob("*.md") if _GAME.match(p.stem) and p.stem in GAMES)
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


def _pictured(page: str) -> str:
    """``page`` with every ``cards: ...`` code span drawn as cards (:func:`cards_picture`)."""
    return _CARDS.sub(lambda m: cards_picture(html.unescape(m.group(1))), page)


def howto_page(markdown_text: str) -> str:
    """A whole HTML page for a game's Markdown, with its cards pictured."""
    return _pictured(rules_page(markdown_text, skip="Skip to how to play"))


_COPIES_WORD = {2: "two", 3: "three", 4: "four"}
_ALL_WORD = {2: "all eight", 3: "all twelve", 4: "all sixteen"}
_RANK_WORD = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "T": "tens", "9": "nines"}
MELD_TABLE = "{{meld table}}"
"""The line of a page's Markdown that becomes the game's meld table (:func:`meld_table`)."""


def meld_table(rules: RuleSet) -> str:
    """The meld table of a game, as Markdown: every meld the rule set scores, with its cards and points.

    The names and points are the rule set's meld rows (the very values the game
    scores with, :mod:`pinochle.meld`); the cards are an example with spades
    trump. A row of a meld row that is several melds at once (the double deck's
    three runs under ``triple_run=double-and-run``: a double run and a run) is said
    in a sentence under the table.
    A dix worth nothing (a deck without nines) is left out.

    >>> from pinochle.rules import TABLE
    >>> print(meld_table(TABLE).splitlines()[2])
    | run | `cards: AS TS KS QS JS` | 150 |
    """
    rows: list[tuple[str, str, str]] = []
    combos: list[str] = []

    def tiers(row: tuple[tuple[tuple[str, int], ...], ...], what: str) -> list[tuple[int, str, int]]:
        """``(copies, name, points)`` of each one-meld tier; a several-meld tier goes to ``combos``.

        ``what`` says the cards of a tier, ``{n}`` standing for the number of copies."""
        out = []
        for copies, tier in enumerate(row, start=1):
            if len(tier) == 1:
                out.append((copies, tier[0][0], tier[0][1]))
                continue
            names = [n for n, _ in tier]
            if len(set(names)) == 1:
                plural = names[0] if names[0].endswith("s") else names[0] + "s"
                parts = f"{_COPIES_WORD.get(len(names), str(len(names)))} {plural}"
            else:
                parts = " and ".join(f"a {n}" for n in names)
            combos.append(f"{what.format(n=_COPIES_WORD.get(copies, str(copies))).capitalize()} "
                          f"score as {parts}: {sum(p for _, p in tier)}.")
        return out

    for copies, name, points in tiers(run_row(rules), "{n} of each run card"):
        cards = "`cards: AS TS KS QS JS`" if copies == 1 else f"{_COPIES_WORD[copies]} of each run card"
        rows.append((name, cards, str(points)))
    rows.append(("royal marriage (king and queen of trump)", "`cards: KS QS`", str(rules.royal_marriage)))
    rows.append(("marriage (king and queen of another suit)", "`cards: KH QH`", str(rules.marriage)))
    if rules.dix:
        rows.append(("dix (a nine of trump, each one)", "`cards: 9S`", str(rules.dix)))
    for copies, name, points in tiers(rules.pinochle, "{n} pinochles"):
        rows.append((name, "`cards: " + " ".join(["QS"] * copies + ["JD"] * copies) + "`", str(points)))
    around_tiers = [(letter, tiers(row, "{n} " + _RANK_WORD[letter] + " in every suit"))
                    for letter, row in rules.arounds]
    for letter, found in around_tiers:
        for copies, name, points in found:
            if copies == 1:
                rows.append((name, "`cards: " + " ".join(f"{letter}{s}" for s in "SHDC") + "`", str(points)))
    # the rows of two or more of each: one row for all ranks whose melds share a word ("double aces, kings")
    most = max((c for _, found in around_tiers for c, _, _ in found), default=1)
    for copies in range(2, most + 1):
        same = [(letter, name, points) for letter, found in around_tiers for c, name, points in found if c == copies]
        words = {name.split()[0] for _, name, _ in same}
        if len(same) > 1 and len(words) == 1:
            word = words.pop()
            names = ", ".join(name.split(maxsplit=1)[1] for _, name, _ in same)
            rows.append((f"{word} {names}", _ALL_WORD.get(copies, f"{copies} of each"), ", ".join(str(p) for _, _, p in same)))
        else:
            for letter, name, points in same:
                rows.append((name, f"{_COPIES_WORD.get(copies, str(copies))} {_RANK_WORD[letter]} in every suit",
                             str(points)))
    lines = ["| meld | cards (trump ♠ here) | points |", "|---|---|---|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return "\n".join(lines) + "\n" + ("\n" + " ".join(combos) + "\n" if combos else "")


def howto_markdown(game: str = DEFAULT_GAME) -> str:
    """The Markdown of ``game``'s page, its ``{{meld table}}`` line made the game's own (:func:`meld_table`).

    Raises:
        KeyError: no page for that game.
    """
    if not _GAME.match(game) or not (HOWTO_DIR / f"{game}.md").is_file():
        raise KeyError(game)
    text = (HOWTO_DIR / f"{game}.md").read_text(encoding="utf-8")
    if MELD_TABLE in text:
        text = text.replace(MELD_TABLE, meld_table(GAMES[game].rules).rstrip("\n"))
    return text


FAIR_DEAL = "fair-deal"
"""The page that tells players how the shuffle is sealed and checked (``/how-to-play/fair-deal``)."""


def fair_deal_html() -> str:
    """The player's page on the sealed shuffle (pinochle/howto/fair-deal.md; docs/records.md, "A verifiable
    shuffle", is its specification)."""
    return howto_page((HOWTO_DIR / f"{FAIR_DEAL}.md").read_text(encoding="utf-8"))


def howto_html(game: str = DEFAULT_GAME) -> str:
    """The "How to play" page of ``game``.

    Raises:
        KeyError: no page for that game.
    """
    return howto_page(howto_markdown(game))


_ID = re.compile(r'\b(id|aria-labelledby)="([^"]+)"|href="#([^"]+)"')
_HEADING = re.compile(r"<(/?)h([2-5])\b")


def howto_article(game: str = DEFAULT_GAME) -> dict[str, str]:
    """``game``'s page as a part of another page: the table's Rules dialog.

    Returns:
        ``{"title": the page's heading, "html": the article}``. The article is
        the page without its ``<h1>`` (the dialog's own heading says it), its
        other headings one level down (under the dialog's ``<h2>``), and every
        ``id`` (and the links and labels naming one) prefixed ``rules-`` so that
        none can clash with the table's own.

    Raises:
        KeyError: no page for that game.

    >>> a = howto_article("table")
    >>> a["title"], "<h1" in a["html"], 'id="rules-the-auction"' in a["html"], 'href="#rules-scoring"' in a["html"]
    ('How to play Pinochle', False, True, True)
    """
    title, body = rules_article(howto_markdown(game))
    body = body[body.index("</h1>") + len("</h1>"):].lstrip("\n") if "</h1>" in body else body

    def prefix(m: re.Match[str]) -> str:
        if m.group(3) is not None:
            return f'href="#rules-{m.group(3)}"'
        return f'{m.group(1)}="rules-{m.group(2)}"'

    body = _HEADING.sub(lambda m: f"<{m.group(1)}h{int(m.group(2)) + 1}", _ID.sub(prefix, body))
    return {"title": title, "html": _pictured(body)}
