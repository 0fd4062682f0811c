"""Fast playouts: whole rounds played on bit masks, for benchmarks and the hint engine.

There is one playout loop, :func:`playout`, and a choice policy says which fitting tile a seat
plays and at which end (:func:`random_choice`, :func:`heaviest_choice`). The rules of a turn are
:func:`~tutor.games.domino.turn.seat_turn`'s, written out inline here (not called) because the hint
engine plays thousands of rounds per request, on hands that may be encoded by weight rank. So that
the two cannot drift apart, ``tests/domino/test_playout_steps.py`` checks each step of many random rounds,
with both policies, against ``seat_turn``: the loop can ``trace`` its draws, passes and end, and the
test's policy records every play (a policy sees the hand and the ends); ``tests/domino/test_engine.py``
also replays the same choices through ``Position``. (Tracing plays inside the loop would cost a
sixth of its speed: a test of ``trace`` on every step of a hot loop.)

Hands are bit masks in one of two encodings: :data:`BY_INDEX` (bit ``i`` is the tile of index
``i``, as everywhere else) or :data:`BY_RANK` (bit ``r`` is the tile of weight rank ``r``, so the
heaviest tile of a hand is its highest bit).
"""

from __future__ import annotations

import random
from typing import Callable, NamedTuple, Sequence

from tutor.games.domino.rules import PLAYBOARD, RuleSet
from tutor.games.domino.tiles import BY_WEIGHT, NUMBER_MASK, TILE_COUNT, TILE_HIGH, TILE_LOW, TILE_VALUE, sum_over_bits

#: Outcome of a playout: (winner or None, points, reason) with reason "domino" or "blocked" (or
#: "choice": stopped by a :class:`Pause`).
Outcome = tuple[int | None, int, str]


class Encoding(NamedTuple):
    """What each bit of a hand mask stands for: its halves, its pips, and the bits showing a number."""

    high: tuple[int, ...]
    low: tuple[int, ...]
    value: tuple[int, ...]
    number_mask: tuple[int, ...]


BY_INDEX = Encoding(TILE_HIGH, TILE_LOW, TILE_VALUE, NUMBER_MASK)
BY_RANK = Encoding(
    tuple(TILE_HIGH[i] for i in BY_WEIGHT),
    tuple(TILE_LOW[i] for i in BY_WEIGHT),
    tuple(TILE_VALUE[i] for i in BY_WEIGHT),
    tuple(sum(1 << r for r, i in enumerate(BY_WEIGHT) if mask >> i & 1) for mask in NUMBER_MASK),
)

#: A choice policy: from the fitting tiles (a mask), the whole hand, the bits that fit the left end
#: and those that fit the right end, and a ``random()``, the bit number of the tile to play;
#: ``~bit`` plays it at the right end, ``bit`` at the left end when it fits there. (A number, not
#: a pair: the loop runs as fast as one written for a single policy.)
Policy = Callable[[int, int, int, int, Callable[[], float]], int]


def random_choice(fit: int, hand: int, left_tiles: int, right_tiles: int, rand: Callable[[], float]) -> int:
    """A uniformly random fitting tile, then a random end among those it fits."""
    if fit & (fit - 1):  # more than one tile: skip a random number of the lowest
        skip = int(rand() * fit.bit_count())
        while skip:
            fit &= fit - 1
            skip -= 1
    bit = fit & -fit
    index = bit.bit_length() - 1
    if bit & left_tiles and bit & right_tiles and rand() < 0.5:
        return ~index
    return index


def heaviest_choice(fit: int, hand: int, left_tiles: int, right_tiles: int, rand: Callable[[], float]) -> int:
    """The heaviest fitting tile (hands in :data:`BY_RANK`), at the left end when it fits both.
    Against random play this is the better model of real opponents, and it is one ``bit_length``."""
    return fit.bit_length() - 1


class Pause:
    """Where :func:`playout` stops for a search: at ``seat``'s turn when its fitting tiles give it
    more than one placement, after ``skip`` such turns. The loop then leaves the table's ``left``
    and ``right`` numbers and the ``passes`` in a row here and returns the reason "choice" (the
    hands and the stock it was given are as they stand then)."""

    __slots__ = ("seat", "skip", "left", "right", "passes", "points")

    def __init__(self, seat: int, skip: int = 0) -> None:
        self.seat, self.skip = seat, skip
        self.left = self.right = self.passes = 0
        self.points: list[int] = []  # with a spinner: each seat's play points so far


