"""The coach: the evaluator's best play with reasons that are true of it, and a grade for every play.

Pure (no Flask): the web layer words the notes. The evaluator (``evaluator.py``) ranks the legal
plays; this module says which one to recommend, why, and how good a learner's play was.

- A recommendation names one play **the best** only when the evaluator rates it above the others;
  a play the dice force is **the only play**; plays less than :data:`EQUAL_WITHIN` mp apart are
  called equally good.
- Its reasons are the codes of :data:`REASON_CODES`, each listed only when the play does what its
  sentence says (``tests/backgammon/test_coach.py`` checks each one against the board).
- A grade, by the play's loss against the best (BACKGAMMON.md §9): best (0), good (< 20 mp),
  inaccuracy (20-39), mistake (40-79), blunder (>= 80).

>>> from tutor.games.backgammon import START
>>> advice = advise(START.with_dice(3, 1))
>>> advice.best.play.notation, [n.kind for n in advice.reasons], advice.forced
('8/5 6/5', ['makes_point', 'safe'], False)
>>> split = next(p for p in advice.ranking.plays if p.play.notation == "24/23 24/21")
>>> graded = grade(START.with_dice(3, 1), split.play)
>>> graded.label, graded.loss >= 80, graded.better.play.notation
('blunder', True, '8/5 6/5')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tutor.games.backgammon.analysis import Note
from tutor.games.backgammon.cube import computer_doubles, computer_takes
from tutor.games.backgammon.evaluator import DEFAULT_LEVEL, LEVELS, RankedPlay, Ranking, end_key, evaluator, sage_board
from tutor.games.backgammon.plays import (BAR_POINT, OFF, Play, Step, end_board, generate, legal_ends, legal_plays,
                                         parse_play, raw_to_step, replay_steps)
from tutor.games.backgammon.position import BLACK, WHITE, Position, Side

#: Plays less than this far apart (mp) are called equally good: the evaluator's own error is of
#: this order, so a learner is not told one is better.
EQUAL_WITHIN = 10
#: A grade by loss (mp): the first whose bound the loss is under (BACKGAMMON.md §9).
GRADES: tuple[tuple[str, int], ...] = (("best", 1), ("good", 20), ("inaccuracy", 40), ("mistake", 80))
BLUNDER = "blunder"
#: The reasons a play may be recommended for, in the order they are said.
REASON_CODES = ("only_play", "bears_off", "hits", "makes_point", "anchors", "primes", "escapes", "safe", "races")
#: A prime worth the name: this many points in a row.
PRIME = 4


def grade_label(loss: int) -> str:
    for label, bound in GRADES:
        if loss < bound:
            return label
    return BLUNDER


# ----- what a play does --------------------------------------------------------------------------
def _held(own: Sequence[int]) -> list[bool]:
    """By the side's own point number (index 0 unused): two or more checkers there."""
    return [False] + [own[i] >= 2 for i in range(24)]


def _longest_run(held: Sequence[bool]) -> int:
    run = best = 0
    for point in range(1, 25):
        run = run + 1 if held[point] else 0
        best = max(best, run)
    return best


def contact(position: Position) -> bool:
    """Can a checker of one side still meet one of the other's? (Else it is a pure race.)"""
    white, black = position.checkers(WHITE), position.checkers(BLACK)
    white_back = 25 if white[24] else max((i + 1 for i in range(24) if white[i]), default=0)
    black_back = 25 if black[24] else max((i + 1 for i in range(24) if black[i]), default=0)
    # in White's numbering Black's point j is 25 - j: contact while White's back checker is beyond
    # Black's rearmost one
    return white_back > 25 - black_back


