"""The hint engine's sampled worlds are worlds that could be (issue 10, item 11): they respect what
the forced opening revealed (who held which double, or that nobody held one and nothing heavier
than the opening tile was dealt), every draw and pass, and every hand size.

Impossibility is judged here from the public record alone, not from the engine's view: what the
opening tile says about the tiles dealt, and what each draw and pass says about the hand then."""

import math
import random

import pytest

from matching import can_seat
from tutor.games.domino import ActionKind, Deal, RoundRecord, TILES
from tutor.games.domino.hints import _BY_WEIGHT, SeatView, _Sampler, simulation
from tutor.games.domino.hints.recommendation import distinct_moves, game_key
from tutor.games.domino.players import HeaviestFirst, HeuristicPlayer, RandomPlayer
from tutor.games.domino.rules import ALL_FIVES, PLAYBOARD, STRAIGHT, RuleSet
from tutor.games.domino.tiles import RANK


def weight(tile) -> tuple[int, int]:
    """RULES.md: heavier is the larger pip sum; equal sums go to the higher half."""
    return (tile.high + tile.low, tile.high)


def not_dealt(opening_tile) -> set:
    """The tiles nobody can have been dealt, read from the opening tile alone: a double opens only
    when it is the highest double dealt; any other tile only when nobody has a double and it is the
    heaviest tile dealt."""
    if opening_tile.high == opening_tile.low:
        return {t for t in TILES if t.high == t.low and t.high > opening_tile.high}
    return {t for t in TILES if t.high == t.low or weight(t) > weight(opening_tile)}


def impossible(sampled: list[list], record: RoundRecord, upto: int, viewer: int) -> list[str]:
    """Why the sampled hands cannot be the real ones after the first ``upto`` actions ([] if no
    reason is found). A tile a seat was not dealt, or that shows a number it was stuck on, must
    have come from a draw since: such tiles can be at most as many as those draws."""
    positions = record.positions()[: upto + 1]
    actions = record.actions[:upto]
    reasons = []
    banned = not_dealt(actions[0].tile) if actions and actions[0].kind is ActionKind.OPEN else set()
    for seat, hand in enumerate(sampled):
        if seat == viewer:
            continue
        moves = [(i, p, a) for i, (p, a) in enumerate(zip(positions, actions)) if p.to_move == seat]
        draws = [i for i, _, a in moves if a.kind is ActionKind.DRAW]
        if len([t for t in hand if t in banned]) > len(draws):
            reasons.append(f"seat {seat} holds {sorted(map(str, set(hand) & banned))}, never dealt, after {len(draws)} draws")
        for i, before, action in moves:
            if action.kind not in (ActionKind.DRAW, ActionKind.PASS):
                continue
            ends = set(before.ends)
            showing = [t for t in hand if t.high in ends or t.low in ends]
            later = len([d for d in draws if d >= i])  # the tile drawn at i itself may fit, unplayed yet
            if len(showing) > later:
                reasons.append(f"seat {seat} was stuck on {sorted(ends)} at action {i + 1} and holds {showing}")
    return reasons


def sampled_hands(sampler: _Sampler, rng: random.Random) -> list[list]:
    hands, _stock = sampler.sample(rng)
    return [[TILES[_BY_WEIGHT[r]] for r in range(28) if h >> r & 1] for h in hands]


def random_records(count: int, seed: int):
    for number in range(count):
        seats = 2 + number % 3
        deal = Deal.from_seed(seed + number, seats)
        player, record = RandomPlayer(number), RoundRecord(deal)
        position = deal.position()
        while not position.is_over():
            action = player.choose(position)
            record.actions.append(action)
            position = position.apply(action)
        yield record


def test_no_sampled_world_contradicts_the_opening_or_the_draws_and_passes():
    rng = random.Random(11)
    checked = constrained = 0
    for record in random_records(60, seed=500):
        positions = record.positions()
        for upto in range(1, len(record.actions) + 1, 3):
            now = positions[upto]
            if now.is_over():
                break
            for viewer in range(now.seats):
                view = SeatView.from_history(positions[: upto + 1], record.actions[:upto], viewer)
                sampler = _Sampler(view, rng)
                for _ in range(5):
                    hands = sampled_hands(sampler, rng)
                    assert impossible(hands, record, upto, viewer) == []
                    checked += 1
                constrained += any(sampler.barred_of_slot)
    assert checked > 5_000 and constrained > 1_000


