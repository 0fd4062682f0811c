"""A second, independent implementation of Draw dominoes (Playboard rules, /work/shared/RULES.md).

Tests use it to cross-check the tutor's engine. It shares no code or design with ``tutor``:
tiles are plain ``(int, int)`` tuples, everything is done with lists and simple loops, and speed
does not matter. Standard library only.
"""
from __future__ import annotations

import random
from collections import Counter, deque

Tile = tuple[int, int]

# The double-six set, every tile in canonical form (high half first).
ALL_TILES: list[Tile] = [(high, low) for high in range(7) for low in range(high + 1)]


def parse(text: str) -> Tile:
    """'3-6' -> (3, 6), keeping the written order of the halves."""
    first, second = text.split("-")
    return (int(first), int(second))


def canon(tile: Tile) -> Tile:
    """The canonical form of a tile: high half first."""
    return (max(tile), min(tile))


def name(tile: Tile) -> str:
    """(6, 1) -> '6-1' (no reordering)."""
    return f"{tile[0]}-{tile[1]}"


def pips(hand: list[Tile]) -> int:
    """Total number of pips in a hand."""
    total = 0
    for tile in hand:
        total += tile[0] + tile[1]
    return total


def score_domino(pips_by_seat: list[int], winner: int) -> int:
    """Points for playing out: the sum of the pips left in every other seat's hand."""
    return sum(p for seat, p in enumerate(pips_by_seat) if seat != winner)


def score_blocked(pips_by_seat: list[int], tiles_by_seat: list[int]) -> tuple[int | None, int]:
    """(winner, points) of a blocked round; (None, 0) when nobody can be separated.

    Lowest pip total wins; a tie there goes to fewer tiles in hand; still tied: nobody scores.
    The winner scores the others' pips minus the winner's own pips.
    """
    lowest = min(pips_by_seat)
    tied_on_pips = [seat for seat in range(len(pips_by_seat)) if pips_by_seat[seat] == lowest]
    fewest = min(tiles_by_seat[seat] for seat in tied_on_pips)
    best = [seat for seat in tied_on_pips if tiles_by_seat[seat] == fewest]
    if len(best) > 1:
        return None, 0
    winner = best[0]
    return winner, score_domino(pips_by_seat, winner) - pips_by_seat[winner]


def find_opening(hands: list[list[Tile]]) -> tuple[int, Tile, str]:
    """(seat, tile, rule) of the forced opening; hands hold canonical tiles."""
    best_double: tuple[int, Tile] | None = None
    for seat, hand in enumerate(hands):
        for tile in hand:
            if tile[0] == tile[1] and (best_double is None or tile[0] > best_double[1][0]):
                best_double = (seat, tile)
    if best_double is not None:
        return best_double[0], best_double[1], "highest_double"
    best: tuple[int, Tile] | None = None
    for seat, hand in enumerate(hands):
        for tile in hand:
            # Heavier wins; equal value: the higher half wins (6-3 beats 5-4).
            if best is None or (sum(tile), tile[0]) > (sum(best[1]), best[1][0]):
                best = (seat, tile)
    assert best is not None, "a valid position with an empty line has tiles in hand"
    return best[0], best[1], "heaviest_tile"


def analyze(position: dict) -> dict:
    """What the rules require next in a VALID API request body (see API.md), minus 'explanation'."""
    hands = [[canon(parse(text)) for text in hand] for hand in position["hands"]]
    line = [parse(text) for text in position["line"]]
    seats = len(hands)
    used = [tile for hand in hands for tile in hand] + [canon(tile) for tile in line]
    boneyard = len([tile for tile in ALL_TILES if tile not in used])
    answer: dict = {"action": None, "to_move": None, "ends": [], "boneyard": boneyard,
                    "legal_moves": [], "opening": None, "result": None}

    if not line:
        seat, tile, rule = find_opening(hands)
        answer["action"] = "open"
        answer["to_move"] = seat
        answer["legal_moves"] = [{"tile": name(tile), "end": None}]
        answer["opening"] = {"seat": seat, "tile": name(tile), "rule": rule}
        return answer

    left_end, right_end = line[0][0], line[-1][1]
    answer["ends"] = [left_end, right_end]
    pips_by_seat = [pips(hand) for hand in hands]
    tiles_by_seat = [len(hand) for hand in hands]

    empty_seats = [seat for seat in range(seats) if len(hands[seat]) == 0]
    if empty_seats:
        winner = empty_seats[0]
        answer["action"] = "over"
        answer["result"] = {"reason": "domino", "winner": winner,
                            "points": score_domino(pips_by_seat, winner),
                            "pips": pips_by_seat, "tiles": tiles_by_seat}
        return answer
    if (position.get("passes") or 0) == seats:
        winner, points = score_blocked(pips_by_seat, tiles_by_seat)
        answer["action"] = "over"
        answer["result"] = {"reason": "blocked", "winner": winner, "points": points,
                            "pips": pips_by_seat, "tiles": tiles_by_seat}
        return answer

    seat = position["to_move"]
    answer["to_move"] = seat
    moves = []
    for tile in sorted(hands[seat]):  # canonical tuples sort by (high, low)
        for end, number in (("left", left_end), ("right", right_end)):
            if tile[0] == number or tile[1] == number:
                moves.append({"tile": name(tile), "end": end})
    answer["legal_moves"] = moves
    if moves:
        answer["action"] = "play"
    elif boneyard > 0:
        answer["action"] = "draw"
    else:
        answer["action"] = "pass"
    return answer


