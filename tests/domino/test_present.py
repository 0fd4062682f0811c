"""Presenter mode and the handout, server side: every section's slides and notes in every language,
plain links that work without JavaScript, clear 404s, and a handout whose exercises are answered by
the engine (checked against the independent checker, and shown to follow the engine)."""

from __future__ import annotations

import html
import re

from site_pages import localized_play
from pathlib import Path

import pytest

from tutor.games.domino.rules import RULE_SETS
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from flask_babel import force_locale

import independent_checker as checker
from tutor.games.domino import questions
from tutor.course import load_course
from tutor.games.domino.diagrams import load_diagrams
from tutor.games.domino.mexican_train.diagrams import load_mexican_diagrams
from tutor.games.domino import Position
from tutor.web import present
from tutor.web.domino import present as domino_present
from tutor.web.domino.slides import needs_a_slide

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["vi", "id", "en"]
SECTIONS = load_course()
DIAGRAMS = {**load_diagrams(), **load_mexican_diagrams()}  # the handout prints Mexican Train's too
OWN_TEMPLATES = sorted((ROOT / "templates" / "present").glob("*.html"))


def catalog(lang):
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        # entries with a msgctxt are other senses of the same English (pgettext): not the lessons'
        return {m.id: m.string for m in read_po(f, locale=lang) if m.id and isinstance(m.id, str) and not m.context}


CATALOGS = {lang: catalog(lang) for lang in LANGS}


def translated(lang: str, msgid: str) -> str:
    return CATALOGS[lang].get(msgid) or msgid


def squash(text: str) -> str:
    return " ".join(html.unescape(text).split())


def visible_text(page: str) -> str:
    page = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", page, flags=re.S)
    return squash(re.sub(r"<[^>]+>", " ", page))


def slides_in(page: str) -> list[tuple[str, bool]]:
    """(data-number, hidden) of each slide section in a deck page."""
    found = re.findall(r'<section class="slide[^"]*"\s+id="slide-(\d+)"(.*?)>', page, flags=re.S)
    return [(number, " hidden" in attrs.split("aria-label")[-1]) for number, attrs in found]


def deck_slides(section):
    """A section's slides as its deck shows them, a slide of its own for each picture whose tiles
    need the room (tutor.web.domino.slides.needs_a_slide)."""
    return present.slides_of(section, domino_present.DOMINOES)


def get(client, url, status=200):
    response = client.get(url)
    assert response.status_code == status, (url, response.status_code)
    return response.get_data(as_text=True)


# ----- presenter mode ---------------------------------------------------------------------------
def test_no_step_is_called_like_the_notes_page():
    assert all(step.id != present.NOTES for s in SECTIONS for step in s.steps)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("section", SECTIONS, ids=[s.id for s in SECTIONS])
def test_every_section_presents_in_every_language(client, lang, section):
    page = get(client, f"/{lang}/domino/present/{section.id}/")
    assert f'<html lang="{lang}"' in page
    slides = slides_in(page)
    questions_asked = sum(1 for step in section.steps if step.question)
    # a picture whose tiles would be too small beside its text gets the slide after it (when the
    # step's own question does not show it large)
    alone = [step for step in section.steps if step.diagram and needs_a_slide(step.diagram)
             and not (step.question and step.question.diagram == step.diagram)]
    assert len(slides) == len(section.steps) + questions_asked + len(alone)
    deck = deck_slides(section)
    for step in alone:
        picture = re.search(rf'<section class="slide[^"]*\balone\b[^"]*"[^>]*data-url="/{lang}/domino/present/{section.id}/{step.id}/picture"',
                            page)
        assert picture, step.id
        number = next(s.number for s in deck if s.step == step and not s.picture and not s.question)
        text_slide = re.search(rf'<section class="slide[^"]*"\s+id="slide-{number}".*?</section>', page, re.S)
        assert text_slide and "<svg" not in text_slide.group(0), step.id  # its text's slide has the text only
    assert [hidden for _n, hidden in slides] == [False] + [True] * (len(slides) - 1)
    text = visible_text(page)
    for step in section.steps:
        for msgid in [step.title, *step.text] + ([step.question.text] if step.question else []):
            # a question names facts of its position (%(tiles)s...): the text around them is there
            for piece in re.split(r"%\(\w+\)s", translated(lang, msgid)):
                assert squash(piece) in text, msgid
    # each step's diagram is on its slide, with ids unique across the page
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    for step in section.steps:
        if step.diagram:
            assert f'data-diagram="{step.diagram}"' in page
    # the speaker notes link and the way out to the lesson
    assert f'href="/{lang}/domino/present/{section.id}/notes?slide=1"' in page
    assert f'class="leave" href="/{lang}/domino/lessons/{section.id}/{section.steps[0].id}"' in page


@pytest.mark.parametrize("section", SECTIONS, ids=[s.id for s in SECTIONS])
def test_slides_are_plain_pages_linked_in_order_without_javascript(client, section):
    """From the first slide, the rel=next links reach every slide once, each page showing its own."""
    url = f"/en/domino/present/{section.id}/"
    seen = []
    while url:
        page = get(client, url)
        shown = [n for n, hidden in slides_in(page) if not hidden]
        assert len(shown) == 1
        seen.append(int(shown[0]))
        found = re.search(r'<a class="next[^"]*" rel="next" href="([^"]+)"', page)
        url = html.unescape(found.group(1)) if found else None
    slides = deck_slides(section)
    assert seen == [s.number for s in slides]
    # and back again from the last one
    last = slides[-1]
    page = get(client, f"/en/domino/present/{section.id}/{last.step.id}"
               + ("/question" if last.question else "/picture" if last.picture else ""))
    assert re.search(r'<a class="prev[^"]*" rel="prev" href="', page) or len(slides) == 1
    assert re.search(r'<a class="next off" rel="next" aria-disabled="true">', page)


def test_a_question_gets_its_own_slide_with_its_choices_and_the_engines_answer(client):
    section = next(s for s in SECTIONS if s.id == "turn")
    step = next(s for s in section.steps if s.question)
    page = get(client, f"/en/domino/present/{section.id}/{step.id}/question")
    shown = re.search(r'<section class="slide[^"]*is-question[^"]*"[^>]*?>(.*?)</section>', page, flags=re.S)
    assert shown and " hidden" not in shown.group(0).split(">")[0]
    position = DIAGRAMS[step.question.diagram].position
    accepted = set(questions.expected(step.question.kind, position))
    correct = re.findall(r'<li class="correct">([^<]+)</li>', shown.group(1))
    every = re.findall(r"<li(?: class=\"correct\")?>([^<]+)</li>", shown.group(1))
    assert len(every) == len(questions.options(step.question.kind, position))
    assert len(correct) == len(accepted) > 0
    assert "<details class=\"answer\">" in shown.group(1)  # hidden until revealed (A, or a click)


def test_a_step_url_shows_that_step(client):
    section = next(s for s in SECTIONS if s.id == "scoring")
    for number, slide in enumerate(deck_slides(section), start=1):
        suffix = "/question" if slide.question else "/picture" if slide.picture else ""
        page = get(client, f"/id/domino/present/{section.id}/{slide.step.id}{suffix}")
        assert [n for n, hidden in slides_in(page) if not hidden] == [str(number)]
        assert f'data-current="{number}"' in page