def test_after_seat_1_opens_with_5_5_nobody_samples_the_6_6_into_a_dealt_hand():
    deal = Deal.from_hands([["4-3", "6-1", "2-0", "3-1", "4-0", "1-1", "5-0"],
                            ["5-5", "6-2", "4-1", "3-2", "2-1", "1-0", "0-0"]],
                           boneyard=["6-6", "6-5", "6-4"])
    record = RoundRecord(deal, ["5-5"])
    view = SeatView.from_record(record, 0)
    sampler, rng = _Sampler(view, random.Random(3)), random.Random(4)
    six_six = next(t for t in TILES if str(t) == "6-6")
    holders = [sampled_hands(sampler, rng)[1].count(six_six) for _ in range(600)]
    assert sum(holders) == 0  # 6-6 is in the boneyard in every sampled world
    # once seat 1 has drawn, the 6-6 may be among what it drew: the sampler may give it then
    record = RoundRecord(Deal.from_hands([["4-3", "6-1", "2-0", "3-1", "4-0", "1-1", "5-3"],
                                          ["5-5", "6-2", "4-1", "6-0", "2-1", "1-0", "0-0"]],
                                         boneyard=["6-6", "6-5"]),
                         ["5-5", "5-3L", "draw", "draw", "6-5R"])
    view = SeatView.from_record(record, 0)
    sampler = _Sampler(view, rng)
    assert any(six_six in sampled_hands(sampler, rng)[1] for _ in range(600))


def test_after_a_heaviest_tile_opening_no_dealt_hand_holds_a_double():
    deal = Deal.from_hands([["6-3", "5-2", "4-1", "3-0", "2-1", "5-0", "4-2"],
                            ["5-4", "6-1", "5-3", "4-0", "3-1", "2-0", "1-0"]],
                           boneyard=["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"])
    record = RoundRecord(deal, ["6-3"])
    view = SeatView.from_record(record, 1)  # seat 1 watches seat 0 open with 6-3
    sampler, rng = _Sampler(view, random.Random(5)), random.Random(6)
    heavier = {t for t in TILES if t.high == t.low or weight(t) > (9, 6)}
    for _ in range(600):
        assert not set(sampled_hands(sampler, rng)[0]) & heavier


@pytest.mark.parametrize("viewer", [0, 1])
def test_the_judge_of_sampled_worlds_never_rules_out_the_real_deal(viewer):
    """:func:`impossible`, which the tests above hold the sampler to, finds nothing wrong with the
    real hands (the sampler's own soundness: ``test_the_real_history_is_always_one_the_sampler_can_deal``)."""
    for record in random_records(40, seed=900):
        positions = record.positions()
        for upto in range(1, len(record.actions) + 1):
            now = positions[upto]
            if viewer >= now.seats:
                break
            assert impossible([now.hand(s) for s in range(now.seats)], record, upto, viewer) == []


def _fits(tiles: list[int], barred: list[int]) -> bool:
    """Whether each tile can take its own slot, none that bars it."""
    return can_seat(tiles, barred, lambda mask, tile: bool(mask >> tile & 1))



def _slot_tiles(record: RoundRecord, upto: int, seat: int) -> list:
    """The tiles that filled ``seat``'s slots in the round's first ``upto`` actions, read from the
    positions: the hand it held when the record starts, then each tile it drew, in order."""
    positions = record.positions()
    tiles = list(positions[0].hand(seat))
    for i, action in enumerate(record.actions[:upto]):
        if positions[i].to_move == seat and action.kind is ActionKind.DRAW:
            tiles += [t for t in positions[i + 1].hand(seat) if t not in positions[i].hand(seat)]
    return tiles


