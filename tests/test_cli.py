"""The `pinochle` command: answers, JSON Lines, and a clear error for every bad input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pinochle.cli import main
from pinochle.errors import IllegalAction
from pinochle.game import Action, apply, new_match, turn
from pinochle.records import hand_record, match_record, replay

from .support import random_match


def run(*argv: str, stdin: str = "") -> tuple[int, list[dict[str, object]]]:
    out = io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_meld_prints_the_example_of_the_issue() -> None:
    code, out = run("meld", "--trump", "S", "AS", "TS", "KS", "QS", "JS")
    assert code == 0
    assert out == [{"total": 150, "melds": [{"name": "run", "points": 150, "cards": ["AS", "TS", "KS", "QS", "JS"]}]}]


def test_meld_accepts_ten_and_symbols_and_any_case() -> None:
    code, out = run("meld", "--trump", "♠", "a♠", "10♠", "ks", "Q♠", "JS", "9s")
    assert code == 0
    assert out[0]["total"] == 160
    assert [m["name"] for m in out[0]["melds"]] == ["run", "dix"]  # type: ignore[union-attr,index]


def test_meld_double_run_is_1500_and_names_are_lower_case() -> None:
    code, out = run("meld", "--trump", "H", *"AH TH KH QH JH AH TH KH QH JH".split())
    assert out[0] == {
        "total": 1500,
        "melds": [{"name": "double run", "points": 1500, "cards": "AH AH TH TH KH KH QH QH JH JH".split()}],
    }


def test_legal_prints_the_example_of_the_issue() -> None:
    assert run("legal", "--trump", "H", "--hand", "AS 9S KH", "--trick", "TS") == (0, [{"legal": ["AS"]}])


def test_legal_lead_is_any_card() -> None:
    code, out = run("legal", "--trump", "H", "--hand", "AS 9S KH KH")
    assert code == 0 and sorted(out[0]["legal"]) == ["9S", "AS", "KH"]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("argv", "field", "needle"),
    [
        (["meld", "--trump", "S", "AS", "XS"], "hand", "unknown card 'XS'"),
        (["meld", "--trump", "S", *["AS", "AH", "AD", "AC", "TS", "TH", "TD", "TC", "KS", "KH", "KD", "KC", "QS"]], "hand", "13 cards"),
        (["meld", "--trump", "S", "AS", "AS", "AS"], "hand", "a third A♠"),
        (["meld", "--trump", "X", "AS"], "trump", "unknown suit"),
        (["meld", "AS"], "trump", "name the trump suit"),
        (["legal", "--trump", "H", "--hand", "AS 9S", "--trick", "TS TS TS TS"], "trick", "4 cards"),
        (["legal", "--trump", "H", "--hand", "AS AS", "--trick", "AS"], "trick", "a third A♠"),
        (["legal", "--trump", "H", "--hand", ""], "hand", "0 cards"),
    ],
)
def test_bad_requests_get_a_clear_error(argv: list[str], field: str, needle: str) -> None:
    code, out = run(*argv)
    assert code == 1
    err = out[0]["error"]
    assert isinstance(err, dict)
    assert err["field"] == field
    assert needle in str(err["reason"])


def test_meld_jsonl_answers_each_line_and_survives_bad_lines() -> None:
    lines = "\n".join([
        json.dumps({"trump": "S", "hand": "AS TS KS QS JS KS"}),
        "not json",
        json.dumps({"trump": "S", "hand": ["AS", "ZZ"]}),
        json.dumps(["a list"]),
        json.dumps({"trump": "D", "hand": ["QS", "JD"]}),
    ])
    code, out = run("meld", "-", stdin=lines)
    assert code == 1
    assert len(out) == 5
    assert out[0]["total"] == 190
    assert "error" in out[1] and "error" in out[2] and "error" in out[3]
    assert out[4] == {"total": 40, "melds": [{"name": "pinochle", "points": 40, "cards": ["QS", "JD"]}]}


def test_legal_jsonl() -> None:
    lines = json.dumps({"trump": "H", "hand": "AS 9S KH", "trick": "TS"}) + "\n" + json.dumps({"trump": "H", "hand": "9S KH", "trick": ["AD"]})
    code, out = run("legal", "-", stdin=lines)
    assert code == 0
    assert out == [{"legal": ["AS"]}, {"legal": ["KH"]}]


def test_legal_jsonl_takes_house_rules_from_the_command_line_and_from_each_line() -> None:
    """Found by a review: JSON Lines ignored ``--rule`` (even a bogus one) and a line's ``rules``."""
    line = {"trump": "H", "hand": "AS 9S KH", "trick": "TS"}
    one_shot = run("legal", "--trump", "H", "--hand", "AS 9S KH", "--trick", "TS", "--rule", "must_beat=never")[1]
    assert one_shot == [{"legal": ["AS", "9S"]}]
    assert run("legal", "-", "--rule", "must_beat=never", stdin=json.dumps(line))[1] == one_shot
    lines = "\n".join(json.dumps(d) for d in (line, {**line, "rules": {"must_beat": "never"}},
                                                {**line, "rules": ["must_beat=never"]}))
    code, out = run("legal", "-", stdin=lines)
    assert out[0] == {"legal": ["AS"]} and out[1] == {"legal": ["AS", "9S"]}
    assert out[2]["error"]["field"] == "rules"  # type: ignore[index]
    code, out = run("legal", "-", "--rule", "bogus=1", stdin=json.dumps(line))
    assert "unknown house rule 'bogus'" in out[0]["error"]["reason"]  # type: ignore[index]