@pytest.mark.parametrize("lang", LANGS)
def test_speaker_notes_show_the_slide_the_next_title_and_a_timer(app, client, lang):
    section = next(s for s in SECTIONS if s.id == "dealing")
    slides = deck_slides(section)
    for slide in slides:
        page = get(client, f"/{lang}/domino/present/{section.id}/notes?slide={slide.number}")
        current = re.search(rf'<section class="notes-slide" id="notes-{slide.number}"[^>]*>(.*?)</section>', page, re.S)
        assert current and " hidden" not in current.group(0).split(">")[0]
        text = visible_text(current.group(1))
        # a question's own notes on its slide (every domino question has some), else its step's
        shown = slide.step.question.notes if slide.question and slide.step.question.notes else slide.step.notes
        assert shown
        for note in shown:
            assert squash(translated(lang, note)) in text
        if slide.number < len(slides):
            following = slides[slide.number]
            title = following.step.question.text if following.question else following.step.title
            for piece in re.split(r"%\(\w+\)s", translated(lang, title)):
                assert squash(piece) in text
        if slide.question:  # the teacher sees the answer
            question = slide.step.question
            kind, position = question.kind, questions.position_of(question)
            with app.test_request_context(f"/{lang}/"), force_locale(lang):
                answer = domino_present.answer_text(kind, questions.expected(kind, position, **questions.facts_of(question)), position)
            assert answer in html.unescape(current.group(1))
    assert 'class="timer"' in page and 'class="clock"' in page
    assert f'data-channel="tutor-present" data-section="{section.id}"' in page


@pytest.mark.parametrize("url", [
    "/en/domino/present/no-such-section/",
    "/en/domino/present/dealing/no-such-step",
    "/en/domino/present/dealing/seven-or-five/question",  # a step without a check question
    "/en/domino/present/dealing/notes?slide=0",
    "/en/domino/present/dealing/notes?slide=99",
    "/en/domino/present/dealing/notes?slide=two",
    "/en/domino/present/dealing/notes?slide=%EF%BC%92",  # a full-width digit
    "/en/domino/present/no-such-section/notes",
    "/xx/domino/present/dealing/",
    "/xx/domino/handout/",
])
def test_bad_presenter_addresses_are_404_with_a_clear_message(client, url):
    page = get(client, url, 404)
    assert 'role="alert"' in page


def test_the_404_message_names_what_is_missing(client):
    assert "no-such-section" in get(client, "/en/domino/present/no-such-section/", 404)
    assert "no-such-step" in get(client, "/en/domino/present/dealing/no-such-step", 404)
    assert "99" in get(client, "/en/domino/present/dealing/notes?slide=99", 404)


@pytest.mark.parametrize("lang", LANGS)
def test_the_projector_page_lists_every_section(client, lang):
    page = get(client, f"/{lang}/present/")
    for section in SECTIONS:
        assert f'href="/{lang}/domino/present/{section.id}/"' in page
    assert f'href="/{lang}/domino/handout/"' in page


def test_lesson_steps_and_home_link_to_presenter_and_handout(client):
    page = get(client, "/vi/domino/lessons/turn/choose-an-end")
    assert 'href="/vi/domino/present/turn/choose-an-end"' in page
    assert 'href="/vi/domino/handout/#section-turn"' in page
    home = get(client, "/id/")
    assert 'href="/id/present/"' in home and 'href="/id/domino/handout/"' in home


# ----- the handout ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_handout_holds_the_whole_rulebook(client, lang):
    page = get(client, f"/{lang}/domino/handout/")
    assert f'<html lang="{lang}"' in page
    text = visible_text(page)
    positions = []
    for section in SECTIONS:
        assert f'id="section-{section.id}"' in page
        positions.append(page.index(f'id="section-{section.id}"'))
        for msgid in [section.title, section.summary] + [m for step in section.steps for m in (step.title, *step.text)]:
            assert squash(translated(lang, msgid)) in text, msgid
    assert positions == sorted(positions), "the sections are in rulebook order"
    # every diagram once, whole, with its caption
    for diagram in DIAGRAMS.values():
        assert page.count(f'<figure class="diagram handout-figure" id="{diagram.id}"') == 1
        assert squash(translated(lang, diagram.caption)) in text
    # ... and each exercise about a picture prints that picture again, beside it (tests below)
    assert page.count("<svg") == len(DIAGRAMS) + page.count('<figure class="exercise-picture"')
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    # an exercise in every section, and the answers after the last section
    for section in SECTIONS:
        block = page[page.index(f'id="section-{section.id}"'):]
        block = block[:block.index("</section>\n  </section>")] if "</section>\n  </section>" in block else block
        assert 'class="exercise"' in block
    assert page.index('id="answers"') > max(positions)
    # the print stylesheet is linked for print only
    assert re.search(r'<link rel="stylesheet" href="/static/print\.[0-9a-f]{10}\.css" media="print">', page)


def handout_exercises(page: str) -> list[dict]:
    found = re.findall(r'<div class="exercise-question[^"]*" id="question-([\d.]+)" data-label="[\d.]+" data-kind="(\w+)"\s+'
                       r'data-rules="([\w-]+)" data-position="([^"]+)" data-answer="([^"]*)">', page)
    return [{"label": label, "kind": kind, "rules": rules, "position": html.unescape(pos), "answer": answer.split()}
            for label, kind, rules, pos, answer in found]


def checker_answer(kind: str, position: Position) -> set[str]:
    """The independent checker's answer to an exercise about ``position`` (learner = seat 0)."""
    data = position.to_json()
    result = checker.analyze({"hands": data["hands"], "line": data["line"], "to_move": data["to_move"],
                              "passes": data["passes"]})
    if kind == "points":
        return {str(result["result"]["points"])}
    if kind == "winner":
        winner = result["result"]["winner"]
        return {"nobody" if winner is None else str(winner)}
    if kind == "action":
        return {result["action"]}
    if kind == "move":
        moves = set()
        for move in result["legal_moves"]:
            high, low = sorted(map(int, move["tile"].split("-")), reverse=True)
            moves.add(f"{high}-{low}" + ({"left": "L", "right": "R"}.get(move["end"] or "", "")))
        return moves
    if kind == "count":
        raise AssertionError("count exercises are checked in test_count_exercise")
    raise AssertionError(kind)


def test_every_section_has_an_exercise_and_the_answers_agree_with_the_independent_checker(client):
    page = get(client, "/en/domino/handout/")
    exercises = handout_exercises(page)
    assert sorted({e["label"].split(".")[0] for e in exercises}, key=int) == [str(s.number) for s in SECTIONS]
    for exercise in exercises:
        position = Position.parse(exercise["position"], RULE_SETS[exercise["rules"]])
        if exercise["kind"] in ("count", "match") or exercise["rules"] != "playboard":
            continue  # checked in test_lessons.py (and, the other rule sets, below), which know the question
        assert set(exercise["answer"]) == checker_answer(exercise["kind"], position), exercise
        assert tuple(exercise["answer"]) == questions.expected(exercise["kind"], position)
    # the exercises are the sections' check questions, then their worksheets' own (lessons/NN-*.toml),
    # in order, word for word
    asked = {s.number: [st.question for st in s.steps if st.question] + list(s.exercises) for s in SECTIONS}
    assert sorted(e["label"] for e in exercises) == sorted(f"{n}.{i + 1}" for n, qs in asked.items() for i in range(len(qs)))
    for exercise in exercises:
        number, index = map(int, exercise["label"].split("."))
        question = asked[number][index - 1]
        assert exercise["kind"] == question.kind
        assert exercise["position"] == questions.position_of(question).to_text()
        if exercise["rules"] != "playboard":  # a question on another rule set's position: its own checker
            from test_diagrams_rule_sets import rule_set_accepts

            table = None if question.diagram else seeded_table(question)
            assert exercise["answer"] and all(rule_set_accepts(question.kind, a, question, table)
                                              for a in exercise["answer"]), exercise


