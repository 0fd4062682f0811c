"""A game against the computer, rebuilt from the learner's decisions and a source of dice.

Pure (no Flask). The learner plays White, the computer Black (BACKGAMMON.md §1). A game is
replayed from its start, a source of dice and the learner's decisions in order; the computer's
decisions are deterministic (``players.recommend`` for plays, the rulebook's pip rule for the
videau), so the same decisions always rebuild the same game. Dice never come from the learner:
free play derives them from a server secret (``tutor.freeplay``), a guided position from its script.
Each roll is asked for with the path of the learner's decisions before it (:func:`decision_path`):
free play's dice follow it, so two different decisions lead to dice of their own (what one showed
says nothing of the other's) and the same decisions always meet the same dice (nothing is rolled
again by taking a decision back); a guided position's script ignores it.

A decision is a short token (the web layer puts them in the address):

- ``r``: roll (only asked when the learner may offer the videau first), ``d``: offer the videau;
- ``t`` / ``p``: take or pass (refuse) the computer's offer;
- a play: its steps joined by ``_``, each ``<from>-<to>`` in the learner's numbering, ``b`` for the
  bar and ``o<die>`` for off (``24-18_13-8``, ``b-20_13-8``, ``3-o6``);
- ``x``: go on after a roll that cannot be used (the turn is lost).

>>> from tutor.games.backgammon import START
>>> game = replay_game(start=START.replace(dice=(3, 1)), rolls=ScriptedDice([(6, 5)]), decisions=["8-5_6-5"])
>>> game.phase, [str(e.kind) for e in game.events]
(<Phase.END: 'end'>, ['play', 'roll', 'play'])
>>> game.events[1].dice, game.events[-1].side  # the script's 6-5 is the computer's roll
((6, 5), <Side.BLACK: 'black'>)
"""

from __future__ import annotations

import enum
import hashlib
from dataclasses import dataclass, field
from typing import Callable, Protocol, Sequence

from tutor.games.backgammon.cube import Offer, Result, can_double, computer_doubles, computer_takes, offer, result
from tutor.games.backgammon.errors import IllegalMoveError
from tutor.games.backgammon.plays import BAR_POINT, OFF, Play, Reason, Step, first_steps, legal_plays, move_paths, notation, why_not
from tutor.games.backgammon.players import recommend
from tutor.games.backgammon.position import BLACK, WHITE, Position, Side

LEARNER = WHITE
COMPUTER = BLACK

ROLL, DOUBLE, TAKE, PASS, GO_ON = "r", "d", "t", "p", "x"
STEP_SEPARATOR = "_"
#: far more decisions than a game takes (a long game is about 60 turns a side); bounds a request's work
MAX_DECISIONS = 400


class Phase(str, enum.Enum):
    """What the game waits for."""

    DECIDE = "decide"  # the learner may offer the videau before rolling: roll or double
    ANSWER = "answer"  # the computer offered the videau: take or pass
    MOVE = "move"  # the learner has rolled and has a play to make
    LOST = "lost"  # the learner's roll cannot be used: the turn is lost (go on)
    OVER = "over"  # the game has a result
    END = "end"  # a guided position's script has no more dice: its lesson is over


class DecisionError(IllegalMoveError):
    """A decision that does not fit the game at that point; ``params['index']`` says which."""


class DiceSource(Protocol):
    def roll(self, index: int, after: str = "") -> tuple[int, int] | None:
        """The ``index``-th roll of the game after the start (0 first), ``after`` the learner's
        decisions whose path is ``after`` ("" before any); ``None`` when there is none."""


@dataclass(frozen=True)
class ScriptedDice:
    """A guided position's fixed rolls, in order, whoever rolls them and whatever the learner did:
    a lesson's script (taking a decision back and trying another meets the same dice)."""

    rolls: Sequence[tuple[int, int]]

    def roll(self, index: int, after: str = "") -> tuple[int, int] | None:
        return tuple(self.rolls[index]) if index < len(self.rolls) else None