@pytest.mark.parametrize("viewer", [0, 1])
def test_the_real_history_is_always_one_the_sampler_can_deal(viewer):
    """Soundness of the history: every tile another seat held in the round (dealt or drawn, played
    since or not) and every tile of the boneyard can take its own slot of the sampler (each seat's
    slots: those of the hand it started with, then one per draw, in order), none that bars it."""
    checked = 0
    for record in random_records(40, seed=1_300):
        positions = record.positions()
        for upto in range(1, len(record.actions) + 1, 2):
            now = positions[upto]
            if viewer >= now.seats or now.is_over():
                break
            view = SeatView.from_history(positions[: upto + 1], record.actions[:upto], viewer)
            sampler = _Sampler(view, random.Random(upto))
            bars = sampler.barred_of_slot
            for seat in [-1] + [s for s in range(now.seats) if s != viewer]:
                slots = [b for b, holder in zip(bars, sampler.seat_of_slot) if holder == seat]
                if seat < 0:
                    assert _fits(list(now.boneyard), slots)
                    continue
                tiles = _slot_tiles(record, upto, seat)
                assert len(tiles) == len(slots), (seat, tiles, len(slots))
                started = positions[0].hands[seat].bit_count()
                assert _fits([t.index for t in tiles[:started]], slots[:started])
                for tile, barred in zip(tiles[started:], slots[started:]):
                    assert not barred >> tile.index & 1, (seat, tile)
            checked += 1
    assert checked > 300


def test_each_sampled_history_gives_each_seat_a_hand_it_could_have_held_at_each_play():
    """Each hand a sampled history gives a seat at one of its plays on a line (the plays the coach
    reads) holds the tile it played, is as large as its real hand then, holds no tile the viewer
    holds or had seen on the table by then, and no more tiles that showed a number the seat was
    stuck on (or that it was never dealt, after the opening) than the tiles it drew since then:
    judged from the record alone, as :func:`impossible` judges a hand of now."""
    rng = random.Random(21)
    checked = 0
    for record in random_records(45, seed=1_700):
        positions = record.positions()
        opening = record.actions[0]
        banned = not_dealt(opening.tile) if opening.kind is ActionKind.OPEN else set()
        for upto in range(2, len(record.actions) + 1, 3):
            now = positions[upto]
            if now.is_over():
                break
            viewer = now.to_move
            view = SeatView.from_history(positions[: upto + 1], record.actions[:upto], viewer)
            sampler = _Sampler(view, rng)
            read = [i for i, a in enumerate(record.actions[:upto])
                    if positions[i].to_move != viewer and a.kind is ActionKind.PLAY]
            for _ in range(4):
                _hands, _stock, then = sampler.sample_history(rng)
                assert len(then) == len(read)
                for i, held in zip(read, then):
                    mover, action = positions[i].to_move, record.actions[i]
                    tiles = {TILES[_BY_WEIGHT[r]] for r in range(28) if held >> r & 1}
                    assert action.tile in tiles
                    assert len(tiles) == positions[i].hands[mover].bit_count()
                    line = positions[i].line
                    on_table = {t for t in TILES if (t.high, t.low) in line or (t.low, t.high) in line}
                    assert not tiles & (set(now.hand(viewer)) | on_table)
                    draws = [j for j in range(i) if positions[j].to_move == mover
                             and record.actions[j].kind is ActionKind.DRAW]
                    assert len(tiles & banned) <= len(draws)
                    for j in range(i):
                        stuck = record.actions[j].kind in (ActionKind.DRAW, ActionKind.PASS)
                        if positions[j].to_move == mover and stuck:
                            ends = set(positions[j].ends)
                            showing = [t for t in tiles if t.high in ends or t.low in ends]
                            assert len(showing) <= len([d for d in draws if d >= j]), (i, j, showing)
                checked += 1
    assert checked > 1_000