def seeded_table(question) -> dict:
    """A worksheet exercise's round (a deal by its seed, the engine's heaviest-first players' actions)
    written as lessons/diagrams.toml writes a round, for the independent replay to judge."""
    deal, actions = questions.seeded_round(*question.round, question.stop, question.rules)
    size = deal.rules.hand_size(deal.seats)
    return {"rules": question.rules, "seat": 0, "seats": deal.seats, "actions": [str(a) for a in actions],
            "deal": {"hands": [[str(t) for t in deal.order[s * size:(s + 1) * size]] for s in range(deal.seats)],
                     "boneyard": [str(t) for t in deal.order[deal.seats * size:]]}}


def test_count_exercise(client):
    """The strategy exercise counts unseen tiles in D8: recount them from the picture's position."""
    page = get(client, "/en/domino/handout/")
    strategy = next(s for s in SECTIONS if s.id == "strategy")
    exercise = next(e for e in handout_exercises(page) if e["label"] == f"{strategy.number}.1")
    assert exercise["kind"] == "count"
    position = Position.parse(exercise["position"])
    number = next(st.question.number for st in strategy.steps if st.question and st.question.count == "unseen")
    seen = [str(t) for t in position.line_tiles()] + [str(t) for t in position.hand(0)]
    unseen = [(a, b) for a in range(7) for b in range(a + 1) if (a == number or b == number)
              and f"{a}-{b}" not in seen and f"{b}-{a}" not in seen]
    assert exercise["answer"] == [str(len(unseen))]
    assert f"showing a {number}" in page


def test_the_answers_are_the_engines_not_stored(client, monkeypatch):
    """Change what the engine says, and the handout's answers change with it."""
    real = questions.expected

    def engine_says(kind, position, **facts):
        if kind == "points":
            return ("987",)
        return real(kind, position, **facts)

    monkeypatch.setattr(questions, "expected", engine_says)
    page = get(client, "/en/domino/handout/")
    points = [e for e in handout_exercises(page) if e["kind"] == "points"]
    assert points and all(e["answer"] == ["987"] for e in points)
    assert "987 points" in visible_text(page[page.index('id="answers"'):])


def test_every_answer_is_listed_at_the_end_in_every_language(client):
    for lang in LANGS:
        page = get(client, f"/{lang}/domino/handout/")
        labels = [e["label"] for e in handout_exercises(page)]
        answers = re.findall(r'<div class="answer-item" data-label="([\d.]+)">', page)
        assert labels == answers and len(labels) >= len(SECTIONS)


# ----- rules for the files this feature owns -------------------------------------------------------
def test_no_inline_script_or_event_handler():
    files = OWN_TEMPLATES + [ROOT / "templates" / "domino" / "step.html", ROOT / "templates" / "home.html"]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), path
        assert not re.search(r"\son[a-z]+\s*=", text), path
        assert "javascript:" not in text, path


@pytest.mark.parametrize("lang", LANGS)
def test_rendered_pages_have_no_inline_script(client, lang):
    for url in [f"/{lang}/present/", f"/{lang}/domino/present/dealing/", f"/{lang}/domino/present/dealing/notes", f"/{lang}/domino/handout/"]:
        page = get(client, url)
        scripts = re.findall(r"<script\b[^>]*>", page)
        assert scripts and all("src=" in s for s in scripts), url
        assert not re.search(r"<[^>]+\son[a-z]+\s*=", page), url


def test_every_message_has_a_translators_comment():
    options = {"extensions": "jinja2.ext.i18n", "silent": "false"}
    files = [(p, "jinja2") for p in OWN_TEMPLATES] + [(ROOT / "tutor" / "web" / "present.py", "python")]
    missing = []
    for path, method in files:
        for lineno, message, comments, _context in extract_from_file(
                method, str(path), keywords={"_": None, "gettext": None, "ngettext": (1, 2)},
                comment_tags=("TRANSLATORS:",), options=options if method == "jinja2" else None):
            if not comments:
                missing.append((path.name, lineno, message))
    assert not missing


def test_the_print_stylesheet_is_for_a4_and_keeps_pictures_whole():
    css = (ROOT / "tutor" / "static" / "print.css").read_text(encoding="utf-8")
    assert re.search(r"@page\s*{[^}]*size:\s*A4", css)
    rule = re.search(r"figure[^{]*{[^}]*break-inside:\s*avoid", css)
    assert rule, "figures (diagrams) are never split"
    assert re.search(r"header\.site[^{]*nav\.sections[^{]*{\s*display:\s*none", css)


# ----- neutral pictures on question slides and the slide before them ----------------------------------------
def figure_of(page: str, number: int) -> str:
    slide = re.search(rf'<section class="slide[^"]*"\s+id="slide-{number}".*?</section>', page, re.S).group(0)
    figure = slide[slide.index('<figure class="visual'):]
    return figure[:figure.index("</figure>")]


def marks(svg: str) -> set[str]:
    """The marks that answer a question about the picture: rings, dimmed tiles, lines under it."""
    classes = set(re.findall(r'class="([^"]+)"', svg))
    return {mark for mark in ("ring", "dimmed", "annotation") if any(mark in c.split() for c in classes)}


