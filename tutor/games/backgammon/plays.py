"""Legal plays under the two-dice rule, the steps the app offers first, why a step is refused,
and plays in standard notation (``24/18 13/8``, ``bar/22*``, ``6/off``, ``8/2(2)``).

Steps and notation use the **mover's own numbering** (points 1-24, 25 = the bar, 0 = off): for
White that is the learner's numbering, for Black it is 25 - the learner's point.

Plays are counted as distinct end positions, and each end position is generated once: two
different dice are tried in both orders with a set of ends, and for doubles the steps of a play
are taken by non-increasing source point, so each multiset of steps (hence each end) appears once
instead of up to 24 times.

>>> from tutor.games.backgammon import START
>>> sorted(p.notation for p in legal_plays(START.with_dice(6, 5)))
['13/2', '13/7 8/3', '13/8 13/7', '24/13', '24/18 13/8', '24/18 8/3', '8/3 8/2']
>>> why_not(START.with_dice(6, 5), 24, 23)
Reason(code='no_die', params={'distance': 1, 'dice': '6-5'})
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any, Iterable, NamedTuple, Sequence

from tutor.games.backgammon.errors import IllegalMoveError, InvalidNotationError
from tutor.games.backgammon.position import BAR, CHECKERS, Position

BAR_POINT = 25  # the bar in the mover's numbering
OFF = 0

# An internal step: (source index, target index, die, hit); index = point - 1, bar 24, off -1.
RawStep = tuple[int, int, int, bool]
# An end position of the mover's turn: (mover's 25-tuple, bit mask of the points where it hit).
Key = tuple[tuple[int, ...], int]


class Step(NamedTuple):
    """One die's move of one checker, in the mover's own numbering (25 = bar, 0 = off)."""

    src: int
    dst: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{_point_text(self.src)}/{_point_text(self.dst)}{'*' if self.hit else ''}"


@dataclass(frozen=True)
class Reason:
    """Why a step is refused: ``code`` names the rule, ``params`` fill in the sentence."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)


def _point_text(point: int) -> str:
    return "bar" if point == BAR_POINT else "off" if point == OFF else str(point)


def _raw_to_step(raw: RawStep) -> Step:
    return Step(raw[0] + 1, raw[1] + 1, raw[2], bool(raw[3]))


# ---- the generator ------------------------------------------------------------------------------
def _single(me: tuple[int, ...], die: int, blocked: Sequence[bool], last: int = BAR) -> list[tuple[int, int]]:
    """(source, target) index pairs for one die, sources from ``last`` down (target -1 = off)."""
    if me[BAR]:
        target = BAR - die
        return [] if blocked[target] else [(BAR, target)]
    high = 23
    while high >= 0 and not me[high]:
        high -= 1
    moves = []
    home = high < 6
    for source in range(min(high, last), -1, -1):
        if me[source]:
            target = source - die
            if target >= 0:
                if not blocked[target]:
                    moves.append((source, target))
            elif home and (target == -1 or source == high):
                moves.append((source, -1))
    return moves


def _step(me: tuple[int, ...], hits: int, source: int, target: int, blot: Sequence[bool]) -> tuple[tuple[int, ...], int, bool]:
    board = list(me)
    board[source] -= 1
    hit = False
    if target >= 0:
        board[target] += 1
        if blot[target] and not hits >> target & 1:
            hits |= 1 << target
            hit = True
    return tuple(board), hits, hit


def _masks(opponent: tuple[int, ...]) -> tuple[list[bool], list[bool]]:
    """Which of the mover's points (by index) the opponent holds (2+) and where it has a blot."""
    points = opponent[23::-1]
    return [n >= 2 for n in points], [n == 1 for n in points]


def generate(me: tuple[int, ...], opponent: tuple[int, ...], dice: Sequence[int]) -> dict[Key, tuple[RawStep, ...]]:
    """Every legal play for the remaining ``dice`` (two different, or 1-4 equal ones) by its end
    position, with the steps of one way to play it: the two-dice rule applied."""
    return {key_of(me, steps): steps for steps in generate_plays(me, opponent, dice)}


