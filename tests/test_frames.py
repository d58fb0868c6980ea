"""The frames the server writes (``send_json``): compact JSON, the same text the standard library writes.

The server writes its frames with orjson for speed (docs/server.md, "Leaner"). Whatever a message holds
(any JSON value, any text, lone surrogates included), a frame reads back as the same message; without a
lone surrogate or a float it is the very text ``json.dumps(msg, separators=(",", ":"),
ensure_ascii=False)`` writes (floats may differ only in how an exponent is spelt), and with one it is
sent with ``\\uXXXX`` escapes instead of failing.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pinochle.server.app import send_json


class Capture:
    """A socket that keeps the text frames it is sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)


def frame(msg: dict[str, Any]) -> str:
    ws = Capture()
    asyncio.run(send_json(ws, msg))  # type: ignore[arg-type]
    assert len(ws.sent) == 1
    return ws.sent[0]


texts = st.text()  # every code point, lone surrogates included
plain = st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | texts,
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4), max_leaves=20)
with_floats = st.recursive(st.none() | st.floats(allow_nan=False, allow_infinity=False) | texts,
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4), max_leaves=20)


def encodable(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


@given(st.dictionaries(texts, plain, max_size=5))
def test_a_frame_is_the_standard_librarys_compact_json_or_escaped_when_utf8_cannot_carry_it(msg: dict[str, Any]) -> None:
    text = frame(msg)
    assert json.loads(text) == msg
    standard = json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
    if encodable(standard):
        assert text == standard
    else:
        assert text == json.dumps(msg, separators=(",", ":")) and text.isascii()


@given(st.dictionaries(texts, with_floats, max_size=5))
def test_a_frame_with_floats_reads_back_as_the_same_message(msg: dict[str, Any]) -> None:
    assert json.loads(frame(msg)) == msg


def test_a_state_like_message_is_written_exactly() -> None:
    msg = {"type": "state", "view": {"hand": ["A♠", "10♥"], "names": {"N": "Zoë"}, "ok": True, "bid": None}, "n": 3}
    assert frame(msg) == '{"type":"state","view":{"hand":["A♠","10♥"],"names":{"N":"Zoë"},"ok":true,"bid":null},"n":3}'
