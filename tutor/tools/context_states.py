"""What the context pictures (``tutor.tools.context_shots``) visit beyond the pages as they load: the texts
that only a game's later states, a posted answer, a refused address or the JSON interface show.

Found in the app itself (a Flask test client, no browser), each candidate read with ``?msgids=1`` and
kept only when it shows a text that nothing before it showed, so the browser opens few of them:

- **play**: from each game page of :func:`tutor.tools.context_shots.page_paths` (every guided hand and
  position as it starts, a new match of each game), a seeded walk through the page's own links and
  buttons (a move, the hint, the explanation, an undo, the next round), an unvisited one when there
  is one, until :data:`STALE` pages in a row show nothing new; and (``make context-shots``) the
  same games and :func:`more_matches` played through (:func:`play_through`): a decision at a time to
  the rounds' ends, each state's hint and explanation seen on the way; whole backgammon games made
  by the engine in the address's words (:func:`backgammon_games`), with each button and tap tried
  in each phase (:func:`backgammon_presses`); and the rare states that the engine finds over many
  matches, a state kept only when its notes say something new (:func:`designed_domino_states`,
  :func:`designed_mexican_states`, :func:`designed_backgammon_states`): a blocked round tied among
  three or four, a match's end, the computer passing the videau...;
- **refusals**: a walked game's address with one decision more that the rules refuse (a Mexican
  Train tile sent to each train), addresses changed by hand (a game id cut short, an id of a page
  that is not there) and requests no link makes (:func:`hand_made_visits`); a guided hand's result
  worked out right, wrong and unreadably (:func:`worked_out_paths`);
- **answers**: each check question's answers posted, first and second try (each choice; for a number,
  one wrong number per reason the engine gives), and one the page cannot read;
- **the analyze API**: positions of seeded games of every game and rule set (chosen by what the
  engine's notes say, so thousands cost about a second), deals the games hardly ever give, and
  bodies each of whose faults the API names, posted; the answer is shown as JSON.
- **the status page's reports**: the translators' status page of a second app (:func:`planted_app`,
  served under :data:`PLANTED`) whose catalogs are a copy with mistakes planted: one catalog broken
  in each way the strict reading names, one not in UTF-8, one that cannot be opened, one Babel
  refuses, one broken after the app read it, entries left fuzzy and untranslated; and that app's
  error pages for a request it cannot read and for a bug, which no request to the real app makes.

A tool's module, never imported by the app.
"""

from __future__ import annotations

import functools
import json
import logging
import random
import re
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator
from urllib.parse import parse_qsl, urlencode, urlsplit

from tutor.games.backgammon import record
from tutor.tools.visits import Visit


_FORM = re.compile(r'<form method="get"([^>]*)>(.*?)</form>', re.S)
_ATTRIBUTE = re.compile(r'\b(action|id)="([^"]*)"')
_OUTSIDE_BUTTON = re.compile(r'<button type="submit" form="([^"]+)" name="([^"]+)" value="([^"]*)"')
_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')
_BUTTON = re.compile(r'<button type="submit" name="([^"]+)" value="([^"]*)"')
_LINK = re.compile(r'href="([^"#]+)')
#: Steps of one walk: a match of any game ends well before.
WALK_STEPS = 160
#: A walk ends after this many pages in a row showed nothing new.
STALE = 30
#: Pages of one game played through (:func:`play_through`), its side pages included.
PLAY_PAGES = 400
#: Decisions added to a walked game's address to be refused: a domino tile not in the hand or not
#: fitting, a draw or pass not allowed, an unreadable action, a move after the round's end; a Mexican
#: Train play on a train it may not go on; a backgammon roll, offer, answer or step out of turn.
REFUSED = ("6-6L", "0-0R", "draw", "pass", "6-1X", "6-5:s0", "0-0:t1", "0-0:t3", "9-9:s0",
           "r", "d", "t", "p", "x", "24-18", "1-7")


_CONTEXT = re.compile(r"^([^⟦⟧|]+) \| (.*)$", re.S)
_INNER_CONTEXT = re.compile(r"⟦[^⟦⟧|]+ \| ")


def shown_in(text: str) -> list[str]:
    """Each ``⟦…⟧`` of a msgids view's text, a text filled into another too (``⟦⟦Your opponent⟧ passed.⟧``
    gives ``Your opponent`` and ``⟦Your opponent⟧ passed.``)."""
    found, opened = [], []
    for i, char in enumerate(text):
        if char == "⟦":
            opened.append(i)
        elif char == "⟧" and opened:
            found.append(" ".join(text[opened.pop() + 1:i].split()))
    return found


def split_context(shown: str) -> tuple[str | None, str]:
    """A text of the msgids view as (its context or None, the rest): ``rule | Pass`` -> ("rule", "Pass")."""
    match = _CONTEXT.match(shown)
    return (match[1], match[2]) if match else (None, shown)


def plain(shown: str) -> str:
    """A text of the msgids view as the English page shows it: the msgid, its contexts and marks left out."""
    text = split_context(shown)[1]
    return " ".join(_INNER_CONTEXT.sub("", text).replace("⟦", "").replace("⟧", "").split())


def with_msgids(path: str) -> str:
    """The same address with the msgids view on."""
    return path + ("&" if "?" in path else "?") + "msgids=1"


def _without_msgids(path: str) -> str:
    parts = urlsplit(path)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "msgids"]
    return parts.path + ("?" + urlencode(query) if query else "")


def shown_texts(client, visit: Visit) -> list[str]:
    """The texts a visit shows in the msgids view (``context | msgid`` as it shows them)."""
    if visit.is_api:
        response = client.post(with_msgids(visit.path), json=visit.body)
        return [text for _path, leaf in json_leaves(response.get_json(silent=True)) for text in shown_in(leaf)]
    if visit.cookies:  # a browser of its own, with only these cookies
        client = client.application.test_client()
        for name, value, path in visit.cookies:
            client.set_cookie(name, value, path=path)
    if visit.form:
        response = client.post(with_msgids(visit.path), data=dict(visit.form))
    else:
        response = client.get(with_msgids(visit.path))
    return shown_in(unescape(response.get_data(as_text=True)))