def key_of(me: tuple[int, ...], steps: Sequence[RawStep]) -> Key:
    """The end of ``steps`` from ``me``: the mover's board and the points where it hit."""
    board = list(me)
    hits = 0
    for source, target, _, hit in steps:
        board[source] -= 1
        if target >= 0:
            board[target] += 1
            if hit:
                hits |= 1 << target
    return tuple(board), hits


def generate_plays(me: tuple[int, ...], opponent: tuple[int, ...], dice: Sequence[int]) -> list[tuple[RawStep, ...]]:
    """The steps of every legal play, one per distinct end position (no end is built here: a
    play's end is ``key_of(me, steps)``)."""
    if not any(me):
        return []
    blocked, blot = _masks(opponent)
    outside = sum(me[6:])  # bar included: no bearing off while these are out
    if len(dice) == 2 and dice[0] != dice[1]:
        high, low = max(dice), min(dice)
        if outside >= 2 and not me[BAR]:
            return _two_dice_running(me, high, low, blocked, blot)
        return list(_two_dice(me, high, low, blocked, blot).values())
    if outside >= len(dice) and not me[BAR]:
        return _same_dice_running(me, dice[0], len(dice), blocked, blot)
    return _same_dice_fast(me, dice[0], len(dice), blocked, blot)


def _two_dice_running(me, high, low, blocked, blot):
    """Two different dice, no checker on the bar and at least two outside home (so no step can
    bear off): a step's legality then depends only on its source being occupied. Each distinct
    end is listed once without building it: two different checkers (or two from one point) are
    distinct by their sources; one checker using both dice ends on one point, listed once, or
    twice when a midway stop hits (the hit makes the ends differ). A pair where one checker lands
    on the other's source (or moves from the other's target) is that one-checker move again."""
    sources = [x for x in range(24) if me[x]]
    highs = [x for x in sources if x >= high and not blocked[x - high]]
    lows = [x for x in sources if x >= low and not blocked[x - low]]
    found: list[tuple[RawStep, ...]] = []
    add = found.append
    for x in highs:
        tx = x - high
        hit_x = blot[tx]
        step_x = (x, tx, high, hit_x)
        for y in lows:
            if y == tx or (y == x and me[x] < 2):
                continue
            ty = y - low
            if ty == x:
                continue
            add((step_x, (y, ty, low, blot[ty] and ty != tx)))
    # one checker with both dice: high first (midway x - high), low first (midway x - low)
    for x in sources:
        end = x - high - low
        if end < 0 or blocked[end]:
            continue
        via_high, via_low = x - high, x - low
        high_first = not blocked[via_high]
        low_first = not blocked[via_low]
        if high_first:
            add(((x, via_high, high, blot[via_high]), (via_high, end, low, blot[end])))
        if low_first and (not high_first or blot[via_high] or blot[via_low]):
            add(((x, via_low, low, blot[via_low]), (via_low, end, high, blot[end])))
    if found:
        return found
    if highs:
        return [((x, x - high, high, blot[x - high]),) for x in highs]
    return [((x, x - low, low, blot[x - low]),) for x in lows]


def _one(me, source, target, blot) -> Key:
    board = list(me)
    board[source] -= 1
    board[target] += 1
    return tuple(board), (1 << target if blot[target] else 0)


