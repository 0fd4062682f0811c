"""The app is MIT-licensed; GNU Backgammon's Python modules are GPL and may only serve the tests,
as may the All Fives peer (``all-fives-domino``, whose top-level package is named ``src``).

The check runs in a fresh interpreter: this test process itself may have imported them.
"""

import ast
import json
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GPL_MODULES = {"gnubg", "gnubg_nn"}
TEST_ONLY_MODULES = GPL_MODULES | {"src"}  # all-fives-domino's package: a peer for the tests only

# Imports the app, serves a page of every kind through the test client (so that lazily imported
# modules load too), then prints every top-level module name that is loaded.
PROBE = """
import json, sys
from tutor import create_app
app = create_app({"TESTING": True, "SECRET_KEY": "probe"})
client = app.test_client()
for url in ("/en/", "/vi/domino/lessons/", "/id/domino/diagrams/", "/en/domino/hands/", "/en/present/"):
    client.get(url, follow_redirects=True)
client.post("/api/v1/domino/analyze", json={"hands": [["6-6"], ["5-5"]], "line": []})
client.post("/api/v1/backgammon/analyze", json={"white": {"6": 5}, "black": {"19": 5}, "to_move": "white"})
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
"""


def test_serving_pages_loads_no_test_only_module():
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "tutor" in loaded and "flask" in loaded  # the probe really imported and served the app
    assert not loaded & TEST_ONLY_MODULES, f"the app loaded test-only modules: {sorted(loaded & TEST_ONLY_MODULES)}"


def test_no_module_of_the_app_imports_a_test_only_module():
    offenders = []
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in TEST_ONLY_MODULES]
    assert offenders == []


def test_the_evaluator_is_a_pinned_mpl_library_the_app_may_use():
    """bgsage (the backgammon coach's evaluator) is MPL-2.0, code and weights: a runtime library an
    MIT app may use as it is. Read from the installed distribution's own metadata."""
    from importlib.metadata import metadata

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = [dep for dep in project["dependencies"] if dep.startswith("bgsage")]
    assert len(pins) == 1 and "==" in pins[0]
    assert metadata("bgsage")["License-Expression"] == "MPL-2.0"
    assert pins[0].split("==")[1] == metadata("bgsage")["Version"]


def test_licence_is_declared_and_gpl_packages_are_dev_only():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"  # an SPDX expression
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    runtime = [dep.split("=")[0].split(">")[0].split("<")[0].strip().lower() for dep in project["dependencies"]]
    assert not [dep for dep in runtime if dep.replace("-", "_") in GPL_MODULES]
