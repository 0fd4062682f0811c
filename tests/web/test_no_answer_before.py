"""No answer before A, none on the class copy: for every check question of both courses and every
exercise of their worksheets, in every language, the answer the engine gives is looked for in what
the class sees before it is asked for:

- on the slides, the slide before the question and the question's own slide until A is pressed (the
  answer box and the choices left out: the choices are every option, by design);
- in the class's copy of the handout, everything printed before the exercise and the exercise
  itself (its tick boxes left out, and the sections' one-line summaries, which state the rules).

What counts as the answer, by kind: a number of points ("10 points", in the language) anywhere
before it, and the bare number on the slide before, the question's slide and the exercise's own
block; a count (of plays, of tiles, of pips) as the bare number there; a move, an action or a
backgammon play as the words of the right choice; a finished backgammon game's kind of win (the
glossary's words for a single game, "gammon", "backgammon"). The answers come from the engines
(``question_view`` and the handouts' ``exercises_for``), never from this file.

A test of the test: planting the answer of one question in the text before it makes the check fail.
"""

from __future__ import annotations

import html
import re
import tomllib
from pathlib import Path

import pytest
from flask_babel import force_locale

from tutor.games.backgammon import course as backgammon_course
from tutor.games.backgammon.cube import result
from tutor.games.domino import questions
from tutor.web import present
from tutor.web.backgammon import handout as backgammon_handout
from tutor.web.backgammon.present import BACKGAMMON, question_view as backgammon_question
from tutor.web.domino import present as domino_present
from tutor.web.domino.feedback import choice_label
from tutor.web.domino.present import DOMINOES

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("vi", "id", "en")
GAMES = {"domino": DOMINOES, "backgammon": BACKGAMMON}
#: the glossary's words for each kind of win (translations/glossary.toml), by language
GLOSSARY = tomllib.loads((ROOT / "translations" / "glossary.toml").read_text(encoding="utf-8"))


def kind_words(kind: str, lang: str) -> list[str]:
    if kind in ("gammon", "backgammon"):
        return [kind]
    term = next(t for t in GLOSSARY["term"] if t["name"] == "single game")
    return [term["en"]] if lang == "en" else list(term[lang])