def test_replay_hand_and_match(tmp_path: Path) -> None:
    final = random_match(5)
    rec = match_record(final)
    f = tmp_path / "match.json"
    f.write_text(json.dumps(rec))
    code, out = run("replay", str(f))
    assert code == 0
    assert out[0]["totals"] == {"NS": final.totals[0], "EW": final.totals[1]}
    h = tmp_path / "hand.json"
    h.write_text(json.dumps(rec["hands"][0]))  # type: ignore[index]
    code, out = run("replay", str(h))
    assert code == 0
    assert set(out[0]) == {"declarer", "bid", "trump", "meld", "tricks", "counters", "made", "score"}
    first = final.history[0].score
    assert out[0]["score"] == {"NS": first.score[0], "EW": first.score[1]}


def test_a_match_refuses_hands_of_another_scale_rules_or_size_and_checks_an_empty_match() -> None:
    """Found by a review: a match replayed its hands by the match's scale and house rules whatever the
    hands said, and an empty match was answered unchecked, in the table game's shape."""
    from pinochle.errors import BadRecord

    rec = match_record(random_match(5, max_hands=2))
    for key, value in (("scale", "ones"), ("rules", {"min_bid": "300"}), ("players", 5)):
        bad = json.loads(json.dumps(rec))
        bad["hands"][1][key] = value
        with pytest.raises(BadRecord) as err:
            replay(bad)
        assert (err.value.field, err.value.hand) == (key, 2) and "every hand of a match" in str(err.value)
    assert replay({"game": "cutthroat", "hands": []})["totals"] == {"E": 0, "S": 0, "W": 0}
    assert replay({"game": "auction", "players": 4, "hands": []}) == {
        "hands": [], "players": 4, "totals": [0, 0, 0, 0], "winner": None}
    for bad_match, field in (({"game": "auction", "players": 9, "hands": []}, "players"),
                             ({"scale": "metric", "hands": []}, "scale"), ({"rules": {"x": 1}, "hands": []}, "rules")):
        with pytest.raises(BadRecord) as err:
            replay(bad_match)
        assert err.value.field == field


def test_a_widow_in_a_game_without_one_is_refused() -> None:
    from pinochle.errors import BadRecord

    rec = hand_record(random_match(11, max_hands=1).history[0])
    rec["widow"] = ["AS", "AS", "TS"]
    with pytest.raises(BadRecord) as err:
        replay(rec)
    assert err.value.field == "widow" and "deals no widow" in str(err.value)


def test_a_stuck_dealers_hand_without_play_is_told_to_give_the_play() -> None:
    """RULES.md, Deal and auction 3: three passes make the dealer declarer at 250 (it was told to mark
    the hand thrown in, then that somebody bid)."""
    from pinochle.errors import BadRecord

    rec = hand_record(random_match(11, max_hands=1).history[0])
    rec["auction"] = ["pass", "pass", "pass"]
    del rec["play"]
    with pytest.raises(BadRecord) as err:
        replay(rec)
    assert err.value.field == "play" and "the dealer is stuck at 250" in str(err.value)


