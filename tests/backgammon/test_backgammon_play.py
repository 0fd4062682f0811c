"""Backgammon practice (issue #14): the guided positions' moments on every line, refusals held
against the rules, hints that are true, dice nobody can read or choose, and bad addresses.

Independent checks: the learner's legal plays at every turn of every guided line agree with GNU
Backgammon's (tests/checkers/backgammon_gnubg.py, which shares no code with the engine); each refusal's
reason is worked out here from the board itself (who holds the target, what is on the bar, which
dice were rolled); the videau hints are held against the rulebook's percentages written out here.
"""

from __future__ import annotations

import functools
import random
import re
from html import escape, unescape
from urllib.parse import parse_qs, urlsplit

import pytest

import backgammon_gnubg as gnu
from tutor.freeplay import BackgammonDice, GameIdError, new_backgammon_id, read_backgammon_id, read_game_id
from tutor.games.backgammon import BLACK, START, WHITE, Position, legal_plays
from tutor.games.backgammon.game import random_game
from tutor.games.backgammon.guided import MOMENTS, load_guided
from tutor.games.backgammon.hints import cube_ladder, move_ladder
from tutor.games.backgammon.session import Phase, ScriptedDice, replay_game, steps_token

GUIDED = load_guided()


# ----- the guided positions: the moment on every line ---------------------------------------------------
def lines(guided, decisions=()):
    """Every line the learner can choose (each legal play, take or pass, roll or double)."""
    game = guided.replay(list(decisions))
    if game.phase is Phase.MOVE:
        yield game, list(decisions), "turn"
        for play in game.plays:
            yield from lines(guided, (*decisions, steps_token(play.steps)))
    elif game.phase is Phase.LOST:
        yield game, list(decisions), "turn"
        yield from lines(guided, (*decisions, "x"))
    elif game.phase is Phase.ANSWER:
        for answer in "tp":
            yield from lines(guided, (*decisions, answer))
    elif game.phase is Phase.DECIDE:
        for choice in "rd":
            yield from lines(guided, (*decisions, choice))
    else:
        yield game, list(decisions), "end"


def _gnu_board(position: Position):
    return gnu.read(position.to_text()).board


@pytest.mark.parametrize("position_id", list(GUIDED))
def test_the_moment_happens_on_every_line(position_id):
    guided = GUIDED[position_id]
    ends = [(game, decisions) for game, decisions, kind in lines(guided) if kind == "end"]
    assert ends, "the position has no line at all"
    for game, decisions in ends:
        assert MOMENTS[guided.moment](game), f"{position_id}: no moment on the line {decisions}"
    # every turn of every line: the plays the learner could choose are exactly gnubg's
    for game, decisions, kind in lines(guided):
        if kind != "turn":
            continue
        board = _gnu_board(game.position.replace(dice=None))
        engine_ends = {gnu.apply(board, play.notation) for play in legal_plays(game.position)}
        assert engine_ends == gnu.ends(board, game.position.dice), (position_id, decisions)


def test_the_moments_can_fail():
    """Each moment check rejects a line where its rule does not show."""
    plain = replay_game(START.replace(dice=(3, 1)), ScriptedDice([(6, 5)]), ["8-5_6-5"])
    assert not any(check(plain) for check in MOMENTS.values())


def test_the_higher_die_position_says_what_gnubg_says():
    guided = GUIDED["higher-die"]
    board = _gnu_board(guided.start)
    found = gnu.plays(board, guided.rolls[0])
    assert [play.steps for play in found] == [((24, 18),)]  # one play, with the 6 alone
    assert gnu.step_allowed_alone(board, (6, 5), 24, 19)  # the 5 alone is a legal step...
    assert gnu.apply(board, "24/19") not in gnu.ends(board, (6, 5))  # ...that no legal play is


def test_the_entering_position_loses_a_turn_then_enters_first():
    guided = GUIDED["enter"]
    board = _gnu_board(guided.start)
    assert gnu.plays(board, (6, 4)) == []  # 6-4: neither 19 nor 21 is open
    for game, decisions, kind in lines(guided):
        if kind == "turn" and game.position.dice == (4, 1):
            assert all(play.steps[0][0] == 25 for play in gnu.plays(_gnu_board(game.position.replace(dice=None)), (4, 1)))


# ----- pages -------------------------------------------------------------------------------------------
def status(html: str) -> str:
    return unescape(re.search(r'class="status"[^>]*>(.*?)</p>', html, re.S)[1]).strip()


def refusal(html: str) -> str:
    found = re.search(r'class="refusal"[^>]*>(.*?)</p>', html, re.S)
    return unescape(found[1]).strip() if found else ""


def follow(client, url: str) -> str:
    """The address of the page a tap or button leads to: the page comes at once (one request a
    tap), naming its own address in Content-Location and its canonical link."""
    response = client.get(url)
    if "/play/new" in url:  # a new game: the one redirect, to the address of the id it chose
        assert response.status_code == 302
        return response.headers["Location"]
    assert response.status_code == 200, (url, response.status_code, refusal(response.get_data(as_text=True)))
    location = response.headers["Content-Location"]
    assert f'<link rel="canonical" href="{escape(location)}">' in response.get_data(as_text=True)
    return location


def games_of(query: dict) -> list[list[str]]:
    """The decisions of each game an address holds: its compact record (h), or an older m."""
    from tutor.games.backgammon.record import decode
    if "h" in query:
        return decode(query["h"][0])
    return [[d for d in game.split(".") if d] for game in query.get("m", [""])[0].split("~")]


def play_guided(client, position_id: str, lang: str = "en") -> str:
    """Play a guided position through the page by taps, always the hint's play; the last page."""
    url = f"/{lang}/backgammon/guided/{position_id}"
    for _ in range(60):
        html = client.get(url).get_data(as_text=True)
        phase = re.search(r'data-phase="(\w+)"', html)[1]
        if phase in ("over", "end"):
            return html
        if phase == "lost":
            url = follow(client, url + ("&" if "?" in url else "?") + "do=go-on")
        elif phase in ("answer", "decide"):
            url = follow(client, url + ("&" if "?" in url else "?") + ("do=take" if phase == "answer" else "do=roll"))
        else:
            source = re.search(r'<button type="submit" name="at" value="(\w+)" class="source"', html)
            if source:
                url = follow(client, url + ("&" if "?" in url else "?") + f"at={source[1]}")
                html = client.get(url).get_data(as_text=True)
                target = re.search(r'name="at" value="(\w+)" class="target', html)[1]
                url = follow(client, url + f"&at={target}")
            else:
                url = follow(client, url + ("&" if "?" in url else "?") + "do=confirm")
    raise AssertionError("the position did not end")


@pytest.mark.parametrize("position_id", list(GUIDED))
def test_each_guided_position_plays_to_its_end_through_the_page(client, position_id):
    html = play_guided(client, position_id)
    assert "What this position showed" in html


