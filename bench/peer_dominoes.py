"""Throughput of the PyPI `dominoes` package (6.1.0), a peer engine to compare ours against.

The package plays exactly one variant: 4 players, 7 tiles each, all 28 tiles dealt. It has no
2-player mode (seats 0..3 are hard-coded), so a "round" here is one of its 4-player games.
"""
from __future__ import annotations

import random
import time
from importlib.metadata import version
from typing import Callable

import dominoes
from rates import rounds_per_second

RULE_DIFFERENCES: str = (
    "The PyPI `dominoes` package (6.1.0) plays 4-player partnership block dominoes only: seats "
    "0-3 and the turn order (i + 1 mod 4) are hard-coded, players 0+2 and 1+3 are teams, and "
    "there is no 2- or 3-player mode. All 28 tiles are dealt, 7 to each player, so there is no "
    "boneyard and no drawing; a player with no fitting tile simply passes. The opener is whoever "
    "holds a chosen starting tile (usually 6-6, always dealt, which matches our highest-double "
    "rule only because every tile is in play), or else a fixed seat that may lead with any tile; "
    "there is no heaviest-tile fallback. Playing out scores the pips left in all three other "
    "hands, the partner's included, for the team. A blocked game is compared by team pip totals, "
    "not by the lowest single hand: the lighter team scores both teams' pips added together "
    "(ours: the others' pips minus the winner's own), and an equal total is a 0-point tie with "
    "no tile-count tie-break. When both open ends show the same number, a fitting tile gives only "
    "one move (left), not two. Its Series plays to 200 by default (ours: 100), and after the first "
    "game the previous winner (or a seat set by the block) leads with any tile, no forced double."
)

_OPENER = dominoes.Domino(6, 6)


def _play_round(rng: random.Random) -> dominoes.Result:
    """Deal a game (the 6-6 holder opens with it) and make random legal moves until it ends."""
    game = dominoes.Game.new(starting_domino=_OPENER)  # shuffles with the global `random`
    while game.result is None:
        game.make_move(*rng.choice(game.valid_moves))
    return game.result


def peer_rounds_per_second(seconds: float = 2.0, seed: int = 1, clock: Callable[[], float] = time.perf_counter) -> float:
    """Play complete random rounds with the PyPI `dominoes` package for about `seconds` of `clock`
    and return rounds/s.

    The package cannot seat 2 players, so each round is its only variant: a 4-player game.
    """
    random.seed(seed)  # the package deals with random.shuffle on the global generator
    rng = random.Random(seed)  # move choices

    def batch() -> int:
        _play_round(rng)
        return 1

    return rounds_per_second(batch, seconds, clock)


if __name__ == "__main__":
    print(f"PyPI dominoes {version('dominoes')}: {peer_rounds_per_second():,.0f} "
          "complete random rounds/s (4 players, its only mode)")