def _hand_record() -> dict[str, object]:
    return hand_record(random_match(11, max_hands=1).history[0])


def test_replay_reports_the_first_illegal_card() -> None:
    rec = _hand_record()
    declarer = str(replay(rec)["declarer"])
    second = "NESW"[("NESW".index(declarer) + 1) % 4]  # the declarer leads; the next seat plays 2nd
    hands = rec["hands"]
    assert isinstance(hands, dict)
    missing = next(c for c in ("AS", "TS", "KS", "QS", "JS", "9S", "AH", "TH", "KH", "QH", "JH", "9H") if c not in hands[second])
    play = list(rec["play"])  # type: ignore[call-overload]
    play[1] = missing
    rec["play"] = play
    code, out = run("replay", "-", stdin=json.dumps(rec))
    assert code == 1
    err = out[0]["error"]
    assert isinstance(err, dict)
    assert err["field"] == "play" and err["index"] == 1
    assert f"{second} cannot play" in str(err["reason"]) and "you do not hold" in str(err["reason"])


@pytest.mark.parametrize(
    ("mutate", "field", "index", "needle"),
    [
        (lambda r: r["auction"].__setitem__(0, "240"), "auction", 0, "lowest bid is 250"),
        (lambda r: r["auction"].__setitem__(0, "255"), "auction", 0, "not a multiple of 10"),
        (lambda r: r["auction"].append("pass"), "auction", None, "auction is over"),
        (lambda r: r["auction"].__setitem__(0, "maybe"), "auction", 0, "unknown call"),
        (lambda r: r["hands"]["N"].__setitem__(0, "XS"), "hands", 0, "unknown card 'XS'"),
        (lambda r: r["hands"]["N"].append("AS"), "hands", 12, "13 cards"),
        (lambda r: r["trump"].__class__ and r.__setitem__("trump", "Z"), "trump", None, "unknown suit"),
        (lambda r: r["play"].pop(), "play", 47, "stops after 47"),
        (lambda r: r["play"].append("AS"), "play", 48, "over after 48"),
    ],
)
def test_replay_errors_name_field_index_and_reason(mutate, field, index, needle) -> None:  # type: ignore[no-untyped-def]
    rec = json.loads(json.dumps(_hand_record()))
    calls_before = len(rec["auction"])
    mutate(rec)
    code, out = run("replay", "-", stdin=json.dumps(rec))
    assert code == 1
    err = out[0]["error"]
    assert err["field"] == field, err
    if index is not None:
        assert err["index"] == index, err
    else:
        assert err["index"] in (None, calls_before), err
    assert needle in err["reason"], err


def test_replay_third_copy_in_the_deal() -> None:
    rec = json.loads(json.dumps(_hand_record()))
    n_card = rec["hands"]["N"][0]
    victim = next(i for i, c in enumerate(rec["hands"]["E"]) if c != n_card)
    # E gets a copy of N's first card: with the two copies already in play, a third appears somewhere
    rec["hands"]["E"][victim] = n_card
    code, out = run("replay", "-", stdin=json.dumps(rec))
    assert code == 1
    err = out[0]["error"]
    assert err["field"] == "hands" and ("third" in err["reason"] or "exactly two" in err["reason"]), err


def test_replay_match_rejects_a_dealer_who_did_not_move_left() -> None:
    final = random_match(5)
    rec = json.loads(json.dumps(match_record(final)))
    rec["hands"][1]["dealer"] = rec["hands"][0]["dealer"]
    code, out = run("replay", "-", stdin=json.dumps(rec))
    assert code == 1 and out[0]["error"]["field"] == "dealer" and out[0]["error"]["hand"] == 2  # type: ignore[index]


def test_replay_unreadable_file(tmp_path: Path) -> None:
    code, out = run("replay", str(tmp_path / "nope.json"))
    assert code == 1 and "cannot read" in out[0]["error"]["reason"]  # type: ignore[index]
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, out = run("replay", str(bad))
    assert code == 1 and "not JSON" in out[0]["error"]["reason"]  # type: ignore[index]


