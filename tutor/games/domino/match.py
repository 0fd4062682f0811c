"""A match: round scores add up until a player reaches the target (100 with Playboard's rules).

>>> from tutor.games.domino.rules import RoundResult, Termination
>>> m = Match(seats=2).after(RoundResult(Termination.DOMINO, 0, 60, (0, 60), (0, 5)))
>>> m.totals, m.winner
((60, 0), None)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import PLAYBOARD, RoundResult, RuleSet


@dataclass(frozen=True)
class Match:
    seats: int
    rules: RuleSet = field(default=PLAYBOARD, compare=False)
    results: tuple[RoundResult, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        totals = [0] * self.seats
        for result in self.results:
            if result.winner is not None:
                totals[result.winner] += result.points
        return tuple(totals)

    @property
    def winner(self) -> int | None:
        """The first seat to reach the target wins at once, whichever round that is."""
        totals = [0] * self.seats
        for result in self.results:
            if result.winner is not None:
                totals[result.winner] += result.points
                if totals[result.winner] >= self.rules.target_score:
                    return result.winner
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