def _same_dice_running(me, die, count, blocked, blot):
    """Equal dice, nothing on the bar and at least ``count`` checkers outside home (no bearing
    off): steps by non-increasing source over the points a checker can move from."""
    board = list(me)
    sources = sorted({x - k * die for x in range(24) if me[x] for k in range(count) if x - k * die >= die},
                     reverse=True)
    sources = [x for x in sources if not blocked[x - die]]
    size = len(sources)
    best: list[Any] = [0, []]
    steps: list[RawStep] = []

    def extend(j: int, hits: int, depth: int) -> None:
        # sorted sources: each multiset of steps, hence each end, is reached once
        extended = False
        if depth + 1 == count:  # the last step: record each play without recursing
            done = best[1] if best[0] == count else []
            for i in range(j, size):
                x = sources[i]
                if board[x]:
                    t = x - die
                    done.append((*steps, (x, t, die, blot[t] and not hits >> t & 1)))
            if done:
                best[0], best[1] = count, done
                return
        else:
            for i in range(j, size):
                x = sources[i]
                if board[x]:
                    t = x - die
                    hit = blot[t] and not hits >> t & 1
                    board[x] -= 1
                    board[t] += 1
                    steps.append((x, t, die, hit))
                    extend(i, hits | (1 << t) if hit else hits, depth + 1)
                    steps.pop()
                    board[x] += 1
                    board[t] -= 1
                    extended = True
        if extended or not depth:
            return
        if depth > best[0]:
            best[0], best[1] = depth, []
        if depth == best[0]:
            best[1].append(tuple(steps))

    extend(0, 0, 0)
    return best[1]


def _same_dice_fast(me, die, count, blocked, blot):
    """Equal dice, any position: steps by non-increasing source point (bar first), on one board
    changed in place; only points that can hold a checker during the turn are visited."""
    board = list(me)
    # the bar (index 24) enters on 24 - die, so its chain is counted like any other point's
    candidates = sorted({x - k * die for x in range(25) if me[x] for k in range(count + 1) if x - k * die >= 0},
                        reverse=True)
    size = len(candidates)
    entry = BAR - die
    best: list[Any] = [0, []]
    steps: list[RawStep] = []
    outside = sum(me[6:])

    def extend(j: int, hits: int, outside: int) -> None:
        extended = False
        if len(steps) < count:
            if board[BAR]:
                if not blocked[entry]:
                    hit = blot[entry] and not hits >> entry & 1
                    board[BAR] -= 1
                    board[entry] += 1
                    steps.append((BAR, entry, die, hit))
                    extend(j, hits | (1 << entry if hit else 0), outside - (entry < 6))
                    steps.pop()
                    board[BAR] += 1
                    board[entry] -= 1
                    extended = True
            else:
                high = -1
                if not outside:
                    high = 5
                    while high >= 0 and not board[high]:
                        high -= 1
                for i in range(j, size):
                    x = candidates[i]
                    if x == BAR or not board[x]:
                        continue
                    t = x - die
                    if t >= 0:
                        if blocked[t]:
                            continue
                        hit = blot[t] and not hits >> t & 1
                        board[x] -= 1
                        board[t] += 1
                        steps.append((x, t, die, hit))
                        extend(i, hits | (1 << t if hit else 0), outside - (x >= 6 > t))
                        steps.pop()
                        board[x] += 1
                        board[t] -= 1
                        extended = True
                    elif not outside and (t == -1 or x == high):
                        board[x] -= 1
                        steps.append((x, -1, die, False))
                        extend(i, hits, outside)
                        steps.pop()
                        board[x] += 1
                        extended = True
        if not extended and steps:
            if len(steps) > best[0]:
                best[0], best[1] = len(steps), []
            if len(steps) == best[0]:
                best[1].append(tuple(steps))

    extend(0, 0, outside)
    return best[1]


def _two_dice(me, high, low, blocked, blot):
    """Two different dice, any position (bar, bear-off): both orders, one entry per end."""
    both: dict[Key, tuple[RawStep, ...]] = {}
    high_only: dict[Key, tuple[RawStep, ...]] = {}
    low_only: dict[Key, tuple[RawStep, ...]] = {}
    for first, second, single in ((high, low, high_only), (low, high, low_only)):
        for source, target in _single(me, first, blocked):
            board, hits, hit = _step(me, 0, source, target, blot)
            step = (source, target, first, hit)
            single.setdefault((board, hits), (step,))
            for source2, target2 in _single(board, second, blocked):
                board2, hits2, hit2 = _step(board, hits, source2, target2, blot)
                key = (board2, hits2)
                if key not in both:
                    both[key] = (step, (source2, target2, second, hit2))
    return both or high_only or low_only


