"""Class mode's pages for the context pictures: a class is a conversation between a teacher's
browser and students' phones, each known by a cookie, so no link reaches its pages. Here classes
are set up in the app's store at each moment a translator must see (nobody joined yet; a question
open, answered by some; its answer shown; between questions; ended), with tokens made here, and
each page is a :class:`~tutor.tools.visits.Visit` that carries the cookie of the teacher or
of a student. Every visit only reads the store (the refusals change nothing), so the pictures tool
can make them again in Chromium."""

from __future__ import annotations

import secrets
import time
from dataclasses import replace

from tutor.tools.visits import Visit


def _cookie(name: str, token: str, lang: str, code: str) -> tuple[str, str, str]:
    return (name, token, f"/{lang}/class/{code}")  # the path classroom.set_cookies gives it


def class_visits(app, lang: str = "en") -> list[Visit]:
    """The visits that show class mode's texts, in ``lang``: the classes are made in ``app``'s store."""
    from tutor.web import classroom
    from tutor.web.class_store import Answer, ClassState

    with app.test_request_context(f"/{lang}/class/"):
        store = classroom.store()
        # a deck with a question answered by choosing and one answered with a number
        deck = next(iter(classroom.decks().values()))
        chosen = numbered = None
        for section in deck.game.sections():
            for slide in classroom.deck_slides(deck, section):
                if slide.question and deck.ask(slide.step).right:
                    if deck.ask(slide.step).choices:
                        chosen = chosen or (section, slide)
                    else:
                        numbered = numbered or (section, slide)
        visits: list[Visit] = []

        def new_class(section, number: int) -> tuple[ClassState, tuple]:
            token = secrets.token_urlsafe(32)
            while True:
                state = ClassState(code=classroom.new_code(), teacher=classroom.token_hash(token),
                                   created=time.time(), deck=deck.id, section=section.id, slide=number)
                if store.add(state):
                    return state, _cookie(classroom.TEACHER_COOKIE, token, lang, state.code)

        def join(state: ClassState, nickname: str = "") -> tuple:
            token = secrets.token_urlsafe(32)
            store.join(state, classroom.token_hash(token), secrets.token_hex(8), nickname, classroom.MAX_STUDENTS)
            return _cookie(classroom.STUDENT_COOKIE, token, lang, state.code)

        def student_of(state: ClassState, cookie: tuple):
            return store.student(state.code, classroom.token_hash(cookie[1]))

        def page(state: ClassState, *cookies: tuple, tail: str = "", form: tuple = ()) -> Visit:
            return Visit(f"/{lang}/class/{state.code}{tail}", form=form, cookies=cookies)

        # nobody has joined yet: the teacher's page, the slide with the join code, the join page
        # (the teacher's own browser is told it started the class), the tally for a projector
        section, _slide = chosen
        fresh, fresh_teacher = new_class(section, 1)
        visits += [page(fresh, fresh_teacher, tail="/teacher"), page(fresh), page(fresh, fresh_teacher),
                   page(fresh, tail="/tally"),
                   Visit(classroom.deck_url(deck, section, 1, fresh.code, join=True))]
        # between questions: a student's phone says to look at the screen
        between, _teacher = new_class(section, 1)
        visits.append(page(between, join(between, "Lan")))
        # a question open and a question shown, each answered right by one student, wrong by a second
        # (no nickname: "Student 2"), not by a third; a number question open for its field
        for (section, slide), shown in ((chosen, False), (chosen, True), (numbered, False)):
            state, teacher = new_class(section, slide.number)
            students = [join(state, "Lan"), join(state), join(state, "Budi")]
            ask = deck.ask(slide.step)
            right = sorted(ask.right)[0]
            if ask.choices:
                wrong = next(value for value, _label in ask.choices if value not in ask.right)
            else:
                wrong = str(int(right) + 1)
            key = classroom.question_key(state)
            for cookie, value in zip(students, (right, wrong)):
                judged = deck.judge(slide.step, value)
                store.answer(state, key, Answer(student_of(state, cookie).id, judged.value, judged.correct))
            if shown:
                state = replace(state, shown=True, revealed=(key,), version=state.version + 1)
                store.put(state)
            visits += [page(state, teacher, tail="/teacher"), page(state, tail="/tally"),
                       *(page(state, cookie) for cookie in students)]
            answer = (("question", key), ("answer", right))
            # a second answer; an answer after the question closed; one from a phone that did not join
            visits += [page(state, students[0], tail="/answer", form=answer),
                       page(state, tail="/answer", form=answer)]
            if shown:
                visits.append(page(state, students[2], tail="/answer", form=answer))
        # an ended class: the students' page, the teacher's, and the teacher leading it still
        ended, teacher = new_class(section, 1)
        store.end(replace(ended, ended=True, version=ended.version + 1))
        visits += [page(ended), page(ended, teacher, tail="/teacher"),
                   page(ended, teacher, tail="/teacher", form=(("go", "next"),))]
        # the refusals that change nothing: a code that is not one, a code of no class, another's
        # class led, a form that asks for nothing, a class started on no section
        visits += [Visit(f"/{lang}/class/"), Visit(f"/{lang}/class/?code=nope"),
                   Visit(f"/{lang}/class/{'Z' * classroom.CODE_LENGTH}"), page(fresh, tail="/teacher"),
                   page(fresh, fresh_teacher, tail="/teacher", form=(("go", "dance"),)),
                   page(fresh, fresh_teacher, tail="/teacher", form=(("go", "lesson"), ("lesson", "nowhere"))),
                   Visit(f"/{lang}/class/", form=(("lesson", "nowhere"),))]
    return visits
