"""The hint engine's simulated players on a line (tutor/games/domino/hints/simulation.py):

- ``sensible_player``, the model of the other seats, makes the placement the project's
  HeuristicPlayer scores highest (its own scoring on tiles and views, not the bit masks), with the
  numbers the other seats have shown they lack;
- ``_searched`` keeps, at the viewer's first real choice in a deal, the placement whose round ends
  best for the viewer: checked against every placement played out by the engine's own positions
  (``Position.apply`` from the paused table), each seat choosing as in the search.
"""

from __future__ import annotations

import random

from tutor.games.domino import PLAYBOARD, Action, Deal, End, RoundRecord
from tutor.games.domino.hints import SeatView
from tutor.games.domino.hints.recommendation import game_key
from tutor.games.domino.hints import simulation
from tutor.games.domino.hints.simulation import _searched, sensible_player
from tutor.games.domino.players import HeuristicPlayer, RandomPlayer
from tutor.games.domino.playout import BY_RANK, Pause, heaviest_choice, placements, playout
from tutor.games.domino.tiles import BY_WEIGHT, TILES


def placement_action(answer: int, left: int) -> Action:
    """A policy's answer (a rank bit, ``~bit`` for the right end) as the engine's action."""
    tile = TILES[BY_WEIGHT[answer if answer >= 0 else ~answer]]
    at_left = answer >= 0 and left in (tile.high, tile.low)
    return Action.play(tile, End.LEFT if at_left else End.RIGHT)


def test_the_model_of_a_player_chooses_as_the_heuristic_player_scores():
    player = HeuristicPlayer()
    compared = lacked = 0
    rng = random.Random(5)
    for _ in range(400):
        deal = Deal.from_seed(rng.randrange(1 << 30), 2)
        position, actions = deal.position(), []
        while not position.is_over():
            view = SeatView.from_record(RoundRecord(deal, actions), seat=position.to_move)
            legal = view.legal_actions()
            if view.ends is not None and legal[0].tile is not None and len({game_key(view, a) for a in legal}) > 1:
                lacking = set(view.voids(1 - view.seat))
                scores = {game_key(view, a): player.score(view, a, lacking) for a in legal}
                best = max(scores.values())
                if list(scores.values()).count(best) == 1:
                    hand = ranked(view.hand)
                    left, right = view.ends
                    lt, rt = BY_RANK.number_mask[left], BY_RANK.number_mask[right]
                    answer = sensible_player(sum(1 << n for n in lacking))(hand & (lt | rt), hand, lt, rt, None)
                    assert scores[game_key(view, placement_action(answer, left))] == best, (deal, actions)
                    compared += 1
                    lacked += bool(lacking)
            action = rng.choice(position.legal_actions())
            actions.append(str(action))
            position = position.apply(action)
    assert compared > 300 and lacked > 50


def ranked(mask: int) -> int:
    """A hand by tile index as a mask by weight rank (the simulation's encoding)."""
    return sum(1 << r for r, index in enumerate(BY_WEIGHT) if mask >> index & 1)


#: the others' model as the search sees it in a deal read before any seat has shown a number it lacks
OTHERS = sensible_player(0)


def model_action(position, seat: int) -> Action:
    """The action of the seat to move on the engine's position, as the search's models choose (the
    viewer ``seat`` heaviest-first, the others sensible); a draw, a pass or a lone play as forced."""
    legal = position.legal_actions()
    if legal[0].tile is None or len(legal) == 1:
        return legal[0]
    hand = ranked(position.hands[position.to_move])
    left, right = position.ends
    lt, rt = BY_RANK.number_mask[left], BY_RANK.number_mask[right]
    policy = heaviest_choice if position.to_move == seat else OTHERS
    return placement_action(policy(hand & (lt | rt), hand, lt, rt, None), left)


def for_viewer(winner, points: int, seat: int) -> tuple[float, int]:
    return (1.0, points) if winner == seat else (0.5, 0) if winner is None else (0.0, -points)


def engine_finish(position, seat: int, first: Action) -> tuple[float, int]:
    """The round from ``position`` with ``first`` played, then every seat choosing as the models do,
    on the engine's positions; the result as the viewer ranks it."""
    return engine_search(position.apply(first), seat, 0)


def test_the_search_keeps_the_placement_whose_round_ends_best_for_the_viewer():
    searched = 0
    for seed in range(150):
        deal = Deal.from_seed(seed, 2)
        position = deal.position()
        position = position.apply(position.legal_actions()[0])  # the forced opening
        seat = position.to_move
        hands = [ranked(h) for h in position.hands]
        rank = {index: r for r, index in enumerate(BY_WEIGHT)}
        stock = [rank[i] for i in reversed(position.boneyard)]
        left, right = position.ends
        policies = [heaviest_choice if s == seat else OTHERS for s in range(2)]
        winner, points, _ = _searched(hands[:], left, right, seat, 0, stock[:], policies, PLAYBOARD, seat, 1)
        # the engine up to the seat's first real choice (the models choose before it)
        pause = Pause(seat)
        copy, rest = hands[:], stock[:]
        if playout(copy, left, right, seat, 0, rest, policies, None, PLAYBOARD, BY_RANK, pause=pause)[2] != "choice":
            continue
        while not (position.to_move == seat and position.ends == (pause.left, pause.right)
                   and ranked(position.hands[seat]) == copy[seat]):
            position = position.apply(model_action(position, seat))
        fit = copy[seat] & (BY_RANK.number_mask[pause.left] | BY_RANK.number_mask[pause.right])
        options = [placement_action(a, pause.left) for a in placements(fit, pause.left, pause.right, BY_RANK.number_mask)]
        assert len(options) > 1
        assert for_viewer(winner, points, seat) == max(engine_finish(position, seat, option) for option in options), seed
        searched += 1
    assert searched > 100


