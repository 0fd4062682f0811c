"""The PyPI package ``all-fives-domino`` (1.0.23, MIT) as a peer for All Fives (VARIANTS.md), beside
``variants_checker.py``. Not a test module (no test_ prefix); tests/ only, never imported by the app.

The package installs a top-level package named ``src`` (and its tests as ``src.test``), so this
module imports it lazily, inside functions: importing this file (pytest's --doctest-modules does)
never loads ``src``, and works without the package. ``_package()`` also checks that the ``src``
found is the package's own before importing it.

Layouts are in variants_checker.py's plain form: the spinner's number and ``arms`` (``left``,
``right``, ``up``, ``down``: for each tile, the number at the arm's outer end and whether it was a
double). The package knows no arm names: a tile goes on a *piece* (the spinner, or the last piece of
an arm). So a placement here is ``(tile, target)``, ``target`` an arm name for a tile on that arm's
end, or ``"spinner"`` for a tile starting a new arm; ``collapse()`` puts arm placements into that form.

What is comparable (the package's own game path: ``Board.play``, ``DominoRound.valid_options``,
``AllFivesScorer``; on 2,000 random layouts played by variants_checker.SpinnerLayout, all agreed):

- ``count()`` and ``points()`` of any layout the rules allow (0 to 4 arms, doubles on arms).
- ``legal_placements()`` and ``play_score()`` unless exactly three arms hold tiles: there the package
  never opens the fourth side (``Board.play`` clears the spinner's ``is_crossing`` when its third arm
  is played), while VARIANTS.md opens it. ``legal_comparable()`` says which.

Not comparable (rules of the package that differ from VARIANTS.md): the lead (5-5 first, then 1-1
... 6-6, 0-0, not the highest double; no redeal, both draw; the lead scores), the boneyard (its last
tile is never drawn), the end of a round (the lower pip total wins the other's pips, not rounded;
ties carry over), the target (305, not 250), and its extra option of playing a double face down
("closed"), which ``legal_placements()`` leaves out.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
from pathlib import Path
from types import SimpleNamespace
from typing import Any

DISTRIBUTION = "all-fives-domino"
ARMS = ("left", "right", "up", "down")
SPINNER = "spinner"

Tile = tuple[int, int]
Arms = dict[str, list[tuple[int, bool]]]


def installed_version() -> str | None:
    """The package's version, or None when it is not installed (reads metadata, imports nothing)."""
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return None


def _package() -> SimpleNamespace:
    """Import the package's game modules, refusing any other top-level ``src`` on sys.path (a
    project's own src/ folder would otherwise be imported in its place)."""
    if installed_version() is None:
        raise ImportError(f"{DISTRIBUTION} is not installed")
    spec = importlib.util.find_spec("src")  # a top-level name: found, not imported
    expected = Path(importlib.metadata.distribution(DISTRIBUTION).locate_file("src/__init__.py"))
    if spec is None or spec.origin is None or Path(spec.origin).resolve() != expected.resolve():
        raise ImportError(f"'src' on sys.path is not {DISTRIBUTION}'s ({spec and spec.origin})")
    return SimpleNamespace(
        Board=importlib.import_module("src.main.game.Board").Board,
        Piece=importlib.import_module("src.main.game.Piece").Piece,
        Hand=importlib.import_module("src.main.game.Hand").Hand,
        DominoRound=importlib.import_module("src.main.game.DominoRound").DominoRound,
        Scorer=importlib.import_module("src.main.game.Scorer").AllFivesScorer,
    )


def arms_from_plays(spinner: int, plays: list[tuple[Tile, str]]) -> Arms:
    """``[((5, 2), "left"), ...]`` played from the spinner -> the plain ``arms`` form (no rule
    check here: the checker's SpinnerLayout.play does that)."""
    arms: Arms = {arm: [] for arm in ARMS}
    for (a, b), arm in plays:
        number = arms[arm][-1][0] if arms[arm] else spinner
        if number not in (a, b):
            raise ValueError(f"{(a, b)} does not match {number} on the {arm} arm")
        arms[arm].append((b if a == number else a, a == b))
    return arms