def test_reducer_rejects_bad_moves_with_reasons() -> None:
    s = new_match(seed=3, first_dealer=3)  # N calls first
    with pytest.raises(IllegalAction, match="lowest bid is 250"):
        apply(s, Action.bid_(0, 240))
    with pytest.raises(IllegalAction, match="not a multiple of 10"):
        apply(s, Action.bid_(0, 265))
    with pytest.raises(IllegalAction, match="N's turn"):
        apply(s, Action.pass_(1))
    with pytest.raises(IllegalAction, match="not possible now"):
        apply(s, Action.play_(0, 0))
    for _ in range(3):
        seat = turn(s)
        assert seat is not None
        s = apply(s, Action.pass_(seat))
    assert s.phase == "trump" and s.declarer == 3 and s.bid == 250 and s.stuck
    with pytest.raises(IllegalAction, match="not possible now"):
        apply(s, Action.pass_(3))  # a call after the auction ended
    with pytest.raises(IllegalAction, match="version"):
        apply(s, Action.trump_(3, 0), version=0)


def test_no_traceback_from_the_installed_command() -> None:
    """Every bad input ends with a JSON error and exit status 1, never a traceback."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    cases = [
        ["meld", "--trump", "S", "1S"],
        ["legal", "--trump", "S", "--hand", "AS", "--trick", "ZZ"],
        ["replay", "/nonexistent/file.json"],
    ]
    for argv in cases:
        p = subprocess.run([sys.executable, "-m", "pinochle.cli", *argv], capture_output=True, text=True, env=env)
        assert p.returncode == 1, (argv, p.stderr)
        assert "Traceback" not in p.stderr
        assert "error" in json.loads(p.stdout)
    p = subprocess.run([sys.executable, "-m", "pinochle.cli", "replay", "-"], input="[1, 2]\n{}\n", capture_output=True, text=True, env=env)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert [("error" in json.loads(line)) for line in p.stdout.splitlines()] == [True, True]


def test_the_readme_example_records_replay() -> None:
    docs = Path(__file__).resolve().parents[1] / "docs" / "examples"
    code, out = run("replay", str(docs / "hand.json"))
    assert code == 0
    assert out[0] == {"declarer": "N", "bid": 250, "trump": "H", "meld": {"NS": 190, "EW": 10},
                      "tricks": {"NS": 5, "EW": 7}, "counters": {"NS": 100, "EW": 150}, "made": True,
                      "score": {"NS": 290, "EW": 160}}
    code, out = run("replay", str(docs / "match.json"))
    assert code == 0
    hands = out[0]["hands"]
    assert isinstance(hands, list) and len(hands) >= 1
    totals = out[0]["totals"]
    assert isinstance(totals, dict)
    assert totals["NS"] == sum(h["score"]["NS"] for h in hands)
    assert totals["EW"] == sum(h["score"]["EW"] for h in hands)
    assert out[0]["winner"] in ("NS", "EW")


def test_a_blank_jsonl_line_gets_its_own_error_so_answers_stay_aligned() -> None:
    """Regression: a blank line used to get no answer, shifting every later answer."""
    code, out = run("meld", "-", stdin='{"trump": "S", "hand": "AS"}\n\n{"trump": "spades", "hand": "KS QS"}\n')
    assert code == 1 and len(out) == 3
    assert out[1]["error"] == {"field": "line", "index": 1, "reason": "empty line: each line is one JSON request"}
    assert out[2]["total"] == 40


def test_a_record_without_dealer_says_so() -> None:
    rec = json.loads(json.dumps(_hand_record()))
    del rec["dealer"]
    code, out = run("replay", "-", stdin=json.dumps(rec))
    assert code == 1 and out[0]["error"]["field"] == "dealer" and "no dealer" in out[0]["error"]["reason"]  # type: ignore[index]


def test_a_malformed_command_line_is_a_json_error_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["meld", "--trump", "S"])
    assert info.value.code == 2
    err = json.loads(capsys.readouterr().out)["error"]
    assert err["field"] == "arguments" and "required: cards" in err["reason"]
    # an extra argument to legal too (it was field "source", status 1)
    code, out = run("legal", "--trump", "H", "--hand", "AS", "extra")
    assert code == 2 and out[0]["error"]["field"] == "arguments" and "'extra'" in out[0]["error"]["reason"]  # type: ignore[index]


def test_pathological_json_lines_each_get_an_error_and_the_stream_goes_on() -> None:
    """Regression: deep nesting, huge numbers and non-UTF-8 bytes crashed or stopped the stream."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]), "PYTHONIOENCODING": "utf-8"}
    good = b'{"trump": "S", "hand": "AS"}\n'
    data = good + b"[" * 5000 + b"]" * 5000 + b"\n" + b'{"a": ' + b"1" * 5000 + b"}\n" + b'{"trump": "S", "hand": "A\xff"}\n' + good
    p = subprocess.run([sys.executable, "-m", "pinochle.cli", "meld", "-"], input=data, capture_output=True, env=env)
    assert p.returncode == 1 and b"Traceback" not in p.stderr
    out = [json.loads(line) for line in p.stdout.decode().splitlines()]
    assert len(out) == 5
    assert out[0]["total"] == 0 and out[4]["total"] == 0
    assert [o["error"]["index"] for o in out[1:4]] == [1, 2, 3]
    assert "nested too deeply" in out[1]["error"]["reason"] and "not UTF-8" in out[3]["error"]["reason"]


