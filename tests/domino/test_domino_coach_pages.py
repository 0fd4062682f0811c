"""The dominoes coach on the game pages (issue #34): after each tile the learner chose, a grade in
the shared grade box (templates/_coach.html), in every Draw rule set, guided and free play.

The pages are played through their own buttons by a learner who takes the hint's move at one
turn and another playable tile at the next, and each grade is held against what the page itself
offered and said a move earlier, read from the HTML (no engine call):

- a grade shows whenever the learner had two or more playable tiles, never when one tile fitted
  one end only, nor after a draw or a pass (one tile on several ends may lead to the same game:
  ends showing one number, mirrored arms; then no grade either);
- the move the grade calls better is the one the hint's last rung named on the position before,
  and the chance of winning it quotes for that move is the one the hint quoted;
- playing the hint's move is never a mistake; a grade names the learner's own tile;
- "Show the better play" opens the position before with the hint's move marked;
- grade=0 turns the grades off and stays in every link and form; another value is a 400 in the
  learner's language; the box reads in Vietnamese and Indonesian.

Whether the grades themselves are right (a "mistake" loses against the real hidden hands) is
tests/domino/test_domino_coach.py's work, on the independent checker.
"""

from __future__ import annotations

import html
import re

import pytest

from tutor.freeplay import new_game_id
from tutor.games.domino.rules import RULE_SETS

GRADE = re.compile(r'<section class="grade grade-(\w+)"[^>]*>(.*?)</section>', re.S)
BUTTONS = re.compile(r'name="try" value="(\d-\d)" class="tile-button playable')


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def sentences(fragment: str) -> list[str]:
    return [text_of(p) for p in re.findall(r"<p>(.*?)</p>", fragment, re.S)]


def grade_of(page: str) -> tuple[str, str] | None:
    found = GRADE.search(page)
    return (found.group(1), text_of(found.group(2))) if found else None


def hint_move(page: str) -> tuple[str, str]:
    """The hint's last rung: the tile it names first and the percentage it quotes ("" if none)."""
    section = re.search(r'<section class="hints".*?</section>', page, re.S).group(0)
    last = text_of(re.findall(r"<li>(.*?)</li>", section, re.S)[-1])
    rate = re.search(r"won (\d+)%", last)
    return re.search(r"\d-\d", last).group(0), rate.group(1) if rate else ""


def with_query(url: str, **params: str) -> str:
    url = url.split("#")[0]
    return url + ("&" if "?" in url else "?") + "&".join(f"{k}={v}" for k, v in params.items())


