"""Mexican Train's words (tutor/web/domino/mexican_train/wording.py, issue #16): the explanation of a position
says what the independent checker (tests/checkers/mexican_checker.py) says of it (the open double's train and
only its answers, the draw when stuck, the pass and the marker after a failed draw, the plays, the
pips at the end), in English, Vietnamese and Indonesian, each sentence as the catalogs word it, with
no English left in vi and id; every refusal the engine gives has its words."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest
from babel.lists import format_list
from babel.messages.pofile import read_po

import mexican_checker as checker
from tutor.games.domino.mexican_train import engine as engine
from tutor.games.domino.errors import IllegalMoveError
from tutor.web.domino.mexican_train import wording as words

ROOT = Path(__file__).resolve().parents[3]
LANGS = ("en", "vi", "id")
#: English words that would show an untranslated sentence in vi or id; the game's own name, "Mexican
#: Train", stays English in every language (TRANSLATING.md, "Game names") and is not one of them.
ENGLISH = re.compile(r"(?<!Mexican )\b(the|your|you|train|tiles?|must|play|draw|pass|marker|double|opponent|boneyard|pips?)\b",
                     re.IGNORECASE)


@lru_cache(maxsize=None)
def catalog(lang: str):
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def said(lang: str, msgid: str | tuple[str, str], num: int | None = None, **params) -> str:
    """The sentence as the catalog of ``lang`` words it (English: the msgid itself)."""
    if lang == "en":
        text = msgid if isinstance(msgid, str) else msgid[0 if num == 1 else 1]
    else:
        string = catalog(lang)[msgid if isinstance(msgid, str) else msgid[0]].string
        text = string if isinstance(string, str) else string[0]  # vi and id have one plural form
        assert text, (lang, msgid)
    if num is not None:
        params["num"] = num
    return text % params if params else text


def listed(lang: str, items: list[str], style: str = "or") -> str:
    return format_list(items, style=style, locale=lang)


def train(lang: str, name: str, seat: int) -> str:
    if name == f"s{seat}":
        return said(lang, "your train")
    if name.startswith("s"):
        return said(lang, "your opponent's train")
    return said(lang, "public train %(number)s", number=name[1:])


def canonical(action: str) -> str:
    high, low = checker.tile(action.split(":")[0])
    return f"{high}-{low}"


def shuffled_deal(rng: random.Random, engine_double: int, top: int) -> dict:
    tiles = [f"{a}-{b}" for a in range(top + 1) for b in range(a + 1) if not a == b == engine_double]
    rng.shuffle(tiles)
    size = {12: 16, 6: 7}[top]
    return {"engine": engine_double, "top": top, "first": rng.randrange(2),
            "hands": [tiles[:size], tiles[size:2 * size]], "boneyard": tiles[2 * size:]}


def positions(rounds: int, seed: int):
    """(deal, history) at every step of random rounds, played among the checker's legal actions."""
    rng = random.Random(seed)
    for number in range(rounds):
        top = 12 if number % 4 == 0 else 6
        deal = shuffled_deal(rng, rng.choice([top, top - 1, 1]), top)
        history: list[str] = []
        while True:
            yield deal, list(history)
            legal = checker.legal_actions(deal, history)
            if not legal:
                break
            history.append(rng.choice(legal))


