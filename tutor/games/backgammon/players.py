"""The computer's backgammon players: pure Python, deterministic, no GPL code.

:func:`recommend` is a 1-ply search: every legal play (the engine's, one per end position) is
scored by :func:`evaluate` from the mover's side just after the play, and the best is kept.
:func:`pip_greedy` is the benchmark's simple opponent. The videau follows the rulebook's pip rule
through :mod:`.cube` (``computer_doubles``, ``computer_takes``): it is not restated here.

Ties are broken by a stable order (the end board, then the hit mask), so the same position and
dice always give the same play.

>>> from tutor.games.backgammon import START
>>> recommend(START.with_dice(3, 1)).notation  # makes the 5-point
'8/5 6/5'
>>> pip_greedy(Position.parse("W 13x2 6x13 | B 10 19x14").with_dice(3, 1)).notation  # hits when it can
'13/12 13/10*'
"""

from __future__ import annotations

from typing import Callable, Sequence

from tutor.games.backgammon.cube import computer_doubles, computer_takes
from tutor.games.backgammon.plays import Key, Play, RawStep, Step, end_board, generate, generate_plays, key_of, legal_ends, raw_to_step, \
    replay_steps
from tutor.games.backgammon.position import BAR, Position, Side

Player = Callable[[Position], "Play | None"]

# ---- shots: which of the 36 rolls let the opponent hit a blot at a given distance ------------------
# For each distance 1..24: (roll bit, alternative paths), a path being the offsets of the midway
# stops the hitting checker needs open (empty tuple = a direct shot with one die).
_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def _paths_for(distance: int) -> list[tuple[int, tuple[tuple[int, ...], ...]]]:
    found = []
    for bit, (a, b) in enumerate(_ROLLS):
        if a == b:
            alternatives = tuple(tuple(a * j for j in range(1, k)) for k in range(1, 5) if a * k == distance)
        else:
            alternatives = tuple(path for total, path in ((a, ()), (b, ()), (a + b, (a,)), (a + b, (b,)))
                                 if total == distance)
        if alternatives:
            found.append((1 << bit, alternatives))
    return found


_PATHS = [[]] + [_paths_for(d) for d in range(1, 25)]

# What a made point is worth, by the mover's own point (index 0 = point 1): the home board's 5, 4
# and 6 points and the bar point block most; anchors on the opponent's 5 and 4 points (our 20, 21)
# are the safest places to wait.
_POINT_VALUE = (1.0, 2.0, 3.0, 5.0, 6.5, 6.0, 5.0, 3.0, 2.0, 1.0, 0.5, 0.5,
                0.5, 0.5, 0.5, 0.5, 0.5, 2.0, 2.5, 4.5, 4.5, 2.5, 2.0, 1.5)
_TEMPO = 8.0  # what a checker sent to the bar costs beyond its pips: a lost half-turn to enter
_PRIME = 0.8  # a prime of n points (n >= 3) in front of the opponent's back checkers is worth n * n * _PRIME


def _shot_mask(point: int, shooters: Sequence[int], blocked: Sequence[bool]) -> int:
    """The rolls (bits of 36) with which a checker at one of ``shooters`` (mover's points, the
    opponent's bar = 0) lands on ``point``: each midway stop must not be a point we hold."""
    mask = 0
    for q in shooters:
        if q >= point:
            break  # shooters are sorted low to high; the opponent moves up our numbering
        for bit, alternatives in _PATHS[point - q]:
            if mask & bit:
                continue
            for path in alternatives:
                if not any(blocked[q + o] for o in path):
                    mask |= bit
                    break
    return mask