def test_a_match_record_reports_the_first_fault_in_play_order() -> None:
    """Regression: a later hand's missing dealer was reported before an earlier illegal card."""
    final = random_match(5)
    rec = json.loads(json.dumps(match_record(final)))
    first = rec["hands"][0]
    declarer = str(replay(first)["declarer"])
    second = "NESW"[("NESW".index(declarer) + 1) % 4]
    first["play"][1] = next(c for c in ("AS", "TS", "KS", "QS", "JS", "9S", "AH", "TH", "KH") if c not in first["hands"][second])
    del rec["hands"][-1]["dealer"]
    code, out = run("replay", "-", stdin=json.dumps(rec))
    err = out[0]["error"]
    assert code == 1 and isinstance(err, dict)
    assert (err["hand"], err["field"], err["index"]) == (1, "play", 1)  # the first hand is hand 1


def test_lookalike_characters_are_not_cards_and_whole_float_bids_are_bids() -> None:
    code, out = run("meld", "--trump", "S", "A\u017f")  # a long s upper-cases to S
    assert code == 1 and "unknown card" in str(out[0]["error"])
    from pinochle.auction import parse_call

    assert parse_call(260.0) == 260 and parse_call("260") == 260
    with pytest.raises(ValueError):
        parse_call("\u0662\u0666\u0660")  # Arabic-Indic digits
    with pytest.raises(ValueError):
        parse_call(260.5)


# ---------------------------------------------------------------- output that cannot be written

ROOT = Path(__file__).resolve().parents[1]
HAND_LINE = json.dumps(json.loads((ROOT / "docs" / "examples" / "hand.json").read_text(encoding="utf-8"))) + "\n"
MELD_LINE = '{"trump": "S", "hand": "AS TS KS QS JS"}\n'
LEGAL_LINE = '{"trump": "H", "hand": "AS 9S KH", "trick": "TS"}\n'
#: Every command that writes output, with the input it reads: JSON Lines long enough that their answers
#: fill a pipe's buffer (64 KiB) many times over.
WRITERS = [
    (["games"], ""),
    (["meld", "--trump", "S", "AS", "TS", "KS", "QS", "JS"], ""),
    (["legal", "--trump", "H", "--hand", "AS 9S KH", "--trick", "TS"], ""),
    (["replay", str(ROOT / "docs" / "examples" / "match.json")], ""),
    (["meld", "-"], MELD_LINE * 3000),
    (["legal", "-"], LEGAL_LINE * 5000),
    (["replay", "-"], HAND_LINE * 1000),
    (["meld", "-"], "{\n" * 3000),  # error lines are output too
    (["play", "--seed", "3"], "\n" * 200),
    (["arena", "--a", "easy", "--b", "easy", "--deals", "1", "--matches", "0", "--workers", "1", "--json"], ""),
    (["--help"], ""),
]
WRITER_IDS = ["-".join(argv[:2]) for argv, _ in WRITERS]


