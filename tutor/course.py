"""The course as data: nine sections read from ``lessons/NN-<section>.toml``.

Pure (no Flask). Each section has a title, a one-line summary and its steps; a step has a title,
paragraphs of text, optionally a diagram (an id from ``lessons/diagrams.toml``) and a check
question that the engine judges. Every string here is an English msgid: the web layer passes it
through gettext, and ``tutor.extract`` extracts it for the catalogs.

The loader is the same for every game: :func:`read_sections` reads a lessons directory
(``lessons/`` for dominoes, ``lessons/backgammon/``) and leaves only the check question, which each
game's engine judges, to a parser the game gives it (``tutor.games.backgammon.course`` for backgammon).
:func:`find_in` and :func:`neighbours_in` walk any game's sections.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable
from tutor.paths import LESSONS


#: Tries a check question gives, in every game's lessons: a wrong answer gets one more try before
#: the page shows the right one (a beginner learns more from looking again than from being told).
TRIES = 2


def tries_so_far(text: str | None) -> int:
    """The wrong answers a lesson page's form says were given before (its hidden ``tries`` field);
    0 for anything that is not a small number (the field is the learner's to change)."""
    text = text or ""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 3 else 0


#: Question kinds and what the learner picks: a move (tile + end), the required action, the
#: winning seat of a finished round, the points it scores, a count (``count`` says of what), or
#: the winner of the match after a round (``totals`` before it).
QUESTION_KINDS = ("move", "action", "winner", "points", "count", "match")
#: What a count question counts: the tiles of each hand in a fresh deal for ``seats`` players, the
#: tiles showing ``number`` that the learner has not seen (neither on the table nor in hand), or the
#: pips left in the learner's hand (Mexican Train adds them to the learner's total).
COUNTS = ("hand_size", "unseen", "pips")


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
    #: a ``round``'s rule set (a name of ``tutor.games.domino.rules.RULE_SETS``; Playboard's when empty)
    rules: str = ""
    #: a ``round`` stopped after this many actions (its position mid-round, the learner to act):
    #: ``None`` plays it to its end
    stop: int | None = None
    notes: tuple[str, ...] = ()  # speaker notes for the question's slide (msgids); the step's otherwise

    def hides_answer_in(self, diagram_id: str | None) -> bool:
        """Whether the picture ``diagram_id`` is shown neutral (no rings, no dimming, no result or
        totals under it) until this question is answered: its own picture would answer it. The
        lesson page, the presenter's slides and the handout all ask this."""
        return diagram_id is not None and diagram_id == self.diagram


@dataclass(frozen=True)
class Step:
    id: str
    title: str
    text: tuple[str, ...]
    diagram: str | None = None
    question: Any = None  # the game's check question: a ``Question`` here, ``backgammon_course.Question``
    notes: tuple[str, ...] = ()  # speaker notes for presenters


@dataclass(frozen=True)
class Section:
    id: str
    number: int
    title: str
    summary: str
    steps: tuple[Step, ...] = field(default=())
    #: The part of the course the section belongs to: "" for the rulebook, ``other-ways`` for the
    #: sections on the other rule sets (VARIANTS.md), which the course page lists under their own heading.
    part: str = ""
    #: The worksheet's exercises beyond the steps' check questions (``[[exercises]]``, each in the
    #: game's question format: a position the engine gives and a question it answers)
    exercises: tuple[Any, ...] = field(default=())

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


_QUESTION_KEYS = {"kind", "text", "explain", "diagram", "hands", "round", "seats", "count", "number", "totals", "rules", "notes"}


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
    stop = None
    if played is not None:
        if not isinstance(played, dict) or not {"seed", "seats"} <= set(played) <= {"seed", "seats", "stop"}:
            raise CourseError(f"{where}: round = {{ seed = N, seats = 2..4 }} (and stop = N actions, for a position mid-round)")
        stop = int(played["stop"]) if "stop" in played else None
        played = (int(played["seed"]), int(played["seats"]))
    if "rules" in q and (played is None or not isinstance(q["rules"], str)):
        raise CourseError(f"{where}: rules names the rule set of a round (a diagram has its own)")
    return Question(
        kind=kind, text=q["text"], diagram=q.get("diagram"), explain=q.get("explain", ""),
        hands=tuple(tuple(h) for h in hands), round=played, seats=int(q.get("seats", 0)),
        count=q.get("count", ""), number=int(q.get("number", 0)), totals=tuple(int(t) for t in q.get("totals", ())),
        rules=q.get("rules", ""), stop=stop, notes=_strings(q.get("notes", []), where),
    )


#: A game's question parser: the raw ``[steps.question]`` table and where it is (for errors).
QuestionParser = Callable[[dict, str], Any]
#: A game's extra check of a section read from ``path`` (its ids, its diagrams); raises CourseError.
SectionCheck = Callable[[Section, Path], None]


def _load_section(path: Path, number: int, question: QuestionParser) -> Section:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    steps = []
    for i, raw in enumerate(data.get("steps", [])):
        where = f"{path.name} steps[{i}]"
        steps.append(Step(
            id=raw["id"], title=raw["title"], text=_strings(raw["text"], where), diagram=raw.get("diagram"),
            question=question(raw["question"], f"{where} question") if "question" in raw else None,
            notes=_strings(raw.get("notes", []), where),
        ))
    ids = [s.id for s in steps]
    if len(set(ids)) != len(ids) or not ids:
        raise CourseError(f"{path.name}: step ids must be unique and there must be at least one step")
    exercises = tuple(question(raw, f"{path.name} exercises[{i}]") for i, raw in enumerate(data.get("exercises", [])))
    return Section(data["id"], number, data["title"], data["summary"], tuple(steps), data.get("part", ""), exercises)


def read_sections(directory: Path, question: QuestionParser, check: SectionCheck | None = None) -> tuple[Section, ...]:
    """A game's sections from ``directory/NN-<id>.toml``, in rulebook order (by file name)."""
    sections = []
    for number, path in enumerate(sorted(directory.glob("[0-9][0-9]-*.toml")), start=1):
        section = _load_section(path, number, question)
        if check is not None:
            check(section, path)
        sections.append(section)
    return tuple(sections)


# ----- lesson plans ------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlanPart:
    """One part of a lesson plan: a section's slides, a guided game played live with the class
    (``play``: its id in the game's guided games), or a moment of its own (a question to the class,
    an exit ticket: ``title``); ``text`` says what to do, in msgids."""

    minutes: int
    section: str = ""
    play: str = ""
    title: str = ""
    text: tuple[str, ...] = ()


@dataclass(frozen=True)
class Plan:
    """A suggested lesson: the course's sections (some of them) with their timings, what to play
    live and where to stop for questions, for a class of a given length."""

    id: str
    title: str
    summary: str
    parts: tuple[PlanPart, ...]

    @property
    def minutes(self) -> int:
        return sum(part.minutes for part in self.parts)


_PLAN_KEYS = {"id", "title", "summary", "part"}
_PART_KEYS = {"minutes", "section", "play", "title", "text"}


def read_plans(path: Path, section_ids: Collection[str], plays: Collection[str] = ()) -> tuple[Plan, ...]:
    """The lesson plans of a course (``lessons/<game>/plans.toml``; none when the file is missing):
    each part names exactly one of a section of ``section_ids``, a guided game of ``plays`` or a
    title of its own, and takes a whole number of minutes."""
    if not path.exists():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    plans = []
    for i, raw in enumerate(data.get("plan", [])):
        where = f"{path.name} plan[{i}]"
        if set(raw) - _PLAN_KEYS or not isinstance(raw.get("id"), str) or not isinstance(raw.get("title"), str):
            raise CourseError(f"{where}: a plan has an id, a title, a summary and parts ({sorted(_PLAN_KEYS)})")
        parts = []
        for j, part in enumerate(raw.get("part", [])):
            at = f"{where} part[{j}]"
            if set(part) - _PART_KEYS:
                raise CourseError(f"{at}: unknown keys {sorted(set(part) - _PART_KEYS)}")
            minutes = part.get("minutes")
            if not isinstance(minutes, int) or isinstance(minutes, bool) or not 1 <= minutes <= 90:
                raise CourseError(f"{at}: minutes is a whole number from 1 to 90")
            named = [key for key in ("section", "play", "title") if key in part]
            if len(named) != 1:
                raise CourseError(f"{at}: give exactly one of section, play, title")
            if "section" in part and part["section"] not in section_ids:
                raise CourseError(f"{at}: no section {part['section']!r}")
            if "play" in part and part["play"] not in plays:
                raise CourseError(f"{at}: no guided game {part['play']!r}")
            parts.append(PlanPart(minutes, part.get("section", ""), part.get("play", ""), part.get("title", ""),
                                  _strings(part.get("text", []), at)))
        if not parts:
            raise CourseError(f"{where}: a plan has parts")
        plans.append(Plan(raw["id"], raw["title"], raw.get("summary", ""), tuple(parts)))
    ids = [plan.id for plan in plans]
    if len(set(ids)) != len(ids):
        raise CourseError(f"{path.name}: plan ids must be unique")
    return tuple(plans)


def find_in(sections: tuple[Section, ...], section_id: str,
            step_id: str | None = None) -> tuple[Section | None, Step | None]:
    section = next((s for s in sections if s.id == section_id), None)
    if section is None or step_id is None:
        return section, None
    return section, section.step(step_id)


def neighbours_in(sections: tuple[Section, ...], section: Section,
                  step: Step) -> tuple[tuple[Section, Step] | None, tuple[Section, Step] | None]:
    """The step before and after, crossing into the previous and next sections."""
    flat = [(sec, st) for sec in sections for st in sec.steps]
    here = next(i for i, (sec, st) in enumerate(flat) if sec.id == section.id and st.id == step.id)
    before = flat[here - 1] if here > 0 else None
    after = flat[here + 1] if here + 1 < len(flat) else None
    return before, after


# ----- what a game offers the core ------------------------------------------------------------------
@runtime_checkable
class GameCourse(Protocol):
    """The interface a game offers the game-neutral core: its course, read by :func:`read_sections`
    from ``lessons/<game>/`` with the game's own check-question parser, and the way through it. The
    pages, the presenter, the handout and the progress in the browser need nothing more; a
    question is judged by the game that parsed it. Each game's course module is one
    (``tutor.course`` below for dominoes, ``tutor.games.backgammon.course``)."""

    def load_course(self) -> tuple[Section, ...]:
        """The sections in rulebook order."""
        ...

    def find(self, section_id: str, step_id: str | None = None) -> tuple[Section | None, Step | None]:
        """A section and one of its steps by their ids (None where there is no such one)."""
        ...

    def neighbours(self, section: Section, step: Step) -> tuple[tuple[Section, Step] | None, tuple[Section, Step] | None]:
        """The steps before and after ``step`` across the whole course."""
        ...


# ----- the domino course --------------------------------------------------------------------------
@lru_cache(maxsize=1)
def load_course(directory: Path = LESSONS) -> tuple[Section, ...]:
    """The domino sections in rulebook order (by file name)."""
    return read_sections(directory, _question)


def find(section_id: str, step_id: str | None = None) -> tuple[Section | None, Step | None]:
    return find_in(load_course(), section_id, step_id)


def neighbours(section: Section, step: Step) -> tuple[tuple[Section, Step] | None, tuple[Section, Step] | None]:
    """The step before and after, crossing into the previous and next sections."""
    return neighbours_in(load_course(), section, step)