@pytest.fixture()
def adhoc(monkeypatch):
    """Guided positions made up for one test (same code path as the real ones)."""
    made = {}

    def make(position: Position, *rolls, videau: bool = False) -> str:
        from tutor.games.backgammon.guided import GuidedPosition
        key = f"t{len(made)}"
        made[key] = GuidedPosition(key, "Test", "Intro", "Goal", "hit", position, tuple(rolls), videau, "hitting")
        return key

    monkeypatch.setattr("tutor.web.backgammon.play.guided_by_id", lambda key: made[key] if key in made else GUIDED[key])
    return make


def refused(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 400, url
    return refusal(response.get_data(as_text=True))


START_TEXT = "W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2"

CASES = [
    # (position, roll, the address before the tap, picked, tapped, the rule that applies, the
    # sentence for it), each rule worked out by hand from the board: who holds the target, what is
    # on the bar, what was rolled, what was played
    ("W 24x2 13x5 8x3 6x5 | B 18x2 19x3 17x3 12x5 1x2", (6, 2), "", 24, 18, "blocked",
     "Point 18 is held by 2 opposing checkers: no checker may stop there."),
    ("W 24x2 13x5 8x3 6x5 | B 7x2 19x3 17x3 12x5 1x2", (3, 3), "", 13, 4, "blocked_midway",
     "On the way, the checker would stop on point 7, which is held by 2 opposing checkers: a stop on the way "
     "counts like any other stop."),
    ("W bar 24 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2", (3, 1), "", None, 13, "must_enter",
     "You have 1 checker on the bar: bring it back in before moving any other checker."),
    ("W 24 6x4 5x3 4x3 3x2 2x2 | B 1x2 13x3 20x3 21x3 22x2 23x2", (6, 5), "", 24, 19, "higher_die",
     "Only one die can be used here, so it must be the higher one, 6."),
    ("W 24 8 6x7 2x6 | B 1x2 5x2 7x2 19x3 20x2 21x2 23x2", (6, 1), "", None, 8, "kills_other_die",
     "After that move your 1 could not be played, and another way uses both dice: when both dice can be used, "
     "both must be."),
    (START_TEXT, (6, 5), "", None, 19, "not_your_checker", "The checkers on point 19 are your opponent's, not yours."),
    (START_TEXT, (6, 5), "", None, 20, "no_checker", "You have no checker on point 20."),
    (START_TEXT, (6, 5), "", 13, 20, "wrong_direction",
     "Checkers never move backwards: yours go from 24 towards 1, then off."),
    (START_TEXT, (6, 5), "", 13, 10, "no_die", "That move covers 3, but you rolled 6-5."),
    ("W 7 5x2 4x3 2x4 1x3 | B 19x5 20x5 21x2", (6, 3), "", 4, "off", "not_all_home",
     "You may bear off only when all your checkers are in your home board: 1 is still outside."),
    ("W 5x2 4x3 2x4 1x3 | B 19x5 20x5 21x5", (6, 3), "", 4, "off", "bear_off_higher",
     "A 6 bears a checker off point 4 only when none of yours is higher up: you still have one on point 5."),
    # 8/5 6/5 played both dice: a tap on 13 finds none left
    (START_TEXT, (3, 1), "s=8-5_6-5", None, 13, "no_dice_left", "Every die of this roll has been used."),
    # the last checker borne off: the game is over, a tap changes nothing
    ("W 1 | B 19x5 20x5 21x5", (2, 1), "m=1-o2", None, 13, "game_over", "The game is over: no more moves can be made."),
    # 6-4 from the bar against points 19 and 21, both held: the turn is lost
    ("W bar 24 13x5 8x3 6x5 | B 19x4 21x3 17x3 12x5", (6, 4), "", None, 13, "no_play",
     "These dice cannot be used: the turn is lost."),
]


def engine_code(position: Position, before: str, picked, tapped) -> str:
    """The engine's own word on the tap: why_not on the position the address stands for (on a
    lost turn the page asks nothing about the move: the engine refuses any play there, no_play)."""
    from tutor.games.backgammon import IllegalMoveError, parse_play, why_not
    from tutor.games.backgammon.session import read_steps
    query = parse_qs(before)
    decisions = "_".join(games_of(query)[-1])
    if decisions:
        position = parse_play(position, " ".join(str(s) for s in read_steps(decisions))).after
    played = read_steps(query["s"][0]) if "s" in query else []
    if position.dice is not None and not position.is_over and not legal_plays(position):
        with pytest.raises(IllegalMoveError) as refused:
            parse_play(position, f"{tapped}/{tapped - 1}")
        return refused.value.code
    if picked is not None:
        return why_not(position, picked, 0 if tapped == "off" else tapped, played).code
    # a checker tapped without one picked: its move by each die, the higher first, as the page asks
    for die in sorted(set(position.dice or (1,)), reverse=True):  # no dice once the game is over
        reason = why_not(position, tapped, max(tapped - die, 0), played)
        if reason.code != "no_die":
            break
    return reason.code


@pytest.mark.parametrize("text, roll, before, picked, tapped, code, expected", CASES)
def test_each_kind_of_refusal_says_the_rule_that_applies(client, adhoc, text, roll, before, picked, tapped, code,
                                                         expected):
    position = Position.parse(text)
    # the engine's why-not code for the tap is the rule worked out by hand
    assert engine_code(position.with_dice(*roll), before, picked, tapped) == code
    key = adhoc(position, roll)
    query = "&".join(part for part in (before, f"f={picked}" if picked else "") if part)
    page = f"/en/backgammon/guided/{key}" + (f"?{query}" if query else "")
    before_tap = client.get(page).get_data(as_text=True)
    url = page + ("&" if query else "?") + f"at={tapped}"
    assert refused(client, url) == expected
    # nothing changed: the same board and status as before the tap
    after = client.get(url).get_data(as_text=True)
    assert status(after) == status(before_tap)


#: The code a tap runs through, each function with every refusal code it writes: the page's
#: handler, the session's steps, the engine's why-not and the checks it makes.
TAP_PATH = {
    "tutor.web.backgammon.play": ("_tap", "_not_now", "_why_not_source"),
    "tutor.games.backgammon.session": ("steps_to", "offered_step"),
    "tutor.games.backgammon.plays": ("why_not", "_step_reason", "_rule_reason"),
}

#: Codes on the tap's path that no tap can produce, each with the reason.
NOT_FROM_A_TAP = {
    # _tap asks the engine only in Phase.MOVE, after the roll; before it (Phase.DECIDE) the page
    # answers a tap itself: "Roll the dice first, or offer the videau."
    "no_dice": "the page consults the engine only once the dice are rolled",
    # steps_to: why_not is None only when some way from the checker to the place has every step
    # offered in turn (each prefix starts a legal play), and move_paths lists that way with its
    # dice, whose steps offered_step then finds in first_steps (the same one-die moves, _single
    # and _step_reason agreeing on what is valid alone): the last raise is never reached.
    # _why_not_source asks about a place the app offers no step from; why_not None for one of
    # its dice would mean a way from that place starting with an offered step, so every die has
    # a reason. offered_step's fallback does occur, but from a written step in the address, not
    # a tap (test_a_written_step_no_play_starts_with_is_refused_in_words).
    "not_offered": "steps_to and _why_not_source always have the engine's reason (proof above)",
}


def tap_codes() -> set[str]:
    """Every refusal code written on a tap's path: Reason("…"), render_reason("…"), code="…"."""
    import ast
    import importlib
    import inspect
    import textwrap
    codes = set()
    for module_name, names in TAP_PATH.items():
        module = importlib.import_module(module_name)
        for name in names:
            tree = ast.parse(textwrap.dedent(inspect.getsource(getattr(module, name))))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                called = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if called in ("Reason", "render_reason") and node.args and isinstance(node.args[0], ast.Constant):
                    codes.add(node.args[0].value)
                codes |= {k.value.value for k in node.keywords if k.arg == "code" and isinstance(k.value, ast.Constant)}
    return codes


def test_the_refusal_cases_cover_every_rule_a_tap_can_break():
    codes = tap_codes()
    assert {"blocked", "kills_other_die", "no_dice_left", "game_over"} <= codes  # the reading works
    assert set(NOT_FROM_A_TAP) <= codes  # no exclusion outlives its code
    covered = [case[5] for case in CASES]
    assert len(covered) == len(set(covered))  # one case per rule
    assert set(covered) == codes - set(NOT_FROM_A_TAP)
    # and every code is worded, so no tap falls back to the vague "The rules do not allow that move."
    from tutor.web.backgammon.wording import REASONS
    assert codes <= set(REASONS)


def test_a_written_step_no_play_starts_with_is_refused_in_words(client, adhoc):
    """not_offered: with 5-1, 5/off with the 5 leaves the 1 dead (point 1 is held, a checker on 2
    cannot bear off with a 1), so no legal play starts with it; the checker on 5 still goes off,
    by 5/4*/off, hitting the blot on 4 on the way (a different end). A tap on 5 then the tray
    takes that way; only an address can name the 5 directly."""
    from tutor.games.backgammon import why_not
    position = Position.parse("W 5 2 | B 24x12 4 1x2")
    assert [p.notation for p in legal_plays(position.with_dice(5, 1))] == ["5/4*/off"]
    assert why_not(position.with_dice(5, 1), 5, 0) is None  # the move itself is offered, another way
    key = adhoc(position, (5, 1))
    assert parse_qs(urlsplit(follow(client, f"/en/backgammon/guided/{key}?f=5&at=off")).query)["s"] == ["5-4_4-o5"]
    response = client.get(f"/en/backgammon/guided/{key}?m=5-o5")
    assert response.status_code == 400
    assert "(5-o5) is not allowed: No legal play starts with that move." in unescape(response.get_data(as_text=True))


def test_a_tap_after_a_one_die_play_says_why_the_other_die_is_not_played(client):
    """higher-die: 24/18 with the 6 completes the play and leaves the 5, which no checker can
    play. A tap on 18 says why (18/13: point 13 is the computer's), not "Every die of this roll
    has been used", which was said here before and was false."""
    assert refused(client, "/en/backgammon/guided/higher-die?s=24-18&at=18") == \
        "Point 13 is held by 3 opposing checkers: no checker may stop there."


def test_a_refusal_is_said_in_the_pages_language(client, adhoc):
    key = adhoc(Position.parse(CASES[0][0]), (6, 2))
    english = refused(client, f"/en/backgammon/guided/{key}?f=24&at=18")
    for lang in ("vi", "id"):
        text = refused(client, f"/{lang}/backgammon/guided/{key}?f=24&at=18")
        assert text and text != english and "18" in text


def test_a_move_with_both_dice_lands_where_the_sum_says(client, adhoc):
    key = adhoc(START, (6, 5))
    location = follow(client, f"/en/backgammon/guided/{key}?f=24&at=13")
    assert parse_qs(urlsplit(location).query)["s"] == ["24-18_18-13"]


def test_confirm_takes_a_whole_play_only(client):
    url = "/en/backgammon/guided/higher-die"
    assert refused(client, url + "?do=confirm") == "That play does not use the dice as the rules require."
    assert games_of(parse_qs(urlsplit(follow(client, url + "?s=24-18&do=confirm")).query)) == [["24-18"]]


def test_undo_takes_back_one_step(client):
    url = "/en/backgammon/guided/hit"
    after_one = follow(client, url + "?f=b&at=20")
    assert parse_qs(urlsplit(after_one).query)["s"] == ["b-20"]
    back = follow(client, after_one + "&do=undo")
    assert "s=" not in back


@pytest.mark.parametrize("query", [
    "m=24-19", "m=zz", "m=24-18.24-18", "s=24-19", "s=13-7", "s=99-1", "m=t", "s=b-20",
])
def test_a_tampered_address_is_a_clear_400(client, query):
    said = {}
    for lang in ("en", "vi", "id"):
        response = client.get(f"/{lang}/backgammon/guided/higher-die?{query}")
        assert response.status_code == 400, query
        said[lang] = re.search(r'<p role="alert">(.*?)</p>', response.get_data(as_text=True), re.S)[1]
    assert "address" in said["en"]
    assert "The rules do not allow that move." not in said["en"]  # a precise reason, not the fallback
    assert said["vi"] != said["en"] and said["id"] != said["en"] and said["vi"] != said["id"]


def test_an_unknown_action_or_tap_changes_nothing(client):
    for query in ("do=fly", "at=99", "at=x", "do=take", "do=next-game"):
        response = client.get(f"/en/backgammon/guided/higher-die?{query}")
        assert response.status_code == 400
        assert "You rolled 6-5" in status(response.get_data(as_text=True))


def test_a_changed_game_id_is_refused(client):
    good = new_backgammon_id(True, False, nonce=bytes(range(12)))
    bad = good[:-1] + ("A" if good[-1] != "A" else "B")
    for game_id in (bad, good[:10], "x" * 24):
        assert client.get(f"/en/backgammon/play/game?g={game_id}").status_code == 400
    with pytest.raises(GameIdError):
        read_game_id(good)  # a backgammon id is no domino game id, and the other way round
    from tutor.freeplay import new_game_id
    with pytest.raises(GameIdError):
        read_backgammon_id(new_game_id(2, nonce=bytes(12)))


def test_the_dice_come_from_the_key_not_the_address():
    game_id = new_backgammon_id(True, True, nonce=bytes(12))
    one = [BackgammonDice(b"one key", game_id, 0).roll(i) for i in range(40)]
    same = [BackgammonDice(b"one key", game_id, 0).roll(i) for i in range(40)]
    other = [BackgammonDice(b"another key", game_id, 0).roll(i) for i in range(40)]
    assert one == same and one != other
    assert game_id not in "".join(map(str, one))
    # fair dice: over many rolls every face turns up about a sixth of the time
    faces = [d for i in range(3000) for d in BackgammonDice(b"k", game_id, 1).roll(i)]
    for face in range(1, 7):
        assert abs(faces.count(face) / len(faces) - 1 / 6) < 0.02
    openings = BackgammonDice(b"k", game_id, 0).opening()
    assert all(a == b for a, b in openings[:-1]) and openings[-1][0] != openings[-1][1]


def test_new_game_keeps_its_options_in_the_id(client):
    for videau, series in (("1", "0"), ("0", "1")):
        location = follow(client, f"/en/backgammon/play/new?videau={videau}&series={series}")
        game_id = parse_qs(urlsplit(location).query)["g"][0]
        assert read_backgammon_id(game_id) == (videau == "1", series == "1")
    assert client.get("/en/backgammon/play/new?videau=2").status_code == 400


# ----- a whole free game and a series -----------------------------------------------------------------
def _game_of(client, url: str):
    """The game an address stands for, rebuilt here from the address and the app's key."""
    from tutor.web.backgammon.play import DECISION_SEPARATOR, GAME_SEPARATOR
    query = parse_qs(urlsplit(url).query)
    games = games_of(query)
    key = client.application.config["SECRET_KEY"]
    key = key.encode() if isinstance(key, str) else key
    dice = BackgammonDice(key, query["g"][0], len(games) - 1)
    first_roll = dice.opening()[-1]
    start = START.replace(to_move=WHITE if first_roll[0] > first_roll[1] else BLACK,
                          dice=(max(first_roll), min(first_roll)))
    videau, _series = read_backgammon_id(query["g"][0])
    return replay_game(start, dice, games[-1], videau=videau)


def play_free_game(client, url: str, choose_take: bool = True) -> str:
    """Play a free game to its end through the page: each play sent whole (s=…&do=confirm)."""
    from tutor.games.backgammon.players import recommend
    for _ in range(400):
        html = client.get(url).get_data(as_text=True)
        phase = re.search(r'data-phase="(\w+)"', html)[1]
        sep = "&" if "?" in url else "?"
        if phase == "over":
            return url
        if phase == "lost":
            url = follow(client, url + sep + "do=go-on")
        elif phase == "decide":
            url = follow(client, url + sep + "do=roll")
        elif phase == "answer":
            url = follow(client, url + sep + ("do=take" if choose_take else "do=pass"))
        else:
            play = recommend(_game_of(client, url).position)
            url = follow(client, url + sep + f"s={steps_token(play.steps)}&do=confirm")
    raise AssertionError("the game did not end")


def test_a_series_adds_up_and_the_videau_is_capped(client):
    location = follow(client, "/en/backgammon/play/new?videau=1&series=1")
    url = play_free_game(client, location)
    html = client.get(url).get_data(as_text=True)
    first = re.search(r"Series: you (\d+), the computer (\d+)", html)
    url = follow(client, url + "&do=next-game")
    url = play_free_game(client, url, choose_take=False)
    html = client.get(url).get_data(as_text=True)
    second = re.search(r"Series: you (\d+), the computer (\d+)", html)
    # the totals are the sums of each game's result, rebuilt here from the address alone
    from tutor.web.backgammon.play import GAME_SEPARATOR
    query = parse_qs(urlsplit(url).query)
    games = games_of(query)
    assert len(games) == 2
    total = {WHITE: 0, BLACK: 0}
    key = client.application.config["SECRET_KEY"]
    key = key.encode() if isinstance(key, str) else key
    for index, text in enumerate(games):
        dice = BackgammonDice(key, query["g"][0], index)
        first_roll = dice.opening()[-1]
        start = START.replace(to_move=WHITE if first_roll[0] > first_roll[1] else BLACK,
                              dice=(max(first_roll), min(first_roll)))
        game = replay_game(start, dice, text, videau=True)
        assert game.result is not None and game.result.cube <= 64
        total[game.result.winner] += game.result.points
    assert (int(second[1]), int(second[2])) == (total[WHITE], total[BLACK])
    assert int(first[1]) + int(first[2]) > 0


# ----- hints ---------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _positions(count: int, seed: int = 7):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        record, _ = random_game(rng)
        from tutor.games.backgammon.game import replay
        positions = replay(record).positions
        found += [p for p in positions if p.dice and p.to_move is WHITE and legal_plays(p)]
    return found[:count]


def test_the_recommended_play_is_legal_and_its_reason_is_true():
    for position in _positions(120):
        ladder = move_ladder(position)
        plays = {p.notation: p for p in legal_plays(position)}
        play_note = ladder.play
        assert play_note.params["play"] in plays, position
        play = plays[play_note.params["play"]]
        mine_before, mine_after = position.checkers(WHITE), play.after.checkers(WHITE)
        theirs_after = play.after.checkers(BLACK)
        kind = play_note.kind
        if kind == "play_bears_off":
            assert play.after.off(WHITE) - position.off(WHITE) == play_note.params["count"] > 0
        elif kind == "play_hits":
            # a hit puts one more black checker on the bar, on each point named
            assert play.after.on_bar(BLACK) > position.on_bar(BLACK)
            for point in play_note.params["points"]:
                assert position.at(point) == (BLACK, 1)
        elif kind == "play_makes_point":
            for point in play_note.params["points"]:
                assert mine_after[point - 1] >= 2 > mine_before[point - 1]
        elif kind == "play_safe":
            assert all(n != 1 for n in mine_after[:24])
        elif kind == "play_only":
            # a forced play is called the only one exactly when gnubg finds no other
            assert len(gnu.ends(_gnu_board(position.replace(dice=None)), position.dice)) == 1
        elif kind == "play_races":
            white_back = max(i + 1 for i in range(25) if mine_after[i]) if mine_after[24] == 0 else 25
            black_front = min(24 - j for j in range(24) if theirs_after[j]) if not theirs_after[24] else 0
            assert white_back < black_front or white_back == 0
        # the checker rung names where the play's first step starts
        assert ladder.checker.params["point"] in ("bar" if s.src == 25 else s.src for s in play.steps)


def _learner_turns(count: int, seed: int = 11) -> list[Position]:
    """The learner's turns (White, dice rolled, something to play) along random games, every one of
    them, to the games' ends: forced plays are common in a bear-off."""
    from tutor.games.backgammon.game import result
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = START.with_dice(rng.randint(1, 6), rng.randint(1, 6))
        while result(position) is None and len(found) < count:
            plays = legal_plays(position)
            if position.to_move is WHITE and plays:
                found.append(position)
            position = rng.choice(plays).after if plays else position.replace(dice=None, to_move=position.to_move.other)
            position = position if result(position) else position.with_dice(rng.randint(1, 6), rng.randint(1, 6))
    return found


def test_a_forced_play_is_the_only_play_not_the_best():
    """The recommended play is called the only one when, and only when, gnubg finds no other end
    position for the roll (the higher-die position, B6: 24/18 alone); a play chosen among others
    is never called the only one."""
    guided = GUIDED["higher-die"]
    assert move_ladder(guided.start.with_dice(*guided.rolls[0])).play.kind == "play_only"
    forced = chosen = 0
    for position in _learner_turns(160):
        alone = len(gnu.ends(_gnu_board(position.replace(dice=None)), position.dice)) == 1
        assert (move_ladder(position).play.kind == "play_only") == alone, position.to_text()
        forced, chosen = forced + alone, chosen + (not alone)
    assert forced >= 5 and chosen >= 50, (forced, chosen)  # the sample holds both kinds


def test_hints_never_look_at_the_dice_to_come():
    """Two games with the same board and roll but different dice to come give the same hints."""
    guided = GUIDED["hit"]
    one = replay_game(guided.start, ScriptedDice([(5, 3), (6, 6)]), [])
    two = replay_game(guided.start, ScriptedDice([(5, 3), (1, 1)]), [])
    assert move_ladder(one.position) == move_ladder(two.position)


def test_the_videau_hints_follow_the_rulebooks_percentages():
    rng = random.Random(3)
    seen = set()
    for _ in range(400):
        white = [0] * 25
        black = [0] * 25
        for side in (white, black):
            for _ in range(15):
                side[rng.randrange(0, 12)] += 1
        position = Position(white, black, WHITE)
        own, other = position.pips(WHITE), position.pips(BLACK)
        lead = other - own
        ladder = cube_ladder(position, answering=False)
        # BACKGAMMON.md: double if 100 x lead >= 8 x own pips (centred videau)
        assert (ladder.play.kind == "hint_double") == (100 * lead >= 8 * own)
        answer = cube_ladder(position.replace(to_move=BLACK), answering=True)
        # take if the doubler's lead is at most 12 % of the doubler's count
        assert (answer.play.kind == "hint_take") == (100 * (own - other) <= 12 * other)
        seen.add((ladder.play.kind, answer.play.kind))
    assert len(seen) >= 3  # both answers and both advices came up


def test_the_hint_ladder_shows_on_the_page_one_rung_at_a_time(client):
    url = "/en/backgammon/guided/higher-die"
    counts = []
    for level in (1, 2, 3):
        html = client.get(f"{url}?hint={level}").get_data(as_text=True)
        section = re.search(r'<section class="hints".*?</section>', html, re.S)[0]
        counts.append(section.count("<li>"))
    assert counts == [1, 2, 3]
    html = client.get(f"{url}?hint=3").get_data(as_text=True)
    assert "24/18 is the only play these dice allow." in unescape(html)  # forced: the only play, not "the best"


def test_the_videau_stops_at_64():
    # the learner owns the videau at 64: before the roll nobody may offer it, so no choice is asked
    capped = Position.parse("W 6x5 5x5 4x5 | B 19x5 20x5 21x5 | W cube 64W")
    game = replay_game(capped, ScriptedDice([(2, 1)]), [], videau=True)
    assert game.phase is Phase.MOVE
    below = capped.replace(cube=capped.cube.__class__(32, WHITE))
    assert replay_game(below, ScriptedDice([(2, 1)]), [], videau=True).phase is Phase.DECIDE
    # and the computer, far ahead, never offers it at 64 (it does at 32 if it owns it)
    ahead = Position.parse("W 18x5 17x5 16x5 | B 24x5 23x5 22x5 | B cube 64B")
    assert not any(e.kind == "double" for e in replay_game(ahead, ScriptedDice([(2, 1)]), [], videau=True).events)
    ahead32 = ahead.replace(cube=ahead.cube.__class__(32, BLACK))
    assert [e.kind for e in replay_game(ahead32, ScriptedDice([(2, 1)]), [], videau=True).events][:1] == ["double"]


def test_every_guided_position_is_reachable_from_its_lesson_and_the_practice_page(client):
    from tutor.games.backgammon import course as backgammon_course
    sections = {s.id: s for s in backgammon_course.load_course()}
    practice = client.get("/vi/backgammon/play/").get_data(as_text=True)
    for position in GUIDED.values():
        section = sections[position.practises]  # each practises a real section
        last = client.get(f"/vi/backgammon/lessons/{section.id}/{section.steps[-1].id}").get_data(as_text=True)
        assert f"/vi/backgammon/guided/{position.id}\"" in last
        assert f"/vi/backgammon/guided/{position.id}\"" in practice
    for page in ("/vi/", "/vi/backgammon/"):
        assert "/vi/backgammon/play/\"" in client.get(page).get_data(as_text=True)


def test_the_game_board_is_a_group_of_tap_targets_not_an_image():
    """A board with links is no picture (links inside an image would be nested controls); its
    links stay in the page and out of the Tab order (the buttons under it offer the same)."""
    import xml.etree.ElementTree as ET
    from tutor.games.backgammon.render import Labels, render_board
    plain = ET.fromstring(render_board(START, labels=Labels("t", "d")))
    board = ET.fromstring(render_board(START, labels=Labels("t", "d"), links={13: "/x?at=13", "bar": "/x?at=bar"}))
    assert plain.get("role") == "img" and board.get("role") == "group"
    links = [e for e in board.iter() if e.tag.endswith("}a")]
    assert sorted(a.get("data-place") for a in links) == ["13", "bar"]
    assert all(a.get("href", "").startswith("/x?at=") and a.get("target") is None and a.get("tabindex") == "-1"
               for a in links)


# ----- what the learner reads: each sentence against the board ------------------------------------------
def _since(html: str) -> list[str]:
    found = re.search(r'<div class="since">.*?<ol[^>]*>(.*?)</ol>', html, re.S)
    return [unescape(re.sub(r"<[^>]+>", "", item)).strip() for item in re.findall(r"<li>(.*?)</li>", found[1], re.S)] \
        if found else []


def test_the_computers_play_is_told_in_the_numbers_of_the_learners_board(client):
    """Each a/b in "The computer rolled … and played …" takes a black checker off point a and puts
    one on b, on the board the learner sees (checked on the boards before and after)."""
    guided = GUIDED["enter"]
    game = guided.replay(["x"])
    black_play = next(e for e in game.events if e.side is BLACK and e.kind == "play")
    before, after = black_play.before, game.position
    html = client.get("/en/backgammon/guided/enter?m=x").get_data(as_text=True)
    line = next(text for text in _since(html) if text.startswith("The computer rolled"))
    dice = "-".join(map(str, black_play.dice))
    assert line.startswith(f"The computer rolled {dice} and played ")
    for a, b in re.findall(r"(\d+)/(\d+)", line):
        a, b = int(a), int(b)
        assert int(b) > int(a)  # the computer moves up the learner's numbers
        assert before.at(a)[0] is BLACK and (after.at(a)[1] < before.at(a)[1] or after.at(a)[0] is None)
        assert after.at(b)[0] is BLACK and after.at(b)[1] > (before.at(b)[1] if before.at(b)[0] is BLACK else 0)


def test_the_videau_events_are_told_as_they_happened(client, adhoc):
    # the learner, far ahead, offers the videau: the computer takes only if the learner's lead is at
    # most 12 % of the learner's count (the rulebook's rule, worked out here from the pips)
    for text in ("W 6x5 5x5 4x5 | B 12x5 13x5 17x5", "W 13x5 8x5 6x5 | B 19x5 20x5 21x5"):
        position = Position.parse(text)
        key = adhoc(position, (2, 1), videau=True)
        lead = position.pips(BLACK) - position.pips(WHITE)
        takes = 100 * lead <= 12 * position.pips(WHITE)
        html = client.get(f"/en/backgammon/guided/{key}?m=d").get_data(as_text=True)
        lines = _since(html)
        assert lines[0] == "You offered the videau."
        if takes:
            assert lines[1] == "The computer took the videau: the game is now worth more, and the videau is on its side."
        else:
            assert lines[1] == "The computer passed: it refused the videau."
            assert status(html) == "The computer refused the videau: you win 1 point."
    # the computer offers (the videau position), the learner takes or passes
    offered = client.get("/en/backgammon/guided/videau").get_data(as_text=True)
    assert _since(offered) == ["The computer offered the videau."]
    assert status(offered) == "The computer offers the videau: take, and play on for 2 points, or pass, and lose 1 now."
    taken = client.get("/en/backgammon/guided/videau?m=t").get_data(as_text=True)
    assert _since(taken) == ["You took the videau: the game is now worth more, and the videau is on your side."]
    passed = client.get("/en/backgammon/guided/videau?m=p").get_data(as_text=True)
    assert status(passed) == "You refused the videau: the computer wins 1 point."


def test_a_lost_turn_on_the_bar_is_told_as_such(client):
    html = client.get("/en/backgammon/guided/enter").get_data(as_text=True)
    # 6-4 against points 19 and 21, which the computer holds (worked out from the start position)
    start = GUIDED["enter"].start
    assert start.at(25 - 6)[0] is BLACK and start.at(25 - 6)[1] >= 2
    assert start.at(25 - 4)[0] is BLACK and start.at(25 - 4)[1] >= 2
    assert status(html).startswith("You rolled 6-4: neither die brings your checker in from the bar")
    after = client.get("/en/backgammon/guided/hit?m=b-20_13-10").get_data(as_text=True)
    assert "The computer rolled 6-6: neither die brings its checker in from the bar, so its turn is lost." \
        in _since(after)


def test_the_nudges_say_what_the_board_allows():
    """The first rung, held against the board: each die's places hold a checker of the learner's
    whose target is open (or off, with all checkers home); entry points are 25 - die and open."""
    for position in _positions(120):
        nudge = move_ladder(position).nudge
        mine, theirs = position.checkers(WHITE), position.checkers(BLACK)
        def open_point(point: int) -> bool:
            return theirs[24 - point] < 2  # the computer's checkers on the learner's point
        if nudge.kind == "hint_enter":
            assert mine[24] == nudge.params["count"] > 0
            for die, point in zip(nudge.params["dice"], nudge.params["points"]):
                assert point == 25 - die and open_point(point)
        elif nudge.kind == "dice_moves":
            for die, places in nudge.params["moves"]:
                assert die in position.dice
                for place in places:
                    assert isinstance(place, int) and mine[place - 1] > 0
                    assert place - die < 1 or open_point(place - die)
        elif nudge.kind == "hint_one_die":
            assert max(len(p.steps) for p in legal_plays(position)) == 1
            assert nudge.params["higher"] == (nudge.params["die"] == max(position.dice))
        elif nudge.kind == "hint_bear_off":
            assert not any(mine[6:25])


# ----- the two-dice rule in the hints -------------------------------------------------------------------
B7 = "W 24 8 6x7 2x6 | B 1x2 5x2 7x2 19x3 20x2 21x2 23x2"  # lessons/backgammon/diagrams.toml, with 6-1


def _blocked_positions(count: int, seed: int = 14) -> list[Position]:
    """Made-up boards where the two-dice rule often bites: 4 to 7 points held by the computer and
    1 to 5 checkers of the learner's (all home in a third of them, one more on the bar in a tenth);
    one roll in five a double."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        white, black = [0] * 25, [0] * 25
        for j in rng.sample(range(24), rng.randint(4, 7)):
            black[j] = 2  # the computer's own index j is the learner's point 24 - j
        spots = [i for i in range(6 if rng.random() < 0.3 else 24) if not black[23 - i]]
        if not spots:
            continue
        for _ in range(rng.randint(1, 5)):
            white[rng.choice(spots)] += 1
        white[24] += rng.random() < 0.1
        dice = (rng.randint(1, 6),) * 2 if rng.random() < 0.2 else rng.sample(range(1, 7), 2)
        found.append(Position(white, black, WHITE).with_dice(*dice))
    return found


def _game_positions(count: int, seed: int = 21) -> list[Position]:
    """The learner's turns (White to move, with a roll it can play) in seeded games where both
    sides play a random legal play: the bar, blocked boards and bearing off all come up."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = START.with_dice(*rng.sample(range(1, 7), 2))
        while not position.is_over and len(found) < count:
            plays = legal_plays(position)
            if plays and position.to_move is WHITE and rng.random() < 0.5:
                found.append(position)
            position = rng.choice(plays).after if plays else position.replace(dice=None, to_move=position.to_move.other)
            if not position.is_over:
                position = position.with_dice(rng.randint(1, 6), rng.randint(1, 6))
    return found


def _one_die_moves(board, die: int) -> list[tuple[int, int]]:
    """Every move of one checker by one die on a GNU-layout board (opponent, mover), by the rules
    of a single move alone (BACKGAMMON.md), written here without the engine: the bar first; never
    onto a point the opponent holds with two or more; off only once every checker is home, with
    the exact die or, from the highest point, a larger one. (25 = the bar, 0 = off.)"""
    opponent, mover = board
    def open_point(point: int) -> bool:
        return opponent[24 - point] < 2
    if mover[24]:
        return [(25, 25 - die)] if open_point(25 - die) else []
    home = not any(mover[6:24])
    highest = max((p for p in range(1, 25) if mover[p - 1]), default=0)
    moves = []
    for p in range(1, 25):
        if mover[p - 1] and p > die and open_point(p - die):
            moves.append((p, p - die))
        elif mover[p - 1] and p <= die and home and (p == die or p == highest):
            moves.append((p, 0))
    return moves


def _move_text(src: int, dst: int) -> str:
    return f"{'bar' if src == 25 else src}/{'off' if dst == 0 else dst}"


def _taken_by_the_engine(position: Position, played) -> set[tuple]:
    """(place, die, other) for every tap the engine refuses with kills_other_die: any checker of
    the learner's, then any place below it."""
    from tutor.games.backgammon import why_not
    from tutor.games.backgammon.plays import replay_steps
    mine = replay_steps(position, played)[0]
    taken = set()
    for src in (p for p in range(1, 26) if mine[p - 1]):
        for dst in range(src):
            reason = why_not(position, src, dst, played)
            assert reason is None or reason.code not in ("fewer_dice", "not_offered"), (position, played, src, dst)
            if reason is not None and reason.code == "kills_other_die":
                taken.add(("bar" if src == 25 else src, reason.params["die"], reason.params["other"]))
    return taken


def test_the_hint_names_every_move_the_two_dice_rule_takes_away():
    """Wherever the rule "play both dice if you can" takes a move away, the nudge's note names it
    (the checker, its die, the die it would leave unplayable), and nowhere else. Held against the
    engine's why-not code for every tap, at the start of the turn and after a first step; and
    against the board without the engine: each named move is a move on its own, after it the
    other die moves no checker, gnubg has a play of both dice and none ending where this move
    does; and each such move is named (a bear-off may be taken another way instead: 5/4*/off)."""
    from tutor.games.backgammon import why_not
    from tutor.games.backgammon.plays import first_steps
    positions = [Position.parse(B7).with_dice(6, 1), *_game_positions(200), *_blocked_positions(600)]
    noted = 0
    for position in positions:
        for played in [(), *((step,) for step in first_steps(position)[:1])]:
            ladder = move_ladder(position, played)
            if ladder is None:
                continue  # the first step ended the game
            rule = ladder.rule
            named = {(place, die, other) for die, places, other in rule.params["moves"] for place in places} \
                if rule else set()
            assert named == _taken_by_the_engine(position, played), (position.to_text(), played)
            if played:
                assert rule is None  # after a first step the rule never takes a move away (plays.py)
                continue
            noted += rule is not None
            board = _gnu_board(position.replace(dice=None))
            dice = position.dice
            both = any(len(play.steps) >= 2 for play in gnu.plays(board, dice))
            ends = gnu.ends(board, dice)
            killing = set()
            for die in set(dice) if dice[0] != dice[1] else ():
                other = sum(dice) - die
                for src, dst in _one_die_moves(board, die):
                    after = gnu.apply(board, _move_text(src, dst))
                    if both and not _one_die_moves(after, other) and after not in ends:
                        killing.add(("bar" if src == 25 else src, die, other, dst))
            assert named <= {k[:3] for k in killing}, (position.to_text(), named, killing)
            for place, die, other, dst in killing - {(*n, d) for n in named for d in range(25)}:
                assert dst == 0 and why_not(position, place, 0) is None, (position.to_text(), place, die)
    assert noted >= 30, noted  # the sample has teeth: the note was due on many boards


def test_b7_the_nudge_says_why_only_24_17_is_allowed(client, adhoc):
    key = adhoc(Position.parse(B7), (6, 1))
    first = {}
    for lang in ("en", "vi", "id"):
        html = client.get(f"/{lang}/backgammon/guided/{key}?hint=1").get_data(as_text=True)
        section = re.search(r'<section class="hints".*?</section>', html, re.S)[0]
        items = re.findall(r"<li>(.*?)</li>", section, re.S)
        assert len(items) == 1  # still one rung
        first[lang] = unescape(items[0]).strip()
    assert first["en"] == (
        "With this roll, a 6 can move the checker on point 24. You must use both dice if you can, so not every "
        "move is allowed: moving the checker on point 8 with the 6 first would leave your 1 unplayable.")
    for lang in ("vi", "id"):
        assert first[lang] != first["en"] and all(n in first[lang] for n in ("24", "8", "6", "1"))


def test_the_two_dice_rule_note_reads_well_with_several_moves():
    """Two dice each taking a move away, one of them from two checkers: the clauses are joined."""
    from tutor import create_app
    from tutor.games.backgammon.analysis import Note
    app = create_app({"TESTING": True, "SECRET_KEY": "k" * 40})
    note = Note("hint_both_dice", {"moves": [(6, [8, 7], 1), (1, ["bar"], 6)]})
    with app.test_request_context("/en/"):
        from tutor.web.backgammon.voice import hint_sentence
        assert hint_sentence(note) == (
            "You must use both dice if you can, so not every move is allowed: moving the checker on point 8 or "
            "point 7 with the 6 first would leave your 1 unplayable and moving the checker on the bar with the 1 "
            "first would leave your 6 unplayable.")


def test_the_guided_positions_say_what_their_board_shows():
    # hit: the computer's 6s would enter on the learner's point 6, which the learner holds
    hit = GUIDED["hit"].start
    assert hit.at(6)[0] is WHITE and hit.at(6)[1] >= 2
    # gammon: the videau at 2 makes the gammon worth 4, as the summary says
    gammon = GUIDED["gammon"]
    ends = [g for g, _d, kind in lines(gammon) if kind == "end"]
    assert {(g.result.kind, g.result.points) for g in ends} == {("gammon", 4)}
    from tutor import create_app
    app = create_app({"TESTING": True, "SECRET_KEY": "k" * 40})
    with app.test_request_context("/en/"):
        from tutor.web.backgammon.voice import moment_summary
        assert "4 points" in moment_summary("gammon") and "point 6" in moment_summary("hit")


# ----- issue 30: one request a tap, a bounded page, the board says what may be tapped -------------------
def test_the_compact_record_reads_back_every_decision():
    from hypothesis import given, strategies as st

    from tutor.games.backgammon.record import decode, encode

    step = st.tuples(st.integers(1, 25), st.integers(1, 6)).map(
        lambda s: f"{'b' if s[0] == 25 else s[0]}-" + (f"o{s[1]}" if s[0] - s[1] <= 0 else str(s[0] - s[1])
                                                      if s[0] != 25 else str(25 - s[1])))
    decision = st.one_of(st.sampled_from(["r", "d", "t", "p", "x"]), st.lists(step, min_size=1, max_size=4).map("_".join))

    @given(st.lists(st.lists(decision, max_size=30), min_size=1, max_size=4))
    def round_trip(games):
        text = encode(games)
        assert decode(text) == games and re.fullmatch(r"1\.[A-Za-z0-9_-]*", text)

    round_trip()


def test_an_old_address_still_works_and_a_damaged_record_is_a_localized_400(client):
    old = client.get("/en/backgammon/guided/hit?m=b-20_13-10")
    from tutor.games.backgammon.record import encode
    new = client.get(f"/en/backgammon/guided/hit?h={encode([['b-20_13-10']])}")
    assert old.status_code == new.status_code == 200 and status(old.get_data(as_text=True)) == status(new.get_data(as_text=True))
    for lang in ("en", "vi", "id"):
        for query in ("h=1.%%%", "h=2.xWzw", "h=1.AAAA", f"h={encode([['r']])}&m=r"):
            response = client.get(f"/{lang}/backgammon/guided/hit?{query}")
            assert response.status_code == 400, query
            assert f'<html lang="{lang}">' in response.get_data(as_text=True)
    assert "record" in client.get("/en/backgammon/guided/hit?h=1.%%%").get_data(as_text=True)


def _late_game(client, taps: int) -> tuple[str, str]:
    """A free game tapped ``taps`` times (first checker, first destination): its address and page."""
    url = f"/en/backgammon/play/game?g={new_backgammon_id(True, False, nonce=bytes(12))}"
    html = client.get(url).get_data(as_text=True)
    for _ in range(taps):
        form = re.search(r'<form method="get" class="moves" id="moves" action="([^"#]+)[^"]*">(.*?)</form>', html, re.S)
        buttons = re.findall(r'<button type="submit" name="(at|do)" value="([^"]+)"(?: class="([^"]*)")?', form[2])
        rank = {"confirm": 0, "roll": 3, "take": 4, "go-on": 5}
        buttons = sorted((b for b in buttons if b[1] not in ("undo", "put-back", "double", "pass")),
                         key=lambda b: rank.get(b[1], 1 if "target" in (b[2] or "") else 2))
        if not buttons:
            break
        fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form[2])
        url = follow(client, form[1] + "?" + "&".join(f"{n}={v}" for n, v in [*fields, buttons[0][:2]]))
        html = client.get(url).get_data(as_text=True)
    return url, html