def placements(fit: int, left: int, right: int, number_mask: Sequence[int]) -> list[int]:
    """Each distinct way to play one of the ``fit`` tiles, as a policy names it: ``bit`` at the left
    end, ``~bit`` at the right (a tile fitting both ends once when they show the same number)."""
    left_tiles, right_tiles = number_mask[left], number_mask[right]
    found = []
    while fit:
        low = fit & -fit
        fit ^= low
        bit = low.bit_length() - 1
        if low & left_tiles:
            found.append(bit)
        if low & right_tiles and not (low & left_tiles and left == right):
            found.append(~bit)
    return found


def playout(
    hands: list[int],
    left: int,
    right: int,
    to_move: int,
    passes: int,
    stock: list[int],
    choose: Policy | Sequence[Policy],
    rand: Callable[[], float] | None = None,
    rules: RuleSet = PLAYBOARD,
    encoding: Encoding = BY_INDEX,
    trace: list | None = None,
    pause: Pause | None = None,
) -> Outcome:
    """Finish an opened round, every seat playing what ``choose`` picks (one policy, or one per
    seat). ``hands`` (masks in ``encoding``) and ``stock`` (bit numbers, drawn with ``pop()``) are
    used up. With a ``pause``, stop at that seat's real choice (:class:`Pause`).

    With a ``trace`` list, each draw and pass appends ``(seat, hand, left, right, boneyard,
    passes, kind, bit)`` as it was just before it (``kind`` is "draw" or "pass"; ``bit`` the tile
    drawn), and the end appends ``(..., "over", 0)``; plays are for the policy to record. A round is
    blocked when every seat has passed in a row or, by the rules that say so
    (``rules.ends_when_stuck``), as soon as nobody can play with nothing left to draw.
    """
    seats = len(hands)
    high, low, value, number_mask = encoding
    stuck_ends = rules.ends_when_stuck
    policies = tuple(choose) if isinstance(choose, (list, tuple)) else (choose,) * seats
    paused_seat = pause.seat if pause is not None else -1
    while True:
        hand = hands[to_move]
        left_tiles, right_tiles = number_mask[left], number_mask[right]
        fit = hand & (left_tiles | right_tiles)
        if not fit:
            either = left_tiles | right_tiles
            # seat_turn: nothing fits, so draw while the boneyard has tiles, else pass.
            while stock:
                drawn = stock.pop()
                if trace is not None:
                    trace.append((to_move, hand, left, right, len(stock) + 1, passes, "draw", 1 << drawn))
                hand |= 1 << drawn
                if either >> drawn & 1:
                    fit = 1 << drawn
                    break
            hands[to_move] = hand
            if not fit:
                if stuck_ends and not any(h & either for h in hands):
                    # seat_turn(blocked=...): nobody can play and nothing is left to draw, so the
                    # round is over now (Sato 157), without passes; the last tile was placed by the
                    # seat before the passes in a row before this turn
                    if trace is not None:
                        trace.append((to_move, hand, left, right, 0, passes, "over", 0))
                    pips = [sum_over_bits(h, value) for h in hands]
                    winner, points = rules.score_blocked(pips, [h.bit_count() for h in hands],
                                                         (to_move - passes - 1) % seats)
                    return winner, points, "blocked"
                if trace is not None:
                    trace.append((to_move, hand, left, right, 0, passes, "pass", 0))
                passes += 1
                if passes == seats:  # every seat passed in a row: blocked
                    if trace is not None:
                        trace.append((to_move, hand, left, right, 0, passes, "over", 0))
                    pips = [sum_over_bits(h, value) for h in hands]
                    # the seat that placed the last tile is this one: every seat has passed since
                    winner, points = rules.score_blocked(pips, [h.bit_count() for h in hands], to_move)
                    return winner, points, "blocked"
                to_move += 1
                if to_move == seats:
                    to_move = 0
                continue
        if to_move == paused_seat and (fit & (fit - 1) or (fit & left_tiles and fit & right_tiles and left != right)):
            assert pause is not None
            if pause.skip:
                pause.skip -= 1
            else:
                pause.left, pause.right, pause.passes = left, right, passes
                return None, 0, "choice"
        # seat_turn: a fitting tile must be played; the policy says which, and where.
        index = policies[to_move](fit, hand, left_tiles, right_tiles, rand)  # type: ignore[arg-type]
        passes = 0
        if index >= 0:  # the left end if the tile fits it, else the right
            a, b = high[index], low[index]
            if a == left:
                left = b
            elif b == left:
                left = a
            elif a == right:
                right = b
            else:
                right = a
        else:
            index = ~index
            a = high[index]
            right = low[index] if a == right else a
        hand ^= 1 << index
        hands[to_move] = hand
        if not hand:  # played out
            if trace is not None:
                trace.append((to_move, hand, left, right, len(stock), passes, "over", 0))
            pips = [sum_over_bits(h, value) for h in hands]
            return to_move, rules.score_domino(pips, to_move), "domino"
        to_move += 1
        if to_move == seats:
            to_move = 0


