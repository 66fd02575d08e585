"""Fixtures of the browser tests: one server process, one Chromium (Debian's, launched by
its path: Playwright's own browser download cannot be reached here), pages that record
console errors and every request to a host other than the server."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from web_server import running_server

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"
CHROMIUM = os.environ.get("BOARDROOM_CHROMIUM", "/usr/bin/chromium")


def _need_browser() -> Any:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "the playwright package is not installed (scripts/test installs it)"
    else:
        if shutil.which(CHROMIUM) or Path(CHROMIUM).is_file():
            return sync_playwright
        reason = f"no Chromium at {CHROMIUM} (scripts/test installs Debian's chromium)"
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("server")) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    sync_playwright = _need_browser()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@dataclass
class Watched:
    """A page with what went wrong on it: console errors and requests to other hosts."""

    page: Any
    base: str
    errors: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)

    def shot(self, name: str) -> None:
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    def assert_clean(self) -> None:
        assert not self.errors, f"console errors: {self.errors}"
        assert not self.foreign, f"requests to other hosts: {self.foreign}"


@pytest.fixture
def open_page(browser: Any, server: str) -> Iterator[Any]:
    contexts: list[Any] = []

    def make(width: int = 1400, height: int = 1000, pass_screen: bool = False) -> Watched:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        if not pass_screen:  # the hotseat pass screen (issue 27) is tested on its own
            context.add_init_script("localStorage.setItem('boardroom:pass-screen', 'off')")
        page = context.new_page()
        watched = Watched(page, server)
        host = urlsplit(server).netloc

        def on_console(msg: Any) -> None:
            if msg.type == "error":
                watched.errors.append(msg.text)

        def on_request(request: Any) -> None:
            parts = urlsplit(request.url)
            if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != host:
                watched.foreign.append(request.url)

        page.on("console", on_console)
        page.on("pageerror", lambda exc: watched.errors.append(str(exc)))
        page.on("request", on_request)
        page.set_default_timeout(15_000)
        return watched

    yield make
    for context in contexts:
        context.close()
