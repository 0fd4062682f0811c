"""Fast simulation for the hint engine: deal the tiles a seat cannot see in every way consistent
with what it knows (determinizations), then finish each deal with a playout loop of
``tutor.games.domino.playout``: the line's, or with a spinner (Straight, All Fives) the spinner's
(every seat taking the best score, then the heaviest tile).

On a line each deal is finished as a strong player would see it: each other seat chooses as the
model of a player its plays fit in that deal (:class:`_LineChoices`: the sensible player of
:func:`sensible_player`, or one that plays its heaviest tile), and the viewer's next
:data:`SEARCH_DEPTH` real choices are searched in that deal (:func:`_searched`: every placement
played out, the best for the viewer kept); past them the viewer plays on as the sensible player.
With a spinner the viewer's next real choice is searched the same way (:func:`_spinner_searched`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Iterator, Sequence

from tutor.games.domino import Action, ActionKind, End
from tutor.games.domino.dealing import ConstrainedShuffle
from tutor.games.domino.players import HeuristicPlayer
from tutor.games.domino.playout import (BY_RANK, Outcome, Pause, Policy, SpinnerOutcome, by_model_preference,
                                       heaviest_choice, placements, playout, spinner_placements, spinner_playout)
from tutor.games.domino.rules import RuleSet
from tutor.games.domino.spinner import SpinnerLayout, all_fives_score
from tutor.games.domino.tiles import BY_WEIGHT, NUMBER_MASK, RANK, sum_over_bits, tiles_in
from tutor.games.domino.hints.view import NUMBERS, Event, SeatView, not_dealt

# Hands in the simulation are masks by weight rank (BY_RANK): the heaviest tile is the top bit.
_BY_WEIGHT = BY_WEIGHT  # rank -> tile index (the tests read sampled hands through it)
_RANK = RANK
_R_VALUE = BY_RANK.value
_R_HIGH, _R_LOW, _R_NUMBER_MASK = BY_RANK.high, BY_RANK.low, BY_RANK.number_mask
_NUMBER_OF_MASK = {mask: number for number, mask in enumerate(_R_NUMBER_MASK)}
# a tile's pips with the HeuristicPlayer's bonus for shedding a double, by rank
_R_SHED = tuple(value + HeuristicPlayer.DOUBLE * (high == low) for value, high, low in zip(_R_VALUE, _R_HIGH, _R_LOW))
_REPLY, _VARIETY, _BLOCK = HeuristicPlayer.REPLY, HeuristicPlayer.VARIETY, HeuristicPlayer.BLOCK

#: The viewer's real choices (two placements or more) searched in each simulated deal after the
#: move being judged: at each, every placement is played out and the best for the viewer kept, as
#: a player who knew that deal would choose; later choices are the sensible player's (they were
#: heaviest-first when these figures were measured). Measured with
#: bench/hints.py over 2,000 rounds, the others modelled as heaviest-first: 0 won 74.8 % against
#: heaviest-first, 1 76.2 %, 2 76.8 %, 3 (on 300 deals) 77.1 %; with the sensible model, 1 and 2 (400
#: deals) won 68.4 % and 68.2 % against the HeuristicPlayer. A depth past 1 costs two to six times
#: the time (a p95 near 200 ms) for no clear gain. Choosing the next placement once for all the
#: deals the viewer could not tell apart then (about 75 a set), not deal by deal, measured worse:
#: 74.0 / 66.3 % (-2.8 points against the HeuristicPlayer, standard error 0.9). No search at all,
#: the viewer's later choices made as the sensible player makes them (so none of them sees the
#: deal), won 66.3 % against the HeuristicPlayer where the search won 68.5 %. The percentages
#: shown are the simulation's: rounds in which the viewer goes on to read that deal's tiles well.
SEARCH_DEPTH = 1
#: The depth searched instead when the deal is known: two seats and no boneyard, so the other hand
#: is every tile the viewer cannot see, and the deals differ only in which player the other seat is
#: (so few play out apart, :func:`_deal_key`, that the deeper search costs little). It sees no
#: more than the viewer can, so a deeper search is only better here. Measured with bench/hints.py
#: over 2,000 rounds against the HeuristicPlayer: 68.6 %, round by round +0.1 points (standard
#: error 0.1) against depth 1 there: such turns are about one real choice in twelve.
KNOWN_DEPTH = 4


def _shed_score(bit: int, rest: int) -> float:
    """The HeuristicPlayer's score of playing the tile of rank ``bit`` from a hand, ``rest`` its
    tiles left (rank masks): the pips shed with a double's bonus, less each of the tile's numbers
    the hand then holds no more (the same as counting the numbers kept, up to the hand's own count)."""
    high_half, low_half = _R_HIGH[bit], _R_LOW[bit]
    score = _R_SHED[bit]
    if not rest & _R_NUMBER_MASK[high_half]:
        score -= _VARIETY
    if low_half != high_half and not rest & _R_NUMBER_MASK[low_half]:
        score -= _VARIETY
    return score


def _ends_score(rest: int, left: int, right: int, lacking: int) -> float:
    """The HeuristicPlayer's score of the ends a play leaves showing: each tile kept that answers
    them, and each of them that another seat is known to lack (``lacking``, a 7-bit mask)."""
    return (_REPLY * (rest & (_R_NUMBER_MASK[left] | _R_NUMBER_MASK[right])).bit_count()
            + _BLOCK * ((lacking >> left & 1) + (lacking >> right & 1)))


def sensible_player(lacking: int) -> Policy:
    """The hint engine's model of a player on a line (hands in ``BY_RANK``): the placement the
    :class:`~tutor.games.domino.players.HeuristicPlayer` scores highest, with its weights (the pips
    shed, a double's bonus, each tile kept that answers the ends left, a number no longer held
    counted against, an end left showing a number in ``lacking``: those the other seats were seen to
    lack when the deal was read; a playout does not follow what they show later).
    Measured with bench/hints.py over 2,000 rounds: modelling every seat so, rather than as
    heaviest-first (without the search and the numbers lacked), won 66.0 % against the
    HeuristicPlayer instead of 63.2 %; with the search, the numbers lacked took that from 68.4 % to
    69.2 % (75.8 % and 76.1 % against heaviest-first). With every recommendation's seed shifted the
    same code measured 67.5 % and 74.4 %: the seed alone moves these figures by a point or two.
    Playing the viewer's own later choices so too measured 68.5 % and 75.0 %. Each seat is now
    played as this player or a heaviest-first one, deal by deal (:class:`_LineChoices`). Following,
    in a playout, the numbers the playout's own draws and passes show (as the HeuristicPlayer does
    at the table) won no more: 76.2 / 68.8 % against heaviest-first / the HeuristicPlayer, where
    the numbers seen when the deal was read won 76.7 / 68.9 % (round by round -0.5 and -0.1 points,
    standard errors 0.5 and 0.6), and with the viewer's own later choices made so too 77.3 / 68.9 %
    (+0.6 and 0.0, standard errors 0.8 and 0.9) at a p95 of 222 / 237 ms, past the hint's 200 ms: the
    playouts' hot loop stays without that bookkeeping. With every play of the others read
    (:class:`_LineChoices`), the viewer's later choices made so won 68.9 % against the
    HeuristicPlayer (68.5 % without) at a p95 of 259 ms (with a test suite sharing the machine).
    Once deals alike were played out once (:func:`_deal_key`) and this choice's scoring written out,
    it cost less; the viewer's later choices are now made so (:data:`LINE_POOL` has the figures)."""

    number_mask, high_of, low_of, shed_of = _R_NUMBER_MASK, _R_HIGH, _R_LOW, _R_SHED

    # _shed_score and _ends_score written out: this runs at most turns of every playout
    def choose(fit: int, hand: int, left_tiles: int, right_tiles: int, rand: object = None) -> int:
        if not fit & (fit - 1) and not (fit & left_tiles and fit & right_tiles):
            return fit.bit_length() - 1
        left, right = _NUMBER_OF_MASK[left_tiles], _NUMBER_OF_MASK[right_tiles]
        left_lacked, right_lacked = lacking >> left & 1, lacking >> right & 1
        best, choice = -1e9, 0
        while fit:
            low = fit & -fit
            fit ^= low
            bit = low.bit_length() - 1
            rest = hand ^ low
            high_half, low_half = high_of[bit], low_of[bit]
            score = shed_of[bit]
            if not rest & number_mask[high_half]:
                score -= _VARIETY
            if low_half != high_half and not rest & number_mask[low_half]:
                score -= _VARIETY
            if low & left_tiles:
                shown = low_half if high_half == left else high_half
                placed = score + (_REPLY * (rest & (number_mask[shown] | right_tiles)).bit_count()
                                  + _BLOCK * ((lacking >> shown & 1) + right_lacked))
                if placed > best:
                    best, choice = placed, bit
            if low & right_tiles:
                shown = low_half if high_half == right else high_half
                placed = score + (_REPLY * (rest & (left_tiles | number_mask[shown])).bit_count()
                                  + _BLOCK * (left_lacked + (lacking >> shown & 1)))
                if placed > best:
                    best, choice = placed, ~bit
        return choice
    return choose


def _lacked_by_others(view: SeatView, seat: int) -> int:
    """The numbers the table knows some seat other than ``seat`` lacks (a 7-bit mask)."""
    lacking = 0
    for other, voids in enumerate(view.table_voids):
        if other != seat:
            lacking |= voids
    return lacking


def _playing_first(placement: int, then: Policy) -> Policy:
    """A policy that makes ``placement`` (a policy's answer) while its tile is in the hand, and
    then chooses as ``then``."""
    tile = 1 << (placement if placement >= 0 else ~placement)

    def policy(fit: int, hand: int, left_tiles: int, right_tiles: int, rand: object = None) -> int:
        return placement if hand & tile else then(fit, hand, left_tiles, right_tiles, rand)
    return policy


def _for_viewer(outcome: Outcome, seat: int) -> tuple[float, int]:
    """A round's result as the viewer counts it: 1, 0.5 or 0 for won, tied or lost, then the points
    won (negative: lost)."""
    winner, points, _ = outcome
    return (1.0, points) if winner == seat else (0.5, 0) if winner is None else (0.0, -points)


def _searched(hands: list[int], left: int, right: int, to_move: int, passes: int, stock: list[int],
              policies: Sequence[Policy], rules: RuleSet, seat: int, depth: int, skip: int = 0) -> Outcome:
    """Finish a deal (as :func:`~tutor.games.domino.playout.playout`, which uses up ``hands`` and
    ``stock``) with ``seat``'s next ``depth`` real choices searched: at each, every placement is
    played out and the one best for ``seat`` kept (``skip``: real choices already made)."""
    if not depth:
        return playout(hands, left, right, to_move, passes, stock, policies, None, rules, BY_RANK)
    pause = Pause(seat, skip)
    outcome = playout(hands, left, right, to_move, passes, stock, policies, None, rules, BY_RANK, pause=pause)
    if outcome[2] != "choice":
        return outcome
    left, right = pause.left, pause.right
    best: Outcome | None = None
    best_value = (-1.0, 0)
    fit = hands[seat] & (_R_NUMBER_MASK[left] | _R_NUMBER_MASK[right])
    for placement in placements(fit, left, right, _R_NUMBER_MASK):
        chosen = list(policies)
        chosen[seat] = _playing_first(placement, policies[seat])
        found = _searched(hands[:], left, right, seat, pause.passes, stock[:], chosen, rules, seat, depth - 1, 1)
        value = _for_viewer(found, seat)
        if value > best_value:
            best, best_value = found, value
    assert best is not None
    return best


def _rank_mask(mask: int) -> int:
    ranked = 0
    while mask:
        low_bit = mask & -mask
        ranked |= 1 << _RANK[low_bit.bit_length() - 1]
        mask ^= low_bit
    return ranked


def _rank_pips(ranked: int) -> int:
    return sum_over_bits(ranked, _R_VALUE)


_PLACING = (ActionKind.PLAY, ActionKind.OPEN)  # the actions that put a tile on the table
_STUCK = (ActionKind.DRAW, ActionKind.PASS)  # those of a seat with no tile that fits


class _Sampler:
    """Deals the unseen tiles into the other hands and the boneyard (a determinization),
    consistent with what the round showed, together with the tiles each other seat held at each of
    its plays. Every tile another seat held in the round fills one of its slots: one per tile held
    when the record starts, then one per draw, each made at that event; the tiles it has played
    fill some of them, the unseen tiles the rest and the boneyard (in draw order). A slot holds
    no tile that showed a number of the ends at a draw or pass of its seat while the tile was
    held (from the slot's making to the tile's play), no tile played before the slot was made,
    and, when dealt, none the forced opening rules out. A
    :class:`~tutor.games.domino.dealing.ConstrainedShuffle` deals them so: every deal drawn is a
    history of the round that fits every draw, pass and play seen, and the deals spread over those
    histories as a shuffle of the tiles would.
    """

    def __init__(self, view: SeatView, rng: random.Random) -> None:
        self.view = view
        self.own = _rank_mask(view.hand)
        events = view.events
        played_by = [0] * view.seats  # tile masks
        play_at: dict[int, int] = {}  # tile index -> the event at which it was played
        for k, event in enumerate(events):
            if event.seat != view.seat and event.tile is not None and event.kind in _PLACING:
                played_by[event.seat] |= event.tile.bit
                play_at[event.tile.index] = k
        others_played = 0
        for played in played_by:
            others_played |= played
        unseen = view.unseen()
        self.tiles = [t.index for t in tiles_in(unseen | others_played)]
        dealt_barred = not_dealt(view.opening)
        self.seat_of_slot: list[int] = []  # a seat, or -1 for the boneyard
        barred_of_slot: list[int] = []  # the tiles a slot cannot hold, by tile index
        made_of_slot: list[int] = []
        self.played_rank = [_rank_mask(m) for m in played_by]
        for seat in range(view.seats):
            if seat == view.seat:
                continue
            stuck = [(k, _tiles_showing(_numbers(e.ends or ())))
                     for k, e in enumerate(events) if e.seat == seat and e.kind in _STUCK]
            draws = [k for k, e in enumerate(events) if e.seat == seat and e.kind is ActionKind.DRAW]
            first = view.hand_sizes[seat] + played_by[seat].bit_count() - len(draws)
            for made in [-1] * first + draws:
                barred = others_played & ~played_by[seat] | (dealt_barred if made < 0 else 0)
                for k, showing in stuck:
                    if k > made:
                        barred |= showing & unseen
                for tile in tiles_in(played_by[seat]):
                    at = play_at[tile.index]
                    if at <= made or any(made < k < at and showing & tile.bit for k, showing in stuck):
                        barred |= tile.bit
                self.seat_of_slot.append(seat)
                barred_of_slot.append(barred)
                made_of_slot.append(made)
        self.hand_slots = len(self.seat_of_slot)
        rest = len(self.tiles) - self.hand_slots
        self.seat_of_slot += [-1] * rest
        barred_of_slot += [others_played] * rest
        # each play read (_read_play): the last slot its seat had filled by then (a seat's slots
        # come together, in the order they were made), the tiles it had played (ranks)
        self.then: list[tuple[int, int]] = []
        for k, event in enumerate(events):
            if _read_play(view, event):
                before = self.played_rank[event.seat] & ~_rank_mask(
                    sum(t.bit for t in tiles_in(played_by[event.seat]) if play_at[t.index] >= k))
                last = max(i for i in range(self.hand_slots)
                           if self.seat_of_slot[i] == event.seat and made_of_slot[i] < k)
                self.then.append((last, before))
        self.dealing = ConstrainedShuffle(self.tiles, barred_of_slot, rng)

    @property
    def barred_of_slot(self) -> list[int]:
        """The tiles each slot cannot hold (all 0 when what was inferred could not be met)."""
        return self.dealing.barred_of_slot

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Rank-mask hands and a stock (drawn with ``pop()``)."""
        hands, stock, _ = self.sample_history(rng)
        return hands, stock

    def sample_history(self, rng: random.Random) -> tuple[list[int], list[int], tuple[int, ...]]:
        """Rank-mask hands, a stock (drawn with ``pop()``), and for each play read
        (:func:`_read_play`, in order) the hand its seat held then, the tile played included."""
        order = self.dealing.sample(rng)
        rank = _RANK
        held = [0] * self.view.seats
        held_by_slot = []  # what the slot's seat held once it filled its slots up to this one
        for seat, tile in zip(self.seat_of_slot, order[:self.hand_slots]):
            held[seat] |= 1 << rank[tile]
            held_by_slot.append(held[seat])
        hands = [h & ~p for h, p in zip(held, self.played_rank)]
        hands[self.view.seat] = self.own
        then = tuple(held_by_slot[last] & ~before for last, before in self.then)
        return hands, [rank[t] for t in order[self.hand_slots:]], then


def _numbers(ends: Sequence[int]) -> int:
    """The numbers of ``ends`` as a 7-bit mask."""
    mask = 0
    for number in ends:
        mask |= 1 << number
    return mask


def _read_play(view: SeatView, event: Event) -> bool:
    """Whether ``event`` is a play on a line by another seat (one whose choice says something of
    its hand)."""
    return (event.seat != view.seat and event.kind is ActionKind.PLAY and bool(event.ends)
            and event.tile is not None and not view.rules.spinner)


def _tiles_showing(numbers: int) -> int:
    """The tiles showing any number of the 7-bit mask ``numbers``, as a tile bit mask."""
    tiles = 0
    for n in NUMBERS:
        if numbers >> n & 1:
            tiles |= NUMBER_MASK[n]
    return tiles


@dataclass(frozen=True)
class CandidateScore:
    """How one legal move did in the simulated rounds, from the viewing seat's side.

    In All Fives, where points are scored during play, a round's points are everything scored
    from this move on (the move's own points, the other plays', the round-end bonus): ``margin`` is
    the viewer's minus the others', and a round counts as won when that difference is positive."""

    action: Action
    win_rate: float  # rounds won, a tie (nobody scores) counting half
    margin: float  # mean points: won as positive, lost as negative
    #: each simulated round's result, in the order of the deals (the same deals for every move):
    #: 1, 0.5 or 0 for a round won, tied or lost; in All Fives the points gained over the opponent.
    #: Moves compared deal by deal say how sure the comparison is (:func:`difference`).
    outcomes: tuple[float, ...] = ()
    #: how many independent deals ``outcomes`` are worth: fewer than their number when a deal was
    #: kept more than once (:func:`_deals`); 0: as many as there are
    independent: float = 0.0

    def __eq__(self, other: object) -> bool:  # the estimate, not the deals it came from
        return (isinstance(other, CandidateScore) and (self.action, self.win_rate, self.margin)
                == (other.action, other.win_rate, other.margin))

    def __hash__(self) -> int:
        return hash((self.action, self.win_rate, self.margin))


@dataclass(frozen=True)
class Difference:
    """How much better one move did than another over the same simulated deals, and how sure that
    is: ``lead`` the mean of the deal-by-deal differences, ``error`` its standard error."""

    lead: float
    error: float


def difference(better: CandidateScore, other: CandidateScore) -> Difference:
    """``better`` against ``other``, deal by deal (the paired difference of their outcomes)."""
    pairs = [a - b for a, b in zip(better.outcomes, other.outcomes)]
    if len(pairs) < 2:
        return Difference(0.0, 0.0)
    mean = sum(pairs) / len(pairs)
    variance = sum((d - mean) ** 2 for d in pairs) / (len(pairs) - 1)
    # a deal kept twice is one deal's evidence: the error is the independent deals' (Kish's count)
    independent = min(better.independent or len(pairs), other.independent or len(pairs))
    return Difference(mean, (variance / independent) ** 0.5)



#: With a spinner, how sharply the others are taken to prefer their heavier tiles (:class:`_Choices`):
#: a seat that played one tile while other tiles it held fitted too chose it with a chance in
#: proportion to ``exp(SHARPNESS x its pips)`` (players shed heavy tiles: a hand's pips are what a
#: round's end counts). 0.5 makes a tile 5 pips heavier about 12 times likelier: a preference, not
#: a rule.
SHARPNESS = 0.5
#: Deals drawn for each one kept: the ones kept are chosen among them in proportion to how likely
#: each makes the others' choices (:func:`_choices_of`), so deals that explain the table better count
#: more (a likely deal may be kept twice, an unlikely one not at all). Measured with bench/hints.py
#: over 2,000 rounds: 1 wins as often as 3 (74.8 % and 75.1 % against heaviest-first, 63.2 % and
#: 62.9 % against the HeuristicPlayer) at the cost of the plain sampler, where 3 took 1.6 times as long.
#: The reading of :class:`_LineChoices` is sharper: in many positions the deals kept from a pool of 1
#: are worth a quarter to a half as many independent ones, and 3 makes them nearly all distinct
#: (about 12 ms more a recommendation). It won no more: 76.3 / 68.7 %, where 1 won 76.7 / 68.9 %
#: (round by round -0.4 and -0.2 points, standard errors 0.7 and 0.8).
POOL = 1
#: The same on a line, whose reading (:class:`_LineChoices`, with a :data:`MODEL_ERROR` of 0.01)
#: keeps few of the deals drawn: with four drawn for each kept, the deals kept are many more
#: distinct ones. Measured with bench/inference.py over 100 rounds against the HeuristicPlayer, the
#: share of the other hand placed: 43.2 % with a pool of one and a model error of 0.05, 44.6 % with
#: eight and 0.01, 45.3 % with thirty and 0.002 (near what the plays can tell). With bench/hints.py
#: over 2,000 rounds against the HeuristicPlayer (first seed; round by round against the code
#: before, a pool of one, 0.05 and the viewer's later choices heaviest-first, which won 68.5 %):
#: four and 0.01 won 69.0 % (+0.4 points, standard error 0.8); with the viewer's later choices
#: made as the sensible player makes them too 69.9 % (+1.4, 0.9), and so on 300 deals
#: (``recommendation.DEFAULT_SAMPLES``) 70.4 % (+1.9, 0.9) at a p95 of 198 ms with three other
#: runs sharing the machine. Drawing the four deals of a pool with a quarter of the chain's swaps
#: each (as far apart in all as one deal was) was cheaper (p95 171 ms) and won 69.0 %: -1.4 points
#: round by round (0.7), the deals too alike.
LINE_POOL = 4


def _plays_since_a_draw(view: SeatView) -> Iterator[tuple[Event, int]]:
    """Each play by another seat that has drawn nothing since (so every tile it holds now, and
    every tile it has played since, was in its hand then), with the tiles it has played since (ranks)."""
    events = view.events
    for k, event in enumerate(events):
        if event.seat == view.seat or event.kind is not ActionKind.PLAY or not event.ends or event.tile is None:
            continue
        later = events[k + 1:]
        if any(e.seat == event.seat and e.kind is ActionKind.DRAW for e in later):
            continue  # a tile it holds now may have come after this play
        since = 0
        for e in later:
            if e.seat == event.seat and e.kind is ActionKind.PLAY and e.tile is not None:
                since |= 1 << _RANK[e.tile.index]
        yield event, since


class _Choices:
    """With a spinner (Straight, All Fives), whose playouts have one model of a player, what the
    others' plays say about their hands: each play by another seat that has drawn nothing since
    (so every tile it holds now, and every tile it has played since, was in its hand then), with
    the tiles that fitted the table at that moment. A seat is taken to prefer its heavier tiles: it
    chose the tile it played with a chance in proportion to ``exp(SHARPNESS x its pips)`` among
    those that fitted.

    Measured on a line, where :class:`_LineChoices` now reads the plays, with bench/hints.py over
    2,000 rounds (against heaviest-first / the HeuristicPlayer): with every fitting tile alike (a
    sharpness of 0) the coach won 74.5 / 68.3 %, with 0.5 75.8 / 69.2 %. Counting every play, with
    the tiles the hand held then (dealt, or drawn before it), measured worse at every sharpness tried: 73.2-74.2 / 66.2-66.8 % (0.25, 0.5, 1), and 73.3 /
    65.9 % with a heaviest-first reading (each fitting heavier tile held costing a factor 4): a
    hand's older choices mislead more than they tell. Two such runs differ by about ±0.8 points
    (the standard error of their round-by-round difference). On a line :class:`_LineChoices` now
    reads every play, with the hand each deal's history gives the seat then, and measured as well
    as reading the plays since a draw (see its figures)."""

    def __init__(self, view: SeatView) -> None:
        weight = [math.exp(SHARPNESS * pips) for pips in _R_VALUE]  # by rank
        self.weight_of_rank = weight
        self.plays: list[tuple[int, int, float]] = []  # (seat, fitting ranks, the known tiles' weight)
        for event, since in _plays_since_a_draw(view):
            fitting = 0
            for number in set(event.ends):
                fitting |= _R_NUMBER_MASK[number]
            # the tile played, and those it played later that fitted then (in its hand too, in every deal)
            known = 1 << _RANK[event.tile.index] | since
            self.plays.append((event.seat, fitting, sum_over_bits(known & fitting, weight)))

    def likelihood(self, hands: list[int]) -> float:
        """How likely the others' choices are if they now hold ``hands`` (rank masks), up to a
        factor that is the same for every deal: for each play, 1 / (the weight of the tiles it could
        have played then)."""
        weight = self.weight_of_rank
        found = 1.0
        for seat, fitting, known in self.plays:
            found /= known + sum_over_bits(hands[seat] & fitting, weight)
        return found


#: How often a seat on a line is taken to play other than its model would (:class:`_LineChoices`):
#: a play the model would not make counts this much against a deal, not nothing (a model is not
#: the player; some seats follow neither). With every play read, 0.1 won 68.0 % against the
#: HeuristicPlayer over 2,000 rounds, where 0.05 won 68.5 %. 0.01 is sharper than a pool of one
#: deal for each kept could follow; with :data:`LINE_POOL` deals for each, it is the setting
#: measured there.
MODEL_ERROR = 0.01
#: The chance, before its plays are read, that a seat on a line plays its heaviest tile rather than
#: as the sensible player does (:class:`_LineChoices`). The sensible model is the safer guess: a
#: heaviest-first player sheds heavy tiles as it does, not the other way round. Measured with
#: bench/hints.py over 2,000 rounds (against heaviest-first / the HeuristicPlayer): 0.3 won 76.7 /
#: 68.9 %; in a first draft of this reading (forced plays counted too), 0.3 won 76.5 / 69.5 % and
#: 0.5 76.3 / 68.2 %, and every seat played on as the sensible player 74.5 / 69.2 %. A sharper
#: reading, 0.2 with a :data:`MODEL_ERROR` of 0.01 (bench/inference.py: 43.6 / 43.4 % of the
#: other hand placed, not 43.3 / 42.4 %), won 75.3 / 68.6 % (round by round -1.4 and -0.3 points,
#: standard errors 0.6).
HEAVIEST_PRIOR = 0.3


def _placed_ends(bit: int, at_left: bool, left: int, right: int) -> tuple[int, int]:
    """The ends after the tile of rank ``bit`` is laid at the left end (or the right), sorted: two
    placements that leave the same pair lead to the same game."""
    if at_left:
        left = _R_LOW[bit] if _R_HIGH[bit] == left else _R_HIGH[bit]
    else:
        right = _R_LOW[bit] if _R_HIGH[bit] == right else _R_HIGH[bit]
    return (left, right) if left <= right else (right, left)


class _LineChoices:
    """What the others' plays on a line say about their hands and about how they play. Each seat
    is one of two players: one that plays its heaviest fitting tile (at the left end when it fits
    there), or the sensible player (:func:`sensible_player`, as the HeuristicPlayer scores, with the
    numbers the table saw the others lack then). For each play by another seat, with the hand the
    deal's history gives it then (:meth:`_Sampler.sample_history`: dealt, or drawn before the play,
    and not yet played), each model either makes that play (a chance of 1 - :data:`MODEL_ERROR`,
    shared among the placements it scores alike) or not (:data:`MODEL_ERROR`); a play with one way
    to go tells nothing. A deal's
    likelihood is, seat by seat, the two models' chances of all its plays, weighted by
    :data:`HEAVIEST_PRIOR`, added; :meth:`heaviest_seats` then draws which model each seat follows
    in that deal, and the deal is played out so.

    Measured with bench/inference.py over 200 rounds (against heaviest-first / the HeuristicPlayer),
    the share of the other hand's real tiles a deal puts there: 43.3 / 42.4 %, where the sharpness
    model of :class:`_Choices` placed 42.8 / 40.1 % and the draws and passes alone 39.6 / 37.3 %
    (chance: 33.7 / 32.3 %). With bench/hints.py over 2,000 rounds this reading alone, every seat
    still played on as the sensible player, won as often as that model (74.5 / 69.2 %); the gain
    came from playing each seat on as the player it is drawn to be: 76.7 / 68.9 %, and with every
    recommendation's seed shifted by 7,919 76.3 / 68.7 %, where the code before measured 74.4 /
    67.5 %: round by round +1.9 and +1.2 points (standard errors 0.8). At the first seed, against
    the HeuristicPlayer, -0.3 (0.8). Over both seeds, 4,000 rounds: 76.5 / 68.8 %, before 75.1 /
    68.4 %. Told which player each seat is (:data:`HEAVIEST_PRIOR` 1 against heaviest-first, 0
    against the HeuristicPlayer) the coach won 77.0 / 68.8 %: the room that is left (told the hand,
    bench/inference.py measured 82.3 / 80.9 %) is the hand's, not the player's.

    Those figures read only the plays since a seat's last draw. Reading every play, with the hand
    each deal's history gives the seat then, places 44.5 / 44.4 % of the other hand and won 77.3 /
    68.5 % at the first seed, 76.1 / 68.4 % at the shifted one: over the 4,000 rounds 76.7 / 68.4 %,
    round by round +0.2 and -0.4 points (standard errors 0.6 and 0.7), at a p95 of 168 / 174 ms
    (159 / 157 before). The sensible model scores as the HeuristicPlayer does, so against it this
    is nearly all its plays can tell, and the win rate did not move: the gap to the told hand is
    what the table does not show, and how the search plays without it. Read so, three deals drawn
    for each one kept (:data:`POOL` 3) won 76.2 / 68.3 %. Read more sharply (:data:`MODEL_ERROR`
    0.01, :data:`LINE_POOL` deals drawn for each kept) it places 45.2 / 45.6 %; the win rates are
    there."""

    def __init__(self, view: SeatView) -> None:
        #: (seat, the ends then, the tile's rank, the ends it left (sorted), the numbers the others
        #: were seen to lack then), for every play read (:func:`_read_play`)
        self.plays: list[tuple[int, int, int, int, tuple[int, int], int]] = []
        for event in view.events:
            if not _read_play(view, event):
                continue
            left, right = event.ends
            bit = _RANK[event.tile.index]
            placed = _placed_ends(bit, event.end is End.LEFT, left, right)
            lacking = 0
            for other, voids in enumerate(event.lacked):
                if other != event.seat:
                    lacking |= voids
            self.plays.append((event.seat, left, right, bit, placed, lacking))
        self.seats = sorted({play[0] for play in self.plays})
        self.viewer = view.seat
        self.seat_count = view.seats
        # by the hands held at the plays: a deal's odds are read for its likelihood, then again for its players
        self._odds: dict[tuple[int, ...], dict[int, tuple[float, float]]] = {}

    def odds(self, then: tuple[int, ...]) -> dict[int, tuple[float, float]]:
        """Seat by seat (those with a play read), the prior times the chance of its plays if it
        held ``then`` at them (rank masks, the tile played included): as a heaviest-first player,
        as the sensible one."""
        known = self._odds.get(then)
        if known is None:
            known = self._odds[then] = self._read(then)
        return known

    def _read(self, then: tuple[int, ...]) -> dict[int, tuple[float, float]]:
        chances = {seat: [HEAVIEST_PRIOR, 1.0 - HEAVIEST_PRIOR] for seat in self.seats}
        for (seat, left, right, bit, placed, lacking), hand in zip(self.plays, then):
            left_tiles, right_tiles = _R_NUMBER_MASK[left], _R_NUMBER_MASK[right]
            fit = hand & (left_tiles | right_tiles)
            # every placement's score as sensible_player scores it (written out there for the
            # playouts' speed; the tests hold both to HeuristicPlayer.score)
            scores: dict[tuple[int, tuple[int, int]], float] = {}
            rest_fit = fit
            while rest_fit:
                low = rest_fit & -rest_fit
                rest_fit ^= low
                tile = low.bit_length() - 1
                rest = hand ^ low
                shed = _shed_score(tile, rest)
                for at_left in (True, False):
                    if low & (left_tiles if at_left else right_tiles):
                        ends = _placed_ends(tile, at_left, left, right)
                        scores[tile, ends] = shed + _ends_score(rest, ends[0], ends[1], lacking)
            if len(scores) == 1:
                continue  # one way to go
            chance = chances[seat]
            heaviest = fit.bit_length() - 1
            heaviest_play = (heaviest, _placed_ends(heaviest, bool(1 << heaviest & left_tiles), left, right))
            chance[0] *= 1.0 - MODEL_ERROR if heaviest_play == (bit, placed) else MODEL_ERROR
            best = max(scores.values())
            if scores.get((bit, placed)) == best:
                chance[1] *= (1.0 - MODEL_ERROR) / sum(1 for score in scores.values() if score == best)
            else:
                chance[1] *= MODEL_ERROR
        return {seat: (heaviest, sensible) for seat, (heaviest, sensible) in chances.items()}

    def likelihood(self, then: tuple[int, ...]) -> float:
        """How likely the others' plays are if they held ``then`` at them, up to a factor that is
        the same for every deal."""
        found = 1.0
        for heaviest, sensible in self.odds(then).values():
            found *= heaviest + sensible
        return found

    def heaviest_seats(self, then: tuple[int, ...], rng: random.Random) -> int:
        """The seats (a bit mask) that play their heaviest tile in the deal ``hands``, each drawn
        by how well each model explains its plays there (every other seat by the prior)."""
        odds = self.odds(then)
        chosen = 0
        for seat in range(self.seat_count):
            if seat == self.viewer:
                continue
            heaviest, sensible = odds.get(seat, (HEAVIEST_PRIOR, 1.0 - HEAVIEST_PRIOR))
            if rng.random() * (heaviest + sensible) < heaviest:
                chosen |= 1 << seat
        return chosen


Deals = list[tuple[list[int], list[int], tuple[int, ...]]]


def _choices_of(view: SeatView) -> "_Choices | _LineChoices":
    """How the others' plays are read: on a line by :class:`_LineChoices`; with a spinner, whose
    playouts have one model of a player, by :class:`_Choices`."""
    return _Choices(view) if view.rules.spinner else _LineChoices(view)


def _deals(sampler: "_Sampler", view: SeatView, samples: int, rng: random.Random,
           choices: "_Choices | _LineChoices") -> tuple[Deals, float]:
    """``samples`` determinizations: drawn by the sampler (every deal consistent with the draws and
    passes, alike), then, when the others have made choices, kept from a pool of :data:`POOL` times
    as many in proportion to how likely each makes those choices (``choices``: systematic
    resampling, with replacement). Also how many independent deals they are worth: ``n² / Σ m²`` for
    deals kept ``m`` times each (Kish's effective sample size), ``samples`` when each is kept once."""
    if not choices.plays:
        return [sampler.sample_history(rng) for _ in range(samples)], float(samples)
    line = isinstance(choices, _LineChoices)
    pool = [sampler.sample_history(rng) for _ in range((LINE_POOL if line else POOL) * samples)]
    weights = [choices.likelihood(then if line else hands) for hands, _, then in pool]
    step = sum(weights) / samples
    kept: Deals = []
    copies: list[int] = []
    reached, at = 0.0, rng.random() * step
    for deal, weight in zip(pool, weights):
        reached += weight
        taken = 0
        while at < reached and len(kept) < samples:
            kept.append(deal)
            at += step
            taken += 1
        if taken:
            copies.append(taken)
    while len(kept) < samples:  # rounding at the very end of the pool
        kept.append(pool[-1])
        copies.append(1)
    return kept, samples * samples / sum(m * m for m in copies)


def _deal_key(hands: list[int], stock: list[int], heaviest_seats: int) -> object:
    """What decides how a deal plays out: two deals alike in it play out alike, so each is played
    out once. Alike are a deal kept twice (:func:`_deals`) and, late in a round, deals whose
    histories differ but whose hands and boneyard now are the same."""
    return tuple(hands), tuple(stock), heaviest_seats


def simulate(view: SeatView, actions: Sequence[Action], samples: int, rng: random.Random) -> list[CandidateScore]:
    """Score each of ``actions`` (legal placements for the viewer) over ``samples``
    determinizations, every action on the same deals. On a line each deal is finished with each
    other seat choosing as its model in that deal (:class:`_LineChoices`) and the viewer's next
    real choices searched (:func:`_searched`); with a spinner by the spinner's playout."""
    sampler = _Sampler(view, rng)
    choices = _choices_of(view)
    deals, independent = _deals(sampler, view, samples, rng, choices)
    if view.rules.spinner:
        return _simulate_spinner(view, actions, deals, independent)
    assert isinstance(choices, _LineChoices)
    seat, seats, rules = view.seat, view.seats, view.rules
    following = (seat + 1) % seats
    # the viewer plays on as the sensible player where the search stops; each other seat as its
    # model in the deal: heaviest-first, or the sensible player
    sensible = [sensible_player(_lacked_by_others(view, s)) for s in range(seats)]
    policies_of: dict[int, list[Policy]] = {}
    starts = []
    for action in actions:
        assert action.tile is not None
        left, right = view.ends_after(action)
        starts.append((sampler.own & ~(1 << _RANK[action.tile.index]), left, right))
    outcomes: list[list[float]] = [[] for _ in actions]
    margins = [0] * len(actions)
    depth = KNOWN_DEPTH if seats == 2 and not view.boneyard_count else SEARCH_DEPTH
    played_out: dict[object, list[tuple[float, int]]] = {}
    for hands, stock, then in deals:
        heaviest_seats = choices.heaviest_seats(then, rng)
        key = _deal_key(hands, stock, heaviest_seats)
        results = played_out.get(key)
        if results is None:
            policies = policies_of.get(heaviest_seats)
            if policies is None:
                policies = policies_of[heaviest_seats] = [
                    heaviest_choice if heaviest_seats >> s & 1 else policy for s, policy in enumerate(sensible)]
            results = played_out[key] = []
            for own_after, left, right in starts:
                dealt = list(hands)
                if not own_after:  # the move plays out: the others' pips are the score
                    dealt[seat] = 0
                    results.append((1.0, rules.score_domino([_rank_pips(h) for h in dealt], seat)))
                    continue
                dealt[seat] = own_after
                results.append(_for_viewer(_searched(dealt, left, right, following, 0, stock[:], policies, rules,
                                                     seat, depth), seat))
        for i, (won, points) in enumerate(results):
            outcomes[i].append(won)
            margins[i] += points
    return [CandidateScore(a, sum(o) / samples, m / samples, tuple(o), independent)
            for a, o, m in zip(actions, outcomes, margins)]


def _arm_state(layout: SpinnerLayout) -> tuple[list[int], list[bool], list[bool]]:
    """A layout as :func:`~tutor.games.domino.playout.spinner_playout` reads it: per arm (left,
    right, up, down, then the doubles' branches) its open number, whether its end tile is a double,
    whether it holds a tile."""
    numbers, doubles, filled = [], [], []
    for arm in layout.every_arm:
        tiles = layout.arm(arm)
        numbers.append(layout.open_number(arm))
        doubles.append(bool(tiles) and tiles[-1][0].is_double)
        filled.append(bool(tiles))
    return numbers, doubles, filled


def _spinner_value(outcome: SpinnerOutcome, seat: int, rules: RuleSet) -> tuple[float, int]:
    """A spinner round's result as the viewer ranks it: in All Fives the points it gains over the
    best of the others (play points and the round-end bonus), elsewhere as on a line."""
    winner, end_points, reason, points = outcome
    if not rules.scores_ends:
        return _for_viewer((winner, end_points, reason), seat)
    total = [p + (end_points if s == winner else 0) for s, p in enumerate(points)]
    return float(total[seat] - max(p for s, p in enumerate(total) if s != seat)), 0


#: The most placements searched at the viewer's choice in a spinner deal: the model's favourites
#: (:func:`~tutor.games.domino.playout.by_model_preference`). A wide table can offer 14, and the
#: search's cost grows with them; in 60 rounds of All Fives 7 % of the searched choices had more
#: than 6. Measured with bench/spinner_hints.py over 400 rounds of each (wall clock, two runs
#: side by side), the cap took the slowest hint from 863 to 360 ms in Straight and from 1,319 to
#: 727 ms in All Fives (p95 121 to 112 ms and 198 to 187 ms), for as strong a play: 68.0 and 68.8 %
#: of the Straight rounds won, All Fives points 39.5 against 32.7 and 39.0 against 31.6.
SPINNER_SEARCH_WIDTH = 6


def _spinner_searched(hands: list[int], spinner: int, numbers: list[int], doubles: list[bool], filled: list[bool],
                      to_move: int, stock: list[int], rules: RuleSet, seat: int) -> SpinnerOutcome:
    """Finish a spinner deal (as :func:`~tutor.games.domino.playout.spinner_playout`, which uses up
    its lists) with ``seat``'s next real choice searched: every placement played out and the one
    best for ``seat`` kept (:func:`_spinner_value`), as on a line (:func:`_searched`)."""
    pause = Pause(seat)
    outcome = spinner_playout(hands, spinner, numbers, doubles, filled, to_move, 0, stock, rules, BY_RANK, pause=pause)
    if outcome[2] != "choice":
        return outcome
    best: SpinnerOutcome | None = None
    best_value = (-math.inf, 0)
    choices = spinner_placements(hands[seat], numbers, doubles, filled)
    if len(choices) > SPINNER_SEARCH_WIDTH:
        choices = by_model_preference(choices, spinner, numbers, doubles, filled, rules.scores_ends)[:SPINNER_SEARCH_WIDTH]
    for placement in choices:
        found = spinner_playout(hands[:], spinner, numbers[:], doubles[:], filled[:], seat, pause.passes, stock[:],
                                rules, BY_RANK, first=placement, points=pause.points[:])
        value = _spinner_value(found, seat, rules)
        if value > best_value:
            best, best_value = found, value
    assert best is not None
    return best


#: a move with a spinner, ready to be played out: the viewer's hand after it, the spinner's number,
#: the arms' state (:func:`_arm_state`), the points the move scores itself
_SpinnerStart = tuple[int, int, tuple[list[int], list[bool], list[bool]], int]


def _spinner_result(hands: list[int], stock: list[int], start: _SpinnerStart,
                    view: SeatView) -> tuple[float, int, float]:
    """One move (``start``: the viewer's hand after it, the table's state, its own points) played
    out in one deal: rounds won (a tie half), the points won or lost, and the result the move's
    outcomes keep (Straight: the round's; All Fives: the points gained over the opponent)."""
    seat, seats, rules = view.seat, view.seats, view.rules
    own_after, spinner, (numbers, doubles, filled), own_points = start
    dealt = list(hands)
    dealt[seat] = own_after
    if not own_after:  # the move plays out: the others' pips are the score
        points = [0] * seats
        winner, end_points = seat, rules.score_domino([_rank_pips(h) for h in dealt], seat)
    else:
        winner, end_points, _, points = _spinner_searched(
            dealt, spinner, numbers[:], doubles[:], filled[:], (seat + 1) % seats, stock[:], rules, seat)
    if not rules.scores_ends:  # Straight: the round's winner scores, as on a line
        result = 1.0 if winner == seat else 0.5 if winner is None else 0.0
        return result, end_points if winner == seat else -end_points if winner is not None else 0, result
    points[seat] += own_points
    if winner is not None:
        points[winner] += end_points
    # All Fives: the viewer's points from here on against the opponent's
    gained = points[seat] - max(p for s, p in enumerate(points) if s != seat)
    return 1 if gained > 0 else 0.5 if gained == 0 else 0, gained, float(gained)


def _simulate_spinner(view: SeatView, actions: Sequence[Action], deals: Deals,
                      independent: float) -> list[CandidateScore]:
    """:func:`simulate` for a spinner game: each move's table and, in All Fives, its own points,
    then every deal finished by :func:`~tutor.games.domino.playout.spinner_playout` with the
    viewer's next real choice searched (:func:`_spinner_searched`). Measured with
    bench/spinner_hints.py (1,000 rounds of each against the HeuristicPlayer), the search took
    Straight from 65.7 % to 70.8 % of rounds won and All Fives from 38.8 to 39.5 points a round
    (the opponent's 31.2 and 31.4)."""
    seat, rules = view.seat, view.rules
    starts: list[_SpinnerStart] = []
    for action in actions:
        assert action.tile is not None
        layout = view.layout_after(action)
        own_points = all_fives_score(layout.count()) if rules.scores_ends else 0
        starts.append((deals[0][0][seat] & ~(1 << _RANK[action.tile.index]), layout.spinner.high, _arm_state(layout),
                       own_points))
    wins = [0.0] * len(actions)
    margins = [0] * len(actions)
    outcomes: list[list[float]] = [[] for _ in actions]
    samples = len(deals)
    played_out: dict[object, list[tuple[float, int, float]]] = {}
    for hands, stock, _ in deals:
        key = _deal_key(hands, stock, 0)
        results = played_out.get(key)
        if results is None:
            results = played_out[key] = [_spinner_result(hands, stock, start, view) for start in starts]
        for i, (won, margin, outcome) in enumerate(results):
            wins[i] += won
            margins[i] += margin
            outcomes[i].append(outcome)
    return [CandidateScore(a, w / samples, m / samples, tuple(o), independent)
            for a, w, m, o in zip(actions, wins, margins, outcomes)]


__all__ = ["CandidateScore", "Difference", "SEARCH_DEPTH", "difference", "sensible_player", "simulate"]
