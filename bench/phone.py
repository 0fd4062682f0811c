"""What a phone downloads and how many round trips it waits for (run by hand, never a test).

Real headless Chromium (Debian's, through Playwright) at 390 x 844, as the phone walk of
2026-12-03 measured (``shared/reviews/2026-12-03-phone-walk.md``, walk 3). Start a server first,
with a known key so that the free games are the same every run::

    TUTOR_SECRET_KEY=bench-a-key-of-thirty-two-bytes-or-more make serve   # http://127.0.0.1:8000
    .venv/bin/python bench/phone.py transfer --host http://127.0.0.1:8000
    .venv/bin/python bench/phone.py game --host http://127.0.0.1:8000

- ``transfer``: each page type the walk measured, loaded in a fresh browser (a first visit), then
  again in the same browser after another page (a later visit): the requests that reached the
  network and the bytes they moved (headers and bodies, as sent: compressed when the server
  compresses), from Chromium's own network log (DevTools' "transferred").
- ``game``: one whole backgammon free game (the same game every run: a fixed game id and key)
  tapped through as a learner would, the first checker and its first destination each turn:
  the taps, the requests and the bytes, and the transfer size of the game's 5th and 40th pages.

Counts are what the browser did: a redirect is two requests, a static file revalidated with a 304
is one more, a file served from the browser's cache is none.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field

CHROMIUM = "/usr/bin/chromium"
#: The service worker is blocked: it fetches pages from the network first anyway, and its own
#: requests would hide the traffic from the page's network log (the static files are in the
#: browser's cache either way: immutable).
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2,
         "service_workers": "block"}


@dataclass
class Traffic:
    """The network traffic of one page (Chromium's Network domain, through CDP)."""

    requests: int = 0
    bytes: int = 0
    html_bytes: int = 0
    statuses: list[int] = field(default_factory=list)
    _types: dict = field(default_factory=dict)
    _cached: set = field(default_factory=set)

    def attach(self, page) -> None:
        session = page.context.new_cdp_session(page)
        session.send("Network.enable")
        session.on("Network.requestWillBeSent", self._sent)
        session.on("Network.responseReceived", self._received)
        session.on("Network.loadingFinished", self._finished)
        session.on("Network.requestServedFromCache", self._from_cache)
        self._session = session

    def _sent(self, event) -> None:
        self.requests += 1
        redirect = event.get("redirectResponse")
        if redirect:  # the same request id goes on to the redirect's target: count the redirect too
            self.statuses.append(redirect["status"])
            self.bytes += int(redirect.get("encodedDataLength", 0))
        self._types[event["requestId"]] = event.get("type")

    def _from_cache(self, event) -> None:
        self.requests -= 1  # the memory cache answered: nothing went over the network
        self._cached.add(event["requestId"])

    def _received(self, event) -> None:
        response = event["response"]
        if response.get("fromServiceWorker") or response.get("fromDiskCache"):
            if event["requestId"] not in self._cached:  # the disk cache answered (an icon, say)
                self.requests -= 1
                self._cached.add(event["requestId"])
            return
        self.statuses.append(response["status"])

    def _finished(self, event) -> None:
        size = int(event.get("encodedDataLength", 0))
        self.bytes += size
        if self._types.get(event["requestId"]) == "Document":
            self.html_bytes += size

    def reset(self) -> None:
        self.requests, self.bytes, self.html_bytes, self.statuses = 0, 0, 0, []


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu",
                                                                      "--disable-quic"])


# ----- a game played by taps -------------------------------------------------------------------------
BACKGAMMON_TAPS = {"confirm": '.moves button[value="confirm"]', "destination": ".moves button.target",
                   "checker": ".moves button.source", "roll": '.moves button[value="roll"]',
                   "take": '.moves button[value="take"]', "go on": '.moves button[value="go-on"]'}


def tap_backgammon(page) -> str | None:
    """One tap of a learner who plays the first checker to its first destination; what was tapped
    (a key of BACKGAMMON_TAPS), or None when the game is over."""
    for kind, selector in BACKGAMMON_TAPS.items():
        button = page.locator(selector).first
        if button.count():
            with page.expect_navigation():
                button.tap()
            return kind
    return None


def tap_dominoes(page) -> bool:
    """One tap in a domino game (All Fives and the others): an end to choose, the first playable
    tile, else draw or pass; False when the round is over."""
    for selector in (".choose-end a.button", ".moves button.tile-button.playable", '.moves button[value="draw"]',
                     '.moves button[value="pass"]'):
        target = page.locator(selector).first
        if target.count():
            with page.expect_navigation():
                target.tap()
            return True
    return False


def tap_mexican(page) -> bool:
    target = page.locator(".actions a.button").first
    if not target.count():
        return False
    with page.expect_navigation():
        target.tap()
    return True


def play_to(page, tap, url: str, taps: int | None = None) -> str:
    """Tap from ``url`` until the end (or ``taps`` taps); the address reached."""
    page.goto(url)
    count = 0
    while taps is None or count < taps:
        if not tap(page):
            break
        count += 1
    return page.url


