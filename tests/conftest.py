"""Shared fixtures.

``needs_chromium``: the browser tests fail, never skip, when Debian's
Chromium is missing: the README's test command (``sh scripts/test``) installs
it, so a missing browser is a broken set-up to be told about, not a test to
pass over silently.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

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


# The modules whose tests drive Chromium: test_browser*.py and the *_js.py tests of the page's modules
# (test_help.py has one such test among many that do not).
BROWSER_MODULE = re.compile(r"tests/test_(browser\w*|\w+_js)\.py$")


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Share the tests out among ``pytest -n 2`` workers (the README's test command) a module at a time,
    with every browser module in one unit: the browser tests run in order in one worker, never two at
    once on the machine's two cores, and a module's fixtures (a live server, a redis-server) start once."""
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "browser" if BROWSER_MODULE.search(path) else path

    return BrowserTestsTogether(config, log)