def expected(lang: str, deal: dict, history: list[str], seat: int, kinds: Counter) -> tuple[list[str], list[str], str]:
    """What the explanation for ``seat`` (the seat to act) must say, and must not say, from the checker."""
    state = checker.replay(deal, history)
    legal = checker.legal_actions(deal, history)
    plays = [a for a in legal if a not in ("draw", "pass")]
    must, never = [], []
    kind = "play"
    # the list of plays, whatever its count and plays, as a pattern
    play_list = re.escape(said(lang, ("You have %(num)d play: %(plays)s.", "You have %(num)d plays: %(plays)s."),
                               999, plays="@@")).replace("999", r"\d+").replace("@@", ".*?")
    if state.open_double is not None:
        kind = "open_double"
        end = state.ends[state.open_double]
        must.append(said(lang, "The double %(tile)s at the end of %(train)s is open: until a tile showing %(number)s "
                               "is played on it, nothing else may be played, by either player.",
                         tile=f"{end}-{end}", train=train(lang, state.open_double, seat), number=end))
        if plays:
            # only the double's answers: every legal play is on that train
            assert {a.split(":")[1] for a in plays} == {state.open_double}
            must.append(said(lang, "You can close it with %(tiles)s.",
                             tiles=listed(lang, [canonical(a) for a in plays])))
        never.append(play_list)
    elif f"s{seat}" not in state.ends:
        kind = "own_train"
        must.append(said(lang, "Your train has no tile yet: your first tile must start it from the engine, so it "
                               "must show %(number)s.", number=deal["engine"]))
        never.append(play_list)
    elif plays:
        must.append(said(lang, ("You have %(num)d play: %(plays)s.", "You have %(num)d plays: %(plays)s."),
                         len(plays), plays="").rsplit(":", 1)[0])
    if legal == ["draw"]:
        kind = "draw"
        must.append(said(lang, ("None of your tiles can be played, so you must draw the %(num)d tile left in the "
                                "boneyard: if it can be played, you must play it; if not, you pass.",
                                "None of your tiles can be played, so you must draw one tile from the boneyard "
                                "(%(num)d left): if it can be played, you must play it; if not, you pass."),
                         len(state.boneyard)))
    elif legal == ["pass"]:
        kind = "pass_after_draw" if state.drawn else "pass_empty"
        if state.drawn:
            must.append(said(lang, "The tile you drew cannot be played either, so you pass."))
        else:
            must.append(said(lang, "None of your tiles can be played and the boneyard is empty, so you pass."))
        if state.markers[seat]:
            must.append(said(lang, "Your train already carries a marker, and it keeps it."))
        else:
            must.append(said(lang, "Passing puts a marker on your train: your opponent may play on it until you "
                                   "play on it again."))
    open_to_you = said(lang, "Your opponent's train carries a marker, so it is open to you too until your "
                             "opponent plays on it again.")
    if state.open_double is None and state.markers[1 - seat] and f"s{1 - seat}" in state.ends:
        if f"s{seat}" in state.ends:
            must.append(open_to_you)
        else:  # not before your own train holds a tile
            must.append(said(lang, "Your opponent's train carries a marker: once your own train holds a tile, you may "
                                   "play on it too, until your opponent plays on it again."))
            never.append(re.escape(open_to_you))
    if any(canonical(a).split("-")[0] == canonical(a).split("-")[1] for a in plays):
        must.append(said(lang, "A double keeps your turn: right after it you must lay a second tile on it, drawing "
                               "one if you have none.") if state.boneyard else
                    said(lang, "A double keeps your turn: right after it you must lay a second tile on it; with "
                               "nothing left to draw, if you have none, you pass and the double stays open."))
        kinds["double"] += lang == "en"
    return must, never, kind


def test_explanations_say_what_the_checker_says_in_three_languages(app):
    kinds: Counter = Counter()
    sample = [p for i, p in enumerate(positions(14, 16)) if i % 3 == 0]
    for lang in LANGS:
        with app.test_request_context(f"/?lang={lang}"):
            for deal, history in sample:
                position = engine.position_after(deal, history)
                outcome = checker.outcome(deal, history)
                if outcome is not None:
                    seat = random.Random(len(history)).randrange(2)
                    text = " ".join(words.explain(position, seat))
                    for who, num in ((seat, outcome["pips"][seat]), (1 - seat, outcome["pips"][1 - seat])):
                        msgid = (("You keep %(num)d pip in your hand.", "You keep %(num)d pips in your hand.")
                                 if who == seat else ("Your opponent keeps %(num)d pip in hand.",
                                                      "Your opponent keeps %(num)d pips in hand."))
                        assert said(lang, msgid, num) in text, (lang, text)
                    kinds["over_" + outcome["reason"]] += lang == "en"
                else:
                    seat = checker.replay(deal, history).to_move
                    text = " ".join(words.explain(position, seat))
                    must, never, kind = expected(lang, deal, history, seat, kinds)
                    for sentence in must:
                        assert sentence in text, (lang, sentence, text, deal, history)
                    for pattern in never:
                        assert not re.search(pattern, text), (lang, pattern, text)
                    kinds[kind] += lang == "en"
                    # said to the other player: whose turn it is, and nothing of the hidden hand
                    aside = " ".join(words.explain(position, 1 - seat))
                    assert aside.startswith(said(lang, "It is your opponent's turn."))
                    for tile in checker.replay(deal, history).hands[seat]:
                        assert not re.search(rf"(?<![\d-]){tile[0]}-{tile[1]}(?![\d-])", aside), (tile, aside)
                if lang != "en":
                    assert not ENGLISH.search(text), (lang, text)
    # every situation was met (and checked in the three languages)
    for kind in ("open_double", "own_train", "draw", "pass_after_draw", "play", "over_out", "double"):
        assert kinds[kind] > 0, kinds


