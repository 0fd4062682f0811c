"""Issue 18, item 7: the app imports a small languages module (tutor/languages.py); the translators'
tools (checks, statistics, commands, the live-reload compiler: tutor/catalogs.py) are imported only
when a translators' page or live reload uses them, never while the app starts or serves learners."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
from tutor import create_app
app = create_app({"TESTING": True})
print("after create_app:", "tutor.catalogs" in sys.modules)
client = app.test_client()
for url in ("/en/", "/vi/domino/lessons/turn/choose-an-end", "/id/domino/present/turn/", "/en/domino/handout/", "/en/domino/diagrams/"):
    assert client.get(url).status_code == 200, url
print("after learner pages:", "tutor.catalogs" in sys.modules)
assert client.get("/en/translators/").status_code == 200
print("after the status page:", "tutor.catalogs" in sys.modules)
"""


def test_creating_the_app_does_not_import_the_translators_tools():
    run = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert "after create_app: False" in lines, run.stdout
    assert "after learner pages: False" in lines, run.stdout
    assert "after the status page: True" in lines, run.stdout  # the probe can see the tools load


def test_the_languages_module_is_small_and_the_commands_still_work():
    source = (ROOT / "tutor" / "languages.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) < 80
    assert "from .catalogs" not in source and "import catalogs" not in source
    run = subprocess.run([sys.executable, "-m", "tutor.tools.catalogs", "stats"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0 and "vi:" in run.stdout, run.stderr
