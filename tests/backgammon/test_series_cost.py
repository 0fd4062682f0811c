"""Issue #35, part 3 (review P1): a backgammon series page replayed every finished game on each
request (about 75 ms a game). The finished games' results are kept per process, in a bounded
cache: the next page of a series replays none of them. (``bench/series_page.py`` times it.)"""

from __future__ import annotations

import random

import pytest

from tutor.freeplay import new_backgammon_id
from tutor.games.backgammon.session import Phase, replay_game as engine_replay, steps_token
from tutor.web.backgammon import play as backgammon_play

DECIDED = {Phase.DECIDE: "r", Phase.ANSWER: "t", Phase.LOST: "x"}


def series_address(app, games: int, seed: int) -> tuple[str, list[list[str]]]:
    """A series with ``games`` finished games (random legal plays) and the next one just begun."""
    game_id = new_backgammon_id(videau=True, series=True, nonce=bytes([seed]) * 12)
    rng = random.Random(seed)
    played = []
    with app.test_request_context():
        table = backgammon_play.Table(None, game_id, True, True)
        for index in range(games):
            start, dice = table.start_and_dice(index)
            decisions: list[str] = []
            game = engine_replay(start, dice, decisions, videau=True)
            while game.phase is not Phase.OVER:
                decisions.append(DECIDED.get(game.phase) or steps_token(rng.choice(game.plays).steps))
                game = engine_replay(start, dice, decisions, videau=True, resume=game)
            played.append(decisions)
    return f"/en/backgammon/play/game?g={game_id}&m=" + "~".join([".".join(g) for g in played] + [""]), played


@pytest.fixture()
def counted(monkeypatch):
    """Each game the page's module rebuilds, by its decisions (how many moves were replayed)."""
    calls: list[int] = []

    def replay_game(start, dice, decisions, **options):
        resumed = options.get("resume")  # replay_game goes on from a game that is not over, else starts again
        gone_on = resumed is not None and resumed.phase not in (Phase.OVER, Phase.END)
        calls.append(len(decisions) - (resumed.decisions if gone_on else 0))
        return engine_replay(start, dice, decisions, **options)

    monkeypatch.setattr(backgammon_play, "replay_game", replay_game)
    monkeypatch.setattr(backgammon_play, "_GAMES", type(backgammon_play._GAMES)())
    monkeypatch.setattr(backgammon_play, "_RESULTS", type(backgammon_play._RESULTS)())
    return calls


def test_the_next_page_of_a_series_replays_no_finished_game(app, client, counted, monkeypatch):
    monkeypatch.setattr("tutor.web.security.MAX_URL_LENGTH", 64 * 1024)  # random games are long
    url, games = series_address(app, 3, seed=1)
    first = client.get(url)
    assert first.status_code == 200
    assert sum(counted) >= sum(len(g) for g in games)  # the first page of a process replays them once
    counted.clear()
    again = client.get(url)
    assert again.get_data() == first.get_data()
    assert sum(counted) == 0, counted  # none of the three finished games is replayed again
    game_id = url.split("g=")[1].split("&")[0]
    with app.test_request_context():
        current = backgammon_play.Table(None, game_id, True, True).replay([], len(games))
    decision = DECIDED.get(current.phase) or steps_token(current.plays[0].steps)
    counted.clear()
    assert client.get(url + decision).status_code == 200  # the current game's first decision
    assert sum(counted) == 1, counted  # that one decision, gone on from the last page's game


def test_a_finished_games_result_is_its_own_and_an_unfinished_one_is_still_refused(app, client, counted, monkeypatch):
    monkeypatch.setattr("tutor.web.security.MAX_URL_LENGTH", 64 * 1024)
    url, games = series_address(app, 2, seed=2)
    html = client.get(url).get_data(as_text=True)
    assert "Series: you" in html
    cut = url.replace(".".join(games[1]), ".".join(games[1][:-1]))  # game 2 no longer over
    refused = client.get(cut)
    assert refused.status_code == 400 and "Game 2 in this address is not finished." in refused.get_data(as_text=True)
    assert client.get(cut).status_code == 400  # and again: a refusal is not kept as a result
    assert client.get(url).get_data(as_text=True) == html


def test_the_results_kept_are_bounded(app, client, counted, monkeypatch):
    monkeypatch.setattr(backgammon_play, "_RESULTS_KEPT", 3)
    monkeypatch.setattr("tutor.web.security.MAX_URL_LENGTH", 64 * 1024)
    for seed in range(3, 6):
        url, _games = series_address(app, 2, seed=seed)
        assert client.get(url).status_code == 200
        assert len(backgammon_play._RESULTS) <= 3
    assert len(backgammon_play._RESULTS) == 3