def test_the_page_carries_the_record_a_few_times_not_in_every_link(client):
    """The state is in the page's one form (the picture's taps and every button submit it), its
    canonical link, a link per language of the menu, the coach's switch and the review's link
    (issue #28): a fixed few, the history not repeated in every link."""
    from tutor.web.i18n import LANGUAGES

    url, html = _late_game(client, 80)
    record = parse_qs(urlsplit(url).query)["h"][0]
    assert len(record) > 40  # a real history
    assert html.count(record) <= 4 + len(LANGUAGES)  # (a new language's catalog adds one link)
    assert len(record) < 0.5 * len(".".join(games_of(parse_qs(urlsplit(url).query))[-1]))


def test_in_the_middle_of_a_turn_every_pip_count_is_the_boards(client, adhoc):
    """After one move the pip line, the legend and the board agree: counted here from the
    checkers drawn (each white checker's point, the bar 25)."""
    from tutor.games.backgammon.render import checker_stacks
    key = adhoc(START, (6, 5))
    html = client.get(f"/en/backgammon/guided/{key}?s=24-18").get_data(as_text=True)
    svg = re.search(r"<svg.*?</svg>", html, re.S)[0]
    def distance(stack):  # from the side's own view: black's point n is its 25 - n
        if stack.point == "bar":
            return 25
        return stack.point if stack.side == "white" else 25 - stack.point
    counted = {side: sum(distance(s) * s.count for s in checker_stacks(svg) if s.side == side and s.point != "off")
               for side in ("white", "black")}
    assert counted == {"white": 167 - 6, "black": 167}
    line = re.search(r"Pip count: you (\d+), the computer (\d+)\.", html)
    assert (int(line[1]), int(line[2])) == (counted["white"], counted["black"])
    legend = dict(re.findall(r'<span class="pips" data-side="(\w+)">(\d+) pips</span>', html))
    assert {side: int(n) for side, n in legend.items()} == counted