def tiles_on_arms(spinner: int, arms: Arms) -> dict[str, list[Tile]]:
    """The tiles of each arm, from the spinner outwards, as ``(high, low)``; checks the plain form
    (a double's outer number repeats the one before it; no tile twice; up and down only once left
    and right hold a tile)."""
    seen = {(spinner, spinner)}
    tiles: dict[str, list[Tile]] = {}
    for arm in ARMS:
        number, tiles[arm] = spinner, []
        for outer, double in arms.get(arm, []):
            if double != (outer == number):
                raise ValueError(f"{arm} arm: {(outer, double)} after {number} is not a tile")
            piece = (max(number, outer), min(number, outer))
            if piece in seen:
                raise ValueError(f"{piece} lies twice")
            seen.add(piece)
            tiles[arm].append(piece)
            number = outer
    if (tiles["up"] or tiles["down"]) and not (tiles["left"] and tiles["right"]):
        raise ValueError("up or down holds a tile before left and right both do")
    return tiles


def _board(spinner: int, arms: Arms) -> tuple[Any, Any, dict[str, Any]]:
    """Build the package's Board by replaying the tiles through ``Board.play`` (what its game does;
    the final state does not depend on the order across arms). Returns the package, the board and,
    for each arm, the piece a tile on that arm goes on (the spinner while the arm is empty)."""
    pkg = _package()
    board = pkg.Board()
    origin = pkg.Piece(spinner, spinner)
    board.play(origin)
    targets: dict[str, Any] = {}
    for arm, pieces in tiles_on_arms(spinner, arms).items():
        parent = origin
        for a, b in pieces:
            piece = pkg.Piece(a, b)
            board.play(piece, parent)
            parent = piece
        targets[arm] = parent
    return pkg, board, targets


def count(spinner: int, arms: Arms) -> int:
    """The package's sum of the open ends (``AllFivesScorer.count``)."""
    pkg, board, _ = _board(spinner, arms)
    return pkg.Scorer.count(board.origin)


def points(spinner: int, arms: Arms) -> int:
    """What the package awards for this layout after a play (the count if a multiple of 5)."""
    pkg, board, _ = _board(spinner, arms)
    return pkg.Scorer.board_score(board)


def legal_comparable(arms: Arms) -> bool:
    """Whether the package's legal placements may be compared with VARIANTS.md's: not when
    exactly three arms hold tiles (the package keeps the fourth side shut)."""
    return sum(1 for arm in ARMS if arms.get(arm)) != 3


def collapse(arms: Arms, placements) -> set[tuple[Tile, str]]:
    """Arm placements ``(tile, arm)`` (the checker's or the engine's) -> the package's terms: a tile
    on an arm still empty starts a new arm from the spinner, whichever side it is."""
    return {(tuple(tile), arm if arms.get(arm) else SPINNER) for tile, arm in placements}


def legal_placements(spinner: int, arms: Arms, hand: list[Tile]) -> set[tuple[Tile, str]]:
    """The package's legal plays of ``hand`` on the layout (``DominoRound.valid_options``, asked
    without dealing a round), as ``(tile (high, low), arm or "spinner")``; face-down ("closed")
    doubles, a rule VARIANTS.md does not have, are left out."""
    if not hand:
        return set()
    on_table = {(spinner, spinner)}.union(*tiles_on_arms(spinner, arms).values())
    if clash := on_table & {(max(t), min(t)) for t in hand}:  # the package would not notice
        raise ValueError(f"the hand holds tiles on the table: {sorted(clash)}")
    pkg, board, targets = _board(spinner, arms)
    where = {id(piece): arm for arm, piece in targets.items() if arms.get(arm)}
    where[id(board.origin)] = SPINNER
    pieces = pkg.Hand(*(pkg.Piece(*t) for t in hand))
    options = pkg.DominoRound.valid_options(SimpleNamespace(board=board), pieces)  # no round dealt
    return {((p.sides[1], p.sides[0]), where[id(origin)]) for p, origin, closed in options if not closed}


def play_score(spinner: int, arms: Arms, piece: Tile, arm: str) -> int:
    """What the package awards for playing ``piece`` on ``arm`` (an empty arm: from the spinner).
    Raises ValueError when the package would not offer that play (see legal_comparable)."""
    tile = (max(piece), min(piece))
    target = arm if arms.get(arm) else SPINNER
    if (tile, target) not in legal_placements(spinner, arms, [tile]):
        raise ValueError(f"{DISTRIBUTION} does not allow {tile} on {target}")
    pkg, board, targets = _board(spinner, arms)
    board.play(pkg.Piece(*tile), targets[arm])
    return pkg.Scorer.board_score(board)