# ---------------------------------------------------------------- random valid positions

def _random_chain(rng: random.Random, length: int) -> list[Tile]:
    """A real line of play of up to `length` tiles (shorter if it gets stuck)."""
    first = rng.choice(ALL_TILES)
    line = [first if rng.random() < 0.5 else (first[1], first[0])]
    used = [first]
    while len(line) < length:
        options = []
        for tile in ALL_TILES:
            if tile in used:
                continue
            if line[0][0] in tile:
                options.append(("left", tile))
            if line[-1][1] in tile:
                options.append(("right", tile))
        if not options:
            break
        end, tile = rng.choice(options)
        if end == "left":
            touching = line[0][0]
            line.insert(0, (tile[0] + tile[1] - touching, touching))
        else:
            touching = line[-1][1]
            line.append((touching, tile[0] + tile[1] - touching))
        used.append(tile)
    return line


def _blocked_chain(rng: random.Random) -> list[Tile]:
    """A line whose two ends show the same number n and that holds all seven tiles showing n, so
    nobody can play on it: three trips out of n and back (n-a ... b-n), with n-n between two."""
    n = rng.randint(0, 6)
    while True:
        others = [m for m in range(7) if m != n]
        rng.shuffle(others)
        used = {canon((n, m)) for m in range(7)}
        trips = []
        for a, b in zip(others[0::2], others[1::2]):
            trip, here = [(n, a)], a
            for _ in range(rng.randint(0, 2)):  # a detour through tiles that show no n
                steps = [m for m in range(7) if m not in (n, b) and canon((here, m)) not in used]
                if not steps:
                    break
                step = rng.choice(steps)
                trip.append((here, step))
                used.add(canon((here, step)))
                here = step
            if canon((here, b)) in used:
                break
            trip += [(here, b), (b, n)]
            used.add(canon((here, b)))
            trips.append(trip)
        if len(trips) == 3:
            break
    trips.insert(rng.randint(0, 3), [(n, n)])
    return [tile for trip in trips for tile in trip]


def stuck_run(hands: list[list[str]], line: list[str], to_move: int) -> int:
    """How many seats in a row just before ``to_move`` hold no tile that fits an end: the most
    passes in a row that can have led to this position (a seat that can play may not pass)."""
    ends = (parse(line[0])[0], parse(line[-1])[1])
    count = 0
    while count < len(hands):
        seat = (to_move - count - 1) % len(hands)
        if any(end in parse(tile) for tile in hands[seat] for end in ends):
            break
        count += 1
    return count


BLOCKED_ROLL = 0.65  # candidates from 0.4 up to this have a blocked line (a third of the cases are blocked)


def _candidate(rng: random.Random) -> dict:
    """One random valid position, with knobs that make rare cases reachable."""
    seats = rng.randint(2, 4)
    roll = rng.random()
    if roll < 0.25:
        line: list[Tile] = []
    elif roll < 0.4:
        line = _random_chain(rng, rng.randint(14, 26 - seats))  # long line: small hands, ties
    elif roll < BLOCKED_ROLL:
        line = _blocked_chain(rng)  # with an empty boneyard, nobody can play: blocked rounds
    else:
        line = _random_chain(rng, rng.randint(1, 20))
    in_line = [canon(tile) for tile in line]
    rest = [tile for tile in ALL_TILES if tile not in in_line]
    rng.shuffle(rest)
    to_move = rng.randrange(seats)

    no_doubles = not line and rng.random() < 0.4  # force the heaviest-tile opening
    if no_doubles:
        rest = [tile for tile in rest if tile[0] != tile[1]]
        if rng.random() < 0.5:  # without 6-5 and 6-4 the heaviest value (9, 8...) is often shared
            rest = [tile for tile in rest if tile not in ((6, 5), (6, 4))]
    empty_seat = rng.randrange(seats) if line and rng.random() < 0.25 else None
    boneyard_empty = not no_doubles and (rng.random() < 0.5 or 0.4 <= roll < BLOCKED_ROLL)
    dealt_to = [seat for seat in range(seats) if seat != empty_seat]

    sizes = [0] * seats
    if boneyard_empty:
        for seat in dealt_to:
            sizes[seat] = 1
        for _ in range(len(rest) - len(dealt_to)):
            sizes[rng.choice(dealt_to)] += 1
    else:
        for seat in dealt_to:
            sizes[seat] = rng.randint(1, 7)
        while sum(sizes) > len(rest) - 1:  # leave at least one tile in the boneyard
            sizes[sizes.index(max(sizes))] -= 1

    if line and rng.random() < 0.4:  # starve the seat to move of fitting tiles
        ends = (line[0][0], line[-1][1])
        rest.sort(key=lambda tile: tile[0] in ends or tile[1] in ends)
        order = [to_move] + [seat for seat in range(seats) if seat != to_move]
    else:
        order = list(range(seats))
    dealt: list[list[Tile]] = [[] for _ in range(seats)]
    for seat in order:
        dealt[seat], rest = rest[:sizes[seat]], rest[sizes[seat]:]
    if line and boneyard_empty and rng.random() < 0.5:
        # Re-deal the same tiles at random until the lowest pip total is shared (blocked ties).
        pool = [tile for hand in dealt for tile in hand]
        for _ in range(50):
            rng.shuffle(pool)
            dealt = [[] for _ in range(seats)]
            for index, tile in enumerate(pool):
                dealt[dealt_to[index] if index < len(dealt_to) else rng.choice(dealt_to)].append(tile)
            totals = [pips(dealt[seat]) for seat in dealt_to]
            if totals.count(min(totals)) > 1:
                break
    hands: list[list[str]] = []
    for hand in dealt:
        written = [(t[1], t[0]) if rng.random() < 0.3 else t for t in hand]
        rng.shuffle(written)
        hands.append([name(tile) for tile in written])

    position: dict = {"hands": hands, "line": [name(tile) for tile in line]}
    if line:
        position["to_move"] = to_move
        position["passes"] = 0
        if boneyard_empty:
            most = stuck_run(position["hands"], position["line"], to_move)
            position["passes"] = seats if most == seats and rng.random() < 0.8 else rng.randint(0, min(most, seats - 1))
    else:
        if rng.random() < 0.7:
            position["to_move"] = to_move
        if rng.random() < 0.5:
            position["passes"] = 0
    return position