def _same_dice(me, die, count, blocked, blot):
    """Equal dice, any position: steps by non-increasing source point, so each end once."""
    best: list[Any] = [0, {}]

    def extend(board, hits, steps, last):
        extended = False
        if len(steps) < count:
            for source, target in _single(board, die, blocked, last):
                board2, hits2, hit = _step(board, hits, source, target, blot)
                extend(board2, hits2, steps + ((source, target, die, hit),), source)
                extended = True
        if not extended and steps:
            if len(steps) > best[0]:
                best[0], best[1] = len(steps), {}
            if len(steps) == best[0]:
                best[1].setdefault((board, hits), steps)

    extend(me, 0, (), BAR)
    return best[1]


def end_board(opponent: tuple[int, ...], key: Key) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The end position of a play: (opponent after the hits, mover), GNU Backgammon's layout."""
    board, hits = key
    if not hits:
        return opponent, board
    other = list(opponent)
    for i in range(24):
        if hits >> i & 1:
            other[23 - i] = 0
            other[BAR] += 1
    return tuple(other), board


# ---- plays ---------------------------------------------------------------------------------------
class Play:
    """A complete legal play: its steps in the order played, its notation and the position after."""

    __slots__ = ("before", "raw", "_key", "_after")

    def __init__(self, before: Position, raw: tuple, key: Key | None = None) -> None:
        self.before = before
        self.raw = raw  # internal steps (index-based) or Steps
        self._key = key
        self._after: Position | None = None

    @property
    def key(self) -> Key:
        """The end: the mover's board and the points where it hit (built on first use)."""
        if self._key is None:
            raw = self.raw
            if raw and isinstance(raw[0], Step):
                raw = tuple((s.src - 1, s.dst - 1, s.die, s.hit) for s in raw)
            self._key = key_of(self.before.board()[1], raw)
        return self._key

    @property
    def steps(self) -> tuple[Step, ...]:
        if self.raw and not isinstance(self.raw[0], Step):
            self.raw = tuple(_raw_to_step(s) for s in self.raw)
        return self.raw

    @property
    def notation(self) -> str:
        return notation(self.steps, self.before)

    @property
    def after(self) -> Position:
        """The position after the play: the other side to move, no dice yet."""
        if self._after is None:
            opponent, mover = self.before.board()
            opponent, mover = end_board(opponent, self.key)
            white, black = (mover, opponent) if self.before.to_move.value == "white" else (opponent, mover)
            self._after = Position(white, black, self.before.to_move.other, None, self.before.cube)
        return self._after

    def __repr__(self) -> str:
        return f"<Play {self.notation or '(no move)'}>"


def legal_plays(position: Position) -> list[Play]:
    """Every legal play for the position's dice, one per distinct end position; ``[]`` when the
    game is over, no dice are given, or the dice cannot be used (a lost turn)."""
    if position.dice is None or position.is_over:
        return []
    opponent, me = position.board()
    d1, d2 = position.dice
    return [Play(position, steps) for steps in generate_plays(me, opponent, (d1,) * 4 if d1 == d2 else (d1, d2))]


def _dice_list(position: Position) -> list[int]:
    d1, d2 = position.dice
    return [d1] * 4 if d1 == d2 else [max(d1, d2), min(d1, d2)]


def _replay(position: Position, steps: Iterable[Step]) -> tuple[tuple[int, ...], tuple[int, ...], list[int]]:
    """(mover, opponent, remaining dice) after valid ``steps`` (IllegalMoveError at the first
    invalid one)."""
    opponent, me = position.board()
    dice = _dice_list(position)
    for i, step in enumerate(steps):
        step = Step(*step)
        reason = _step_reason(me, opponent, dice, step.src, step.dst, step.die)
        if reason is not None:
            raise IllegalMoveError(f"step {i + 1} ({step}) is not allowed: {reason.code}", where=f"steps[{i}]",
                                   code=reason.code, **reason.params)
        me, opponent = _apply(me, opponent, step.src, step.dst)
        dice.remove(step.die)
    return me, opponent, dice


