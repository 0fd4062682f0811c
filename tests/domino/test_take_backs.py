"""Issue #35, part 2 (review S2): what Undo, "Restart this round" and "Replay this deal" show in
domino free play, by every rule set, played through the pages as a learner plays them.

The promise (README, "What a take-back shows"): nothing seen in advance (a restart does not deal
the tiles the round's end showed; after a draw, Undo goes back to the learner's last choice, and
another choice draws tiles of its own), and nothing chosen by retrying (the same choice meets the
same tiles; a restart keeps the learner's hand, so it cannot be shopped for; a replay does not
count). The counts below are measured over fixed games (deterministic), against what the old pages
did: the same tiles in 16 rounds of 16 and 30 draws of 30."""

from __future__ import annotations

import random
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import TEST_SECRET_KEY
from tutor.freeplay import free_play_deal, free_play_seed, free_play_shuffle, new_game_id, read_domino_id
from tutor.games.domino import DominoError
from tutor.games.domino.guided import default_opponents, load_hands, replay
from tutor.games.domino.rules import RULE_SETS

KEY = TEST_SECRET_KEY.encode()
RULES = [("playboard", 2), ("playboard", 3), ("sato", 2), ("straight", 2), ("all-fives", 2)]


def game_id(rules: str, seats: int, number: int) -> str:
    return new_game_id(seats, nonce=bytes([number, 35]) * 6, rules=RULE_SETS[rules])