def visible(fragment: str, labels: bool = True) -> str:
    """The words a reader sees (and a picture's title and description, said to screen readers);
    without ``labels``, a picture's drawn words are left out: its numbers (a board's points 1 to 24,
    an open end's badge) are the position's, not an answer."""
    fragment = re.sub(r"<style\b.*?</style>", " ", fragment, flags=re.S)
    if not labels:
        fragment = re.sub(r"<text\b.*?</text>", " ", fragment, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def bare(number: str) -> re.Pattern:
    """A number on its own: not part of a tile (6-5), a play (13/8), a longer number or a time."""
    return re.compile(rf"(?<![\d/\-–.,:]){re.escape(number)}(?![\d/\-–.,:]\d|\d)")


def phrase(words: str) -> re.Pattern:
    return re.compile(re.escape(" ".join(words.split())), re.IGNORECASE)


# ----- what each question's answer looks like -----------------------------------------------------------
class Answer:
    """What a question's answer looks like in a text: ``phrases`` must appear nowhere before it (a
    number of points, "10 points"); ``numbers`` not on the slide before, on the question's slide or in
    the exercise's block (the bare number of points); ``choices`` (the right move, action or play, in
    the words of its choice; a finished game's kind of win) not on the question's slide or in the
    exercise's block, nor on the slide before in a sentence about the picture: that slide may state the
    rule ("when nothing fits and the boneyard is empty, you pass"), not apply it to the position."""

    def __init__(self, phrases=(), numbers=(), choices=()) -> None:
        self.phrases, self.numbers, self.choices = list(phrases), list(numbers), list(choices)


#: the word the lessons use to speak of the step's picture ("In the picture, ..."), by language
PICTURE = {"en": "picture", "vi": "hình", "id": "gambar"}


def about_the_picture(text: str, lang: str) -> str:
    """The sentences of ``text`` that speak of the picture."""
    return " ".join(sentence for sentence in re.split(r"(?<=[.!?:])\s+", text) if PICTURE[lang] in sentence.lower())


def domino_answer(lang: str, question, position) -> Answer:
    facts = questions.facts_of(question)
    accepted = questions.expected(question.kind, position, **facts)
    if question.kind == "points":
        return Answer([phrase(domino_present.answer_text("points", accepted, position))], [bare(accepted[0])])
    if question.kind in ("move", "action"):
        labels = [choice_label(o, position.seats) for o in questions.options(question.kind, position) if o.value in accepted]
        return Answer(choices=[phrase(label) for label in labels])
    # a count ("3") is in any tile's name and any sum; the winner of a round is a seat's name, said on every page
    return Answer()


def backgammon_answer(lang: str, question) -> Answer:
    from tutor.web.backgammon.pages import option_label

    if question.kind == "play":
        return Answer(choices=[phrase(option_label(question.options[i])) for i in backgammon_course.correct_options(question)])
    if question.kind == "points":
        # (not the bare number: a game's worth may be the videau's value, which the question states)
        value = backgammon_course.answer_value(question)
        kinds = [re.compile(rf"\b{re.escape(w)}\b", re.IGNORECASE) for w in kind_words(result(question.picture.position).kind, lang)]
        return Answer([phrase(present.points_answer(value))], choices=kinds)
    return Answer()  # a count of plays, a pip count: numbers every board is drawn with


def answer_of(game_name: str, lang: str, question) -> Answer:
    if game_name == "domino":
        return domino_answer(lang, question, questions.position_of(question))
    return backgammon_answer(lang, question)


def found(patterns: list[re.Pattern], text: str) -> list[str]:
    return [m.group(0) for pattern in patterns for m in [pattern.search(text)] if m]


# ----- the slides ---------------------------------------------------------------------------------------
def slide_fragment(page: str, number: int) -> str:
    match = re.search(rf'<section class="slide[^"]*"\s+id="slide-{number}".*?</section>\s*(?=<section class="slide|</main>)',
                      page, re.S)
    assert match, number
    shown = match.group(0)
    shown = re.sub(r'<details class="answer.*?</details>', " ", shown, flags=re.S)  # behind A
    shown = re.sub(r'<div class="picture picture-revealed">.*?</svg></div>', " ", shown, flags=re.S)  # behind A
    return re.sub(r'<p class="kicker">.*?</p>', " ", shown, flags=re.S)  # the section's number and name


def question_slides(client, game_name: str, lang: str):
    """(the question, its slide's text before A, the slide before's text) for every question slide."""
    game = GAMES[game_name]
    for section in game.sections():
        slides = present.slides_of(section, game)
        for index, slide in enumerate(slides):
            if not slide.question:
                continue
            page = client.get(f"/{lang}/{game_name}/present/{section.id}/{slide.step.id}/question").get_data(as_text=True)
            own = slide_fragment(page, slide.number)
            own = re.sub(r'<ul class="choices.*?</ul>', " ", own, flags=re.S)  # every option, by design
            before = slide_fragment(page, slides[index - 1].number) if index else ""
            yield section, slide.step.question, (visible(own), visible(own, False)), (visible(before), visible(before, False))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_name", GAMES)
def test_no_slide_before_a_question_states_its_answer(app, client, game_name, lang):
    checked, leaks = 0, []
    for section, question, own, before in question_slides(client, game_name, lang):
        with app.test_request_context(f"/{lang}/"), force_locale(lang):
            answer = answer_of(game_name, lang, question)
        hits = {"the slide before": found(answer.phrases, before[0]) + found(answer.numbers, before[1])
                + found(answer.choices, about_the_picture(before[0], lang)),
                "its own slide before A": found(answer.phrases + answer.choices, own[0]) + found(answer.numbers, own[1])}
        leaks += [(section.id, question.text, where, words) for where, words in hits.items() if words]
        checked += 1
    assert checked >= (7 if game_name == "backgammon" else 15)
    assert not leaks, leaks


# ----- the class's copy -----------------------------------------------------------------------------------
def exercise_blocks(page: str) -> list[tuple[str, tuple[str, str], str]]:
    """(label, the exercise's own block with and without its picture's drawn words, the class copy
    before it) in printed order; the tick boxes and the sections' summaries left out."""
    page = re.sub(r'<ul class="tick.*?</ul>', " ", page, flags=re.S)
    page = re.sub(r'<p class="summary">.*?</p>', " ", page, flags=re.S)
    page = re.sub(r"<head>.*?</head>", " ", page, flags=re.S)
    starts = [m for m in re.finditer(r'<div class="exercise-question[^"]*" id="question-([\d.]+)"', page)]
    blocks = []
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else page.index("</section>", match.end())
        end = min(end, page.find("</section>", match.end()))
        block = page[match.start():end]
        blocks.append((match.group(1), (visible(block), visible(block, False)), visible(page[:match.start()])))
    return blocks


def worksheet_questions(game_name: str):
    game = GAMES[game_name]
    for section in game.sections():
        asked = (domino_present.asked_in(section) if game_name == "domino" else backgammon_handout.asked_in(section))
        for number, question in enumerate(asked, start=1):
            yield f"{section.number}.{number}", question


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_name", GAMES)
def test_the_class_copy_prints_no_answer_of_an_exercise_before_it(app, client, game_name, lang):
    page = client.get(f"/{lang}/{game_name}/handout/?copy=student").get_data(as_text=True)
    blocks = {label: (own, before) for label, own, before in exercise_blocks(page)}
    asked = dict(worksheet_questions(game_name))
    assert set(blocks) == set(asked), (sorted(set(asked) - set(blocks)), sorted(set(blocks) - set(asked)))
    leaks = []
    for label, question in asked.items():
        own, before = blocks[label]
        with app.test_request_context(f"/{lang}/"), force_locale(lang):
            answer = answer_of(game_name, lang, question)
        hits = found(answer.phrases, before) + found(answer.phrases + answer.choices, own[0]) + found(answer.numbers, own[1])
        if hits:
            leaks.append((label, hits))
    assert not leaks, leaks
    # nothing of the course's text or pictures is printed in the class's copy: its worksheets only
    assert 'class="handout-step"' not in page and 'class="answers"' not in page and "data-answer=" not in page


def test_the_check_finds_an_answer_planted_before_its_question(app):
    """The slide check fails when a step's text states its question's answer: the engine's own
    answer, planted in the step before the All Fives question (whose real text it passes)."""
    import dataclasses

    section = next(s for s in DOMINOES.sections() if s.id == "all-fives")
    step = next(s for s in section.steps if s.question is not None)
    with app.test_request_context("/en/"), force_locale("en"):
        answer = domino_present.question_view(step)["answer"]
        planted = dataclasses.replace(step, text=(*step.text, f"So going out scores {answer}."))
        for candidate in (step, planted):
            changed = dataclasses.replace(section, steps=tuple(candidate if s is step else s for s in section.steps))
            game = dataclasses.replace(DOMINOES, sections=lambda: (changed,))
            deck = present.section_deck(changed, game)
            question = next(s for s in deck.slides if s.question)
            view = present.slide_view(deck, deck.slides[deck.slides.index(question) - 1], pictures=False)
            answer = answer_of("domino", "en", step.question)
            hits = found(answer.phrases + answer.numbers, " ".join([view["title"], *view["paragraphs"]]))
            assert bool(hits) == (candidate is planted), (candidate.text, hits)
