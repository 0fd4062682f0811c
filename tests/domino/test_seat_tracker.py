"""A seat's view built action by action (SeatTracker, what the opponents use) is the view rebuilt
from the whole history, at every step of random rounds and after a search backtracks; the engine's
players load only the view module of the hint engine."""

from __future__ import annotations

import random
import subprocess
import sys

from tutor.games.domino import Deal
from tutor.games.domino.hints.view import SeatTracker, SeatView
from tutor.games.domino.players import HeuristicPlayer, play_turns


def test_the_tracked_view_is_the_rebuilt_view_at_every_step():
    checked = 0
    for seed in range(60):
        seats = 2 + seed % 3
        rng = random.Random(seed)
        positions = [Deal.from_seed(seed, seats).position()]
        actions = []
        trackers = [SeatTracker(seat) for seat in range(seats)]
        while not positions[-1].is_over():
            for seat, tracker in enumerate(trackers):
                fresh = SeatTracker(seat).view(positions, actions)
                assert tracker.view(positions, actions) == fresh, (seed, len(actions), seat)
                checked += 1
            action = rng.choice(positions[-1].legal_actions())
            positions.append(positions[-1].apply(action))
            actions.append(action)
    assert checked > 1000


def test_a_tracker_starts_again_when_the_history_changes_under_it():
    deal = Deal.from_seed(5, 3)
    rng = random.Random(5)
    positions = [deal.position()]
    actions = []
    for _ in range(12):
        action = rng.choice(positions[-1].legal_actions())
        positions.append(positions[-1].apply(action))
        actions.append(action)
    tracker = SeatTracker(1)
    tracker.view(positions, actions)
    # Backtrack six actions and take other choices: the tracker must not keep what it read.
    del positions[7:], actions[6:]
    for _ in range(6):
        legal = positions[-1].legal_actions()
        action = legal[-1]
        positions.append(positions[-1].apply(action))
        actions.append(action)
    assert tracker.view(positions, actions) == SeatView.from_history(positions, actions, 1)
    # And another round altogether.
    other = [Deal.from_seed(6, 3).position()]
    assert tracker.view(other, []) == SeatView.from_history(other, [], 1)


def test_opponents_with_shared_trackers_play_as_with_fresh_views():
    deal = Deal.from_seed(11, 4)
    players = {seat: HeuristicPlayer(seed=3) for seat in range(4)}
    shared_positions, shared_actions = [deal.position()], []
    play_turns(shared_positions, shared_actions, players, until_seat=-1, trackers={})
    fresh_positions, fresh_actions = [deal.position()], []
    while not fresh_positions[-1].is_over():
        seat = fresh_positions[-1].to_move
        action = players[seat].choose(SeatView.from_history(fresh_positions, fresh_actions, seat))
        fresh_positions.append(fresh_positions[-1].apply(action))
        fresh_actions.append(action)
    assert shared_actions == fresh_actions


def test_the_players_load_only_the_view_of_the_hint_engine():
    code = "import sys, tutor.games.domino.players; print(sorted(m for m in sys.modules if m.startswith('tutor.games.domino.hints')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['tutor.games.domino.hints', 'tutor.games.domino.hints.view']"


def test_the_mover_s_view_allows_what_the_position_allows_and_the_others_wait():
    """The seat's view and the whole position ask the same rule; the tiles' halves say it too."""
    for seed in range(40):
        seats = 2 + seed % 3
        rng = random.Random(100 + seed)
        positions = [Deal.from_seed(100 + seed, seats).position()]
        actions = []
        trackers = [SeatTracker(seat) for seat in range(seats)]
        while True:
            now = positions[-1]
            for seat, tracker in enumerate(trackers):
                view = tracker.view(positions, actions)
                if now.is_over():
                    assert view.required() is now.required() and view.legal_actions() == []
                elif seat == now.to_move:
                    assert view.required() is now.required()
                    assert view.legal_actions() == now.legal_actions()
                    if now.line:  # by the halves: each play puts a tile showing that end's number
                        left, right = now.ends
                        for action in view.legal_actions():
                            if action.tile is not None:
                                number = left if action.end.value == "left" else right
                                assert number in (action.tile.high, action.tile.low)
                else:
                    assert view.required() is None and view.legal_actions() == []
            if now.is_over():
                break
            action = rng.choice(now.legal_actions())
            positions.append(now.apply(action))
            actions.append(action)
