"""Questions that teach (issue 11, item 7): a question in every section, from engine positions; a
wrong answer gets the reason THAT choice is wrong and one more try before the answer is shown;
captions and highlights that give the answer away wait for the answer."""

import html
import re

import pytest

import independent_checker as checker
from test_lessons import CATALOGS, checker_accepts, squash, visible_text
from tutor.course import load_course
from tutor.games.domino.questions import options, position_of

LANGS = ["en", "vi", "id"]
SECTIONS = load_course()
ASKED = [(section, step) for section in SECTIONS for step in section.steps if step.question]
IDS = [f"{s.id}/{t.id}" for s, t in ASKED]


def analysis(position) -> dict:
    data = position.to_json()
    del data["boneyard"]
    return checker.analyze(data)


def answers(question, position) -> tuple[list[str], list[str]]:
    """The values the independent checker accepts and refuses (numbers 0..40 for typed answers)."""
    values = [o.value for o in options(question.kind, position)] or [str(n) for n in range(41)]
    right = [v for v in values if checker_accepts(question.kind, position, v, question)]
    return right, [v for v in values if v not in right]


def feedback(page: str) -> str:
    found = re.search(r'<div class="feedback[^"]*"[^>]*>(.*?)</div>', page, re.S)
    return squash(html.unescape(re.sub(r"<[^>]+>", " ", found[1]))) if found else ""


def post(client, lang, section, step, **form):
    r = client.post(f"/{lang}/domino/lessons/{section.id}/{step.id}", data=form)
    assert r.status_code == 200
    return r.get_data(as_text=True)


def test_every_section_asks_and_the_course_asks_about_the_rules_that_trip_learners():
    assert {section.id for section, _ in ASKED} == {section.id for section in SECTIONS}
    found = set()
    for _section, step in ASKED:
        question = step.question
        position = position_of(question)
        if position.rules.name != "playboard":  # the other rule sets: tests/domino/test_diagrams_rule_sets.py
            continue
        if question.kind == "count" and question.count == "hand_size":
            found.add("hand sizes")
        result = analysis(position)["result"] if question.kind in ("winner", "points", "match") else None
        if result and result["reason"] == "blocked":
            lowest = min(result["pips"])
            if result["pips"].count(lowest) > 1:
                found.add("ties")
            elif question.kind == "winner":
                found.add("blocked winner")
            elif question.kind == "points":
                found.add("blocked points")
        if question.kind == "match":
            found.add("the 100-point match")
    assert found == {"hand sizes", "ties", "blocked winner", "blocked points", "the 100-point match"}


def test_blocked_round_questions_come_from_rounds_the_engine_played():
    rounds = [step.question for _s, step in ASKED if step.question.round]
    assert len(rounds) >= 3
    for question in rounds:
        position = position_of(question)
        answer = analysis(position)
        # the independent checker agrees that the round is over, blocked, with an empty boneyard
        assert answer["action"] == "over" and answer["result"]["reason"] == "blocked"
        assert not position.boneyard and len(position.line) + sum(len(position.hand(s)) for s in range(2)) == 28


@pytest.mark.parametrize("section,step", ASKED, ids=IDS)
def test_a_wrong_answer_gets_its_reason_and_one_more_try(client, section, step):
    question = step.question
    position = position_of(question)
    right, wrong = answers(question, position)
    assert right and wrong
    explain = squash(CATALOGS["en"][question.explain])
    for value in wrong[:12]:
        first = post(client, "en", section, step, answer=value)
        said = feedback(first)
        assert 'class="feedback wrong again"' in first and said.startswith("Not quite.") and "Try once more." in said
        assert explain not in said and "The answer is" not in said, value
        assert re.search(r'<input type="hidden" name="tries" value="1">', first)
        second = post(client, "en", section, step, answer=value, tries="1")
        said = feedback(second)
        assert 'class="feedback wrong"' in second and "The answer is" in said and explain in said
        assert 'name="tries"' not in second
    for value in right:
        page = post(client, "en", section, step, answer=value)
        assert 'class="feedback right"' in page and explain in feedback(page)


@pytest.mark.parametrize("section,step", [(s, t) for s, t in ASKED if options(t.question.kind, position_of(t.question))],
                         ids=[i for (s, t), i in zip(ASKED, IDS) if options(t.question.kind, position_of(t.question))])
def test_the_reason_is_about_the_choice_made(client, section, step):
    """Different wrong choices get different reasons, and a wrong move names its own tile."""
    question = step.question
    position = position_of(question)
    _right, wrong = answers(question, position)
    reasons = {value: feedback(post(client, "en", section, step, answer=value)) for value in wrong}
    if question.kind == "move":
        for value, said in reasons.items():
            assert value[:3] in said, (value, said)
    if question.kind in ("action", "winner", "match") and len(wrong) > 1:
        assert len(set(reasons.values())) == len(wrong), reasons


