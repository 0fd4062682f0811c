"""Mexican Train's diagrams as data: a deal, the actions the engine replays from it, what to show,
and claims (issue #16; ``lessons/mexican_diagrams.toml``).

Pure (no Flask). They sit apart from ``lessons/diagrams.toml`` because their position is the
Mexican Train engine's (``tutor.games.domino.mexican_train.engine``: trains from an engine double, tiles
to 12-12), not the double-six line; they share its ids (D16 on), so a lesson step names either kind
by its id, and the web layer (``tutor.web.domino.diagrams``) draws whichever it is. Each position is the
one the engine reaches by replaying the history, so it is reachable by construction; the claims
(what the caption and the lesson say about the picture) are checked against the engine by
:func:`check_claims`, and against the independent checker by tests/domino/mexican_train/test_diagrams_mexican.py.

>>> d19 = mexican_diagram_by_id("D19")
>>> d19.position.markers, check_claims(d19)
((False, True), [])
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping

from tutor.paths import LESSONS
from tutor.games.domino.mexican_train import engine as mt
from tutor.games.domino.errors import DominoError

MEXICAN_DIAGRAMS_FILE = LESSONS / "mexican_diagrams.toml"
RULES = "mexican-train"
SECTIONS = ("mexican-train",)


class MexicanDiagramError(ValueError):
    """A diagram entry that does not follow the format (named by its id and key)."""


@dataclass(frozen=True)
class TrainDisplay:
    """What the picture shows: ``highlight`` "legal" (ring the learner's plays when it is the
    learner's turn), "none", or a list of actions; the other hand face up (``reveal``); the key of
    the colours from 7 up under the hand (``colour_key``)."""

    highlight: str | tuple[str, ...] = "legal"
    reveal: bool = False
    show_hand: bool = True
    show_opponent: bool = True
    show_boneyard: bool = True
    colour_key: bool = False


@dataclass(frozen=True)
class MexicanDiagram:
    id: str
    section: str
    title: str  # English msgid
    caption: str  # English msgid
    seat: int  # the learner's seat
    deal: Mapping[str, Any]  # the harness's deal dict
    history: tuple[str, ...]
    display: TrainDisplay = field(default_factory=TrainDisplay)
    claims: Mapping[str, Any] = field(default_factory=dict)
    rules: str = RULES

    @cached_property
    def position(self) -> mt.Position:
        """The position the picture shows (raises the engine's error on an illegal history)."""
        return mt.position_after(self.deal, self.history)

    def highlight(self) -> tuple[str, ...]:
        """The actions the picture rings."""
        if self.display.highlight == "none":
            return ()
        if self.display.highlight == "legal":
            position = self.position
            if position.is_over() or position.to_act != self.seat:
                return ()
            return tuple(a for a in position.legal_actions() if ":" in a)
        return tuple(self.display.highlight)


_KEYS = {"section", "rules", "seat", "title", "caption", "history", "deal", "display", "claims"}


def diagram_from_data(diagram_id: str, data: Mapping[str, Any]) -> MexicanDiagram:
    """One diagram from its TOML table; raises :class:`MexicanDiagramError` naming the bad key."""
    def fail(message: str) -> MexicanDiagramError:
        return MexicanDiagramError(f"{diagram_id}: {message}")

    if not (diagram_id.startswith("D") and diagram_id[1:].isdigit()):
        raise fail("a diagram id is D and a number")
    unknown = set(data) - _KEYS
    if unknown:
        raise fail(f"unknown keys {sorted(unknown)}")
    missing = _KEYS - {"display", "claims"} - set(data)
    if missing:
        raise fail(f"missing keys {sorted(missing)}")
    if data["rules"] != RULES:
        raise fail(f'rules must be "{RULES}"')
    if data["section"] not in SECTIONS:
        raise fail(f"section must be one of {SECTIONS}")
    if data["seat"] not in (0, 1):
        raise fail("seat is 0 or 1")
    display_data = dict(data.get("display", {}))
    if set(display_data) - set(TrainDisplay.__dataclass_fields__):
        raise fail(f"unknown display keys {sorted(set(display_data) - set(TrainDisplay.__dataclass_fields__))}")
    if isinstance(display_data.get("highlight"), list):
        display_data["highlight"] = tuple(display_data["highlight"])
    display = TrainDisplay(**display_data)
    if isinstance(display.highlight, str) and display.highlight not in ("legal", "none"):
        raise fail('display.highlight is "legal", "none" or a list of actions')
    claims = dict(data.get("claims", {}))
    if set(claims) - set(CLAIMS):
        raise fail(f"unknown claims {sorted(set(claims) - set(CLAIMS))} (known: {sorted(CLAIMS)})")
    diagram = MexicanDiagram(diagram_id, data["section"], data["title"], data["caption"], data["seat"],
                             dict(data["deal"]), tuple(data["history"]), display, claims)
    try:
        diagram.position  # the deal is a deal and the history is legal
    except (DominoError, ValueError) as error:
        raise fail(str(error)) from None
    return diagram


def load_mexican_diagrams_from(text: str) -> dict[str, MexicanDiagram]:
    return {i: diagram_from_data(i, table) for i, table in tomllib.loads(text).items()}


@lru_cache(maxsize=4)
def load_mexican_diagrams(path: Path = MEXICAN_DIAGRAMS_FILE) -> dict[str, MexicanDiagram]:
    """Every Mexican Train diagram of the file, in file order."""
    return load_mexican_diagrams_from(path.read_text(encoding="utf-8"))


def mexican_diagram_by_id(diagram_id: str) -> MexicanDiagram:
    """The Mexican Train diagram with this id; ``KeyError`` if there is none."""
    return load_mexican_diagrams()[diagram_id]


def is_mexican(diagram_id: str | None) -> bool:
    return diagram_id is not None and diagram_id in load_mexican_diagrams()


# ----- claims ----------------------------------------------------------------------------------
def last_drawn(diagram: MexicanDiagram) -> str | None:
    """The tile the history's last ``draw`` took (the boneyard's first tile then), or None."""
    draws = [i for i, action in enumerate(diagram.history) if action == "draw"]
    if not draws:
        return None
    before = mt.position_after(diagram.deal, diagram.history[:draws[-1]])
    return str(before.boneyard[0])


def _tiles(texts: Any) -> list[str]:
    return sorted(str(mt.TrainTile.parse(t)) for t in texts)


def _no_double(value: Any) -> Any:
    return None if value in ("", "none") else str(value)


#: Each claim: (what it means, how to read the expected value, how the engine answers).
CLAIMS: dict[str, tuple[str, Callable[[Any], Any], Callable[[MexicanDiagram, mt.Position], Any]]] = {
    "markers": ("each seat's own train carries a marker", lambda v: [bool(x) for x in v],
                lambda d, p: list(p.markers)),
    "open_double": ('the train ending in an unanswered double ("none": no open double)', _no_double,
                    lambda d, p: None if p.open_double() is None else p.open_double().name),
    "legal_actions": ("the legal actions of the seat to act, exactly", lambda v: sorted(v),
                      lambda d, p: p.legal_actions()),
    "to_act": ("the seat whose action is next", int, lambda d, p: p.to_act),
    "drawn": ("the tile the last draw took", lambda v: str(mt.TrainTile.parse(v)), lambda d, p: last_drawn(d)),
    "hand": ("the learner's hand, exactly", _tiles, lambda d, p: sorted(str(t) for t in p.hands[d.seat])),
    "opponent_tiles": ("tiles in the other hand", int, lambda d, p: len(p.hands[1 - d.seat])),
    "boneyard": ("tiles in the boneyard", int, lambda d, p: len(p.boneyard)),
    "trains": ("each train's tiles as laid, from the engine outwards",
               lambda v: {k: list(t) for k, t in v.items()}, lambda d, p: {t.name: t.tiles() for t in p.trains}),
    "outcome": ("how the round ended: reason, winner, pips each keeps", lambda v: dict(v, pips=list(v["pips"])),
                lambda d, p: None if p.outcome() is None else p.outcome().to_dict()),
}


def check_claims(diagram: MexicanDiagram, position: mt.Position | None = None) -> list[str]:
    """Every claim the engine contradicts, as messages; ``[]`` when all hold."""
    position = diagram.position if position is None else position
    failures = []
    for name, value in diagram.claims.items():
        meaning, read, engine = CLAIMS[name]
        try:
            expected = read(value)
        except (DominoError, TypeError, ValueError, KeyError) as error:
            failures.append(f"{diagram.id}: claim {name} is malformed ({error})")
            continue
        actual = engine(diagram, position)
        if actual != expected:
            failures.append(f"{diagram.id}: {name} ({meaning}): the diagram claims {expected!r}, the engine says {actual!r}")
    return failures


def render_options(diagram: MexicanDiagram, neutral: bool = False) -> dict[str, Any]:
    """Keyword options for :func:`tutor.games.domino.mexican_train.render.render_trains` (all but
    ``labels``). Lesson pictures take the phone's layout everywhere: a page shows it at its own
    360 px (a half 40 px), a phone's narrower column a little smaller, a slide scaled to its box."""
    return {
        "seat": diagram.seat,
        "reveal": diagram.display.reveal,
        "highlight": () if neutral else diagram.highlight(),
        "narrow": True,
        "show_hand": diagram.display.show_hand,
        "show_opponent": diagram.display.show_opponent,
        "show_boneyard": diagram.display.show_boneyard,
        "id_prefix": f"dg-{diagram.id.lower()}-",
    }


__all__ = ["CLAIMS", "MEXICAN_DIAGRAMS_FILE", "MexicanDiagram", "MexicanDiagramError", "TrainDisplay",
           "check_claims", "diagram_from_data", "is_mexican", "last_drawn", "load_mexican_diagrams",
           "load_mexican_diagrams_from", "mexican_diagram_by_id", "render_options"]