# Fisher-Yates from the last place down: (place, how many places are left to draw from).
_SHUFFLE_STEPS: tuple[tuple[int, int], ...] = tuple((i, i + 1) for i in range(TILE_COUNT - 1, 0, -1))


def shuffled_tiles(rng: random.Random) -> list[int]:
    """The 28 tile indices in random order (Fisher-Yates driven by ``rng.random``)."""
    order = list(range(TILE_COUNT))
    rand = rng.random
    for i, size in _SHUFFLE_STEPS:
        j = int(rand() * size)
        order[i], order[j] = order[j], order[i]
    return order


def deal_masks(order: Sequence[int], seats: int, rules: RuleSet = PLAYBOARD) -> tuple[list[int], list[int]]:
    """Split a tile order into bit-mask hands (seat 0 takes the first tiles) and the boneyard."""
    size = rules.hand_size(seats)
    hands = []
    for start in range(0, seats * size, size):
        mask = 0
        for index in order[start : start + size]:
            mask |= 1 << index
        hands.append(mask)
    return hands, list(order[seats * size :])


def random_playout(
    hands: list[int],
    left: int,
    right: int,
    to_move: int,
    passes: int,
    boneyard: Sequence[int],
    rng: random.Random,
    rules: RuleSet = PLAYBOARD,
    trace: list | None = None,
    choose: Policy = random_choice,
) -> Outcome:
    """Finish an opened round with uniformly random legal choices (``boneyard`` in draw order).
    ``hands`` is modified. (``trace`` and ``choose``, a wrapper of :func:`random_choice`, are for
    the tests.)"""
    stock = list(boneyard)
    stock.reverse()  # pop() from the end draws the next tile
    return playout(hands, left, right, to_move, passes, stock, choose, rng.random, rules, BY_INDEX, trace)


def random_round(rng: random.Random, seats: int, rules: RuleSet = PLAYBOARD, trace: list | None = None,
                 choose: Policy = random_choice) -> Outcome:
    """Deal with ``rng`` and play a whole round with random legal choices."""
    hands, boneyard = deal_masks(shuffled_tiles(rng), seats, rules)
    opening = rules.choose_opening(hands)
    tile = opening.tile
    hands[opening.seat] &= ~(1 << tile.index)
    return random_playout(
        hands, tile.high, tile.low, (opening.seat + 1) % seats, 0, boneyard, rng, rules, trace, choose
    )


# ==== spinner games (Straight, All Fives) ========================================================
#: Outcome of a spinner playout: (winner or None, round-end points, reason, points each seat
#: scored during the play, All Fives; zeros in Straight).
SpinnerOutcome = tuple[int | None, int, str, list[int]]


def _open_arms(filled: list[bool], arms: int) -> Sequence[int]:
    """The arms a tile may go on: every arm once the spinner's left and right hold a tile, else
    those two and the doubles' branches (the spinner's up and down open last)."""
    return range(arms) if filled[0] and filled[1] else (0, 1, *range(4, arms))


def _open_count(spinner: int, numbers: list[int], doubles: list[bool], filled: list[bool]) -> int:
    """All Fives' count of the open ends: each filled arm's end, a double's both halves, and the
    spinner's two halves while one of its sides is bare."""
    count = sum((n + n if d else n) for n, d, f in zip(numbers, doubles, filled) if f)
    if not (filled[0] and filled[1]):
        count += spinner + spinner
    return count