def page_of(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return unescape(response.get_data(as_text=True))


def link(page: str, words: str) -> str | None:
    """The address of the game toolbar's link with these words, if the page offers it."""
    tools = page.split('<nav class="game-tools"')[1].split("</nav>")[0]
    found = re.search(r'<a class="button[^"]*"[^>]*href="([^"]+)"[^>]*>\s*(?:\{#.*?#\})?\s*' + re.escape(words), tools)
    return found.group(1).split("#")[0] if found else None


def hand(page: str) -> list[str]:
    return re.findall(r'name="try" value="(\d-\d)"', page)


def over(page: str) -> bool:
    return "How the round ended" in page


def act(client, url: str, page: str, choose) -> str:
    """One learner action on the page at ``url``: draw or pass when that is all there is, else the
    tile ``choose`` picks of the playable ones (its first end when it fits several)."""
    if 'name="try" value="draw"' in page:
        choice = "draw"
    elif 'name="try" value="pass"' in page:
        choice = "pass"
    else:
        choice = choose(re.findall(r'value="(\d-\d)" class="tile-button playable"', page))
    response = client.get(url + ("&" if "?" in url else "?") + f"try={choice}")
    if response.status_code == 200:  # the tile fits several ends: the first
        return re.findall(r'class="button" data-end="[^"]+" href="([^"]+)"', unescape(response.get_data(as_text=True)))[0].split("#")[0]
    assert response.status_code == 302, (url, choice, response.status_code)
    return response.location.split("#")[0]


def moves_of(url: str) -> list[str]:
    rounds = parse_qs(urlsplit(url).query).get("m", [""])[0].split("~")
    return [m for m in rounds[-1].split(".") if m]


def rebuilt(url: str):
    """The round an address stands for, rebuilt here from the address and the key (its deal
    number, and the boneyard's order after each learner action, as tutor.freeplay derives them)."""
    query = parse_qs(urlsplit(url).query)
    g = query["g"][0]
    seats, _rules = read_domino_id(g)
    deal_number = int((query.get("deal", ["0"])[0].split("~") + ["0"])[0] or 0)
    return replay(free_play_deal(KEY, g, 0, None, deal_number), moves_of(url), default_opponents(seats, free_play_seed(KEY, g)),
                  free_play_shuffle(KEY, g, 0, deal_number))


def seen_of_others(url: str, page: str) -> set[str]:
    """Every tile the round showed in the other hands: the tiles they played, and what the end
    of the round shows face up."""
    game = rebuilt(url)
    played = {str(a.tile) for before, a in zip(game.positions, game.actions) if before.to_move != 0 and a.tile}
    shown = set()
    for sentence in re.findall(r"holds \d+ tiles?, shown face up: ([^(]*)\(", page):
        shown |= set(re.findall(r"\d-\d", sentence))
    assert shown == {str(t) for seat in range(1, game.position.seats) for t in game.position.hand(seat)}
    return played | shown


def starting_hands_of_others(url: str) -> list[set[str]]:
    first = rebuilt(url).positions[0]
    return [{str(t) for t in first.hand(seat)} for seat in range(1, first.seats)]


# ---- Restart this round ---------------------------------------------------------------------------
def test_restarting_a_finished_round_deals_the_others_tiles_the_end_did_not_show(client):
    """Play a round out, see every tile at its end, restart: the learner's hand is the same (nothing
    to shop for), the others' hands are not the ones the learner now knows (16 rounds; the old page
    dealt the same ones, 16 of 16, and the learner's knowledge held each opponent's hand)."""
    contained, rounds = 0, 0
    for rules, seats in RULES:
        for number in range(4 if (rules, seats) == ("playboard", 2) else 3):
            g = game_id(rules, seats, number)
            url = f"/en/domino/play?g={g}"
            start = page_of(client, url)
            assert hand(start), "the learner's hand is on the page"
            rng = random.Random(number)
            page = start
            while not over(page):
                url = act(client, url, page, rng.choice)
                page = page_of(client, url)
            assert link(page, "Undo") is None, "no Undo once the round's end showed every tile"
            known = seen_of_others(url, page)
            first_hands = starting_hands_of_others(url)
            assert all(h <= known for h in first_hands)  # what the old restart gave away
            restart = link(page, "Restart this round")
            assert restart is not None and parse_qs(urlsplit(restart).query)["deal"] == ["1"]
            again = page_of(client, restart)
            assert sorted(hand(again)) == sorted(hand(start)), "the learner's hand stays as dealt"
            new_hands = starting_hands_of_others(restart)
            rounds += 1
            contained += all(h <= known for h in new_hands)
            assert new_hands != first_hands
    print(f"\nrestart after the end: {contained} of {rounds} restarted rounds dealt the others only tiles the end showed")
    assert rounds == 16
    assert contained <= 2, f"{contained} of {rounds} restarted rounds dealt the others only tiles the end showed"


def test_a_restart_is_the_same_from_anywhere_in_the_round_and_keeps_the_hand(client):
    """Nothing chosen by retrying: restarting after one move or after five, or by another way of
    playing, deals the same again (deal 1), and restarting again deals the next (deal 2); the
    learner's hand never changes, and the same address always shows the same round."""
    for rules, seats in RULES:
        g = game_id(rules, seats, 9)
        url = f"/en/domino/play?g={g}"
        start = page_of(client, url)
        restarts = set()
        for policy in (min, max):
            here, page = url, start
            for _ in range(5):
                if over(page):
                    break
                here = act(client, here, page, policy)
                page = page_of(client, here)
                restarts.add(link(page, "Restart this round"))
        assert len(restarts) == 1, restarts  # one address, whatever was played before
        restart = restarts.pop()
        first, again = page_of(client, restart), page_of(client, restart)
        assert first == again and sorted(hand(first)) == sorted(hand(start))
        here = act(client, restart, first, min)
        second = link(page_of(client, here), "Restart this round")
        assert parse_qs(urlsplit(second).query)["deal"] == ["2"]
        assert sorted(hand(page_of(client, second))) == sorted(hand(start))
        assert starting_hands_of_others(second) != starting_hands_of_others(restart)


# ---- Draw, Undo, Draw ---------------------------------------------------------------------------------
def draws_after_a_choice(client, rules: str, seats: int, number: int):
    """Each draw the learner makes after a choice of theirs in one round: (the address before the
    draw, the page after it, the tile drawn)."""
    url = f"/en/domino/play?g={game_id(rules, seats, number)}"
    page = page_of(client, url)
    chose = False
    while not over(page):
        playable = re.findall(r'value="(\d-\d)" class="tile-button playable"', page)
        if 'name="try" value="draw"' in page and chose:
            after = act(client, url, page, min)
            shown = page_of(client, after)
            yield url, after, shown, re.search(r"You drew (\d-\d)", shown).group(1)
        chose = chose or len(playable) > 1
        url = act(client, url, page, min)
        page = page_of(client, url)


def with_move(url: str, action: str) -> str:
    """The address with one more learner action (as the page's own links write it)."""
    return url + ("." if moves_of(url) else "&m=" if "m=" not in url else "") + action


def play_to_next_draw(client, url: str, choose, skip: int = 0) -> str | None:
    """Play on from ``url`` (``choose`` picking tiles) until the learner draws, ``skip`` draws
    after the first: the tile drawn."""
    page = page_of(client, url)
    while not over(page):
        drawing = 'name="try" value="draw"' in page
        url = act(client, url, page, choose)
        page = page_of(client, url)
        if drawing:
            if not skip:
                return re.search(r"You drew (\d-\d)", page).group(1)
            skip -= 1
    return None


def test_after_a_draw_undo_takes_back_the_choice_and_another_choice_draws_other_tiles(client):
    """Draw, Undo: back at the learner's last choice (no Draw button there: a draw is never a
    choice), not at the draw. Making that choice again draws the same tile (no draw can be tried
    again for a better one); another choice draws a tile of its own. The old page's Undo led back
    to the draw, which showed the same tile again, 30 times of 30."""
    samples, tried, same_again, met, chance = 0, 0, 0, 0, 0.0
    for rules, seats in RULES:
        for number in range(20):
            for before, after, page, drawn in draws_after_a_choice(client, rules, seats, number):
                undo = link(page, "Undo")
                assert undo is not None
                back = page_of(client, undo)
                assert 'name="try" value="draw"' not in back and 'name="try" value="pass"' not in back, "Undo leads back to a choice"
                legal = [str(a) for a in rebuilt(undo).position.legal_actions()]
                taken = moves_of(before)[len(moves_of(undo))]  # the choice Undo took back
                assert len(legal) >= 2 and taken in legal, "Undo leads back to a choice, not to the same draw"
                tried += 1  # the same choice, and the same play after it: the same draws, this one too
                between = moves_of(before)[len(moves_of(undo)) + 1:].count("draw")
                same_again += play_to_next_draw(client, with_move(undo, taken), min, skip=between) == drawn
                drawn_after_other = play_to_next_draw(client, with_move(undo, next(a for a in legal if a != taken)), min)
                if drawn_after_other is None:
                    continue
                samples += 1
                met += drawn_after_other == drawn
                chance += 1 / len(rebuilt(before).position.boneyard)  # a fair draw meets that tile so often
                break  # one draw a round
            if samples >= 30:
                break
    print(f"\ndraw, undo: {met} of {samples} other choices drew the undone tile (a fair draw: {chance:.1f}); "
          f"the same choice drew it again {same_again} of {tried}")
    assert samples >= 30
    assert same_again == tried, "the same choice meets the same tile"
    assert met <= chance + 3 * chance ** 0.5 + 2, f"{met} of {samples} other choices drew the tile the undone draw showed"


# ---- Replay this deal --------------------------------------------------------------------------------
def test_replaying_a_deal_shows_the_same_deal_and_does_not_count(client):
    for rules, seats in RULES:
        g = game_id(rules, seats, 3)
        url = f"/en/domino/play?g={g}"
        start = page_of(client, url)
        page = start
        while not over(page):
            url = act(client, url, page, max)
            page = page_of(client, url)
        scores = re.search(r'<p class="scores">(.*?)</p>', page.split("How the round ended")[1]).group(1)
        replaying = link(page, "Replay this deal (does not count)")
        assert replaying is not None
        replay_page = page_of(client, replaying)
        assert "does not count" in replay_page and sorted(hand(replay_page)) == sorted(hand(start))
        here = replaying
        while not over(replay_page):
            here = act(client, here, replay_page, min)  # played another way
            replay_page = page_of(client, here)
        assert link(replay_page, "Undo") is not None, "a replay is practice: every tile is known already"
        assert scores in replay_page, "the match stands as the round was first played"
        back = link(replay_page, "Back to the match")
        assert page_of(client, back) == page
        following = link(replay_page, "Next round")
        if following is not None:
            assert following == link(page, "Next round")


def test_the_replay_and_deal_parts_of_an_address_are_checked(client):
    g = game_id("playboard", 2, 4)
    for query in ("deal=x", "deal=1000", "deal=0~0~0", "deal=%C2%B2", "deal=-1", "replay=6-6"):
        response = client.get(f"/vi/domino/play?g={g}&{query}")
        assert response.status_code == 400, query
        assert 'role="alert"' in response.get_data(as_text=True) and '<html lang="vi">' in response.get_data(as_text=True)


def test_a_guided_hand_keeps_its_script(client):
    """A guided hand is a lesson: Undo takes back one action, even a draw, and the same tile comes
    again; the same deal every time."""
    hand = next(h for h in load_hands().values() if h.moment == "draw")
    here = f"/en/domino/hands/{hand.id}?moves="
    page = page_of(client, here)
    while 'name="try" value="draw"' not in page:
        here = act(client, here, page, min)
        page = page_of(client, here)
    after = act(client, here, page, min)
    drawn = re.search(r"You drew (\d-\d)", page_of(client, after)).group(1)
    undo = link(page_of(client, after), "Undo")
    assert guided_moves(undo) == guided_moves(after)[:-1]  # one action back: the draw itself
    again = act(client, undo, page_of(client, undo), min)
    assert re.search(r"You drew (\d-\d)", page_of(client, again)).group(1) == drawn


def guided_moves(url: str) -> list[str]:
    return [m for m in parse_qs(urlsplit(url).query).get("moves", [""])[0].split(".") if m]


@pytest.mark.parametrize("rules,seats", RULES)
def test_an_old_address_whose_draws_no_longer_fit_says_so(client, rules, seats):
    """An address made before issue #35 drew its tiles in the deal's order; where its moves no
    longer fit, the page says why (a localized 400), not only which move."""
    for number in range(11, 40):  # the first game whose old moves do not fit the new order
        g = game_id(rules, seats, number)
        deal = free_play_deal(KEY, g, 0)
        opponents = default_opponents(seats, free_play_seed(KEY, g))
        moves: list[str] = []
        game = replay(deal, moves, opponents)  # the old way: the deal's order, no shuffle
        while not game.is_over:
            moves.append(str(game.position.legal_actions()[-1]))
            game = replay(deal, moves, opponents)
        try:
            replay(deal, moves, opponents, free_play_shuffle(KEY, g, 0))
        except DominoError:
            break
    else:
        raise AssertionError("every old round fitted the new order")
    texts = {}
    for lang in ("en", "vi", "id"):
        response = client.get(f"/{lang}/domino/play?g={g}&m=" + ".".join(moves))
        assert response.status_code == 400
        texts[lang] = re.search(r'role="alert">(.*?)</p>', unescape(response.get_data(as_text=True)), re.S).group(1)
    assert "earlier version of the tutor" in texts["en"]
    assert len(set(texts.values())) == 3, "said in each page's language"
