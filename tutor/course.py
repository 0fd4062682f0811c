"""The course as data: nine sections read from ``lessons/NN-<section>.toml``.

Pure (no Flask). Each section has a title, a one-line summary and its steps; a step has a title,
paragraphs of text, optionally a diagram (an id from ``lessons/diagrams.toml``) and a check
question that the engine judges. Every string here is an English msgid: the web layer passes it
through gettext, and ``tutor.extract`` extracts it for the catalogs.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

LESSONS = Path(__file__).resolve().parent.parent / "lessons"

#: Question kinds and what the learner picks: a move (tile + end), the required action, the
#: winning seat of a finished round, the points it scores, a count (``count`` says of what), or
#: the winner of the match after a round (``totals`` before it).
QUESTION_KINDS = ("move", "action", "winner", "points", "count", "match")
#: What a count question counts: the tiles of each hand in a fresh deal for ``seats`` players, or
#: the tiles showing ``number`` that the learner has not seen (neither on the table nor in hand).
COUNTS = ("hand_size", "unseen")


@dataclass(frozen=True)
class Question:
    """A check question. Its position comes from exactly one source: a rulebook ``diagram``; ``hands``
    (a round that has just ended by playing out, with these tiles left in each seat's hand); a
    ``round`` ``(seed, seats)`` dealt and played to its end by the engine's heaviest-first players;
    or, for a hand-size count, a fresh deal for ``seats`` players."""

    kind: str
    text: str  # an English msgid; %(you)s, %(opponent)s, %(tiles)s, %(number)s, %(seats)s, %(you_total)s, %(opponent_total)s are filled in
    diagram: str | None = None
    explain: str = ""  # a sentence shown once the answer is known, to teach why
    hands: tuple[tuple[str, ...], ...] = ()
    round: tuple[int, int] | None = None
    seats: int = 0
    count: str = ""
    number: int = 0
    totals: tuple[int, ...] = ()


@dataclass(frozen=True)
class Step:
    id: str
    title: str
    text: tuple[str, ...]
    diagram: str | None = None
    question: Question | None = None
    notes: tuple[str, ...] = ()  # speaker notes for presenters


@dataclass(frozen=True)
class Section:
    id: str
    number: int
    title: str
    summary: str
    steps: tuple[Step, ...] = field(default=())

    def step(self, step_id: str) -> Step | None:
        return next((s for s in self.steps if s.id == step_id), None)

    def index(self, step: Step) -> int:
        return self.steps.index(step)


class CourseError(ValueError):
    """A lesson file that does not follow the format."""


def _strings(value: object, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise CourseError(f"{where}: expected a string or a list of strings")


_QUESTION_KEYS = {"kind", "text", "explain", "diagram", "hands", "round", "seats", "count", "number", "totals"}


def _question(q: dict, where: str) -> Question:
    if set(q) - _QUESTION_KEYS:
        raise CourseError(f"{where}: unknown keys {sorted(set(q) - _QUESTION_KEYS)}")
    kind = q.get("kind")
    if kind not in QUESTION_KINDS:
        raise CourseError(f"{where}: kind must be one of {QUESTION_KINDS}")
    if not isinstance(q.get("text"), str) or not isinstance(q.get("explain", ""), str):
        raise CourseError(f"{where}: text and explain are sentences")
    sources = [key for key in ("diagram", "hands", "round") if key in q]
    if kind == "count" and q.get("count") == "hand_size":
        sources.append("seats")
    if len(sources) != 1:
        raise CourseError(f"{where}: give exactly one of diagram, hands, round (or seats for a hand size)")
    if kind == "count" and q.get("count") not in COUNTS:
        raise CourseError(f"{where}: count must be one of {COUNTS}")
    if ("count" in q or "number" in q) and kind != "count":
        raise CourseError(f"{where}: count and number belong to count questions")
    if (kind == "match") != ("totals" in q):
        raise CourseError(f"{where}: a match question, and only one, gives the totals before the round")
    hands = q.get("hands", [])
    if not (isinstance(hands, list) and all(isinstance(h, list) and all(isinstance(t, str) for t in h) for h in hands)):
        raise CourseError(f"{where}: hands is a list of hands, each a list of tiles")
    played = q.get("round")
    if played is not None:
        if not isinstance(played, dict) or set(played) != {"seed", "seats"}:
            raise CourseError(f"{where}: round = {{ seed = N, seats = 2..4 }}")
        played = (int(played["seed"]), int(played["seats"]))
    return Question(
        kind=kind, text=q["text"], diagram=q.get("diagram"), explain=q.get("explain", ""),
        hands=tuple(tuple(h) for h in hands), round=played, seats=int(q.get("seats", 0)),
        count=q.get("count", ""), number=int(q.get("number", 0)), totals=tuple(int(t) for t in q.get("totals", ())),
    )


def _load_section(path: Path, number: int) -> Section:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    steps = []
    for i, raw in enumerate(data.get("steps", [])):
        where = f"{path.name} steps[{i}]"
        question = None
        if "question" in raw:
            question = _question(raw["question"], f"{where} question")
        steps.append(Step(
            id=raw["id"], title=raw["title"], text=_strings(raw["text"], where),
            diagram=raw.get("diagram"), question=question, notes=_strings(raw.get("notes", []), where),
        ))
    ids = [s.id for s in steps]
    if len(set(ids)) != len(ids) or not ids:
        raise CourseError(f"{path.name}: step ids must be unique and there must be at least one step")
    return Section(data["id"], number, data["title"], data["summary"], tuple(steps))


@lru_cache(maxsize=1)
def load_course(directory: Path = LESSONS) -> tuple[Section, ...]:
    """The sections in rulebook order (by file name)."""
    files = sorted(directory.glob("[0-9][0-9]-*.toml"))
    return tuple(_load_section(path, number) for number, path in enumerate(files, start=1))


def find(section_id: str, step_id: str | None = None) -> tuple[Section | None, Step | None]:
    section = next((s for s in load_course() if s.id == section_id), None)
    if section is None or step_id is None:
        return section, None
    return section, section.step(step_id)


def neighbours(section: Section, step: Step) -> tuple[tuple[Section, Step] | None, tuple[Section, Step] | None]:
    """The step before and after, crossing into the previous and next sections."""
    flat = [(sec, st) for sec in load_course() for st in sec.steps]
    here = flat.index((section, step))
    before = flat[here - 1] if here > 0 else None
    after = flat[here + 1] if here + 1 < len(flat) else None
    return before, after
