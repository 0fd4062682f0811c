"""Free play's deals come from a server secret (issue 10, items 6 and 10): the address carries an
opaque game id, the deal is an HMAC of it with the app's SECRET_KEY, a changed id is a localized
400, and a match that is won accepts no further round."""

import os
import re
import stat
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from conftest import TEST_SECRET_KEY
from tutor import create_app
from tutor.games.domino import Match
from tutor.freeplay import (
    GAME_ID_LENGTH, GameIdError, free_play_deal, free_play_seed, free_play_shuffle, new_game_id, read_game_id, secret_key_from_file,
)
from tutor.games.domino.guided import default_opponents, replay
from tutor.games.domino.players import HeaviestFirst

ROOT = Path(__file__).resolve().parents[2]
KEY = TEST_SECRET_KEY.encode()
LANGS = ["en", "vi", "id"]


def hand_tiles(page: str) -> list[str]:
    return sorted(re.findall(r'name="try" value="(\d-\d)"', page))


def alert(page: str) -> str:
    found = re.search(r'role="alert"[^>]*>(.*?)</', page, re.S)
    return found.group(1).strip() if found else ""


# ---- the id ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_game_id_is_opaque_and_holds_its_seats(seats):
    ids = {new_game_id(seats) for _ in range(50)}
    assert len(ids) == 50  # random: no two matches share an id
    for game_id in ids:
        assert len(game_id) == GAME_ID_LENGTH and re.fullmatch(r"[A-Za-z0-9_-]+", game_id)
        assert read_game_id(game_id) == seats


def test_every_changed_character_of_an_id_is_caught():
    game_id = new_game_id(3, nonce=bytes(range(12)))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i in range(len(game_id)):
        for other in alphabet[::7]:
            changed = game_id[:i] + other + game_id[i + 1:]
            if changed == game_id:
                continue
            with pytest.raises(GameIdError):
                read_game_id(changed)
    for bad in ["", game_id[:-1], game_id + "A", "1" * 9, game_id.replace(game_id[0], "é", 1), 42, None]:
        with pytest.raises(GameIdError):
            read_game_id(bad)


def test_the_deal_is_fixed_by_key_id_and_round_and_changes_with_each():
    a, b = new_game_id(2, nonce=bytes(12)), new_game_id(2, nonce=bytes(11) + b"\1")
    deal = free_play_deal(KEY, a, 0)
    assert free_play_deal(KEY, a, 0) == deal
    others = [free_play_deal(KEY, a, 1), free_play_deal(KEY, b, 0), free_play_deal(b"another key", a, 0)]
    assert all(other.order != deal.order for other in others)
    assert free_play_seed(KEY, a) == free_play_seed(KEY, a) != free_play_seed(b"another key", a)


# ---- the pages ---------------------------------------------------------------------------------
def test_two_apps_with_different_keys_deal_different_hands_for_the_same_address():
    apps = [create_app({"TESTING": True, "SECRET_KEY": key}) for key in ("first key", "second key", "first key")]
    differ = 0
    for number in range(6):
        path = f"/en/domino/play?g={new_game_id(2, nonce=bytes([number]) * 12)}"
        hands = []
        for app in apps:
            response = app.test_client().get(path)
            assert response.status_code == 200
            hands.append(hand_tiles(response.get_data(as_text=True)))
        assert hands[0] == hands[2]  # the same key: the same game on any machine
        differ += hands[0] != hands[1]
        # and the hand is the one the key deals, not one the address gives away
        game_id = path.split("=")[1]
        deal = free_play_deal(b"first key", game_id, 0)
        game = replay(deal, [], default_opponents(2, free_play_seed(b"first key", game_id)))
        assert hands[0] == sorted(str(t) for t in game.position.hand(0))
    assert differ >= 5  # two 7-tile hands from 28 tiles coincide about once in a million


def test_a_new_match_redirects_to_a_fresh_id_and_the_address_holds_no_seed(client):
    seen = set()
    for seats in ("2", "3", "4"):
        r = client.get(f"/en/domino/play?seats={seats}")
        assert r.status_code == 302
        query = parse_qs(urlparse(r.location).query)
        assert list(query) == ["g"] and read_game_id(query["g"][0]) == int(seats)
        seen.add(query["g"][0])
        page = client.get(r.location).get_data(as_text=True)
        assert "seed=" not in page and "seats=" not in re.sub(r'<form.*?</form>', "", page, flags=re.S)
    assert len(seen) == 3