def json_leaves(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """Every string in a JSON value, with its path (keys and indexes)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from json_leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from json_leaves(item, (*path, index))


def next_paths(path: str, html: str) -> list[str]:
    """The page's own links and GET buttons that lead to the same page (another state of its game)."""
    here = urlsplit(path).path
    found: list[str] = []
    for href in _LINK.findall(html):
        target = _without_msgids(unescape(href))
        if urlsplit(target).path == here and target != path:
            found.append(target)
    outside = _OUTSIDE_BUTTON.findall(html)  # a button elsewhere on the page that submits a form by its id
    for attributes, body in _FORM.findall(html):
        attribute = dict(_ATTRIBUTE.findall(attributes))
        if unescape(attribute.get("action", "")).split("#")[0] != here:  # the action may name the board's anchor
            continue
        hidden = [(name, unescape(value)) for name, value in _HIDDEN.findall(body) if name != "msgids"]
        buttons = _BUTTON.findall(body) + [(name, value) for form, name, value in outside if form == attribute.get("id")]
        for name, value in buttons:
            found.append(here + "?" + urlencode([*hidden, (name, unescape(value))]))
    return list(dict.fromkeys(found))


def walk(client, start: str, seed: int, steps: int = WALK_STEPS) -> Iterator[tuple[str, str]]:
    """(path, its msgids view) along a seeded walk from ``start`` through the page's own links."""
    rng = random.Random(seed)
    seen: set[str] = set()
    path = start
    for _ in range(steps):
        path, html = _landed(client, path)
        seen.add(path)
        yield path, html
        ahead = next_paths(path, html)
        if not ahead:
            return
        fresh = [p for p in ahead if p not in seen]
        path = rng.choice(fresh or ahead)


def _query_value(path: str, name: str) -> str:
    return dict(parse_qsl(urlsplit(path).query, keep_blank_values=True)).get(name, "")


def spelled_out(path: str) -> str:
    """A backgammon address with its compact record (``h``) written out as the decisions it holds
    (``m``: ``.`` between decisions, ``~`` between the games of a series), which the game still
    reads: the tampered addresses below change those decisions one by one."""
    parts = urlsplit(path)
    query = parse_qsl(parts.query, keep_blank_values=True)
    if not any(key == "h" for key, _value in query):
        return path
    written = [(("m", "~".join(".".join(game) for game in record.decode(value))) if key == "h" else (key, value))
               for key, value in query]
    return parts.path + "?" + urlencode(written, safe="~.")


def decisions_of(path: str) -> str:
    """The decisions an address holds (a game's ``m``, or a backgammon game's compact record ``h``
    read back into the same tokens, as :func:`spelled_out` writes them), '' for none."""
    compact = _query_value(path, "h")
    if compact:
        try:
            return "~".join(".".join(game) for game in record.decode(compact))
        except record.RecordError:
            return ""
    return _query_value(path, "m")


def game_of(path: str) -> str:
    """The game id an address holds (``g``), '' for none."""
    return _query_value(path, "g")


def _landed(client, path: str) -> tuple[str, str]:
    """(where ``path`` leads, its msgids view): a tapped tile that is played redirects to the address
    that holds it."""
    answer = client.get(with_msgids(path))
    if answer.status_code in (301, 302, 303):
        path = _without_msgids(answer.location.split("#")[0])
        answer = client.get(with_msgids(path))
    elif answer.headers.get("Content-Location"):  # a backgammon tap answers at once, naming its own address
        path = _without_msgids(answer.headers["Content-Location"].split("#")[0])
    return path, unescape(answer.get_data(as_text=True))


def play_through(client, start: str, seed: int, pages: int = PLAY_PAGES) -> Iterator[tuple[str, str]]:
    """(path, its msgids view) along a game played from ``start`` by seeded choices among the page's
    own decisions (a move, a draw, the next round), with each state's other links and buttons (the
    hint, the explanation, an undo) seen on the way: a walk that reaches a round's end, and the
    next one's, where a random walk through every link lingers over the first moves."""
    rng = random.Random(seed)
    seen: set[str] = set()
    path, html = _landed(client, start)
    while len(seen) < pages:
        seen.add(path)
        yield path, html
        now = decisions_of(path)
        decisions = []
        for ahead in next_paths(path, html):
            if ahead in seen or game_of(ahead) != game_of(path):  # a new match is a start of its own
                continue
            ahead, ahead_html = _landed(client, ahead)
            if decisions_of(ahead) != now and decisions_of(ahead).startswith(now):
                decisions.append((ahead, ahead_html))
            elif ahead not in seen:  # the hint, the explanation, an undo, a refused tap
                seen.add(ahead)
                yield ahead, ahead_html
        if not decisions:
            return
        path, html = rng.choice(decisions)


class _FirstOfEach:
    """Addresses kept only when what they show (their facts) is new: the engine's searches offer
    thousands of states and keep a few."""

    def __init__(self) -> None:
        self.said: set = set()
        self.paths: list[str] = []

    def offer(self, path: str, *facts, notes=None) -> None:
        """Keep ``path`` if its facts are new; with ``notes`` (the engine's notes of the state), if
        one of the sentences they make (:func:`_signature`) is new with those facts."""
        new = {facts} if notes is None else {(*facts, *sentence) for sentence in _signature(notes) or {()}}
        if new - self.said:
            self.said.update(new)
            self.paths.append(path)


def _whose(seat: int | None, learner: int) -> str:
    return "nobody" if seat is None else "you" if seat == learner else "another"


def _decision_by_decision(table) -> Iterator[tuple[list[str], Any]]:
    """The states of one backgammon game, a decision of the learner at a time: (the decisions so far,
    the game there). The caller appends the next decision to the list before asking for the next
    state (:func:`next_decision`); the game ends at its result, or after 600 decisions (a game
    takes about sixty)."""
    from tutor.games.backgammon.session import Phase

    decisions: list[str] = []
    for _ in range(600):
        game = table.replay(decisions, 0)
        yield decisions, game
        if game.phase is Phase.OVER:
            return


def next_decision(game, double: bool, take: bool, steps=()) -> str:
    """A backgammon decision in an address's words for what ``game`` waits for: roll or offer the
    videau (``double``), take or pass it (``take``), go on after a lost turn, or play ``steps``."""
    from tutor.games.backgammon.session import DOUBLE, GO_ON, PASS, ROLL, TAKE, Phase, steps_token

    return {Phase.DECIDE: DOUBLE if double else ROLL, Phase.ANSWER: TAKE if take else PASS,
            Phase.LOST: GO_ON}.get(game.phase) or steps_token(steps)


@dataclass(frozen=True)
class BackgammonState:
    """A backgammon free-play address made by :func:`backgammon_games`, with what the game waits
    for there and the videau's owner ('' while it is centred)."""

    path: str
    phase: str
    owner: str = ""
    step: str = ""  # a MOVE state: the address with the first step of a play taken
    done: str = ""  # ... and with every step of that play taken, a checker of its tapped


def backgammon_games(app, games: int = 4, seed: int = 0) -> list[BackgammonState]:
    """The states of whole backgammon games with the videau (free play), one address per decision of
    the learner, made by the engine (a tap at a time would take hundreds of pages a turn), and a
    series' first game. The learner takes a seeded legal play, offers the videau now and then, and
    takes or passes it; so the games end single, gammon or by a pass."""
    from tutor.freeplay import new_backgammon_id
    from tutor.games.backgammon.session import Phase
    from tutor.web.backgammon.play import Table

    states = []
    with app.test_request_context("/en/"):
        for number in range(games + 1):
            rng = random.Random(seed + number)
            series = number == games  # the last one: a series' first game (its end offers the next)
            table = Table(None, new_backgammon_id(True, series, nonce=bytes([number + 7]) * 12), videau=True)
            for decisions, game in _decision_by_decision(table):
                owner = game.position.cube.owner
                state = BackgammonState(spelled_out(table.url(decisions=decisions, steps=[], lang_code="en")),
                                        game.phase.value, "" if owner is None else str(owner))
                steps = rng.choice(game.plays).steps if game.phase is Phase.MOVE else ()
                if steps:
                    done = spelled_out(table.url(decisions=decisions, steps=list(steps), lang_code="en"))
                    last = steps[-1]  # a checker of the play's, where it landed (or left from, when borne off)
                    tapped = last.dst if 1 <= last.dst <= 24 else "bar" if last.src == 25 else last.src
                    state = BackgammonState(state.path, state.phase, state.owner,
                                            spelled_out(table.url(decisions=decisions, steps=list(steps[:1]), lang_code="en")),
                                            f"{done}&at={tapped}")
                states.append(state)
                decisions.append(next_decision(game, rng.random() < 0.1, rng.random() >= 0.2, steps))
    return states


def _note_facts(note) -> tuple:
    """What decides a backgammon hint's sentence: its kind, its yes-or-no parameters, whether a
    count is one (a plural) and whether a lead is a lead."""
    if note is None:
        return ()
    facts = [note.kind]
    for key, value in sorted(note.params.items()):
        if isinstance(value, bool):
            facts.append((key, value))
        elif key in ("count", "blots") and isinstance(value, int):
            facts.append((key, value == 1))
        elif key == "lead" and isinstance(value, (int, float)):
            facts.append((key, value > 0))
    return tuple(facts)


def designed_backgammon_states(app, games: int = 12, seed: int = 0) -> list[str]:
    """Free-play addresses of backgammon states that a few games seldom reach, found with the
    engine over ``games`` games with the videau: the learner plays at random in half of them and
    the recommended play in the others, offers, takes and passes the videau as the app's rule says
    (now and then not), so that some games end by the computer passing, some with the computer's
    win. Of their states, those whose hint (every rung), turn lost, computer's last events or
    result say something the states before did not."""
    from tutor.freeplay import new_backgammon_id
    from tutor.games.backgammon import WHITE
    from tutor.games.backgammon.hints import cube_ladder, move_ladder
    from tutor.games.backgammon.session import Phase
    from tutor.web.backgammon.play import HINT_LEVELS, Table

    rng = random.Random(seed)
    found = _FirstOfEach()
    offer = found.offer

    with app.test_request_context("/en/"):
        for number in range(games):
            best = number % 2 == 1
            table = Table(None, new_backgammon_id(True, False, nonce=rng.randbytes(12)), videau=True)
            for decisions, game in _decision_by_decision(table):
                position, phase = game.position, game.phase
                path = spelled_out(table.url(decisions=decisions, steps=[], lang_code="en"))
                last = next((i for i in range(len(game.events) - 1, -1, -1) if game.events[i].side is WHITE), -1)
                since = tuple(sorted({(e.kind, e.before is not None and e.before.on_bar(e.side))
                                      for e in game.events[last + 1:] if e.kind != "roll"}))
                ladder = None
                if phase is Phase.MOVE:
                    ladder = move_ladder(position, ())
                elif phase in (Phase.DECIDE, Phase.ANSWER):
                    ladder = cube_ladder(position, answering=phase is Phase.ANSWER)
                if phase is Phase.OVER:
                    result = game.result
                    offer(path, "over", result.winner is WHITE, result.kind, result.points == 1, since)
                    continue
                rungs = () if ladder is None else tuple(map(_note_facts, (ladder.nudge, ladder.checker, ladder.play,
                                                                             ladder.rule, ladder.expert)))
                offer(f"{path}&hint={HINT_LEVELS}" if ladder else path, phase.value, rungs, since,
                      phase is Phase.LOST and position.on_bar(WHITE))
                follow = rng.random() < 0.9  # the app's rule, mostly
                advice = ladder.play.kind if ladder else ""
                steps = ()
                if phase is Phase.MOVE:
                    steps = ladder.steps if best and ladder else rng.choice(game.plays).steps
                decisions.append(next_decision(game, (advice == "hint_double") == follow,
                                               (advice == "hint_take") == follow, steps))
    return found.paths


def coach_states(app, games: int = 8, seed: int = 0) -> list[str]:
    """Free-play addresses where the coach says something the other states seldom show: the grade
    of each label after a play (the learner playing the best play, the second, a random or the
    worst one, in turn), the better play shown and grading turned off, hints whose reasons are new,
    the review at each level of play (and before any choice), a position to play again, before and
    after its play; half the games against the strong opponent."""
    from tutor.freeplay import new_backgammon_id
    from tutor.games.backgammon.coach import grade_label, reasons
    from tutor.games.backgammon.evaluator import evaluator
    from tutor.games.backgammon.hints import move_ladder
    from tutor.games.backgammon.session import Phase
    from tutor.web.backgammon.coaching import LEVELS
    from tutor.web.backgammon.play import HINT_LEVELS, Table

    rng = random.Random(seed)
    found = _FirstOfEach()
    offer = found.offer

    def level(losses: list[int]) -> str:
        if not losses:
            return "none"
        mean = round(sum(losses) / len(losses))
        return next((name for bound, name in LEVELS if mean < bound), "beginner")

    with app.test_request_context("/en/"):
        for number in range(games):
            strong, videau = number % 2 == 1, number % 4 < 2
            game_id = new_backgammon_id(videau, False, nonce=rng.randbytes(12), strong=strong)
            table = Table(None, game_id, videau=videau, strong=strong)
            losses: list[int] = []
            for decisions, game in _decision_by_decision(table):
                path = table.url(decisions=decisions, steps=[], lang_code="en")
                review = f"/en/backgammon/play/review?g={game_id}&m={'.'.join(decisions)}"
                offer(review, "review", level(losses), bool(losses) and max(losses) > 0)
                if game.phase is Phase.OVER:
                    offer(path, "over", strong, videau)
                    break
                steps = ()
                if game.phase is Phase.MOVE:
                    ranking = evaluator().rank(game.position)
                    ladder = move_ladder(game.position, ())
                    offer(f"{path}&hint={HINT_LEVELS}", "hint", _note_facts(ladder.play),
                          tuple(n.kind for n in ladder.play.params.get("reasons", ())))
                    policy = (number + len(decisions)) % 4
                    plays = ranking.plays
                    chosen = plays[0] if policy == 0 else plays[min(1, len(plays) - 1)] if policy == 1 else (
                        rng.choice(plays) if policy == 2 else plays[-1])
                    steps = chosen.play.steps
                    after_step = move_ladder(game.position, steps[:1]) if len(steps) > 1 else None
                    if after_step is not None:  # the last rung once a first checker has moved
                        offer(table.url(decisions=decisions, steps=list(steps[:1]), lang_code="en") +
                              f"&hint={HINT_LEVELS}", "hint after a move", _note_facts(after_step.play),
                              bool(after_step.play.params.get("best")), bool(after_step.play.params.get("reasons")))
                    if len(plays) > 1:
                        losses.append(chosen.loss)
                        label = grade_label(chosen.loss)
                        kinds = tuple(n.kind for n in reasons(ranking.best.play))
                        graded = table.url(decisions=[*decisions, next_decision(game, False, True, steps)], steps=[],
                                           lang_code="en")
                        offer(graded, "grade", label, kinds, chosen.loss < 10, strong)
                        if label != "best":
                            offer(f"{graded}&better=1", "better", label == "blunder")
                            offer(f"{graded}&grade=0", "no grades")
                            xgid = game.position.xgid()
                            offer(f"/en/backgammon/play/position?x={xgid}", "position")
                            offer(f"/en/backgammon/play/position?x={xgid}&m={next_decision(game, False, True, steps)}",
                                  "position played", label == "blunder")
                decisions.append(next_decision(game, rng.random() < 0.2, rng.random() < 0.7, steps))
    return found.paths


#: What a backgammon page is asked to do (``do``) or where it is tapped (``at``): each button in
#: each phase, one that is not there, a tap off the board.
PRESSES = ("do=roll", "do=double", "do=take", "do=go-on", "do=undo", "do=confirm", "do=next-game",
           "do=dance", "at=nowhere", "at=off")


def backgammon_presses(states: Iterable[BackgammonState]) -> list[str]:
    """For the first state of each phase and owner of the videau: each of :data:`PRESSES`, the
    decisions the rules refuse (:func:`refused_paths`), the turn's first step taken and then
    confirmed or undone, and steps that are not the game's; a series' game under way said to be
    finished."""
    from tutor.freeplay import read_backgammon_id

    paths, seen = [], set()
    for state in states:
        if decisions_of(state.path) and read_backgammon_id(game_of(state.path))[1] and "series" not in seen:
            seen.add("series")  # a series' game under way said to be finished
            paths.append(state.path.replace(f"m={decisions_of(state.path)}", f"m={decisions_of(state.path)}~"))
        if (state.phase, state.owner) in seen:
            continue
        seen.add((state.phase, state.owner))
        paths += [f"{state.path}&{press}" for press in PRESSES] + refused_paths(state.path)
        if state.step:
            paths += [state.step, f"{state.step}&do=confirm", f"{state.step}&do=undo", f"{state.path}&s=1-7",
                      state.done]
    return paths


def designed_domino_states(app, matches: int = 12, seed: int = 0, deals: int = 3000) -> list[str]:
    """Free-play addresses of domino states that walks seldom reach, found with the engine (no page
    drawn): for each rule set and number of players, ``matches`` matches played to their ends, the
    learner choosing at random in half of them and as the computer's players do in the others; of
    their states, those whose explanation, hint (an opening, a draw, a pass, the last tile, an All
    Fives choice) or round's end and match's state say something the states before did not (the
    engine's notes compared, as for the API): a blocked round tied among three or four players, the
    learner winning one, a match won after its rounds...; a tile tapped after a round's end, a
    round added after a won match. Then the first rounds of ``deals`` game ids, for the deals in
    which nobody holds a double (the heaviest tile opens)."""
    from tutor.freeplay import FREE_PLAY_RULES, free_play_seed, new_game_id
    from tutor.games.domino import Match, Required
    from tutor.games.domino.hints import SeatView, explain_turn, round_end_notes
    from tutor.games.domino.players import HeuristicPlayer
    from tutor.games.domino.rules import RULE_SETS
    from tutor.web.errors import secret_key
    from tutor.web.domino.play import HINT_LEVELS, LEARNER, MAX_ROUNDS, Table, _round_so_far

    rng = random.Random(seed)
    sensible = HeuristicPlayer(seed)
    found = _FirstOfEach()
    offer = found.offer

    def play_match(name: str, rules, seats: int, table: Table, as_the_computer: bool) -> None:
        """One match to its end, the learner choosing as the computer's players do or at random."""
        match = Match(seats, rules)
        while len(table.finished) < MAX_ROUNDS:
            moves: list[str] = []
            game, result = _round_so_far(table, match, moves)
            while result is None:
                view = SeatView.from_history(game.positions, game.actions, LEARNER)
                offer(table.url(moves, explain=1), name, seats, "turn", notes=explain_turn(view))
                now = game.position
                if rules.scores_ends and len(now.legal_actions()) > 1:
                    # All Fives weighs each play by the points it is worth on average
                    offer(table.url(moves, hint=HINT_LEVELS, explain=1), name, seats, "choice",
                          min(len(now.legal_actions()), 4))
                if rules.scores_ends and now.layout is not None:
                    # the count line: a multiple of 5, another count, or 0 (a multiple worth nothing)
                    count = now.count()
                    offer(table.url(moves, explain=1), name, "count", count == 0, bool(count) and count % 5 == 0)
                if now.required() is not Required.PLAY or len(now.hand(LEARNER)) == 1:
                    # every rung of the hint, and the explanation it comes with: an opening, a draw,
                    # a pass, the last tile (the hint's words for them)
                    offer(table.url(moves, hint=HINT_LEVELS, explain=1), name, seats, "hint", now.required().value,
                          len(set(now.open_ends().values())), len(now.boneyard) == 1, len(now.hand(LEARNER)) == 1)
                moves.append(str(sensible.choose(view) if as_the_computer else rng.choice(now.legal_actions())))
                game, result = _round_so_far(table, match, moves)
            after = match.after(result)
            last_of_rounds = rules.rounds is not None and len(after.results) >= rules.rounds
            offer(table.url(moves), name, seats, result.reason.value, _whose(result.winner, LEARNER), after.is_over(),
                  _whose(after.winner, LEARNER), last_of_rounds, result.points == 1,
                  notes=[] if result.reason.value == "target" else round_end_notes(game.position))
            offer(table.url(moves, **{"try": "6-6"}), "a tile tapped after the round's end")
            if after.is_over():
                offer(table.url(moves, new_round=True), "a round after the match")  # refused
                return
            match = after
            table.finished.append(moves)

    def new_table(seats: int, rules) -> Table:
        game_id = new_game_id(seats, nonce=rng.randbytes(12), rules=rules)
        return Table(None, seats, free_play_seed(key, game_id), game_id=game_id, rules=rules)

    with app.test_request_context("/en/"):
        key = secret_key()
        for name in FREE_PLAY_RULES:
            rules = RULE_SETS[name]
            for seats in rules.seat_counts:
                for number in range(matches):  # half as the computer's players (so the learner wins some)
                    play_match(name, rules, seats, new_table(seats, rules), as_the_computer=number % 2 == 1)
                for _ in range(deals):  # nobody holds a double: rare with a boneyard
                    table = new_table(seats, rules)
                    position = table.deal(0).position()
                    if not any(tile.is_double for seat in range(seats) for tile in position.hand(seat)):
                        game, _result = _round_so_far(table, Match(seats, rules), [])
                        view = SeatView.from_history(game.positions, game.actions, LEARNER)
                        offer(table.url([], explain=1), name, seats, "opening", position.to_move == LEARNER,
                              notes=explain_turn(view))
    return found.paths


def designed_mexican_states(app, matches: int = 6, seed: int = 0) -> list[str]:
    """Free-play addresses of Mexican Train states that walks seldom reach, found with the engine:
    ``matches`` shorter matches (double-six) played to their ends by seeded random choices of the
    learner; of their states, the learner's turns with a kind of choice not met before (only a draw,
    only a pass, ...; the hint asked for), the coach's hints and grades of each kind, the rounds' ends with a kind of result not met before
    (lost, tied, the match's last round won, lost or shared), and the review of an earlier round
    (and of one the match has not played)."""
    from tutor.freeplay import new_mexican_id, read_mexican_id
    from tutor.games.domino.mexican_train.coach import grade, recommend
    from tutor.games.domino.mexican_train.guided import LEARNER
    from tutor.web.domino.mexican_train.play import MexicanTable, _deal, _match, _replay, _shuffle_of

    rng = random.Random(seed)
    found = _FirstOfEach()
    offer = found.offer

    with app.test_request_context("/en/"):
        for _number in range(matches):
            game_id = new_mexican_id(6, nonce=rng.randbytes(12))
            table = MexicanTable(None, game_id, top=6, plan=read_mexican_id(game_id))
            match = _match(table)
            while not match.is_over():
                deal, moves = _deal(table, match), []
                shuffled = _shuffle_of(table, len(table.finished))  # the boneyard's order, as the page has it
                game = _replay(deal, moves, shuffled=shuffled)
                position = game.position
                while position.outcome() is None:
                    actions = position.legal_actions()
                    kinds = tuple(sorted({action.split(":")[0] if ":" not in action else "play" for action in actions}))
                    offer(table.url(moves, hint=1), "turn", kinds, position.drew, bool(position.boneyard),
                          position.open_double() is not None)
                    choice, seed = rng.choice(actions), len(game.actions)  # the seed the page's coach uses
                    if len(actions) > 1:  # the coach's hint (ahead or behind, a play about as good or not)
                        coach = recommend(position, LEARNER, seed=seed, known=game.known_before(seed))
                        offer(table.url(moves, hint=1), "coach", coach.candidates[0].margin >= 0, bool(coach.equal))
                    moves.append(choice)
                    if len(actions) > 1 and choice not in ("draw", "pass"):  # the grade of each kind
                        offer(table.url(moves), "graded", grade(position, LEARNER, choice, seed=seed, known=game.known_before(seed)).label)
                    game = _replay(deal, moves, shuffled=shuffled)
                    position = game.position
                outcome = position.outcome()
                after = match.after(outcome)
                winners = tuple(_whose(seat, LEARNER) for seat in after.winners) if after.is_over() else ()
                offer(table.url(moves), "end", outcome.reason, _whose(outcome.winner, LEARNER), after.is_over(),
                      winners)
                match = after
                table.finished.append(moves)
                if not match.is_over():  # an earlier round's review, and a round not played yet
                    offer(table.review_url(1), "review of an earlier round")
                    offer(table.review_url(len(table.finished) + 2), "review of a round not played")
    return found.paths


def more_matches(deals: int = 3) -> list[str]:
    """New free-play matches the pages do not start: each domino rule set with each number of
    players it allows, ``deals`` matches each (a blocked round among three or four, a tie...)."""
    from tutor.freeplay import new_game_id
    from tutor.games.domino.rules import RULE_SETS

    return [f"/en/domino/play?g={new_game_id(seats, nonce=bytes([number + 1]) * 12, rules=rules)}"
            for rules in RULE_SETS.values() for seats in rules.seat_counts for number in range(deals)]


def game_starts(paths: Iterable[str]) -> list[str]:
    """The game pages among ``paths`` as they start: a guided hand or position, a new match."""
    starts = []
    for path in paths:
        parts = urlsplit(path)
        query = dict(parse_qsl(parts.query))
        guided = re.search(r"/(domino/hands|backgammon/guided)/[^/]+$", parts.path) and not query
        new_match = re.search(r"/(domino/play|backgammon/play/game)$", parts.path) and set(query) == {"g"}
        if guided or new_match:
            starts.append(path)
    return starts


def refused_paths(path: str, actions: Iterable[str] = REFUSED) -> list[str]:
    """A game address with one decision more, each of ``actions`` (:data:`REFUSED`: ones the rules
    refuse in most states), the hint, explanation and tap it asked for left out."""
    parts = urlsplit(path)
    query = parse_qsl(parts.query, keep_blank_values=True)
    names = [name for name, _ in query if name in ("m", "moves")]
    if not names:
        return []
    paths = []
    for action in actions:
        changed = []
        for name, value in query:
            if name == names[0]:
                glue = "" if not value else ("." if not value.endswith("~") else "")
                value = f"{value}{glue}{action}"
            if name not in ("hint", "explain", "strategy", "try"):
                changed.append((name, value))
        paths.append(parts.path + "?" + urlencode(changed))
    return paths


#: Trains a Mexican Train tile may be sent to: the opponent's, public ones (the next, later ones).
TRAINS = ("s1", "t1", "t2", "t3", "t9")


def train_refusals(client, path: str) -> list[str]:
    """A Mexican Train address with one play more that the rules refuse for a reason of the train: a
    tile from the hand (the first play the page offers) sent to each of :data:`TRAINS`, and a pass
    while a play or the boneyard is left."""
    now = decisions_of(path)
    html = unescape(client.get(path).get_data(as_text=True))
    plays = [decisions_of(ahead)[len(now):].lstrip(".") for ahead in next_paths(path, html)
             if decisions_of(ahead).startswith(now) and decisions_of(ahead) != now]
    tiles = [play.split(":")[0] for play in plays if re.fullmatch(r"\d+-\d+:[st]\d", play)]
    return refused_paths(path, (*(f"{tiles[0]}:{train}" for train in TRAINS), "pass")) if tiles else []


def end_refusals(client, path: str) -> list[str]:
    """A domino free-play address with one play more that the rules refuse for its end: a tile of
    the learner's hand (the first the page offers to tap) sent up the table (a line has no such end;
    a spinner's sides open only once both its ends hold a tile), and laid as an opening tile once
    the round is open."""
    html = unescape(client.get(path).get_data(as_text=True))
    tiles = [_query_value(ahead, "try") for ahead in next_paths(path, html)
             if re.fullmatch(r"\d-\d", _query_value(ahead, "try"))]
    return refused_paths(path, (f"{tiles[0]}U", tiles[0])) if tiles else []


def tampered_paths(paths: Iterable[str]) -> list[str]:
    """Addresses changed by hand: a game id cut short, a game's address with more than any game holds,
    a round under way said to be finished, an unreadable first move; and for each kind of page named by an
    id (a section, a step, a diagram, a hand), an id that is not there."""
    tampered = []
    kinds: set[tuple] = set()  # one of each kind of page: its first three parts, its depth, its game's kind
    for path in paths:
        parts = urlsplit(path)
        query = parse_qsl(parts.query, keep_blank_values=True)
        segments = parts.path.strip("/").split("/")
        moves = dict(query).get("m", "")
        kind = (*segments[:3], len(segments), bool(query), dict(query).get("g", "")[:2], bool(moves), "~" in moves)
        if kind in kinds:
            continue
        kinds.add(kind)
        if "g" in dict(query):
            game = [(k, v) for k, v in query if k == "g"]
            tampered.append(parts.path + "?" + urlencode([(k, v[:-2] if k == "g" else v) for k, v in query]))
            tampered.append(parts.path + "?" + urlencode([*game, ("m", "~" * 40)]))
            if "/backgammon/" in parts.path:  # a damaged compact record; the decisions given twice
                tampered.append(parts.path + "?" + urlencode([*game, ("h", "1.!")]))
                tampered.append(parts.path + "?" + urlencode([*game, ("h", "1.8Q"), ("m", "r")]))
            if moves:  # the round under way said to be finished; a move of the first round refused
                tampered.append(parts.path + "?" + urlencode([*game, ("m", moves + "~")]))
                tampered.append(parts.path + "?" + urlencode([*game, ("m", "x." + moves)]))
        elif not query and len(segments) >= 4:
            tampered.append("/" + "/".join([*segments[:-1], "no-such-" + segments[-1][:12]]))
    return list(dict.fromkeys(tampered))


def hand_made_visits() -> list[Visit]:
    """Requests no link makes, each refused with its own words: free play asked for with rules or a
    number of players it does not offer, a backgammon game with options it does not have, a section,
    a slide, a question, a handout copy or a diagram that is not there, an address too long, a
    form posted to a page that takes none and one too large; and the projector's buttons that try a
    move the rules refuse (the guided position that asks for it, its checker picked)."""
    from tutor.course import load_course

    section = load_course()[0]
    no_question = next(step for step in section.steps if step.question is None)
    asked = next(step for step in section.steps if step.question is not None)
    return [Visit(path) for path in (
        "/en/domino/play?rules=nonsense", "/en/domino/play?seats=9", "/en/domino/play?rules=straight&seats=3",
        "/en/domino/play?rules=mexican-train&seats=3", "/en/backgammon/play/new?videau=7",
        "/en/domino/present/no-such-section/", f"/en/domino/present/{section.id}/notes?slide=999",
        f"/en/domino/present/{section.id}/{no_question.id}/question", "/en/domino/handout/?copy=nobody",
        "/en/backgammon/diagrams/B99.svg", "/en/domino/?long=" + "x" * 5000,
        "/en/backgammon/guided/higher-die?f=24&present=1",
    )] + [Visit("/en/domino/", form=(("answer", "6"),)),  # a page that takes no form
          Visit(f"/en/domino/lessons/{section.id}/{asked.id}", form=(("answer", "6" * 5000),))]  # too large


def worked_out_paths(client, paths: Iterable[str]) -> list[str]:
    """A guided hand's end that asks the learner to work out the result (who wins, how many points),
    answered: right (the engine's result), wrong, and with points that are not a number."""
    from tutor.games.domino.guided import hand_by_id, replay

    found = []
    for path in paths:
        parts = urlsplit(path)
        hand = re.fullmatch(r"/\w+/domino/hands/([\w-]+)", parts.path)
        moves = _query_value(path, "moves")
        if not hand or not moves or 'class="work-out"' not in client.get(path).get_data(as_text=True):
            continue
        guided = hand_by_id(hand[1])
        result = replay(guided.deal, moves.split("."), guided.opponents()).position.result()
        winner = "nobody" if result.winner is None else str(result.winner)
        wrong = "nobody" if winner != "nobody" else "0"
        found += [f"{path}&{urlencode(answer)}" for answer in (
            {"answered": 1, "winner": winner, "points": result.points},
            {"answered": 1, "winner": wrong, "points": result.points + 1},
            {"answered": 1, "winner": winner, "points": "x"})]
    return found


# ---- answers to check questions ---------------------------------------------------------------------------
_NUMBER_FIELD = re.compile(r'<input type="number" name="answer"')
_ANSWER = re.compile(r'<button type="submit" name="answer" value="([^"]*)"')


def answer_visits(client, paths: Iterable[str], number_answers: Callable[[str], list[str]]) -> list[Visit]:
    """Each check question's answers posted on its page, as a first and as a second try, and one it
    cannot read."""
    visits = []
    for path in paths:
        if "/lessons/" not in path:
            continue
        html = unescape(client.get(path).get_data(as_text=True))
        answers = _ANSWER.findall(html)
        if _NUMBER_FIELD.search(html):
            answers += number_answers(path)
        for answer in dict.fromkeys(answers):
            for tries in ("0", "1"):
                visits.append(Visit(path, (("answer", answer), ("tries", tries))))
        if answers:  # an answer the page cannot read: not a number, not one of the choices
            visits.append(Visit(path, (("answer", "x"), ("tries", "0"))))
    return visits


def domino_number_answers(path: str) -> list[str]:
    """For a domino number question: the right number and a wrong one per reason the engine gives."""
    from tutor.course import load_course
    from tutor.games.domino import questions

    section_id, step_id = path.rstrip("/").split("/")[-2:]
    step = next((s for section in load_course() if section.id == section_id
                 for s in section.steps if s.id == step_id), None)
    question = step.question if step else None
    if question is None or question.kind not in ("points", "count"):
        return ["0", "1"]
    position = questions.position_of(question)
    facts = questions.facts_of(question)
    answers, reasons = [], set()
    for number in range(0, 250):
        verdict = questions.judge(question.kind, position, str(number), **facts)
        if verdict.correct:
            answers.append(str(number))
            continue
        note = questions.why_wrong(question.kind, position, str(number), **facts)
        if note.kind not in reasons:
            reasons.add(note.kind)
            answers.append(str(number))
    return answers


# ---- the analyze API ----------------------------------------------------------------------------------
DOMINO_API = "/api/v1/domino/analyze"
BACKGAMMON_API = "/api/v1/backgammon/analyze"

#: Bodies the domino API refuses, one fault each (the faults its README lists).
DOMINO_FAULTS: tuple[Any, ...] = (
    [], {"line": []}, {"hands": "6-3", "line": []}, {"hands": [["6-6"]], "line": []},
    {"hands": [["6-9"], ["1-1"]], "line": []}, {"hands": [["6-6"], ["6-6"]], "line": []},
    {"hands": [["6-6"], ["1-1"]], "line": "6-3"}, {"hands": [["6-6"], ["1-1"]], "line": ["6-5", "4-3"]},
    {"hands": [["6-6"], ["1-1"]], "line": ["5-5"], "to_move": 7, "passes": 0},
    {"hands": [["6-6"], ["1-1"]], "line": [], "passes": 9},
    {"hands": [["6-6"], ["1-1"]], "line": [], "passes": 1},
    {"hands": [["6-6"], ["1-1"]], "line": ["5-5"], "passes": 1},
    {"hands": [["6-6"], ["1-1"]], "line": ["5-5"], "passes": 1, "boneyard": ["2-2"]},
    {"hands": [["5-1"], ["1-1"]], "line": ["5-5"], "passes": 1, "to_move": 1},
    {"hands": [[], ["1-1"]], "line": []}, {"hands": [[], []], "line": ["5-5"]},
    {"rules": "dominoes", "hands": [["6-6"], ["1-1"]], "line": []},
    {"rules": "straight", "hands": [["6-6"], ["1-1"]], "line": []},
    {"rules": "straight", "hands": [["6-6"], ["1-1"]], "layout": "6-6"},
    {"rules": "straight", "hands": [["6-6"], ["1-1"]], "layout": {"spinner": "6-5"}},
    {"rules": "straight", "hands": [["6-6"], ["1-1"]], "layout": {"spinner": "5-5", "up": ["5-4"]}},
    {"rules": "straight", "hands": [["6-6"], ["1-1"]], "layout": {"spinner": "5-5", "left": ["4-3"]}},
    {"rules": "straight", "hands": [["6-5"], ["1-0"]], "layout": None, "to_move": 0},
    {"rules": "playboard", "hands": [["6-6"], ["1-1"]], "line": [], "scores": [0, 0]},
    {"rules": "all-fives", "hands": [["6-6"], ["1-1"]], "layout": {"spinner": "5-5"}, "to_move": 0, "scores": [3]},
    {"hands": [["6-6"], ["1-1"]], "line": [], "advice": "yes"},
    functools.reduce(lambda inner, _level: [inner], range(40), []),  # brackets 41 deep
)
#: Bodies the backgammon API refuses, one fault each.
BACKGAMMON_FAULTS: tuple[Any, ...] = (
    [], {"black": {}}, {"white": [], "black": {}}, {"white": {"26": 1}, "black": {}},
    {"white": {"6": -1}, "black": {}}, {"white": {"6": 16}, "black": {}},
    {"white": {"6": 15}, "black": {"6": 15}}, {"white": {"6": 15}, "black": {"19": 15}, "to_move": "red"},
    {"white": {"6": 15}, "black": {"19": 15}, "bar": {"white": 1}},
    *({"white": {"6": 15}, "black": {"19": 15}, "to_move": "white", **fault} for fault in (
        {"dice": [7, 1]}, {"cube": {"value": 3}}, {"cube": {"value": 2, "owner": "red"}}, {"cube": 2})),
    {"white": {}, "black": {}, "to_move": "white"},
    {"white": {"6": 15}, "black": {"19": 15}, "to_move": "white", "bar": 1},
)
#: The analyze API's advice (issue #28): the start's 3-1 played well and badly, at the deep level,
#: and the advice fields it refuses.
_START_31 = {"white": {"24": 2, "13": 5, "8": 3, "6": 5}, "black": {"19": 5, "17": 3, "12": 5, "1": 2},
             "to_move": "white", "dice": [3, 1]}
BACKGAMMON_ADVICE: tuple[dict, ...] = (
    {**_START_31, "played": "8/5 6/5"}, {**_START_31, "played": "24/23 24/21", "level": "deep"},
    {**_START_31, "played": "13/10 6/5"}, {**_START_31, "level": "slow"}, {**_START_31, "played": "24/20 24/21"},
    {**_START_31, "dice": None, "played": "8/5 6/5"},
    {"white": {"24": 1, "6": 4, "5": 3, "4": 3, "3": 2, "2": 2}, "black": {"1": 2, "13": 3, "20": 3, "21": 3,
                                                                          "22": 2, "23": 2}, "to_move": "white",
     "dice": [6, 5]},
)
#: Backgammon positions a few seeded games seldom reach: a game won single, gammon and backgammon,
#: and the videau at its highest value.
BACKGAMMON_DESIGNED: tuple[dict, ...] = (
    {"white": {}, "black": {"19": 5}, "to_move": "black"},
    {"white": {}, "black": {"12": 15}, "to_move": "black"},
    {"white": {}, "black": {"3": 1, "12": 14}, "to_move": "black", "cube": {"value": 4, "owner": "black"}},
    {"white": {"6": 15}, "black": {"19": 15}, "to_move": "white", "cube": {"value": 64, "owner": "white"}},
)
MEXICAN = "mexican-train"


def _mexican_fault_bodies(deal: dict) -> list[dict]:
    """Bodies the Mexican Train API refuses: a deal with one fault each, a history with one."""
    hands, boneyard = deal["hands"], deal["boneyard"]
    changed = [
        {}, {"deal": "6"}, {"deal": {**deal, "top": 13}}, {"deal": {**deal, "engine": 9}},
        {"deal": {**deal, "first": 2}}, {"deal": {**deal, "hands": [hands[0]]}},
        {"deal": {**deal, "boneyard": "x"}}, {"deal": {**deal, "hands": [["13-1", *hands[0][1:]], hands[1]]}},
        {"deal": {**deal, "hands": [[hands[1][0], *hands[0][1:]], hands[1]]}},
        {"deal": {**deal, "boneyard": [f"{deal['engine']}-{deal['engine']}", *boneyard[1:]]}},
        {"deal": {**deal, "boneyard": boneyard[1:]}},
        {"deal": deal, "history": "draw"}, {"deal": deal, "history": ["x"]}, {"deal": deal, "history": ["pass"]},
        {"deal": deal, "history": ["9-9:s0"]}, {"deal": deal, "seat": 2}, {"deal": deal, "totals": [1]},
    ]
    return [{"rules": MEXICAN, **body} for body in changed]


#: Domino deals the seeded games hardly ever give (no double dealt, so the heaviest tile opens), for
#: the API's sentences on them: the heaviest tile alone; tied in value with a tile another seat holds;
#: tied with one nobody was dealt, which ranks lower; tied with one nobody was dealt, which ranks higher.
DOMINO_DESIGNED: tuple[dict, ...] = tuple(
    {"hands": hands, "line": [], "to_move": 0, "passes": 0} for hands in (
        [["6-4", "5-3", "4-2", "3-1", "2-0", "1-0", "4-1"], ["6-5", "6-3", "5-4", "6-2", "3-0", "5-2", "4-0"]],
        [["6-3", "5-3", "4-2", "3-1", "2-0", "1-0", "4-1"], ["5-4", "6-2", "3-0", "5-2", "4-0", "6-1", "2-1"]],
        [["6-3", "5-3", "4-2", "3-1", "2-0", "1-0", "4-1"], ["6-2", "3-0", "5-2", "4-0", "6-1", "2-1", "5-0"]],
        [["5-4", "5-3", "4-2", "3-1", "2-0", "1-0", "4-1"], ["6-2", "3-0", "5-2", "4-0", "6-1", "2-1", "5-0"]]))


def _passed_holding_a_fit() -> dict:
    """A body whose ``passes`` says a seat passed that holds a tile fitting an open end: four Sato
    157 players (every tile dealt, so a pass needs no empty boneyard), the opener said to have passed."""
    from tutor.games.domino import Deal, DominoError, Position
    from tutor.games.domino.rules import SATO

    for number in range(100):
        opened = Deal.from_seed(number, 4, SATO).position()
        opened = opened.apply(opened.legal_actions()[0])
        body = {"rules": SATO.name, **opened.to_json(), "passes": 1}
        try:
            Position.from_json(body, SATO)
        except DominoError as error:
            if error.code == "pass_with_fitting_tile":
                return body
    raise AssertionError("no such deal in 100")  # the opener nearly always holds a second fitting tile


def _signature(notes) -> set:
    """What a position's explanation says, as sentences go: each note's kind, its parameters' names,
    and which counts are 1 (a plural's other form)."""
    return {(note.kind, tuple(sorted((key, value == 1) for key, value in note.params.items()
                                     if isinstance(value, (int, str)))))
            for note in notes}


#: Rounds of each domino rule set and seat count played to their end for the API's words on how a
#: round ends (1,000 such rounds by each give every kind of tie on pips at least once).
ENDINGS = 1000


def api_visits(seed: int = 0, games: int = 60) -> list[Visit]:
    """The analyze API: every position of three seeded games of each game and rule set, then those of
    ``games`` more, and the last positions of :data:`ENDINGS` rounds, whose explanation says something
    the ones before did not (the engine's notes compared, not the answers: thousands of positions in
    about a second), the designed deals, and bodies it refuses."""
    from tutor.games.backgammon import START, WHITE, legal_plays
    from tutor.games.backgammon.analysis import explain as explain_backgammon
    from tutor.games.backgammon.position import Cube
    from tutor.games.domino import Deal
    from tutor.games.domino.mexican_train import engine as mexican_train
    from tutor.games.domino.hints.explain import explain_position
    from tutor.games.domino.rules import RULE_SETS

    rng = random.Random(seed)
    visits: list[Visit] = []
    said: set = set()

    def offer(path: str, body: dict, notes, every: bool = False) -> None:
        new = {(path, body.get("rules"), len(body.get("hands", ())), *sentence) for sentence in _signature(notes)}
        if new - said or every:
            said.update(new)
            visits.append(Visit(path, body=body))

    for name, rules in RULE_SETS.items():
        for seats in rules.seat_counts:
            for game in range(games):
                position = Deal.from_seed(rng.randrange(1 << 30), seats, rules).position()
                while True:  # every position of the first games: the notes' words vary with their values too
                    offer(DOMINO_API, {"rules": name, **position.to_json()}, explain_position(position), game < 3)
                    if position.is_over():
                        break
                    position = position.apply(rng.choice(position.legal_actions()))
            for _ in range(ENDINGS):  # a round's end alone: a blocked round tied on pips is rare
                position = Deal.from_seed(rng.randrange(1 << 30), seats, rules).position()
                while not position.is_over():
                    position = position.apply(rng.choice(position.legal_actions()))
                offer(DOMINO_API, {"rules": name, **position.to_json()}, explain_position(position))
    for top in (6, 12):
        for _ in range(3):  # the Mexican Train answer's words are not notes: a few whole rounds
            deal = mexican_train.Deal.from_seed(rng.randrange(1 << 30), top=top)
            history: list[str] = []
            position = mexican_train.Position.start(deal)
            while True:
                totals = [rng.randrange(200), rng.randrange(200)] if position.is_over() else None
                body = {"rules": MEXICAN, "deal": deal.to_dict(), "history": list(history)}
                visits.append(Visit(DOMINO_API, body={**body, **({"totals": totals} if totals else {})}))
                if position.is_over():
                    break
                action = rng.choice(position.legal_actions())
                history.append(action)
                position = position.apply(action)
    for game in range(games // 4):
        position = START.with_dice(*rng.sample(range(1, 7), 2))
        while not position.is_over:
            value = rng.choice((1, 2, 4))
            cube = Cube(value, None if value == 1 else rng.choice((WHITE, position.to_move)))
            undecided = position.replace(dice=None, cube=cube)
            offer(BACKGAMMON_API, undecided.to_json(), explain_backgammon(undecided), game < 3)
            offer(BACKGAMMON_API, position.to_json(), explain_backgammon(position), game < 3)
            plays = legal_plays(position)
            after = (rng.choice(plays).after if plays
                     else position.replace(to_move=position.to_move.other, dice=None))
            position = after if after.is_over else after.with_dice(rng.randint(1, 6), rng.randint(1, 6))
    deal = mexican_train.Deal.from_seed(seed, top=6).to_dict()
    visits += [Visit(DOMINO_API, body=body) for body in (*DOMINO_DESIGNED, *DOMINO_FAULTS, _passed_holding_a_fit(),
                                                         *_mexican_fault_bodies(deal))]
    visits += [Visit(BACKGAMMON_API, body=body) for body in (*BACKGAMMON_DESIGNED, *BACKGAMMON_FAULTS,
                                                                 *BACKGAMMON_ADVICE)]
    return visits


# ---- the status page's reports: catalogs with mistakes planted ------------------------------------
#: Where the app with planted mistakes is served beside the real one (``context_shots`` mounts it).
PLANTED = "/planted"
#: The status page, as the planted app serves it, and the error pages no request to the real app
#: makes: a request it cannot read (400) and a bug (500), planted as pages of their own.
PLANTED_PAGES = ("/en/translators/", "/en/planted/bad-request", "/en/planted/bug")


class PlantedBug(Exception):
    """The planted app's bug: its error page is the picture, its traceback nobody's concern."""
_HEADER = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
           '"Plural-Forms: nplurals=1; plural=0;\\n"\n\n')
#: A catalog per kind of mistake, each under a code reserved for the tools (qaa to qtz: no real
#: language's catalog can be in the way, tutor.languages.RESERVED), each row below the header a
#: mistake of the strict reading, in the order of ``tutor.catalogs``' SYNTAX_ERRORS.
_PLANTED_FILES: dict[str, bytes] = {
    "qaa": (_HEADER + 'msgid "a"\nmsgstr x\n\nmsgid "b"\nmsgstr "open\n\nmsgid "c"\nmsgstr "\\q"\n\n'
            'msgid "d"\nmsgstr "say "hi""\n\nmsgid "e"\nmsgstr "done" more\n\nmsgid "a"\nmsgstr "z"\n\n'
            'msgid "f"\nmsgid_plural "fs"\nmsgstr[0] "x"\nmsgstr[1] "y"\n\nmsgfoo "g"\n!!!\n').encode(),
    "qab": (_HEADER + 'msgid "a"\nmsgstr "').encode() + b"\xff\xfe" + b'"\n',  # not UTF-8
    "qac": (_HEADER + 'msgid "a"\n\nmsgid "b"\nmsgstr "y"\n').encode(),  # a msgid with no msgstr: Babel refuses it
}
#: The planted catalog that cannot be opened (a folder where its file should be).
_UNOPENABLE = "qad"


def planted_app(source: Path, folder: Path, config: dict | None = None):
    """An app whose catalogs are a copy of ``source`` (compiled) with the mistakes the status page
    reports planted in ``folder``: :data:`_PLANTED_FILES`, a catalog that cannot be opened (a
    folder in its place), the Vietnamese catalog broken after the app has read it (so the app
    serves its last good version), and an Indonesian entry made fuzzy and one emptied. The planted
    catalogs take reserved codes, and a catalog ``source`` already has under such a code (none
    should) is left out of the copy, so a real language's catalog (Thai's, th) is copied as it is."""
    import os
    import shutil

    from babel.messages.pofile import read_po, write_po

    from tutor import catalogs, create_app

    target = Path(folder) / "translations"
    logging.getLogger("tutor.catalogs").addFilter(lambda record: str(target) not in record.getMessage())  # meant
    reserved = [*_PLANTED_FILES, _UNOPENABLE]
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.mo", *reserved))
    for path in catalogs.catalog_files(target).values():
        catalogs.compile_catalog(path)
    indonesian = target / "id" / "LC_MESSAGES" / "messages.po"
    with indonesian.open("rb") as f:
        catalog = read_po(f, locale="id")
    entries = [m for m in catalog if m.id and isinstance(m.id, str)]
    entries[0].flags.add("fuzzy")
    entries[1].string = ""
    with indonesian.open("wb") as f:
        write_po(f, catalog, width=0)
    app = create_app({"TESTING": True, "CATALOG_RELOAD": True, "PSEUDO_LOCALE": True, **(config or {}),
                      "PROPAGATE_EXCEPTIONS": False, "BABEL_TRANSLATION_DIRECTORIES": str(target)})
    _plant_error_pages(app)
    app.test_client().get("/vi/")  # read while good
    vietnamese = target / "vi" / "LC_MESSAGES" / "messages.po"
    text = vietnamese.read_text(encoding="utf-8")
    stamp = vietnamese.stat().st_mtime_ns + 2_000_000_000
    vietnamese.write_text(text.replace('msgstr "', 'msgstr "unclosed\n', 1), encoding="utf-8")
    os.utime(vietnamese, ns=(stamp, stamp))
    for lang, content in _PLANTED_FILES.items():
        (target / lang / "LC_MESSAGES").mkdir(parents=True)
        (target / lang / "LC_MESSAGES" / "messages.po").write_bytes(content)
    (target / _UNOPENABLE / "LC_MESSAGES" / "messages.po").mkdir(parents=True)  # cannot be opened as a file
    app.test_client().get("/vi/")  # the broken one noticed: the last good one kept
    return app


def _plant_error_pages(app) -> None:
    """The pages of :data:`PLANTED_PAGES` that answer with an error: what the real app says when a
    request cannot be read (Werkzeug's own 400) or when it fails (a 500)."""
    from werkzeug.exceptions import BadRequest

    def bad_request(lang_code: str):
        raise BadRequest()

    def bug(lang_code: str):
        raise PlantedBug("planted")

    app.add_url_rule("/<lang_code>/planted/bad-request", "planted_bad_request", bad_request)
    app.add_url_rule("/<lang_code>/planted/bug", "planted_bug", bug)
    app.logger.addFilter(lambda record: not (record.exc_info and isinstance(record.exc_info[1], PlantedBug)))


# ---- the choice -------------------------------------------------------------------------------------
@dataclass
class Choice:
    """What :func:`choose` found: the visits to make after the pages, and for every visit (the pages
    too) the catalog entries it shows first, as the msgids view shows them."""

    visits: list[Visit]
    shows: dict[str, set]  # Visit.key() -> entries no earlier visit showed

    @property
    def entries(self) -> set:
        return set().union(*self.shows.values())


def choose(app, base: list[str], identify: Callable[[str], Any], seed: int = 0, planted=None,
           played: Iterable[str] = (), backgammon: int = 1, designed: int = 4) -> Choice:
    """What to visit after ``base`` (the pages as they load), each showing an entry that nothing
    before it showed: the walked game states, the games ``played`` through (:func:`play_through`:
    the pages' game starts and :func:`more_matches` in ``make context-shots``), ``backgammon`` whole
    backgammon games (:func:`backgammon_games`), the rare states the engine finds in ``designed``
    matches of each domino rule set and of Mexican Train and three times as many backgammon games
    (:func:`designed_domino_states`, :func:`designed_mexican_states`,
    :func:`designed_backgammon_states`), refused addresses,
    posted answers, API answers, and the status page of ``planted`` (:func:`planted_app`, to be
    served under :data:`PLANTED`)."""
    client = app.test_client()
    known: dict[str, Any] = {}
    covered: set = set()
    choice = Choice([], {})

    def offer(visit: Visit, texts: Iterable[str] | None = None) -> bool:
        found = set()
        for text in shown_texts(client, visit) if texts is None else texts:
            if text not in known:
                known[text] = identify(text)
            found.update(known[text])
        new = found - covered
        if new:
            covered.update(new)
            choice.shows[visit.key()] = new
        return bool(new)

    for path in base:
        offer(Visit(path))
    if planted is not None:
        planted_client = planted.test_client()
        for path in PLANTED_PAGES:
            if offer(Visit(PLANTED + path), shown_texts(planted_client, Visit(path))):
                choice.visits.append(Visit(PLANTED + path))
    walked: dict[str, list[str]] = {}  # each start's walk
    for number, start in enumerate(game_starts(base)):
        stale = 0
        for path, html in walk(client, start, seed + number):
            walked.setdefault(start, []).append(path)
            if offer(Visit(path), shown_in(html)):
                choice.visits.append(Visit(path))
                stale = 0
            else:
                stale += 1
            if stale == STALE:
                break
    from tutor.tools.context_classes import class_visits
    from tutor.web.backgammon.play import HINT_LEVELS

    states = backgammon_games(app, backgammon, seed)
    for state in states:
        hinted = (Visit(f"{state.path}&hint=1"), Visit(f"{state.path}&hint={HINT_LEVELS}"))  # the first, the last rung
        for visit in (Visit(state.path), *hinted):
            if offer(visit):
                choice.visits.append(visit)
    for path in [*designed_domino_states(app, designed, seed), *designed_mexican_states(app, designed, seed),
                 *designed_backgammon_states(app, 3 * designed, seed), *coach_states(app, designed, seed)]:
        if offer(Visit(path)):
            choice.visits.append(Visit(path))
    for number, start in enumerate(played):
        for path, html in play_through(client, start, seed + number):
            if offer(Visit(path), shown_in(html)):
                choice.visits.append(Visit(path))
    # the refusals, from three states of each game's walk (its start, middle and end)
    later = [Visit(refused) for walk_paths in walked.values()
             for path in dict.fromkeys((walk_paths[0], walk_paths[len(walk_paths) // 2], walk_paths[-1]))
             for refused in refused_paths(path)]
    later += [Visit(path) for path in backgammon_presses(states)]
    later += [Visit(refused) for walk_paths in walked.values() for path in walk_paths[::4]
              if ":" in decisions_of(path) for refused in train_refusals(client, path)]  # Mexican Train's plays
    later += [Visit(refused) for walk_paths in walked.values() for path in walk_paths[len(walk_paths) // 2:][:1]
              if re.search(r"\d-\d", decisions_of(path)) and ":" not in decisions_of(path)
              for refused in end_refusals(client, path)]
    later += [Visit(path) for path in (*tampered_paths(base), *worked_out_paths(client, base))] + hand_made_visits()
    later += class_visits(app)
    for visit in [*later, *answer_visits(client, base, domino_number_answers), *api_visits(seed)]:
        if offer(visit):
            choice.visits.append(visit)
    return choice
