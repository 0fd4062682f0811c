"""The backgammon course: one section per rulebook heading, every diagram shown in a step, every
question answered by the engine (and the play questions again by gnubg), pages reachable from the
home page in every language, the language switcher keeping the step, bad answers refused."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlparse

import pytest

import backgammon_gnubg as gnu
from tutor.games.backgammon import course
from tutor.games.backgammon.diagrams import SECTIONS, diagram_by_id, load_diagrams

LANGS = ("vi", "id", "en")
COURSE = course.load_course()
QUESTIONS = [(s.id, t.id, t.question) for s in COURSE for t in s.steps if t.question]


def test_one_section_per_rulebook_heading_in_order():
    assert [s.id for s in COURSE] == list(SECTIONS)


def test_every_diagram_is_shown_in_a_step():
    shown = {t.diagram for s in COURSE for t in s.steps} | {t.question.diagram for s in COURSE for t in s.steps if t.question}
    assert set(load_diagrams()) <= shown


@pytest.mark.parametrize("section_id,step_id,question", QUESTIONS, ids=[f"{s}/{t}" for s, t, _ in QUESTIONS])
def test_each_question_has_exactly_one_right_answer(section_id, step_id, question):
    assert len(course.correct_options(question)) == 1


@pytest.mark.parametrize("section_id,step_id,question",
                         [q for q in QUESTIONS if q[2].kind == "play"], ids=lambda v: getattr(v, "diagram", str(v)))
def test_play_questions_agree_with_gnubg(section_id, step_id, question):
    position = diagram_by_id(question.diagram).position
    board = gnu.read(position.to_text()).board
    ends = gnu.ends(board, position.dice)
    gnubg_right = [i for i, option in enumerate(question.options)
                   if (option == course.NO_PLAY and not ends)
                   or (option != course.NO_PLAY and gnu.apply(board, option) in ends)]
    assert gnubg_right == course.correct_options(question)


def test_a_question_that_claims_nothing_is_refused(tmp_path):
    (tmp_path / "01-summary.toml").write_text('''id = "summary"
title = "t"
summary = "s"
[[steps]]
id = "a"
title = "t"
text = "x"
[steps.question]
kind = "guess"
diagram = "B1"
text = "?"
options = ["1", "2"]
''', encoding="utf-8")
    with pytest.raises(course.CourseError, match="kind"):
        course.load_course.__wrapped__(tmp_path)


@pytest.mark.parametrize("lang", LANGS)
def test_right_and_wrong_answers_are_judged_in_the_learners_language(client, lang):
    url = f"/{lang}/backgammon/lessons/two-dice/higher-die"
    question = course.find("two-dice", "higher-die")[1].question
    right = course.correct_options(question)[0]
    wrong = next(i for i in range(len(question.options)) if i != right)
    good = client.post(url, data={"answer": str(right)})
    bad = client.post(url, data={"answer": str(wrong)})
    assert good.status_code == bad.status_code == 200
    assert 'class="feedback right"' in good.get_data(as_text=True)
    assert 'class="feedback wrong again"' in bad.get_data(as_text=True)  # a first wrong answer: one more try
    assert good.get_data(as_text=True) != bad.get_data(as_text=True)
    # the right answer's words are not on the page until the last try (the phone walk: "no real second try")
    shown = unescape(good.get_data(as_text=True).split('class="feedback right"')[1].split("</div>")[0])
    assert shown.split("</p>")[1] not in unescape(bad.get_data(as_text=True))
    assert 'name="tries" value="1"' in bad.get_data(as_text=True)
    last = client.post(url, data={"answer": str(wrong), "tries": "1"})
    assert 'class="feedback wrong"' in last.get_data(as_text=True) and 'name="tries"' not in last.get_data(as_text=True)


@pytest.mark.parametrize("answer", ["9", "-1", "x", "", "1" * 30])
def test_a_tampered_answer_is_a_localized_400(client, answer):
    response = client.post("/vi/backgammon/lessons/two-dice/higher-die", data={"answer": answer})
    assert response.status_code == 400
    assert 'class="feedback wrong"' in response.get_data(as_text=True)
    assert "Choose one of the answers shown." not in response.get_data(as_text=True)  # said in Vietnamese


def test_unknown_section_step_and_method(client):
    assert client.get("/en/backgammon/lessons/nowhere/x").status_code == 404
    assert client.get("/en/backgammon/lessons/board/nowhere").status_code == 404
    assert client.post("/en/backgammon/lessons/board/start", data={"answer": "0"}).status_code == 405


def _links(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'href="([^"#]+)', html)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_and_diagram_is_reachable_from_the_home_page(client, lang):
    seen, queue = set(), [f"/{lang}/"]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        response = client.get(url)
        assert response.status_code == 200, url
        if url == f"/{lang}/" or "/backgammon/" in url:
            for link in _links(response.get_data(as_text=True)):
                path = urlparse(link).path
                if path.startswith(f"/{lang}/backgammon/") and not path.endswith(".svg"):
                    queue.append(path)
    steps = {f"/{lang}/backgammon/lessons/{s.id}/{t.id}" for s in COURSE for t in s.steps}
    assert steps <= seen
    assert f"/{lang}/backgammon/diagrams/" in seen


def test_the_language_switcher_keeps_the_step(client):
    html = client.get("/vi/backgammon/lessons/bear-off/hit-while-bearing-off").get_data(as_text=True)
    for lang in ("id", "en"):
        assert f'href="/{lang}/backgammon/lessons/bear-off/hit-while-bearing-off"' in html


def test_a_question_about_the_picture_hides_its_caption_until_answered(client):
    url = "/en/backgammon/lessons/points/blocked"
    caption = diagram_by_id("B3").caption
    question = course.find("points", "blocked")[1].question
    right = course.correct_options(question)[0]
    wrong = str(next(i for i in range(len(question.options)) if i != right))
    assert caption not in unescape(client.get(url).get_data(as_text=True))
    assert caption not in unescape(client.post(url, data={"answer": wrong}).get_data(as_text=True))  # try again
    assert caption in unescape(client.post(url, data={"answer": wrong, "tries": "1"}).get_data(as_text=True))
    assert caption in unescape(client.post(url, data={"answer": str(right)}).get_data(as_text=True))


def notation_word(lang: str, word: str) -> str:
    """The catalog's word for "bar" or "off" in the notation (read from the .po file itself)."""
    import polib

    from tutor.paths import TRANSLATIONS
    catalog = polib.pofile(str(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"))
    entry = next(e for e in catalog if e.msgctxt == "backgammon notation" and e.msgid == word)
    return entry.msgstr or word


@pytest.mark.parametrize("lang", LANGS)
def test_the_handout_holds_every_section_picture_and_answer(client, lang):
    html = client.get(f"/{lang}/backgammon/handout/").get_data(as_text=True)
    assert [s.id for s in COURSE] == re.findall(r'<section class="handout-section" id="section-([a-z-]+)"', html)
    # every board once as a step's figure (a question's board again beside its exercise)
    figures = re.findall(r'<figure class="diagram handout-figure" id="(B\d+)"', html)
    assert sorted(figures) == sorted(load_diagrams()) and len(figures) == len(set(figures))
    # the answers at the end: one per question, in order, each the option the engine accepts
    answers = [unescape(a) for a in re.findall(
        r'<div class="answer-item" data-label="[\d.]+">.*?<strong class="answer-text">([^<]*)</strong>', html, re.S)]
    exercises = [exercise for section in COURSE for exercise in section.exercises]  # the worksheets' own, after
    assert len(answers) == len(QUESTIONS) + len(exercises)
    by_section = {}
    for section_id, _t, question in QUESTIONS:
        by_section.setdefault(section_id, []).append(question)
    asked = [q for section in COURSE for q in by_section.get(section.id, []) + list(section.exercises)]
    for answer, question in zip(answers, asked):
        if not question.options:  # a number written in: the engine's, in words for points
            assert answer.split()[0] == str(course.answer_value(question)), answer
            continue
        right = question.options[course.correct_options(question)[0]]
        if question.kind == "points":
            assert re.fullmatch(rf"{right}\D+", answer), (answer, right)  # "4 points", "4 điểm", "4 poin"
        elif right != course.NO_PLAY:  # the notation, with "bar" and "off" in the catalog's words
            assert answer == re.sub(r"\b(bar|off)\b", lambda m: notation_word(lang, m[1]), right)
    # the old address (no final slash) still leads there
    old = client.get(f"/{lang}/backgammon/handout")
    assert old.status_code in (301, 308) and old.headers["Location"].endswith(f"/{lang}/backgammon/handout/")


# ----- one course loader for both games --------------------------------------------------------------
def test_both_courses_come_from_the_one_loader(tmp_path):
    """The backgammon course is tutor.course's sections and steps, read by its read_sections from
    lessons/backgammon/; only the question is the game's own."""
    import tutor.course as shared

    assert type(COURSE[0]) is shared.Section and type(COURSE[0].steps[0]) is shared.Step
    assert course.find("two-dice")[0] is COURSE[[s.id for s in COURSE].index("two-dice")]
    # the loader reads any game's directory with that game's question parser: one file, both kinds
    (tmp_path / "01-summary.toml").write_text('''id = "summary"
title = "t"
summary = "s"
[[steps]]
id = "a"
title = "t"
text = ["x", "y"]
notes = "n"
[[steps]]
id = "b"
title = "t"
text = "x"
[steps.question]
kind = "count"
diagram = "B2"
text = "?"
options = ["7", "11"]
''', encoding="utf-8")
    sections = course.load_course.__wrapped__(tmp_path)
    assert [(s.id, [t.id for t in s.steps]) for s in sections] == [("summary", ["a", "b"])]
    assert sections[0].steps[0].text == ("x", "y") and sections[0].steps[0].notes == ("n",)
    assert [sections[0].steps[1].question.options[i] for i in course.correct_options(sections[0].steps[1].question)] == ["7"]
    before, after = shared.neighbours_in(sections, sections[0], sections[0].steps[1])
    assert before[1].id == "a" and after is None
    # a domino question is not a backgammon one: the same file fails the domino parser
    with pytest.raises(shared.CourseError, match="unknown keys"):
        shared.load_course.__wrapped__(tmp_path)


def test_a_section_the_rulebook_does_not_have_and_a_missing_picture_are_refused(tmp_path):
    (tmp_path / "01-nowhere.toml").write_text('id = "nowhere"\ntitle = "t"\nsummary = "s"\n[[steps]]\nid = "a"\ntitle = "t"\ntext = "x"\n', encoding="utf-8")
    with pytest.raises(course.CourseError, match="id must be one of"):
        course.load_course.__wrapped__(tmp_path)
    (tmp_path / "01-nowhere.toml").write_text('id = "summary"\ntitle = "t"\nsummary = "s"\n[[steps]]\nid = "a"\ntitle = "t"\ntext = "x"\ndiagram = "B99"\n', encoding="utf-8")
    with pytest.raises(course.CourseError, match="no diagram B99"):
        course.load_course.__wrapped__(tmp_path)


# ----- saved progress: what tutor.js reads from the pages ---------------------------------------------
def _toml_course() -> list[tuple[str, list[dict]]]:
    """The lesson files read directly (not through the loader): section ids and their steps, in order."""
    import tomllib
    from pathlib import Path

    files = sorted((Path(__file__).resolve().parents[2] / "lessons" / "backgammon").glob("[0-9][0-9]-*.toml"))
    return [(d["id"], d["steps"]) for d in (tomllib.loads(p.read_text(encoding="utf-8")) for p in files)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_tells_the_browser_where_it_is_and_what_comes_next(client, lang):
    flat = [(section_id, step) for section_id, steps in _toml_course() for step in steps]
    for i, (section_id, step) in enumerate(flat):
        html = client.get(f"/{lang}/backgammon/lessons/{section_id}/{step['id']}").get_data(as_text=True)
        main = re.search(r"<main [^>]*>", html).group(0)
        assert 'data-game="backgammon"' in main  # its own progress record, not the domino course's
        assert f'data-section="{section_id}"' in main and f'data-step="{step["id"]}"' in main
        following = f"{flat[i + 1][0]}/{flat[i + 1][1]['id']}" if i + 1 < len(flat) else ""
        assert f'data-next="{following}"' in main
        assert f'data-question="{"yes" if "question" in step else ""}"' in main


@pytest.mark.parametrize("lang", LANGS)
def test_the_course_page_and_the_home_page_offer_continue_and_a_reset_per_section(client, lang):
    page = client.get(f"/{lang}/backgammon/").get_data(as_text=True)
    assert re.search(r"<main [^>]*data-game=\"backgammon\"", page)
    items = re.findall(r'<li data-section="([a-z-]+)" data-steps="([^"]*)"\s+data-questions="([^"]*)">(.*?)</li>', page, re.S)
    expected = _toml_course()
    assert [i[0] for i in items] == [s for s, _steps in expected]
    for (section_id, steps, questions, body), (_s, toml_steps) in zip(items, expected):
        assert steps.split() == [t["id"] for t in toml_steps]
        assert questions.split() == [t["id"] for t in toml_steps if "question" in t]
        assert body.count('class="reset" hidden') == 1 and body.count('class="progress-text" hidden') == 1
        assert [t for t in re.findall(r'class="step-title" data-step="([^"]+)"', body)] == steps.split()
    start = re.search(r'<a class="button primary big start"[^>]*>', page).group(0)
    first_section, first_steps = expected[0]
    assert f'href="/{lang}/backgammon/lessons/{first_section}/{first_steps[0]["id"]}"' in start
    assert f'data-step-url="/{lang}/backgammon/lessons/SECTION/STEP"' in start
    home = client.get(f"/{lang}/").get_data(as_text=True)
    starts = re.findall(r'<a class="button[^"]*(?:start|resume)"[^>]*>', home)
    assert len(starts) == 2  # the domino course's, as before, and the backgammon course's
    assert starts[0].startswith('<a class="button primary big start"') and starts[1].startswith('<a class="button primary big resume"')
    assert f'data-step-url="/{lang}/domino/lessons/SECTION/STEP"' in starts[0]
    assert f'data-step-url="/{lang}/backgammon/lessons/SECTION/STEP"' in starts[1]
    # each button reads its own course's progress (tutor.js: the closest data-game, else dominoes)
    cards = re.findall(r'<section class="game-card"([^>]*)>(.*?)</section>', home, re.S)
    assert [("data-game" in attrs, start in body) for (attrs, body), start in zip(cards, starts)] == [(False, True), (True, True)]
    assert 'data-game="backgammon"' in cards[1][0]


def test_the_counting_question_names_every_play_gnubg_finds():
    """The phone walk: "its explanation doesn't list the seven". It does, and each play it names
    ends where one of GNU Backgammon's plays for 6-5 from the start ends, one each."""
    question = course.find("dice", "counting-plays")[1].question
    named = re.findall(r"\d+/\d+(?:/\d+)?(?: \d+/\d+)?", question.explain.split(":", 1)[1])
    start = gnu.read("W 24x2 13x5 8x3 6x5 | B 1x2 12x5 17x3 19x5 | W 6-5")
    ends = {p.end for p in gnu.plays(start.board, (6, 5))}
    assert {gnu.apply(start.board, play) for play in named} == ends and len(named) == len(ends) == 7