def decision_path(path: str, decision: str) -> str:
    """The path after one more learner decision (a digest of every decision so far, "" before any):
    a play is written as the board it leads to, so two ways of writing one play are one decision."""
    return hashlib.sha256(f"{path}\n{decision}".encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class Event:
    """One thing that happened, in order: ``kind`` is roll, play, no_play, double, take or pass."""

    kind: str
    side: Side
    dice: tuple[int, int] | None = None
    steps: tuple[Step, ...] = ()
    notation: str = ""
    before: Position | None = None  # the position the play was made from (to mark it on the board)


@dataclass
class Game:
    """Where a game stands after the learner's decisions."""

    start: Position
    position: Position
    phase: Phase
    events: list[Event] = field(default_factory=list)
    result: Result | None = None
    offer: Offer | None = None  # an offer waiting for the learner's answer
    decisions: int = 0  # how many of the learner's decisions were used
    rolls_used: int = 0  # how many rolls of the dice source were used
    path: str = ""  # the path of those decisions (decision_path), which the next roll is asked after

    @property
    def plays(self) -> list[Play]:
        """The learner's legal plays now (empty unless the phase is MOVE)."""
        return legal_plays(self.position) if self.phase is Phase.MOVE else []


def read_steps(token: str) -> list[Step]:
    """The steps of a play token (``24-18_13-8``); raises :class:`DecisionError` (code
    ``decision``) for anything else. Whether the steps are legal is checked against a position."""
    steps = []
    for part in token.split(STEP_SEPARATOR):
        src_text, sep, dst_text = part.partition("-")
        if not sep:
            raise DecisionError(f"{part!r} is not a step", code="decision", token=token)
        src = BAR_POINT if src_text == "b" else _number(src_text, token)
        if dst_text.startswith("o"):
            die, dst = _number(dst_text[1:], token), OFF
        else:
            dst = _number(dst_text, token)
            die = src - dst
        if not (1 <= src <= BAR_POINT and 0 <= dst <= 24 and 1 <= die <= 6):
            raise DecisionError(f"{part!r} is not a step", code="decision", token=token)
        steps.append(Step(src, dst, die, False))
    return steps


def _number(text: str, token: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise DecisionError(f"{token!r} is not a play", code="decision", token=token)
    return int(text)


def step_token(step: Step) -> str:
    src = "b" if step.src == BAR_POINT else str(step.src)
    dst = f"o{step.die}" if step.dst == OFF else str(step.dst)
    return f"{src}-{dst}"


def steps_token(steps: Sequence[Step]) -> str:
    return STEP_SEPARATOR.join(step_token(s) for s in steps)


def offered_step(position: Position, played: Sequence[Step], step: Step) -> Step:
    """``step`` as the engine offers it after ``played`` (with its hit flag); raises
    IllegalMoveError with the engine's why-not code when it is not offered."""
    for offered in first_steps(position, played):
        if (offered.src, offered.dst, offered.die) == (step.src, step.dst, step.die):
            return offered
    # another way to the same place may be offered (3/2/off for 3/off with the 4): then no reason
    reason = why_not(position, step.src, step.dst, played) or Reason("not_offered")
    raise IllegalMoveError(f"{step} is not offered: {reason.code}", code=reason.code, **reason.params)


def steps_to(position: Position, played: Sequence[Step], src: int, dst: int) -> tuple[Step, ...]:
    """The steps that move one checker from ``src`` to ``dst`` after ``played``, with one die or
    several (the higher die first when both orders are offered); IllegalMoveError with the
    engine's why-not code when no way is offered."""
    reason = why_not(position, src, dst, played)
    if reason is not None:
        raise IllegalMoveError(f"{src}/{dst} is not offered: {reason.code}", code=reason.code, **reason.params)
    for path in move_paths(position, played, src, dst):
        try:
            steps: list[Step] = []
            for step in path:
                steps.append(offered_step(position, (*played, *steps), step))
            return tuple(steps)
        except IllegalMoveError:
            continue
    raise IllegalMoveError(f"{src}/{dst} is not offered", code="not_offered")


def play_of_steps(position: Position, steps: Sequence[Step]) -> Play:
    """The complete play made of ``steps``, each one offered in turn; IllegalMoveError (the
    engine's why-not code, or ``incomplete`` when the dice allow more) otherwise."""
    played: list[Step] = []
    for step in steps:
        played.append(offered_step(position, played, step))
    if first_steps(position, played):
        raise IllegalMoveError("the play does not use the dice as the rules require", code="incomplete")
    if not played:
        raise IllegalMoveError("these dice can be used", code="must_move")
    return Play(position, tuple(played))


def replay_game(start: Position, rolls: DiceSource, decisions: Sequence[str], videau: bool = False,
                computer: Callable[[Position], Play | None] = recommend, resume: Game | None = None) -> Game:
    """Play the game from ``start`` (its ``dice``, if any, are the first mover's: the opening
    roll) with the learner's ``decisions``, until it needs a decision that is not there.

    ``resume``: the game as it stood after the first ``resume.decisions`` of these decisions (same
    start, dice and videau), to go on from instead of replaying them (a page's previous state).
    Raises :class:`DecisionError` (``params['index']``: which decision) for a decision that does
    not fit, or one too many."""
    if len(decisions) > MAX_DECISIONS:
        raise DecisionError("too many decisions", code="too_long", index=MAX_DECISIONS)
    if resume is not None and resume.phase not in (Phase.OVER, Phase.END):
        game = Game(start, resume.position, Phase.END, list(resume.events))
        position, used, index, pending = resume.position, resume.rolls_used, resume.decisions, resume.offer
        path = resume.path
    else:
        game = Game(start, start, Phase.END)
        position, used, index, path = start, 0, 0, ""
        pending: Offer | None = None

    def refuse(code: str, **params: object) -> DecisionError:
        return DecisionError(f"decision {index + 1}: {code}", code=code, index=index, **params)

    def next_decision() -> str | None:
        nonlocal index
        if index == len(decisions):
            return None
        index += 1
        return decisions[index - 1]

    def decided(decision: str) -> None:
        nonlocal path
        path = decision_path(path, decision)

    while True:
        over = result(position)
        if over is not None:
            game.result, game.phase = over, Phase.OVER
            break
        side = position.to_move
        if pending is not None:  # an offer waits for the other side's answer
            if pending.by is COMPUTER:
                answer = next_decision()
                if answer is None:
                    game.offer, game.phase = pending, Phase.ANSWER
                    break
                if answer not in (TAKE, PASS):
                    index -= 1
                    raise refuse("answer_expected")
                decided(answer)
                accepted = answer == TAKE
            else:
                accepted = computer_takes(position, LEARNER)
            if accepted:
                position = position.replace(cube=pending.take())
                game.events.append(Event("take", pending.by.other))
            else:
                game.events.append(Event("pass", pending.by.other))
                game.result, game.phase = pending.drop(), Phase.OVER
                break
            pending = None
        elif position.dice is None:
            if videau and can_double(position):
                if side is COMPUTER:
                    wants = computer_doubles(position)
                else:
                    choice = next_decision()
                    if choice is None:
                        game.phase = Phase.DECIDE
                        break
                    if choice not in (ROLL, DOUBLE):
                        index -= 1
                        raise refuse("roll_expected")
                    decided(choice)
                    wants = choice == DOUBLE
                if wants:
                    pending = offer(position)
                    game.events.append(Event("double", side))
                    continue
            dice = rolls.roll(used, path)
            if dice is None:
                game.phase = Phase.END
                break
            used += 1
            position = position.with_dice(*dice)
            game.events.append(Event("roll", side, dice))
        else:
            dice = position.dice
            if side is COMPUTER:
                play = computer(position)
            else:
                choice = next_decision()
                if choice is None:
                    game.phase = Phase.MOVE if legal_plays(position) else Phase.LOST
                    break
                if choice in (ROLL, DOUBLE, TAKE, PASS):
                    index -= 1
                    raise refuse("play_expected")
                if choice == GO_ON:
                    if legal_plays(position):
                        index -= 1
                        raise refuse("must_move")
                    play = None
                    decided(GO_ON)
                else:
                    try:
                        play = play_of_steps(position, read_steps(choice))
                    except IllegalMoveError as error:
                        index -= 1
                        raise refuse(error.code, **error.params) from None
                    decided(play.after.to_text())
            if play is None:
                game.events.append(Event("no_play", side, dice, before=position))
                position = position.replace(dice=None, to_move=side.other)
            else:
                game.events.append(Event("play", side, dice, play.steps, play.notation, before=position))
                position = play.after
    if index < len(decisions):
        raise refuse("game_over" if game.phase is Phase.OVER else "too_long")
    game.position, game.decisions, game.rolls_used, game.path = position, index, used, path
    return game


def partial_position(position: Position, steps: Sequence[Step]) -> Position:
    """The board after some steps of the learner's turn (the dice kept, to show the roll)."""
    if not steps:
        return position
    after = Play(position, tuple(steps)).after  # the other side to move, no dice: put them back
    return after.replace(to_move=position.to_move, dice=position.dice)


__all__ = [
    "COMPUTER", "DOUBLE", "DecisionError", "DiceSource", "decision_path", "Event", "GO_ON", "Game", "LEARNER", "PASS", "Phase",
    "ROLL", "ScriptedDice", "TAKE", "offered_step", "partial_position", "play_of_steps",
    "read_steps", "replay_game", "step_token", "steps_to", "steps_token",
]