def engine_search(position, seat: int, depth: int) -> tuple[float, int]:
    """The round from ``position`` on the engine's positions, the models choosing for every seat
    but at ``seat``'s next ``depth`` real choices (two placements or more), where each placement is
    tried and the best result for ``seat`` kept."""
    while not position.is_over():
        legal = position.legal_actions()
        if position.to_move == seat and depth and legal[0].tile is not None:
            hand = ranked(position.hands[seat])
            left, right = position.ends
            fit = hand & (BY_RANK.number_mask[left] | BY_RANK.number_mask[right])
            options = placements(fit, left, right, BY_RANK.number_mask)
            if len(options) > 1:
                return max(engine_search(position.apply(placement_action(option, left)), seat, depth - 1)
                           for option in options)
        position = position.apply(model_action(position, seat))
    result = position.result()
    return for_viewer(result.winner, result.points, seat)


def known_deals(count: int):
    """Positions of 2-seat rounds (random play) once the boneyard is empty, the viewer to move with
    a real choice: every hand is then known to it."""
    rng = random.Random(44)
    found = 0
    while found < count:
        deal = Deal.from_seed(rng.randrange(1 << 30), 2)
        position, player = deal.position(), RandomPlayer(rng.randrange(1 << 30))
        record = RoundRecord(deal)
        while not position.is_over():
            legal = position.legal_actions()
            if not position.boneyard and position.line and legal[0].tile is not None and len(legal) > 1:
                yield record, position
                found += 1
                break
            action = player.choose(position)
            record.actions.append(action)
            position = position.apply(action)


def test_with_the_deal_known_the_search_looks_several_choices_deep():
    """With two seats and no boneyard the other hand is every tile the viewer cannot see, and
    the search tries every placement at the viewer's next :data:`simulation.KNOWN_DEPTH` real
    choices: checked against the same search on the engine's positions."""
    deeper = 0
    for _record, position in known_deals(120):
        seat = position.to_move
        hands = [ranked(h) for h in position.hands]
        left, right = position.ends
        policies = [heaviest_choice if s == seat else OTHERS for s in range(2)]
        depth = simulation.KNOWN_DEPTH
        searched = _searched(hands[:], left, right, seat, 0, [], policies, PLAYBOARD, seat, depth)
        assert for_viewer(searched[0], searched[1], seat) == engine_search(position, seat, depth)
        deeper += engine_search(position, seat, depth) != engine_search(position, seat, 1)
    assert deeper > 5, deeper


def test_the_coach_searches_deeper_only_when_the_deal_is_known(monkeypatch):
    """:func:`simulation.simulate` asks for the deeper search with two seats and an empty boneyard
    only; otherwise for :data:`simulation.SEARCH_DEPTH` choices."""
    depths: set[int] = set()
    real = simulation._searched

    def searched(*args):
        if len(args) == 10:  # a deal's search, not the search's own deeper calls (given ``skip``)
            depths.add(args[9])
        return real(*args)
    monkeypatch.setattr(simulation, "_searched", searched)
    for record, position in list(known_deals(3)):
        view = SeatView.from_record(record, position.to_move)
        depths.clear()
        simulation.simulate(view, view.legal_actions(), 20, random.Random(1))
        assert depths == {simulation.KNOWN_DEPTH}
    deal = Deal.from_seed(3, 2)
    record = RoundRecord(deal)
    position = deal.position().apply(deal.position().legal_actions()[0])
    record.actions.append(deal.position().legal_actions()[0])
    view = SeatView.from_record(record, position.to_move)
    depths.clear()
    simulation.simulate(view, view.legal_actions(), 20, random.Random(1))
    assert depths == {simulation.SEARCH_DEPTH}


def test_past_its_searched_choices_the_viewer_plays_on_as_the_sensible_player(monkeypatch):
    """Past the choices it searches, the viewer plays on in each deal as the sensible player with
    the numbers the table saw its opponent lack (as a strong player would), not its heaviest tile."""
    captured: list = []
    real = simulation._searched

    def searched(*args):
        if len(args) == 10:
            captured.append(args[6])
        return real(*args)
    monkeypatch.setattr(simulation, "_searched", searched)
    rng = random.Random(3)
    compared = differed = 0
    for number in range(6):
        deal = Deal.from_seed(900 + number, 2)
        record, position = RoundRecord(deal), deal.position()
        player = HeuristicPlayer(number)
        while not position.is_over():
            view = SeatView.from_record(record, position.to_move)
            legal = view.legal_actions()
            if view.ends is not None and len({game_key(view, a) for a in legal}) > 1:
                captured.clear()
                simulation.simulate(view, legal, 30, random.Random(number))
                lacking = view.table_voids[1 - view.seat]  # the numbers the table saw its opponent lack
                model = sensible_player(lacking)
                for policies in captured:
                    viewer = policies[view.seat]
                    for _ in range(5):
                        hand = rng.getrandbits(28) & rng.getrandbits(28)
                        left, right = rng.randrange(7), rng.randrange(7)
                        lt, rt = BY_RANK.number_mask[left], BY_RANK.number_mask[right]
                        fit = hand & (lt | rt)
                        if fit:
                            assert viewer(fit, hand, lt, rt, None) == model(fit, hand, lt, rt, None)
                            differed += model(fit, hand, lt, rt, None) != heaviest_choice(fit, hand, lt, rt, None)
                            compared += 1
            action = player.choose(view)
            record.actions.append(action)
            position = position.apply(action)
    assert compared > 500 and differed > 50, (compared, differed)
