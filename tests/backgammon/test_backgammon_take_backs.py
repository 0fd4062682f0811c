"""Issue #35, part 2 (review S1): what "Take back my last decision" shows in backgammon free play,
played through the pages.

The promise (README, "What a take-back shows"): each roll follows the learner's decisions before
it (``session.decision_path``). Nothing seen in advance: after a take-back another decision meets
dice of its own (rolling, taking back and offering the videau; two plays of one turn), so what the
first one showed says nothing of them. Nothing chosen by retrying: the same decision meets the same
dice again, however it is written (a play's steps in another order are one play), so no roll can
be tried again for a better one. The old pages showed the same dice in 20 games of 20, both ways.
A guided position's dice are its script, whatever the learner does."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlencode, urlsplit

from tutor.freeplay import BackgammonDice, new_backgammon_id
from tutor.games.backgammon.players import recommend
from tutor.games.backgammon.session import Phase, steps_token
from tutor.web.backgammon import play as backgammon_play

GAMES = 30
#: How often two fair rolls read the same ("5-2" either way round): 6 doubles and 15 other pairs.
FAIR_SAME_ROLL = (6 * 1 + 15 * 4) / 36 ** 2


def follow(client, url: str) -> str:
    """The address a tap or a button leads to: a page answering at once names it in
    Content-Location (one request a tap, issue #30); a new game redirects."""
    response = client.get(url)
    if response.status_code == 302:
        return response.location.split("#")[0]
    assert response.status_code == 200 and "Content-Location" in response.headers, (url, response.status_code)
    return response.headers["Content-Location"].split("#")[0]


def page_of(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return unescape(response.get_data(as_text=True))


def phase(page: str) -> str:
    return re.search(r'data-phase="(\w+)"', page).group(1)


def rolls_shown(page: str) -> list[str]:
    """Every roll the page tells: the learner's (the status line), then the computer's since the
    learner's last decision ("What just happened")."""
    status = re.search(r'<p class="status" id="status"[^>]*>(.*?)</p>', page, re.S).group(1)
    since = re.search(r'<div class="since">(.*?)</div>', page, re.S)
    return re.findall(r"rolled (double \d|\d-\d)", status + (since.group(1) if since else ""))


def learner_roll(page: str) -> str:
    """The learner's roll, as the status line says it."""
    status = re.search(r'<p class="status"[^>]*>(.*?)</p>', page, re.S).group(1)
    return re.search(r"You rolled (double \d|\d-\d)", status).group(1)


def take_back(client, page: str) -> str:
    """Where the page's "Take back my last decision" button leads (it submits the moves form's
    fields and do=take-back)."""
    assert re.search(r'name="do" value="take-back"[^>]*>\s*Take back my last decision', page), \
        "the page offers a take-back"
    form = re.search(r'<form method="get" class="moves" id="moves" action="([^"#]+)[^"]*">(.*?)</form>', page, re.S)
    fields = [(name, unescape(value)) for name, value in
              re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form.group(2))]
    return follow(client, unescape(form.group(1)) + "?" + urlencode([*fields, ("do", "take-back")]))


def game_of(app, url: str):
    """The game at ``url``, rebuilt by the page's own module (for the plays it offers)."""
    query = parse_qs(urlsplit(url).query)
    decisions = [d for d in query.get("m", [""])[0].split(".") if d]
    videau, series = backgammon_play.read_backgammon_id(query["g"][0])
    with app.test_request_context():
        return backgammon_play.Table(None, query["g"][0], videau, series).replay(decisions, 0)


def advance(client, app, url: str, until: str) -> str | None:
    """Play on from ``url`` (the computer's recommended play for the learner, roll, take, go on)
    until the phase is ``until``; None if the game ends first."""
    for _ in range(200):
        page = page_of(client, url)
        now = phase(page)
        if now == until:
            return url
        if now == "over":
            return None
        if now == "move":
            play = recommend(game_of(app, url).position)
            url = follow(client, url + f"&s={steps_token(play.steps)}&do=confirm")
        else:
            url = follow(client, url + "&do=" + {"decide": "roll", "answer": "take", "lost": "go-on"}[now])
    raise AssertionError("the game did not end")


def test_rolling_taking_back_and_offering_the_videau_meets_other_dice(client, app):
    """Roll, take back, offer the videau: the roll after the offer is not the roll just seen (the old
    page rolled it again, 20 games of 20); roll, take back, roll: the same roll (no re-roll)."""
    met, again, samples = 0, 0, 0
    for number in range(GAMES):
        url = advance(client, app, f"/en/backgammon/play/game?g={new_backgammon_id(True, False, nonce=bytes([number, 35]) * 6)}",
                      until="decide")
        if url is None:
            continue
        rolled = follow(client, url + "&do=roll")
        seen = learner_roll(page_of(client, rolled))
        back = take_back(client, page_of(client, rolled))
        assert back == url and phase(page_of(client, back)) == "decide"
        assert "You rolled" not in page_of(client, back).split('<p class="status"')[1].split("</p>")[0]
        again += learner_roll(page_of(client, follow(client, back + "&do=roll"))) == seen
        offered = page_of(client, follow(client, back + "&do=double"))
        if phase(offered) == "over":  # the computer passed
            continue
        samples += 1
        met += learner_roll(offered) == seen
    print(f"\nroll, take back, offer: {met} of {samples} rolls after the offer were the roll seen (fair dice: "
          f"{samples * FAIR_SAME_ROLL:.1f}); "
          f"roll again: the same roll {again} of {GAMES}")
    assert samples >= 20 and again == GAMES
    chance = samples * FAIR_SAME_ROLL
    assert met <= chance + 3 * chance ** 0.5 + 2, f"{met} of {samples}"


def test_two_plays_of_one_turn_meet_dice_of_their_own(client, app):
    """Play one way, take back, play another: the computer's roll and the learner's next roll are
    not the ones the first play showed (the old page: the same, 20 of 20). The same play again,
    even written with its steps in another order, meets the same dice."""
    met, again, reordered, orders, samples = 0, 0, 0, 0, 0
    for number in range(GAMES):
        url = advance(client, app, f"/en/backgammon/play/game?g={new_backgammon_id(False, False, nonce=bytes([number, 53]) * 6)}",
                      until="move")
        while url is not None and len(game_of(app, url).plays) < 2:  # a turn with a choice
            url = advance(client, app, follow(client, url + f"&s={steps_token(game_of(app, url).plays[0].steps)}&do=confirm"),
                          until="move")
        if url is None:
            continue
        first, second = game_of(app, url).plays[:2]
        played = follow(client, url + f"&s={steps_token(first.steps)}&do=confirm")
        seen = rolls_shown(page_of(client, played))
        back = take_back(client, page_of(client, played))
        assert back == url
        samples += 1
        other = rolls_shown(page_of(client, follow(client, back + f"&s={steps_token(second.steps)}&do=confirm")))
        met += other == seen
        again += rolls_shown(page_of(client, follow(client, back + f"&s={steps_token(first.steps)}&do=confirm"))) == seen
        steps = list(first.steps)
        if len(steps) == 2 and steps[0].src != steps[1].src:  # the same play, its steps the other way round
            swapped = client.get(back + f"&s={steps_token(steps[::-1])}&do=confirm")
            if swapped.status_code == 200 and "Content-Location" in swapped.headers:  # accepted: the page after it
                orders += 1
                reordered += rolls_shown(page_of(client, swapped.headers["Content-Location"].split("#")[0])) == seen
    print(f"\ntwo plays of one turn: {met} of {samples} met the dice the first play showed; "
          f"the same play again {again} of {samples}")
    assert samples >= 20 and again == samples and orders >= 5 and reordered == orders
    assert met <= 2, f"{met} of {samples}"


def test_the_dice_after_different_decisions_are_fair_and_the_same_after_the_same():
    """Each roll is derived from the key, the game id and the path of decisions before it: over
    3,000 paths every face turns up about a sixth of the time; one path always gives one roll."""
    game_id = new_backgammon_id(True, False, nonce=bytes(12))
    dice = BackgammonDice(b"k" * 32, game_id, 0)
    paths = [f"{n:032x}" for n in range(3000)]
    faces = [d for path in paths for d in dice.roll(5, path)]
    for face in range(1, 7):
        assert abs(faces.count(face) / len(faces) - 1 / 6) < 0.02
    assert [dice.roll(5, p) for p in paths[:50]] == [BackgammonDice(b"k" * 32, game_id, 0).roll(5, p) for p in paths[:50]]
    assert dice.roll(5, "") == dice.roll(5)  # before any decision: as before issue #35


def test_a_guided_position_keeps_its_script(client, app):
    """A lesson: taking back and trying another way meets the same dice."""
    from tutor.games.backgammon.guided import load_guided

    for guided in load_guided().values():
        with app.test_request_context():
            game = backgammon_play.Table(guided, videau=guided.videau).replay([], 0)
        if game.phase is Phase.MOVE and len(game.plays) >= 2 and guided.rolls:
            break
    else:
        raise AssertionError("a guided position offers a choice of plays")
    url = f"/en/backgammon/guided/{guided.id}"
    shown = [rolls_shown(page_of(client, follow(client, url + f"?s={steps_token(p.steps)}&do=confirm")))
             for p in game.plays[:2]]
    assert shown[0] and shown[0] == shown[1], "another play meets the script's dice"
