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
#: winning seat of a finished round, or the points it scores.
QUESTION_KINDS = ("move", "action", "winner", "points")


@dataclass(frozen=True)
class Question:
    kind: str
    text: str
    diagram: str
    explain: str = ""  # a sentence shown after any answer, to teach why


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


def _load_section(path: Path, number: int) -> Section:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    steps = []
    for i, raw in enumerate(data.get("steps", [])):
        where = f"{path.name} steps[{i}]"
        question = None
        if "question" in raw:
            q = raw["question"]
            if q.get("kind") not in QUESTION_KINDS:
                raise CourseError(f"{where}: question kind must be one of {QUESTION_KINDS}")
            question = Question(q["kind"], q["text"], q["diagram"], q.get("explain", ""))
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
