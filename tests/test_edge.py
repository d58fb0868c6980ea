"""The web edge: security headers on every response, caching, and the
WebSocket origin check with its allow-list and close code (pinochle/server/edge.py, docs/protocol.md)."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pinochle.cli import main
from pinochle.server.app import create_app
from pinochle.server.edge import EdgeError, EdgePolicy
from pinochle.server.protocol import CloseCode

WEB = Path(__file__).resolve().parent.parent / "pinochle" / "web"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    with TestClient(create_app(tmp_path / "t.db", bot_delay=0)) as c:
        yield c


PAGES = ["/", "/health", "/games", "/rules", "/rules/games/cutthroat", "/how-to-play", "/how-to-play/auction",
         "/rooms/ABCD", "/static/app.js", "/static/style.css", "/no-such-page", "/static/no-such-file.js"]


@pytest.mark.parametrize("path", PAGES)
def test_every_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    r = client.get(path)
    csp = r.headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["script-src"] == "'self'" and "'unsafe-inline'" not in csp
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["connect-src"] == "'self'" and directives["object-src"] == "'none'"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert r.headers["x-frame-options"] == "DENY"


def test_static_files_are_cached_briefly_and_pages_stay_fresh(client: TestClient) -> None:
    static = client.get("/static/app.js")
    assert static.headers["cache-control"] == "public, max-age=300"
    again = client.get("/static/app.js", headers={"if-none-match": static.headers["etag"]})
    assert again.status_code == 304  # revalidation costs no body
    for page in ("/", "/rules", "/how-to-play", "/games"):
        assert client.get(page).headers["cache-control"] == "no-cache", page
    assert client.get("/rooms/ABCD").headers["cache-control"] == "no-store"


def test_card_art_is_kept_a_week(client: TestClient) -> None:
    """The card pictures (most of a first visit's bytes) may be kept a week, then revalidated."""
    art = client.get("/static/cards/QS.svg")
    assert art.status_code == 200 and art.headers["content-type"].startswith("image/svg+xml")
    assert art.headers["cache-control"] == "public, max-age=604800"
    again = client.get("/static/cards/QS.svg", headers={"if-none-match": art.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/static/cards/four/KD.svg").headers["cache-control"] == "public, max-age=604800"
    assert client.get("/static/cards.css").headers["cache-control"] == "public, max-age=300"


def test_no_page_has_an_inline_script_or_style_attribute(client: TestClient) -> None:
    """The policy allows no inline script: every script of the pages is a file of /static."""
    for page in ("/", "/rules", "/how-to-play", "/rules/games/two-handed"):
        body = client.get(page).text
        for tag in re.findall(r"<script[^>]*>", body):
            assert "src=" in tag, (page, tag)
        assert not re.search(r"<script[^>]*>[^<\s]", body), page
        assert " style=" not in body and " on" + "click=" not in body, page
    for src in re.findall(r'src="/static/([^"]+)"', client.get("/").text):
        assert (WEB / src).is_file(), src


def test_embedding_is_a_switch() -> None:
    policy = EdgePolicy(frame_ancestors=("https://club.example/some/page",))
    assert "frame-ancestors https://club.example;" in policy.csp() + ";"
    with pytest.raises(EdgeError, match="not an origin"):
        EdgePolicy(frame_ancestors=("club.example",))


def test_a_socket_from_another_origin_is_refused_with_its_close_code(client: TestClient) -> None:
    with client.websocket_connect("/ws", headers={"origin": "https://evil.example"}) as ws:
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code == CloseCode.BAD_ORIGIN == 4003


@pytest.mark.parametrize("origin", ["http://testserver", None])
def test_the_own_origin_and_a_program_without_origin_may_connect(client: TestClient, origin: str | None) -> None:
    headers = {"origin": origin} if origin else {}
    with client.websocket_connect("/ws", headers=headers) as ws:
        ws.send_json({"type": "hello", "device": None})
        assert ws.receive_json()["type"] == "welcome"


def test_the_allow_list_admits_another_host_name(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.db", bot_delay=0, edge=EdgePolicy(ws_origins=("https://cards.example",)))
    with TestClient(app) as c:
        with c.websocket_connect("/ws", headers={"origin": "https://cards.example"}) as ws:
            ws.send_json({"type": "hello", "device": None})
            assert ws.receive_json()["type"] == "welcome"
        with c.websocket_connect("/ws", headers={"origin": "https://other.example"}) as ws:
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
        assert closed.value.code == CloseCode.BAD_ORIGIN


@pytest.mark.parametrize("origin", ["null", "file://", "not a url", "http://testserver.evil.example"])
def test_odd_origins_are_refused(origin: str) -> None:
    assert not EdgePolicy().origin_allowed(origin, "testserver", "http")


def test_serve_names_a_bad_origin(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    code = main(["serve", "--allow-origin", "cards.example"], stdout=out)
    assert code == 1 and "'cards.example' is not an origin" in out.getvalue() + capsys.readouterr().err