def _pinochle(argv: list[str], stdin: str, stdout: int | object, tmp_path: Path) -> subprocess.Popen[bytes]:
    """The installed command's module in a process of its own, reading ``stdin`` from a file."""
    source = tmp_path / "input.jsonl"
    source.write_text(stdin, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    with source.open("rb") as fh:
        return subprocess.Popen([sys.executable, "-m", "pinochle.cli", *argv], stdin=fh, stdout=stdout,  # type: ignore[call-overload]
                                stderr=subprocess.PIPE, env=env, cwd=tmp_path)


def _quiet(stderr: bytes, argv: list[str]) -> bytes:
    """Standard error without the arena's progress bar (its own line, not an error)."""
    if argv[0] == "arena":
        return b"".join(line for line in stderr.splitlines(keepends=True) if b"duplicate deals" not in line)
    return stderr


@pytest.mark.parametrize("argv, stdin", WRITERS, ids=WRITER_IDS)
def test_a_closed_pipe_ends_the_command_silently_with_141(argv: list[str], stdin: str, tmp_path: Path) -> None:
    """Regression: ``| head -1`` printed a BrokenPipeError traceback. The reader has gone before the
    first write: nothing on standard error (no traceback, no "Exception ignored" at exit), status 141
    (128 + SIGPIPE, as a shell reports coreutils stopped by a closed pipe; README)."""
    read, write = os.pipe()
    os.close(read)  # no reader at all: every write is refused (EPIPE)
    try:
        p = _pinochle(argv, stdin, write, tmp_path)
    finally:
        os.close(write)
    _, err = p.communicate(timeout=120)
    assert (p.returncode, _quiet(err, argv)) == (141, b""), err.decode(errors="replace")


@pytest.mark.parametrize("argv, stdin, first", [
    (["meld", "-"], MELD_LINE * 3000, {"total": 150}),
    (["legal", "-"], LEGAL_LINE * 5000, {"legal": ["AS"]}),
    (["replay", "-"], HAND_LINE * 1000, {"declarer": "N", "bid": 250}),
], ids=["meld", "legal", "replay"])
def test_a_reader_that_stops_after_one_line_ends_the_stream_with_141(
        argv: list[str], stdin: str, first: dict[str, object], tmp_path: Path) -> None:
    """``pinochle replay - < records.jsonl | head -1``: the first answer arrives whole, then the
    command stops silently with 141 instead of answering the rest."""
    p = _pinochle(argv, stdin, subprocess.PIPE, tmp_path)
    assert p.stdout is not None and p.stderr is not None
    line = json.loads(p.stdout.readline())
    p.stdout.close()
    assert p.wait(timeout=120) == 141
    assert p.stderr.read() == b""
    assert {k: line[k] for k in first} == first


@pytest.mark.parametrize("argv, stdin", WRITERS, ids=WRITER_IDS)
def test_a_failed_write_is_one_line_on_stderr_and_status_1(argv: list[str], stdin: str, tmp_path: Path) -> None:
    """Regression: ``pinochle games > /dev/full`` printed an OSError traceback. Now one line names
    the cause, and the status is 1."""
    with open("/dev/full", "wb") as full:
        p = _pinochle(argv, stdin, full, tmp_path)
        _, err = p.communicate(timeout=120)
    assert (p.returncode, _quiet(err, argv).decode()) == (1, "pinochle: cannot write output: No space left on device\n")


class _Refusing(io.StringIO):
    """An output stream whose writes fail with ``error``."""

    def __init__(self, error: OSError) -> None:
        super().__init__()
        self.error = error

    def write(self, text: str) -> int:
        raise self.error


def test_main_answers_output_failures_with_a_status_not_an_exception(capsys: pytest.CaptureFixture[str]) -> None:
    """In the process too: a closed pipe is 141 and silent, an I/O error 1 and one line naming it."""
    assert main(["games"], stdout=_Refusing(BrokenPipeError(32, "Broken pipe"))) == 141
    assert capsys.readouterr().err == ""
    assert main(["meld", "-"], stdin=io.StringIO(MELD_LINE), stdout=_Refusing(OSError(5, "Input/output error"))) == 1
    assert capsys.readouterr().err == "pinochle: cannot write output: Input/output error\n"
