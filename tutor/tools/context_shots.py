"""Context pictures for translators: for each msgid, a cropped screenshot of where it shows in English.

``make context-shots`` (``python -m tutor.tools.context_shots [--out DIR] [--limit N]``) serves the app on
127.0.0.1 in a thread, opens what :func:`visits` lists in Debian's Chromium (Playwright, as the
browser tests do), and for each visit:

1. reads it with ``?msgids=1`` (fetched and parsed inside the browser, not drawn: every
   ``<details>`` open, every speaker note shown: :data:`REVEAL`) and notes, for each text shown as
   ``⟦msgid⟧`` (a text filled into another too: ``⟦⟦Your opponent⟧ passed.⟧``), the elements that
   hold it (their path in the page; a label inside a picture too, and the whole picture for what it
   says to screen readers) and the text;
2. when a text on it has no picture yet, opens the same page in English and, at the first of those
   elements in sight that holds the same text, photographs it with some of its surroundings.

The visits are the pages as they load (:func:`page_paths`: every kind of page of both courses, the
presenter's slides and notes, game pages in several states), then what ``tutor.tools.context_states``
finds that they do not show: game states a seeded walk through each game's own links reaches, the
games played through, rare states the engine finds, refused and hand-changed addresses, answers
posted to the check questions, and the analyze API's answers (shown as their JSON, each string
photographed where it stands). About ten minutes on two cores (it says what it is doing every
15 seconds), pictures for 97 % of the msgids
(tests/translators/test_translators.py keeps the share; what is left is listed there).
Each text is matched back to its catalog entry by the words around its placeholders (the msgids
view shows ``⟦3 steps⟧`` for ``%(num)d steps``), the entry with the most words of its own first
(and any that fits nearly as closely: :func:`_identify`). The
pictures go to ``context-shots/`` (git-ignored), one PNG per entry, named by :func:`shot_name`, with
``index.json`` (entry -> picture, the page, and the form or body posted). The status page and the
msgids view show a picture when it exists and nothing when it does not.

A tool for translators and developers, never imported by the app: the app only reads the folder.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable
from urllib.parse import urlsplit

from tutor.tools.context_states import plain, shown_in, split_context, with_msgids
from tutor.paths import REPOSITORY, TRANSLATIONS
from tutor.tools.visits import Visit

SHOTS = REPOSITORY / "context-shots"
CHROMIUM = "/usr/bin/chromium"
#: Room kept around a text in its picture, in CSS pixels, so the picture shows where it is.
MARGIN = 48
VIEWPORT = {"width": 1280, "height": 900}

# placeholders as Python %-format writes them (kept in step with tutor.catalogs.PLACEHOLDER)
_PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[-#0 +]*(?:\d+|\*)?(?:\.\d+)?([diouxXeEfFgGcrsa%])")


def shot_name(msgid: str, context: str | None = None) -> str:
    """The picture's file name for a catalog entry: a hash of its context and msgid."""
    key = f"{context}\x04{msgid}" if context else msgid
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:16] + ".png"


def pattern_for(msgid: str) -> re.Pattern:
    """The text a msgid shows as, its placeholders filled with anything."""
    parts = _PLACEHOLDER.split(msgid)
    # split() returns text, name, type, text, name, type, ...: keep the texts
    texts = [" ".join(parts[i].split()) for i in range(0, len(parts), 3)]
    return re.compile("^" + ".+?".join(re.escape(t) for t in texts) + "$", re.S)


