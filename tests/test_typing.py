"""The package stays clean under ``mypy --strict`` (the guide's standard)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict_on_the_package() -> None:
    p = subprocess.run([sys.executable, "-m", "mypy", "--strict", "pinochle"], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
