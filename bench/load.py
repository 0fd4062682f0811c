"""Load test: simulated learners walking lessons and playing hands, for locust (run by hand, never a test).

Start the production server, then run locust headless against it, on loopback only::

    make serve                                   # gunicorn, 4 workers, http://127.0.0.1:8000
    .venv/bin/pip install -e '.[bench]'          # locust
    .venv/bin/locust -f bench/load.py --headless -u 50 -r 10 -t 60s --host http://127.0.0.1:8000

Each simulated learner picks a language (vi, id or en) and, between short pauses
(``LOAD_WAIT_MIN``/``LOAD_WAIT_MAX`` seconds, default 0.5 to 1.5), does one of:

- walks a lesson section: the first step, then the "next" links, answering each question by
  POSTing one of its choices (or a number of points);
- plays a guided hand to its end by following the move buttons (``?try=<tile>`` then the redirect
  to the next position), choosing an end when a tile fits both, asking for a hint now and then;
- plays free play: a new match (the redirect picks its game id), then moves until the round is over;
- looks at the diagram gallery and fetches one diagram file;
- the other rule sets: a guided hand of Sato 157, Straight or All Fives, or a free match of one;
- Mexican Train: its guided hand, or the first rounds of the shorter match;
- backgammon: walks a lesson section, plays a guided position to its end, or a free game for a
  while against the friendly or the strong opponent (issue #28), tapping a checker and then its
  first destination, confirming (each confirmed play graded by the coach), rolling, taking, and
  then opens the game's review.

Every answer must be 200 (after redirects) and a whole page in the chosen language, or the SVG;
anything else counts as a failure. Locust prints the latency percentiles (50%, 95%, ...) and the
failures at the end; ``--csv PREFIX`` also writes them to files.
"""

from __future__ import annotations

import os
import random
import re
from html import unescape
from urllib.parse import quote

import gevent
from locust import HttpUser, between, task

LANGS = ("vi", "id", "en")
MAX_MOVES = 40  # a round takes far fewer learner moves; this bounds a task whatever happens

PLAYABLE = re.compile(r'class="tile-button playable" data-tile="([^"]+)"')
DRAW_OR_PASS = re.compile(r'name="try" value="(draw|pass)"')
CHOOSE_END = re.compile(r'<div class="choose-end">.*?href="([^"]+)"', re.S)
NEXT_STEP = re.compile(r'<a rel="next" href="([^"]+)"')
SECTION_LINKS = re.compile(r'<li data-section="[^"]+"[^>]*>\s*<a href="([^"]+)"')
HAND_LINKS = re.compile(r'<a href="(/[a-z]+/domino/hands/[a-z0-9-]+)"')
CHOICES = re.compile(r'<button type="submit" name="answer" value="([^"]+)"')
POINTS_FIELD = re.compile(r'<input type="number" name="answer"')
HINT_LINK = re.compile(r'<a class="button" accesskey="h" href="([^"]+)"')
NEXT_ROUND = re.compile(r'<a class="button primary" href="([^"]+play\?[^"]*)"')
DIAGRAM_FILES = re.compile(r'<a class="diagram-file" href="([^"]+\.svg)"')
RULE_SET_HANDS = re.compile(r'<a href="(/[a-z]+/domino/hands/[a-z0-9-]+)"><span class="title">')
MEXICAN_ACTIONS = re.compile(r'<a class="button[^"]*" data-action="[^"]+" href="([^"]+)"')
MEXICAN_NEXT_ROUND = re.compile(r'<a class="button primary" data-next-round href="([^"]+)"')
BG_GUIDED = re.compile(r'<a href="(/[a-z]+/backgammon/guided/[a-z0-9-]+)" data-guided=')
BG_FORM = re.compile(r'<form method="get" class="moves"[^>]*? action="([^"#]+)[^"]*">(.*?)</form>', re.S)
BG_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')
BG_BUTTON = re.compile(r'<button type="submit" name="(at|do)" value="([^"]+)"(?: class="([^"]*)")?')
#: the game's review link ("Review so far" under a free game)
BG_REVIEW = re.compile(r'<a class="button" href="([^"]*/backgammon/play/review\?[^"]+)"')
BG_TURNS = 25  # learner decisions of a free game per task (a whole game takes about 130 taps)


