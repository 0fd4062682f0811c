"""A match: round scores add up until a player reaches the target (100 with Playboard's rules,
250 in All Fives, counted after each play there), or, in Straight, over a fixed number of rounds.

>>> from tutor.games.domino.rules import RoundResult, Termination
>>> m = Match(seats=2).after(RoundResult(Termination.DOMINO, 0, 60, (0, 60), (0, 5)))
>>> m.totals, m.winner
((60, 0), None)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import TYPE_CHECKING

from tutor.games.domino.rules import PLAYBOARD, RoundResult, RuleSet, Termination

if TYPE_CHECKING:
    from tutor.games.domino.position import Position


@dataclass(frozen=True)
class Match:
    seats: int
    rules: RuleSet = field(default=PLAYBOARD, compare=False)
    results: tuple[RoundResult, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        totals = [0] * self.seats
        for result in self.results:
            for seat, points in enumerate(result.play_points):
                totals[seat] += points
            if result.winner is not None:
                totals[result.winner] += result.points
        return tuple(totals)

    @property
    def winner(self) -> int | None:
        """With a fixed number of rounds, the higher total once they are played (tied: the match
        goes on until one round leaves the totals apart). Otherwise the first seat to reach the
        target wins at once, whichever round that is: points scored during play count first
        (a round is cut short when they reach it, see :meth:`target_reached`), then the round's."""
        if self.rules.rounds is not None:
            if len(self.results) < self.rules.rounds:
                return None
            totals = self.totals
            leaders = [seat for seat, total in enumerate(totals) if total == max(totals)]
            return leaders[0] if len(leaders) == 1 else None
        totals = [0] * self.seats
        target = self.rules.target_score
        for result in self.results:
            for seat, points in enumerate(result.play_points):
                totals[seat] += points
                if totals[seat] >= target:
                    return seat
            if result.winner is not None:
                totals[result.winner] += result.points
                if totals[result.winner] >= target:
                    return result.winner
        return None

    def target_reached(self, position: "Position") -> RoundResult | None:
        """All Fives counts the target after each play: when the points a seat scored during this
        round (``position.scores``) bring its total to the target, the match ends at once. Then the
        round's result (``Termination.TARGET``, no end-of-round points); otherwise None."""
        if not self.rules.scores_ends:
            return None
        totals = self.totals
        for seat, points in enumerate(position.scores):
            if points and totals[seat] + points >= self.rules.target_score:
                pips = tuple(position.pips(s) for s in range(self.seats))
                tiles = tuple(hand.bit_count() for hand in position.hands)
                return RoundResult(Termination.TARGET, seat, 0, pips, tiles, position.scores)
        return None

    def is_over(self) -> bool:
        return self.winner is not None

    def to_go(self) -> tuple[int, ...]:
        """How many points each seat still needs."""
        return tuple(max(0, self.rules.target_score - t) for t in self.totals)

    def next_leader(self) -> int | None:
        """The seat chosen to lead the next round, or None when the opening rule decides. When the
        rule set names a leader but the last round was a tie (nobody won), the leader of that round
        leads again (Sato 157, VARIANTS.md); a tie in the first round leaves it to the opening rule."""
        for result in reversed(self.results):
            if result.winner is not None:
                return self.rules.next_round_leader(result)
            # a tie: the round's own leader was chosen after the round before it
        return None

    def after(self, result: RoundResult) -> "Match":
        if self.is_over():
            raise ValueError("the match is already over")
        if len(result.pips) != self.seats:
            raise ValueError(f"a result for {len(result.pips)} seats in a match of {self.seats}")
        return Match(self.seats, self.rules, self.results + (result,))
