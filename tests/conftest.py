import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The key free-play deals are derived from in the tests (tutor.freeplay), so tests can compute them.
TEST_SECRET_KEY = "tests: a key for free-play deals, known to the tests only"


#: The longest tests (tens of seconds each), handed out first: pytest-xdist gives tests to its
#: workers in collection order, and one of these started last keeps one worker busy long after
#: the other has finished (the whole suite must stay inside CI's 20 minutes).
SLOW_FIRST = (
    "test_browser_backgammon_play.py::test_a_whole_free_game",
    "test_browser_backgammon_play.py::test_each_guided_position",
    "test_checker_agreement.py::test_agreement_on_10000",
    "test_fuzz_routes.py::test_no_request_makes_a_500",
    "test_translators.py::test_context_pictures",
    "test_properties.py::test_random_rounds",
    "test_browser_game.py::test_every_guided_hand_by_tapping_on_a_phone",
    "test_browser_mexican.py::test_the_shorter_match_by_tapping_on_a_phone",
)


def pytest_collection_modifyitems(items: list) -> None:
    items.sort(key=lambda item: not any(slow in item.nodeid for slow in SLOW_FIRST))  # a stable sort


def compile_catalogs() -> None:
    """The app reads .mo files, which are built, never committed: build them for the tests, as
    `make catalogs` does (an entry the app cannot use is left out, so it shows in English)."""
    subprocess.run(
        [sys.executable, "-m", "tutor.tools.catalogs", "compile", "--dir", str(ROOT / "translations")],
        check=True, capture_output=True, cwd=ROOT,
    )


@pytest.fixture(scope="session")
def app():
    compile_catalogs()
    from tutor import create_app

    return create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET_KEY})


@pytest.fixture()
def client(app):
    return app.test_client()


# ---- real browser ------------------------------------------------------------------------------
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture(scope="session")
def live_server(app):
    """The app served on 127.0.0.1 on a free port, in a thread, for the real-browser tests."""
    import threading

    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright (no browser download: it is not allowed here). Without a
    GPU, rasterizing and compositing through the emulated one (SwiftShader) cost more than Skia's own
    software path: about 5 % of the browser tests' time."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-gpu-rasterization", "--disable-gpu-compositing",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--no-first-run", "--disable-quic"],
        )
        yield PatientBrowser(browser)
        browser.close()


#: How long a browser step may wait (a click's navigation, a screenshot, a selector): a generous bound,
#: not a speed goal. Playwright's 30 s was too short on a CI machine loaded by two workers and their
#: browsers (a screenshot waited 30 s for a frame there); a working step returns long before.
BROWSER_TIMEOUT_MS = 120_000


class PatientBrowser:
    """The browser, whose every new context and page waits up to :data:`BROWSER_TIMEOUT_MS`."""

    def __init__(self, browser) -> None:
        self._browser = browser

    def __getattr__(self, name: str):
        return getattr(self._browser, name)

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        context.set_default_timeout(BROWSER_TIMEOUT_MS)
        context.set_default_navigation_timeout(BROWSER_TIMEOUT_MS)
        return context

    def new_page(self, **options):
        page = self._browser.new_page(**options)
        page.set_default_timeout(BROWSER_TIMEOUT_MS)
        page.set_default_navigation_timeout(BROWSER_TIMEOUT_MS)
        return page


@pytest.fixture()
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    yield page
    context.close()


#: A phone's screen (the smallest the tutor is built for is 360 px; most learners' are 390 to 430)
PHONE = {"width": 390, "height": 844}


@pytest.fixture()
def phone(browser):
    """A page on a touch phone: tapping the picture is how a learner plays there."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


#: ``TEST_PICTURES=1 make test`` keeps a picture of the pages the browser tests walk through, in
#: test-artifacts/, for a person to look at. Nothing checks them, and taking hundreds of full-page
#: screenshots cost CI about two minutes of its twenty, so by default they are not taken.
KEEP_PICTURES = os.environ.get("TEST_PICTURES", "") not in ("", "0")


def keep_picture(page, path: Path, full_page: bool = False) -> None:
    """A screenshot of ``page`` (a page or a locator) saved at ``path``, when pictures are kept."""
    if KEEP_PICTURES:
        page.screenshot(path=str(path), **({"full_page": True} if full_page else {}))
