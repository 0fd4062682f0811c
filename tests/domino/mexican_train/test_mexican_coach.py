"""The Mexican Train coach (issue #34): its playouts are the engine's rounds, its estimates are the
deals' results, "best" is said only when it is, and the analyze API's advice.

- The fast playout against the engine: from positions of random rounds (both sets), the round
  finished on plain lists ends exactly as the engine's positions with TrainHeuristicPlayer on
  both seats (the winner and both hands' pips).
- The estimates against a second computation: the hidden deals dealt again here as the coach says
  it deals them, every play played on by the engine, the margins compared deal by deal.
- Two seeded runs on 100 positions: when one calls a play the best, the other recommends no play
  outside that play's "about as good" set (at most 2 %; the top plays differ in about half).
- The advice never looks at the hidden tiles: the other hand and the boneyard dealt otherwise (the
  same counts) give the same recommendation; the API's advice fields are the recommendation's.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import replace
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

import mexican_checker as checker
from matching import can_seat
from tutor.games.domino.mexican_train.coach import (CLEAR_LEAD, GOOD_PIPS, _Round, grade, hidden_tiles, inferred_bars,
                                                    lead, playout, recommend)
from tutor.games.domino.mexican_train.engine import Deal, Position
from tutor.games.domino.mexican_train.players import RandomTrainPlayer, TrainHeuristicPlayer, play_until

URL = "/api/v1/domino/analyze"
HEURISTIC = TrainHeuristicPlayer()


@functools.lru_cache(maxsize=None)
def positions(count: int, seed: int, choices: bool = False) -> tuple[tuple[Deal, tuple[str, ...], Position], ...]:
    """Positions of random rounds (a random player's actions), with a real choice when ``choices``."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        top = rng.choice((12, 12, 6))
        deal = Deal.from_seed(rng.randrange(1 << 30), top=top)
        position, history = Position.start(deal), []
        player = RandomTrainPlayer(rng.randrange(1 << 30))
        for _ in range(rng.randrange(40)):
            if position.is_over():
                break
            action = player.choose(position, position.to_act)
            history.append(action)
            position = position.apply(action)
        if not position.is_over() and (not choices or len(position.legal_actions()) > 1):
            found.append((deal, tuple(history), position))
    return tuple(found)


def test_the_fast_playout_ends_every_round_as_the_engine_does():
    for _deal, history, position in positions(300, seed=1):
        end, _actions = play_until(position, {0: HEURISTIC, 1: HEURISTIC}, None)
        outcome = end.outcome()
        state = _Round.of(position)
        assert playout(state) == (outcome.winner, outcome.pips), history


def test_the_estimates_are_the_engines_rounds_on_the_same_hidden_deals():
    samples = 12
    for _deal, history, position in positions(15, seed=2, choices=True):
        seat, other = position.to_act, 1 - position.to_act
        rec = recommend(position, seat, seed=5, samples=samples)
        # the hidden deals again: the unseen tiles in the set's order, shuffled by the seed, the other
        # hand first, then the boneyard (drawn from its end)
        rng = random.Random(5)
        hidden = hidden_tiles(position, seat)
        assert sorted(hidden) == sorted(position.hands[other] + position.boneyard)  # exactly what is unseen
        expected = {action: [] for action in position.legal_actions()}
        for _ in range(samples):
            order = hidden[:]  # each deal a fresh shuffle of the set's order
            rng.shuffle(order)
            other_hand = tuple(order[:len(position.hands[other])])
            hands = (position.hands[0], other_hand) if seat == 0 else (other_hand, position.hands[1])
            dealt = replace(position, hands=hands, boneyard=tuple(reversed(order[len(other_hand):])))
            for action in expected:
                end, _ = play_until(dealt.apply(action), {0: HEURISTIC, 1: HEURISTIC}, None)
                left = end.outcome().pips
                expected[action].append(left[other] - left[seat])
        assert {c.action: list(c.outcomes) for c in rec.candidates} == expected, history
        best = rec.candidates[0]
        assert all(best.margin >= c.margin for c in rec.candidates)
        for candidate in rec.candidates[1:]:
            mean, error = lead(best, candidate)
            assert (candidate in rec.equal) == (mean <= CLEAR_LEAD * error)


def rounds_with_draws(count: int, seed: int):
    """Rounds played by the computer player on both seats, as (deal, positions, actions) at their end."""
    rng = random.Random(seed)
    for number in range(count):
        deal = Deal.from_seed(rng.randrange(1 << 30), top=(12, 6)[number % 2])
        found, actions = [Position.start(deal)], []
        while not found[-1].is_over():
            actions.append(HEURISTIC.choose(found[-1], found[-1].to_act))
            found.append(found[-1].apply(actions[-1]))
        yield deal, found, actions


def test_what_the_coach_infers_from_the_other_players_draws_and_passes_is_true_and_complete():
    """Along whole rounds, for each seat: one entry per tile of the other hand, the real hand fits
    the entries (nothing barred that it holds), and right after the other player draws or passes
    every entry it had bars each tile that the independent checker lets it lay there."""
    stuck = barred = 0
    for deal, found, actions in rounds_with_draws(16, seed=12):
        text = deal.to_dict()
        for cut in range(len(actions) + 1):
            for seat in (0, 1):
                other = 1 - seat
                entries = inferred_bars(found[:cut + 1], actions[:cut], seat)
                assert can_seat(found[cut].hands[other], entries, frozenset.__contains__), (text, actions[:cut])
                barred += sum(1 for bars in entries if bars)
                if cut and actions[cut - 1] in ("draw", "pass") and found[cut - 1].to_act == other:
                    table = checker.replay(text, actions[:cut - 1]).copy()
                    table.hands[other] = [checker.tile(str(t)) for t in hidden_tiles(found[cut - 1], seat)]
                    layable = {checker.tile(play.split(":")[0]) for play in table.plays(other)}
                    old = entries[:-1] if actions[cut - 1] == "draw" else entries
                    for bars in old:
                        assert layable <= {checker.tile(str(t)) for t in bars}, (text, actions[:cut])
                    stuck += 1
    assert stuck > 30 and barred > 300, (stuck, barred)


def test_two_seeded_runs_agree_whenever_one_play_is_called_the_best():
    differ = contradicted = clear = 0
    found = positions(100, seed=3, choices=True)
    for _deal, _history, position in found:
        one, two = recommend(position, position.to_act, seed=1), recommend(position, position.to_act, seed=2)
        differ += one.action != two.action
        if one.clear:
            clear += 1
            contradicted += two.action != one.action and one.action not in {c.action for c in two.equal}
    assert contradicted <= 2, contradicted  # 2 %: the margin is two standard errors
    assert differ >= 3 * max(1, contradicted)  # without the margin, "the best" would flip far more often
    assert clear >= 10, clear  # and the margin still names a best play (about one position in seven)


def test_the_grades_follow_the_estimate_and_its_threshold():
    seen = set()
    for _deal, _history, position in positions(40, seed=4, choices=True):
        for action in position.legal_actions():
            graded = grade(position, position.to_act, action)
            rec = graded.recommendation
            mine = next(c for c in rec.candidates if c.action == action)
            if mine == rec.candidates[0] or mine in rec.equal:
                assert graded.label == "best" and graded.better is None and graded.loss == 0
            else:
                loss = rec.candidates[0].margin - mine.margin
                assert graded.label == ("good" if loss < GOOD_PIPS else "mistake") and graded.better == rec.action
            seen.add(graded.label)
    assert seen == {"best", "good", "mistake"}
    forced = next(p for _d, _h, p in positions(60, seed=5) if len(p.legal_actions()) == 1)
    assert grade(forced, forced.to_act, forced.legal_actions()[0]).forced


def test_the_recommendation_refuses_a_seat_not_to_act():
    _deal, _history, position = positions(1, seed=6)[0]
    with pytest.raises(ValueError):
        recommend(position, 1 - position.to_act)


# ----- the analyze API ---------------------------------------------------------------------------------
def body(deal: Deal, history: tuple[str, ...], **extra) -> dict:
    return {"rules": "mexican-train", "deal": deal.to_dict(), "history": list(history), **extra}


def test_the_api_adds_the_advice_when_asked_and_from_the_movers_side_only(client):
    checked = 0
    for deal, history, position in positions(12, seed=7, choices=True):
        plain = client.post(URL, json=body(deal, history)).get_json()
        assert "recommended" not in plain and all("margin" not in m for m in plain["legal_moves"])
        if plain["action"] != "play" or len(plain["legal_moves"]) < 2:
            continue
        advised = client.post(URL, json=body(deal, history, advice=True)).get_json()
        along = [Position.start(deal)]
        for action in history:
            along.append(along[-1].apply(action))
        rec = recommend(position, position.to_act, known=inferred_bars(along, history, position.to_act))
        by_action = {c.action: c for c in rec.candidates}
        assert [m["action"] for m in advised["legal_moves"]] == [m["action"] for m in plain["legal_moves"]]
        for move in advised["legal_moves"]:
            assert move["margin"] == round(by_action[move["action"]].margin, 1)
            assert move["win_rate"] == round(by_action[move["action"]].win_rate, 3)
        recommended = advised["recommended"]
        assert recommended["action"] == rec.action and recommended["clear"] == rec.clear
        assert recommended["measure"] == "pips" and recommended["samples"] == rec.samples
        assert [m["action"] for m in recommended["about_as_good"]] == [c.action for c in rec.equal]
        checked += 1
    assert checked >= 3, checked


def test_the_recommendation_never_looks_at_the_hidden_tiles():
    """The other hand and the boneyard swapped for other arrangements of the same unseen tiles (the
    same counts): the same recommendation, estimates and all."""
    for n, (_deal, _history, position) in enumerate(positions(10, seed=9, choices=True)):
        seat, other = position.to_act, 1 - position.to_act
        unseen = list(position.hands[other] + position.boneyard)
        random.Random(n).shuffle(unseen)
        size = len(position.hands[other])
        hands = (position.hands[0], tuple(unseen[:size])) if seat == 0 else (tuple(unseen[:size]), position.hands[1])
        swapped = replace(position, hands=hands, boneyard=tuple(unseen[size:]))
        assert recommend(swapped, seat, seed=3) == recommend(position, seat, seed=3)


def test_a_bad_advice_value_is_a_localized_400(client):
    deal, history, _position = positions(1, seed=8, choices=True)[0]
    for value in ("yes", 1, None, [True]):
        response = client.post(f"{URL}?lang=id", json=body(deal, history, advice=value))
        assert response.status_code == 400 and response.get_json()["where"] == "advice"
        assert "true" in response.get_json()["error"] and "advice" in response.get_json()["error"]


# ----- the grade on the game page ------------------------------------------------------------------------
GRADE_BOX = re.compile(r'<section class="grade grade-(\w+)"')


def test_the_game_page_grades_the_learners_last_play_with_a_choice(client):
    """Free play, the learner's actions by the page's buttons: after each play chosen among several,
    the page shows the grade the coach gives it from the position before it (and what the learner
    knew of the other hand then); after a draw, a pass or
    a forced play, none. The hint names the coach's play, and that play is graded best (the same
    recommendation). grade=0 turns it off, in every link; grade=2 is a 400."""
    from tutor.freeplay import read_mexican_id
    from tutor.games.domino.mexican_train.guided import LEARNER
    from tutor.web.domino.mexican_train import play as mexican_play
    from tutor.web.domino.mexican_train.wording import action_words

    url = client.get("/en/domino/play?rules=mexican-train&short=1").location
    graded = silent = hinted = 0
    for _ in range(30):
        page = client.get(url).get_data(as_text=True)
        query = parse_qs(urlsplit(url).query)
        plan = read_mexican_id(query["g"][0])
        table = mexican_play.MexicanTable(None, query["g"][0], plan.top, [], mexican_play._actions(query.get("m", [""])[0]),
                                          plan=plan)
        with client.application.test_request_context(url):
            game = mexican_play._replay(mexican_play._deal(table, mexican_play._match(table)), table.moves,
                                        shuffled=mexican_play._shuffle_of(table, 0))
        mine = [i for i in range(len(game.actions)) if game.seat_of(i) == LEARNER]
        box = GRADE_BOX.search(page)
        if mine and game.actions[mine[-1]] not in ("draw", "pass") and len(game.positions[mine[-1]].legal_actions()) > 1:
            expected = grade(game.positions[mine[-1]], LEARNER, game.actions[mine[-1]], seed=mine[-1],
                             known=game.known_before(mine[-1]))
            assert box and box[1] == expected.label, (url, expected)
            graded += 1
        else:
            assert box is None, url
            silent += 1
        buttons = dict(re.findall(r'data-action="([^"]+)" href="([^"]+)"', page))
        if not buttons:
            break
        choice = list(buttons)[-1]
        if len(buttons) > 1 and hinted < 3:  # the hint names the coach's play; played, it is graded best
            coach = recommend(game.position, LEARNER, seed=len(game.actions), known=game.known_before(len(game.actions)))
            with client.application.test_request_context("/en/"):
                words = action_words(coach.action, LEARNER)
            assert f"Play {words}." in unescape(client.get(url + "&hint=1").get_data(as_text=True)), url
            choice, hinted = coach.action, hinted + 1
            best = client.get(unescape(buttons[choice]).split("#")[0]).get_data(as_text=True)
            assert GRADE_BOX.search(best)[1] == "best", url
        url = unescape(buttons[choice]).split("#")[0]
    assert graded >= 2 and silent >= 1 and hinted >= 2, (graded, silent, hinted)
    off = client.get(url + "&grade=0").get_data(as_text=True)
    assert not GRADE_BOX.search(off) and "Grade my moves" in off
    assert all("grade=0" in unescape(href) for href in re.findall(r'data-action="[^"]+" href="([^"]+)"', off))
    bad = client.get(url + "&grade=2")
    assert bad.status_code == 400 and "grade=" in bad.get_data(as_text=True)


def _free_game(client, url: str):
    """The round on a free-play page, replayed as the page replays it."""
    from tutor.freeplay import read_mexican_id
    from tutor.web.domino.mexican_train import play as mexican_play

    query = parse_qs(urlsplit(url).query)
    plan = read_mexican_id(query["g"][0])
    table = mexican_play.MexicanTable(None, query["g"][0], plan.top, [], mexican_play._actions(query.get("m", [""])[0]),
                                      plan=plan)
    with client.application.test_request_context(url):
        return mexican_play._replay(mexican_play._deal(table, mexican_play._match(table)), table.moves,
                                    shuffled=mexican_play._shuffle_of(table, 0))


def learner_grades(game) -> list:
    """The coach's grade of each of the learner's plays chosen among several, from the position
    before it, what the learner knew of the other hand then, and the seed of its place in the round."""
    from tutor.games.domino.mexican_train.guided import LEARNER

    return [grade(game.positions[i], LEARNER, a, seed=i,
                  known=inferred_bars(game.positions[:i + 1], game.actions[:i], LEARNER))
            for i, a in enumerate(game.actions)
            if game.seat_of(i) == LEARNER and a not in ("draw", "pass") and len(game.positions[i].legal_actions()) > 1]


def test_the_review_grades_the_rounds_plays_as_the_pages_did(client):
    """The review of the round on the page: every learner play with a choice graded as the game page
    graded it (the coach's grade from the position before it), the counts in the table, the
    costliest drawn with the coach's play marked and a link back to that turn while the round goes on."""
    from tutor.games.domino.mexican_train.guided import LEARNER

    rng = random.Random(2)
    for _match in range(8):  # random plays until one is graded below best, the round still going on
        url = client.get("/en/domino/play?rules=mexican-train&short=1").location
        for _ in range(12):
            page = client.get(url).get_data(as_text=True)
            if re.search(r'<section class="grade grade-(good|mistake)"', page):
                break
            buttons = re.findall(r'data-action="[^"]+" href="([^"]+)"', page)
            if not buttons:
                break
            url = unescape(rng.choice(buttons)).split("#")[0]
        else:
            continue
        if re.search(r'<section class="grade grade-(good|mistake)"', page):
            break
    else:
        raise AssertionError("no play graded below best in eight matches")
    game = _free_game(client, url)
    review_url = unescape(re.search(r'href="(/en/domino/play/review[^"]*)"', page)[1])
    review = client.get(review_url)
    assert review.status_code == 200
    text = review.get_data(as_text=True)
    grades = learner_grades(game)
    counts = {label: sum(g.label == label for g in grades) for label in ("best", "good", "mistake")}
    for label, count in counts.items():
        assert re.search(rf'<tr class="grade-{label}"><th scope="row">[^<]+</th><td>{count}</td>', text), (label, counts)
    assert f"You made {len(grades)} move" in text
    costly = [g for g in grades if g.label != "best"]
    assert 1 <= text.count('<li class="reviewed-play ') == min(3, len(costly))
    assert text.count("Play this turn again") == min(3, len(costly))  # the round goes on
    # an address the review cannot read is a 400 or 404, never a 500
    assert client.get("/en/domino/hands/mexican-open-double/review?moves=9-9:s0").status_code == 400
    assert client.get("/en/domino/play/review?rules=mexican-train").status_code == 404


def test_an_earlier_round_of_a_match_is_reviewed_on_its_own_page(client):
    """After round 1 of a short match, ``round=1`` reviews it (graded as its pages graded it, no
    turn to play again: the round is over) and links round 2's review; a round the match has not
    played is a localized 400."""
    from test_mexican_play import KEY, free_round
    from tutor.freeplay import mexican_seed, mexican_shuffle, read_mexican_id
    from tutor.games.domino.mexican_train.engine import Match
    from tutor.games.domino.mexican_train.guided import replay

    game_id = parse_qs(urlsplit(client.get("/en/domino/play?rules=mexican-train&short=1").location).query)["g"][0]
    first, _html = free_round(client, game_id, [], pick=lambda actions: actions[len(actions) // 2])
    deal = Match.drawn(mexican_seed(KEY, game_id, "first"), read_mexican_id(game_id).top).deal(
        mexican_seed(KEY, game_id, "deal 0"))
    game = replay(deal, first, reshuffle=mexican_shuffle(KEY, game_id, 0, 0))
    grades = learner_grades(game)
    address = f"/en/domino/play/review?g={game_id}&m={'.'.join(first)}~"
    text = unescape(client.get(address + "&round=1").get_data(as_text=True))
    for label in ("best", "good", "mistake"):
        count = sum(g.label == label for g in grades)
        assert re.search(rf'<tr class="grade-{label}"><th scope="row">[^<]+</th><td>{count}</td>', text), label
    assert "Play this turn again" not in text
    assert '<span aria-current="page">Round 1</span>' in text
    assert re.search(r'<a href="[^"]*round=2[^"]*">Round 2</a>', text)
    current = unescape(client.get(address).get_data(as_text=True))
    assert '<span aria-current="page">Round 2</span>' in current
    for bad in ("3", "0", "x", "1.5"):
        refused = client.get(address + f"&round={bad}")
        assert refused.status_code == 400 and "has no round" in refused.get_data(as_text=True), bad
    vi = client.get(f"/vi/domino/play/review?g={game_id}&m={'.'.join(first)}~&round=9")
    assert vi.status_code == 400 and "has no round" not in vi.get_data(as_text=True)