def page_paths(app) -> list[str]:
    """The English pages to photograph, every kind of page of both courses, each text found first
    where it is most at home:

    - the home page, and for dominoes and backgammon the course page, every section and lesson step,
      the diagram gallery, the guided hands and positions (as they start; halfway through with every
      hint, the explanation and the strategy notes asked for; played to their end; a checker
      picked), the other domino rule sets' guided hands alike, a new free-play game of each game
      and of each domino rule set, the practice pages;
    - the presenter: the projector page and, for both courses, each section's first slide, every
      question slide (its answer shown: :data:`REVEAL`) and the speaker notes (every slide's);
    - the handouts (the teacher's and the class's copy, a section's alone), the other ways to play, the translators'
      status page, the offline page, and a page that is not there.

    A page whose endpoint the app does not have is left out."""
    from flask import url_for

    from tutor.course import load_course
    from tutor.freeplay import FREE_PLAY_RULES, new_backgammon_id, new_game_id, new_mexican_id
    from tutor.games.backgammon import course as backgammon_course
    from tutor.games.backgammon.guided import load_guided
    from tutor.games.domino.guided import all_hands
    from tutor.games.domino.mexican_train.guided import all_hands as mexican_hands
    from tutor.games.domino.rules import RULE_SETS
    from tutor.web.present import slides_of

    paths: list[str] = []
    courses = (("domino", "domino_present", "domino_play.guided", "hand_id", load_course(), all_hands()),
               ("backgammon", "backgammon_present", "backgammon_play.guided", "position_id",
                backgammon_course.load_course(), load_guided()))

    with app.test_request_context("/"):
        def add(endpoint: str, **values) -> None:
            if endpoint in app.view_functions:
                path = url_for(endpoint, lang_code="en", **values)
                if path not in paths:
                    paths.append(path)

        add("home.index")
        for pages, _present, _guided, _key, sections, _games in courses:
            add(f"{pages}.course" if pages == "domino" else "backgammon.index")
            for section in sections:
                add(f"{pages}.section", section_id=section.id)
                for step in section.steps:
                    add(f"{pages}.step", section_id=section.id, step_id=step.id)
        add("domino_diagrams.gallery")
        add("backgammon_diagrams.gallery")
        add("domino_play.hands_index")
        add("backgammon_play.index")
        for _pages, _present, guided, key, _sections, games in courses:
            for game in games.values():
                add(guided, **{key: game.id})
            for game in games.values():  # the hint ladder, the explanation, the strategy notes; the end
                moves = _played_through(game)
                field = "moves" if guided == "domino_play.guided" else "m"
                add(guided, **{key: game.id}, **{field: ".".join(moves[:len(moves) // 2])},
                    hint=3, explain=1, strategy=1)
                add(guided, **{key: game.id}, **{field: ".".join(moves)})
                picked = _first_pick(game)
                if picked:  # a checker picked: where it may go
                    add(guided, **{key: game.id}, m=picked[0], f=picked[1])
        for rules in FREE_PLAY_RULES:  # a new match by each rule set
            add("domino_play.free_play", g=new_game_id(2, nonce=bytes(12), rules=RULE_SETS[rules]))
        for hand in mexican_hands().values():  # Mexican Train's hands: start, halfway with the hint, end
            moves = _mexican_played_through(hand)
            add("domino_play.guided", hand_id=hand.id)
            add("domino_play.guided", hand_id=hand.id, moves=".".join(moves[:len(moves) // 2]), hint=1)
            add("domino_play.guided", hand_id=hand.id, moves=".".join(moves))
        for top in (12, 6):  # a new Mexican Train match, and the shorter game
            add("domino_play.free_play", g=new_mexican_id(top, nonce=bytes(12)))
        for path in _mexican_match_stops(app, new_mexican_id(6, nonce=bytes(12))):
            if path not in paths:
                paths.append(path)
        add("backgammon_play.free", g=new_backgammon_id(True, True, nonce=bytes(12)))
        add("backgammon_play.free", g=new_backgammon_id(False, False, nonce=bytes(12)))
        add("present.index")
        from tutor.web.backgammon.present import BACKGAMMON, load_plans as backgammon_plans
        from tutor.web.domino.present import DOMINOES, load_plans as domino_plans

        games = {"domino_present": (DOMINOES, domino_plans()), "backgammon_present": (BACKGAMMON, backgammon_plans())}
        for _pages, present, _guided, _key, sections, _games in courses:
            game, plans = games[present]
            for section in sections:
                add(f"{present}.deck", section_id=section.id)
                for slide in slides_of(section, game):
                    if slide.question:
                        add(f"{present}.question", section_id=section.id, step_id=slide.step.id)
                    elif slide.picture:  # a picture with a slide of its own
                        add(f"{present}.picture", section_id=section.id, step_id=slide.step.id)
                add(f"{present}.notes", section_id=section.id)
            for plan in plans:  # a lesson plan's deck, its notes (the plan and its clock), its handouts
                add(f"{present}.lesson", plan=plan.id)
                add(f"{present}.lesson_notes", plan=plan.id, slide=1)
                add(f"{present}.handout", plan=plan.id)
            add(f"{present}.lesson")  # the whole course as one deck (its last slide: the lesson's end)
        for position in load_guided().values():  # backgammon on the projector
            add("backgammon_play.guided", position_id=position.id, present=1)
        add("backgammon_play.free", g=new_backgammon_id(True, True, nonce=bytes(12)), present=1)
        add("domino_present.handout")
        add("domino_present.handout", copy="student")
        add("domino_present.section_handout", section_id=load_course()[0].id)  # one section's: its own title
        add("backgammon_present.handout")
        add("backgammon_present.handout", copy="student")
        add("domino.other_ways")
        add("translators.status")
        add("offline.page")  # what the service worker shows without a network
        add("domino.step", section_id=load_course()[0].id, step_id="no-such-step")  # the page that is not there
        # the presenter's addresses that are not there: a picture's slide a step does not have, a
        # plan the course does not have, the several-sections form sent with none ticked
        first = load_course()[0]
        add("domino_present.picture", section_id=first.id, step_id=first.steps[0].id)
        add("domino_present.lesson", plan="no-such-plan")
        add("domino_present.lesson", sections="")
    return paths


def visits(app, pot: Path = TRANSLATIONS / "messages.pot", planted=None) -> list[str | Visit]:
    """Every page of :func:`page_paths`, then what ``tutor.tools.context_states`` finds that they do not
    show: later game states, refused addresses, posted answers, the analyze API's answers, the
    status page's reports of ``planted``'s catalogs."""
    from tutor.tools.context_states import choose, game_starts, more_matches

    paths = page_paths(app)
    played = [*game_starts(paths), *more_matches()]
    chosen = choose(app, paths, identifier(pot), planted=planted, played=played, backgammon=4, designed=30)
    return [*paths, *chosen.visits]


def _played_through(game) -> list[str]:
    """The learner's decisions that take a guided hand or position to its end, in its address's
    words: always the first action the rules allow (a domino hand), or the first legal play, a roll
    rather than the videau, and taking it when offered (a backgammon position)."""
    from tutor.tools.context_states import next_decision
    from tutor.games.backgammon.guided import GuidedPosition
    from tutor.games.backgammon.session import Phase
    from tutor.games.domino.guided import replay

    moves: list[str] = []
    for _ in range(80):  # a guided game is short; a bound all the same
        if isinstance(game, GuidedPosition):
            state = game.replay(moves)
            if state.phase in (Phase.OVER, Phase.END):
                break
            moves.append(next_decision(state, double=False, take=True,
                                       steps=state.plays[0].steps if state.phase is Phase.MOVE else ()))
        else:
            position = replay(game.deal, moves, game.opponents()).position
            if position.is_over():
                break
            moves.append(str(position.legal_actions()[0]))
    return moves


def _mexican_match_stops(app, game_id: str) -> list[str]:
    """Pages of a whole shorter Mexican Train match, walked through its own links (the first action
    each page offers): the first page offering a draw and the first offering a pass, each with the
    hint asked for, the first round's last page and the match's last page (the texts that only these
    states show)."""
    import re
    from html import unescape

    client = app.test_client()
    rounds: list[list[str]] = [[]]
    stops: dict[str, str] = {}
    for _ in range(400):  # a shorter match is about a hundred pages; a bound all the same
        path = f"/en/domino/play?g={game_id}&m=" + "~".join(".".join(r) for r in rounds)
        html = unescape(client.get(path).get_data(as_text=True))
        offered = re.findall(r'data-action="([^"]+)"', html)
        for kind in ("draw", "pass"):
            if kind in offered:
                stops.setdefault(kind, path + "&hint=1")
        if offered:
            rounds[-1].append(offered[0])
            continue
        stops.setdefault("round over", path)
        if "Next round" not in html:
            stops["match over"] = path
            break
        rounds.append([])
    return list(stops.values())


def _mexican_played_through(hand) -> list[str]:
    """The learner's actions that take a Mexican Train hand to its end: always the first one allowed."""
    from tutor.games.domino.mexican_train.guided import LEARNER, replay

    moves: list[str] = []
    for _ in range(80):
        position = replay(hand.deal, moves).position
        if position.is_over() or position.to_act != LEARNER:
            break
        moves.append(position.legal_actions()[0])
    return moves


def _first_pick(game) -> tuple[str, str] | None:
    """A backgammon guided position at its first move, with a checker picked: (decisions, place)."""
    from tutor.games.backgammon.guided import GuidedPosition
    from tutor.games.backgammon.plays import BAR_POINT, first_steps
    from tutor.games.backgammon.session import Phase

    if not isinstance(game, GuidedPosition):
        return None
    moves = _played_through(game)
    for count in range(len(moves) + 1):
        state = game.replay(moves[:count])
        if state.phase is Phase.MOVE:
            src = first_steps(state.position, [])[0].src
            return ".".join(moves[:count]), "bar" if src == BAR_POINT else str(src)
    return None


#: Run on each page, with and without ``?msgids=1``, before its texts are looked for: every
#: ``<details>`` open (an answer, a hint, the keys), and on a speaker-notes page every slide's notes.
REVEAL = """(doc) => {
  doc = doc || document;  // the page itself, or the msgids view read unrendered
  doc.querySelectorAll('details').forEach((d) => { d.open = true; });
  doc.querySelectorAll('main.notes .notes-slide[hidden]').forEach((e) => { e.hidden = false; });
}"""

#: Where an element is on the screen (scrolled into view first when it is not), and its text. An
#: element the page draws only once used (the speaker notes' Pause, shown while the clock runs) is
#: shown first, with every part around it that hides it.
LOCATE = """(selector) => {
  const e = document.querySelector(selector);
  if (!e) return null;
  let r = e.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) {
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      if (a.hidden) a.hidden = false;
      if (getComputedStyle(a).display === 'none') a.style.display = 'revert';
    }
    r = e.getBoundingClientRect();
  }
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) e.scrollIntoView({block: 'center', inline: 'nearest'});
  const box = e.getBoundingClientRect();
  const said = [...e.attributes].map((a) => a.value).join(' ');  // a label said to screen readers
  return {x: box.x, y: box.y, width: box.width, height: box.height, text: (e.textContent || '') + ' ' + said};
}"""

#: Each text shown as ``⟦msgid⟧``, with the element that holds it (its path in the page). A label in
#: a picture is photographed where it is; a picture's title and description (said to screen readers,
#: not drawn) with the whole picture, a choice of a drop-down list with the list, a label in an
#: attribute (``aria-label``, a button's other word in ``data-resume``) with its element, and a text in
#: a part hidden until used (the talk's clock) with that part shown.
COLLECT = """async ({url, form}) => {
  const html = await (await fetch(url, form ? {method: 'POST', body: new URLSearchParams(form)} : {})).text();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  (%s)(doc);
  const path = (e) => {
    const steps = [];
    for (; e && e.nodeType === 1 && e !== doc.documentElement; e = e.parentElement) {
      let i = 1;
      for (let s = e.previousElementSibling; s; s = s.previousElementSibling) i++;
      steps.unshift(e.tagName.toLowerCase() + ':nth-child(' + i + ')');
    }
    return 'html > ' + steps.join(' > ');
  };
  const found = [];
  // every text, a text that another fills in too (⟦⟦Your opponent⟧ passed.⟧); rank 0 for a text in
  // sight, 1 for an attribute's (a label said to screen readers), 2 more in a part hidden until used
  const add = (value, element, rank) => {
    const text = value.replace(/\\s+/g, ' ');
    const open = [];
    rank += element.closest('[hidden]') ? 2 : 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '⟦') open.push(i);
      else if (text[i] === '⟧' && open.length) found.push({text: text.slice(open.pop() + 1, i).trim(), path: path(element), rank});
    }
  };
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let element = node.parentElement;
    if (!element || element.closest('script, style, template')) continue;
    if (element.closest('svg title, svg desc')) element = element.closest('svg');
    if (element.closest('select')) element = element.closest('select');
    add(node.nodeValue, element, 0);
  }
  for (const element of doc.body.querySelectorAll('*')) {
    if (element.closest('script, style, template')) continue;
    for (const attribute of element.attributes) if (attribute.value.includes('⟦')) add(attribute.value, element, 1);
  }
  return found;
}""" % REVEAL


@dataclass
class _Entries:
    """The template's entries as :func:`_identify` looks for them: ``patterns``, (context, msgid, the
    pattern of one of its forms), the ones with the most words of their own first ("Game rules, step
    by step" is not "Game %(number)s"); ``exact``, (context, a form with no placeholder) -> its entry."""

    patterns: list[tuple[str | None, str, re.Pattern]] = field(default_factory=list)
    exact: dict[tuple[str | None, str], tuple[str | None, str]] = field(default_factory=dict)


def _entries(pot: Path) -> _Entries:
    from babel.messages.pofile import read_po

    with pot.open("rb") as f:
        template = read_po(f)
    entries = _Entries()
    for message in template:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        for msgid in ids:
            entries.patterns.append((message.context, ids[0], pattern_for(msgid)))
            if not _PLACEHOLDER.search(msgid):
                entries.exact.setdefault((message.context, msgid), (message.context, ids[0]))
    entries.patterns.sort(key=lambda entry: -_own_words(entry[1]))
    return entries


def identifier(pot: Path = TRANSLATIONS / "messages.pot") -> Callable[[str], tuple[tuple[str | None, str], ...]]:
    """Text of the msgids view -> the catalog entries ``(context, msgid)`` it may be (none, one, or
    more: see :func:`_identify`)."""
    entries = _entries(pot)
    return lambda shown: _identify(shown, entries)


#: A second entry whose pattern fits a text too is taken as shown there when it has at least this
#: share of the best one's own words ("%(name)s still holds %(values)s: %(sum)s = %(pips)s pips." and
#: "%(player)s still holds %(tiles)s: %(count)s pips." read alike; "Game %(number)s" is not
#: "Game rules, step by step").
ALIKE = 0.75


def _own_words(msgid: str) -> int:
    return len(_PLACEHOLDER.sub("", msgid))


def _identify(shown: str, entries: _Entries) -> tuple[tuple[str | None, str], ...]:
    """The catalog entries behind a text of the msgids view (``context | msgid`` when it has one):
    the one with the most words of its own whose pattern fits, and any that fit nearly as closely
    (two sentences of different pages may read the same once filled in: the picture shows both).
    A text that is a msgid word for word is that msgid alone ("Diagrams" is not "Diagram %(id)s")."""
    context, text = split_context(shown)
    text = " ".join(text.split())
    if (context, text) in entries.exact:
        return (entries.exact[context, text],)
    found: list[tuple[str | None, str]] = []
    for entry_context, msgid, pattern in entries.patterns:  # the most words of their own first
        if found and _own_words(msgid) < ALIKE * _own_words(found[0][1]):
            break
        if entry_context == context and pattern.match(text) and (entry_context, msgid) not in found:
            found.append((entry_context, msgid))
    return tuple(found)


def take_shots(base_url: str, visits: Iterable[str | Visit], out: Path, pot: Path, limit: int | None = None,
               browser=None, only: set[tuple[str | None, str]] | None = None,
               progress: Callable[[int, int, int], None] | None = None) -> dict:
    """Photograph every entry that ``visits`` show (a page's path, or a :class:`Visit`: a form posted,
    an answer of the analyze API), or only the entries ``only`` names ((context, msgid) pairs); the
    index written to ``out/index.json``. Uses ``browser`` (a Playwright browser, as the tests have
    one) or launches Chromium. ``progress(visits done, visits in all, pictures)`` is called as it goes."""
    if browser is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            try:
                return take_shots(base_url, visits, out, pot, limit, launched, only, progress)
            finally:
                launched.close()
    out.mkdir(parents=True, exist_ok=True)
    entries = _entries(pot)
    known: dict[str, tuple[tuple[str | None, str], ...]] = {}
    index: dict[str, dict] = {}
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    on_app = False  # the page is one of the app's own, so that the msgids view can be fetched from it
    with_cookies = False  # the last visit's cookies are in the browser
    host = urlsplit(base_url).hostname
    visits = list(visits)
    for done, visit in enumerate(visits):
        if progress is not None:
            progress(done, len(visits), len(index))
        visit = visit if isinstance(visit, Visit) else Visit(visit)
        if with_cookies or visit.cookies:  # a class's teacher or student: only their cookie
            context.clear_cookies()
            context.add_cookies([{"name": name, "value": value, "domain": host, "path": path}
                                 for name, value, path in visit.cookies])
            with_cookies = bool(visit.cookies)
        if visit.is_api:
            found, english = _api_texts(base_url, visit)
        else:
            if not on_app:
                page.goto(f"{base_url}{visit.path}")
                on_app = True
            found = page.evaluate(COLLECT, {"url": f"{base_url}{with_msgids(visit.path)}",
                                            "form": [list(pair) for pair in visit.form] or None})
        wanted: dict[str, tuple[tuple[str | None, str], list[tuple[str, str]]]] = {}
        for item in sorted(found, key=lambda item: item.get("rank", 0)):  # a place in sight first
            if item["text"] not in known:
                known[item["text"]] = _identify(item["text"], entries)
            for entry in known[item["text"]]:
                if only is not None and entry not in only:
                    continue
                name = shot_name(entry[1], entry[0])
                if name not in index:
                    wanted.setdefault(name, (entry, []))[1].append((item["path"], plain(item["text"])))
        if not wanted:
            continue
        if visit.is_api:
            page.set_content(_json_page(visit, english))
            on_app = False
        elif visit.form:
            page.goto(f"{base_url}{visit.path}")
            with page.expect_navigation():
                page.evaluate(SUBMIT, {"url": f"{base_url}{visit.path}", "form": [list(p) for p in visit.form]})
        elif page.url != f"{base_url}{visit.path}":
            page.goto(f"{base_url}{visit.path}")
        on_app = not visit.is_api
        page.evaluate(REVEAL)
        for name, ((entry_context, msgid), places) in wanted.items():
            # the first place in sight (the view is read unrendered: a text may sit in a hidden
            # part of the page) where the English page holds the same text (it may lay out
            # otherwise: a picture's labels around the msgids view's longer words)
            for selector, text in places:
                box = page.evaluate(LOCATE, selector)
                # (in any case: a name filled in may be lowered, "Last move: your opponent opened with 6-6.")
                if box and box["width"] >= 1 and text.lower() in " ".join(box["text"].split()).lower():
                    break
            else:
                continue
            left = max(0, box["x"] - MARGIN)
            top = max(0, box["y"] - MARGIN)
            width = min(VIEWPORT["width"] - left, box["width"] + 2 * MARGIN)
            height = min(VIEWPORT["height"] - top, box["height"] + 2 * MARGIN)
            if width < 8 or height < 8:
                continue
            page.screenshot(path=str(out / name), clip={"x": left, "y": top, "width": width, "height": height})
            index[name] = {"msgid": msgid, "context": entry_context, "page": visit.path,
                           **({"posted": dict(visit.form)} if visit.form else {}),
                           **({"body": visit.body} if visit.is_api else {})}
            if limit and len(index) >= limit:
                break
        if limit and len(index) >= limit:
            break
    context.close()
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1), encoding="utf-8")
    return index


#: Posts a form from the page (a check question's answer), as the learner's button does.
SUBMIT = """({url, form}) => {
  const f = document.createElement('form');
  f.method = 'post';
  f.action = url;
  for (const [name, value] of form) {
    const field = document.createElement('input');
    field.type = 'hidden'; field.name = name; field.value = value;
    f.appendChild(field);
  }
  document.body.appendChild(f);
  f.submit();
}"""


def _post_json(url: str, body) -> object:
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url, json.dumps(body).encode("utf-8"), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as refused:  # a 400 answers JSON too
        return json.loads(refused.read())


def _api_texts(base_url: str, visit: Visit) -> tuple[list[dict], object]:
    """The texts of an API answer (each string's place ``#vN``, N its order in the answer) and the
    answer in English."""
    from tutor.tools.context_states import json_leaves

    shown = [{"text": text, "path": f"#v{number}"}
             for number, (_path, leaf) in enumerate(json_leaves(_post_json(f"{base_url}{with_msgids(visit.path)}",
                                                                           visit.body)))
             for text in shown_in(leaf)]
    return shown, _post_json(f"{base_url}{visit.path}", visit.body)


def _json_page(visit: Visit, answer) -> str:
    """An API answer as a page: the request's address, then the JSON, each string an element of its own."""
    from html import escape

    strings = iter(range(1 << 30))

    def show(value, depth: int) -> str:
        pad = "  " * depth
        if isinstance(value, str):
            # quoted as written, not escaped: the picture shows the words a reader reads
            return f'<span id="v{next(strings)}">"{escape(value)}"</span>'
        if isinstance(value, dict) and value:
            items = [f'{pad}  <b>{escape(json.dumps(key, ensure_ascii=False))}</b>: {show(item, depth + 1)}'
                     for key, item in value.items()]
            return "{\n" + ",\n".join(items) + f"\n{pad}}}"
        if isinstance(value, list) and value:
            if all(not isinstance(item, (dict, list)) for item in value):
                return "[" + ", ".join(show(item, depth + 1) for item in value) + "]"
            return "[\n" + ",\n".join(f"{pad}  {show(item, depth + 1)}" for item in value) + f"\n{pad}]"
        return escape(json.dumps(value))

    return ("<!doctype html><meta charset=utf-8><title>API</title>"
            "<style>body{margin:24px;font:16px/1.5 sans-serif}"
            "pre{white-space:pre-wrap;overflow-wrap:anywhere;max-width:1100px;font:15px/1.45 monospace}</style>"
            f"<p>POST {escape(visit.path)}: the answer (JSON)</p><pre>{show(answer, 0)}</pre>")


def serve(app):
    """The app on 127.0.0.1 on a free port, in a thread: (base URL, server)."""
    from werkzeug.serving import WSGIRequestHandler, make_server

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args, **kwargs) -> None:  # a line per request drowns the summary
            pass

    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", server


def main(argv: list[str]) -> int:
    args = list(argv)
    out = SHOTS
    limit = None
    if "--out" in args:
        i = args.index("--out")
        out = Path(args[i + 1])
        del args[i:i + 2]
    if "--limit" in args:
        i = args.index("--limit")
        limit = int(args[i + 1])
        del args[i:i + 2]
    import tempfile

    from werkzeug.middleware.dispatcher import DispatcherMiddleware

    from tutor import create_app
    from tutor.tools.context_states import PLANTED, planted_app

    import time

    started = time.monotonic()
    said = [0.0]

    def say(text: str) -> None:
        print(f"context-shots: {text} ({time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)

    def progress(done: int, total: int, pictures: int) -> None:
        if time.monotonic() - said[0] >= 15 or done + 1 == total:  # a line every 15 seconds
            said[0] = time.monotonic()
            say(f"{done + 1} of {total} pages and states photographed, {pictures} pictures so far")

    app = create_app({"TESTING": True})
    with tempfile.TemporaryDirectory() as folder:
        say("copying the catalogs and planting the status page's mistakes")
        planted = planted_app(TRANSLATIONS, Path(folder))  # the status page's reports, beside the app
        base, server = serve(DispatcherMiddleware(app, {PLANTED: planted}))
        try:
            say("finding the game states, refusals and answers that show each text (a few minutes)")
            found = visits(app, planted=planted)
            say(f"{len(found)} pages and states to photograph in Chromium")
            index = take_shots(base, found, out, TRANSLATIONS / "messages.pot", limit, progress=progress)
        finally:
            server.shutdown()
    say(f"{len(index)} pictures in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