# ----- what the others' plays say: the likelihood of a deal ---------------------------------------------------
@pytest.mark.parametrize("rules", [STRAIGHT, ALL_FIVES], ids=lambda rules: rules.name)
def test_the_likelihood_of_the_real_deal_counts_the_real_hand_at_each_play_since_a_draw(rules):
    """With a spinner, the real deal's likelihood is, for every play by another seat that has drawn
    nothing since, 1 / the weight of the tiles of its real hand then that fitted the table
    (``exp(SHARPNESS x pips)`` each): computed here from the positions alone. (Counting the plays
    before a draw too, with the hand held then, measured worse: see ``simulation._Choices``.)"""
    checked = used = 0
    seats = 2
    for number in range(30):
        deal = Deal.from_seed(4_400 + number, seats, rules)
        player, record = HeuristicPlayer(number), RoundRecord(deal)
        position = deal.position()
        while not position.is_over():
            action = player.choose(SeatView.from_record(record, position.to_move))
            record.actions.append(action)
            position = position.apply(action)
        positions = record.positions()
        for upto in range(4, len(record.actions), 3):
            viewer = positions[upto].to_move
            view = SeatView.from_history(positions[: upto + 1], record.actions[:upto], viewer)
            real = [sum(1 << RANK[t.index] for t in positions[upto].hand(s)) for s in range(seats)]
            expected = 1.0
            for i, action in enumerate(record.actions[:upto]):
                mover = positions[i].to_move
                later = [a for j, a in enumerate(record.actions[i + 1:upto], i + 1) if positions[j].to_move == mover]
                if mover == viewer or action.kind is not ActionKind.PLAY or any(a.kind is ActionKind.DRAW for a in later):
                    continue
                ends = set(positions[i].ends)
                expected /= sum(math.exp(simulation.SHARPNESS * (t.high + t.low))
                                for t in positions[i].hand(mover) if t.high in ends or t.low in ends)
                used += 1
            assert simulation._choices_of(view).likelihood(real) == pytest.approx(expected, rel=1e-9)
            checked += 1
    assert checked > 100 and used > 200, (checked, used)


def _mixed_round(number: int, seats: int, rules: RuleSet = PLAYBOARD) -> RoundRecord:
    """A round (Playboard's unless ``rules`` are given) whose seats play alternately as the
    HeuristicPlayer and heaviest-first."""
    deal = Deal.from_seed(5_100 + number, seats, rules)
    players = [HeuristicPlayer(number) if (seat + number) % 2 else HeaviestFirst() for seat in range(seats)]
    record = RoundRecord(deal)
    position = deal.position()
    while not position.is_over():
        mover = position.to_move
        action = players[mover].choose(SeatView.from_record(record, mover))
        record.actions.append(action)
        position = position.apply(action)
    return record


def real_then(record: RoundRecord, upto: int, viewer: int) -> tuple[int, ...]:
    """The hand each other seat really held at each of its plays on the line in the first ``upto``
    actions (rank masks, the tile played included): the real history's answer to the hands
    :meth:`_Sampler.sample_history` deals for the plays the coach reads."""
    positions = record.positions()
    return tuple(sum(1 << RANK[t.index] for t in positions[i].hand(positions[i].to_move))
                 for i, action in enumerate(record.actions[:upto])
                 if positions[i].to_move != viewer and action.kind is ActionKind.PLAY)


@pytest.mark.parametrize("seats", [2, 3])
def test_on_a_line_the_real_deal_is_judged_by_both_models_of_a_player_at_each_play(seats):
    """On a line every play of each other seat is judged by two models, with the hand it really
    held then, computed here from the real positions with the players themselves: as a
    heaviest-first player (the play :class:`HeaviestFirst` would make there, or another), and as
    the sensible one (among the placements :meth:`HeuristicPlayer.score` scores highest, each
    sharing the chance, or not); a play with one way to go (one distinct move) tells nothing. The
    deal's odds for a seat are the prior times ``1 - MODEL_ERROR`` for each play the model makes,
    ``MODEL_ERROR`` for each it would not."""
    error, prior = simulation.MODEL_ERROR, simulation.HEAVIEST_PRIOR
    checked = used = disagreed = 0
    for number in range(24):
        record = _mixed_round(number, seats)
        positions = record.positions()
        for upto in range(4, len(record.actions), 3):
            viewer = positions[upto].to_move
            view = SeatView.from_history(positions[: upto + 1], record.actions[:upto], viewer)
            expected = {}
            for i, action in enumerate(record.actions[:upto]):
                mover = positions[i].to_move
                if mover == viewer or action.kind is not ActionKind.PLAY:
                    continue
                then = SeatView.from_history(positions[: i + 1], record.actions[:i], mover)
                moves = distinct_moves(then)
                heaviest, sensible = expected.setdefault(mover, [prior, 1 - prior])
                if len(moves) == 1:
                    continue
                played = game_key(then, action)
                heaviest *= 1 - error if game_key(then, HeaviestFirst().choose(then)) == played else error
                lacking = {n for seat in range(seats) if seat != mover for n in then.voids(seat)}
                scores = {game_key(then, move): HeuristicPlayer().score(then, move, lacking) for move in moves}
                best = max(scores.values())
                if scores[played] == best:
                    sensible *= (1 - error) / sum(score == best for score in scores.values())
                else:
                    sensible *= error
                disagreed += heaviest != sensible
                expected[mover] = [heaviest, sensible]
                used += 1
            odds = simulation._LineChoices(view).odds(real_then(record, upto, viewer))
            assert set(odds) == set(expected)
            for seat, (heaviest, sensible) in expected.items():
                assert odds[seat] == (pytest.approx(heaviest, rel=1e-9), pytest.approx(sensible, rel=1e-9)), seat
            checked += 1
    assert checked > 50 and used > 150 and disagreed > 20, (checked, used, disagreed)


