"""A scripted WebSocket for one page, driven by the real engine (the browser tests of the games of
three, two-handed and auction at a table of chairs): every state the page gets is the view the server
builds; every move it sends is applied by the engine, and one it refuses comes back as an ``illegal``
error (and is kept in ``errors``, so that a test can show the page never sent one)."""

from __future__ import annotations

import json
from typing import Any

from pinochle.game import Action, State, apply, view


def solo_message(state: State, match_id: str, game: str) -> dict[str, Any]:
    """The ``state`` message of a solo match (``table`` null) with South's view, as the server sends it; at a
    hand's end South is offered the next deal."""
    v = view(state, 2).to_json()
    if state.phase == "hand_end":
        v["legal"] = {"deal": True}
    names = state.game.seating.side_names
    match = {"id": match_id, "kind": "solo", "game": game, "level": "easy", "hand_number": state.hand_no + 1,
             "phase": state.phase, "totals": dict(zip(names, state.totals)),
             "winner": None if state.winner is None else names[state.winner]}
    return {"type": "state", "match": match, "view": v, "event": "move", "table": None}


class EngineDriven:
    """The socket of one page (``handler`` for ``page.route_web_socket``); a subclass says how the others
    move (:meth:`advance`), what the page is sent (:meth:`message`) and how the page's move is applied
    (:meth:`apply_page`: as South by default)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.ws: Any = None
        self.errors: list[str] = []
        self.advance()

    def advance(self) -> None:
        """Make the moves that are not the page's, up to its turn (or a hand's end)."""
        raise NotImplementedError

    def message(self) -> dict[str, Any]:
        """The ``state`` message the page gets now."""
        raise NotImplementedError

    def apply_page(self, action: dict[str, Any], version: int) -> State:
        """The state after the page's ``action`` (its JSON, without a seat) at ``version``.

        Raises:
            ValueError: the engine refuses the move.
        """
        return apply(self.state, Action.from_json({**action, "seat": "S"}), version=version)

    def handler(self, ws: Any) -> None:
        """Serve the page: ``welcome`` to ``hello``, the state to ``resume``, the next state to a move."""
        self.ws = ws

        def on_message(text: str | bytes) -> None:
            msg = json.loads(text)
            if msg["type"] == "hello":
                ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": self.message()["match"],
                                    "seat": None, "heartbeat": 3600}))
            elif msg["type"] == "resume":
                ws.send(json.dumps(self.message()))
            elif msg["type"] == "action":
                try:
                    self.state = self.apply_page(msg["action"], msg["version"])
                except Exception as err:  # the page sent what the engine refuses
                    self.errors.append(f"{msg['action']}: {err}")
                    ws.send(json.dumps({"type": "error", "code": "illegal", "message": str(err)}))
                    return
                self.advance()
                ws.send(json.dumps(self.message()))

        ws.on_message(on_message)