def spinner_placements(fit: int, numbers: list[int], doubles: list[bool], filled: list[bool],
                       encoding: Encoding = BY_RANK) -> list[tuple[int, int]]:
    """Each distinct way to play one of the ``fit`` tiles on a spinner table (arms as
    :func:`spinner_playout` reads them), as ``(bit, arm)``: arms alike (the same open number and
    end, and the same part in opening the spinner's up and down) count once."""
    high, low = encoding.high, encoding.low
    sides_open = filled[0] and filled[1]
    found, seen = [], set()
    while fit:
        bit = fit & -fit
        fit ^= bit
        index = bit.bit_length() - 1
        for arm in _open_arms(filled, len(numbers)):
            n = numbers[arm]
            if high[index] != n and low[index] != n:
                continue
            key = (index, n, doubles[arm], filled[arm], arm < 2 and not sides_open)
            if key not in seen:
                seen.add(key)
                found.append((index, arm))
    return found


def by_model_preference(found: list[tuple[int, int]], spinner: int, numbers: list[int], doubles: list[bool],
                        filled: list[bool], scoring: bool, encoding: Encoding = BY_RANK) -> list[tuple[int, int]]:
    """Placements (from :func:`spinner_placements`, hands in :data:`BY_RANK`) in the order
    :func:`spinner_playout`'s players prefer them: the most points (All Fives, ``scoring``), then
    the heaviest tile, then the first arm; the first is the one its players make."""
    if not scoring:
        return sorted(found, key=lambda placement: placement[0], reverse=True)
    high, low = encoding.high, encoding.low
    count = _open_count(spinner, numbers, doubles, filled)
    return sorted(found, key=lambda placement: _preference(placement[0], placement[1], high[placement[0]],
                                                           low[placement[0]], count, spinner, numbers, doubles, filled),
                  reverse=True)


def _preference(index: int, arm: int, a: int, b: int, count: int, spinner: int, numbers: list[int],
                doubles: list[bool], filled: list[bool]) -> int:
    """All Fives' players' preference for the tile of bit ``index`` (halves ``a`` and ``b``) on
    ``arm``: the points it scores first, then the heavier tile (tiles fill the low 5 bits).
    :func:`spinner_playout` writes it out inline, for speed; the spinner search's test checks that
    the two agree (the model's favourite is the play the playout makes)."""
    after = _count_after(count, spinner, numbers, doubles, filled, arm, a + b - numbers[arm], a == b)
    return index + (after << 5) if after % 5 == 0 else index