def test_a_seat_follows_a_model_in_a_deal_as_often_as_its_odds_say():
    """:meth:`_LineChoices.heaviest_seats` draws each other seat's model by its odds in the deal
    (the viewer's seat never), and a seat with no play read by the prior."""
    record = _mixed_round(3, 3)
    positions = record.positions()
    upto = len(record.actions) - 2
    viewer = positions[upto].to_move
    view = SeatView.from_history(positions[: upto + 1], record.actions[:upto], viewer)
    choices = simulation._LineChoices(view)
    real = real_then(record, upto, viewer)
    odds = choices.odds(real)
    rng = random.Random(8)
    draws = [choices.heaviest_seats(real, rng) for _ in range(4_000)]
    assert not any(drawn >> viewer & 1 for drawn in draws)
    for seat in range(3):
        if seat == viewer:
            continue
        heaviest, sensible = odds.get(seat, (simulation.HEAVIEST_PRIOR, 1 - simulation.HEAVIEST_PRIOR))
        share = sum(drawn >> seat & 1 for drawn in draws) / len(draws)
        assert share == pytest.approx(heaviest / (heaviest + sensible), abs=0.03), seat


@pytest.mark.parametrize("rules", [PLAYBOARD, STRAIGHT, ALL_FIVES], ids=lambda rules: rules.name)
def test_deals_alike_are_played_out_once_and_each_counts(monkeypatch, rules):
    """The simulation plays out once the deals it keeps that are alike (:func:`simulation._deal_key`:
    a deal kept twice, or another history that leaves the same hands and boneyard; on a line, with
    the same draw of the players), and counts each: every move's deal-by-deal results are those of
    each deal played out on its own."""
    alike = played = 0
    name = "_spinner_result" if rules.spinner else "_searched"  # what plays a deal out
    real_deals, real_play = simulation._deals, getattr(simulation, name)
    for number in range(8):
        record = _mixed_round(number, 2, rules)
        positions = record.positions()
        upto = next(i for i in range(len(record.actions) - 1, 0, -1)
                    if len(distinct_moves(SeatView.from_history(positions[: i + 1], record.actions[:i],
                                                                positions[i].to_move))) > 1)
        viewer = positions[upto].to_move
        view = SeatView.from_history(positions[: upto + 1], record.actions[:upto], viewer)
        actions = distinct_moves(view)
        calls = []
        kept: list = []

        def deals(*args, **kwargs):
            found = real_deals(*args, **kwargs)
            kept.append(found[0])
            return found

        def play(*args, **kwargs):
            calls.append(1)
            return real_play(*args, **kwargs)
        monkeypatch.setattr(simulation, "_deals", deals)
        monkeypatch.setattr(simulation, name, play)
        scores = simulation.simulate(view, actions, 150, random.Random(number))
        once = len(calls)
        monkeypatch.setattr(simulation, "_deal_key", lambda *deal: object())  # no two alike
        calls.clear()
        again = simulation.simulate(view, actions, 150, random.Random(number))
        assert [s.outcomes for s in scores] == [s.outcomes for s in again]
        assert [(s.win_rate, s.margin) for s in scores] == [(s.win_rate, s.margin) for s in again]
        alike += len({(tuple(hands), tuple(stock)) for hands, stock, _ in kept[0]}) < 150
        assert once <= len(calls)
        played += once < len(calls)
        monkeypatch.undo()
    assert alike >= 4 and played >= 4, (alike, played)