def test_a_question_slide_and_the_slide_before_show_the_position_plainly_until_a_reveals(client):
    """The question's slide shows the plain picture and, behind A, the marked one; the slide before,
    when it shows the picture, shows it plain with no answer key (A there would give the question away)."""
    checked = 0
    for section in SECTIONS:
        slides = deck_slides(section)
        for question in (s for s in slides if s.question and s.step.diagram and s.step.question.diagram == s.step.diagram):
            page = get(client, f"/en/domino/present/{section.id}/{question.step.id}/question")
            figure = figure_of(page, question.number)
            if '<div class="picture picture-revealed">' not in figure:  # marks a slide leaves out: one plain picture
                assert marks(figure) == set(), (section.id, question.number)
                continue
            plain, revealed = figure.split('<div class="picture picture-revealed">')
            assert marks(plain) == set(), (section.id, question.number)
            # rings or dimmed tiles, or (a finished round) a description that says the result
            assert marks(revealed) - {"annotation"} or re.search(r"<desc[^>]*>(.*?)</desc>", revealed, re.S).group(1) != \
                re.search(r"<desc[^>]*>(.*?)</desc>", plain, re.S).group(1), (section.id, question.number)
            description = re.search(r"<desc[^>]*>(.*?)</desc>", plain, re.S).group(1)
            assert "fits the left end" not in description and "dimmed" not in description
            before = slides[question.number - 2]
            slide = re.search(rf'<section class="slide[^"]*"\s+id="slide-{before.number}".*?</section>', page, re.S).group(0)
            assert "picture-revealed" not in slide and 'details class="answer' not in slide, (section.id, before.number)
            if '<figure class="visual' in slide:
                assert marks(figure_of(page, before.number)) == set(), (section.id, before.number)
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_every_question_slide_and_the_slide_before_give_nothing_away_until_a(client, app, lang):
    """Every question with a picture, in every section and language: on its slide and on the slide
    before, the picture shown first has no ring, no dimmed tile and no line under it, its
    description says no more, and the engine's answer is written nowhere outside the A reveal.
    (tests/web/test_no_answer_before.py looks for each answer in the text before it as well.)"""
    checked = 0
    for section in SECTIONS:
        for slide in deck_slides(section):
            step = slide.step
            if not slide.question or not step.question.diagram:
                continue
            page = get(client, f"/{lang}/domino/present/{section.id}/{step.id}/question")
            with app.test_request_context(f"/{lang}/"), force_locale(lang):
                answer = domino_present.question_view(step)["answer"]
            before = [slide.number - 1] if step.diagram == step.question.diagram and not needs_a_slide(step.diagram) else []
            for number in before + [slide.number]:
                figure = figure_of(page, number)
                plain = figure.split('<div class="picture picture-revealed">')[0]
                assert marks(plain) == set(), (lang, section.id, number)
                desc = re.search(r"<desc[^>]*>(.*?)</desc>", plain, re.S).group(1)
                assert "dimmed" not in desc and "mờ" not in desc and "redup" not in desc, (lang, section.id, number, desc)
                shown = re.search(rf'<section class="slide[^"]*"\s+id="slide-{number}".*?</section>', page, re.S).group(0)
                shown = re.sub(r"<details class=\"answer.*?</details>", " ", shown, flags=re.S)
                shown = shown.replace(figure, plain)
                if question_kind_gives_a_number(step.question.kind):
                    assert squash(html.escape(answer, quote=False)) not in visible_text(shown) + squash(desc), \
                        (lang, section.id, number, answer)
            checked += 1
    assert checked >= 5


def question_kind_gives_a_number(kind: str) -> bool:
    """A points answer ("15 points") is what a slide could print before A; a choice's label is shown
    as a choice on the slide by design, and a bare count ("3") is in any tile's name."""
    return kind == "points"


def test_a_points_question_keeps_the_score_until_a_reveals(client):
    """On a slide, the score is said by the answer (A), not by the picture: the picture has no lines
    under it (at a projector's scale they came out at 6 px), plain or marked."""
    scoring = next(s for s in SECTIONS if s.id == "scoring")
    step = next(s for s in scoring.steps if s.question and s.diagram and s.question.kind == "points")
    slide = next(s for s in deck_slides(scoring) if s.step == step and s.question)
    page = get(client, f"/en/domino/present/scoring/{step.id}/question")
    plain, revealed = figure_of(page, slide.number).split('<div class="picture picture-revealed">')
    assert "annotation" not in marks(plain) | marks(revealed)
    assert not re.search(r"You score \d+ point", plain + revealed)
    answer = re.search(r'<section class="slide[^"]*"\s+id="slide-%d".*?<p class="answer-text">(.*?)</p>' % slide.number, page, re.S)
    assert answer and re.search(r"\d+ points?", visible_text(answer.group(1)))


def test_a_slide_about_a_step_without_a_question_keeps_its_marks(client):
    section, step = next((section, step) for section in SECTIONS for step in section.steps
                         if step.diagram and step.question is None)
    slide = next(s for s in deck_slides(section) if s.step == step)
    page = get(client, f"/en/domino/present/{section.id}/{step.id}")
    figure = figure_of(page, slide.number)
    assert "picture-revealed" not in figure and "<svg" in figure


# ----- the notes window previews the next slide ---------------------------------------------------------------
def test_the_notes_preview_the_next_slide_with_its_text_and_picture(client):
    turn = next(s for s in SECTIONS if s.id == "turn")
    slides = deck_slides(turn)
    for slide in slides[:-1]:
        following = slides[slide.number]
        page = get(client, f"/vi/domino/present/turn/notes?slide={slide.number}")
        part = re.search(rf'<section class="notes-slide" id="notes-{slide.number}".*?</section>', page, re.S).group(0)
        preview = part[part.index('class="coming-preview'):]
        if following.question:
            kind = following.step.question.kind
            assert preview.count("<li>") == len(questions.options(kind, DIAGRAMS[following.step.question.diagram].position)) if following.step.question.diagram else True
        elif not following.picture:  # (a picture's slide of its own has no text)
            for paragraph in following.step.text:
                assert squash(translated("vi", paragraph)) in visible_text(preview)
        diagram = (following.step.question.diagram if following.question else following.step.diagram
                   if following.picture or not (following.step.diagram and needs_a_slide(following.step.diagram)) else None)
        assert ("<svg" in preview) == bool(diagram), following
        if diagram and following.step.question is not None:
            assert marks(preview.split("</svg>")[0]) == set()  # the class will see it plain first


# ----- handouts per section, for the class and for the teacher ---------------------------------------------
def exercise_blocks(page: str) -> list[str]:
    return re.findall(r'<div class="exercise-question.*?(?=<div class="exercise-question|</section>)', page, re.S)


@pytest.mark.parametrize("lang", LANGS)
def test_the_class_copy_has_no_answers_and_room_to_work(client, lang):
    page = get(client, f"/{lang}/domino/handout/?copy=student")
    assert 'id="answers"' not in page and "data-answer=" not in page and 'class="ticked"' not in page
    assert squash(translated(lang, "Name:")) in visible_text(page) and squash(translated(lang, "Date:")) in visible_text(page)
    blocks = exercise_blocks(page)
    # room to work under every exercise whose answer is written in (a choice is ticked)
    assert blocks and all(('class="work-area"' in b) == ('class="tick' not in b) for b in blocks)
    teacher = get(client, f"/{lang}/domino/handout/?copy=teacher")
    assert teacher == get(client, f"/{lang}/domino/handout/").replace("&amp;copy=teacher", "") or 'id="answers"' in teacher
    assert 'id="answers"' in teacher and 'class="work-area"' not in teacher
    assert 'href="/%s/domino/handout/?copy=student"' % lang in get(client, f"/{lang}/domino/handout/")


def test_the_teacher_copy_ticks_what_the_engine_accepts(client):
    page = get(client, "/en/domino/handout/")
    for block, exercise in zip(exercise_blocks(page), handout_exercises(page)):
        if 'class="tick' not in block:
            continue
        ticked = re.findall(r'<li class="ticked">(.*?)</li>', block)
        assert len(ticked) == len(exercise["answer"]) >= 1, (exercise, ticked)


