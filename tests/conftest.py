"""The tests read English unless a test asks for another language: the locale variables of whoever runs them
(``LANG=de_DE.UTF-8``...) must not change what the terminal game prints, here or in the programs tests start."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

for _var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium for a module's browser tests (skipped where there is none, unless PAMIR_TEST_BROWSER=1
    requires it)."""
    from serverkit import BROWSER_WANTED, CHROMIUM, chromium

    if not BROWSER_WANTED and not CHROMIUM.exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium (set PAMIR_TEST_BROWSER=1 to require it)")
    with chromium() as b:
        yield b
