"""How large the slides of both courses come out on a projector (run by hand, never a test).

``.venv/bin/python bench/slide_sizes.py [lang]`` (default ``id``, the longest of the course's
languages): every slide of the domino and the backgammon course, plain and with its answer shown
(A), in real Chromium at 1280 x 720 and 1920 x 1080, the app served in this process. One line per
screen and course: the body text's sizes, the smallest word in a picture, and for dominoes the
face-up tiles' long side and the smallest pip, for backgammon the boards' sizes, in CSS px.
The goals (issue #32, README "The courses and presenter mode"): text >= 28 px, words >= 24 px, tiles
>= 60 px with pips >= 6 px at 1280 x 720.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from werkzeug.serving import make_server  # noqa: E402

from tutor import create_app  # noqa: E402
from tutor.course import load_course  # noqa: E402
from tutor.games.backgammon.course import load_course as backgammon_course  # noqa: E402
from tutor.web import present  # noqa: E402
from tutor.web.domino.present import DOMINOES  # noqa: E402
from test_browser_lesson import TILES  # noqa: E402  (the browser test's own measure of a slide's tiles)

SLIDE = """() => { const s = document.querySelector('.slide:not([hidden])');
  const body = [...s.querySelectorAll('.slide-text p, .slide-text li')].map(e => parseFloat(getComputedStyle(e).fontSize));
  const svg = [...s.querySelectorAll('.visual svg')].find(e => e.getBoundingClientRect().width > 0);
  let words = Infinity, board = null;
  if (svg) {
    svg.querySelectorAll('text').forEach(t => {
      if (!t.textContent.trim() || !t.getBoundingClientRect().width) return;
      const m = t.getScreenCTM();
      words = Math.min(words, parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)));
    });
    const r = svg.getBoundingClientRect();
    board = [Math.round(r.width), Math.round(r.height)];
  }
  return {body: body.length ? Math.min(...body) : null, maxBody: body.length ? Math.max(...body) : null,
          words: words === Infinity ? null : words, board}; }"""


def main(lang: str = "id") -> None:
    from playwright.sync_api import sync_playwright

    app = create_app({"TESTING": True, "SECRET_KEY": "bench: slide sizes, a key 32 bytes or longer"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        for width, height in ((1280, 720), (1920, 1080)):
            page = browser.new_page(viewport={"width": width, "height": height})
            for course, sections in (("domino", load_course()), ("backgammon", backgammon_course())):
                body, words, tiles, pips, boards = [], [], [], [], []
                for section in sections:
                    page.goto(f"{base}/{lang}/{course}/present/{section.id}/")
                    slides = present.slides_of(section, DOMINOES) if course == "domino" else present.slides_of(section)
                    for _slide in slides:
                        answer = page.locator(".slide:not([hidden]) details.answer").count()
                        for reveal in (False, True) if answer else (False,):
                            if reveal:
                                page.keyboard.press("a")
                            seen = page.evaluate(SLIDE)
                            body += [v for v in (seen["body"], seen["maxBody"]) if v]
                            words += [seen["words"]] if seen["words"] else []
                            boards += [seen["board"]] if seen["board"] else []
                            if course == "domino":
                                measured = page.evaluate(TILES)
                                if measured and measured["tile"] < 1e9:
                                    tiles.append(measured["tile"])
                                    pips.append(measured["pip"])
                        if answer:
                            page.keyboard.press("a")
                        page.keyboard.press("ArrowRight")
                line = (f"{width}x{height} {course}: body text {min(body):.1f}-{max(body):.1f} px; "
                        f"words in pictures from {min(words):.1f} px")
                if course == "domino":
                    line += f"; tiles {min(tiles):.0f}-{max(tiles):.0f} px, pips from {min(pips):.1f} px"
                else:
                    line += (f"; boards {min(b[0] for b in boards)}x{min(b[1] for b in boards)} to "
                             f"{max(b[0] for b in boards)}x{max(b[1] for b in boards)} px")
                print(line, flush=True)
            page.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main(*sys.argv[1:2])