def test_an_exercise_about_a_diagram_prints_it_beside_the_question_plainly(client):
    page = get(client, "/en/domino/handout/?copy=student")
    about = [b for b in exercise_blocks(page) if 'class="about"' in b]
    assert about, "some exercise is about a diagram"
    for block in about:
        named = re.search(r"\(Diagram (D\d+)\)", visible_text(block)).group(1)
        figure = re.search(r'<figure class="exercise-picture" data-diagram="(D\d+)">(.*?)</figure>', block, re.S)
        assert figure and figure.group(1) == named
        assert marks(figure.group(2)) == set()
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("lang", LANGS)
def test_a_section_handout_holds_that_section_only(client, lang):
    section = next(s for s in SECTIONS if s.id == "scoring")
    for copy in ("", "?copy=student"):
        page = get(client, f"/{lang}/domino/handout/{section.id}/{copy}")
        assert re.findall(r'<section class="handout-section" id="section-([\w-]+)"', page) == [section.id]
        # the teacher's copy has the course's text; the class's is a worksheet: the title, the
        # summary and the exercises
        texts = [m for step in section.steps for m in (step.title, *step.text)]
        for msgid in (section.title, section.summary, *([] if copy else texts)):
            assert squash(translated(lang, msgid)) in visible_text(page), msgid
        if copy:
            assert not any(squash(translated(lang, msgid)) in visible_text(page) for msgid in texts[1:])
        labels = [e["label"] for e in handout_exercises(page)] if not copy else re.findall(r'data-label="([\d.]+)"', page)
        assert labels and all(label.startswith(f"{section.number}.") for label in labels)
        assert ('id="answers"' in page) == (not copy)
    assert get(client, f"/{lang}/present/").count(f'href="/{lang}/domino/handout/{section.id}/') == 2


@pytest.mark.parametrize("game", ["domino", "backgammon"])
def test_every_diagram_is_printed_beside_a_step_of_the_whole_handout(app, client, game):
    """Each diagram of a course (the domino course's Mexican Train ones too) is a step's picture,
    so the whole handout prints it with its step and needs no part for pictures no step shows."""
    from tutor.games.backgammon.diagrams import load_diagrams
    from tutor.web.domino.diagrams import every_diagram

    with app.app_context():
        diagrams = set(every_diagram() if game == "domino" else load_diagrams())
    page = get(client, f"/en/{game}/handout/?copy=teacher")
    printed = set(re.findall(r'<figure class="diagram handout-figure" id="(\w+)"', page))
    assert printed == diagrams, diagrams ^ printed
    # the class's copy prints the pictures its exercises ask about, beside them, and no other
    worksheet = get(client, f"/en/{game}/handout/?copy=student")
    assert not re.findall(r'<figure class="diagram handout-figure"', worksheet)


@pytest.mark.parametrize("url", ["/en/domino/handout/?copy=everyone", "/en/domino/handout/no-such-section/", "/vi/domino/handout/scoring/?copy=x"])
def test_bad_handout_addresses_are_404_in_the_visitors_language(client, url):
    response = client.get(url)
    assert response.status_code == 404
    if url.startswith("/vi/") and "copy" in url:
        assert "copy=student" in response.get_data(as_text=True) and "không có" in response.get_data(as_text=True)


# ----- a game on the projector ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_projector_page_links_every_guided_hand_and_free_play_in_the_projector_layout(client, lang):
    from tutor.games.domino.guided import load_hands

    page = get(client, f"/{lang}/present/")
    for hand in load_hands().values():
        assert f'href="/{lang}/domino/hands/{hand.id}?present=1"' in page
        game = get(client, f"/{lang}/domino/hands/{hand.id}?present=1")
        assert 'class="game-presenter"' in game and 'class="status big-status"' in game
        links = [html.unescape(u) for u in re.findall(r'href="([^"#]+)[^"]*"', game) if "/hands/" in u]
        leave = re.search(r'<a class="leave"[^>]*href="([^"]+)"', game).group(1)
        assert all("present=1" in u for u in links if u != leave) and "present" not in leave
        assert 'class="game-presenter"' not in get(client, f"/{lang}/domino/hands/{hand.id}")  # the usual page
    assert f'href="/{lang}/domino/play?seats=2&amp;present=1"' in page
    started = client.get(f"/{lang}/domino/play?seats=2&present=1")  # a new match may redirect to its own address
    if started.status_code == 302:
        assert "present=1" in started.headers["Location"]
        started = client.get(started.headers["Location"])
    assert started.status_code == 200 and 'class="game-presenter"' in started.get_data(as_text=True)


# ----- the backgammon course's presenter (the same presenter, another game) -------------------------
import tomllib  # noqa: E402

import backgammon_gnubg as gnu  # noqa: E402
from tutor.games.backgammon import course as backgammon_course  # noqa: E402
from tutor.games.backgammon.diagrams import diagram_by_id  # noqa: E402
from tutor.games.backgammon import BLACK, WHITE  # noqa: E402

BG_SECTIONS = backgammon_course.load_course()
#: The lesson files read directly, not through the course loader: the slides they call for.
BG_FILES = [tomllib.loads(p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / "lessons" / "backgammon").glob("[0-9][0-9]-*.toml"))]


def bg_expected_slides(data: dict, lang: str) -> list[tuple[str, dict, bool]]:
    """(url, step, is a question) of each slide a lesson file calls for: a step, then its question."""
    slides = []
    for i, step in enumerate(data["steps"]):
        url = f"/{lang}/backgammon/present/{data['id']}/" + ("" if i == 0 else step["id"])
        slides.append((url, step, False))
        if "question" in step:
            slides.append((f"/{lang}/backgammon/present/{data['id']}/{step['id']}/question", step, True))
    return slides


def bg_position(question: dict):
    """The position a backgammon question (as its lesson file writes it) asks about: a rulebook
    diagram's, or a worksheet exercise's own board (its setup, replayed turns and roll)."""
    if "diagram" in question:
        return diagram_by_id(question["diagram"]).position
    from tutor.games.backgammon.diagrams import board_from

    return board_from(question.get("setup"), question.get("replay", []), question.get("dice")).position


def bg_value(question: dict) -> int:
    """A number question's answer, worked out by GNU Backgammon's move generator (the plays) or from
    the checkers themselves (a pip count, what a finished game is worth)."""
    position = bg_position(question)
    if question["kind"] == "points":
        loser = BLACK if position.off(WHITE) == 15 else WHITE
        own = position.checkers(loser)  # the loser's own numbering: 19-24 is the winner's home board
        multiple = 1 if position.off(loser) else 3 if position.on_bar(loser) or any(own[18:24]) else 2
        return multiple * position.cube.value
    if question["kind"] == "pips":
        own = position.checkers(WHITE)
        return sum((point + 1) * count for point, count in enumerate(own[:24])) + 25 * position.on_bar(WHITE)
    board = gnu.read(position.to_text()).board
    return len(gnu.ends(board, position.dice))


