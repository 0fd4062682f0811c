"""Free play by the other rule sets (issue #15), page by page through the Flask test client.

Each match is played to its end by following the pages' own links and forms (the learner picks a
tile the page marks playable, or the page's draw or pass button, and an end from the page's
choose-end buttons), and every page is held against an independent statement of the rules:
tests/checkers/variants_checker.py for Straight and All Fives (the spinner's arms, All Fives' points, the
round's winner and points, Straight's five rounds, All Fives' 250 counted after each play), and,
for Sato 157's line, tests/checkers/independent_checker.py (what may be played, drawn or passed) with
variants_checker's blocked-round winner and points. The engine is asked for one thing only: what
the computer's players chose (their choices are not rules); every rule is the checkers'.
"""

from __future__ import annotations

import dataclasses

import html
import random
import re
from urllib.parse import parse_qs, urlparse

import pytest

import variants_checker as vc
from conftest import TEST_SECRET_KEY
from tutor.freeplay import _new_id, free_play_deal, free_play_seed, free_play_shuffle, new_game_id, read_domino_id
from tutor.games.domino.guided import default_opponents, replay
from tutor.games.domino.rules import RULE_SETS, rules_for_round

KEY = TEST_SECRET_KEY.encode()
LETTER = {"left": "L", "right": "R", "up": "U", "down": "D"}
NAMES = {2: ["You", "Your opponent"],
         4: ["You", "The opponent on your left", "The opponent across from you", "The opponent on your right"]}


def game_id(seats: int, rules: str, number: int) -> str:
    return new_game_id(seats, nonce=bytes([number]) * 12, rules=RULE_SETS[rules])


