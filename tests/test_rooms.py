"""The private-room lobby: joining, Ready, arranging seats, starting, leaving."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle.cards import Seat
from pinochle.server.rooms import CODE_ALPHABET, Room, RoomError, clean_name, new_code


def test_codes_are_long_and_unguessable() -> None:
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(len(c) == 10 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert len(CODE_ALPHABET) ** 10 >= 2 ** 40


@pytest.mark.parametrize("raw", ["", "   ", "x" * 21, "a\u0000b", "tab\there", 7, None])
def test_bad_names_are_refused(raw: object) -> None:
    with pytest.raises(RoomError):
        clean_name(raw)


@given(st.text(min_size=1, max_size=20).filter(lambda t: t.strip() and all(ord(c) >= 32 and not 0x7F <= ord(c) <= 0x9F for c in t)))
def test_names_are_kept_as_text(raw: str) -> None:
    try:
        name = clean_name(raw)
    except RoomError:
        return  # e.g. other control or format characters
    assert 1 <= len(name) <= 20 and name == name.strip()


#: Text with lone surrogates often (JSON may hold "\ud83d" alone; UTF-8 cannot), among any other characters.
WITH_SURROGATES = st.lists(st.one_of(st.characters(categories=["Cs"]), st.characters(max_codepoint=0x7F),
                                     st.characters()), min_size=1, max_size=22).map("".join)


@given(WITH_SURROGATES)
def test_every_name_kept_can_be_sent_and_saved(raw: str) -> None:
    """A name is sent to every member and saved (SQLite, Redis): UTF-8 must carry it. A lone
    surrogate, half a character (an emoji cut in two), is refused by name, never kept."""
    try:
        name = clean_name(raw)
    except RoomError as err:
        if any(0xD800 <= ord(c) <= 0xDFFF for c in raw.strip()) and 1 <= len(raw.strip()) <= 20:
            assert "half a character" in str(err) or "control characters" in str(err), (raw, err)
        return
    assert name.encode("utf-8").decode("utf-8") == name


@pytest.mark.parametrize("raw", ["Sylvie\ud83d", "\ude00Ann", "\udc00"])
def test_a_lone_surrogate_in_a_name_is_refused_by_name(raw: str) -> None:
    with pytest.raises(RoomError, match=r"^a name cannot hold half a character \(a lone surrogate"):
        clean_name(raw)


def test_markup_is_just_a_name() -> None:
    assert clean_name("<b>Ann</b>") == "<b>Ann</b>"  # stored as text; clients show it as text


def test_lobby_start_with_computer_guests_and_review() -> None:
    room = Room.create("Ann", level="hard")
    ann = room.creator
    bob = room.join("Bob")
    assert room.seat_of(ann) == Seat.S and room.seat_of(bob) == Seat.N  # the second person partners the creator
    with pytest.raises(RoomError, match="waiting for Ann, Bob"):
        room.start(ann)
    room.set_ready(ann, True)
    room.set_ready(bob, True)
    with pytest.raises(RoomError, match="creator"):
        room.start(bob)
    started = room.start(ann)
    assert started.guests == (Seat.E, Seat.W) and started.level == "hard"
    with pytest.raises(RoomError, match="being played"):
        room.join("Cy")
    room.finish()
    room.back_to_lobby()
    assert room.phase == "lobby" and not any(m.ready for m in room.members.values())


def test_creator_arranges_partners_and_sets_level() -> None:
    room = Room.create("Ann")
    ann = room.creator
    bob = room.join("Bob")
    room.arrange(ann, {Seat.S: ann, Seat.E: bob})  # Bob becomes Ann's opponent
    assert room.seat_of(bob) == Seat.E and room.seats[Seat.N] is None
    with pytest.raises(RoomError, match="every person"):
        room.arrange(ann, {Seat.S: ann})
    with pytest.raises(RoomError, match="one seat"):
        room.arrange(ann, {Seat.S: ann, Seat.N: ann, Seat.E: bob})
    with pytest.raises(RoomError, match="creator"):
        room.set_level(bob, "easy")
    room.set_level(ann, "easy")
    assert room.level == "easy"
    with pytest.raises(RoomError, match="unknown level"):
        room.set_level(ann, "grandmaster")


def test_room_fills_and_creator_role_passes_on() -> None:
    room = Room.create("Ann")
    ann = room.creator
    others = [room.join(n) for n in ("Bob", "Cy", "Di")]
    with pytest.raises(RoomError, match="full"):
        room.join("Ed")
    room.leave(ann)
    assert room.creator == others[0] and room.seat_of(ann) is None
    assert room.join("Ed") in room.members  # the freed seat
    with pytest.raises(RoomError, match="not in this room"):
        room.set_ready(ann, True)


@pytest.mark.parametrize("raw", ["\u3164", "\u2800\u2800", "\u0301", "a\u2028b", "\u202eevil", "x\u2066y"])
def test_names_that_show_nothing_or_disguise_themselves_are_refused(raw: str) -> None:
    """Regression (adversarial review): blank-looking names and line separators were accepted."""
    with pytest.raises(RoomError):
        clean_name(raw)


@pytest.mark.parametrize("raw", ["\U0001F468\u200d\U0001F469\u200d\U0001F467", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "Zoë", "李雷"])
def test_joiners_in_emoji_and_names_are_kept(raw: str) -> None:
    """Regression (adversarial review): the zero-width joiner and non-joiner were refused as control characters."""
    assert clean_name(raw) == raw