@pytest.mark.parametrize("lang", LANGS)
def test_an_old_seed_address_starts_a_new_match(client, lang):
    r = client.get(f"/{lang}/domino/play?seats=3&seed=4242&m=6-6")
    assert r.status_code == 302
    query = parse_qs(urlparse(r.location).query)
    assert list(query) == ["g"] and read_game_id(query["g"][0]) == 3
    assert urlparse(r.location).path == f"/{lang}/domino/play"


@pytest.mark.parametrize("lang", LANGS)
def test_a_changed_or_foreign_id_is_a_localized_400(client, lang):
    game_id = new_game_id(2, nonce=bytes(range(12)))
    english = None
    for bad in [game_id[:-1], game_id[:5] + ("B" if game_id[5] != "B" else "C") + game_id[6:], "A" * 24, "4242",
                new_game_id(2, nonce=bytes(12)).replace("AQ", "AR", 1)]:
        r = client.get(f"/{lang}/domino/play?g={bad}")
        assert r.status_code == 400, bad
        page = r.get_data(as_text=True)
        assert f'<html lang="{lang}">' in page and alert(page)
        english = english or create_app({"TESTING": True, "SECRET_KEY": "x"}).test_client().get(
            f"/en/domino/play?g={bad}").get_data(as_text=True)
        if lang != "en":
            assert alert(page) != alert(english)  # translated, not the English sentence


# ---- a won match has no further round (item 6) -------------------------------------------------
def won_match(seats: int, number: int) -> tuple[str, list[str]]:
    """A match played to its end by a heaviest-first learner: its id and each round's learner moves."""
    game_id = new_game_id(seats, nonce=bytes([number]) * 12)
    opponents = default_opponents(seats, free_play_seed(KEY, game_id))
    match, rounds = Match(seats), []
    while not match.is_over():
        deal = free_play_deal(KEY, game_id, len(rounds))
        shuffle = free_play_shuffle(KEY, game_id, len(rounds))  # the boneyard's order, as the page has it
        moves: list[str] = []
        game = replay(deal, moves, opponents, shuffle)
        while not game.is_over:
            moves.append(str(HeaviestFirst().choose(game.position)))
            game = replay(deal, moves, opponents, shuffle)
        rounds.append(".".join(moves))
        match = match.after(game.position.result())
        assert len(rounds) < 40
    return game_id, rounds


@pytest.mark.parametrize("lang", LANGS)
def test_a_won_match_accepts_no_further_round(client, lang):
    game_id, rounds = won_match(2, 9)
    base = f"/{lang}/domino/play?g={game_id}&m=" + "~".join(rounds)
    last = client.get(base)
    assert last.status_code == 200  # the round that won the match is shown, with a new match offered
    assert f"/{lang}/domino/play?seats=2" in last.get_data(as_text=True)
    deal = free_play_deal(KEY, game_id, len(rounds))
    opening = replay(deal, [], default_opponents(2, free_play_seed(KEY, game_id)))
    one_move = str(opening.position.legal_actions()[0]) if opening.position.to_move == 0 else "draw"
    for extra in ["~", "~" + one_move, "~~", "~" + one_move + "&try=draw", "~&hint=3&explain=1"]:
        r = client.get(base + extra)
        assert r.status_code == 400, extra
        page = r.get_data(as_text=True)
        assert f'<html lang="{lang}">' in page and alert(page)
        assert "name=\"try\"" not in page  # no table to play on


def test_the_match_over_message_is_not_the_one_for_too_many_moves(client):
    game_id, rounds = won_match(3, 4)
    page = client.get(f"/en/domino/play?g={game_id}&m=" + "~".join(rounds) + "~").get_data(as_text=True)
    assert "already won" in alert(page)
    page = client.get(f"/en/domino/play?g={game_id}&m=" + "~".join(rounds + rounds[-1:])).get_data(as_text=True)
    assert "already won" in alert(page)


# ---- where the key comes from ------------------------------------------------------------------
def test_the_key_comes_from_the_config_then_the_environment_then_the_instance_file(tmp_path, monkeypatch):
    assert create_app({"SECRET_KEY": "given"}).config["SECRET_KEY"] == "given"
    monkeypatch.setenv("TUTOR_SECRET_KEY", "from the environment, 32 bytes at least")
    assert create_app().config["SECRET_KEY"] == "from the environment, 32 bytes at least"
    assert create_app({"SECRET_KEY": "given"}).config["SECRET_KEY"] == "given"
    monkeypatch.delenv("TUTOR_SECRET_KEY")
    app = create_app()
    assert app.config["SECRET_KEY"] == secret_key_from_file(Path(app.instance_path) / "secret_key")
    assert Path(app.instance_path) == ROOT / "instance"
    ignored = subprocess.run(["git", "check-ignore", "-q", "instance/secret_key"], cwd=ROOT)
    assert ignored.returncode == 0  # never committed


