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

from tutor.games.backgammon.diagrams import SECTIONS, Diagram, DiagramError, board_from, diagram_by_id
from tutor.course import CourseError, Section, Step, find_in, neighbours_in, read_sections
from tutor.games.backgammon import WHITE, BackgammonError, legal_plays
from tutor.games.backgammon.cube import result
from tutor.games.backgammon.plays import parse_play

LESSONS = LESSONS_ROOT / "backgammon"
QUESTION_KINDS = ("play", "count", "points", "pips")
#: The option of a ``play`` question that says the dice cannot be used: the turn is lost.
NO_PLAY = "none"
#: The kinds whose answer is a number, which a question may ask without options (a worksheet's
#: exercise: the class writes the number in).
NUMBER_KINDS = ("count", "points", "pips")

__all__ = ["CourseError", "Question", "Section", "Step", "NO_PLAY", "NUMBER_KINDS", "load_course", "find", "neighbours",
           "answer_value", "correct_options", "judge"]


@dataclass(frozen=True)
class Question:
    """A question about a board: a rulebook diagram (``diagram``), or for a worksheet's exercise a
    position of its own (``board``: a diagram without words, built from ``setup``, ``replay`` and
    ``dice`` as ``lessons/backgammon/diagrams.toml`` writes them). ``options`` are the choices; a
    question whose answer is a number (:data:`NUMBER_KINDS`) may have none, and the number is
    written in. ``pips`` asks for your pip count."""

    kind: str
    text: str  # an English msgid; %(dice)s and %(cube)s are filled in from the board
    diagram: str
    options: tuple[str, ...]
    explain: str = ""
    board: Diagram | None = None
    notes: tuple[str, ...] = ()  # speaker notes for the question's slide (msgids); the step's otherwise

    @property
    def picture(self) -> Diagram:
        """The board the question is about."""
        return self.board if self.board is not None else diagram_by_id(self.diagram)

    def hides_answer_in(self, diagram_id: str | None) -> bool:
        """Whether the picture ``diagram_id`` is shown neutral (no rings, no dimming, no result or
        totals under it) until this question is answered: its own picture would answer it. The
        lesson page, the presenter's slides and the handout all ask this."""
        return diagram_id is not None and diagram_id == self.diagram


_QUESTION_KEYS = {"kind", "text", "diagram", "options", "explain", "setup", "replay", "dice", "notes"}


def _question(raw: dict, where: str) -> Question:
    if set(raw) - _QUESTION_KEYS:
        raise CourseError(f"{where}: unknown keys {sorted(set(raw) - _QUESTION_KEYS)}")
    if raw.get("kind") not in QUESTION_KINDS:
        raise CourseError(f"{where}: kind must be one of {QUESTION_KINDS}")
    options = raw.get("options", [])
    if not isinstance(options, list) or (len(options) < 2 and not (raw["kind"] in NUMBER_KINDS and not options)):
        raise CourseError(f"{where}: at least two options (a question whose answer is a number may have none)")
    inline = {key for key in ("setup", "replay", "dice") if key in raw}
    board = None
    if inline:
        if "diagram" in raw:
            raise CourseError(f"{where}: a diagram, or a board of its own (setup, replay, dice), not both")
        replay = raw.get("replay", [])
        if not (isinstance(replay, list) and all(isinstance(turn, str) for turn in replay)):
            raise CourseError(f"{where}: replay is a list of turns such as \"6-1: 13/7 8/7\"")
        try:
            board = board_from(raw.get("setup"), replay, raw.get("dice"))
        except (BackgammonError, DiagramError) as error:
            raise CourseError(f"{where}: {error}") from None
    else:
        try:
            diagram_by_id(raw.get("diagram", ""))
        except KeyError:
            raise CourseError(f"{where}: diagram must be a backgammon diagram id (B1...)") from None
    notes = raw.get("notes", [])
    if not (isinstance(notes, list) and all(isinstance(n, str) for n in notes)):
        raise CourseError(f"{where}: notes is a list of sentences")
    return Question(raw["kind"], raw["text"], raw.get("diagram", ""), tuple(str(o) for o in options),
                    raw.get("explain", ""), board, tuple(notes))


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


def answer_value(question: Question) -> int | None:
    """What the engine says a number question's answer is: the number of legal plays (``count``),
    what the finished game is worth (``points``), your pip count (``pips``)."""
    position = question.picture.position
    if question.kind == "count":
        return len(legal_plays(position))
    if question.kind == "pips":
        return position.pips(WHITE)
    if question.kind == "points":
        over = result(position)
        return over.points if over else None
    return None


def correct_options(question: Question) -> list[int]:
    """The indexes of the options the engine accepts for the picture's position."""
    position = question.picture.position
    if question.kind == "play":
        return [i for i, o in enumerate(question.options) if _is_legal(position, o)]
    value = answer_value(question)
    return [i for i, o in enumerate(question.options) if o.isdigit() and int(o) == value]


def judge(question: Question, answer: str) -> bool | None:
    """Whether the chosen option (its index, as posted) is right; ``None`` for a malformed answer."""
    if not (answer.isascii() and answer.isdigit()) or int(answer) >= len(question.options):  # never int("²")
        return None
    return int(answer) in correct_options(question)
