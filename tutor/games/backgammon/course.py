"""The backgammon course as data: the rulebook's sections read from ``lessons/backgammon/NN-<id>.toml``.

Pure (no Flask). Sections and steps are the domino course's (``tutor.course``, the one loader for
every game's lessons directory); what is backgammon's own is the check question, which asks about a
board and which the backgammon engine judges, and the checks that ids and diagrams exist. Every
string is an English msgid (``tutor.extract`` extracts it).

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

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from tutor.paths import LESSONS as LESSONS_ROOT

from tutor.games.backgammon.diagrams import SECTIONS, diagram_by_id
from tutor.course import CourseError, Section, Step, find_in, neighbours_in, read_sections
from tutor.games.backgammon import BackgammonError, legal_plays
from tutor.games.backgammon.cube import result
from tutor.games.backgammon.plays import parse_play

LESSONS = LESSONS_ROOT / "backgammon"
QUESTION_KINDS = ("play", "count", "points")
#: The option of a ``play`` question that says the dice cannot be used: the turn is lost.
NO_PLAY = "none"

__all__ = ["CourseError", "Question", "Section", "Step", "NO_PLAY", "load_course", "find", "neighbours",
           "correct_options", "judge"]


@dataclass(frozen=True)
class Question:
    kind: str
    text: str  # an English msgid
    diagram: str
    options: tuple[str, ...]
    explain: str = ""

    def hides_answer_in(self, diagram_id: str | None) -> bool:
        """Whether the picture ``diagram_id`` is shown neutral (no rings, no dimming, no result or
        totals under it) until this question is answered: its own picture would answer it. The
        lesson page, the presenter's slides and the handout all ask this."""
        return diagram_id is not None and diagram_id == self.diagram


_QUESTION_KEYS = {"kind", "text", "diagram", "options", "explain"}


def _question(raw: dict, where: str) -> Question:
    if set(raw) - _QUESTION_KEYS:
        raise CourseError(f"{where}: unknown keys {sorted(set(raw) - _QUESTION_KEYS)}")
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


def _check(section: Section, path: Path) -> None:
    """A section is one of the rulebook's headings, and its pictures are backgammon diagrams."""
    if section.id not in SECTIONS:
        raise CourseError(f"{path.name}: id must be one of {SECTIONS}")
    for i, step in enumerate(section.steps):
        if step.diagram is None:
            continue
        try:
            diagram_by_id(step.diagram)
        except KeyError:
            raise CourseError(f"{path.name} steps[{i}]: no diagram {step.diagram}") from None


@lru_cache(maxsize=2)
def load_course(directory: Path = LESSONS) -> tuple[Section, ...]:
    """The sections in rulebook order (by file name)."""
    return read_sections(directory, _question, _check)


def find(section_id: str, step_id: str | None = None) -> tuple[Section | None, Step | None]:
    return find_in(load_course(), section_id, step_id)


def neighbours(section: Section, step: Step) -> tuple[tuple[Section, Step] | None, tuple[Section, Step] | None]:
    """The steps before and after ``step`` across the whole course."""
    return neighbours_in(load_course(), section, step)


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
    if not (answer.isascii() and answer.isdigit()) or int(answer) >= len(question.options):  # never int("²")
        return None
    return int(answer) in correct_options(question)
