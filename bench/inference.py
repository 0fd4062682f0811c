"""How much the hint engine knows of the other hand, and what knowing it all would be worth.

Run by hand (never a timed test):
``.venv/bin/python bench/inference.py [rounds] [heaviest|heuristic]`` (200 rounds, heaviest-first
unless given) plays bench/hints.py's seeded 2-seat rounds, the recommender's seat playing its
heaviest tile (a quick stand-in for the coach: the measure is of the deals, not of the play), and
at each of its real choices asks what share of the other hand's real tiles a simulated deal puts
in that hand, on average over the deals:

- by chance: the other hand's size over the tiles unseen (where every consistent deal alike would
  be without any draw or pass);
- from the draws and passes: the sampler's deals (:class:`~tutor.games.domino.hints.simulation._Sampler`);
- the coach's deals: the same kept in proportion to how well they explain the others' plays (the
  deals a recommendation is made from).

It ends with ``inference: the other hand's tiles in a deal's hand: chance X%; draws and passes Y%;
the coach's deals Z% (N choices vs <opponent>)``. It is a measure of the inference alone, cheap and
steady next to a win rate: two settings can be compared in a minute.

``.venv/bin/python bench/inference.py told [rounds] [heaviest|heuristic] [results.json]`` plays
bench/hints.py's rounds with the coach told the other hand (every deal gives it its real tiles; the
boneyard's order stays unknown): the win rate perfect inference would reach with the same
simulation. Its last line: ``inference: told the other hand, win rate W% over N rounds vs
<opponent>``.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import hints  # noqa: E402  (bench/hints.py: the rounds, the players)
from tutor.games.domino import Deal, Position, RoundRecord  # noqa: E402
from tutor.games.domino.hints import DEFAULT_SAMPLES, SeatView, distinct_moves  # noqa: E402
from tutor.games.domino.hints import simulation  # noqa: E402
from tutor.games.domino.players import HeaviestFirst, HeuristicPlayer  # noqa: E402

DEFAULT_ROUNDS = 200


def share_placed(deals: simulation.Deals, other: int, real: int) -> float:
    """The mean share of ``real`` (the other hand, a rank mask) that the deals put in seat ``other``."""
    return statistics.mean((hands[other] & real).bit_count() for hands, *_ in deals) / real.bit_count()


def knowledge(rounds: int, opponent_name: str) -> tuple[list[float], list[float], list[float]]:
    """At each real choice of the recommender's seat: the share by chance, from the draws and
    passes, and in the coach's deals (as :func:`share_placed`)."""
    chance, sampled, kept = [], [], []
    for number in range(rounds):
        deal = Deal.from_seed(hints.SEED + number, seats=2)
        seat, other = number % 2, 1 - number % 2
        opponent = HeaviestFirst() if opponent_name == "heaviest" else HeuristicPlayer(number)
        record = RoundRecord(deal)
        position = deal.position()
        while not position.is_over():
            if position.to_move == seat:
                view = SeatView.from_record(record, seat)
                real = simulation._rank_mask(position.hands[other])
                if len(distinct_moves(view)) > 1 and real:
                    rng = random.Random(number)
                    sampler = simulation._Sampler(view, rng)
                    chance.append(real.bit_count() / view.unseen().bit_count())
                    sampled.append(share_placed([sampler.sample(rng) for _ in range(DEFAULT_SAMPLES)], other, real))
                    deals, _ = simulation._deals(sampler, view, DEFAULT_SAMPLES, rng, simulation._choices_of(view))
                    kept.append(share_placed(deals, other, real))
                action = HeaviestFirst().choose(position)
            elif opponent_name == "heuristic":
                action = opponent.choose(SeatView.from_record(record, position.to_move))
            else:
                action = opponent.choose(position)
            position = position.apply(action)
            record.actions.append(action)
    return chance, sampled, kept


class Told:
    """Every deal the sampler draws gives the other hands their real tiles (in the position last
    shown to :meth:`watch`) and the rest of the unseen tiles to the boneyard in a random order."""

    def __init__(self) -> None:
        self.real: list[int] = []
        self.sample = simulation._Sampler.sample_history

    def watch(self, position: Position) -> None:
        self.real = [simulation._rank_mask(hand) for hand in position.hands]

    def install(self) -> None:
        told = self

        def sample(sampler: simulation._Sampler, rng: random.Random) -> tuple[list[int], list[int], tuple[int, ...]]:
            hands, stock, then = told.sample(sampler, rng)
            unseen = sum(1 << rank for rank in stock)
            for seat in range(len(hands)):
                if seat != sampler.view.seat:
                    unseen |= hands[seat]
                    hands[seat] = told.real[seat]
            for seat in range(len(hands)):
                if seat != sampler.view.seat:
                    unseen &= ~told.real[seat]
            stock = [rank for rank in range(unseen.bit_length()) if unseen >> rank & 1]
            rng.shuffle(stock)
            return hands, stock, then

        simulation._Sampler.sample_history = sample  # type: ignore[method-assign]


def told(rounds: int, opponent_name: str, results_file: str | None) -> None:
    informed = Told()
    informed.install()
    scores = [hints.play_round(number, DEFAULT_SAMPLES, [], opponent_name, watch=informed.watch)
              for number in range(rounds)]
    if results_file:
        Path(results_file).write_text(json.dumps(scores))
    print(f"inference: told the other hand, win rate {100 * sum(scores) / rounds:.1f}% over {rounds} rounds "
          f"vs {hints.OPPONENTS[opponent_name]}")


def main(rounds: int, opponent_name: str) -> None:
    chance, sampled, kept = knowledge(rounds, opponent_name)
    print(f"inference: the other hand's tiles in a deal's hand: chance {100 * statistics.mean(chance):.1f}%; "
          f"draws and passes {100 * statistics.mean(sampled):.1f}%; the coach's deals "
          f"{100 * statistics.mean(kept):.1f}% ({len(kept)} choices vs {hints.OPPONENTS[opponent_name]})")


if __name__ == "__main__" and sys.argv[1:2] == ["told"]:
    told(int(sys.argv[2]) if len(sys.argv) > 2 else hints.DEFAULT_ROUNDS,
         sys.argv[3] if len(sys.argv) > 3 else "heaviest",
         sys.argv[4] if len(sys.argv) > 4 else None)
elif __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_ROUNDS, sys.argv[2] if len(sys.argv) > 2 else "heaviest")