def bg_right_options(question: dict) -> list[str]:
    """The options a backgammon question's position makes right (GNU Backgammon's move generator for
    plays; :func:`bg_value` for numbers); a number question without options: its number."""
    position = bg_position(question)
    options = [str(o) for o in question.get("options", [])]
    if question["kind"] in ("points", "count", "pips"):
        value = bg_value(question)
        return [o for o in options if int(o) == value] if options else [str(value)]
    board = gnu.read(position.to_text()).board
    ends = gnu.ends(board, position.dice)
    return [o for o in options if (o == backgammon_course.NO_PLAY and not ends)
            or (o != backgammon_course.NO_PLAY and gnu.apply(board, o) in ends)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("data", BG_FILES, ids=[d["id"] for d in BG_FILES])
def test_every_backgammon_section_presents_in_every_language(client, lang, data):
    expected = bg_expected_slides(data, lang)
    for number, (url, step, is_question) in enumerate(expected, start=1):
        page = get(client, url)
        assert [n for n, hidden in slides_in(page) if not hidden] == [str(number)], url
        urls = re.findall(r'data-number="\d+" data-url="([^"]+)"', page)
        assert urls == [u for u, _s, _q in expected]
        assert 'data-channel="tutor-present-backgammon"' in page  # not the domino slides' channel
        assert re.search(r"present-backgammon\.[0-9a-f]{10}\.css", page)
        heading = re.search(rf'id="slide-{number}".*?<h1>(.*?)</h1>', page, re.S).group(1)
        said = step["question"]["text"] if is_question else step["title"]
        assert squash(heading) == squash(translated(lang, said)), url
        # Esc leaves for the lesson step on screen
        assert re.search(rf'id="slide-{number}"[^>]*data-lesson="/{lang}/backgammon/lessons/{data["id"]}/{step["id"]}"', page)
    # without JavaScript the slides are plain pages: each links the next, the last links none
    for (url, _s, _q), (following, _t, _f) in zip(expected, expected[1:]):
        assert f'rel="next" href="{following}"' in get(client, url)
    assert 'class="next off" rel="next" aria-disabled="true"' in get(client, expected[-1][0])


@pytest.mark.parametrize("lang", LANGS)
def test_backgammon_question_slides_mark_the_choice_gnubg_finds_right(client, lang):
    asked = [(d["id"], s) for d in BG_FILES for s in d["steps"] if "question" in s]
    assert len(asked) >= 5
    for section_id, step in asked:
        question = step["question"]
        page = get(client, f"/{lang}/backgammon/present/{section_id}/{step['id']}/question")
        # the slide of this step's question (a section may ask more than one)
        shown = re.search(rf'<section class="slide[^"]*is-question"[^>]*data-url="[^"]*/{step["id"]}/question"'
                          r'(?:(?!</section>).)*</section>', page, re.S).group(0)
        marked = re.findall(r'<li class="correct">([^<]*)</li>', shown)
        right = bg_right_options(question)
        assert len(right) == 1, (section_id, step["id"], right)
        if right[0] != backgammon_course.NO_PLAY:  # plays and numbers: bar and off in the page's words
            right = [localized_play(lang, r) for r in right]
            assert [html.unescape(m) for m in marked] == right, (section_id, step["id"])
            assert html.unescape(re.search(r'class="answer-text">.*?</strong>\s*([^<]*)<', shown, re.S).group(1)).strip() == right[0]
        assert len(marked) == 1
        assert "<details class=\"answer\">" in shown  # the answer waits for A


def bg_marks(svg: str) -> int:
    """The points a board marks as a suggested play's (from, to, hit), and its legend's key for them."""
    return len(re.findall(r'class="point (?:odd|even) (?:from|to|hit)"', svg)) + svg.count('class="mark"')


def figure_svgs(page: str, number: int) -> tuple[str, str | None]:
    """The neutral (or only) and the revealed board of a slide."""
    figure = figure_of(page, number)
    neutral = re.search(r'<div class="picture picture-neutral">(.*?)</div><div class="picture picture-revealed">(.*?)</div>', figure, re.S)
    if neutral:
        return neutral.group(1), neutral.group(2)
    return figure, None


def test_a_backgammon_question_slide_and_the_slide_before_show_the_board_neutral_until_a(client):
    """B6 marks the play 24/18, the answer to the question after it: neither the step slide nor the
    question slide may mark it (nor say it to screen readers) until A shows the revealed board."""
    page = get(client, "/en/backgammon/present/two-dice/higher-die/question")
    assert diagram_by_id("B6").mark == "24/18"
    # the step shows the board plain, with no key to reveal it (A there would answer the question)
    neutral, revealed = figure_svgs(page, 2)
    assert revealed is None and bg_marks(neutral) == 0 and "The marked play is" not in neutral
    assert "reveal-picture" not in figure_of(page, 2) and "details" not in figure_of(page, 2)
    # the question shows it plain until A shows the revealed board
    neutral, revealed = figure_svgs(page, 3)
    assert revealed is not None
    assert bg_marks(neutral) == 0 and "The marked play is" not in neutral
    assert bg_marks(revealed) == 3 and "The marked play is 24/18." in revealed  # 24, 18, the key
    # a step whose picture no question asks about keeps its marks, on one board
    both = get(client, "/en/backgammon/present/two-dice/")
    only, revealed = figure_svgs(both, 1)
    assert revealed is None and bg_marks(only) >= 2
    # the result of a finished game is the answer to the points question: not said before A either
    scoring = get(client, "/en/backgammon/present/scoring/gammon/question")
    number = next(n for n, _h in slides_in(scoring) if f'id="slide-{n}"' in scoring and
                  re.search(rf'id="slide-{n}" data-number="{n}" data-url="[^"]*/gammon/question"', scoring))
    neutral, revealed = figure_svgs(scoring, int(number))
    assert "you win a gammon" not in neutral and "you win a gammon, 4 points" in revealed


def test_the_backgammon_lesson_page_shows_the_board_neutral_until_answered(client):
    url = "/en/backgammon/lessons/two-dice/higher-die"
    assert bg_marks(get(client, url)) == 0
    question = backgammon_course.find("two-dice", "higher-die")[1].question
    wrong = str(question.options.index("24/19"))
    assert bg_marks(client.post(url, data={"answer": wrong}).get_data(as_text=True)) == 0  # a first try: look again
    answered = client.post(url, data={"answer": wrong, "tries": "1"}).get_data(as_text=True)
    assert bg_marks(answered) == 3


@pytest.mark.parametrize("lang", LANGS)
def test_backgammon_speaker_notes_give_the_answer_and_follow_on_their_own_channel(app, client, lang):
    data = next(d for d in BG_FILES if d["id"] == "two-dice")
    expected = bg_expected_slides(data, lang)
    for number, (_url, step, is_question) in enumerate(expected, start=1):
        page = get(client, f"/{lang}/backgammon/present/two-dice/notes?slide={number}")
        current = re.search(rf'<section class="notes-slide" id="notes-{number}"[^>]*>(.*?)</section>', page, re.S)
        assert current and " hidden" not in current.group(0).split(">")[0]
        assert 'data-channel="tutor-present-backgammon" data-section="two-dice"' in page
        links = re.findall(r'data-url="([^"]+)"', page)
        assert links == [f"/{lang}/backgammon/present/two-dice/notes?slide={n}" for n in range(1, len(expected) + 1)]
        if is_question:
            assert bg_right_options(step["question"])[0] in html.unescape(current.group(1))
            assert squash(translated(lang, step["question"]["explain"])) in visible_text(current.group(1))


@pytest.mark.parametrize("url", [
    "/en/backgammon/present/no-such-section/",
    "/en/backgammon/present/two-dice/no-such-step",
    "/en/backgammon/present/two-dice/both-dice/question",  # a step without a question
    "/en/backgammon/present/two-dice/notes?slide=0",
    "/en/backgammon/present/two-dice/notes?slide=4",
    "/en/backgammon/present/dealing/",  # a domino section is not a backgammon one
    "/xx/backgammon/present/two-dice/",
])
def test_bad_backgammon_presenter_addresses_are_404(client, url):
    assert 'role="alert"' in get(client, url, 404)


@pytest.mark.parametrize("lang", LANGS)
def test_the_projector_page_and_the_backgammon_course_link_the_backgammon_slides(client, lang):
    page = get(client, f"/{lang}/present/")
    decks = re.findall(rf'href="/{lang}/backgammon/present/([a-z-]+)/"', page)
    assert decks == [d["id"] for d in BG_FILES] + ["lesson"]  # each section, then the whole course as one deck
    assert 'id="backgammon"' in page
    assert f'href="/{lang}/present/#backgammon"' in get(client, f"/{lang}/backgammon/")
    step = get(client, f"/{lang}/backgammon/lessons/bear-off/hit-while-bearing-off")
    assert f'href="/{lang}/backgammon/present/bear-off/hit-while-bearing-off"' in step
    # the domino slides are where they were, on their own channel
    assert 'data-channel="tutor-present" ' in get(client, f"/{lang}/domino/present/dealing/")


def test_whether_a_picture_keeps_its_answer_is_the_questions_to_say(client, monkeypatch):
    """Issue 18, item 6: the lesson page and the slides ask the question (hides_answer_in), not a
    rule of their own: a question that says its picture may show its answer gets the marks at once."""
    from tutor import course as domino_course

    asks = lambda t: t.question is not None and t.diagram is not None and t.question.diagram == t.diagram  # noqa: E731
    section = next(s for s in SECTIONS if any(asks(t) for t in s.steps))
    step = next(t for t in section.steps if asks(t))
    lesson = f"/en/domino/lessons/{section.id}/{step.id}"
    slide = f"/en/domino/present/{section.id}/{step.id}/question"
    number = next(s.number for s in deck_slides(section) if s.step == step and s.question)
    assert 'data-answers="hidden"' in get(client, lesson)
    assert marks(figure_of(get(client, slide), number).split('<div class="picture picture-revealed">')[0]) == set()
    monkeypatch.setattr(domino_course.Question, "hides_answer_in", lambda self, diagram_id: False)
    assert 'data-answers="hidden"' not in get(client, lesson)
    assert 'picture-revealed' not in figure_of(get(client, slide), number)


# ----- the backgammon handouts: the domino handout's two copies, whole or per section ----------------------
def bg_questions() -> dict[str, tuple[str, dict]]:
    """Each backgammon exercise's label ("8.1": the section's number, then the question's place in
    it) -> (section id, the question as its lesson file writes it)."""
    found = {}
    for number, data in enumerate(BG_FILES, start=1):
        asked = [step["question"] for step in data["steps"] if "question" in step] + data.get("exercises", [])
        for i, question in enumerate(asked, start=1):
            found[f"{number}.{i}"] = (data["id"], question)
    return found


def handout_figure(page: str, diagram_id: str) -> str:
    return re.search(rf'<figure class="diagram handout-figure" id="{diagram_id}".*?</figure>', page, re.S).group(0)


@pytest.mark.parametrize("lang", LANGS)
def test_the_backgammon_class_copy_has_no_answers_and_room_to_work(client, lang):
    page = get(client, f"/{lang}/backgammon/handout/?copy=student")
    assert 'id="answers"' not in page and "data-answer=" not in page and 'class="ticked"' not in page
    assert squash(translated(lang, "Name:")) in visible_text(page) and squash(translated(lang, "Date:")) in visible_text(page)
    assert squash(translated(lang, "The app's backgammon rules, with exercises")) in visible_text(page)
    blocks = exercise_blocks(page)
    assert [re.search(r'data-label="([\d.]+)"', b).group(1) for b in blocks] == list(bg_questions())
    # room to work under a number to write in; a choice is ticked
    assert all(('class="work-area"' in b) == ('class="tick' not in b) for b in blocks)
    teacher = get(client, f"/{lang}/backgammon/handout/")
    assert 'id="answers"' in teacher and 'class="work-area"' not in teacher and 'class="fill-in"' not in teacher
    assert f'href="/{lang}/backgammon/handout/?copy=student"' in teacher
    assert f'href="/{lang}/backgammon/handout/?copy=teacher"' in page
    # a board a question asks about is printed plain beside it on the class's copy: no marked play,
    # no result said, no caption (which would answer it); the teacher's copy prints it whole with its step
    for block, (label, (_section, question)) in zip(blocks, bg_questions().items()):
        figure = re.search(r'<figure class="exercise-picture".*?</figure>', block, re.S).group(0)
        assert bg_marks(figure) == 0 and "The game is over" not in figure, label
        if "diagram" in question:
            diagram = diagram_by_id(question["diagram"])
            assert squash(translated(lang, diagram.caption)) not in visible_text(figure), label
            assert squash(translated(lang, diagram.caption)) in visible_text(handout_figure(teacher, diagram.id)), label
        if question["kind"] == "pips":  # what it asks is not written on the board
            assert not re.search(r'class="pips"[^>]*>', figure), label


@pytest.mark.parametrize("lang", LANGS)
def test_the_backgammon_teacher_copy_ticks_the_choice_gnubg_finds_right(client, lang):
    page = get(client, f"/{lang}/backgammon/handout/")
    questions = bg_questions()
    blocks = exercise_blocks(page)
    assert len(blocks) == len(questions) >= 7 + 9 * 2  # the check questions, and at least two exercises a section
    for block in blocks:
        label = re.search(r'data-label="([\d.]+)"', block).group(1)
        question = questions[label][1]
        right = bg_right_options(question)
        assert len(right) == 1, label
        assert html.unescape(re.search(r'data-answer="([^"]*)"', block).group(1)) == right[0]
        ticked = [html.unescape(t) for t in re.findall(r'<li class="ticked">(.*?)</li>', block)]
        if not question.get("options"):  # a number written in, on the teacher's copy
            assert not ticked and re.search(rf'<span class="line">[^<]*\b{right[0]}\b', block), label
            continue
        assert len(ticked) == 1, label
        if right[0] != backgammon_course.NO_PLAY:  # plays and numbers: bar and off in the page's words
            assert ticked == [localized_play(lang, r) for r in right], label
    # the answers at the end, one per exercise, in order, with the lesson's explanation
    assert re.findall(r'<div class="answer-item" data-label="([\d.]+)">', page) == list(questions)
    answers = visible_text(page[page.index('id="answers"'):])
    for _section, question in questions.values():
        if question.get("explain"):
            assert squash(translated(lang, question["explain"])) in answers


def test_the_backgammon_handouts_answers_are_the_engines_not_stored(client, monkeypatch):
    """Change what the engine accepts, and the ticks and the answers follow it."""
    monkeypatch.setattr(backgammon_course, "correct_options", lambda question: [len(question.options) - 1])
    page = get(client, "/en/backgammon/handout/")
    blocks = [block for block in exercise_blocks(page) if 'class="tick' in block]
    assert blocks
    for block in blocks:
        choices = re.findall(r"<li(?: class=\"ticked\")?>(.*?)</li>", block)
        assert re.findall(r'<li class="ticked">(.*?)</li>', block) == [choices[-1]]


def test_a_backgammon_exercise_prints_its_board_beside_it_plainly(client):
    page = get(client, "/en/backgammon/handout/?copy=student")
    blocks = exercise_blocks(page)
    assert blocks
    for block in blocks:
        named = re.search(r"\(Diagram (B\d+)\)", visible_text(block))
        figure = re.search(r'<figure class="exercise-picture"(?: data-diagram="(B\d+)")?>(.*?)</figure>', block, re.S)
        assert figure and figure.group(1) == (named.group(1) if named else None)  # a board of its own: no diagram named
        assert bg_marks(figure.group(2)) == 0
        assert "The marked play is" not in figure.group(2) and "The game is over" not in figure.group(2)
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("lang", LANGS)
def test_a_backgammon_section_handout_holds_that_section_only(client, lang):
    for number, data in enumerate(BG_FILES, start=1):
        asked = [step for step in data["steps"] if "question" in step] + data.get("exercises", [])
        for copy in ("", "?copy=student"):
            page = get(client, f"/{lang}/backgammon/handout/{data['id']}/{copy}")
            assert re.findall(r'<section class="handout-section" id="section-([\w-]+)"', page) == [data["id"]]
            for step in data["steps"]:  # the course's text on the teacher's copy; the worksheet has none
                texts = step["text"] if isinstance(step["text"], list) else [step["text"]]
                for msgid in texts:
                    assert (squash(translated(lang, msgid)) in visible_text(page)) == (not copy), msgid
            labels = re.findall(r'<div class="exercise-question[^"]*" id="question-[\d.]+" data-label="([\d.]+)"', page)
            assert labels == [f"{number}.{i}" for i in range(1, len(asked) + 1)]
            assert ('class="exercise"' in page) == bool(asked)  # no empty exercise box
            assert ('id="answers"' in page) == (not copy and bool(asked))
            assert squash(translated(lang, data["title"])) in squash(re.search(r"<title>(.*?)</title>", page, re.S).group(1))
    # the projector page links both copies of every section, and of the whole course
    projector = get(client, f"/{lang}/present/")
    for data in BG_FILES:
        assert projector.count(f'href="/{lang}/backgammon/handout/{data["id"]}/') == 2
    assert f'href="/{lang}/backgammon/handout/?copy=student"' in projector
    # a lesson step links its section's handout, the course page the whole course's
    assert f'href="/{lang}/backgammon/handout/scoring/"' in get(client, f"/{lang}/backgammon/lessons/scoring/single")
    assert f'href="/{lang}/backgammon/handout/"' in get(client, f"/{lang}/backgammon/")


@pytest.mark.parametrize("url", ["/en/backgammon/handout/?copy=everyone", "/en/backgammon/handout/no-such-section/",
                                 "/vi/backgammon/handout/scoring/?copy=x", "/en/backgammon/handout/dealing/"])
def test_bad_backgammon_handout_addresses_are_404_in_the_visitors_language(client, url):
    response = client.get(url)
    assert response.status_code == 404
    if url.startswith("/vi/"):
        assert "copy=student" in response.get_data(as_text=True) and "không có" in response.get_data(as_text=True)


# ---- a game on the projector: what the others did (domino/play/_since.html) -----------------------------------------
def _since(page: str) -> tuple[str, list[str]] | None:
    """The side column's heading and lines of what the other players did, if the page has it."""
    found = re.search(r'<section class="since">\s*<h2>(.*?)</h2>\s*<ol>(.*?)</ol>', page, re.S)
    return (found[1], [html.unescape(line) for line in re.findall(r"<li>(.*?)</li>", found[2])]) if found else None


def _first_move(client, start: str, page: str) -> str | None:
    """The page after the first play the page offers (a playable tile's button, the first end when
    it asks which; a Mexican Train play's link), or None when it offers no play (a draw)."""
    tap = re.search(r'name="try" value="([^"]+)" class="tile-button playable"', page)
    plays = re.findall(r'href="[^"]*?[?&]m=([^"&#]*:[^"&#]*)', html.unescape(page))
    if not tap and not plays:
        return None
    moved = client.get(start + (f"&m=&try={tap[1]}" if tap else f"&m={plays[0]}") + "&present=1",
                       follow_redirects=True).get_data(as_text=True)
    end = re.search(r'data-end="[^"]+" href="([^"]+)"', moved)  # the tile fits both ends: which one
    return client.get(html.unescape(end[1])).get_data(as_text=True) if end else moved


@pytest.mark.parametrize("game", ["domino", "mexican"])
def test_the_projector_says_what_the_others_did_before_and_since_the_classs_move(client, game):
    """New matches on the projector: where the opponent opened, "Before your first move" lists it;
    after the class's first move, "Since your last move" lists what the opponent then did, named
    as the learner's opponent, never by a seat's number."""
    from tutor.freeplay import new_game_id, new_mexican_id

    headings = []
    for number in range(1, 9):
        nonce = bytes([number]) * 12
        start = f"/en/domino/play?g={new_game_id(2, nonce=nonce) if game == 'domino' else new_mexican_id(6, nonce=nonce)}"
        page = client.get(start + "&present=1").get_data(as_text=True)
        if _since(page):
            assert _since(page)[0] == "Before your first move" and _since(page)[1], _since(page)
            headings.append(_since(page)[0])
        moved = _first_move(client, start, page)
        if moved is None:
            continue
        heading, lines = _since(moved)
        headings.append(heading)
        assert heading == "Since your last move", (start, heading)
        assert lines and all(line.startswith("Your opponent") and "eat" not in line for line in lines), lines
    assert "Before your first move" in headings and headings.count("Since your last move") >= 4


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["domino", "backgammon"])
def test_every_slide_of_both_courses_has_speaker_notes_in_its_language(client, lang, game):
    """Issue 32: the backgammon course had no notes at all (28 slides said "No notes for this
    slide"); every slide of either course now gives the teacher something to say or ask, on the
    notes page of each language (the catalog checks see that the notes are translated)."""
    ids = [s.id for s in SECTIONS] if game == "domino" else [d["id"] for d in BG_FILES]
    slides = 0
    for section_id in ids:
        first = get(client, f"/{lang}/{game}/present/{section_id}/notes?slide=1")
        count = len(re.findall(r'<section class="notes-slide"', first))
        assert count >= 2, section_id
        for number in range(1, count + 1):
            page = first if number == 1 else get(client, f"/{lang}/{game}/present/{section_id}/notes?slide={number}")
            current = re.search(rf'<section class="notes-slide" id="notes-{number}"[^>]*>(.*?)</section>', page, re.S)
            assert current, (section_id, number)
            assert 'speaker-notes empty' not in current.group(1), (lang, section_id, number)
            notes = re.findall(r'<div class="speaker-notes">(.*?)</div>', current.group(1), re.S)
            assert notes and len(visible_text(notes[0])) >= 40, (lang, section_id, number)
            slides += 1
    assert slides >= (28 if game == "backgammon" else 40), slides


def test_every_question_of_both_courses_has_speaker_notes_of_its_own():
    """The teacher review's T14: a question slide's notes repeated its step's, with nothing about the
    question itself. Every check question, dominoes and backgammon, has notes of its own now, none
    of them a copy of its step's."""
    from tutor.games.backgammon.course import load_course as backgammon_course

    for section in (*load_course(), *backgammon_course()):
        for step in section.steps:
            if step.question:
                assert step.question.notes, (section.id, step.id)
                assert set(step.question.notes).isdisjoint(step.notes), (section.id, step.id)
