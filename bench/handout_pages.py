"""How many A4 pages each handout prints on (run by hand, never a test).

``.venv/bin/python bench/handout_pages.py`` prints, for vi, id and en, the pages of the whole
course's teacher's and class copy of each course, as Chromium prints them to PDF (A4, the print
stylesheet), the app served in this process.
"""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from werkzeug.serving import make_server  # noqa: E402

from tutor import create_app  # noqa: E402


def main() -> None:
    from playwright.sync_api import sync_playwright
    from pypdf import PdfReader

    app = create_app({"TESTING": True, "SECRET_KEY": "bench: handout pages, a key 32 bytes or longer"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as folder:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        for lang in ("vi", "id", "en"):
            counts = []
            for course in ("domino", "backgammon"):
                for copy, query in (("teacher", ""), ("class", "?copy=student")):
                    page.goto(f"{base}/{lang}/{course}/handout/{query}")
                    path = Path(folder) / f"{lang}-{course}-{copy}.pdf"
                    page.pdf(path=str(path), format="A4", prefer_css_page_size=True)
                    counts.append(f"{course} {copy} {len(PdfReader(str(path)).pages)}")
            print(f"{lang}: " + "; ".join(counts), flush=True)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
