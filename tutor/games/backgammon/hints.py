"""Hints for the learner's turn, as a ladder: a nudge, then the checker to move, then the play.

Pure (no Flask): each rung is a :class:`~.analysis.Note` (a sentence kind and its parameters) that
the web layer words in the learner's language. Every hint is computed from what the learner can
see: the board, the dice already rolled and the videau, never the dice still to come. The play the
last rung recommends is the evaluator's best (``coach.advise``), and so is the checker the middle
rung names; before a roll, the videau's rungs say what the app's pip rule would do and, apart,
what a strong player would do (``coach``'s evaluator).

>>> from tutor.games.backgammon import START
>>> ladder = move_ladder(START.with_dice(3, 1))
>>> ladder.nudge.kind, ladder.checker.params["point"], ladder.play.params["play"], ladder.play.kind
('dice_moves', 8, '8/5 6/5', 'play_recommended')
>>> [n.kind for n in ladder.play.params["reasons"]], ladder.play.params["equal"]
(['makes_point', 'safe'], [])

When the rule that both dice must be played takes a move away, the nudge comes with a note that
says which move and why (B7: with 6-1 the 6 from 8 to 2 would leave the 1 unplayable):

>>> b7 = Position.parse("W 24 8 6x7 2x6 | B 1x2 5x2 7x2 19x3 20x2 21x2 23x2").with_dice(6, 1)
>>> move_ladder(b7).rule
Note(kind='hint_both_dice', params={'moves': [(6, [8], 1)]})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tutor.games.backgammon.analysis import Note
from tutor.games.backgammon.coach import EQUAL_WITHIN, advise
from tutor.games.backgammon.cube import computer_doubles, computer_takes, pip_lead
from tutor.games.backgammon.evaluator import end_key, evaluator
from tutor.games.backgammon.plays import BAR_POINT, OFF, Step, first_steps, legal_plays, replay_steps, why_not
from tutor.games.backgammon.position import BLACK, WHITE, Position

#: The app's pip rule (BACKGAMMON.md §1, Trice's 8-9-12), as percentages, for the sentences only:
#: the decisions themselves are ``cube.computer_doubles`` and ``cube.computer_takes``.
DOUBLE_AT, REDOUBLE_AT, TAKE_UP_TO = 8, 9, 12


@dataclass(frozen=True)
class Ladder:
    """The three rungs, and the recommended play's remaining steps (to mark on the board).
    ``rule``, said with the nudge: the moves the two-dice rule takes away now, if any. ``expert``,
    said with the videau's last rung, apart: what a strong player would do (the evaluator's view)."""

    nudge: Note
    checker: Note
    play: Note
    steps: tuple[Step, ...] = ()
    rule: Note | None = None
    expert: Note | None = None


def _place(point: int) -> int | str:
    return "bar" if point == BAR_POINT else "off" if point == OFF else point


def _nudge(position: Position, played: Sequence[Step]) -> Note:
    side = position.to_move
    offered = first_steps(position, played)
    d1, d2 = position.dice
    plays = legal_plays(position)
    most = max(len(p.steps) for p in plays)
    if position.checkers(side)[24] and not played:
        entries = sorted({s.die for s in offered if s.src == BAR_POINT}, reverse=True)
        return Note("hint_enter", {"count": position.on_bar(side), "dice": entries,
                                   "points": [25 - d for d in entries]})
    if d1 != d2 and most == 1 and not played:
        die = offered[0].die
        return Note("hint_one_die", {"die": die, "other": d1 + d2 - die, "higher": die == max(d1, d2)})
    if any(s.dst == OFF for s in offered):
        return Note("hint_bear_off", {"dice": sorted({s.die for s in offered if s.dst == OFF}, reverse=True)})
    by_die: dict[int, list[int | str]] = {}
    for step in offered:
        by_die.setdefault(step.die, [])
        if _place(step.src) not in by_die[step.die]:
            by_die[step.die].append(_place(step.src))
    return Note("dice_moves", {"moves": sorted(by_die.items(), reverse=True), "doubles": d1 == d2})


def _two_dice_rule(position: Position, played: Sequence[Step], offered: Sequence[Step]) -> Note | None:
    """The moves the rule "play both dice if you can" takes away now: a checker a die could move
    on its own, which the app refuses because the other die could then not be played while
    another way plays both (the engine's why-not code for that tap, ``kills_other_die``). Each
    move is tried as the learner taps it: the checker, then the place one die away (the tray
    when that is past the last point). ``None`` when the rule takes no move away."""
    me, _opponent, left = replay_steps(position, played)
    taken: dict[tuple[int, int], list[int | str]] = {}
    sources = [BAR_POINT] * bool(me[24]) + [i + 1 for i in range(23, -1, -1) if me[i]]
    for src in sources:
        for die in sorted(set(left), reverse=True):
            dst = BAR_POINT - die if src == BAR_POINT else max(src - die, OFF)
            if any((s.src, s.dst) == (src, dst) for s in offered):
                continue  # offered: nothing to explain
            reason = why_not(position, src, dst, played)
            if reason is not None and reason.code == "kills_other_die":
                places = taken.setdefault((reason.params["die"], reason.params["other"]), [])
                if _place(src) not in places:
                    places.append(_place(src))
    if not taken:
        return None
    return Note("hint_both_dice", {"moves": [(die, places, other)
                                             for (die, other), places in sorted(taken.items(), reverse=True)]})


def play_note(position: Position, played: Sequence[Step] = ()) -> Note | None:
    """The last rung: the evaluator's best play (of those that go on from ``played``) with what it
    does, and the plays about as good; the only play when the dice leave no other."""
    advice = advise(position, played)
    if advice is None:
        return None
    text = advice.best.play.notation
    overall = advice.ranking.best
    same = end_key(advice.best.play) == end_key(overall.play)
    if played and (not same or (advice.forced and len(advice.ranking.plays) > 1)):
        # After a first step the rest is the best way to finish *that* play, which need not be the
        # turn's best play, nor the only play the dice allow: said as such, with the turn's best
        # play when it is clearly better (not when the two are about as good: EQUAL_WITHIN).
        close = overall.equity - advice.best.equity < EQUAL_WITHIN / 1000
        return Note("play_goes_on", {"play": text, "reasons": [] if advice.forced else list(advice.reasons),
                                     "only": advice.forced, "best": "" if close else overall.play.notation})
    if advice.forced:
        return Note("play_only", {"play": text})
    return Note("play_recommended", {"play": text, "reasons": list(advice.reasons),
                                     "equal": [r.play.notation for r in advice.equal]})


def move_ladder(position: Position, played: Sequence[Step] = ()) -> Ladder | None:
    """The ladder for the learner's play after ``played`` (None when nothing is left to play)."""
    advice = advise(position, played)
    if advice is None or not advice.rest:
        return None
    rest = advice.rest
    return Ladder(nudge=_nudge(position, played), checker=Note("hint_checker", {"point": _place(rest[0].src)}),
                  play=play_note(position, played), steps=rest,
                  rule=_two_dice_rule(position, played, first_steps(position, played)))


def cube_ladder(position: Position, answering: bool) -> Ladder:
    """The ladder for the videau: before the learner's roll (``answering`` False: double or roll?)
    or after the computer's offer (take or pass?), by the app's pip rule."""
    learner = WHITE
    own, other = position.pips(learner), position.pips(learner.other)
    if answering:
        lead = pip_lead(position, BLACK)  # the doubler's lead
        share = round(100 * lead / position.pips(BLACK), 1)
        take = computer_takes(position, BLACK)
        view = evaluator().cube(position)  # the doubler's side is on roll
        return Ladder(
            nudge=Note("hint_answer_rule", {"value": position.cube.value, "doubled": 2 * position.cube.value}),
            checker=Note("hint_answer_count", {"you": own, "computer": other, "lead": lead, "share": share,
                                               "limit": TAKE_UP_TO}),
            play=Note("hint_take" if take else "hint_pass", {"value": position.cube.value,
                                                             "doubled": 2 * position.cube.value}),
            expert=Note("expert_take" if view.take else "expert_pass", {"win": 1 - view.win,
                                                                          "gammon": view.gammon_loss}),
        )
    lead = pip_lead(position, learner)
    share = round(100 * lead / own, 1)
    threshold = DOUBLE_AT if position.cube.owner is None else REDOUBLE_AT
    double = computer_doubles(position, learner)  # the same rule the computer follows
    view = evaluator().cube(position)
    return Ladder(
        nudge=Note("hint_double_rule", {"value": position.cube.value, "doubled": 2 * position.cube.value}),
        checker=Note("hint_double_count", {"you": own, "computer": other, "lead": lead, "share": share,
                                           "threshold": threshold}),
        play=Note("hint_double" if double else "hint_roll", {"doubled": 2 * position.cube.value}),
        expert=Note("expert_double" if view.double else "expert_no_double", {"win": view.win, "gammon": view.gammon}),
    )


__all__ = ["DOUBLE_AT", "Ladder", "REDOUBLE_AT", "TAKE_UP_TO", "cube_ladder", "move_ladder", "play_note"]
