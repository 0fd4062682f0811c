"""An independent statement of the other domino rule sets (VARIANTS.md: Sato 157, Straight, All
Fives), written apart from the engine and sharing no code with it, to check the engine against
(issue #15), as ``independent_checker.py`` does for Playboard's rules.

Everything is plain data: a tile is a pair ``(high, low)``; a layout with a spinner is the spinner's
number and four arms (lists of the numbers showing at each arm's outer end after each tile, so the
last one is the arm's open end), in the order ``left, right, up, down``; a line without a spinner
(Sato 157) is its two open ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ARMS = ("left", "right", "up", "down")


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
    played, and whether that tile was a double (it then counts both halves while it is the end)."""

    spinner: int
    ends: dict[str, list[tuple[int, bool]]] = field(default_factory=lambda: {arm: [] for arm in ARMS})

    def open_arms(self) -> list[str]:
        """Where a tile may go: left and right from the start; up and down once both left and
        right hold a tile (VARIANTS.md, decision)."""
        arms = ["left", "right"]
        if self.ends["left"] and self.ends["right"]:
            arms += ["up", "down"]
        return arms

    def end_number(self, arm: str) -> int:
        return self.ends[arm][-1][0] if self.ends[arm] else self.spinner

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

    def count(self) -> int:
        """All Fives: the sum of the open ends. Each arm with tiles counts its end (both halves
        of a double); the spinner counts both its halves until left and right both hold a tile
        (VARIANTS.md, decision), and nothing after."""
        total = 0
        for arm in ARMS:
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
    """Sato 157 and Straight, a blocked round: the lowest pip total wins; tied: fewer tiles;
    still tied: nobody (None)."""
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
