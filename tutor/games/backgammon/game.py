"""The opening roll and game records that replay and re-check every step.

Opening (BACKGAMMON.md): one die each, ties re-rolled (videau unchanged), the higher die plays
both. A record is JSON-like: ``{"opening": [[3, 3], [6, 1]], "turns": [...]}`` where each opening
pair is (White's die, Black's die) and each turn is one of ``{"double": true}`` (the side to move
offers), ``{"take": true}`` / ``{"drop": true}`` (the other side answers), or
``{"dice": [6, 5], "play": "24/13"}`` (``""`` when the dice cannot be used). The first turn after
the opening has no ``dice``: it plays the opening dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from tutor.games.backgammon.cube import Offer, Result, offer, result
from tutor.games.backgammon.errors import BackgammonError, IllegalMoveError, IllegalRecordError
from tutor.games.backgammon.plays import parse_play
from tutor.games.backgammon.position import BLACK, START, WHITE, Position, Side


@dataclass(frozen=True)
class Opening:
    rolls: tuple[tuple[int, int], ...]  # (White's die, Black's die), ties first

    @property
    def first(self) -> Side:
        white, black = self.rolls[-1]
        return WHITE if white > black else BLACK

    @property
    def dice(self) -> tuple[int, int]:
        white, black = self.rolls[-1]
        return (white, black) if white > black else (black, white)


def roll_opening(roll_die: Callable[[], int]) -> Opening:
    """Roll one die each until they differ."""
    rolls = []
    while True:
        pair = (roll_die(), roll_die())
        rolls.append(pair)
        if pair[0] != pair[1]:
            return Opening(tuple(rolls))


def check_opening(rolls: Any) -> Opening:
    if not isinstance(rolls, list) or not rolls:
        raise IllegalRecordError("opening: a list of die pairs", where="opening", reason="opening_format",
                                 reason_params={})
    for i, pair in enumerate(rolls):
        if (not isinstance(pair, list) or len(pair) != 2
                or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in pair)):
            raise IllegalRecordError("opening: a die pair", where=f"opening[{i}]", reason="dice", reason_params={})
        last = i == len(rolls) - 1
        if (pair[0] == pair[1]) != (not last):
            code = "opening_tie" if last else "opening_not_tie"
            raise IllegalRecordError(f"opening[{i}]: {code}", where=f"opening[{i}]", reason=code, reason_params={})
    return Opening(tuple(tuple(p) for p in rolls))


@dataclass
class Replay:
    """What a valid record led to: every position (before each turn entry) and the result."""

    positions: list[Position] = field(default_factory=list)
    result: Result | None = None


def replay(record: Any, start: Position = START) -> Replay:
    """Replay a record, checking every entry; IllegalRecordError names the first illegal one."""
    if not isinstance(record, dict):
        raise IllegalRecordError("a record is an object", where="", reason="body", reason_params={})
    opening = check_opening(record.get("opening"))
    turns = record.get("turns", [])
    if not isinstance(turns, list):
        raise IllegalRecordError("turns: a list", where="turns", reason="turns_format", reason_params={})
    position = start.replace(to_move=opening.first, dice=opening.dice)
    done = Replay([position])
    pending: Offer | None = None
    for i, turn in enumerate(turns):
        where = f"turns[{i}]"

        def refuse(code: str, **params: Any) -> IllegalRecordError:
            return IllegalRecordError(f"{where}: {code}", where=where, reason=code, reason_params=params)

        if done.result is not None or position.is_over:
            raise refuse("game_over")
        if not isinstance(turn, dict):
            raise refuse("turn_format")
        try:
            if pending is not None:
                if turn.get("take") is True:
                    position = position.replace(cube=pending.take())
                    pending = None
                elif turn.get("drop") is True:
                    done.result = pending.drop()
                    pending = None
                else:
                    raise refuse("answer_expected")
            elif turn.get("double") is True:
                pending = offer(position)
            elif "play" in turn:
                if position.dice is None:
                    dice = turn.get("dice")
                    if (not isinstance(dice, list) or len(dice) != 2
                            or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice)):
                        raise refuse("dice")
                    position = position.with_dice(*dice)
                elif "dice" in turn and list(position.dice) != turn["dice"]:
                    raise refuse("opening_dice")
                play = parse_play(position, turn["play"])
                position = play.after
                done.result = result(position)
            else:
                raise refuse("turn_format")
        except IllegalRecordError:
            raise
        except BackgammonError as error:
            raise IllegalRecordError(f"{where}: {error}", where=where, reason=error.code,
                                     reason_params=dict(error.params)) from None
        done.positions.append(position)
    return done


def random_game(rng: random.Random, start: Position = START) -> tuple[dict, Result]:
    """A complete game of random legal plays (no videau), as a record, and its result."""
    from tutor.games.backgammon.plays import legal_plays

    opening = roll_opening(lambda: rng.randint(1, 6))
    position = start.replace(to_move=opening.first, dice=opening.dice)
    turns: list[dict] = []
    while True:
        plays = legal_plays(position)
        play = rng.choice(plays) if plays else None
        entry: dict[str, Any] = {"play": play.notation if play else ""}
        if turns or len(opening.rolls) == 0:
            entry = {"dice": list(position.dice), **entry}
        turns.append(entry)
        position = play.after if play else position.replace(dice=None, to_move=position.to_move.other)
        over = result(position)
        if over is not None:
            return {"opening": [list(r) for r in opening.rolls], "turns": turns}, over
        position = position.with_dice(rng.randint(1, 6), rng.randint(1, 6))


def seeded_turns(count: int, seed: int, choose: Callable[[Position, random.Random], Any],
                 every: bool = False) -> list[Position]:
    """White's turns in seeded games (no videau) where both sides play ``choose(position, rng)``'s
    play: the first ``count`` with a choice of plays (with ``every``, with any play). The
    decisions the tests and benchmarks judge the coach on."""
    from tutor.games.backgammon.plays import legal_plays

    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = START.with_dice(*rng.sample(range(1, 7), 2))
        for _turn in range(200):
            if position.is_over:
                break
            plays = legal_plays(position)
            if position.to_move is WHITE and (len(plays) > 1 or (every and plays)):
                found.append(position)
            play = choose(position, rng) if plays else None
            after = play.after if play else position.replace(dice=None, to_move=position.to_move.other)
            position = after if after.is_over else after.with_dice(rng.randint(1, 6), rng.randint(1, 6))
    return found[:count]


def _unused(_: IllegalMoveError) -> None:  # keeps the import for readers: errors come from the engine
    pass


def random_playout(rng: random.Random) -> tuple[Side, int]:
    """A complete game of uniformly random legal plays from the start, on raw boards (the fast
    loop behind the benchmark's games/s): the winner and the multiplier (1, 2 or 3)."""
    from tutor.games.backgammon.plays import end_board, generate_plays, key_of

    opening = roll_opening(lambda: rng.randint(1, 6))
    side = opening.first
    d1, d2 = opening.dice
    opponent, mover = START.board()
    uniform = rng.random
    while True:
        found = generate_plays(mover, opponent, (d1,) * 4 if d1 == d2 else (d1, d2))
        if found:
            opponent, mover = end_board(opponent, key_of(mover, rng.choice(found)))
            if not any(mover):
                loser = opponent
                multiplier = 1 if sum(loser) < 15 else 3 if loser[24] or any(loser[18:24]) else 2
                return side, multiplier
        opponent, mover = mover, opponent
        side = side.other
        d1, d2 = int(uniform() * 6) + 1, int(uniform() * 6) + 1