def test_the_instance_key_is_made_once_and_shared_by_processes_starting_together(tmp_path):
    path = tmp_path / "instance" / "secret_key"
    keys: list[bytes] = []
    threads = [threading.Thread(target=lambda: keys.append(secret_key_from_file(path))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(keys)) == 1 and len(keys[0]) == 64
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["secret_key"]  # no temporary file left
    code = "import sys; from tutor.freeplay import secret_key_from_file; print(secret_key_from_file(sys.argv[1]).decode())"
    other = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True,
                           cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert other.stdout.strip().encode() == keys[0]
    fresh = tmp_path / "elsewhere" / "secret_key"
    assert secret_key_from_file(fresh) != keys[0]  # another machine without a shared key: another key



def test_a_game_id_carries_its_rule_set_and_playboard_ids_are_unchanged():
    from tutor.freeplay import FREE_PLAY_RULES, read_domino_id
    from tutor.games.domino.rules import PLAYBOARD, RULE_SETS

    nonce = bytes(range(12))
    assert read_domino_id(new_game_id(3, nonce=nonce)) == (3, PLAYBOARD)
    # Playboard's id is its seat count alone, as before other rule sets came: old addresses still work
    import base64
    assert base64.urlsafe_b64decode(new_game_id(4, nonce=nonce))[1] == 4
    for name in FREE_PLAY_RULES:
        rules = RULE_SETS[name]
        for seats in rules.seat_counts:
            game_id = new_game_id(seats, nonce=nonce, rules=rules)
            assert read_domino_id(game_id) == (seats, rules)
            deal = free_play_deal(b"k" * 32, game_id, 0)
            assert deal.seats == seats and deal.rules is rules
            deal.position()  # a spinner game's deal has a double to lead
    with pytest.raises(ValueError):
        new_game_id(3, rules=RULE_SETS["straight"])  # Straight is for two


def test_old_straight_and_all_fives_ids_keep_one_spinner():
    """Before issue #29 Straight and All Fives were played with one spinner, their ids' kind the rule
    set's place (2, 3) above the seats: such an id, made byte by byte as it was then, still reads as
    that rule, now the option "one spinner"; the new ids of the rulebook's rule (every double
    branches) have kinds of their own, 0x80 up, which no older id could have."""
    import base64

    from tutor.freeplay import _check, read_domino_id
    from tutor.games.domino.rules import RULE_SETS

    for kind, name in [(2 | 2 << 3, "straight-one-spinner"), (2 | 3 << 3, "all-fives-one-spinner"),
                       (2 | 1 << 3, "sato"), (4 | 1 << 3, "sato"), (3, "playboard")]:
        body = bytes([1, kind]) + bytes(range(12))
        old = base64.urlsafe_b64encode(body + _check(body)).decode("ascii")
        assert read_domino_id(old) == (kind & 7, RULE_SETS[name])
        assert new_game_id(kind & 7, nonce=bytes(range(12)), rules=RULE_SETS[name]) == old
    for name in ("straight", "all-fives"):
        new = new_game_id(2, nonce=bytes(range(12)), rules=RULE_SETS[name])
        assert base64.urlsafe_b64decode(new)[1] & 0x80 and read_domino_id(new) == (2, RULE_SETS[name])
        assert RULE_SETS[name].doubles_branch and not RULE_SETS[name + "-one-spinner"].doubles_branch


def test_a_round_led_by_the_previous_winner_keeps_its_deal_and_opens_with_any_tile():
    """Sato 157's later rounds: the match names the leader (Match.next_leader); the deal is the
    same shuffle, and that seat may open with any tile it holds."""
    from tutor.games.domino import Required
    from tutor.games.domino.rules import RULE_SETS

    game_id = new_game_id(4, nonce=bytes(range(12)), rules=RULE_SETS["sato"])
    first = free_play_deal(b"k" * 32, game_id, 1)
    for leader in range(4):
        led = free_play_deal(b"k" * 32, game_id, 1, leader)
        assert led.order == first.order and led.rules.name == "sato"
        position = led.position()
        assert position.to_move == leader and position.required() is Required.OPEN
        assert sorted(str(a) for a in position.legal_actions()) == sorted(str(t) for t in position.hand(leader))