# ---- reading a page ---------------------------------------------------------------------------
def text_of(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def paragraphs(page: str, css: str) -> list[str]:
    return [text_of(p) for p in re.findall(rf'<p class="{css}"[^>]*>(.*?)</p>', page, re.S)]


def hand_tiles(page: str) -> dict[str, bool]:
    """The learner's tile buttons: tile -> marked playable."""
    return {tile: "playable" in css for tile, css in re.findall(r'name="try" value="(\d-\d)" class="([^"]*)"', page)}


def end_choices(page: str) -> dict[str, str]:
    """The choose-end buttons: end (left, right, up, down, or a double's side: 4-4.left) -> the
    address they lead to."""
    return {end: html.unescape(href).split("#")[0]
            for end, href in re.findall(r'<a class="button" data-end="([\w.-]+)" href="([^"]+)"', page)}


def shown_totals(page: str, seats: int) -> list[int]:
    """The match line's totals, "You 45 · Your opponent 12 · ...", seat by seat."""
    (line,) = paragraphs(page, "scores")[:1]
    return [int(re.search(rf"{re.escape(name)} (\d+)", line)[1]) for name in NAMES[seats]]


def moves_of(url: str) -> list[list[str]]:
    rounds = parse_qs(urlparse(url).query).get("m", [""])[0].split("~")
    return [[m for m in r.split(".") if m] for r in rounds]


# ---- the rules, independently ----------------------------------------------------------------------
def tile_key(text: str) -> tuple[int, int]:
    return vc.tile(text)


class SpinnerRound:
    """Straight or All Fives, replayed by variants_checker from the deal and the action texts."""

    def __init__(self, rules: str, order: list[str]) -> None:
        tiles = [tile_key(t) for t in order]
        self.state = vc.start([tiles[:7], tiles[7:14]], tiles[14:], rules)
        assert self.state is not None, "a spinner deal holds a double"
        self.lead = self.state.layout.spinner
        self.led = False  # vc.start plays the lead at once; the pages wait for its holder to play it

    def hand(self, seat: int) -> list[tuple[int, int]]:
        lead = [] if self.led or seat == self.state.to_move else [(self.lead, self.lead)]
        return self.state.hands[seat] + lead

    def offered(self) -> dict:
        """What the seat to move may do: tiles -> arms, or draw / pass."""
        if not self.led:
            return {"need": "open", "plays": {(self.lead, self.lead): {None}}}
        need = vc.required(self.state)
        plays: dict[tuple[int, int], set[str]] = {}
        for piece, arm in vc.legal_plays(self.state):
            plays.setdefault(piece, set()).add(arm)
        return {"need": need, "plays": plays}

    def reorder(self, order) -> None:
        """The boneyard in the draw order ``order`` gives it (a permutation; free play's shuffle)."""
        self.state = dataclasses.replace(self.state, boneyard=order(self.state.boneyard))

    def apply(self, text: str) -> None:
        if not self.led:
            assert text == f"{self.lead}-{self.lead}", "the highest double leads, as the spinner"
            self.led = True
        elif text in ("draw", "pass"):
            self.state = vc.apply(self.state, (text,))
        else:
            arm = next(a for a, letter in LETTER.items() if letter == text[3])
            if len(text) == 5:  # "4-2L4": on the left side of the double 4-4
                arm = f"{text[4]}-{text[4]}.{arm}"
            self.state = vc.apply(self.state, ("play", tile_key(text[:3]), arm))


class SatoRound:
    """Sato 157's line, replayed by variants_checker's own rounds (written from seed 004): 7 tiles
    each; the first round opens with the highest double (else the heaviest tile), a later one by the
    chosen leader with any tile; a round ends, blocked, as soon as nobody can play with nothing left
    to draw, won by the lowest pips, then fewer tiles, and scores the others' pips."""

    def __init__(self, seats: int, order: list[str], leader: int | None) -> None:
        tiles = [tile_key(t) for t in order]
        self.state = vc.sato_start([tiles[7 * s:7 * s + 7] for s in range(seats)], tiles[7 * seats:], leader)

    @property
    def hands(self) -> list[list[tuple[int, int]]]:
        return self.state.hands

    def offered(self) -> dict:
        need = vc.sato_required(self.state)
        plays: dict[tuple[int, int], set[str | None]] = {}
        for piece, end in vc.sato_legal_plays(self.state):
            plays.setdefault(piece, set()).add(end)
        return {"need": need, "plays": plays}

    def reorder(self, order) -> None:
        """The boneyard in the draw order ``order`` gives it (a permutation; free play's shuffle)."""
        self.state = dataclasses.replace(self.state, boneyard=order(self.state.boneyard))

    def apply(self, text: str) -> None:
        if text in ("draw", "pass"):
            self.state = vc.sato_apply(self.state, (text,))
        else:
            end = {"L": "left", "R": "right", "": None}[text[3:]]
            self.state = vc.sato_apply(self.state, ("play", tile_key(text[:3]), end))

    def result(self) -> dict | None:
        return vc.sato_result(self.state)


# ---- playing through the pages ------------------------------------------------------------------------
class Match:
    """One free-play match, page by page, with the checkers' own account of it."""

    def __init__(self, client, rules: str, seats: int, number: int, rng: random.Random) -> None:
        self.client, self.rules, self.seats, self.rng = client, rules, seats, rng
        self.g = game_id(seats, rules, number)
        self.url = f"/en/domino/play?g={self.g}"
        self.rounds: list[dict] = []  # each finished round: winner, points, play points, how it ended
        self.events: list[tuple[int, int]] = []  # All Fives: every (seat, points), in order
        self.leader: int | None = None  # Sato: the seat the checker says leads the next round
        self.up_down_chosen = 0
        self.arm_scores = 0  # All Fives: choose-end buttons whose points were checked
        self.scores_seen = 0  # All Fives: the round's scoring plays already seen on a page
        self.scored_lines = 0
        self.targets = 0
        self.pages = 0

    # the checker's round, rebuilt from the deal and the whole action list of the current round
    def checked_round(self, moves: list[str]) -> tuple[object, bool]:
        """The round so far by the checkers, and whether All Fives' target was reached in it (the
        match then ended with that play: the computer's later choices are not looked at)."""
        index = len(self.rounds)
        order = [str(t) for t in free_play_deal(KEY, self.g, index).order]  # the deal: its tile order
        shuffle = free_play_shuffle(KEY, self.g, index)  # the boneyard's order after each learner action
        game = replay(free_play_deal(KEY, self.g, index, self.leader), moves,
                      default_opponents(self.seats, free_play_seed(KEY, self.g)), shuffle)
        actions = [(before.to_move, str(a)) for before, a in zip(game.positions, game.actions)]
        learner: list[str] = []
        checked = SatoRound(self.seats, order, self.leader) if self.rules == "sato" else SpinnerRound(self.rules, order)
        for seat, text in actions:
            checked.apply(text)
            if seat == 0:  # the page shuffles the boneyard again after each of the learner's actions
                learner.append(text)
                checked.reorder(lambda boneyard: list(shuffle(tuple(learner), tuple(boneyard))))
            if self.rules == "all-fives" and vc.all_fives_match_winner(self.events + checked.state.scores) is not None:
                return checked, True
        return checked, False

    def get(self, url: str) -> str:
        response = self.client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        self.pages += 1
        page = response.get_data(as_text=True)
        main = text_of(page.split('<main')[1].split('</main>')[0])
        assert not re.search(r"\bSeat \d", main), "a learner's page names nobody by seat number"
        return page

    def check_learner_page(self, page: str, checked) -> None:
        """The buttons offered are the checker's legal actions; the totals are the checker's."""
        offered = checked.offered()
        tiles = hand_tiles(page)
        hand = checked.hands[0] if self.rules == "sato" else checked.hand(0)
        assert sorted(tile_key(t) for t in tiles) == sorted(hand)
        assert {tile_key(t) for t, playable in tiles.items() if playable} == set(offered["plays"])
        assert ('value="draw"' in page) == (offered["need"] == "draw")
        assert ('value="pass"' in page) == (offered["need"] == "pass")
        self.check_totals(page, checked, over=False)
        if self.rules == "all-fives":
            self.check_scored_lines(page, checked)
            if checked.led:  # the count line: the open ends as the checker adds them up
                count = checked.state.layout.count()
                line = paragraphs(page, "count-line")
                assert len(line) == 1 and f"= {count}:" in line[0], (line, count)
                assert ("no points" in line[0]) == (count % 5 != 0 or count == 0), line

    def check_hints(self, checked) -> None:
        """The hint ladder's three rungs on this page, the last naming a move the checker allows."""
        page = self.get(self.url + "&hint=3&explain=1&strategy=1")
        hints = [text_of(li) for li in re.findall(r"<li>(.*?)</li>", page.split('class="hints"')[1].split("</ol>")[0], re.S)]
        assert len(hints) == 3 and all(hints), hints
        offered = checked.offered()
        if offered["need"] in ("draw", "pass", "open") or len(offered["plays"]) > 1:
            return
        (only,) = offered["plays"]  # one tile fits: the ladder's move is that tile
        assert f"{only[0]}-{only[1]}" in hints[2] or f"{only[1]}-{only[0]}" in hints[2], hints

    def check_scored_lines(self, page: str, checked) -> None:
        """The points scored since the last page: the learner's play ("You scored 10 points.") above
        the turn log, each opponent's in the turn log ("Your opponent scored 15 points.")."""
        new = checked.state.scores[self.scores_seen:]
        self.scores_seen = len(checked.state.scores)
        mine = [points for seat, points in new if seat == 0]
        assert paragraphs(page, "scored") == [f"You scored {p} points." for p in mine], (paragraphs(page, "scored"), new)
        log = " ".join(text_of(li) for li in re.findall(r"<li>(.*?)</li>", page.split('class="since"')[1].split("</ol>")[0], re.S)) \
            if 'class="since"' in page else ""
        assert re.findall(r"Your opponent scored (\d+) points?\.", log) == [str(p) for seat, p in new if seat == 1], log
        self.scored_lines += len(new)

    def check_totals(self, page: str, checked, over: bool) -> None:
        totals = [0] * self.seats
        for result in self.rounds:
            for seat, points in enumerate(result["play_points"]):
                totals[seat] += points
            if result["winner"] is not None:
                totals[result["winner"]] += result["points"]
        if self.rules == "all-fives" and not over:
            for seat, points in checked.state.scores:
                totals[seat] += points
        assert shown_totals(page, self.seats) == totals, (paragraphs(page, "scores"), totals)
        line = paragraphs(page, "scores")[0]
        if self.rules == "straight":
            assert f"round {len(self.rounds) + (0 if over else 1)} of 5" in line or "tied after 5 rounds" in line
        else:
            assert f"first to {250 if self.rules == 'all-fives' else 100}" in line

    def choose(self, page: str, checked) -> str:
        """The learner's move, through the page: the address of the next page."""
        offered = checked.offered()
        if offered["need"] in ("draw", "pass"):
            response = self.client.get(self.url + f"&try={offered['need']}")
            assert response.status_code == 302
            return response.location.split("#")[0]
        playable = sorted(t for t, ok in hand_tiles(page).items() if ok)
        tile = self.rng.choice(playable)
        response = self.client.get(self.url + f"&try={tile}")
        arms = offered["plays"][tile_key(tile)]
        if response.status_code == 302:
            assert len(arms) == 1
            return response.location.split("#")[0]
        assert response.status_code == 200
        choosing = response.get_data(as_text=True)
        choices = end_choices(choosing)
        assert set(choices) == arms, (tile, choices, arms)  # every fitting arm, and only those
        if self.rules == "all-fives":  # each button says what playing there scores (the checker's points)
            for end, words in re.findall(r'<a class="button" data-end="([\w.-]+)" href="[^"]+">(.*?)</a>', choosing, re.S):
                points = vc.points_of(checked.state, tile_key(tile), end)
                said = text_of(words).split(" · ")[-1].strip()
                assert said == (f"+{points} point{'s' if points != 1 else ''}" if points else "no points"), (end, said)
                self.arm_scores += 1
        up_down = sorted(set(choices) & {"up", "down"})
        end = up_down[0] if up_down else self.rng.choice(sorted(choices))
        self.up_down_chosen += bool(up_down)
        return choices[end]

    def play_round(self) -> str:
        """Play the current round to its end; returns the end page."""
        for _ in range(80):
            page = self.get(self.url)
            checked, target = self.checked_round(moves_of(self.url)[-1])
            finished = target or (checked.result() if self.rules == "sato" else vc.result(checked.state)) is not None
            assert ("How the round ended" in page) == finished, "the page ends the round when the checker does"
            if finished:
                return self.check_end(page, checked, target)
            self.check_learner_page(page, checked)
            if self.pages % 5 == 1:  # now and then the hints, the explanation and the strategy facts
                self.check_hints(checked)
            self.url = self.choose(page, checked)
        raise AssertionError("the round never ended")

    def check_end(self, page: str, checked, target: bool) -> str:
        """The round's winner and points (or All Fives' target) as the checker has them."""
        headline = paragraphs(page, "headline")[0]
        if target:
            seat = vc.all_fives_match_winner(self.events + checked.state.scores)
            self.events += checked.state.scores
            self.rounds.append({"winner": None, "points": 0, "play_points": tuple(checked.state.play_points)})
            who = "Your play reaches the target" if seat == 0 else "Your opponent reaches the target"
            assert headline.startswith(who), headline
            self.targets += 1
            self.check_totals(page, checked, over=True)
            return page
        result = checked.result() if self.rules == "sato" else vc.result(checked.state)
        play_points = result.get("play_points", (0,) * self.seats)
        winner, points = result["winner"], result["points"]
        if winner is None:
            assert headline == "Blocked, and a tie: nobody scores."
        else:
            who = "You win the round" if winner == 0 else f"{NAMES[self.seats][winner]} wins the round"
            if self.rules == "all-fives":  # the round's real result: the winner's play points and bonus, the other's
                total, other = play_points[winner] + points, play_points[1 - winner]
                assert headline.startswith(f"{who}: +{total} point"), (headline, result)
                assert f"({play_points[winner]} in play, {points} at the end)" in headline and \
                    headline.endswith(f"scored {other}."), (headline, result)
            else:
                assert headline.startswith(f"{who}: +{points} point"), (headline, result)
        self.rounds.append({"winner": winner, "points": points, "play_points": play_points})
        self.scores_seen = 0
        if self.rules == "all-fives":
            self.events += checked.state.scores + ([(winner, points)] if points else [])
        if self.rules == "sato" and winner is not None:
            self.leader = winner  # a tie leaves the leader as it was (VARIANTS.md)
        self.check_totals(page, checked, over=True)
        return page

    def winner(self) -> int | None:
        if self.rules == "straight":
            return vc.straight_match_winner([tuple(r["points"] if r["winner"] == s else 0 for s in range(2))
                                             for r in self.rounds])
        if self.rules == "all-fives":
            return vc.all_fives_match_winner(self.events)
        totals = [sum(r["points"] for r in self.rounds if r["winner"] == s) for s in range(self.seats)]
        reached = [s for s in range(self.seats) if totals[s] >= 100]
        return reached[0] if reached else None

    def play_match(self, max_rounds: int = 12) -> str:
        for _ in range(max_rounds):
            page = self.play_round()
            winner = self.winner()
            links = dict((text_of(t), html.unescape(h)) for h, t in
                         re.findall(r'<a class="button primary" href="([^"]+)">(.*?)</a>', page, re.S))
            if winner is None:
                assert "New match" not in links and "Next round" in links
                self.url = links["Next round"].split("#")[0]
                continue
            assert "Next round" not in links and "New match" in links
            assert parse_qs(urlparse(links["New match"]).query) == {"seats": [str(self.seats)], "rules": [self.rules]}
            won = paragraphs(page, "headline")[-1]
            if self.rules == "straight":
                totals = shown_totals(page, self.seats)
                assert (f"{'you have' if winner == 0 else 'your opponent has'} the higher total, "
                        f"{totals[winner]} to {totals[1 - winner]}") in won, won
                assert won.startswith(f"After {len(self.rounds)} rounds")
            else:
                assert won.startswith("You" if winner == 0 else NAMES[self.seats][winner]), won
            return page
        raise AssertionError("the match never ended")


# ---- the tests --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules,seats,number", [("sato", 4, 11), ("straight", 2, 12), ("all-fives", 2, 14)])
def test_a_whole_match_through_the_pages(client, rules, seats, number):
    """A match of each rule set to its end (numbered games: the All Fives match ends in the middle
    of a round, when a play reaches 250)."""
    match = Match(client, rules, seats, number, random.Random(number))
    page = match.play_match()
    assert f"Free play: {dict(sato='Sato 157', straight='Straight')[rules] if rules != 'all-fives' else 'All Fives'}" in page
    if rules == "straight":
        assert len(match.rounds) >= 5 and match.up_down_chosen, match.rounds
    if rules == "all-fives":
        assert match.targets == 1 and match.scored_lines > 10 and match.arm_scores > 3
    if rules == "sato":
        assert len(match.rounds) >= 2 and match.leader is not None  # a later round was led by the winner


def test_the_start_address_carries_the_rule_set_and_the_players(client):
    for rules, seats in [("sato", 2), ("sato", 3), ("sato", 4), ("straight", 2), ("all-fives", 2)]:
        response = client.get(f"/vi/domino/play?seats={seats}&rules={rules}")
        assert response.status_code == 302
        g = parse_qs(urlparse(response.location).query)["g"][0]
        assert read_domino_id(g) == (seats, RULE_SETS[rules])
    response = client.get("/en/domino/play?seats=3")  # no rules: the course's own, as before
    assert read_domino_id(parse_qs(urlparse(response.location).query)["g"][0]) == (3, RULE_SETS["playboard"])


@pytest.mark.parametrize("lang", ["en", "vi", "id"])
@pytest.mark.parametrize("query", ["seats=3&rules=straight", "seats=4&rules=all-fives", "seats=5&rules=sato",
                                   "seats=3&rules=mexican-train", "seats=2&rules=", "rules=Straight"])
def test_a_start_address_the_rules_refuse_is_a_localized_400(client, lang, query):
    response = client.get(f"/{lang}/domino/play?{query}")
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and f'<html lang="{lang}">' in page and 'role="alert"' in page


def _kind_changed(g: str, kind: int, fix_check: bool) -> str:
    import base64

    raw = bytearray(base64.urlsafe_b64decode(g))
    if fix_check:
        return _new_id(kind, bytes(raw[2:14]))
    raw[1] = kind
    return base64.urlsafe_b64encode(bytes(raw)).decode()


@pytest.mark.parametrize("lang", ["en", "vi", "id"])
def test_a_tampered_rule_set_in_the_id_is_a_localized_400(client, lang):
    g = game_id(2, "straight", 21)
    first = client.get(f"/{lang}/domino/play?g={g}").get_data(as_text=True)
    for tampered in (
        _kind_changed(g, 2 | 3 << 3, fix_check=False),  # All Fives' kind byte, the check left as it was
        _kind_changed(g, 2 | 5 << 3, fix_check=True),  # a rule set that does not exist
        _kind_changed(g, 3 | 2 << 3, fix_check=True),  # Straight with three players
    ):
        response = client.get(f"/{lang}/domino/play?g={tampered}")
        page = response.get_data(as_text=True)
        assert response.status_code == 400 and f'<html lang="{lang}">' in page and 'role="alert"' in page
    assert client.get(f"/{lang}/domino/play?g={g}").get_data(as_text=True) == first, "nothing changed"


def test_a_move_on_a_closed_arm_or_an_arm_that_does_not_fit_is_refused(client):
    """Straight: the spinner's sides are closed until both its ends hold a tile; a move written
    there into the address is a localized 400, and so is a click on a tile that fits no arm."""
    rng = random.Random(5)
    for number in range(30, 60):
        g = game_id(2, "straight", number)
        base = f"/en/domino/play?g={g}"
        page = client.get(base).get_data(as_text=True)
        tiles = hand_tiles(page)
        checked = SpinnerRound("straight", [str(t) for t in free_play_deal(KEY, g, 0).order])
        game = replay(free_play_deal(KEY, g, 0), [], default_opponents(2, free_play_seed(KEY, g)))
        for text in [str(a) for a in game.actions][1:]:
            checked.apply(text)
        if not (checked.state.layout.open_arms() == ["left", "right"] and vc.required(checked.state) == "play"):
            continue
        # a fitting tile written onto the closed top arm
        piece, _arm = vc.legal_plays(checked.state)[0]
        closed = f"{piece[0]}-{piece[1]}U"
        for lang in ("en", "vi", "id"):
            response = client.get(f"/{lang}/domino/play?g={g}&m={closed}")
            text = response.get_data(as_text=True)
            assert response.status_code == 400 and f'<html lang="{lang}">' in text and 'role="alert"' in text
        assert "both its ends" in client.get(f"{base}&m={closed}").get_data(as_text=True)
        # a click on a tile of the hand that fits no open arm: refused, naming the open numbers
        misfits = [t for t, ok in tiles.items() if not ok]
        if not misfits:
            continue
        response = client.get(f"{base}&try={rng.choice(misfits)}")
        assert response.status_code == 400 and 'class="refusal"' in response.get_data(as_text=True)
        assert hand_tiles(response.get_data(as_text=True)) == tiles, "a refused click changes nothing"
        assert client.get(base).get_data(as_text=True) == page
        return
    pytest.fail("no game opened by the opponent with a misfit in the learner's hand")


def test_a_guided_hand_of_each_rule_set_shows_its_rules(client):
    for hand_id, name in [("sato-four-players", "Sato 157"), ("straight-spinner", "Straight"),
                          ("all-fives-scoring", "All Fives")]:
        page = client.get(f"/en/domino/hands/{hand_id}").get_data(as_text=True)
        assert f"Rules: {name}" in page
    index = client.get("/en/domino/hands/").get_data(as_text=True)
    for rules, name in [("sato", "Sato 157"), ("straight", "Straight"), ("all-fives", "All Fives")]:
        section = index.split(f'id="rules-{rules}"')[1].split("</section>")[0]
        assert f">{name}</h3>" in section
        if rules == "sato":
            assert f'name="rules" value="{rules}"' in section
        else:  # the rulebook's rule, or the option of one spinner
            assert f'<option value="{rules}">' in section and f'<option value="{rules}-one-spinner">' in section
        assert f'href="/en/domino/hands/{ {"sato": "sato-four-players", "straight": "straight-spinner", "all-fives": "all-fives-scoring"}[rules] }"' in section