def grouped(path: str) -> str:
    """A name for locust's table: the kind of page, not every single URL."""
    path = re.sub(r"^/(vi|id|en)/", "/<lang>/", path)
    path = re.sub(r"\?.*", "?…", path)
    path = re.sub(r"/lessons/[^/]+/[^/?]+", "/lessons/<section>/<step>", path)
    path = re.sub(r"/hands/[a-z0-9-]+", "/hands/<id>", path)
    path = re.sub(r"/diagrams/[^/]+\.svg", "/diagrams/<id>.svg", path)
    path = re.sub(r"/guided/[a-z0-9-]+", "/guided/<id>", path)
    return path


class Learner(HttpUser):
    wait_time = between(float(os.environ.get("LOAD_WAIT_MIN", 0.5)), float(os.environ.get("LOAD_WAIT_MAX", 1.5)))

    def on_start(self) -> None:
        self.lang = random.choice(LANGS)

    # ---- one request, checked -----------------------------------------------------------------
    def page(self, path: str, method: str = "GET", data: dict | None = None, name: str | None = None) -> str | None:
        with self.client.request(method, unescape(path), data=data, name=name or grouped(path),
                                 catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"{response.status_code} for {method} {path}")
                return None
            text = response.text
            if f'<html lang="{self.lang}">' not in text:
                response.failure(f"not a whole page in {self.lang}: {method} {path}")
                return None
            response.success()
            return text

    def pause(self) -> None:
        """A learner reads before the next click (shorter than between tasks)."""
        gevent.sleep(random.uniform(0.1, 0.4))

    # ---- what learners do ---------------------------------------------------------------------
    @task(3)
    def walk_a_lesson(self) -> None:
        home = self.page(f"/{self.lang}/domino/")  # the domino course: its sections
        if home is None:
            return
        step_url = random.choice(SECTION_LINKS.findall(home))
        for _ in range(12):
            page = self.page(step_url)
            if page is None:
                return
            if CHOICES.search(page) or POINTS_FIELD.search(page):
                answer = random.choice(CHOICES.findall(page)) if CHOICES.search(page) else str(random.randint(0, 40))
                if self.page(step_url, "POST", {"answer": unescape(answer)}) is None:
                    return
            found = NEXT_STEP.search(page)
            if not found:
                return
            step_url = found.group(1)
            self.pause()

    @task(2)
    def play_a_guided_hand(self) -> None:
        index = self.page(f"/{self.lang}/domino/hands/")
        if index is None:
            return
        self.play(random.choice(HAND_LINKS.findall(index)))

    @task(1)
    def play_free(self) -> None:
        seats = random.choice(("2", "3", "4"))
        url = self.play(f"/{self.lang}/domino/play?seats={seats}")
        if url and random.random() < 0.5:
            self.play(url, new_round=True)

    @task(1)
    def look_at_the_diagrams(self) -> None:
        gallery = self.page(f"/{self.lang}/domino/diagrams/")
        if gallery is None:
            return
        path = random.choice(DIAGRAM_FILES.findall(gallery))
        with self.client.get(path, name=grouped(path), catch_response=True) as response:
            if response.status_code != 200 or not response.text.startswith("<svg"):
                response.failure(f"{response.status_code} for the picture {path}")

    @task(1)
    def play_another_rule_set(self) -> None:
        index = self.page(f"/{self.lang}/domino/hands/")
        if index is None:
            return
        if random.random() < 0.5:
            hands = [h for h in RULE_SET_HANDS.findall(index) if "mexican" not in h]
            self.play(random.choice(hands))
        else:
            self.play(f"/{self.lang}/domino/play?rules={random.choice(('sato', 'straight', 'all-fives'))}&seats=2")

    @task(1)
    def play_mexican_train(self) -> None:
        url = (f"/{self.lang}/domino/hands/" + "mexican-open-double" if random.random() < 0.3 else
               f"/{self.lang}/domino/play?rules=mexican-train&short=1")
        page = self.page(url)
        for _ in range(2 * MAX_MOVES):
            if page is None:
                return
            actions = MEXICAN_ACTIONS.findall(page)
            if not actions:
                found = MEXICAN_NEXT_ROUND.search(page)
                if not found or random.random() < 0.5:
                    return
                actions = [found.group(1)]
            page = self.page(actions[0])
            self.pause()

    @task(2)
    def walk_a_backgammon_lesson(self) -> None:
        course = self.page(f"/{self.lang}/backgammon/")
        if course is None:
            return
        step_url = random.choice(SECTION_LINKS.findall(course))
        for _ in range(12):
            page = self.page(step_url)
            if page is None:
                return
            if CHOICES.search(page):
                if self.page(step_url, "POST", {"answer": unescape(random.choice(CHOICES.findall(page)))}) is None:
                    return
            found = NEXT_STEP.search(page)
            if not found:
                return
            step_url = found.group(1)
            self.pause()

    @task(1)
    def play_backgammon_guided(self) -> None:
        index = self.page(f"/{self.lang}/backgammon/play/")
        if index is not None:
            self.tap_backgammon(self.page(random.choice(BG_GUIDED.findall(index))), MAX_MOVES)

    @task(1)
    def play_backgammon_free(self) -> None:
        opponent = random.choice(("friendly", "strong"))
        page = self.tap_backgammon(self.page(f"/{self.lang}/backgammon/play/new?videau=1&series=0&opponent={opponent}"),
                                   BG_TURNS * 4)
        review = BG_REVIEW.search(page or "")
        if review:
            self.page(unescape(review.group(1)), name="/<lang>/backgammon/play/review")

    def tap_backgammon(self, page: str | None, taps: int) -> str | None:
        """Tap through a backgammon game as the page offers: confirm, the first destination, the
        first checker, roll, take, go on (the form's own fields and one button, as a browser sends them)."""
        for _ in range(taps):
            if page is None:
                return
            form = BG_FORM.search(page)
            if not form:
                return page
            buttons = BG_BUTTON.findall(form.group(2))
            rank = {"confirm": 0, "roll": 3, "take": 4, "go-on": 5}
            buttons.sort(key=lambda b: rank.get(b[1], 1 if "target" in (b[2] or "") else 2))
            if not buttons:
                return page  # the game is over
            name, value, _classes = buttons[0]
            fields = [(n, unescape(v)) for n, v in BG_HIDDEN.findall(form.group(2))] + [(name, value)]
            query = "&".join(f"{n}={quote(v, safe='')}" for n, v in fields)
            page = self.page(f"{unescape(form.group(1))}?{query}", name=grouped(form.group(1)) + f"?{name}=…")
            self.pause()
        return page

    def play(self, url: str, new_round: bool = False) -> str | None:
        """Click through one round from ``url``; the URL of its last position (None on a failure)."""
        with self.client.get(unescape(url), name=grouped(url), catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"{response.status_code} for {url}")
                return None
            page, url = response.text, response.url.split("://", 1)[1].split("/", 1)[1]
            url = "/" + url
        if new_round:
            found = NEXT_ROUND.search(page)
            if not found:
                return url
            url = found.group(1)
            page = self.page(url)
        for move in range(MAX_MOVES):
            if page is None:
                return None
            if move == 1 and random.random() < 0.3 and HINT_LINK.search(page):
                page = self.page(HINT_LINK.search(page).group(1))
                continue
            ends = CHOOSE_END.search(page)
            tiles = PLAYABLE.findall(page)
            forced = DRAW_OR_PASS.search(page)
            if ends:
                target = ends.group(1)
            elif tiles or forced:
                choice = random.choice(tiles) if tiles else forced.group(1)
                target = re.sub(r"[&?](hint|explain|strategy)=[^&]*", "", unescape(url))
                target += ("&" if "?" in target else "?") + f"try={choice}"
            else:
                return url  # the round is over
            with self.client.get(unescape(target), name=grouped(target), catch_response=True) as response:
                if response.status_code != 200:
                    response.failure(f"{response.status_code} for {target}")
                    return None
                page = response.text
                url = "/" + response.url.split("://", 1)[1].split("/", 1)[1]
            self.pause()
        return url
