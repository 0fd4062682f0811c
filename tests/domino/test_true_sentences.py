"""Issue #10, items 1-3: sentences that must be true. Each test plants the case and checks the
words against a count made here from the tiles' text, not by the engine's helpers."""

from __future__ import annotations

import html
import re

import pytest

from tutor.games.domino.analysis import Note
from tutor.games.domino import Action, Position, Tile, TILES
from tutor.games.domino.hints import SeatView, explain_position as explain, explain_turn, hint_ladder, recommend, round_end_notes

LANGS = ["en", "vi", "id"]
ALL_TEXT = [f"{a}-{b}" for a in range(7) for b in range(a + 1)]


def halves(text: str) -> tuple[int, int]:
    a, b = text.split("-")
    return int(a), int(b)


def position(hands, line=(), to_move=0, passes=0, boneyard=(), rest_to=None) -> Position:
    hands = [list(h) for h in hands]
    named = {str(Tile.parse(t)) for t in {t for h in hands for t in h} | set(line) | set(boneyard)}
    rest = [t for t in ALL_TEXT if t not in named]
    order = list(boneyard)
    if rest_to is None:
        order += rest
    else:
        hands[rest_to] += rest
    masks = [sum(Tile.parse(t).bit for t in h) for h in hands]
    return Position(masks, [halves(t) for t in line], to_move, passes, [Tile.parse(t).index for t in order])


def replay(start: Position, actions: list[str]):
    positions, done = [start], []
    for text in actions:
        action = Action.parse(text)
        positions.append(positions[-1].apply(action))
        done.append(action)
    return positions, done


def page_text(client, url: str) -> str:
    body = client.get(url).get_data(as_text=True)
    body = re.sub(r"<svg.*?</svg>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


# ---- item 1: count, list and recommendation agree -------------------------------------------------
def test_a_tile_on_two_equal_ends_is_two_legal_moves_and_not_the_only_move():
    # ends 6 and 6; of the hand only 6-3 shows a 6
    start = position([["6-3", "5-4", "2-1"], ["1-0", "3-0"]], ["6-6"])
    view = SeatView.from_position(start, 0)
    fitting = [t for t in ["6-3", "5-4", "2-1"] if 6 in halves(t)]
    placements = 2 * len(fitting)  # each fitting tile on each of the two ends
    notes = explain_turn(view) + list(recommend(view, seed=1).notes)
    count = next(n for n in notes if n.kind == "legal_count").params["count"]
    listed = [n for n in notes if n.kind in ("fits_left", "fits_right")]
    assert count == len(listed) == placements == 2
    assert not any(n.kind.startswith("recommend_only") for n in notes)
    assert any(n.kind == "recommend_either_end" for n in notes)


@pytest.mark.parametrize("lang", LANGS)
def test_the_drawing_hands_teaching_moment_never_says_only_move(app, client, lang):
    from tutor.web.domino.wording import render_note

    text = page_text(client, f"/{lang}/domino/hands/drawing?moves=draw.draw.draw&hint=1&explain=1")
    with app.test_request_context(f"/?lang={lang}"):
        only = [render_note(Note(f"recommend_only_{end}", {"tile": "6-3", "number": 6})) for end in ("left", "right")]
        either = render_note(Note("recommend_either_end", {"tile": "6-3", "number": 6}))
    for sentence in only:
        assert sentence not in text
    assert either in text


# ---- item 2: the last tile of the boneyard -----------------------------------------------------------
@pytest.mark.parametrize("boneyard", [["2-0", "1-0"], ["1-0"]])
def test_drawing_the_last_tile_says_the_boneyard_is_empty_not_that_drawing_went_on(boneyard):
    start = position([["5-4"], []], ["6-6", "6-3"], boneyard=boneyard, rest_to=1)
    positions, actions = replay(start, ["draw"] * len(boneyard))
    notes = explain_turn(SeatView.from_history(positions, actions, 0))
    went_on = [t for n in notes if n.kind.startswith("drawn_misfits") for t in n.params["tiles"]]
    assert went_on == boneyard[:-1]  # drawing went on only after the tiles that left some behind
    last = [n for n in notes if n.kind.startswith("drawn_last_misfit")]
    assert [n.params["tile"] for n in last] == [boneyard[-1]]


def test_the_sentence_for_the_last_tile_renders_in_every_language(app):
    from tutor.web.domino.wording import render_note

    for lang in LANGS:
        with app.test_request_context(f"/?lang={lang}"):
            a = render_note(Note("drawn_last_misfit", {"tile": "1-0", "left": 6, "right": 3}))
            b = render_note(Note("drawn_last_misfit_one", {"tile": "1-0", "number": 6}))
            english = "so drawing went on"
            assert "1-0" in a and "6" in a and "3" in a and english not in a
            assert "1-0" in b and "6" in b and english not in b


# ---- item 3: blocked-round ties name exactly the tied seats ----------------------------------------------
def blocked(hands: list[list[str]]) -> Position:
    held = {Tile.parse(t) for hand in hands for t in hand}
    double = next(t for t in reversed(TILES) if t.is_double and t not in held)
    masks = Position.parse("/".join(",".join(h) for h in hands) + f" {double} 0 0").hands
    return Position(masks, ((double.high, double.low),), 0, len(hands))


@pytest.mark.parametrize("hands", [
    [["4-4"], ["5-3"], ["6-1", "1-0"]],  # pips 8/8/8, tiles 1/1/2: seats 0, 1 tie on both
    [["4-1", "1-0"], ["3-0", "2-1"]],  # 6/6, 2/2
    [["4-1", "1-0"], ["3-0", "2-1"], ["6-0", "0-0"], ["5-1"]],  # 6/6/6/6, 2/2/2/1: seat 3 wins
    [["4-1", "1-0"], ["3-0", "2-1"], ["6-0", "0-0"], ["5-2"]],  # 6/6/6/7, 2/2/2/1: 0, 1, 2 tie
])
def test_a_tie_names_the_seats_tied_on_pips_then_those_also_tied_on_tiles(hands):
    pips = [sum(a + b for a, b in map(halves, h)) for h in hands]
    counts = [len(h) for h in hands]
    on_pips = [s for s in range(len(hands)) if pips[s] == min(pips)]
    on_tiles = [s for s in on_pips if counts[s] == min(counts[t] for t in on_pips)]
    p = blocked(hands)
    for notes in (explain(p), round_end_notes(p)):
        ties = [n for n in notes if n.kind.startswith("blocked_tie")]
        if len(on_tiles) == 1:  # one seat wins on tiles: no tie sentence, the tiebreak one
            assert not [n for n in ties if n.kind != "blocked_tiebreak"]
            assert [n.params["seat"] for n in ties] == on_tiles and ties[0].params["seats"] == on_pips
            continue
        assert len(ties) == 1
        params = ties[0].params
        assert params["seats"] == on_pips
        assert params.get("tied", params["seats"]) == on_tiles
        assert params["tiles"] == counts[on_tiles[0]]


@pytest.mark.parametrize("lang", LANGS)
def test_the_tie_sentence_names_the_right_seats_in_every_language(app, lang):
    from tutor.web.domino.wording import render_notes

    p = blocked([["4-4"], ["5-3"], ["6-1", "1-0"]])
    with app.test_request_context(f"/?lang={lang}"):
        text = render_notes(explain(p))
    assert re.search(r"0, 1\S* \S+ 2", text)  # the three seats on 8 pips, as a list
    # then only 0 and 1 on tiles: "0 and 1", "0 và 1", "0 dan 1"
    assert re.search(r"0 (and|và|dan) 1(?! ?,)", text)