def get(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.get_data(as_text=True)


def make_move(client, url: str, tile: str) -> tuple[str, int]:
    """Play ``tile`` through the page's form (the first end offered when it fits several): the new
    address and how many ends the learner could choose from."""
    response = client.get(with_query(url, **{"try": tile}))
    if response.status_code == 302:
        return response.headers["Location"].split("#")[0], 1
    page = response.get_data(as_text=True)
    ends = re.findall(r'data-end="[^"]+" href="([^"]+)"', page)
    assert ends, (url, tile, response.status_code)
    return html.unescape(ends[0]).split("#")[0], len(ends)


def play_through(client, url: str, moves: int, lang: str = "en") -> list[dict]:
    """Up to ``moves`` learner decisions from ``url``: what the page showed before and after each."""
    seen = []
    turn = 0
    while len(seen) < moves:
        page = get(client, url)
        tiles = BUTTONS.findall(page)
        if not tiles:
            for action in ("draw", "pass"):
                if f'name="try" value="{action}"' in page:
                    after = client.get(with_query(url, **{"try": action})).headers["Location"].split("#")[0]
                    seen.append({"before": url, "tile": action, "after": after, "choice": False,
                                 "page": get(client, after)})
                    url = after
                    break
            else:
                return seen  # the round is over
            continue
        best, rate = hint_move(get(client, with_query(url, hint="3"))) if lang == "en" else (tiles[0], "")
        # the hint's move at one turn, another playable tile (when there is one) at the next
        tile = best if turn % 2 == 0 or len(tiles) == 1 else next(t for t in reversed(tiles) if t != best)
        turn += 1
        after, ends = make_move(client, url, tile)
        page = get(client, after)
        seen.append({"before": url, "tile": tile, "after": after, "page": page, "best": best, "rate": rate,
                     "choice": len(tiles) > 1 or ends > 1, "tiles": len(tiles), "ends": ends})
        url = after
    return seen


@pytest.mark.parametrize("rules,seats", [("playboard", 2), ("playboard", 4), ("sato", 3), ("straight", 2),
                                         ("all-fives", 2)])
def test_each_chosen_move_is_graded_as_the_hint_judged_it(client, rules, seats):
    grades = []
    for number in range(2):
        start = f"/en/domino/play?g={new_game_id(seats, nonce=bytes([number + 7]) * 12, rules=RULE_SETS[rules])}"
        for step in play_through(client, start, 10):
            graded = grade_of(step["page"])
            if step["tile"] in ("draw", "pass"):
                assert graded is None, "a draw or a pass is no choice: nothing to grade"
                continue
            if not step["choice"]:
                assert graded is None, "one tile, one end: the rules chose, not the learner"
                continue
            if step["tiles"] == 1 and graded is None:
                continue  # one tile on ends that lead to the same game (equal numbers, mirrored arms)
            assert graded is not None, "two tiles to choose from: a choice, graded"
            label, text = graded
            grades.append(label)
            assert step["tile"] in text, "the grade names the learner's own tile"
            if step["tile"] == step["best"] and step["ends"] == 1:  # (on several ends: the first, maybe not the hint's)
                assert label != "mistake", "the hint's own move is never a mistake"
            if label in ("good", "mistake"):
                better = re.search(r"(\d-\d) on ", text if label == "mistake" else text.split("best move,")[1])
                assert better and better.group(1) == step["best"], (text, step["best"])
                if step["rate"] and rules != "all-fives":
                    assert f"{step['rate']}%" in text, "the chance the hint quoted for its move"
    assert grades, "some move had a choice"


def test_the_better_move_link_opens_the_position_before_with_it_marked(client):
    start = f"/en/domino/play?g={new_game_id(2, nonce=bytes([21]) * 12, rules=RULE_SETS['straight'])}"
    found = None
    for number in range(6):
        start = f"/en/domino/play?g={new_game_id(2, nonce=bytes([21 + number]) * 12, rules=RULE_SETS['straight'])}"
        for step in play_through(client, start, 10):
            graded = GRADE.search(step["page"])
            if graded and graded.group(1) == "mistake":
                found = step, graded.group(2)
                break
        if found:
            break
    assert found, "a mistake in six games of a learner who plays against the hint every other turn"
    step, box = found
    link = html.unescape(re.search(r'<a class="button" href="([^"]+)">Show the better play', box).group(1))
    before = get(client, link)
    assert BUTTONS.findall(before) == BUTTONS.findall(get(client, step["before"])), "the same hand as before"
    assert hint_move(before)[0] == step["best"], "the hint's move, the better one, marked"


def test_grading_off_stays_off_and_a_bad_switch_is_refused(client):
    start = f"/en/domino/play?g={new_game_id(2, nonce=bytes([40]) * 12, rules=RULE_SETS['playboard'])}&grade=0"
    steps = play_through(client, start, 8)
    assert any(step["choice"] for step in steps)
    for step in steps:
        assert grade_of(step["page"]) is None
        assert "grade=0" in step["after"], "the switch stays in the address"
        assert '<input type="hidden" name="grade" value="0">' in step["page"] or 'class="result"' in step["page"]
        assert "Grade my moves" in step["page"]
    on = html.unescape(re.search(r'<a class="button" href="([^"]+)">\s*Grade my moves', steps[-1]["page"]).group(1))
    assert "grade=" not in on
    refused = client.get(start.replace("grade=0", "grade=2").replace("/en/", "/vi/"))
    assert refused.status_code == 400
    assert "grade=" in refused.get_data(as_text=True) and "Trong địa chỉ của ván chơi" in refused.get_data(as_text=True)


def test_a_guided_hand_grades_too_and_the_box_reads_in_each_language(client):
    from tutor.games.domino.guided import load_hands

    shown = {}
    for lang in ("vi", "id", "en"):
        for hand in load_hands().values():
            if hand.seats != 2:
                continue
            for step in play_through(client, f"/{lang}/domino/hands/{hand.id}", 6, lang):
                graded = GRADE.search(step["page"])
                if graded:
                    shown[lang] = text_of(graded.group(2))
                    break
            if lang in shown:
                break
    assert set(shown) == {"vi", "id", "en"}, shown
    assert "Your last move" in shown["en"]
    for lang in ("vi", "id"):
        assert not re.search(r"\b(move|better|rounds|the best|Your last)\b", shown[lang]), shown[lang]


# ---- the review of a round and of a match ------------------------------------------------------------
def review_of(client, page: str) -> tuple[str, str]:
    """The review that a game page links to: (its address, its page)."""
    link = html.unescape(re.search(r'<a class="button" href="([^"]+)">[^<]*Review so far', page).group(1))
    return link, get(client, link)


def reviewed_pictures(page: str) -> list[dict]:
    items = re.findall(r'<li class="reviewed-play grade-(\w+)">(.*?)</li>', page, re.S)
    return [{"label": label, "text": text_of(re.sub(r"<svg.*?</svg>", "", body, flags=re.S)), "lines": sentences(body),
             "try": html.unescape(found.group(1)) if (found := re.search(r'<a class="button" href="([^"]+)"', body))
             else ""} for label, body in items]


def hand_on(page: str) -> list[str]:
    return re.findall(r'name="try" value="(\d-\d)"', page)


def test_the_review_counts_the_grades_the_pages_gave_and_plays_the_costliest_again(client):
    for number in range(22, 42):  # a round with a move that was not the best
        start = f"/en/domino/play?g={new_game_id(2, nonce=bytes([number]) * 12, rules=RULE_SETS['straight'])}"
        steps = play_through(client, start, 40)
        shown = [(step, grade_of(step["page"]), sentences(GRADE.search(step["page"]).group(2)))
                 for step in steps if grade_of(step["page"])]
        if any(label != "best" for _step, (label, _text), _lines in shown):
            break
    assert 'class="result"' in steps[-1]["page"], "the round was played to its end"
    address, review = review_of(client, steps[-1]["page"])
    assert "/play/review?" in address
    summary = text_of(re.search(r'<section class="review-summary".*?</section>', review, re.S).group(0))
    assert f"You made {len(shown)} move" in summary, summary
    counts = {label: sum(1 for _step, (found, _text), _lines in shown if found == label)
              for label in ("best", "good", "mistake")}
    for label, count in counts.items():
        row = re.search(rf'<tr class="grade-{label}"><th scope="row">[^<]+</th><td>(\d+)</td>', review)
        assert int(row.group(1)) == count, (label, count)
    pictures = reviewed_pictures(review)
    costly = [(step, lines) for step, (label, _text), lines in shown if label != "best"]
    assert len(pictures) == min(3, len(costly)) and pictures, "the costliest, up to three"
    for picture in pictures:
        # the same words as the page said after that move
        step = next(step for step, lines in costly if lines == picture["lines"][:len(lines)])
        # the round is over: the turn is played again as a replay of the deal (it does not count)
        assert "replay=" in picture["try"]
        again = get(client, picture["try"])
        assert 'class="replay-note"' in again
        assert hand_on(again) == hand_on(get(client, step["before"])), "the table as it was before that move"


def test_the_review_of_a_match_plays_again_only_the_round_on_the_page(client):
    for number in range(23, 43):  # a first round that does not end the match (one big win may)
        start = f"/en/domino/play?g={new_game_id(2, nonce=bytes([number]) * 12, rules=RULE_SETS['playboard'])}"
        first = play_through(client, start, 40)
        found = re.search(r'<a class="button primary" href="([^"]+)">\s*Next round', first[-1]["page"])
        if found:
            break
    next_round = html.unescape(found.group(1)).split("#")[0]
    for moves in (6, 4, 3, 2):  # the second round still going on (its turns are played again, not replayed)
        second = play_through(client, next_round, moves)
        if 'class="result"' not in second[-1]["page"]:
            break
    assert 'class="result"' not in second[-1]["page"]
    _address, review = review_of(client, second[-1]["page"])
    assert "<h1>Review of the match</h1>" in review
    pictures = reviewed_pictures(review)
    assert pictures
    for picture in pictures:
        if picture["text"].startswith("Round 1"):
            assert picture["try"] == "", "an earlier round's deal is no longer on offer"
        else:
            assert picture["text"].startswith("Round 2") and picture["try"] and "replay=" not in picture["try"]
            assert get(client, picture["try"]).count('name="try"') >= 1, "the learner's turn, to play again"


def test_a_guided_hands_review_in_each_language_and_a_tampered_one(client):
    from tutor.games.domino.guided import load_hands

    hand = load_hands()["playing-out"]
    for lang in ("vi", "id"):
        steps = play_through(client, f"/{lang}/domino/hands/{hand.id}", 8, lang)
        page = get(client, f"/{lang}/domino/hands/{hand.id}/review?moves=" + steps[-1]["after"].split("moves=")[-1])
        main = text_of(re.sub(r"<svg.*?</svg>", "", re.search(r"<main.*?</main>", page, re.S).group(0), flags=re.S))
        assert not re.search(r"\b(You made|moves?|best|Review|rounds)\b", main), main
    refused = client.get(f"/id/domino/hands/{hand.id}/review?moves=9-9")
    assert refused.status_code == 400 and 'lang="id"' in refused.get_data(as_text=True)
    assert client.get("/en/domino/play/review").status_code == 404
    assert client.get("/en/domino/play/review?g=nonsense").status_code == 400