def test_the_board_marks_the_checkers_that_may_move_then_the_picked_ones_destinations(client, adhoc):
    key = adhoc(START, (6, 5))
    html = client.get(f"/en/backgammon/guided/{key}").get_data(as_text=True)
    sources = set(re.findall(r'name="at" value="(\w+)" class="source"', html))
    def drawn(page: str, mark: str) -> set[str]:
        return {re.search(r'data-place="(\w+)"', e)[1] for e in re.findall(rf'<(?:circle|rect)[^>]*class="{mark}"[^>]*>', page)}
    assert sources and sources == drawn(html, "movable")
    picked = follow(client, f"/en/backgammon/guided/{key}?at=24")
    html = client.get(picked).get_data(as_text=True)
    targets = set(re.findall(r'class="target primary" data-place="(\w+)"', html))
    assert targets == drawn(html, "target") == {"18", "13"}  # the 6, both dice (the 5 lands on the computer's 19)
    # every place can be tapped on the picture (an empty band says why not), with the page's form
    taps = re.findall(r'<button type="submit" form="moves" name="at" value="(\w+)" tabindex="-1" style="([^"]+)"', html)
    assert sorted(p for p, _ in taps) == sorted([*map(str, range(1, 25)), "bar", "off"])
    for place, style in taps:
        box = dict((k, float(v.rstrip("%"))) for k, v in (part.split(":") for part in style.split(";")))
        assert 0 <= box["left"] and box["left"] + box["width"] <= 100.01 and box["top"] + box["height"] <= 100.01
        assert box["height"] > 30 and box["width"] > 5, (place, box)


