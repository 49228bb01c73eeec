"""Helpers of the browser tests (Playwright for Python driving Debian's Chromium): the viewports, opening a page
that records its script errors, waiting for a seat's turn, screenshots into test-output/. The ``browser`` fixture
is in conftest.py."""

from __future__ import annotations

import json
from typing import Any

import pytest
from serverkit import BROWSER_WANTED, CHROMIUM, ROOT

OUT = ROOT / "test-output"
DESKTOP = {"width": 1400, "height": 900}
WIDE = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
#: Milliseconds a browser test waits for the page at most: an upper bound on how long a page may take to show
#: what a test waits for, not a measure of speed (what must be fast has tests of its own, such as the 50 ms
#: acknowledgement while a bot thinks). 20 s proved too tight on a 2-core machine also compiling the engine and
#: driving another Chromium (a mid-game table timed out once, and passed alone).
WAIT = 60_000


def open_page(browser: Any, url: str, viewport: dict[str, int] = DESKTOP, init: str | None = None,
              **context: Any) -> Any:
    """A new page (in a context of its own) at ``url``; ``page.errors`` collects its script errors; ``init`` is a
    script run before the page's own."""
    ctx = browser.new_context(viewport=viewport, **context)
    if init:
        ctx.add_init_script(init)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    return page


def close(*pages: Any) -> None:
    """Close each page's context, after checking that it raised no script error."""
    for page in pages:
        assert not page.errors, page.errors
        page.context.close()


def seq(page: Any) -> int:
    """The decision number the page shows."""
    return int(page.evaluate("document.body.dataset.seq || '-1'"))


def wait_my_turn(page: Any, after: int = -1) -> None:
    """Wait until the page shows this seat's decision (or the end) drawn after decision ``after``; if it does not
    come, the failure says what the page shows instead."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            "([n]) => Number(document.body.dataset.seq ?? -1) > n && "
            "(document.body.dataset.yours === '1' || document.body.dataset.over === '1')",
            arg=[after], timeout=WAIT)
    except PlaywrightTimeout:
        raise AssertionError(f"no decision of this seat after decision {after} within {WAIT} ms; the page shows "
                             f"{json.dumps(page.evaluate(SHOWN), indent=1)}") from None


#: What a page shows, for a failure's message: its data attributes, prompt, error line, connection badge, options,
#: open dialogs and last lines of the log.
SHOWN = """() => {
  const text = (id) => (document.getElementById(id) || {}).textContent || "";
  return { data: { ...document.body.dataset }, prompt: text("prompt"), error: text("error"), connection: text("conn"),
    options: [...document.querySelectorAll("#options button")].map((b) => `${b.dataset.kind}: ${b.textContent}`),
    dialogs: [...document.querySelectorAll("dialog[open]")].map((d) => d.id),
    log: [...document.querySelectorAll("#log li")].slice(-6).map((li) => li.textContent) };
}"""


def kinds(page: Any) -> list[str]:
    """The kinds of the options the page offers now."""
    return [str(k) for k in page.eval_on_selector_all("#options button", "bs => bs.map(b => b.dataset.kind)")]


def shot(page: Any, name: str, full: bool = False, top: bool = False) -> None:
    """A screenshot into test-output/<name>.png: the viewport (``top``: scrolled to the top first) or ``full``
    the whole page."""
    OUT.mkdir(exist_ok=True)
    if top:
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(100)
    page.screenshot(path=str(OUT / f"{name}.png"), full_page=full)


def require_chromium() -> None:
    """Skip the calling test module where there is no Chromium, unless PAMIR_TEST_BROWSER=1 requires it (then
    the ``browser`` fixture fails). Call it at module level, before importing Playwright."""
    if not BROWSER_WANTED and not CHROMIUM.exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium (set PAMIR_TEST_BROWSER=1 to require it)",
                    allow_module_level=True)


def click_and_wait(page: Any, selector: str) -> None:
    """Click and wait for this seat's next decision (a confirmation, if asked, is answered yes)."""
    before = seq(page)
    page.click(selector)
    if page.locator("#confirm[open]").count():
        page.click("#confirm-yes")
    wait_my_turn(page, before)
