"""Issue #35, part 2 (review S2): Undo and "Restart this round" in Mexican Train free play, through
the pages. Draw, Undo: back at the learner's last choice, not at the draw (the old page drew the
same tile again, 30 times of 30); another choice draws a tile of its own, the same choice the same
tile. A restart keeps the learner's hand and deals the opponent's hand and the boneyard again, so
the tiles the round's end showed are not the ones in play. No Undo once the round's end showed
every tile. The guided hand keeps its script."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

from conftest import TEST_SECRET_KEY
from tutor.freeplay import mexican_round, mexican_seed, mexican_shuffle, new_mexican_id
from tutor.games.domino.mexican_train.engine import Match
from tutor.games.domino.mexican_train.guided import replay

KEY = TEST_SECRET_KEY.encode()


def page_of(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return unescape(response.get_data(as_text=True))


def buttons(page: str) -> dict[str, str]:
    return {action: href.split("#")[0] for action, href in re.findall(r'data-action="([^"]+)" href="([^"]+)"', page)}


def link(page: str, words: str) -> str | None:
    tools = page.split('<nav class="game-tools"')[1].split("</nav>")[0]
    found = re.search(r'href="([^"]+)">(?:\{#.*?#\})?\s*' + re.escape(words), tools)
    return found.group(1).split("#")[0] if found else None


def moves_of(url: str) -> list[str]:
    return [m for m in parse_qs(urlsplit(url).query).get("m", [""])[0].split("~")[-1].split(".") if m]


def game_id(number: int) -> str:
    return new_mexican_id(6, nonce=bytes([number, 16]) * 6)


def rebuilt(url: str):
    """Round 1 of the address, rebuilt here from it and the key (its deal number, the boneyard's
    order after each learner action, as tutor.freeplay derives them)."""
    query = parse_qs(urlsplit(url).query)
    g = query["g"][0]
    number = int(query.get("deal", ["0"])[0].split("~")[0] or 0)
    match = Match.drawn(mexican_seed(KEY, g, "first"), 6)
    deal = mexican_round(KEY, g, 0, number, match.deal(mexican_seed(KEY, g, "deal 0")))
    return replay(deal, moves_of(url), reshuffle=mexican_shuffle(KEY, g, 0, number))


def tile(text: str) -> str:
    """A tile's text, high half first (a play writes the half that touches the train first)."""
    a, b = sorted(map(int, text.split("-")), reverse=True)
    return f"{a}-{b}"


def drawn(page: str) -> str | None:
    found = re.search(r"You drew (\d+-\d+)", page)
    return found.group(1) if found else None


def play_on(client, url: str, until_draw: bool, skip: int = 0):
    """Take the first offered action (draws when that is all) until the round ends, or until the
    learner draws (``skip`` draws after the first): (the address, the page, the tile drawn)."""
    page = page_of(client, url)
    for _ in range(300):
        offered = buttons(page)
        if not offered:
            return url, page, None
        action = sorted(offered)[0] if "draw" not in offered else "draw"
        url = offered[action]
        page = page_of(client, url)
        if action == "draw" and until_draw:
            if not skip:
                return url, page, drawn(page)
            skip -= 1
    raise AssertionError("the round did not end")


def test_after_a_draw_undo_takes_back_the_choice_and_another_choice_draws_other_tiles(client):
    samples, tried, same_again, met, chance = 0, 0, 0, 0, 0.0
    for number in range(60):
        url = f"/en/domino/play?g={game_id(number)}"
        page, chose = page_of(client, url), False
        while buttons(page) and samples < 30:
            offered = buttons(page)
            if "draw" in offered and chose:
                after = offered["draw"]
                shown = page_of(client, after)
                undo = link(shown, "Undo")
                assert undo is not None
                back = buttons(page_of(client, undo))
                assert "draw" not in back and len(back) >= 2, "Undo leads back to a choice, not to the same draw"
                taken = moves_of(url)[len(moves_of(undo))]
                between = moves_of(url)[len(moves_of(undo)) + 1:].count("draw")
                tried += 1
                same_again += play_on(client, back[taken], True, skip=between)[2] == drawn(shown)
                other = play_on(client, back[sorted(a for a in back if a != taken)[0]], True)[2]
                if other is not None:
                    samples += 1
                    met += other == drawn(shown)
                    chance += 1 / len(rebuilt(url).position.boneyard)  # a fair draw meets that tile so often
                break
            chose = chose or len(offered) > 1
            url = offered[sorted(offered)[0] if "draw" not in offered else "draw"]
            page = page_of(client, url)
        if samples >= 30:
            break
    print(f"\nMexican Train draw, undo: {met} of {samples} other choices drew the undone tile (a fair draw: "
          f"{chance:.1f}); the same choice drew it again {same_again} of {tried}")
    assert samples >= 30 and same_again == tried
    assert met <= chance + 3 * chance ** 0.5 + 2, f"{met} of {samples}"


def test_restarting_a_finished_round_deals_the_others_tiles_the_end_did_not_show(client):
    contained = 0
    for number in range(12):
        url = f"/en/domino/play?g={game_id(number)}"
        start = page_of(client, url)
        url, end, _ = play_on(client, url, until_draw=False)
        assert "Undo" not in end.split('<nav class="game-tools"')[1].split("</nav>")[0]
        game = rebuilt(url)
        known = {tile(game.actions[i].split(":")[0]) for i in range(len(game.actions))
                 if game.seat_of(i) == 1 and ":" in game.actions[i]}  # what the opponent played
        known |= {tile(str(t)) for t in game.position.hands[1]}  # and what the end showed
        first_hand = {tile(str(t)) for t in game.positions[0].hands[1]}
        restart = link(end, "Restart this round")
        assert parse_qs(urlsplit(restart).query)["deal"] == ["1"]
        again = page_of(client, restart)
        mine = lambda page: sorted(re.findall(r"Your hand[^:]*: ([^.]*)\.", page)[:1])  # noqa: E731
        assert mine(start) and mine(again) == mine(start), "the learner's hand stays as dealt"
        new_hand = {tile(str(t)) for t in rebuilt(restart).positions[0].hands[1]}
        assert first_hand <= known and new_hand != first_hand
        contained += new_hand <= known
    print(f"\nMexican Train restart after the end: {contained} of 12 restarted rounds dealt the opponent only "
          f"tiles the end showed")
    assert contained <= 1


def test_the_guided_hand_keeps_its_script(client):
    from tutor.games.domino.mexican_train.guided import all_hands

    hand = next(iter(all_hands().values()))
    url = f"/en/domino/hands/{hand.id}"
    page = page_of(client, url)
    first = sorted(buttons(page))[0]
    after = buttons(page)[first]
    undo = link(page_of(client, after), "Undo")
    assert undo is not None and page_of(client, undo) == page
    assert page_of(client, buttons(page_of(client, undo))[first]) == page_of(client, after)
