"""Issue 18, item 4: one registry of sentences, keyed by namespaced kinds; a sentence two namespaces
say alike is written once. (That the API's explanation, the hint engine's notes, is true of the
position is tests/domino/test_true_sentences.py's.)"""

from __future__ import annotations

import random

import pytest

import tutor.web.backgammon.voice  # noqa: F401  (each wording module registers its tables on import)
import tutor.web.domino.diagrams  # noqa: F401
import tutor.web.domino.voice  # noqa: F401
from tutor.games.backgammon.guided import MOMENTS
from tutor.games.domino import Deal, Required
from tutor.games.domino.diagrams import annotation_notes, describe, load_diagrams
from tutor.games.domino.hints import explain_position
from tutor.web import sentences

NAMESPACES = ("domino.explain", "domino.learner", "domino.diagram", "domino.refusal",
              "backgammon.explain", "backgammon.refusal", "backgammon.hint", "backgammon.moment")


def test_every_namespace_has_its_sentences():
    for namespace in NAMESPACES:
        assert len(sentences.kinds(namespace)) >= 5, namespace
    assert sentences.kinds("backgammon.moment") == set(MOMENTS)  # one summary per guided moment


def test_a_kind_claimed_by_a_second_module_is_refused():
    with pytest.raises(KeyError, match="domino.explain.ends"):
        sentences.register("domino.explain", {"ends": lambda **p: "again"}, owner="some.other.module")
    assert sentences.owner("domino.explain", "ends") == "tutor.web.domino.wording"


def test_the_kinds_two_tables_shared_now_mean_one_thing_per_namespace():
    # the review found web/wording.py and web/diagrams.py both defining these with different parameters
    for kind in ("must_draw", "must_pass"):
        assert sentences.sentence("domino.explain", kind) is not sentences.sentence("domino.diagram", kind)
    # the ones they said alike are written once, in the explanations, and lent to the pictures
    for kind in ("ends", "fits_left", "fits_right"):
        assert sentences.sentence("domino.diagram", kind) is sentences.sentence("domino.explain", kind)
        assert sentences.owner("domino.diagram", kind) == "tutor.web.domino.wording"
    assert sentences.sentence("backgammon.refusal", "body") is sentences.sentence("domino.refusal", "body")


def test_every_note_a_picture_or_an_explanation_gives_has_a_sentence():
    for diagram in load_diagrams().values():
        for note in describe(diagram) + annotation_notes(diagram):
            assert sentences.sentence("domino.diagram", note.kind), (diagram.id, note.kind)
    rng = random.Random(18)
    for seed in range(60):
        position = Deal.from_seed(seed, 2 + seed % 3).position()
        while True:
            for note in explain_position(position):
                assert sentences.sentence("domino.explain", note.kind), note.kind
            if position.required() is Required.OVER:
                break
            position = position.apply(rng.choice(position.legal_actions()))


def test_each_game_offers_the_core_the_same_small_interface():
    import inspect
    import sys

    import tutor.course
    import tutor.games.backgammon.course
    from tutor.course import GameCourse

    members = [name for name, value in vars(GameCourse).items() if inspect.isfunction(value) and not name.startswith("_")]
    assert sorted(members) == ["find", "load_course", "neighbours"]  # small, as issue 18 asks
    for game in (sys.modules["tutor.course"], tutor.games.backgammon.course):
        assert isinstance(game, GameCourse), game.__name__
        for name in members:
            wanted = [p for p in inspect.signature(getattr(GameCourse, name)).parameters if p != "self"]
            assert [p for p in inspect.signature(getattr(game, name)).parameters if p != "directory"] == wanted, (game, name)
        sections = game.load_course()
        first = sections[0]
        assert game.find(first.id, first.steps[0].id) == (first, first.steps[0])
        assert game.neighbours(first, first.steps[0])[0] is None
