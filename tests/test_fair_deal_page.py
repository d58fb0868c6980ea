"""The players' page on the sealed shuffle (``/how-to-play/fair-deal``, pinochle/howto/fair-deal.md): served
as a page of its own, and what it tells a player to check is what the server does."""

from __future__ import annotations

import hashlib
from pathlib import Path

from starlette.testclient import TestClient

from pinochle.server.app import create_app
from pinochle.verify import commitment


def test_the_page_is_served_and_its_recipe_gives_the_seal(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "f.db")) as client:
        page = client.get("/how-to-play/fair-deal")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    text = page.text
    assert "A fair deal" in text and "pinochle verify RECORD" in text and "seed:salt" in text
    # where the program comes from, and the check the browser does itself
    assert "Where <code>pinochle verify</code> comes from" in text and "pip install -q -e ." in text
    assert "Seal matches" in text
    seed, salt = 8_123_456_789_012_345_678, "0f" * 16
    # the page's recipe: the SHA-256 of the text "seed:salt" is the seal the server shows
    assert hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest() == commitment(seed, salt)
