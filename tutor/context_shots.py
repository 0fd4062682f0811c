"""Context pictures for translators: for each msgid, a cropped screenshot of where it shows in English.

``make context-shots`` (``python -m tutor.context_shots [--out DIR] [--limit N]``) serves the app on
127.0.0.1 in a thread, opens its pages in Debian's Chromium (Playwright, as the browser tests do),
and for each page:

1. opens it with ``?msgids=1`` and notes, for each text shown as ``⟦msgid⟧``, the element that
   holds it (its path in the page) and the text;
2. opens the same page in English and photographs that element with some of its surroundings.

Each text is matched back to its catalog entry by the words around its placeholders (the msgids
view shows ``⟦3 steps⟧`` for ``%(num)d steps``). The pictures go to ``context-shots/`` (git-ignored),
one PNG per entry, named by :func:`shot_name`, with ``index.json`` (entry -> picture, page). The
status page and the msgids view show a picture when it exists and nothing when it does not.

A tool for translators and developers, never imported by the app: the app only reads the folder.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import threading
from pathlib import Path
from typing import Iterable
from .paths import REPOSITORY, TRANSLATIONS

SHOTS = REPOSITORY / "context-shots"
CHROMIUM = "/usr/bin/chromium"
#: Room kept around a text in its picture, in CSS pixels, so the picture shows where it is.
MARGIN = 48
VIEWPORT = {"width": 1280, "height": 900}

# placeholders as Python %-format writes them (kept in step with tutor.catalogs.PLACEHOLDER)
_PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[-#0 +]*(?:\d+|\*)?(?:\.\d+)?([diouxXeEfFgGcrsa%])")


def shot_name(msgid: str, context: str | None = None) -> str:
    """The picture's file name for a catalog entry: a hash of its context and msgid."""
    key = f"{context}\x04{msgid}" if context else msgid
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:16] + ".png"


def pattern_for(msgid: str) -> re.Pattern:
    """The text a msgid shows as, its placeholders filled with anything."""
    parts = _PLACEHOLDER.split(msgid)
    # split() returns text, name, type, text, name, type, ...: keep the texts
    texts = [" ".join(parts[i].split()) for i in range(0, len(parts), 3)]
    return re.compile("^" + ".+?".join(re.escape(t) for t in texts) + "$", re.S)


def page_paths(app) -> list[str]:
    """The English pages to photograph: the home page, every lesson step, the diagrams, the guided
    hands, the presenter's pages and the handout."""
    from .course import load_course
    from .games.domino.guided import load_hands

    with app.test_request_context("/"):
        from flask import url_for

        paths = [url_for("pages.home", lang_code="en"), url_for("pages.course", lang_code="en")]
        for section in load_course():
            for step in section.steps:
                paths.append(url_for("pages.step", lang_code="en", section_id=section.id, step_id=step.id))
        paths.append(url_for("diagrams.gallery", lang_code="en"))
        if "play.hands_index" in app.view_functions:
            paths.append(url_for("play.hands_index", lang_code="en"))
            for hand in load_hands().values():
                paths.append(url_for("play.guided", lang_code="en", hand_id=hand.id))
        paths.append(url_for("present.index", lang_code="en"))
        paths.append(url_for("present.handout", lang_code="en"))
        paths.append(url_for("translators.status", lang_code="en"))
    return paths


COLLECT = """() => {
  const path = (e) => {
    const steps = [];
    for (; e && e.nodeType === 1 && e !== document.documentElement; e = e.parentElement) {
      let i = 1;
      for (let s = e.previousElementSibling; s; s = s.previousElementSibling) i++;
      steps.unshift(e.tagName.toLowerCase() + ':nth-child(' + i + ')');
    }
    return 'html > ' + steps.join(' > ');
  };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || element.closest('svg, script, style, [hidden]')) continue;
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const text = node.nodeValue.replace(/\\s+/g, ' ');
    for (const match of text.matchAll(/⟦([^⟦⟧]*)⟧/g)) found.push({text: match[1].trim(), path: path(element)});
  }
  return found;
}"""


def _entries(pot: Path) -> list[tuple[str | None, str, re.Pattern]]:
    from babel.messages.pofile import read_po

    with pot.open("rb") as f:
        template = read_po(f)
    entries = []
    for message in template:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        for msgid in ids:
            entries.append((message.context, ids[0], pattern_for(msgid)))
    return entries


def _identify(shown: str, entries) -> tuple[str | None, str] | None:
    """The catalog entry behind a text of the msgids view (``context | msgid`` when it has one)."""
    context, _bar, text = shown.partition(" | ") if " | " in shown else (None, "", shown)
    text = " ".join(text.split())
    for entry_context, msgid, pattern in entries:
        if entry_context == context and pattern.match(text):
            return entry_context, msgid
    return None


def take_shots(base_url: str, paths: Iterable[str], out: Path, pot: Path, limit: int | None = None,
               browser=None) -> dict:
    """Photograph every entry found on ``paths``; the index written to ``out/index.json``. Uses
    ``browser`` (a Playwright browser, as the tests have one) or launches Chromium."""
    if browser is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            try:
                return take_shots(base_url, paths, out, pot, limit, launched)
            finally:
                launched.close()
    out.mkdir(parents=True, exist_ok=True)
    entries = _entries(pot)
    index: dict[str, dict] = {}
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    for path in paths:
        glue = "&" if "?" in path else "?"
        page.goto(f"{base_url}{path}{glue}msgids=1")
        found = page.evaluate(COLLECT)
        wanted = []
        for item in found:
            entry = _identify(item["text"], entries)
            if entry is None:
                continue
            name = shot_name(entry[1], entry[0])
            if name in index or any(name == w[0] for w in wanted):
                continue
            wanted.append((name, entry, item["path"]))
        if not wanted:
            continue
        page.goto(f"{base_url}{path}")
        for name, (entry_context, msgid), selector in wanted:
            element = page.locator(selector).first
            try:
                element.scroll_into_view_if_needed(timeout=2000)
                box = element.bounding_box(timeout=2000)
            except Exception:  # noqa: BLE001 - the English page may lay out differently: skip it
                continue
            if not box or box["width"] < 1:
                continue
            scroll = page.evaluate("[scrollX, scrollY]")
            left = max(0, box["x"] - MARGIN)
            top = max(0, box["y"] - MARGIN)
            width = min(VIEWPORT["width"] - left, box["width"] + 2 * MARGIN)
            height = min(VIEWPORT["height"] - top, box["height"] + 2 * MARGIN)
            if width < 8 or height < 8:
                continue
            page.screenshot(path=str(out / name), clip={"x": left + scroll[0], "y": top + scroll[1],
                                                       "width": width, "height": height}, full_page=True)
            index[name] = {"msgid": msgid, "context": entry_context, "page": path}
            if limit and len(index) >= limit:
                break
        if limit and len(index) >= limit:
            break
    context.close()
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1), encoding="utf-8")
    return index


def serve(app):
    """The app on 127.0.0.1 on a free port, in a thread: (base URL, server)."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", server


def main(argv: list[str]) -> int:
    args = list(argv)
    out = SHOTS
    limit = None
    if "--out" in args:
        i = args.index("--out")
        out = Path(args[i + 1])
        del args[i:i + 2]
    if "--limit" in args:
        i = args.index("--limit")
        limit = int(args[i + 1])
        del args[i:i + 2]
    from . import create_app

    app = create_app({"TESTING": True})
    base, server = serve(app)
    try:
        index = take_shots(base, page_paths(app), out, TRANSLATIONS / "messages.pot", limit)
    finally:
        server.shutdown()
    print(f"context-shots: {len(index)} pictures in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