# ----- transfer sizes --------------------------------------------------------------------------------
def game_pages(browser, host: str) -> dict[str, str]:
    """The addresses of the game pages the walk measured, found by playing (the same every run)."""
    from tutor.freeplay import new_backgammon_id, new_game_id, new_mexican_id
    from tutor.games.domino.rules import RULE_SETS

    context = browser.new_context(**PHONE)
    page = context.new_page()
    bg_start = f"{host}/vi/backgammon/play/game?g={new_backgammon_id(True, False, nonce=bytes(12))}"
    pages = {"bg game, start": bg_start}
    page.goto(bg_start)
    for _ in range(60):  # a late turn: a checker picked
        tap_backgammon(page)
    while not page.locator(".moves button.source").count() and tap_backgammon(page):
        pass
    with page.expect_navigation():
        page.locator(".moves button.source").first.tap()
    pages["bg game, late (checker picked)"] = page.url
    while tap_backgammon(page):
        pass
    pages["bg game, end"] = page.url
    pages["bg guided position"] = f"{host}/vi/backgammon/guided/hit"
    five = new_game_id(2, nonce=bytes(12), rules=RULE_SETS["all-fives"])
    pages["All Fives guided hand"] = f"{host}/id/domino/hands/" + _first_hand(page, host, "rules-all-fives")
    pages["All Fives free game, round end"] = play_to(page, tap_dominoes, f"{host}/id/domino/play?g={five}")
    mexican = f"{host}/id/domino/play?g={new_mexican_id(12, nonce=bytes(12))}"
    pages["Mexican guided hand"] = f"{host}/id/domino/hands/" + _first_hand(page, host, "rules-mexican-train")
    pages["Mexican double-12, mid round"] = play_to(page, tap_mexican, mexican, taps=8)
    pages["Mexican double-12, round end"] = play_to(page, tap_mexican, mexican)
    context.close()
    return pages


def _first_hand(page, host: str, section: str) -> str:
    page.goto(f"{host}/id/domino/hands/")
    href = page.locator(f"#{section} ul.course-map a").first.get_attribute("href")
    return href.rsplit("/", 1)[1]


def page_types(browser, host: str) -> dict[str, str]:
    fixed = {
        "home": "/vi/",
        "bg course index": "/vi/backgammon/",
        "bg lesson, text only": "/vi/backgammon/lessons/board/numbering",
        "bg lesson, diagram": "/vi/backgammon/lessons/board/start",
        "bg lesson, question": "/vi/backgammon/lessons/points/blocked",
        "bg practice index": "/vi/backgammon/play/",
        "domino course index": "/id/domino/",
        "domino lesson, All Fives diagram": "/id/domino/lessons/all-fives/count-the-ends",
        "domino lesson, Mexican diagram": "/id/domino/lessons/mexican-train/open-double",
        "domino practice index": "/id/domino/hands/",
        "other-ways comparison": "/id/domino/other-ways",
        "present index": "/vi/present/",
        "backgammon handout (all)": "/vi/backgammon/handout/",
        "domino handout (all)": "/id/domino/handout/",
        "a diagram opened alone (B1.svg)": "/vi/backgammon/diagrams/B1.svg",
    }
    pages = {name: host + path for name, path in fixed.items()}
    pages.update(game_pages(browser, host))
    return pages


def transfer(host: str) -> list[dict]:
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for name, url in page_types(browser, host).items():
            context = browser.new_context(**PHONE)
            page = context.new_page()
            traffic = Traffic()
            traffic.attach(page)
            response = page.goto(url)
            page.wait_for_load_state("networkidle")
            first = (traffic.requests, traffic.bytes, traffic.html_bytes, response.status)
            page.goto(host + "/vi/" if "/vi/" in url else host + "/id/")  # another page, then back
            page.wait_for_load_state("networkidle")
            traffic.reset()
            page.goto(url)
            page.wait_for_load_state("networkidle")
            rows.append({"page": name, "status": first[3], "cold requests": first[0], "cold bytes": first[1],
                         "cold html bytes": first[2], "later requests": traffic.requests,
                         "later bytes": traffic.bytes, "url length": len(url) - len(host)})
            context.close()
        browser.close()
    return rows


# ----- a whole backgammon game ------------------------------------------------------------------------
def whole_game(host: str) -> dict:
    from playwright.sync_api import sync_playwright

    from tutor.freeplay import new_backgammon_id

    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(**PHONE)
        page = context.new_page()
        url = f"{host}/vi/backgammon/play/game?g={new_backgammon_id(True, False, nonce=bytes(12))}"
        page.goto(url)
        page.wait_for_load_state("networkidle")
        traffic = Traffic()
        traffic.attach(page)
        sizes, tapped = [], []  # each tap's bytes and what it tapped, in order
        while True:
            before = traffic.bytes
            kind = tap_backgammon(page)
            if kind is None:
                break
            page.wait_for_load_state("networkidle")
            sizes.append(traffic.bytes - before)
            tapped.append(kind)
            if len(tapped) > 600:
                raise SystemExit("the game did not end in 600 taps")
        taps = len(tapped)
        result = {"taps": taps, "taps by kind": {kind: tapped.count(kind) for kind in BACKGAMMON_TAPS},
                  "requests": traffic.requests, "bytes": traffic.bytes,
                  "redirects": sum(1 for s in traffic.statuses if s in (301, 302, 303, 307, 308)),
                  "not modified (304)": sum(1 for s in traffic.statuses if s == 304),
                  "page 5 bytes": sizes[4], "page 5 after": tapped[4], "page 40 bytes": sizes[39],
                  "page 40 after": tapped[39], "last page bytes": sizes[-1],
                  "largest page bytes": max(sizes), "smallest page bytes": min(sizes),
                  "mean of pages 1-10": round(sum(sizes[:10]) / 10), "mean of pages 36-45": round(sum(sizes[35:45]) / 10),
                  "last url length": len(page.url) - len(host),
                  "end": page.locator("#status").inner_text()}
        browser.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("transfer", "game"))
    parser.add_argument("--host", default="http://127.0.0.1:8000")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    if args.what == "game":
        print(json.dumps(whole_game(args.host), ensure_ascii=False, indent=1))
        return
    rows = transfer(args.host)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    columns = list(rows[0])
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for row in rows:
        print("| " + " | ".join(str(row[c]) for c in columns) + " |")


if __name__ == "__main__":
    sys.path.insert(0, ".")
    main()