def reasons(play: Play, forced: bool = False) -> tuple[Note, ...]:
    """What ``play`` does, as notes in :data:`REASON_CODES` order, each one true of it."""
    side: Side = play.before.to_move
    before, after = play.before.checkers(side), play.after.checkers(side)
    found: list[Note] = []
    if forced:
        found.append(Note("only_play", {}))
    off = sum(1 for s in play.steps if s.dst == OFF)
    if off:
        found.append(Note("bears_off", {"count": off}))
    hits = sorted({s.dst for s in play.steps if s.hit}, reverse=True)
    if hits:
        found.append(Note("hits", {"points": hits}))
    was, now = _held(before), _held(after)
    made = [p for p in range(24, 0, -1) if now[p] and not was[p]]
    if [p for p in made if p <= 18]:
        found.append(Note("makes_point", {"points": [p for p in made if p <= 18]}))
    if [p for p in made if p >= 19]:
        found.append(Note("anchors", {"points": [p for p in made if p >= 19]}))
    run = _longest_run(now)
    if run >= PRIME and run > _longest_run(was):
        found.append(Note("primes", {"length": run}))
    if any((s.src == BAR_POINT or s.src >= 19) and 1 <= s.dst <= 18 for s in play.steps):
        found.append(Note("escapes", {}))
    if not contact(play.after):
        found.append(Note("races", {}))
    elif not any(after[i] == 1 for i in range(24)):
        found.append(Note("safe", {}))
    return tuple(found)


# ----- advice ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Advice:
    """The recommended play of a position (or of the rest of a turn), and why."""

    ranking: Ranking
    best: RankedPlay
    reasons: tuple[Note, ...]
    forced: bool  # the only legal play (of those still open)
    equal: tuple[RankedPlay, ...]  # other plays less than EQUAL_WITHIN mp below the best
    rest: tuple[Step, ...] = ()  # the best play's steps still to make, after the learner's

    @property
    def level(self) -> str:
        return self.ranking.level


def advise(position: Position, played: Sequence[Step] = (), level: str = DEFAULT_LEVEL) -> Advice | None:
    """The evaluator's best play for ``position`` (which has dice), among those that go on from
    the learner's ``played`` steps; None when nothing is left to play."""
    if position.dice is None or position.is_over:
        return None
    ranking = evaluator().rank(position, level) if _has_plays(position) else None
    if ranking is None:
        return None
    open_plays, rests = _open(position, ranking, played)
    if not open_plays:
        return None
    best = open_plays[0]
    forced = len(open_plays) == 1
    equal = tuple(r for r in open_plays[1:] if best.equity - r.equity < EQUAL_WITHIN / 1000)
    return Advice(ranking, best, reasons(best.play, forced), forced, equal, rests.get(end_key(best.play), ()))


def _has_plays(position: Position) -> bool:
    return bool(legal_plays(position))


def _open(position: Position, ranking: Ranking, played: Sequence[Step]) -> tuple[list[RankedPlay], dict]:
    """The ranked plays that go on from ``played`` (all of them when nothing is played), best
    first, and for each the steps still to make (by its end key)."""
    if not played:
        return list(ranking.plays), {end_key(r.play): r.play.steps for r in ranking.plays}
    me, opponent, left = replay_steps(position, played)
    if not left:
        return [], {}
    legal = legal_ends(position)
    rests: dict = {}
    for key, steps in generate(me, opponent, left).items():
        their, mine = end_board(opponent, key)
        if (their, mine) not in legal:
            continue
        rests.setdefault(sage_board(mine, their), tuple(raw_to_step(s) for s in steps))
    return [r for r in ranking.plays if end_key(r.play) in rests], rests


# ----- a grade for the learner's play ------------------------------------------------------------
@dataclass(frozen=True)
class Grade:
    """How the learner's play compares with the best one."""

    played: RankedPlay
    label: str  # best, good, inaccuracy, mistake or blunder (see GRADES)
    best: RankedPlay
    reasons: tuple[Note, ...]  # the best play's, when it is another play
    forced: bool  # the dice allowed no other play
    equal: bool  # less than EQUAL_WITHIN mp from the best

    @property
    def loss(self) -> int:
        return self.played.loss

    @property
    def better(self) -> RankedPlay | None:
        """The play to show instead, when the learner's was not the best."""
        return None if self.label == "best" else self.best


