"""The course: every step renders in every language, translated, with its diagram, and its check
question is judged by the rules (compared here with the independent checker)."""

import html
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import independent_checker as checker
from tutor.course import load_course
from tutor.games.domino.questions import options

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "vi", "id"]
STEPS = [(section, step) for section in load_course() for step in section.steps]


def catalog(lang):
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        # lesson text has no msgctxt: an entry with a context is another role of the same English word
        return {m.id: m.string for m in read_po(f, locale=lang) if m.id and isinstance(m.id, str) and not m.context}


CATALOGS = {lang: catalog(lang) for lang in LANGS}


def visible_text(page: str) -> str:
    page = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def squash(text: str) -> str:
    return " ".join(text.split())


def test_the_course_has_the_nine_rulebook_sections_in_order():
    # then the other ways to play, a section per rule set (tests/domino/test_diagrams_rule_sets.py)
    assert [s.id for s in load_course() if not s.part] == [
        "objective", "tiles", "dealing", "turn", "boneyard", "doubles", "blocked", "scoring", "strategy"]


def test_each_rulebook_diagram_appears_in_its_section():
    placed = {step.diagram: section.id for section, step in STEPS if step.diagram and not section.part}
    assert placed == {"D1": "tiles", "D2": "dealing", "D3": "turn", "D4": "boneyard", "D5": "doubles",
                      "D6": "blocked", "D7": "scoring", "D8": "strategy"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("section,step", STEPS, ids=[f"{s.id}/{t.id}" for s, t in STEPS])
def test_every_step_renders_translated_with_its_diagram(client, lang, section, step):
    r = client.get(f"/{lang}/domino/lessons/{section.id}/{step.id}")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert f'<html lang="{lang}">' in page
    text = squash(visible_text(page))
    strings = [section.title, step.title, *step.text]
    if step.question:
        strings += [step.question.text]
    for msgid in strings:
        translated = CATALOGS[lang][msgid]
        # a question names facts of its position (%(you)s...): every piece of text around them is there
        for piece in re.split(r"%\(\w+\)s", translated):
            assert squash(piece) in text, (lang, msgid)
        if lang != "en" and translated != msgid:
            assert squash(re.split(r"%\(\w+\)s", msgid)[0]) not in text, f"English left in the {lang} page: {msgid}"
    if step.diagram:
        assert f'data-diagram="{step.diagram}"' in page and "<svg" in page
    # the language switcher keeps the learner on this step
    for other in LANGS:
        assert f'href="/{other}/domino/lessons/{section.id}/{step.id}"' in page


def test_previous_and_next_walk_the_whole_course_in_order(client):
    url = f"/en/domino/lessons/{STEPS[0][0].id}/{STEPS[0][1].id}"
    visited = []
    while url:
        page = client.get(url).get_data(as_text=True)
        visited.append(url)
        found = re.search(r'<a rel="next" href="([^"]+)"', page)
        url = found and found[1]
    assert visited == [f"/en/domino/lessons/{s.id}/{t.id}" for s, t in STEPS]


def test_the_domino_course_lists_every_section_with_a_link(client):
    page = client.get("/vi/domino/").get_data(as_text=True)
    for section in load_course():
        assert f'href="/vi/domino/lessons/{section.id}/{section.steps[0].id}"' in page
        assert html.escape(CATALOGS["vi"][section.title]) in page


def test_root_picks_the_browsers_language(client):
    assert client.get("/", headers={"Accept-Language": "id-ID,id;q=0.9,en;q=0.5"}).location.endswith("/id/")
    assert client.get("/", headers={"Accept-Language": "vi"}).location.endswith("/vi/")
    assert client.get("/", headers={"Accept-Language": "fr"}).location.endswith("/en/")


@pytest.mark.parametrize("url", ["/fr/", "/en/domino/lessons/nothing/", "/en/domino/lessons/turn/nothing", "/vi/domino/lessons/turn/../x"])
def test_unknown_pages_are_localized_404s(client, url):
    r = client.get(url)
    assert r.status_code == 404


QUESTIONS = [(section, step) for section, step in STEPS if step.question]


#: RULES.md: "7 tiles with 2 players, 5 tiles with 3 or 4".
HAND_SIZES = {2: 7, 3: 5, 4: 5}


def checker_accepts(kind: str, position, value: str, question=None) -> bool:
    """The independent checker's verdict on an answer (a count or a match question also needs the
    question's own facts: what it counts, the totals before the round)."""
    if position.rules.name != "playboard":  # a question on another rule set's diagram (VARIANTS.md)
        from test_diagrams_rule_sets import rule_set_accepts

        return rule_set_accepts(kind, value, question)
    data = position.to_json()
    del data["boneyard"]
    if kind == "count" and question.count == "hand_size":
        return value == str(HAND_SIZES[len(data["hands"])])
    if kind == "count" and question.count == "pips":  # Mexican Train: the pips left in the learner's hand
        return value == str(sum(int(n) for t in question.hands[0] for n in t.split("-")))
    if kind == "count":  # tiles showing the number that are neither on the table nor in the learner's hand
        seen = {frozenset(map(int, t.split("-"))) for t in data["line"] + data["hands"][0]}
        unseen = [(a, b) for a in range(7) for b in range(a, 7)
                  if question.number in (a, b) and frozenset((a, b)) not in seen]
        return value == str(len(unseen))
    answer = checker.analyze(data)
    if kind == "match":
        totals = list(question.totals)
        result = answer["result"]
        if result["winner"] is not None:
            totals[result["winner"]] += result["points"]
        winners = [seat for seat, total in enumerate(totals) if total >= 100]
        return value == (str(winners[0]) if winners else "nobody")
    if kind == "action":
        return value == answer["action"]
    if kind == "move":
        moves = {m["tile"] + ("" if m["end"] is None else m["end"][0].upper()) for m in answer["legal_moves"]}
        return value in moves
    if kind == "winner":
        winner = answer["result"]["winner"]
        return value == ("nobody" if winner is None else str(winner))
    return value == str(answer["result"]["points"])


@pytest.mark.parametrize("section,step", QUESTIONS, ids=[f"{s.id}/{t.id}" for s, t in QUESTIONS])
def test_check_questions_are_judged_by_the_rules(client, section, step):
    from tutor.games.domino.questions import position_of

    question = step.question
    position = position_of(question)
    values = [o.value for o in options(question.kind, position)] or [str(n) for n in range(0, 60)]
    right = 0
    for value in values:
        r = client.post(f"/en/domino/lessons/{section.id}/{step.id}", data={"answer": value})
        assert r.status_code == 200
        page = r.get_data(as_text=True)
        expected = checker_accepts(question.kind, position, value, question)
        right += expected
        assert ('class="feedback right' in page) == expected, value
        assert ('class="feedback wrong' in page) != expected, value
    assert right >= 1


@pytest.mark.parametrize("lang", LANGS)
def test_a_malformed_answer_is_a_localized_400(client, lang):
    section, step = next((s, t) for s, t in QUESTIONS if t.question.kind not in ("points", "count"))  # a question with buttons
    r = client.post(f"/{lang}/domino/lessons/{section.id}/{step.id}", data={"answer": "9-9Z"})
    assert r.status_code == 400
    page = r.get_data(as_text=True)
    assert CATALOGS[lang]["That answer is not one of the choices. Pick one of the buttons."] in html.unescape(page)