def evaluate(mover: Sequence[int], opponent: Sequence[int]) -> float:
    """How good a position is for ``mover``, who has just played (the opponent rolls next), in
    rough pips. Both 25-tuples are in their own numbering (index i = point i + 1, 24 = bar).

    >>> from tutor.games.backgammon import START
    >>> opponent, mover = START.board()
    >>> evaluate(mover, opponent) == evaluate(opponent, mover)  # the start is symmetric
    True
    """
    my_pips = sum(n * (i + 1) for i, n in enumerate(mover))
    their_pips = sum(n * (i + 1) for i, n in enumerate(opponent))
    # The opponent's checkers in our numbering: its point j + 1 is our 24 - j, its bar our 0.
    theirs = [0] * 25
    for j, n in enumerate(opponent):
        if n:
            theirs[24 - j] = n
    my_back = 25 if mover[BAR] else max((i + 1 for i in range(24) if mover[i]), default=0)
    their_back = next((q for q in range(25) if theirs[q]), 25)
    if my_back <= their_back:
        # No contact: a pure race. Fewer pips, and fewer checkers left to bear off, win it.
        return float(their_pips - my_pips) - 2.0 * sum(mover) + 2.0 * sum(opponent)

    score = float(their_pips - my_pips)
    blocked = [False] + [mover[i] >= 2 for i in range(24)]  # by our point number 1..24
    home_points = sum(blocked[1:7])
    # Points made: worth more while the opponent still has checkers behind them to block.
    for i in range(24):
        if mover[i] >= 2 and (i >= 17 or their_back < i + 1):
            score += _POINT_VALUE[i]
    # Primes: a run of made points in front of the opponent's back checkers; the longer the run,
    # the fewer rolls jump it, so the bonus grows with its square.
    run = best = 0
    for p in range(1, 25):
        run = run + 1 if blocked[p] and p > their_back else 0
        best = max(best, run)
    if best >= 3:
        score += best * best * _PRIME
    # The opponent on the bar loses time, more so against a strong home board.
    score += opponent[BAR] * (4.0 + 2.0 * home_points)
    # Blots: the chance they are hit times what a hit costs (pips back, the tempo, and entering
    # against the opponent's home board, our points 19-24).
    their_home = sum(1 for q in range(19, 25) if theirs[q] >= 2)
    shooters = [q for q in range(25) if theirs[q]]
    for p in range(1, 25):
        if mover[p - 1] == 1 and p > their_back:
            shots = bin(_shot_mask(p, shooters, blocked)).count("1")
            if shots:
                score -= shots / 36 * (25 - p + _TEMPO + 2.0 * their_home)
    # Checkers piled beyond 3 on a point, or buried deep on our 1 and 2 points, do little.
    score -= 0.4 * sum(max(0, n - 3) for n in mover[:24]) + 0.6 * (mover[0] + mover[1])
    return score


def _raw_plays(position: Position) -> tuple[tuple[int, ...], tuple[int, ...], list[tuple[RawStep, ...]]]:
    opponent, me = position.board()
    d1, d2 = position.dice
    return opponent, me, generate_plays(me, opponent, (d1,) * 4 if d1 == d2 else (d1, d2))


def _best(position: Position, score: Callable[[tuple[int, ...], tuple[int, ...], Key], object]) -> Play | None:
    """The play with the highest score; equal scores fall back to the lowest end key (stable)."""
    if position.dice is None or position.is_over:
        return None
    opponent, me, found = _raw_plays(position)
    best = None
    for steps in found:
        key = key_of(me, steps)
        their_board, my_board = end_board(opponent, key)
        rank = (score(my_board, their_board, key), _neg(key))
        if best is None or rank > best[0]:
            best = (rank, steps, key)
    return Play(position, best[1], best[2]) if best else None


def _neg(key: Key) -> tuple:
    """Order keys so that the lowest key ranks highest (``max`` then picks it)."""
    board, hits = key
    return tuple(-n for n in board), -hits


def recommend(position: Position) -> Play | None:
    """The computer's play: the legal play whose end :func:`evaluate` rates best (``None`` when
    the dice cannot be used, there are no dice, or the game is over)."""
    return _best(position, lambda mine, theirs, key: evaluate(mine, theirs))


def recommend_rest(position: Position, played: Sequence[Step] = ()) -> tuple[Step, ...]:
    """The rest of the recommended play once the learner has made ``played`` (steps the engine
    offered): the continuation whose end :func:`evaluate` rates best, with the same tie-break as
    :func:`recommend` (so with nothing played it is the recommended play's steps)."""
    if position.dice is None or position.is_over:
        return ()
    me, opponent, left = replay_steps(position, played)
    if not left or not any(me):
        return ()
    legal = legal_ends(position)
    best = None
    for key, steps in generate(me, opponent, left).items():
        their_board, my_board = end_board(opponent, key)
        if (their_board, my_board) not in legal:
            continue
        rank = (evaluate(my_board, their_board), _neg(key))
        if best is None or rank > best[0]:
            best = (rank, steps)
    return tuple(raw_to_step(s) for s in best[1]) if best else ()


def pip_greedy(position: Position) -> Play | None:
    """The benchmark's opponent: a hit if it can, then the lowest pip count left to itself, then
    the highest left to the opponent (hitting more, or deeper)."""
    def score(mine: tuple[int, ...], theirs: tuple[int, ...], key: Key) -> tuple:
        return (key[1] != 0, -sum(n * (i + 1) for i, n in enumerate(mine)),
                sum(n * (i + 1) for i, n in enumerate(theirs)))
    return _best(position, score)


def doubles(position: Position, side: Side | None = None) -> bool:
    """Whether the computer offers the videau before rolling (the rulebook's pip rule)."""
    return computer_doubles(position, side)


def takes(position: Position, doubler: Side) -> bool:
    """Whether the computer accepts ``doubler``'s offer (the rulebook's pip rule)."""
    return computer_takes(position, doubler)
