"""The engineering specification as pages: ``docs/rules.md`` (and ``docs/games/``) rendered as HTML.

These pages are for developers (the README links them); players read each game's
rules in :mod:`.howto`, which renders its pages with :func:`rules_page` and
:func:`rules_article` too.

The Markdown is rendered by markdown-it-py (CommonMark plus GitHub-style
tables) with raw HTML switched off, so whatever the source holds is shown as
text and never reaches the page as markup. On top of the plain rendering the
page gets:

* exactly one ``<h1>`` (the first level-one heading of the source; any later
  one becomes an ``<h2>``, and a source without one gets a default heading);
* an ``id`` on every section heading and an "On this page" list of links to
  the ``##`` sections;
* every table inside a labelled, keyboard-focusable region (so a wide table
  scrolls on a phone without scrolling the page), with ``scope="col"`` on its
  header cells;
* the machine-checked ``example`` blocks of the page (see
  ``tests/test_rules_doc.py``) kept verbatim as code, under a caption saying
  that they are worked examples checked by the tests;
* a "Back to the table" link to ``/``, a skip link and ``/static/rules.css``.

The page also loads ``/static/settings.js`` to apply the player's saved
theme (``data-theme`` on ``<html>``); without it the page follows the system.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

RULES_MD: Path = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
"""Where ``docs/rules.md`` lives in a source checkout (the repository root's ``docs``)."""

DEFAULT_TITLE = "Pinochle rules"
EXAMPLE_CAPTION = "Worked examples (checked by the tests)"

_SLUG_DROP = re.compile(r"[^\w\s-]", re.UNICODE)
_SLUG_SPACE = re.compile(r"[\s_-]+")


def rules_markdown() -> str:
    """Read ``docs/rules.md`` from the source tree.

    Returns:
        The page's Markdown text (UTF-8).

    Raises:
        OSError: the file is not there (for instance in an installed wheel,
            which does not ship ``docs/``).
    """
    return RULES_MD.read_text(encoding="utf-8")


def _parser() -> MarkdownIt:
    """A CommonMark parser with tables, raw HTML off and no typographic changes."""
    return MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")


def _inline_text(token: Token) -> str:
    """The plain text of an ``inline`` token (code spans included, markup dropped).

    Args:
        token: an ``inline`` token from the parser.

    Returns:
        Its text, with runs of whitespace collapsed to one blank.
    """
    parts: list[str] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return " ".join("".join(parts).split())


def _slug(text: str, taken: set[str]) -> str:
    """A unique fragment id made from a heading's text.

    Args:
        text: the heading's plain text.
        taken: ids already used on the page; the new id is added to it.

    Returns:
        A lower-case id of letters, digits and hyphens, unique on the page.

    >>> taken: set[str] = set()
    >>> _slug("The auction", taken), _slug("The auction", taken), _slug("Kinds: one card?", taken)
    ('the-auction', 'the-auction-2', 'kinds-one-card')
    """
    base = _SLUG_SPACE.sub("-", _SLUG_DROP.sub("", text.lower())).strip("-") or "section"
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    taken.add(slug)
    return slug


def _html_block(content: str) -> Token:
    """A token the renderer copies to the page as it is (markup we wrote ourselves)."""
    token = Token("html_block", "", 0)
    token.content = content
    token.block = True
    return token


def _table_label(tokens: list[Token], start: int) -> str:
    """A spoken name for the table opening at ``tokens[start]``: its column headers.

    Args:
        tokens: the page's block tokens.
        start: index of a ``table_open`` token.

    Returns:
        For example ``"Table: meld, made of, points"``.
    """
    headers: list[str] = []
    for i in range(start + 1, len(tokens)):
        if tokens[i].type in ("thead_close", "table_close"):
            break
        if tokens[i].type == "th_open" and i + 1 < len(tokens) and tokens[i + 1].type == "inline":
            headers.append(_inline_text(tokens[i + 1]))
    return "Table: " + ", ".join(h for h in headers if h) if headers else "Table"


def _rework(tokens: list[Token]) -> tuple[list[Token], str, list[tuple[str, str]]]:
    """Adjust the parsed page: one h1, heading ids, table regions, example captions.

    Args:
        tokens: the block tokens from :meth:`MarkdownIt.parse`.

    Returns:
        The new token list, the page title (the h1's text) and the ``(id, text)``
        of each level-two section, for the list of contents.
    """
    out: list[Token] = []
    title = ""
    sections: list[tuple[str, str]] = []
    ids: set[str] = {"main", "contents-title"}
    demoted = False
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            text = _inline_text(tokens[i + 1]) if i + 1 < len(tokens) else ""
            demoted = tok.tag == "h1" and bool(title)
            if tok.tag == "h1":
                if demoted:
                    tok.tag = "h2"
                else:
                    title = text or DEFAULT_TITLE
            if tok.tag != "h1":
                slug = _slug(text, ids)
                tok.attrSet("id", slug)
                if tok.tag == "h2":
                    sections.append((slug, text))
        elif tok.type == "heading_close" and tok.tag == "h1" and demoted:
            tok.tag = "h2"
        elif tok.type == "table_open":
            label = html.escape(_table_label(tokens, i), quote=True)
            out.append(_html_block(f'<div class="table-wrap" role="region" tabindex="0" aria-label="{label}">\n'))
        elif tok.type == "th_open":
            tok.attrSet("scope", "col")
        elif tok.type == "fence" and tok.info.strip().split(maxsplit=1)[:1] == ["example"]:
            out.append(_html_block(f'<figure class="examples">\n<figcaption>{html.escape(EXAMPLE_CAPTION)}</figcaption>\n'))
            out.append(tok)
            out.append(_html_block("</figure>\n"))
            continue
        out.append(tok)
        if tok.type == "table_close":
            out.append(_html_block("</div>\n"))
    return out, title, sections


def rules_page(markdown_text: str, skip: str = "Skip to the rules") -> str:
    """Render the rules (Markdown) as a complete, standalone, accessible HTML page.

    Args:
        markdown_text: the Markdown of the rules, normally :func:`rules_markdown`.
            Raw HTML in it is escaped, never passed through.
        skip: the text of the skip link (the "How to play" pages say their own).

    Returns:
        A whole HTML document (``<!DOCTYPE html>`` to ``</html>``) in English,
        titled after the source's first level-one heading, with one ``<h1>``,
        a "Back to the table" link to ``/`` and ``/static/rules.css``.

    >>> page = rules_page("# Rules\\n\\n| a | b |\\n|---|---|\\n| 1 | <b>2</b> |\\n")
    >>> page.count("<h1"), '<th scope="col">a</th>' in page, "&lt;b&gt;2&lt;/b&gt;" in page
    (1, True, True)
    >>> "<title>Rules · Pinochle</title>" in page
    True
    """
    title, body = rules_article(markdown_text)
    page_title = html.escape(f"{title} · Pinochle")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{page_title}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/rules.css">
<script type="module" src="/static/rules-page.js"></script>
</head>
<body>
<a class="skip-link" href="#main">{html.escape(skip)}</a>
<header class="topbar">
<a class="back" href="/">Back to the table</a>
</header>
<main id="main" tabindex="-1">
<article class="rules">
{body}</article>
</main>
<footer class="bottombar">
<a class="back" href="/">Back to the table</a>
</footer>
</body>
</html>
"""


def rules_article(markdown_text: str) -> tuple[str, str]:
    """The title and the article's HTML of a rules page (what :func:`rules_page` puts in ``<article>``).

    Args:
        markdown_text: the page's Markdown; raw HTML in it is escaped.

    Returns:
        ``(title, body)``: the text of the page's one ``<h1>``, and the HTML from
        that ``<h1>`` to the end (its "On this page" list right after the ``<h1>``).

    >>> title, body = rules_article("# Rules\\n\\n## One\\n\\n## Two\\n")
    >>> title, body.startswith("<h1>Rules</h1>"), 'href="#one"' in body
    ('Rules', True, True)
    """
    md = _parser()
    tokens, title, sections = _rework(md.parse(markdown_text))
    body = md.renderer.render(tokens, md.options, {})
    if not title:
        title = DEFAULT_TITLE
        body = f"<h1>{html.escape(title)}</h1>\n{body}"
    contents = ""
    if len(sections) > 1:
        items = "\n".join(f'<li><a href="#{slug}">{html.escape(text)}</a></li>' for slug, text in sections)
        contents = (
            '<nav class="contents" aria-labelledby="contents-title">\n'
            '<h2 id="contents-title">On this page</h2>\n'
            f"<ul>\n{items}\n</ul>\n</nav>\n"
        )
    # The h1 is the article's first element; the contents go right after it.
    h1_end = body.find("</h1>")
    if contents and h1_end >= 0:
        cut = h1_end + len("</h1>\n")
        body = body[:cut] + contents + body[cut:]
    else:
        body = contents + body
    return title, body


_DOC_LINK = re.compile(r"\]\((?:\.\./)?(games/)?([a-z-]+)\.md(#[\w-]*)?\)")


def _in_app_links(markdown_text: str) -> str:
    """Links between the rules pages made in-app: ``games/NAME.md`` → ``/rules/games/NAME``,
    ``rules.md`` → ``/rules``; any other document (records.md, design.md) → ``/rules/doc/NAME``."""
    def link(m: re.Match[str]) -> str:
        games, name, anchor = m.group(1), m.group(2), m.group(3) or ""
        if games:
            return f"](/rules/games/{name}{anchor})"
        return f"](/rules{anchor})" if name == "rules" else f"](/rules/doc/{name}{anchor})"

    return _DOC_LINK.sub(link, markdown_text)


def rules_html(game: str | None = None) -> str:
    """The rules page for ``docs/rules.md``, or for ``docs/games/GAME.md`` (:func:`rules_page`).

    Args:
        game: a game's name (its page in ``docs/games/``), or ``None`` for the table's rules.

    Returns:
        The whole HTML document, its links to other rules pages made in-app.

    Raises:
        OSError: no such page (an unknown game, or an installation without ``docs/``).
    """
    if game is None:
        return rules_page(_in_app_links(rules_markdown()))
    if not re.fullmatch(r"[a-z-]{1,40}", game):
        raise FileNotFoundError(game)
    path = RULES_MD.parent / "games" / f"{game}.md"
    return rules_page(_in_app_links(path.read_text(encoding="utf-8")))


def doc_html(name: str) -> str:
    """``docs/NAME.md`` (records, design...) as an in-app page.

    Raises:
        OSError: no such document.
    """
    if not re.fullmatch(r"[a-z-]{1,40}", name):
        raise FileNotFoundError(name)
    return rules_page(_in_app_links((RULES_MD.parent / f"{name}.md").read_text(encoding="utf-8")))