def test_a_tap_is_answered_with_the_next_page_at_once(client, adhoc):
    key = adhoc(START, (6, 5))
    response = client.get(f"/en/backgammon/guided/{key}?at=24")
    assert response.status_code == 200 and response.headers["Content-Location"].endswith("f=24")
    html = response.get_data(as_text=True)
    assert "Where does the checker on point 24 go?" in status(html)
    # the language menu and a refresh are the page after the tap, not the tap again
    assert re.search(rf'href="/vi/backgammon/guided/{key}\?f=24"', html)


def test_how_the_game_ended_says_how_and_adds_up(client):
    url, html = _late_game(client, 400)
    assert re.search(r'data-phase="over"', html)
    box = re.search(r'<section class="result".*?</section>', html, re.S)[0]
    lines = [unescape(re.sub(r"<[^>]+>", "", p)).strip() for p in re.findall(r"<p>(.*?)</p>", box, re.S)]
    game = _game_of(client, url)
    result = game.result
    assert f"Points: {result.multiplier} × videau {result.cube} = {result.points}." in lines
    assert result.multiplier * result.cube == result.points
    kind = {"single": "single game", "gammon": "gammon", "backgammon": "backgammon", "drop": "refused"}[result.kind]
    assert any(kind in line for line in lines), lines


def test_a_hit_is_said_in_words_beside_the_star(client):
    html = client.get("/en/backgammon/guided/hit?m=b-20_13-10").get_data(as_text=True)
    since = " ".join(_since(html))
    if "*" in since:
        star = re.search(r"(\d+)\*", since)[1]
        assert re.search(rf"hit (?:your|the computer's) checkers? on point {star}", since), since
    game = GUIDED["hit"].replay(["b-20_13-10"])
    hits = [s for e in game.events if e.kind == "play" for s in e.steps if s.hit]
    assert hits and "hit" in since
