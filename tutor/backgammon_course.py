"""The backgammon course as data: the rulebook's sections read from ``lessons/backgammon/NN-<id>.toml``.

Pure (no Flask). Built beside the domino course (``tutor.course``) rather than inside it: the
sections, steps and pictures have the same shape, but a backgammon question asks about a board and
the backgammon engine judges it. Every string is an English msgid (``tutor.extract`` extracts it).

A question offers ``options`` and never stores its answer: the engine says which options are right
(``play``: the option that is a legal play of the picture's position; ``count``: the number of legal
plays; ``points``: what the finished game is worth), so a lesson cannot state a wrong answer.

>>> course = load_course()
>>> [s.id for s in course][:3]
['summary', 'board', 'dice']
>>> q = find("two-dice", "higher-die")[1].question
>>> [q.options[i] for i in correct_options(q)]
['24/18']
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .backgammon_diagrams import SECTIONS, diagram_by_id
from .games.backgammon import BackgammonError, legal_plays
from .games.backgammon.cube import result
from .games.backgammon.plays import parse_play

LESSONS = Path(__file__).resolve().parent.parent / "lessons" / "backgammon"
QUESTION_KINDS = ("play", "count", "points")
#: The option of a ``play`` question that says the dice cannot be used: the turn is lost.
NO_PLAY = "none"


class CourseError(ValueError):
    """A lesson file that does not follow the format."""


@dataclass(frozen=True)
class Question:
    kind: str
    text: str  # an English msgid
    diagram: str
    options: tuple[str, ...]
    explain: str = ""


@dataclass(frozen=True)
class Step:
    id: str
    title: str
    text: tuple[str, ...]
    diagram: str | None = None
    question: Question | None = None
    notes: tuple[str, ...] = ()


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


def _strings(value: object, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise CourseError(f"{where}: expected a string or a list of strings")


def _question(raw: dict, where: str) -> Question:
    if set(raw) - {"kind", "text", "diagram", "options", "explain"}:
        raise CourseError(f"{where}: unknown keys {sorted(set(raw) - {'kind', 'text', 'diagram', 'options', 'explain'})}")
    if raw.get("kind") not in QUESTION_KINDS:
        raise CourseError(f"{where}: kind must be one of {QUESTION_KINDS}")
    options = raw.get("options")
    if not isinstance(options, list) or len(options) < 2:
        raise CourseError(f"{where}: at least two options")
    try:
        diagram_by_id(raw.get("diagram", ""))
    except KeyError:
        raise CourseError(f"{where}: diagram must be a backgammon diagram id (B1...)") from None
    return Question(raw["kind"], raw["text"], raw["diagram"], tuple(str(o) for o in options), raw.get("explain", ""))


def _load_section(path: Path, number: int) -> Section:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    if data.get("id") not in SECTIONS:
        raise CourseError(f"{path.name}: id must be one of {SECTIONS}")
    steps = []
    for i, raw in enumerate(data.get("steps", [])):
        where = f"{path.name} steps[{i}]"
        diagram = raw.get("diagram")
        if diagram is not None:
            try:
                diagram_by_id(diagram)
            except KeyError:
                raise CourseError(f"{where}: no diagram {diagram}") from None
        steps.append(Step(
            id=raw["id"], title=raw["title"], text=_strings(raw["text"], where), diagram=diagram,
            question=_question(raw["question"], f"{where} question") if "question" in raw else None,
            notes=_strings(raw.get("notes", []), where),
        ))
    ids = [s.id for s in steps]
    if not ids or len(set(ids)) != len(ids):
        raise CourseError(f"{path.name}: step ids must be unique and there must be at least one step")
    return Section(data["id"], number, data["title"], data["summary"], tuple(steps))


@lru_cache(maxsize=2)
def load_course(directory: Path = LESSONS) -> tuple[Section, ...]:
    """The sections in rulebook order (by file name)."""
    return tuple(_load_section(path, n) for n, path in enumerate(sorted(directory.glob("[0-9][0-9]-*.toml")), 1))


def find(section_id: str, step_id: str | None = None) -> tuple[Section | None, Step | None]:
    section = next((s for s in load_course() if s.id == section_id), None)
    if section is None or step_id is None:
        return section, None
    return section, section.step(step_id)


def neighbours(section: Section, step: Step) -> tuple[tuple[Section, Step] | None, tuple[Section, Step] | None]:
    """The steps before and after ``step`` across the whole course."""
    flat = [(s, t) for s in load_course() for t in s.steps]
    here = next(i for i, (s, t) in enumerate(flat) if s.id == section.id and t.id == step.id)
    return (flat[here - 1] if here else None), (flat[here + 1] if here + 1 < len(flat) else None)


# ----- the engine judges ---------------------------------------------------------------------------
def _is_legal(position, notation: str) -> bool:
    if notation == NO_PLAY:
        return not legal_plays(position)
    try:
        parse_play(position, notation)
    except BackgammonError:
        return False
    return True


def correct_options(question: Question) -> list[int]:
    """The indexes of the options the engine accepts for the picture's position."""
    position = diagram_by_id(question.diagram).position
    if question.kind == "play":
        return [i for i, o in enumerate(question.options) if _is_legal(position, o)]
    if question.kind == "count":
        value = len(legal_plays(position))
    else:
        over = result(position)
        value = over.points if over else None
    return [i for i, o in enumerate(question.options) if o.isdigit() and int(o) == value]


def judge(question: Question, answer: str) -> bool | None:
    """Whether the chosen option (its index, as posted) is right; ``None`` for a malformed answer."""
    if not answer.isdigit() or int(answer) >= len(question.options):
        return None
    return int(answer) in correct_options(question)
