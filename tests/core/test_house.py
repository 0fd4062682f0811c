"""The house (ARCHITECTURE.md): each game has its own room in every layer, and the layers import
only downwards. Read from the sources' import statements (those inside functions too), not from
what happens to be loaded: a module imported late is still a dependency."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGE = ROOT / "tutor"
GAMES = ("domino", "backgammon")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports: ``from a.b import c`` is ``a.b.c`` when that is
    a module, else ``a.b``; a package's ``__init__`` counts as the package."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {module for module in found if module in known and module != name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(path, set(known)) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_circle_finder_finds_a_circle_and_only_circles():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_imports_are_read_from_the_source_functions_included(tmp_path):
    """The reader sees a late import inside a function, and a name imported from a package as the
    module it is when it is one."""
    edges = graph()
    assert "tutor.web.domino.mexican_train.play" in edges["tutor.web.domino.play"]  # `from ... import play as ...`
    assert "tutor.freeplay" in edges["tutor"]  # imported inside create_app


def test_no_import_circles_in_the_package():
    assert circles(graph()) == []


def _room(module: str) -> str | None:
    """The game a module belongs to, in any layer (``tutor.games.<game>``, ``tutor.web.<game>``)."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] in ("games", "web") and parts[2] in GAMES:
        return parts[2]
    return None


def test_a_game_never_imports_another_game():
    for module, targets in graph().items():
        room = _room(module)
        if room is None:  # the app factory and the shared layers (tested below)
            continue
        for target in targets:
            assert _room(target) in (None, room), f"{module} (the {room} room) imports {target}"


def test_the_shared_web_modules_import_no_game():
    """``tutor/web/*.py`` is what every game shares (the home page, languages, errors, security,
    the sentence registry, the presenter and handout machinery, the API's shell): it reads the games
    through the rooms the app gives it (``tutor.web.rooms``), never by importing one."""
    shared = [m for m in graph() if m.startswith("tutor.web.") and m.count(".") == 2 and _room(m) is None]
    assert "tutor.web.present" in shared and "tutor.web.home" in shared
    edges = graph()
    for module in shared:
        for target in edges[module]:
            assert _room(target) is None and not target.startswith("tutor.games"), f"{module} imports {target}"


def test_the_engines_import_no_web_framework_and_no_layer_above():
    for module, path in modules().items():
        if not module.startswith("tutor.games"):
            continue
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        names |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not any(n.split(".")[0] in ("flask", "flask_babel", "jinja2", "werkzeug") for n in names), module
    for module, targets in graph().items():
        if module.startswith("tutor.games"):
            assert not any(t.startswith(("tutor.web", "tutor.tools")) or t == "tutor" for t in targets), module


@pytest.mark.parametrize("layer", ["tutor.games", "tutor.web", "tutor.course", "tutor.freeplay", "tutor.catalogs"])
def test_only_the_tools_import_the_tools(layer):
    for module, targets in graph().items():
        if module.startswith(layer) or (layer == "tutor.web" and module == "tutor"):
            assert not any(t.startswith("tutor.tools") for t in targets), f"{module} imports a tool"


def test_only_the_evaluator_module_talks_to_the_evaluator():
    """bgsage is behind one module's small interface (so the engine could be swapped)."""
    users = []
    for module, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        names |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        if any(n.split(".")[0] in ("bgsage", "bgbot_cpp") for n in names):
            users.append(module)
    assert users == ["tutor.games.backgammon.evaluator"]


def test_each_game_has_a_room_in_every_layer():
    """A game's engine, its web room (with the room the app registers), its templates and tests."""
    for game in GAMES:
        assert (PACKAGE / "games" / game / "__init__.py").exists(), game
        assert (PACKAGE / "web" / game / "room.py").exists(), game
        assert (ROOT / "templates" / game).is_dir(), game
        assert (ROOT / "tests" / game).is_dir(), game
    assert (PACKAGE / "games" / "domino" / "mexican_train" / "engine.py").exists()
    assert (PACKAGE / "web" / "domino" / "mexican_train" / "play.py").exists()
    assert not list(PACKAGE.rglob("mexican_*.py")), "Mexican Train's modules live in its own subpackage"