def spinner_playout(
    hands: list[int],
    spinner: int,
    numbers: list[int],
    doubles: list[bool],
    filled: list[bool],
    to_move: int,
    passes: int,
    stock: list[int],
    rules: RuleSet,
    encoding: Encoding = BY_RANK,
    trace: list | None = None,
    pause: Pause | None = None,
    first: tuple[int, int] | None = None,
    points: list[int] | None = None,
) -> SpinnerOutcome:
    """Finish an opened Straight or All Fives round on bit masks. The table is a list of arms:
    ``numbers`` each arm's open number, ``doubles`` whether the tile at its end is a double,
    ``filled`` whether it holds a tile; the first four are the spinner's left, right, up and down
    (up and down open once left and right are filled), any later one a double's branch (open at
    once), and when doubles branch (``rules.doubles_branch``) a double played adds its left and
    right branches at the end of the lists. ``hands``, the arm lists and ``stock`` (drawn with
    ``pop()``) are used up.

    Every seat plays the same way, the hint engine's model of an opponent: in All Fives the play
    that scores most (a count of the open ends that is a multiple of 5), then the heaviest tile; in
    Straight the heaviest tile; each at the first arm it fits in the lists' order. A turn follows
    :func:`~tutor.games.domino.turn.seat_turn`: play a tile that fits, else draw until one fits,
    else pass; the round is blocked when every seat has passed in a row or, by the rules that say
    so (``rules.ends_when_stuck``), as soon as nobody can play with nothing left to draw. The round
    only is played: All Fives' match target (which may end a match at once) is not looked at. With
    a ``trace`` list each action is appended as ``(seat, "play", bit, arm)`` (``arm``: the index in
    the lists), ``(seat, "draw", bit)`` or ``(seat, "pass")`` so a test can replay it, and a round
    blocked without passes ends with ``(seat, "blocked")``.

    For a search: with a ``pause``, stop at that seat's turn when it has two distinct placements or
    more (:func:`spinner_placements`), after ``pause.skip`` such turns, leaving the passes in a row
    and the play points so far on the pause and the lists as they stand, and return the reason
    "choice"; ``first`` is a placement ``(bit, arm)`` the seat to move makes at once, and
    ``points`` the play points so far.
    """
    seats = len(hands)
    high, low, value, number_mask = encoding
    scoring = rules.scores_ends
    branching = rules.doubles_branch
    stuck_ends = rules.ends_when_stuck
    play_points = points if points is not None else [0] * seats
    paused_seat = pause.seat if pause is not None else -1
    count = _open_count(spinner, numbers, doubles, filled)
    while True:
        hand = hands[to_move]
        open_arms = _open_arms(filled, len(numbers))
        showing = 0
        for where in open_arms:
            showing |= number_mask[numbers[where]]
        fit = hand & showing
        if not fit:
            while stock:  # nothing fits: draw while the boneyard has tiles, else pass
                drawn = stock.pop()
                if trace is not None:
                    trace.append((to_move, "draw", drawn))
                hand |= 1 << drawn
                if showing >> drawn & 1:
                    fit = 1 << drawn
                    break
            hands[to_move] = hand
            if not fit:
                if stuck_ends and not any(h & showing for h in hands):
                    # nobody can play, nothing to draw: blocked now; the last tile was placed by
                    # the seat before the passes in a row (if any) before this seat's turn
                    if trace is not None:
                        trace.append((to_move, "blocked"))
                    pips = [sum_over_bits(h, value) for h in hands]
                    winner, points = rules.score_blocked(pips, [h.bit_count() for h in hands],
                                                         (to_move - passes - 1) % seats)
                    return winner, points, "blocked", play_points
                if trace is not None:
                    trace.append((to_move, "pass"))
                passes += 1
                if passes == seats:  # blocked; this seat placed the last tile: all have passed since
                    pips = [sum_over_bits(h, value) for h in hands]
                    winner, points = rules.score_blocked(pips, [h.bit_count() for h in hands], to_move)
                    return winner, points, "blocked", play_points
                to_move = to_move + 1 if to_move + 1 < seats else 0
                continue
        if to_move == paused_seat and first is None and len(spinner_placements(fit, numbers, doubles, filled, encoding)) > 1:
            assert pause is not None
            if pause.skip:
                pause.skip -= 1
            else:
                pause.passes, pause.points = passes, play_points
                return None, 0, "choice", play_points
        # the play: the best score (All Fives), then the heaviest tile, then the first arm
        best_key, index, arm = -1, 0, 0
        candidates = fit if scoring else 1 << (fit.bit_length() - 1)
        if first is not None:
            (index, arm), first, candidates = first, None, 0
        while candidates:
            bit = candidates & -candidates
            candidates ^= bit
            i = bit.bit_length() - 1
            a, b = high[i], low[i]
            for where in open_arms:
                n = numbers[where]
                if a != n and b != n:
                    continue
                key = i
                if scoring:  # _preference written out: a call here costs 7 % of a playout
                    after = _count_after(count, spinner, numbers, doubles, filled, where, a + b - n, a == b)
                    if after % 5 == 0:
                        key += after << 5  # points first (tiles fill the low 5 bits)
                if key > best_key:
                    best_key, index, arm = key, i, where
                if not scoring:
                    break
        a, b = high[index], low[index]
        n = numbers[arm]
        if scoring:
            count = _count_after(count, spinner, numbers, doubles, filled, arm, a + b - n, a == b)
            if count % 5 == 0:
                play_points[to_move] += count
        if trace is not None:
            trace.append((to_move, "play", index, arm))
        numbers[arm], doubles[arm], filled[arm] = a + b - n, a == b, True
        if branching and a == b:  # a double opens its two sides: two new arms, bare
            numbers += [a, a]
            doubles += [False, False]
            filled += [False, False]
        passes = 0
        hand ^= 1 << index
        hands[to_move] = hand
        if not hand:  # played out
            pips = [sum_over_bits(h, value) for h in hands]
            return to_move, rules.score_domino(pips, to_move), "domino", play_points
        to_move = to_move + 1 if to_move + 1 < seats else 0


def _count_after(count: int, spinner: int, numbers: list[int], doubles: list[bool], filled: list[bool],
                 arm: int, number: int, double: bool) -> int:
    """All Fives' count after a tile leaving ``number`` (a double: ``double``) is played on ``arm``
    (a double's own branches add nothing until they hold a tile)."""
    if filled[arm]:
        old = numbers[arm]
        count -= old + old if doubles[arm] else old
    elif arm < 2 and filled[1 - arm]:  # the spinner's last bare end is covered: it stops counting
        count -= spinner + spinner
    return count + (number + number if double else number)
