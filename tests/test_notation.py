"""Every way players write cards is read by one reader; output never
crashes on the terminal's encoding; refusals name their true reason; hands are
numbered from 1 everywhere (docs/rules.md, Notation; The auction; Choices).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.auction import parse_call
from pinochle.cards import CARDS, RANK_LABELS, RANK_LETTERS, SUIT_LETTERS, Card, Suit, parse_cards
from pinochle.cli import main
from pinochle.errors import BadCard, BadRecord, IllegalAction
from pinochle.game import Action, apply, new_match, turn, view
from pinochle.records import replay
from pinochle.terminal import play_match

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_HAND = ROOT / "docs" / "examples" / "hand.json"

# ---------------------------------------------------------------- every notation of every card

_BLACK = "♠♥♦♣"
_WHITE = "♤♡♢♧"
_EMOJI_SUIT = {1: "❤", 2: "◆"}
_PLAYING_SUIT = (0xA0, 0xB0, 0xC0, 0xD0)
_PLAYING_RANK = (0x9, 0xB, 0xD, 0xE, 0xA, 0x1)  # 9 J Q K 10 A


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)


def notations(card: Card) -> list[str]:
    """Every way of writing ``card`` that the reader must take (docs/rules.md, Notation)."""
    r, s = card.rank, card.suit
    ranks = [RANK_LETTERS[r], RANK_LETTERS[r].lower()] + (["10"] if r == 4 else [])
    suits = [SUIT_LETTERS[s], SUIT_LETTERS[s].lower(), _BLACK[s], _BLACK[s] + "\ufe0f", _BLACK[s] + "\ufe0e",
             _WHITE[s]] + ([_EMOJI_SUIT[s], _EMOJI_SUIT[s] + "\ufe0f"] if s in _EMOJI_SUIT else [])
    forms = [rank + suit for rank in ranks for suit in suits]
    forms += [_BLACK[s] + rank for rank in ranks] + [_BLACK[s] + "\ufe0f" + rank for rank in ranks]
    forms += [_fullwidth(rank + SUIT_LETTERS[s]) for rank in ranks] + [_fullwidth(rank) + _BLACK[s] for rank in ranks]
    forms.append(chr(0x1F000 + _PLAYING_SUIT[s] + _PLAYING_RANK[r]))
    return forms


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_every_card_in_every_notation_is_the_same_card(card: Card) -> None:
    forms = notations(card)
    assert len(forms) >= 20
    for text in forms:
        assert Card.parse(text) == card, text
        assert Card.parse(f" {text}\u00a0") == card, text


def test_suits_in_every_notation() -> None:
    for s in Suit:
        name = ("spades", "hearts", "diamonds", "clubs")[s]
        for text in (SUIT_LETTERS[s], SUIT_LETTERS[s].lower(), _BLACK[s], _BLACK[s] + "\ufe0f", _WHITE[s],
                     _fullwidth(SUIT_LETTERS[s]), name, name.upper(), name[:-1], f"\u3000{name.title()} "):
            assert Suit.parse(text) == s, text
    assert Suit.parse("❤️") == Suit.H and Suit.parse("◆") == Suit.D


_SEPARATORS = [" ", "  ", ",", ", ", ";", "\t", "\u00a0", "\u3000", "\u200b", "\uff0c", "\u3001", " ,\u2003"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(CARDS), st.integers(0, 10**6), st.sampled_from(_SEPARATORS)),
                min_size=1, max_size=20))
def test_any_hand_written_any_way_reads_back(items: list[tuple[Card, int, str]]) -> None:
    written = []
    for card, pick, sep in items:
        forms = notations(card)
        written.append(forms[pick % len(forms)] + sep)
    text = "".join(written)
    want = [card for card, _, _ in items]
    assert parse_cards(text) == want
    assert parse_cards([w.strip(" ,;\t\u00a0\u3000\u200b\uff0c\u3001\u2003") for w in written]) == want
    assert parse_cards(["".join(written[:1]), "".join(written[1:])] if len(written) > 1 else written) == want


@pytest.mark.parametrize("text", ["XS", "1S", "AX", "SA", "A\u017f", "A\u0131", "🂢", "🂬", "A", "10", "♠", "AS!"])
def test_non_cards_are_refused_with_what_is_read(text: str) -> None:
    with pytest.raises(BadCard) as err:
        Card.parse(text)
    assert str(err.value).startswith(f"unknown card '{text}': a card is a rank (A K Q J 9, and T or 10)")


def test_an_unreadable_token_is_shown_with_its_invisible_characters() -> None:
    with pytest.raises(BadCard) as err:
        parse_cards("AS A\u200dX KS")
    assert err.value.index == 1
    assert str(err.value).startswith("unknown card 'A\\u200dX': a card is")


# ---------------------------------------------------------------- the examples, command by command


def run(*argv: str, stdin: str = "") -> tuple[int, list[dict[str, object]]]:
    out = io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_phone_keyboard_cards_and_trump_read() -> None:
    # pinochle meld --trump S 'A♠️' 'K♠️' answered "unknown card" before
    code, out = run("meld", "--trump", "S", "A♠\ufe0f", "K♠\ufe0f", "Q♠\ufe0f")
    assert code == 0 and out == [{"total": 40, "melds": [{"name": "royal marriage", "points": 40, "cards": ["KS", "QS"]}]}]
    code, out = run("meld", "--trump", "♠\ufe0f", "KS", "QS")
    assert code == 0 and out[0]["total"] == 40


def test_every_command_reads_a_hand_the_same_way() -> None:
    pinochle = [{"total": 40, "melds": [{"name": "pinochle", "points": 40, "cards": ["QS", "JD"]}]}]
    assert run("meld", "--trump", "H", "QS JD") == (0, pinochle)  # one quoted hand, refused before
    assert run("meld", "--trump", "H", "QS,JD") == (0, pinochle)
    assert run("meld", "--trump", "H", "QS", "JD") == (0, pinochle)
    lines = "\n".join(json.dumps(r) for r in (
        {"trump": "H", "hand": "QS JD"}, {"trump": "H", "hand": ["QS", "JD"]}, {"trump": "H", "hand": ["QS JD"]},
        {"trump": "♥️", "hand": "Q♠️, J♦️"},
    ))
    assert run("meld", "-", stdin=lines) == (0, pinochle * 4)
    legal = (0, [{"legal": ["AS"]}])
    assert run("legal", "--trump", "H", "--hand", "AS 9S KH", "--trick", "TS") == legal
    assert run("legal", "--trump", "H", "--hand", "AS,9S;KH", "--trick", "10♠️") == legal
    assert run("legal", "-", stdin=json.dumps({"trump": "H", "hand": ["AS", "9S KH"], "trick": "TS"})) == legal


def test_a_bad_card_in_a_list_names_its_position_among_the_cards() -> None:
    code, out = run("meld", "--trump", "H", "QS JD", "KX")
    assert code == 1 and out[0]["error"] == {  # type: ignore[comparison-overlap]
        "field": "hand", "index": 2,
        "reason": "unknown card 'KX': a card is a rank (A K Q J 9, and T or 10) and a suit (S H D C, or ♠ ♥ ♦ ♣), "
                  "e.g. QS, 10♥ or q♠"}


def test_records_read_hands_and_play_as_strings_too() -> None:
    record = json.loads(EXAMPLE_HAND.read_text())
    want = replay(record)
    as_text = {**record, "hands": {s: " ".join(h) for s, h in record["hands"].items()}, "play": ", ".join(record["play"])}
    assert replay(as_text) == want
    phone = {**record, "hands": {s: [Card.parse(c).label + "\ufe0f" for c in h] for s, h in record["hands"].items()}}
    assert replay(phone) == want


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le-bom", "utf-16-be-bom", "utf-32", "crlf", "cr"])
def test_record_files_as_editors_save_them(tmp_path: Path, encoding: str) -> None:
    text = EXAMPLE_HAND.read_text()
    want = run("replay", str(EXAMPLE_HAND))
    if encoding == "crlf":
        data = text.replace("\n", "\r\n").encode()
    elif encoding == "cr":
        data = text.replace("\n", "\r").encode()
    elif encoding == "utf-16-le-bom":
        data = b"\xff\xfe" + text.encode("utf-16-le")
    elif encoding == "utf-16-be-bom":
        data = b"\xfe\xff" + text.encode("utf-16-be")
    else:
        data = text.encode(encoding)
    path = tmp_path / "hand.json"
    path.write_bytes(data)
    assert want[0] == 0 and run("replay", str(path)) == want


def test_json_lines_with_a_byte_order_mark_or_in_utf16() -> None:
    body = '{"trump": "H", "hand": "QS JD"}\r\n{"trump": "S", "hand": "KS QS"}\r\n'
    want = [40, 40]
    for data in ("\ufeff" + body).encode("utf-8"), body.encode("utf-16"):
        out = io.StringIO()
        stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
        assert main(["meld", "-"], stdin=stdin, stdout=out) == 0
        assert [json.loads(line)["total"] for line in out.getvalue().splitlines()] == want


# ---------------------------------------------------------------- output never crashes


def _pinochle(*argv: str, encoding: str, stdin: str = "") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "pinochle.cli", *argv], input=stdin.encode(), env=env,
                          capture_output=True, timeout=120, check=False)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp437"])
def test_json_output_is_valid_json_in_any_encoding(encoding: str) -> None:
    done = _pinochle("meld", "--trump", "H", "QS", "QS", "QS", encoding=encoding)
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert json.loads(done.stdout.decode("ascii")) == {
        "error": {"field": "hand", "index": 2, "reason": "a third Q♠: the deck has two of each card"}}
    done = _pinochle("meld", "--trump", "S", "AS", "TS", "KS", "QS", "JS", encoding=encoding)
    assert done.returncode == 0 and json.loads(done.stdout)["total"] == 150
    done = _pinochle("meld", "--help", encoding=encoding)
    assert done.returncode == 0 and b"Traceback" not in done.stderr and b"usage: pinochle meld" in done.stdout
    done = _pinochle("meld", "--bogus", encoding=encoding)
    assert done.returncode == 2 and json.loads(done.stdout.splitlines()[0])["error"]["field"] == "arguments"


def test_the_terminal_game_falls_back_to_suit_letters() -> None:
    done = _pinochle("play", "--seed", "3", encoding="ascii", stdin="\n" * 40 + "q\n")
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    text = done.stdout.decode("ascii")
    assert "Your hand: 10S QS  QH JH  AD AD KD QD  10C 10C JC 9C" in text
    assert "W names trump: D diamonds." in text and "Trick  1: W AS   N 9S   E KS   S QS" in text
    assert "You left the table." in text


def test_the_terminal_game_keeps_symbols_where_they_show() -> None:
    out = io.StringIO()
    play_match(seed=3, save=None, stdin=io.StringIO("q\n"), stdout=out)
    assert "Your hand: 10♠ Q♠  Q♥ J♥  A♦ A♦ K♦ Q♦  10♣ 10♣ J♣ 9♣" in out.getvalue()


# ---------------------------------------------------------------- refusals name their true reason


def test_a_huge_bid_is_refused_by_the_limit_not_its_form() -> None:
    state = new_match(seed=1)
    seat = turn(state)
    assert seat is not None
    for raw in (1000000010, "1000000010", 1.00000001e9, "1" + "0" * 5000):
        with pytest.raises(IllegalAction) as err:
            apply(state, Action.from_json({"type": "bid", "seat": str(seat), "bid": raw}))
        assert str(err.value).startswith("the highest bid is 10,000: ")
        assert "more than any side can take in one hand" in str(err.value)
    assert apply(state, Action.bid_(seat, 10_000)).version == 1
    for raw in (260.5, "26O", True, None, float("nan"), "2.6e2"):
        with pytest.raises(IllegalAction, match="a bid needs a whole number of points"):
            apply(state, Action.from_json({"type": "bid", "seat": str(seat), "bid": raw}))
    assert view(state, seat).legal.to_json()["bid"] == {"min": 250, "step": 10, "max": 10_000}


def test_a_record_with_a_huge_bid_names_the_limit() -> None:
    record = json.loads(EXAMPLE_HAND.read_text())
    record["auction"] = ["1000000010", *record["auction"][1:]]
    with pytest.raises(BadRecord) as err:
        replay(record)
    assert (err.value.field, err.value.index) == ("auction", 0)
    assert "the highest bid is 10,000: 1,000,000,010" in err.value.reason
    assert parse_call("２６０") == 260 and parse_call("P") is None


def test_the_terminal_names_the_bid_limit() -> None:
    out = io.StringIO()
    play_match(seed=3, save=None, stdin=io.StringIO("1000000010\n１０００００００１０\nq\n"), stdout=out)
    text = out.getvalue()
    assert text.count("Not allowed: the highest bid is 10,000: 1,000,000,010 is more than any side can take") == 2


@pytest.mark.parametrize(("argv", "reason"), [
    (["serve", "--port", "99999"], "argument --port: 99999 is out of range: give a whole number from 1 to 65535"),
    (["serve", "--port", "http"], "argument --port: 'http' is not a whole number: give a whole number from 1 to 65535"),
    (["serve", "--bot-delay", "nan"], "argument --bot-delay: 'nan' is not a finite number: give a number from 0 to 60 seconds"),
    (["serve", "--bot-delay", "-1"], "argument --bot-delay: -1 is out of range: give a number from 0 to 60 seconds"),
    (["serve", "--quick-timer", "5"],
     "argument --quick-timer: 5 is out of range: give a number from 10 to 300 seconds, or 0 for none"),
    (["serve", "--away-seconds", "1e9"],
     "argument --away-seconds: 1e9 is out of range: give a number from 1 to 86400 seconds, or 0 for never"),
    (["play", "--seed", "1" * 41], "argument --seed: a number of 41 digits is too long: give at most 40 digits"),
    (["play", "--seed", "x"], "argument --seed: 'x' is not a whole number"),
])
def test_command_line_numbers_name_their_range(argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert json.loads(capsys.readouterr().out)["error"] == {
        "field": "arguments", "index": None, "reason": f"pinochle {argv[0]}: {reason}"}


@pytest.mark.parametrize(("argv", "field", "reason"), [
    (["--workers", "1000"], "workers", "--workers is 1,000: give a whole number from 1 to 64"),
    (["--deals", "0"], "deals", "--deals is 0: give a whole number from 1 to 1,000,000"),
    (["--deals", "2000000"], "deals", "--deals is 2,000,000: give a whole number from 1 to 1,000,000"),
    (["--matches", "-1"], "matches", "--matches is -1: give a whole number from 0 to 100,000"),
])
def test_arena_counts_name_their_range(argv: list[str], field: str, reason: str) -> None:
    code, out = run("arena", "--a", "easy", "--b", "easy", *argv, "--json")
    assert code == 1 and out[0]["error"] == {"field": field, "index": None, "reason": reason}  # type: ignore[comparison-overlap]


# ---------------------------------------------------------------- one numbering


def test_hands_are_numbered_from_1_in_the_view_the_terminal_and_the_history() -> None:
    state = new_match(seed=3)
    assert view(state, 0).hand_number == 1 and view(state, 0).to_json()["hand_number"] == 1
    out = io.StringIO()
    play_match(seed=3, save=None, stdin=io.StringIO(""), stdout=out)
    assert "Hand 1   dealer E" in out.getvalue() and "Hand 0" not in out.getvalue()
    from pinochle.game import legal_actions

    while state.phase != "hand_end":
        state = apply(state, legal_actions(state)[-1])  # passes, then the first trump and cards
    done = state
    assert done.history[0].number == 1 and done.history[0].summary()["number"] == 1
    assert view(done, 0).to_json()["last_hand"]["number"] == 1  # type: ignore[index]


def test_rank_labels_are_what_the_terminal_shows() -> None:
    assert RANK_LABELS == ("9", "J", "Q", "K", "10", "A")


# ---------------------------------------------------------------- the README's test command sets up


def test_without_chromium_the_test_command_says_what_is_missing(tmp_path: Path) -> None:
    env = {**os.environ, "CHROMIUM": str(tmp_path / "no-chromium"), "APT_GET": str(tmp_path / "no-apt-get")}
    done = subprocess.run(["sh", str(ROOT / "scripts" / "need-chromium")], env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 3
    assert done.stderr.startswith(f"Missing: Debian's Chromium at {tmp_path / 'no-chromium'}")
    assert "sudo apt-get install chromium" in done.stderr


def test_with_chromium_the_check_passes_quietly() -> None:
    done = subprocess.run(["sh", str(ROOT / "scripts" / "need-chromium")], capture_output=True, text=True,
                          timeout=600, check=False)
    assert (done.returncode, done.stderr) == (0, "")


def test_the_readme_test_command_is_what_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "\n```\nsh scripts/test\n```\n" in readme
    assert (ROOT / ".ci" / "run").read_text().rstrip().endswith("exec sh scripts/test")


def test_each_card_type_is_one_instance_and_every_other_index_is_refused() -> None:
    """``Card(n)`` hands out one instance per card type (fewer objects for the garbage collector in a
    server's states and views; docs/server.md, "Leaner"); it is still the int ``n``, and a bad index is still refused."""
    import pickle

    from pinochle.cards import CARDS, BadCard, Card

    for n in range(24):
        assert Card(n) is Card(n) is CARDS[n] is Card.parse(str(CARDS[n]))
        assert Card(n) == n and int(Card(n)) == n and type(Card(n)) is Card
        assert pickle.loads(pickle.dumps(Card(n))) is Card(n)
    assert Card(True) is Card(1)
    for bad in (-1, 24, 25, -24, 10**20):
        with pytest.raises(BadCard, match="out of range 0..23"):
            Card(bad)