def _apply(me, opponent, src, dst):
    board = list(me)
    board[src - 1] -= 1
    if dst != OFF:
        board[dst - 1] += 1
        if opponent[24 - dst] == 1:
            other = list(opponent)
            other[24 - dst] = 0
            other[BAR] += 1
            opponent = tuple(other)
    return tuple(board), opponent


def _step_reason(me, opponent, dice, src, dst, die) -> Reason | None:
    """Is one die's step valid on its own (ignoring the two-dice rule)? ``None`` if it is."""
    if not any(me):
        return Reason("game_over")
    if die not in dice:
        return Reason("no_die", {"distance": src - dst if dst else src, "dice": _dice_text(dice)})
    if src == BAR_POINT:
        if not me[BAR]:
            return Reason("no_checker", {"point": "bar"})
    elif not 1 <= src <= 24 or not me[src - 1]:
        if 1 <= src <= 24 and opponent[24 - src]:
            return Reason("not_your_checker", {"point": src})
        return Reason("no_checker", {"point": src})
    elif me[BAR]:
        return Reason("must_enter", {"count": me[BAR]})
    if dst != OFF and dst >= src:
        return Reason("wrong_direction", {"src": src, "dst": dst})
    if dst == OFF:
        outside = sum(me[6:])
        if outside:
            return Reason("not_all_home", {"outside": outside})
        if die < src:
            return Reason("no_die", {"distance": src, "dice": _dice_text(dice)})
        if die > src:
            higher = max(i + 1 for i in range(6) if me[i])
            if higher > src:
                return Reason("bear_off_higher", {"point": src, "die": die, "higher": higher})
        return None
    if src - dst != die:
        return Reason("no_die", {"distance": src - dst, "dice": _dice_text(dice)})
    if opponent[24 - dst] >= 2:
        return Reason("blocked", {"point": dst, "count": opponent[24 - dst]})
    return None


def _dice_text(dice: Sequence[int]) -> str:
    return "-".join(str(d) for d in dice)


def _ends(position: Position) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    opponent, me = position.board()
    return {end_board(opponent, key) for key in generate(me, opponent, _dice_list(position))}