def case_of(position: dict) -> str:
    """A coverage label such as 'play', 'open/heaviest_tie' or 'over/blocked/tiles'."""
    answer = analyze(position)
    if answer["action"] == "open":
        rule = answer["opening"]["rule"]
        if rule == "heaviest_tile":
            held = [canon(parse(t)) for hand in position["hands"] for t in hand]
            heaviest = max(sum(tile) for tile in held)
            if len([tile for tile in held if sum(tile) == heaviest]) > 1:
                return "open/heaviest_tie"
        return "open/" + rule
    if answer["action"] != "over":
        return answer["action"]
    result = answer["result"]
    if result["reason"] == "domino":
        return "over/domino"
    if result["winner"] is None:
        return "over/blocked/tie"
    if result["pips"].count(min(result["pips"])) > 1:
        return "over/blocked/tiles"
    return "over/blocked/pips"


CASES = ["open/highest_double", "open/heaviest_tile", "open/heaviest_tie", "play", "draw",
         "pass", "over/domino", "over/blocked/pips", "over/blocked/tiles", "over/blocked/tie"]


def random_valid_position(rng: random.Random) -> dict:
    """A random VALID request body; picks a case from CASES evenly, then samples until it fits."""
    target = rng.choice(CASES)
    position = _candidate(rng)
    for _ in range(1000):
        if case_of(position) == target:
            break
        position = _candidate(rng)
    return position


class ValidPositions:
    """Random valid request bodies, each case of CASES equally likely, for many positions at once.

    The same distribution as :func:`random_valid_position`, about three times faster: a candidate
    of another case than the one drawn is kept in its case's queue instead of thrown away (the
    candidates are independent, so each queue holds independent samples of its case)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.waiting: dict[str, deque[dict]] = {case: deque() for case in CASES}

    def next(self) -> dict:
        queue = self.waiting[self.rng.choice(CASES)]
        while not queue:
            position = _candidate(self.rng)
            self.waiting[case_of(position)].append(position)
        return queue.popleft()


def _assert_valid(position: dict) -> None:
    """The API.md validity rules, checked on generated positions."""
    hands, line = position["hands"], [parse(t) for t in position["line"]]
    assert 2 <= len(hands) <= 4
    every = [canon(parse(t)) for hand in hands for t in hand] + [canon(t) for t in line]
    assert all(0 <= half <= 6 for tile in every for half in tile)
    assert len(every) == len(set(every)), "a tile appears twice"
    assert all(line[i][1] == line[i + 1][0] for i in range(len(line) - 1)), "broken chain"
    empty = [hand for hand in hands if not hand]
    assert len(empty) <= 1 and not (empty and not line)
    if line:
        assert 0 <= position["to_move"] < len(hands)
    passes = position.get("passes") or 0
    assert 0 <= passes <= len(hands)
    assert passes == 0 or (line and len(every) == 28)
    assert passes <= (stuck_run(hands, position["line"], position["to_move"]) if line else 0), "a seat that passed could play"


if __name__ == "__main__":
    generator = random.Random(12345)
    counts: Counter = Counter()
    for _ in range(20_000):
        sample = random_valid_position(generator)
        _assert_valid(sample)
        counts[case_of(sample)] += 1
    for label in CASES:
        print(f"{label:22s} {counts[label]:6d}  {100 * counts[label] / 20_000:5.1f}%")
