"""One setting finds the app's data (issue #18, item 9): ``TUTOR_DATA_DIR`` moves templates/,
lessons/ and translations/ together, and no module finds them on its own."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_reads_its_data_from_tutor_data_dir(tmp_path):
    for folder in ("templates", "lessons", "translations"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    lesson = tmp_path / "lessons" / "01-objective.toml"
    text = lesson.read_text(encoding="utf-8")
    title = re.search(r'^title = "(.*)"$', text, re.M)[1]
    lesson.write_text(text.replace(f'title = "{title}"', 'title = "Moved data title"', 1), encoding="utf-8")
    guided = tmp_path / "lessons" / "backgammon" / "guided.toml"
    guided.write_text(guided.read_text(encoding="utf-8").replace(
        'title = "Only one die: the higher one"', 'title = "Moved guided title"'), encoding="utf-8")
    script = (
        "from tutor import create_app\n"
        "app = create_app({'SECRET_KEY': 'k' * 40, 'TESTING': True})\n"
        "client = app.test_client()\n"
        "print(app.config['DATA_DIR'])\n"
        "print('Moved data title' in client.get('/en/domino/').get_data(as_text=True))\n"
        "print('Moved guided title' in client.get('/en/backgammon/play/').get_data(as_text=True))\n"
    )
    env = {**os.environ, "TUTOR_DATA_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == [str(tmp_path.resolve()), "True", "True"]


def test_no_module_finds_data_through_its_own_file_path():
    for path in (ROOT / "tutor").rglob("*.py"):
        if path.name == "paths.py":
            continue
        assert "Path(__file__)" not in path.read_text(encoding="utf-8"), path
