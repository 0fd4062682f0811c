"""An independent statement of the other domino rule sets (VARIANTS.md: Sato 157, Straight, All
Fives), written apart from the engine and sharing no code with it, to check the engine against
(issues #15 and #29), as ``independent_checker.py`` does for Playboard's rules. Written again from
the seeds for issue #29: [003a] "the chain may branch when you play a double, making new ends" (a
double laid crosswise "creates 2 new ends and 3 more places to play": its two sides and its far
end), [003b] "from it, players may play on any end of the double", and [003], [004]: a round is over
as soon as nobody can play and nothing is left to draw.

Everything is plain data: a tile is a pair ``(high, low)``; a layout with a spinner is the spinner's
number and its arms by name (``left``, ``right``, ``up``, ``down``, and when every double branches
``"4-4.left"`` / ``"4-4.right"``, the two sides of a double laid in an arm), each a list of the
numbers showing at the arm's outer end after each tile, so the last one is the arm's open end; a
line without a spinner (Sato 157) is its two open ends.

Straight and All Fives are also played here as whole rounds (``start``, ``required``,
``legal_plays``, ``points_of``, ``apply``, ``result``) and matches (``straight_match_winner``,
``all_fives_match_winner``), and so is Sato 157 (``sato_start``, ``sato_required``,
``sato_legal_plays``, ``sato_apply``, ``sato_result``), from VARIANTS.md's tables, its worked
examples and the seeds only. A rule set's name ending in ``-one-spinner`` is the option where only
the spinner branches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

ARMS = ("left", "right", "up", "down")
ONE_SPINNER = "-one-spinner"


def tile(text: str) -> tuple[int, int]:
    """``"6-4"`` -> ``(6, 4)``: the higher half first."""
    a, b = (int(x) for x in text.split("-"))
    return (max(a, b), min(a, b))


def pips(tiles) -> int:
    return sum(a + b for a, b in tiles)


@dataclass
class SpinnerLayout:
    """A spinner game's table (Straight, All Fives): the spinner and what lies on each arm.

    ``ends[arm]`` lists, for each tile on that arm, the number at the arm's outer end once it was
    played, and whether that tile was a double (it then counts both halves while it is the arm's
    last tile). ``start[arm]`` is the number an arm without a tile shows: the spinner's for its four
    arms, the double's for a double's side. ``branching``: every double laid in an arm opens its
    two sides as new arms ([003a]); False: one spinner, only the first double branches."""

    spinner: int
    ends: dict[str, list[tuple[int, bool]]] = field(default_factory=lambda: {arm: [] for arm in ARMS})
    branching: bool = False
    start: dict[str, int] = field(default_factory=dict)

    def open_arms(self) -> list[str]:
        """Where a tile may go: left and right from the start; up and down once both left and
        right hold a tile (VARIANTS.md, decision); each side of a double laid in an arm from the
        moment it is laid (the seed's "3 more places": its two sides and its far end)."""
        arms = ["left", "right"]
        if self.ends["left"] and self.ends["right"]:
            arms += ["up", "down"]
        return arms + [arm for arm in self.ends if arm not in ARMS]

    def end_number(self, arm: str) -> int:
        if self.ends[arm]:
            return self.ends[arm][-1][0]
        return self.start.get(arm, self.spinner)

    def fits(self, piece: tuple[int, int]) -> list[str]:
        """The arms ``piece`` can be played on (one half equals the arm's open number)."""
        return [arm for arm in self.open_arms() if self.end_number(arm) in piece]

    def play(self, piece: tuple[int, int], arm: str) -> None:
        if arm not in self.fits(piece):
            raise ValueError(f"{piece} does not fit the {arm} arm")
        number = self.end_number(arm)
        a, b = piece
        outer = b if a == number else a
        self.ends[arm].append((outer, a == b))
        if a == b and self.branching:  # laid crosswise: its two sides open as new arms
            for hand in ("left", "right"):
                name = f"{a}-{a}.{hand}"
                self.ends[name] = []
                self.start[name] = a

    def copy(self) -> SpinnerLayout:
        """A layout to play on without changing this one (``apply`` returns new rounds)."""
        return SpinnerLayout(self.spinner, {arm: list(ends) for arm, ends in self.ends.items()}, self.branching,
                             dict(self.start))

    def count(self) -> int:
        """All Fives: the sum of the open ends. Each arm with tiles counts its end (both halves
        of a double that is its last tile, whatever lies on that double's sides); an arm without
        a tile counts nothing; the spinner counts both its halves until left and right both hold a
        tile (VARIANTS.md, decisions), and nothing after."""
        total = 0
        for arm in self.ends:
            if self.ends[arm]:
                number, double = self.ends[arm][-1]
                total += 2 * number if double else number
        if not (self.ends["left"] and self.ends["right"]):
            total += 2 * self.spinner
        return total


def all_fives_points(count: int) -> int:
    """What a play scores in All Fives: the count when it is a multiple of 5 (and not 0), else 0."""
    return count if count and count % 5 == 0 else 0


def round_to_five(number: int) -> int:
    """The nearest multiple of 5, halves up (VARIANTS.md, decision): 12 -> 10, 13 -> 15."""
    return (number + 2) // 5 * 5


def sato_hand_size(players: int) -> int:
    if players not in (2, 3, 4):
        raise ValueError("Sato 157 is for 2 to 4 players")
    return 7


def sato_boneyard(players: int) -> int:
    return 28 - 7 * players


def blocked_winner(hands: list[list[tuple[int, int]]]) -> int | None:
    """Sato 157, a blocked round: the lowest pip total wins; tied: fewer tiles; still tied:
    nobody (None). (Straight breaks no tie on tiles: see ``straight_blocked_winner``.)"""
    keys = [(pips(h), len(h)) for h in hands]
    best = min(keys)
    winners = [i for i, k in enumerate(keys) if k == best]
    return winners[0] if len(winners) == 1 else None


def sato_points(hands: list[list[tuple[int, int]]], winner: int) -> int:
    """Sato 157 (decision): the winner scores the pips left in the other hands."""
    return sum(pips(h) for i, h in enumerate(hands) if i != winner)


def straight_points(hands: list[list[tuple[int, int]]], winner: int) -> int:
    """Straight: the winner scores the opponent's pips (two players)."""
    (other,) = [h for i, h in enumerate(hands) if i != winner]
    return pips(other)


def all_fives_out_bonus(opponent: list[tuple[int, int]]) -> int:
    """All Fives: playing out (or, blocked, placing the last tile) earns the opponent's pips
    rounded to a multiple of 5."""
    return round_to_five(pips(opponent))


def opening_tile(hands: list[list[tuple[int, int]]]) -> tuple[int, tuple[int, int]] | None:
    """Who leads the first round and with what: the highest double (Sato 157, Straight, All
    Fives); for Sato 157 without any double, the heaviest tile (Straight and All Fives redeal:
    None)."""
    doubles = [(t[0], i, t) for i, h in enumerate(hands) for t in h if t[0] == t[1]]
    if doubles:
        _, seat, piece = max(doubles)
        return seat, piece
    return None


# --- Straight and All Fives: whole rounds ------------------------------------------------------

Tile = tuple[int, int]
STRAIGHT = "straight"
ALL_FIVES = "all-fives"
SPINNER_RULES = (STRAIGHT, ALL_FIVES, STRAIGHT + ONE_SPINNER, ALL_FIVES + ONE_SPINNER)
ALL_TILES: list[Tile] = [(a, b) for a in range(7) for b in range(a + 1)]
#: VARIANTS.md: a real deal is 7 tiles each and 14 in the boneyard. ``start`` does not insist, so
#: hand-worked tests can use short deals; the rules of play do not depend on the sizes.
HAND_SIZE = 7


def straight_blocked_winner(hands: list[list[Tile]]) -> int | None:
    """Straight, a blocked round: the lower pip total wins; "tied: nobody scores" (VARIANTS.md,
    decision). The table names no tie-break on the number of tiles (Sato 157's does), so equal
    pips are a tie whatever the tile counts."""
    first, second = pips(hands[0]), pips(hands[1])
    if first == second:
        return None
    return 0 if first < second else 1


@dataclass
class SpinnerRound:
    """A round of Straight or All Fives between seats 0 and 1.

    ``apply`` never changes a round: it returns a new one (the old one stays a valid snapshot)."""

    rules: str                      # "straight" or "all-fives" (the ``-one-spinner`` option: plain name here)
    hands: list[list[Tile]]         # the two hands; a drawn tile goes to the end
    boneyard: list[Tile]            # in draw order: the next draw takes boneyard[0]
    layout: SpinnerLayout
    to_move: int                    # the seat whose turn it is
    passes: int = 0                 # passes in a row (a pass ends no round: one seat can still play)
    play_points: list[int] = field(default_factory=lambda: [0, 0])  # All Fives, per seat
    last_placer: int = 0            # the seat that placed the last tile (the lead counts)
    placed: list[Tile] = field(default_factory=list)  # the tiles on the table, lead first
    #: every play that scored, ``(seat, points)`` in order: the match counts after each play, so
    #: it needs the order, not only the totals
    scores: list[tuple[int, int]] = field(default_factory=list)


def _check_tile(piece) -> Tile:
    piece = tuple(piece)
    if piece not in ALL_TILES:
        raise ValueError(f"{piece} is not a double-six tile written (high, low)")
    return piece


def start(hands: list[list[Tile]], boneyard: list[Tile], rules: str) -> SpinnerRound | None:
    """The opening: the highest double dealt (in either hand; the boneyard does not count) is led
    by its holder and is the spinner; then the other seat moves. No double dealt: ``None``, the
    deal is void and the tiles are dealt again (VARIANTS.md, decision). The lead scores nothing,
    even in All Fives where it shows a count (5-5 shows 10)."""
    if rules not in SPINNER_RULES:
        raise ValueError(f"unknown rule set {rules!r}: {SPINNER_RULES}")
    if len(hands) != 2:
        raise ValueError("Straight and All Fives are for two players")
    hands = [[_check_tile(t) for t in hand] for hand in hands]
    boneyard = [_check_tile(t) for t in boneyard]
    every = hands[0] + hands[1] + boneyard
    if len(set(every)) != len(every):
        raise ValueError("a tile is dealt twice")
    if not hands[0] or not hands[1]:
        raise ValueError("each seat is dealt tiles")
    opening = opening_tile(hands)
    if opening is None:
        return None
    seat, double = opening
    hands[seat].remove(double)
    branching = not rules.endswith(ONE_SPINNER)
    return SpinnerRound(
        rules=rules.removesuffix(ONE_SPINNER), hands=hands, boneyard=boneyard,
        layout=SpinnerLayout(double[0], branching=branching), to_move=1 - seat, last_placer=seat, placed=[double],
    )


def _stuck(hand: list[Tile], layout: SpinnerLayout) -> bool:
    return not any(layout.fits(piece) for piece in hand)


def _over(state: SpinnerRound) -> bool:
    """A hand is empty, or ([003a], [003b]) both players cannot play and nothing is left to draw:
    the round ends then, whoever is to move (no passes are needed to end it)."""
    if not state.hands[0] or not state.hands[1]:
        return True
    return not state.boneyard and all(_stuck(hand, state.layout) for hand in state.hands)


def legal_plays(state: SpinnerRound) -> list[tuple[Tile, str]]:
    """Every ``(tile, arm)`` the seat to move may play, ``sorted()`` (tile first, then the arm's
    name in alphabetical order). A tile that fits two arms is two plays, even when both arms show
    the same number. Empty when the round is over or nothing fits."""
    if _over(state):
        return []
    hand = state.hands[state.to_move]
    return sorted((piece, arm) for piece in hand for arm in state.layout.fits(piece))


def required(state: SpinnerRound) -> str:
    """What the rules require next: "over" (a hand is empty, or nobody can play with the boneyard
    empty),
    "play" (a tile fits: playing is compulsory), "draw" (nothing fits and the boneyard has tiles:
    draw one and keep the turn), "pass" (nothing fits, boneyard empty)."""
    if _over(state):
        return "over"
    if legal_plays(state):
        return "play"
    return "draw" if state.boneyard else "pass"


def points_of(state: SpinnerRound, piece: Tile, arm: str) -> int:
    """What playing ``piece`` on ``arm`` scores: All Fives, the count of the open ends after the
    play when it is a positive multiple of 5, else 0; Straight, always 0. Only the layout is
    asked (raises ValueError when the tile does not fit there), not whose hand holds the tile."""
    after = state.layout.copy()
    after.play(_check_tile(piece), arm)
    return all_fives_points(after.count()) if state.rules == ALL_FIVES else 0


def apply(state: SpinnerRound, action: tuple) -> SpinnerRound:
    """The round after ``action``: ``("play", tile, arm)``, ``("draw",)`` or ``("pass",)``.
    Raises ValueError for anything the rules do not allow now (only what ``required`` names is
    allowed, and only a play from ``legal_plays``). A play resets the passes and hands the turn
    over; a draw takes the boneyard's first tile and keeps the turn; a pass counts one and hands
    the turn over."""
    need = required(state)
    if need == "over":
        raise ValueError("the round is over")
    action = tuple(action)
    kind = action[0] if action else None
    seat = state.to_move
    new = replace(  # every list copied: the old round stays as it was
        state, hands=[list(hand) for hand in state.hands], boneyard=list(state.boneyard),
        layout=state.layout.copy(), play_points=list(state.play_points),
        placed=list(state.placed), scores=list(state.scores),
    )
    if kind == "play" and len(action) == 3:
        piece, arm = _check_tile(action[1]), action[2]
        if need != "play" or (piece, arm) not in legal_plays(state):
            raise ValueError(f"seat {seat} may not play {piece} on the {arm} arm")
        points = points_of(state, piece, arm)
        new.hands[seat].remove(piece)
        new.layout.play(piece, arm)
        new.placed.append(piece)
        new.play_points[seat] += points
        if points:
            new.scores.append((seat, points))
        new.last_placer = seat
        new.passes = 0
        new.to_move = 1 - seat
    elif action == ("draw",):
        if need != "draw":
            raise ValueError(f"seat {seat} may not draw: the rules require {need}")
        new.hands[seat].append(new.boneyard.pop(0))
    elif action == ("pass",):
        if need != "pass":
            raise ValueError(f"seat {seat} may not pass: the rules require {need}")
        new.passes += 1
        new.to_move = 1 - seat
    else:
        raise ValueError(f"not an action: {action!r}")
    return new


def result(state: SpinnerRound) -> dict | None:
    """``None`` while the round goes on; else how it ended:

    - ``reason``: "domino" (a hand is empty) or "blocked" (nobody can play, nothing to draw);
    - ``winner``: the seat that takes the round-end points, or ``None`` (Straight, blocked, equal
      pips);
    - ``points``: the round-end points. Straight: the opponent's pips to the one who went out;
      blocked, to the lower pip total (equal pips: nobody, 0). All Fives: the opponent's pips
      rounded to the nearest 5, halves up, to the one who went out; blocked, to the seat that
      placed the last tile (the lead counts as placed), the same bonus (its opponent's pips,
      rounded);
    - ``play_points``: ``(seat 0, seat 1)`` scored during play (All Fives; Straight: 0, 0);
    - ``pips``: ``(seat 0, seat 1)`` left in hand."""
    if not _over(state):
        return None
    hands = state.hands
    if not hands[0] or not hands[1]:
        reason, winner = "domino", 0 if not hands[0] else 1
    elif state.rules == STRAIGHT:
        reason, winner = "blocked", straight_blocked_winner(hands)
    else:
        reason, winner = "blocked", state.last_placer
    if winner is None:
        points = 0
    elif state.rules == STRAIGHT:
        points = pips(hands[1 - winner])
    else:
        points = all_fives_out_bonus(hands[1 - winner])
    return {
        "reason": reason, "winner": winner, "points": points,
        "play_points": tuple(state.play_points), "pips": (pips(hands[0]), pips(hands[1])),
    }


def round_events(state: SpinnerRound) -> list[tuple[int, int]]:
    """A round's points in the order they were won, ``(seat, points)``: each scoring play, then
    (once the round is over) the round-end points if any. All Fives matches count these one by
    one (``all_fives_match_winner``)."""
    events = list(state.scores)
    end = result(state)
    if end is not None and end["points"]:
        events.append((end["winner"], end["points"]))
    return events


# --- matches ---------------------------------------------------------------------------------

STRAIGHT_ROUNDS = 5
ALL_FIVES_TARGET = 250


def straight_match_winner(rounds: Sequence[tuple[int, int]]) -> int | None:
    """Straight: ``rounds`` holds each round's points ``(seat 0, seat 1)`` in order. After five
    rounds the higher total wins; tied after five, each further round is played and the match
    ends after the first one that leaves the totals different (VARIANTS.md, decision). ``None``
    while undecided. Raises ValueError for a round after the match ended, or a round where both
    seats scored (only the round's winner scores)."""
    totals = [0, 0]
    winner = None
    for number, (first, second) in enumerate(rounds, start=1):
        if winner is not None:
            raise ValueError(f"round {number} is played after the match ended")
        if first < 0 or second < 0 or (first and second):
            raise ValueError(f"round {number}: {first, second} are not one winner's points")
        totals[0] += first
        totals[1] += second
        if number >= STRAIGHT_ROUNDS and totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
    return winner


def all_fives_match_winner(events: Sequence[tuple[int, int]], target: int = ALL_FIVES_TARGET) -> int | None:
    """All Fives: ``events`` holds every ``(seat, points)`` of the match in the order won, across
    rounds (each scoring play, and each round's end points: ``round_events``). The first seat
    whose total reaches ``target`` (250) wins at once. ``None`` while nobody has. Raises
    ValueError for an event after that (the game ended), or points that are not a multiple of 5."""
    totals = [0, 0]
    winner = None
    for number, (seat, points) in enumerate(events, start=1):
        if winner is not None:
            raise ValueError(f"event {number} comes after the match ended")
        if seat not in (0, 1) or points < 0 or points % 5:
            raise ValueError(f"event {number}: {seat, points} is not an All Fives score")
        totals[seat] += points
        if totals[seat] >= target:
            winner = seat
    return winner


# --- Sato 157: whole rounds ([004], VARIANTS.md) -------------------------------------------------

def heaviest_tile(hands: list[list[Tile]]) -> tuple[int, Tile]:
    """No double dealt (VARIANTS.md, decision as in Playboard): the heaviest tile leads, equal pip
    counts ranked by the higher half."""
    _, seat, piece = max((a + b, a, i, (a, b)) for i, hand in enumerate(hands) for a, b in hand)[1:]
    return seat, piece


@dataclass
class SatoRound:
    """A round of Sato 157 for 2 to 4 seats: a line with two open ends (``None`` before the lead)."""

    hands: list[list[Tile]]
    boneyard: list[Tile]            # in draw order: the next draw takes boneyard[0]
    to_move: int
    ends: tuple[int, int] | None = None
    leader_tile: Tile | None = None  # the tile that must lead (None: any tile, a later round's leader)
    passes: int = 0
    placed: list[Tile] = field(default_factory=list)


def sato_start(hands: list[list[Tile]], boneyard: list[Tile], leader: int | None = None) -> SatoRound:
    """The deal before the lead: 7 tiles a seat ([004] for 2 or 4 players; 3 players: the app's
    decision). The first round (``leader`` None) is led by the highest double ([004]), else the
    heaviest tile; a later round by ``leader``, the previous winner ([004]), with any tile."""
    hands = [[_check_tile(t) for t in hand] for hand in hands]
    if len(hands) not in (2, 3, 4):
        raise ValueError("Sato 157 is for 2 to 4 players")
    if leader is not None:
        return SatoRound(hands, [_check_tile(t) for t in boneyard], leader)
    opening = opening_tile(hands)
    seat, piece = opening if opening is not None else heaviest_tile(hands)
    return SatoRound(hands, [_check_tile(t) for t in boneyard], seat, leader_tile=piece)


def _sato_fits(piece: Tile, ends: tuple[int, int]) -> list[str]:
    return [end for end, number in zip(("left", "right"), ends) if number in piece]


def _sato_over(state: SatoRound) -> bool:
    """A hand is empty, or ([004]) no player can move any more: the boneyard is empty and nobody
    holds a tile that fits an end."""
    if state.ends is None:
        return False
    if not all(state.hands):
        return True
    return not state.boneyard and not any(_sato_fits(p, state.ends) for hand in state.hands for p in hand)


def sato_legal_plays(state: SatoRound) -> list[tuple[Tile, str | None]]:
    """``(tile, "left" | "right")`` plays, sorted; the lead as ``(tile, None)``."""
    if _sato_over(state):
        return []
    hand = state.hands[state.to_move]
    if state.ends is None:
        return sorted((p, None) for p in hand if state.leader_tile in (None, p))
    return sorted((p, end) for p in hand for end in _sato_fits(p, state.ends))


def sato_required(state: SatoRound) -> str:
    """"open", "play", "draw" (nothing fits, the boneyard has tiles: [004] draw until one fits or
    the boneyard is empty), "pass" (nothing fits, nothing to draw, another player can still play)
    or "over"."""
    if _sato_over(state):
        return "over"
    if state.ends is None:
        return "open"
    if sato_legal_plays(state):
        return "play"
    return "draw" if state.boneyard else "pass"


def sato_apply(state: SatoRound, action: tuple) -> SatoRound:
    """``("play", tile, end)`` (``end`` None for the lead), ``("draw",)`` or ``("pass",)``; a new round."""
    need = sato_required(state)
    seat = state.to_move
    new = replace(state, hands=[list(h) for h in state.hands], boneyard=list(state.boneyard), placed=list(state.placed))
    following = (seat + 1) % len(state.hands)
    if action[0] == "play":
        piece, end = _check_tile(action[1]), action[2]
        if (piece, end) not in sato_legal_plays(state):
            raise ValueError(f"seat {seat} may not play {piece} at {end}")
        new.hands[seat].remove(piece)
        new.placed.append(piece)
        if state.ends is None:
            new.ends = piece
        else:
            left, right = state.ends
            a, b = piece
            if end == "left":
                new.ends = (b if a == left else a, right)
            else:
                new.ends = (left, b if a == right else a)
        new.passes, new.to_move = 0, following
    elif action == ("draw",) and need == "draw":
        new.hands[seat].append(new.boneyard.pop(0))
    elif action == ("pass",) and need == "pass":
        new.passes, new.to_move = state.passes + 1, following
    else:
        raise ValueError(f"seat {seat} may not {action}: the rules require {need}")
    return new


def sato_result(state: SatoRound) -> dict | None:
    """How a finished round ended: "domino" (the winner scores the pips in the other hands) or
    "blocked" (the lowest pips win, then fewer tiles, else nobody; the winner scores the others'
    pips: VARIANTS.md's decisions)."""
    if not _sato_over(state):
        return None
    emptied = [seat for seat, hand in enumerate(state.hands) if not hand]
    if emptied:
        return {"reason": "domino", "winner": emptied[0], "points": sato_points(state.hands, emptied[0])}
    winner = blocked_winner(state.hands)
    return {"reason": "blocked", "winner": winner,
            "points": 0 if winner is None else sato_points(state.hands, winner)}