def legal_ends(position: Position) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The end boards (opponent, mover) of every legal play."""
    return _ends(position)


def replay_steps(position: Position, steps: Iterable[Step]) -> tuple[tuple[int, ...], tuple[int, ...], list[int]]:
    """(mover's board, opponent's board, dice left) after valid ``steps`` (IllegalMoveError at the first invalid one)."""
    return _replay(position, steps)


raw_to_step = _raw_to_step


def move_paths(position: Position, played: Sequence[Step], src: int, dst: int) -> list[tuple[Step, ...]]:
    """Ways to move one checker from ``src`` to ``dst`` with the dice left after ``played``
    (each step valid on its own; the two-dice rule is not applied here)."""
    me, opponent, dice = _replay(position, played)
    return sorted(_paths(me, opponent, sorted(dice, reverse=True), src, dst), key=len)


def _offered(position: Position, steps: Sequence[Step], legal_ends=None) -> bool:
    """Can a legal play start with ``steps`` (all valid)? The last checker borne off always is."""
    me, opponent, dice = _replay(position, steps)
    if not any(me):
        return True
    legal_ends = _ends(position) if legal_ends is None else legal_ends
    if not dice:
        return (opponent, me) in legal_ends
    rest = generate(me, opponent, dice)
    if not rest:
        return (opponent, me) in legal_ends
    return any(end_board(opponent, key) in legal_ends for key in rest)


def first_steps(position: Position, played: Sequence[Step] = ()) -> list[Step]:
    """The steps the app offers next, after ``played`` (a step only if some legal play starts
    with ``played`` + it)."""
    if position.dice is None or position.is_over:
        return []
    me, opponent, dice = _replay(position, played)
    legal_ends = _ends(position)
    offered = []
    blocked, _ = _masks(opponent)
    for die in sorted(set(dice), reverse=True):
        for source, target in _single(me, die, blocked):
            step = Step(source + 1, target + 1, die, target >= 0 and opponent[23 - target] == 1)
            if _offered(position, (*played, step), legal_ends):
                offered.append(step)
    return offered


def why_not(position: Position, src: int | str, dst: int | str, played: Sequence[Step] = ()) -> Reason | None:
    """``None`` if moving a checker from ``src`` to ``dst`` (mover's numbering; ``"bar"``/25,
    ``"off"``/0) is offered after ``played``, with one die or several; else the reason."""
    src, dst = _read_point(src), _read_point(dst)
    if position.is_over:
        return Reason("game_over")
    if position.dice is None:
        return Reason("no_dice")
    me, opponent, dice = _replay(position, played)
    if not dice:
        return Reason("no_dice_left")
    first = _step_reason(me, opponent, dice, src, dst, dice[0])
    if first is not None and first.code not in ("no_die", "bear_off_higher"):
        return first
    attempts = list(_paths(me, opponent, dice, src, dst))
    if not attempts:
        return first if first is not None else Reason("no_die", {"distance": src - dst, "dice": _dice_text(dice)})
    legal_ends = _ends(position)
    failures = []
    for path in attempts:
        reason = None
        board, other, left = me, opponent, list(dice)
        for i, step in enumerate(path):
            reason = _step_reason(board, other, left, step.src, step.dst, step.die)
            if reason is not None:
                if i < len(path) - 1 and reason.code == "blocked":
                    reason = Reason("blocked_midway", {**reason.params, "src": src, "dst": dst})
                break
            board, other = _apply(board, other, step.src, step.dst)
            left.remove(step.die)
        if reason is None:
            for i in range(1, len(path) + 1):
                if not _offered(position, (*played, *path[:i]), legal_ends):
                    reason = _rule_reason(position, played, path[:i], dice)
                    break
        if reason is None:
            return None
        failures.append(reason)
    # a way that is fine move by move but breaks the two-dice rule says more than another die's
    # failure (1/off with 3-1: the 1 would leave the 3 dead, rather than "the 3 cannot bear off")
    ruled = [reason for reason in failures if reason.code in ("kills_other_die", "higher_die")]
    return (ruled or failures)[0]


def _rule_reason(position: Position, played, path, dice) -> Reason:
    """A valid step that no legal play starts with: which part of the two-dice rule it breaks.

    Only two parts can, so there are only two codes:

    - ``kills_other_die``: two different dice, the step is the turn's first and after it the other
      die cannot be played, while another play uses both;
    - ``higher_die``: two different dice, no play uses both, and the step plays the lower die
      while the higher one can be played.

    With doubles no valid step is ever refused, whatever was played before. Take a longest play P
    (k steps) from the board before a valid step s. If P moves a checker from s's point, take its
    first such move: it is s itself (one die from one point has one target), and P with that move
    played first is still valid: the opponent's points do not change during a turn (a hit only
    takes a blot away), a checker moved nearer home never stops a later bear-off, and every
    earlier step of P that bears off with a larger die does so from a point above s's (s's point
    is occupied then, and a step from it would be s), so it still may. A checker on the bar makes
    s and P's first step the same entry. Otherwise s then P is valid for the same reasons, so P
    used every die (else s then P would be longer) and s then P's first k - 1 steps is a longest
    play. Either way a longest play starts with s, and its end is legal. With two different dice
    a play of both dice is legal in either order, so a refused step with ``most == 2`` is a first
    step after which the other die is dead (``could < most``), and with ``most == 1`` it is the
    lower die. tests/backgammon/test_backgammon_play.py holds these two codes against every tap of hundreds
    of positions, at the start of a turn and after a step."""
    legal = generate(*reversed(position.board()), _dice_list(position))
    most = max((len(steps) for steps in legal.values()), default=0)
    me, opponent, left = _replay(position, (*played, *path))
    rest = generate(me, opponent, left) if left else {}
    could = len(played) + len(path) + max((len(s) for s in rest.values()), default=0)
    d1, d2 = position.dice
    if could < most:
        return Reason("kills_other_die", {"die": path[-1].die, "other": left[0]})
    return Reason("higher_die", {"die": max(d1, d2), "other": min(d1, d2)})


def _paths(me, opponent, dice, src, dst) -> Iterable[tuple[Step, ...]]:
    """Ways to move one checker from ``src`` to ``dst`` with one or more of ``dice`` (the steps
    not yet checked)."""
    seen = set()
    for size in range(1, len(dice) + 1):
        for order in permutations(dice, size):
            if order in seen:
                continue
            seen.add(order)
            point, steps = src, []
            for i, die in enumerate(order):
                last = i == size - 1
                target = point - die
                if dst == OFF and last and target <= 0:
                    steps.append(Step(point, OFF, die))
                    point = OFF
                elif target >= 1:
                    steps.append(Step(point, target, die, target != OFF and opponent[24 - target] == 1))
                    point = target
                else:
                    break
            if point == dst and len(steps) == size and (dst != OFF or sum(order[:-1]) < src):
                yield tuple(steps)


def _read_point(point: int | str) -> int:
    if point == "bar":
        return BAR_POINT
    if point == "off":
        return OFF
    if isinstance(point, int) and not isinstance(point, bool) and 0 <= point <= BAR_POINT:
        return point
    raise InvalidNotationError(f"{point!r} is not a point, bar or off", code="notation", token=str(point))


# ---- notation ------------------------------------------------------------------------------------
def notation(steps: Sequence[Step], before: Position | None = None) -> str:
    """Standard notation: one checker's consecutive steps joined (``24/13``; the midway point is
    written when it hit, ``24/18*/13``, or on the way off, ``2/1/off``), ``*`` after a hit, ``(n)``
    for n identical moves, moves from the highest point first."""
    chains: list[list[Step]] = []
    for step in steps:
        for chain in reversed(chains):
            if chain[-1].dst == step.src and step.src not in (OFF,):
                chain.append(step)
                break
        else:
            chains.append([step])
    opponent = before.board()[0] if before is not None else None
    texts = [_chain_text(chain, opponent) for chain in chains]
    counted: dict[str, int] = {}
    for text in texts:
        counted[text] = counted.get(text, 0) + 1
    order = sorted(counted, key=_chain_order, reverse=True)
    return " ".join(t if counted[t] == 1 else f"{t}({counted[t]})" for t in order)


def _chain_order(text: str) -> tuple[int, int, int]:
    """Moves from the highest point first; from one point, bearing off first (``5/off 5/2``)."""
    points = [_sort_number(x) for x in text.replace("*", "").split("/")]
    return points[0], points[-1] == OFF, points[-1]


def play_order(play: "Play") -> list[tuple[int, int, int]]:
    """A sort key: plays listed by their moves, highest point first (``sorted(..., reverse=True)``)."""
    return [_chain_order(token.split("(")[0]) for token in play.notation.split()]


def _sort_number(token: str) -> int:
    return BAR_POINT if token == "bar" else OFF if token == "off" else int(token)


def _chain_text(chain: list[Step], opponent) -> str:
    points = [_point_text(chain[0].src)]
    for i, step in enumerate(chain):
        last = i == len(chain) - 1
        if last or step.hit or _midway_forced(chain, i, opponent):
            points.append(_point_text(step.dst) + ("*" if step.hit else ""))
    return "/".join(points)


def _midway_forced(chain: list[Step], i: int, opponent) -> bool:
    """A checker that bears off with several dice shows its stops (``2/1/off``), so the learner
    sees that the exact die came last; otherwise midway points are written only for hits."""
    return chain[-1].dst == OFF


_CHAIN_RE = re.compile(r"(bar|[0-9]{1,2})((?:/(?:[0-9]{1,2}|off)\*?)+)(?:\(([1-4])\))?", re.IGNORECASE)


def parse_chains(text: str) -> list[tuple[list[int], set[int]]]:
    """The checker paths a notation names, each as points in the mover's numbering (25 bar, 0
    off) with the points marked ``*`` (hits), repeated for ``(n)``."""
    if not isinstance(text, str):
        raise InvalidNotationError("a play must be text", code="notation", token=str(text))
    chains = []
    for token in text.split():
        match = _CHAIN_RE.fullmatch(token)
        if match is None:
            raise InvalidNotationError(f"{token!r} is not a move such as 24/18, bar/22*, 6/off or 8/2(2)",
                                       code="notation", token=token)
        points = [_sort_number(match[1].lower())]
        hits = set()
        for part in match[2].split("/")[1:]:
            points.append(_sort_number(part.rstrip("*").lower()))
            if part.endswith("*"):
                hits.add(points[-1])
        if (any(not 0 <= p <= BAR_POINT for p in points) or OFF in points[:-1] or BAR_POINT in points[1:]
                or any(b >= a for a, b in zip(points, points[1:]) if b != OFF)):
            raise InvalidNotationError(f"{token!r}: a checker moves from 24 down to 1, then off", code="notation",
                                       token=token)
        chains += [(points, hits)] * int(match[3] or 1)
    return chains


def parse_play(position: Position, text: str) -> Play:
    """The legal play that ``text`` names (in any order of its moves); IllegalMoveError with a
    why-not code if it names none."""
    chains = parse_chains(text)
    if position.is_over:
        raise IllegalMoveError("the game is over", code="game_over")
    if position.dice is None:
        raise IllegalMoveError("no dice have been rolled", code="no_dice")
    plays = legal_plays(position)
    if not chains:
        if not plays:
            return Play(position, (), (position.board()[1], 0))
        raise IllegalMoveError("a play must be made: the dice can be used", code="must_move", count=len(plays))
    if not plays:
        raise IllegalMoveError("the dice cannot be used: the turn is lost", code="no_play")
    # The end the text names: each path takes one checker from its first point to its last.
    board = list(position.board()[1])
    marked: set[int] = set()
    for points, hits in chains:
        board[points[0] - 1] -= 1
        if points[-1] != OFF:
            board[points[-1] - 1] += 1
        marked |= hits
    if min(board) >= 0:
        matching = [p for p in plays if p.key[0] == tuple(board)]
        if len(matching) > 1:
            matching = [p for p in matching if {s.dst for s in p.steps if s.hit} == marked] or matching[:1]
        if matching:
            return matching[0]
    # Not a legal play: the first move that is refused says why.
    played: list[Step] = []
    for points, _ in chains:
        for a, b in zip(points, points[1:]):
            reason = why_not(position, a, b, played)
            if reason is not None:
                raise IllegalMoveError(f"{_point_text(a)}/{_point_text(b)}: {reason.code}", code=reason.code,
                                       **reason.params)
            paths = _resolve(position, [(a, b)], played)
            if not paths:
                break
            played = list(paths[0])
    raise IllegalMoveError(f"{text!r} does not use the dice as the rules require", code="incomplete",
                           count=len(plays))


def _end_position(position: Position, me, opponent) -> Position:
    white, black = (me, opponent) if position.to_move.value == "white" else (opponent, me)
    return Position(white, black, position.to_move.other, None, position.cube)


def _resolve(position: Position, segments: list[tuple[int, int]], played: list[Step]) -> list[tuple[Step, ...]]:
    """Every way to play ``segments`` in order with valid steps, after ``played``."""
    results: list[tuple[Step, ...]] = []

    def walk(index: int, steps: tuple[Step, ...]) -> None:
        if index == len(segments):
            results.append(steps)
            return
        try:
            me, opponent, dice = _replay(position, steps)
        except IllegalMoveError:
            return
        src, dst = segments[index]
        for path in _paths(me, opponent, dice, src, dst):
            board, other, left, ok = me, opponent, list(dice), True
            fixed = []
            for step in path:
                if _step_reason(board, other, left, step.src, step.dst, step.die) is not None:
                    ok = False
                    break
                fixed.append(Step(step.src, step.dst, step.die, step.dst != OFF and other[24 - step.dst] == 1))
                board, other = _apply(board, other, step.src, step.dst)
                left.remove(step.die)
            if ok:
                walk(index + 1, steps + tuple(fixed))

    walk(0, tuple(played))
    return results
