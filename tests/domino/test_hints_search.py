"""The hint engine's simulated players on a line (tutor/games/domino/hints/simulation.py):

- ``sensible_choice``, the model of the other seats, makes the placement the project's
  HeuristicPlayer scores highest (its own scoring on tiles and views, not the bit masks), where
  no seat has shown a number it lacks (the one term the model leaves out);
- ``_searched`` keeps, at the viewer's first real choice in a deal, the placement whose round ends
  best for the viewer: checked against every placement played out by the engine's own positions
  (``Position.apply`` from the paused table), each seat choosing as in the search.
"""

from __future__ import annotations

import random

from tutor.games.domino import PLAYBOARD, Action, Deal, End, RoundRecord
from tutor.games.domino.hints import SeatView
from tutor.games.domino.hints.recommendation import game_key
from tutor.games.domino.hints.simulation import _rank_mask, _searched, sensible_choice
from tutor.games.domino.players import HeuristicPlayer
from tutor.games.domino.playout import BY_RANK, Pause, heaviest_choice, placements, playout
from tutor.games.domino.tiles import BY_WEIGHT, TILES


def placement_action(answer: int, left: int) -> Action:
    """A policy's answer (a rank bit, ``~bit`` for the right end) as the engine's action."""
    tile = TILES[BY_WEIGHT[answer if answer >= 0 else ~answer]]
    at_left = answer >= 0 and left in (tile.high, tile.low)
    return Action.play(tile, End.LEFT if at_left else End.RIGHT)


def test_the_model_of_a_player_chooses_as_the_heuristic_player_scores():
    player = HeuristicPlayer()
    compared = 0
    rng = random.Random(5)
    for _ in range(400):
        deal = Deal.from_seed(rng.randrange(1 << 30), 2)
        position, actions = deal.position(), []
        while not position.is_over():
            view = SeatView.from_record(RoundRecord(deal, actions), seat=position.to_move)
            legal = view.legal_actions()
            if view.ends is not None and legal[0].tile is not None and len({game_key(view, a) for a in legal}) > 1 \
                    and not any(view.voids(s) for s in range(2)):
                scores = {game_key(view, a): player.score(view, a, set()) for a in legal}
                best = max(scores.values())
                if list(scores.values()).count(best) == 1:
                    hand = _rank_mask(view.hand)
                    left, right = view.ends
                    lt, rt = BY_RANK.number_mask[left], BY_RANK.number_mask[right]
                    answer = sensible_choice(hand & (lt | rt), hand, lt, rt, None)
                    assert scores[game_key(view, placement_action(answer, left))] == best, (deal, actions)
                    compared += 1
            action = rng.choice(position.legal_actions())
            actions.append(str(action))
            position = position.apply(action)
    assert compared > 300


def engine_finish(position, seat: int, first: Action):
    """The round from ``position`` (``seat`` to move) with ``first`` played, then every seat choosing
    as the search's models do (the viewer heaviest-first, the others sensible), on the engine's
    positions; the result as the viewer ranks it."""
    position = position.apply(first)
    while not position.is_over():
        legal = position.legal_actions()
        if legal[0].tile is None or len(legal) == 1:
            action = legal[0]
        else:
            hand = sum(1 << r for r, index in enumerate(BY_WEIGHT) if position.hands[position.to_move] >> index & 1)
            left, right = position.ends
            lt, rt = BY_RANK.number_mask[left], BY_RANK.number_mask[right]
            fit = hand & (lt | rt)
            policy = heaviest_choice if position.to_move == seat else sensible_choice
            action = placement_action(policy(fit, hand, lt, rt, None), left)
        position = position.apply(action)
    result = position.result()
    return (1.0, result.points) if result.winner == seat else (0.5, 0) if result.winner is None else (0.0, -result.points)


def test_the_search_keeps_the_placement_whose_round_ends_best_for_the_viewer():
    searched = 0
    for seed in range(150):
        deal = Deal.from_seed(seed, 2)
        position = deal.position()
        position = position.apply(position.legal_actions()[0])  # the forced opening
        seat = position.to_move
        ranked = [sum(1 << r for r, index in enumerate(BY_WEIGHT) if h >> index & 1) for h in position.hands]
        rank = {index: r for r, index in enumerate(BY_WEIGHT)}
        stock = [rank[i] for i in reversed(position.boneyard)]
        left, right = position.ends
        policies = [heaviest_choice if s == seat else sensible_choice for s in range(2)]
        outcome = _searched(ranked[:], left, right, seat, 0, stock[:], policies, PLAYBOARD, seat, 1)
        winner, points, _ = outcome
        value = (1.0, points) if winner == seat else (0.5, 0) if winner is None else (0.0, -points)
        # replay the engine up to the seat's first real choice (the models choose before it)
        pause = Pause(seat)
        copy, rest = ranked[:], stock[:]
        if playout(copy, left, right, seat, 0, rest, policies, None, PLAYBOARD, BY_RANK, pause=pause)[2] != "choice":
            continue
        while not (position.to_move == seat and position.ends == (pause.left, pause.right)
                   and sum(1 << rank[i] for i in range(28) if position.hands[seat] >> i & 1) == copy[seat]):
            legal = position.legal_actions()
            if legal[0].tile is None or len(legal) == 1:
                position = position.apply(legal[0])
                continue
            hand = sum(1 << rank[i] for i in range(28) if position.hands[position.to_move] >> i & 1)
            lt, rt = BY_RANK.number_mask[position.ends[0]], BY_RANK.number_mask[position.ends[1]]
            policy = heaviest_choice if position.to_move == seat else sensible_choice
            position = position.apply(placement_action(policy(hand & (lt | rt), hand, lt, rt, None), position.ends[0]))
        fit = copy[seat] & (BY_RANK.number_mask[pause.left] | BY_RANK.number_mask[pause.right])
        options = [placement_action(a, pause.left) for a in placements(fit, pause.left, pause.right, BY_RANK.number_mask)]
        assert len(options) > 1
        assert value == max(engine_finish(position, seat, option) for option in options), seed
        searched += 1
    assert searched > 100
