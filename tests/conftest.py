"""Shared fixtures.

``needs_chromium``: the browser tests fail, never skip, when Debian's
Chromium is missing: the README's test command (``sh scripts/test``) installs
it, so a missing browser is a broken set-up to be told about, not a test to
pass over silently.
"""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import settings

# No per-example time limit: speed targets live in benchmarks/, never in tests, and a busy machine
# (two test workers on two cores) must not turn a slow example into a failure.
settings.register_profile("project", deadline=None)
settings.load_profile("project")

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def needs_chromium() -> None:
    """Fail with what to do when Debian's Chromium is not installed."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"the browser tests need Debian's Chromium at {CHROMIUM}, which is missing: run the README's test "
            "command (sh scripts/test), which installs it, or apt-get install chromium",
            pytrace=False,
        )


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Close the run's one Chromium (tests/browser_support.py), if a test started it."""
    support = sys.modules.get("tests.browser_support")
    if support is not None:
        support.BROWSER.close()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Group the tests for ``pytest -n 2 --dist loadgroup`` (the README's test command).

    Every test that drives Chromium is one group, run in order by one worker, so the browser tests never
    compete with each other for the machine's two cores; every other module is a group of its own, so a
    module's fixtures (a live server, a redis-server) start once.
    """
    for item in items:
        group = "browser" if "needs_chromium" in getattr(item, "fixturenames", ()) else item.nodeid.split("::")[0]
        item.add_marker(pytest.mark.xdist_group(group))