def test_a_pass_with_the_boneyard_empty_and_a_blocked_round(app):
    """Designed: seat 0 is stuck with nothing to draw while seat 1 can still play; then neither can."""
    deal = {"engine": 6, "top": 6, "first": 0, "boneyard": [],
            "hands": [["6-5", "3-3", "2-2"], ["6-4", "4-0", "1-1"]]}
    history = ["6-5:s0", "6-4:s1"]
    assert checker.legal_actions(deal, history) == ["pass"]
    position = engine.position_after(deal, history)
    for lang in LANGS:
        with app.test_request_context(f"/?lang={lang}"):
            text = " ".join(words.explain(position, 0))
            assert said(lang, "None of your tiles can be played and the boneyard is empty, so you pass.") in text
            assert said(lang, "Passing puts a marker on your train: your opponent may play on it until you play on "
                              "it again.") in text
    history += ["pass", "4-0:s1"]  # seat 1 plays on; both stuck for good now
    outcome = checker.outcome(deal, history)
    assert outcome == {"winner": 1, "pips": [10, 2], "reason": "blocked"}
    for lang in LANGS:
        with app.test_request_context(f"/?lang={lang}"):
            text = " ".join(words.explain(engine.position_after(deal, history), 0))
            assert said(lang, "The round is blocked: the boneyard is empty and neither of you can play, not even on "
                              "a train with a marker.") in text
            assert said(lang, "Your opponent keeps fewer pips, so your opponent wins the round.") in text
            assert said(lang, ("You keep %(num)d pip in your hand.", "You keep %(num)d pips in your hand."), 10) in text
            if lang != "en":
                assert not ENGLISH.search(text), text


def test_a_double_with_nothing_left_to_draw(app):
    deal = {"engine": 6, "top": 6, "first": 0, "boneyard": [],
            "hands": [["6-5", "5-5", "2-2"], ["6-4", "5-0", "1-1"]]}
    history = ["6-5:s0", "6-4:s1"]
    assert checker.legal_actions(deal, history) == ["5-5:s0"]
    for lang in LANGS:
        with app.test_request_context(f"/?lang={lang}"):
            text = " ".join(words.explain(engine.position_after(deal, history), 0))
            assert said(lang, "A double keeps your turn: right after it you must lay a second tile on it; with nothing "
                              "left to draw, if you have none, you pass and the double stays open.") in text
            after = " ".join(words.explain(engine.position_after(deal, history + ["5-5:s0"]), 0))
            assert said(lang, "The double stays open: your opponent must try to close it next.") in after
            assert said(lang, "None of your tiles can be played and the boneyard is empty, so you pass.") in after
    assert checker.legal_actions(deal, history + ["5-5:s0"]) == ["pass"]


def test_every_refusal_the_engine_gives_is_worded_in_three_languages(app):
    rng = random.Random(3)
    refusals = []
    for deal, history in [p for i, p in enumerate(positions(6, 3)) if i % 4 == 0]:
        position = engine.position_after(deal, history)
        legal = set(checker.legal_actions(deal, history))
        hand = [f"{a}-{b}" for a, b in checker.replay(deal, history).hands[position.to_act]]
        tries = ["draw", "pass", "12-5:s0", "1-1:t9", "9-9:s0"] + [f"{t}:{rng.choice(['s0', 's1', 't1', 't2', 't7'])}"
                                                        for t in rng.sample(hand, min(3, len(hand)))]
        for action in tries:
            if action in legal:
                continue
            with pytest.raises(IllegalMoveError) as refused:  # the checker refuses it: so must the engine
                position.apply(action)
            refusals.append((refused.value.params["reason"], refused.value.params, position.to_act))
    texts: dict[str, list[str]] = {}
    for lang in LANGS:
        with app.test_request_context(f"/?lang={lang}"):
            fallback = words.refusal_words("no such code")
            texts[lang] = [words.refusal_words(code, params, seat) for code, params, seat in refusals]
            assert fallback not in texts[lang]
    for en, vi, id_ in zip(texts["en"], texts["vi"], texts["id"]):
        assert vi != en and id_ != en
        assert not ENGLISH.search(vi) and not ENGLISH.search(id_), (vi, id_)
    # the engine's reasons that random play reaches
    reasons = {code for code, _, _ in refusals}
    assert {"must_play", "not_in_hand", "not_in_set", "no_match", "round_over"} <= reasons, reasons


def test_labels_and_action_words_are_translated(app):
    deal = shuffled_deal(random.Random(5), 12, 12)
    history = []
    rng = random.Random(6)
    for _ in range(25):
        history.append(rng.choice(checker.legal_actions(deal, history)))
    position = engine.position_after(deal, history)
    for lang in LANGS:
        with app.test_request_context(f"/?lang={lang}"):
            labels = words.labels(position, 0)
            assert labels.your_train == said(lang, "Your train") and labels.engine == said(lang, "Engine")
            assert labels.public_train(2) == said(lang, "Public train %(number)s", number=2)
            assert words.action_words("5-12:s0", 0) == said(lang, "%(tile)s on %(train)s", tile="12-5",
                                                            train=said(lang, "your train"))
            assert words.action_words("5-12:s0", 1) == said(lang, "%(tile)s on %(train)s", tile="12-5",
                                                            train=said(lang, "your opponent's train"))
            hand = [str(t) for t in position.hands[0]]
            assert said(lang, ("Your hand holds %(num)d tile: %(tiles)s.", "Your hand holds %(num)d tiles: %(tiles)s."),
                        len(hand), tiles=listed(lang, hand, "standard")) in labels.desc
            if lang != "en":
                assert not ENGLISH.search(labels.desc + labels.title), labels.desc