def grade(position: Position, play: Play, level: str = DEFAULT_LEVEL) -> Grade:
    """The grade of ``play``, a legal play of ``position``, evaluated at the full level."""
    ranking = evaluator().rank(position, level, include=(play,))
    mine = ranking.of(play)
    forced = len(ranking.plays) == 1
    best = ranking.best
    label = "best" if forced else grade_label(mine.loss)
    return Grade(mine, label, best, () if label == "best" else reasons(best.play), forced,
                 mine.loss < EQUAL_WITHIN)


def strong_player(position: Position) -> Play | None:
    """The strong opponent's play: the evaluator's best (None when the dice cannot be used)."""
    if position.dice is None or position.is_over or not _has_plays(position):
        return None
    return evaluator().rank(position).best.play


# ----- the analyze API's advice fields (shared/API.md, "Advice") -------------------------------------
class AdviceError(ValueError):
    """A request's advice field the app cannot use (``code``, ``where``: the field)."""

    def __init__(self, message: str, code: str, where: str, **params: object) -> None:
        super().__init__(message)
        self.code, self.where, self.params = code, where, params


def read_level(value: object) -> str:
    if value is None:
        return DEFAULT_LEVEL
    if value not in LEVELS:
        raise AdviceError(f"level {value!r}", "level", "level", levels=list(LEVELS))
    return str(value)


def read_played(position: Position, value: object) -> Play:
    """The learner's play of a ``played`` field: the notation of a legal play (as the answer lists
    it, or any standard writing of it), or the position it leaves (``after``'s format)."""
    plays = legal_plays(position) if position.dice is not None and not position.is_over else []
    if not plays:
        raise AdviceError("played without a play to make", "played_no_play", "played")
    if isinstance(value, str) and len(value) <= 80:
        for play in plays:
            if play.notation == value.strip():
                return play
        try:
            parsed = parse_play(position, value)
        except (ValueError, IndexError):
            parsed = None
        if parsed is not None:
            return next(p for p in plays if end_key(p) == end_key(parsed))
    elif isinstance(value, dict):
        for play in plays:
            if play.after.checkers_json() == value:
                return play
    shown = value if isinstance(value, str) else "…"
    raise AdviceError(f"played {shown!r} is not a legal play", "played", "played", played=str(shown)[:40])


def advice_fields(answer: dict, position: Position, level: str, played: Play | None = None) -> dict:
    """The advice added to an analyze answer (``answer``: ``analysis.analyze``'s): the plays sorted
    best first with their equity and loss, the recommended play and its reasons, the grade of
    ``played``; before a roll, the videau by the app's rule and by the evaluator."""
    fields: dict = {}
    if answer["action"] == "play":
        ranking = evaluator().rank(position, level, include=(played,) if played else ())
        by_notation = {r.play.notation: r for r in ranking.plays}
        ordered = sorted(answer["plays"], key=lambda p: ranking.plays.index(by_notation[p["notation"]]))
        fields["plays"] = [{**p, "equity": round(by_notation[p["notation"]].equity, 3),
                            "loss": by_notation[p["notation"]].loss} for p in ordered]
        best = ranking.best
        forced = len(ranking.plays) == 1
        fields["recommended"] = {"notation": best.play.notation, "equity": round(best.equity, 3),
                                 "reasons": [n.kind for n in reasons(best.play, forced)], "level": level}
        if played is not None:
            graded = grade(position, played, level)
            fields["grade"] = {"notation": played.notation, "loss": graded.loss, "label": graded.label,
                               "better": graded.better.play.notation if graded.better else None}
    elif answer["action"] == "roll" and answer["can_double"]:
        view = evaluator().cube(position, level)
        side = position.to_move
        fields["cube"] = {"app_rule": {"double": computer_doubles(position, side), "take": computer_takes(position, side)},
                          "evaluator": {"double": view.double, "take": view.take, "win": round(view.win, 3),
                                        "gammon": round(view.gammon, 3)}}
    return fields


__all__ = ["Advice", "AdviceError", "advice_fields", "read_level", "read_played", "BLUNDER", "EQUAL_WITHIN", "GRADES", "Grade", "PRIME", "REASON_CODES", "advise", "contact",
           "grade", "grade_label", "reasons", "strong_player"]