@pytest.mark.parametrize("wrong,says", [("11", "is what the other hands hold"), ("14", "You added the winner's own pips"),
                                        ("2", "is how many tiles are left")])
def test_a_typed_number_gets_the_mistake_it_shows(client, wrong, says):
    section, step = next((s, t) for s, t in ASKED if t.id == "points-for-a-blocked-round")
    result = analysis(position_of(step.question))["result"]
    assert result["pips"] == [3, 11] and result["tiles"] == [3, 2]  # the mistakes below are about these hands
    assert says in feedback(post(client, "en", section, step, answer=wrong))


@pytest.mark.parametrize("tries,final", [("abc", False), ("", False), ("1", True), ("99", True)])
def test_a_tampered_attempt_number_only_changes_when_the_answer_shows(client, tries, final):
    section, step = next((s, t) for s, t in ASKED if t.id == "choose-an-end")
    said = feedback(post(client, "en", section, step, answer="5-4R", tries=tries))
    assert ("The answer is" in said) == final and said.startswith("Not quite.")


@pytest.mark.parametrize("lang", LANGS)
def test_captions_and_highlights_wait_for_the_answer(client, lang):
    from tutor.games.domino.diagrams import diagram_by_id

    section, step = next((s, t) for s, t in ASKED if t.id == "choose-an-end")
    caption = squash(CATALOGS[lang][diagram_by_id("D3").caption])
    figure = lambda page: re.search(r'<figure class="diagram" data-diagram="D3".*?</figure>', page, re.S)[0]
    before = client.get(f"/{lang}/domino/lessons/{section.id}/{step.id}").get_data(as_text=True)
    assert 'class="ring"' not in figure(before) and caption not in squash(visible_text(before))
    first_wrong = post(client, lang, section, step, answer="5-4R")
    assert 'class="ring"' not in figure(first_wrong) and caption not in squash(visible_text(first_wrong))
    after = post(client, lang, section, step, answer="5-4L")
    assert 'class="ring"' in figure(after) and caption in squash(visible_text(after))
    # a winner question's picture keeps the score under it until the answer is known
    section, step = next((s, t) for s, t in ASKED if t.id == "playing-out")
    before = client.get(f"/{lang}/domino/lessons/{section.id}/{step.id}").get_data(as_text=True)
    after = post(client, lang, section, step, answer="0")
    assert 'data-answers="hidden"' in before and 'data-answers="hidden"' not in after


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("section,step", ASKED, ids=IDS)
def test_the_feedback_is_in_the_learners_language(client, lang, section, step):
    question = step.question
    _right, wrong = answers(question, position_of(question))
    first = feedback(post(client, lang, section, step, answer=wrong[0]))
    second = feedback(post(client, lang, section, step, answer=wrong[0], tries="1"))
    assert first.startswith(CATALOGS[lang]["Not quite. %(why)s"].split("%")[0].strip())
    assert CATALOGS[lang]["Try once more."] in first
    assert CATALOGS[lang]["The answer is: %(answer)s."].split("%")[0].strip() in second
    if lang != "en":
        assert "Not quite" not in first + second and "The answer is" not in second


@pytest.mark.parametrize("section,step", [(s, t) for s, t in ASKED if t.question.diagram],
                         ids=[i for (s, t), i in zip(ASKED, IDS) if t.question.diagram])
def test_what_a_screen_reader_hears_waits_for_the_answer_too(client, section, step):
    """The picture's description (its <desc>) does not say what the rules require, nor the score,
    until the question is answered."""
    question = step.question
    desc = lambda page: " ".join(re.findall(r"<desc[^>]*>(.*?)</desc>", page, re.S)).lower()
    right, _wrong = answers(question, position_of(question))
    before = desc(client.get(f"/en/domino/lessons/{section.id}/{step.id}").get_data(as_text=True))
    after = desc(post(client, "en", section, step, answer=right[0]))
    assert before != after or question.kind == "count"  # a count's answer is never in the picture's words
    if question.kind == "action":
        assert right[0] not in before and right[0] in after
    if question.kind in ("points", "winner"):
        assert "pips" not in before and "pips" in after
    if question.kind == "move":
        assert " fits " not in before and "must be your first tile" not in before


@pytest.mark.parametrize("section,step", ASKED, ids=IDS)
def test_the_numbers_in_an_explanation_agree_with_the_position(section, step):
    """An author's explanation may do the arithmetic: every sum in it is right, and for a points or
    match question its last result is what the independent checker scores (or the new total)."""
    question = step.question
    sums = re.findall(r"(\d+) ([+−]) (\d+) = (\d+)", question.explain)
    for a, op, b, result in sums:
        assert (int(a) + int(b) if op == "+" else int(a) - int(b)) == int(result), question.explain
    if sums and question.kind == "points":
        assert checker_accepts("points", position_of(question), sums[-1][3], question)
    if sums and question.kind == "match":
        points = analysis(position_of(question))["result"]["points"]
        assert (int(sums[-1][0]), int(sums[-1][2])) == (question.totals[0], points)
