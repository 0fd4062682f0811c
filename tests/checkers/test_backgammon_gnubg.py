"""The backgammon engine's plays held against GNU Backgammon's move generator (gnubg-nn, GPL-3.0,
dev extra only; BACKGAMMON.md §5) on more than 50,000 positions: from seeded random games, and
made-up ones that lean on the rules (bar entries against closed boards, bear-offs with larger
dice, rolls where only one die can be played).

Plays are compared as sets of end positions. Every board is validated by the engine's Position
(15 checkers at most, no shared point, no negatives) before gnubg sees it, because gnubg accepts
bad boards silently; finished games are never passed to it (it answers one empty play), and the
calls that hang (``hint()`` with dice, ``command("new game")``) are never made.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

gnubg_nn = pytest.importorskip("gnubg_nn")

from tutor.games.backgammon import START, WHITE, BLACK, Position, legal_plays  # noqa: E402
from tutor.games.backgammon.plays import end_board, generate_plays, key_of  # noqa: E402


def engine_ends(position: Position) -> set:
    """The engine's end positions; each must be listed exactly once (a play list has one play per
    distinct end position)."""
    opponent, mover = position.board()
    d1, d2 = position.dice
    plays = generate_plays(mover, opponent, (d1,) * 4 if d1 == d2 else (d1, d2))
    ends = [end_board(opponent, key_of(mover, steps)) for steps in plays]
    assert len(set(ends)) == len(ends), position
    return set(ends)


def gnubg_answer(position: Position) -> tuple[set, int]:
    """gnubg's end positions, and how many dice its plays use (from its step lists)."""
    assert not position.is_over  # gnubg answers a finished game with one empty play
    opponent, mover = position.board()
    answer = gnubg_nn.moves([list(opponent), list(mover)], position.dice[0], position.dice[1], 1)
    ends = set()
    used = 0
    for key, steps in answer:
        board = gnubg_nn.board_from_position_key(key)
        ends.add((tuple(board[0]), tuple(board[1])))
        used = max(used, len(steps))
    return ends, used


def agree(position: Position) -> tuple[bool, int]:
    theirs, used = gnubg_answer(position)
    ours = engine_ends(position)
    if not ours:  # a lost turn: gnubg lists no play (or the unchanged position as its one "play")
        opponent, mover = position.board()
        return theirs in (set(), {(opponent, mover)}), 0
    return ours == theirs, used


def random_game_positions(seed: int, games: int) -> list[Position]:
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        position = START.replace(to_move=rng.choice((WHITE, BLACK)))
        while True:
            position = position.with_dice(rng.randint(1, 6), rng.randint(1, 6))
            found.append(position)
            plays = legal_plays(position)
            position = rng.choice(plays).after if plays else position.replace(dice=None, to_move=position.to_move.other)
            if position.is_over:
                break
    return found


def _place(rng: random.Random, count: int, points: list[int], own: list[int], other: list[int] | None) -> None:
    """Put ``count`` checkers on random ``points`` (indices in own numbering) not held by ``other``."""
    for _ in range(count):
        choices = [p for p in points if other is None or not other[23 - p]]
        own[rng.choice(choices)] += 1


def closed_board_position(rng: random.Random) -> Position:
    """The mover has 1-4 checkers on the bar against a home board with 3-6 points made."""
    opponent, mover = [0] * 25, [0] * 25
    made = rng.sample(range(18, 24), rng.randint(3, 6))  # the opponent's own 19-24 = the mover's entry points
    left = 15
    for p in made:
        opponent[p] = 2 + (left >= 2 * len(made) + 1 and rng.random() < 0.3)
        left -= opponent[p]
    _place(rng, left, list(range(0, 18)), opponent, None)
    mover[24] = rng.randint(1, 4)
    _place(rng, rng.randint(0, 15 - mover[24]), list(range(24)), mover, opponent)
    return _position(rng, mover, opponent)


def bear_off_position(rng: random.Random) -> Position:
    """Every checker of the mover home (or one on the bar: hit during the bear-off), some off."""
    opponent, mover = [0] * 25, [0] * 25
    _place(rng, rng.randint(1, 15), list(range(0, 6)), mover, None)
    if rng.random() < 0.2 and sum(mover) < 15:
        mover[24] = 1
    _place(rng, rng.randint(0, 15), list(range(0, 24)), opponent, mover)
    return _position(rng, mover, opponent, bear_off=True)


def one_die_position(rng: random.Random) -> Position:
    """Few mover checkers behind a wall: often only one die (or none) can be played."""
    opponent, mover = [0] * 25, [0] * 25
    start = rng.randint(0, 17)
    wall = [p for p in range(start, start + rng.randint(4, 6)) if p < 24]
    for p in wall:
        opponent[23 - p] = 2
    left = 15 - 2 * len(wall)
    _place(rng, rng.randint(1, 5), [p for p in range(24) if p > max(wall)] or [23], mover, opponent)
    _place(rng, left, list(range(24)), opponent, mover)
    if rng.random() < 0.3 and sum(mover) < 15:
        mover[24] += 1
    return _position(rng, mover, opponent)


def _position(rng, mover, opponent, bear_off=False) -> Position:
    to_move = rng.choice((WHITE, BLACK))
    white, black = (mover, opponent) if to_move is WHITE else (opponent, mover)
    if bear_off and rng.random() < 0.7:
        d1, d2 = rng.randint(4, 6), rng.randint(1, 6)  # larger dice than the points left
    else:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    return Position(white, black, to_move, (d1, d2))


MADE_UP = {"bar entry against a closed board": closed_board_position, "bear-off": bear_off_position,
           "one die or none": one_die_position}


def test_plays_agree_with_gnubg_on_20000_positions_from_seeded_games():
    positions = random_game_positions(seed=12, games=260)[:20_000]
    assert len(positions) == 20_000
    kinds = Counter()
    for position in positions:
        same, used = agree(position)
        assert same, position
        kinds["doubles" if position.dice[0] == position.dice[1] else "two dice"] += 1
        kinds["bar" if position.on_bar(position.to_move) else "no bar"] += 1
    assert kinds["doubles"] > 2_500 and kinds["bar"] > 1_500, kinds


@pytest.mark.parametrize("kind", list(MADE_UP))
def test_plays_agree_with_gnubg_on_10000_made_up_positions(kind):
    rng = random.Random(kind)
    make = MADE_UP[kind]
    seen = Counter()
    checked = 0
    while checked < 10_000:
        position = make(rng)
        if position.is_over:
            continue
        same, used = agree(position)
        assert same, position
        checked += 1
        d1, d2 = position.dice
        if d1 != d2 and used == 1:
            seen["one die"] += 1
        if used == 0:
            seen["none"] += 1
        if position.on_bar(position.to_move):
            seen["bar"] += 1
        if max(position.dice) > max((i + 1 for i, n in enumerate(position.checkers(position.to_move)[:24]) if n),
                                    default=0):
            seen["larger die than the highest point"] += 1
    # the made-up positions do lean on the rule they were made for
    floor = {"bar entry against a closed board": ("bar", 9_000), "bear-off": ("larger die than the highest point", 1_500),
             "one die or none": ("one die", 1_000)}[kind]
    assert seen[floor[0]] >= floor[1], seen
