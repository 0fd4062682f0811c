"""Ways in (issue 11, item 1): a header on every page leads to the course, the practice and the
teachers' tools; a section's last step leads to the guided hand that practises it; the course's last
step leads to the practice; a finished guided hand leads to the next hand and back to its lesson."""

import re

import pytest

from tutor.course import load_course
from tutor.games.domino.guided import all_hands, every_learner_line, load_hands
from tutor.games.domino.mexican_train.guided import all_hands as mexican_hands

LANGS = ["en", "vi", "id"]
SECTIONS = load_course()
HANDS = list(load_hands().values())


def header(page: str) -> str:
    found = re.search(r'<header class="site">(.*?)</header>', page, re.S)
    assert found, "the page has the site header"
    return found[1]


def finished_url(hand) -> str:
    """A guided hand played to its end (the learner's first legal line)."""
    game = next(every_learner_line(hand))
    assert game.is_over
    return f"/domino/hands/{hand.id}?moves=" + ".".join(str(a) for a in game.learner_actions)


PAGES = ["/", "/domino/lessons/turn/choose-an-end", "/domino/hands/", "/domino/hands/drawing", "/domino/play?seats=3&seed=7",
         "/domino/diagrams/", "/present/", "/domino/handout/", "/domino/lessons/turn/no-such-step"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_the_ways_in(client, lang, path):
    r = client.get(f"/{lang}{path}", follow_redirects=True)
    assert r.status_code in (200, 404)
    nav = header(r.get_data(as_text=True))
    for href in (f"/{lang}/domino/", f"/{lang}/domino/hands/", f"/{lang}/present/", f"/{lang}/domino/handout/"):
        assert f'href="{href}"' in nav, (path, href)
    # the continue link knows how to reach any step in this language (tutor.js fills it in)
    assert f'data-step-url="/{lang}/domino/lessons/SECTION/STEP"' in nav


def test_every_guided_hand_practises_a_section_and_every_hand_is_linked_from_one():
    ids = {s.id for s in SECTIONS}
    assert all(hand.practises in ids for hand in HANDS)
    # the lesson each hand names really teaches its moment
    assert {h.moment: h.practises for h in HANDS} == {
        "forced_opening": "dealing", "draw": "boneyard", "blocked": "blocked", "play_out": "scoring",
        "many_seats": "strategy"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("section", SECTIONS, ids=[s.id for s in SECTIONS])
def test_a_sections_last_step_leads_to_its_guided_hands(client, lang, section):
    practising = [h for h in HANDS if h.practises == section.id]
    for step in section.steps:
        page = client.get(f"/{lang}/domino/lessons/{section.id}/{step.id}").get_data(as_text=True)
        main = page[page.index("<main"):]
        for hand in HANDS:
            linked = f'href="/{lang}/domino/hands/{hand.id}"' in main
            assert linked == (hand in practising and step == section.steps[-1]), (step.id, hand.id)


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_step_of_the_rulebook_leads_to_the_practice(client, lang):
    """The rulebook's sections end the course proper (the other ways to play follow them as a part
    of their own): its last step leads to the practice, and no other step does."""
    rulebook = [section for section in SECTIONS if not section.part]
    assert rulebook and list(SECTIONS[:len(rulebook)]) == rulebook, "the other ways to play come after the rulebook"
    leading = []
    for section in SECTIONS:
        step = section.steps[-1]
        main = client.get(f"/{lang}/domino/lessons/{section.id}/{step.id}").get_data(as_text=True)
        main = main[main.index("<main"):]
        if f'class="button primary" href="/{lang}/domino/hands/"' in main:
            leading.append(section.id)
    assert leading == [rulebook[-1].id]


@pytest.mark.parametrize("lang", LANGS)
def test_each_other_way_to_play_ends_with_its_guided_hand_and_a_match_by_its_rules(client, lang):
    """A section on another rule set ends with the guided hand of that rule set, a free match by
    those rules, and the comparison; the course's very last step has no next step."""
    others = [section for section in SECTIONS if section.part == "other-ways"]
    assert [section.id for section in others] == ["sato", "straight", "all-fives", "mexican-train"]
    hands = all_hands()
    mexican = mexican_hands()  # Mexican Train's hand has its own file and engine
    for section in others:
        main = client.get(f"/{lang}/domino/lessons/{section.id}/{section.steps[-1].id}").get_data(as_text=True)
        main = main[main.index("<main"):]
        own = [hand for hand in hands.values() if hand.rules.name == section.id] or \
            [hand for hand in mexican.values() if hand.practises == section.id]
        assert own, section.id
        for hand in own:
            assert f'href="/{lang}/domino/hands/{hand.id}"' in main
        starts = re.findall(r'href="(/%s/domino/play\?[^"]*)"' % lang, main)
        assert any(f"rules={section.id}" in start for start in starts), starts
        assert f'href="/{lang}/domino/other-ways"' in main
    assert 'rel="next"' not in main  # after the last section's last step


@pytest.mark.parametrize("lang", LANGS)
def test_a_finished_hand_of_another_rule_set_leads_back_to_its_lesson(client, lang):
    for hand in all_hands().values():
        if hand.rules.name == "playboard":
            continue
        page = client.get(f"/{lang}{finished_url(hand)}").get_data(as_text=True)
        after = page[page.index('class="after-hand"'):]
        section = next(s for s in SECTIONS if s.id == hand.practises)
        assert f'href="/{lang}/domino/lessons/{section.id}/{section.steps[0].id}"' in after
        assert f"rules={hand.rules.name}" in after


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("index", range(len(HANDS)), ids=[h.id for h in HANDS])
def test_a_finished_guided_hand_offers_the_next_hand_and_its_lesson(client, lang, index):
    hand = HANDS[index]
    playing = client.get(f"/{lang}/domino/hands/{hand.id}").get_data(as_text=True)
    assert 'class="after-hand"' not in playing
    page = client.get(f"/{lang}{finished_url(hand)}").get_data(as_text=True)
    block = re.search(r'<nav class="after-hand".*?</nav>', page, re.S)
    assert block
    section = next(s for s in SECTIONS if s.id == hand.practises)
    assert f'href="/{lang}/domino/lessons/{section.id}/{section.steps[0].id}"' in block[0]
    if index + 1 < len(HANDS):
        assert f'href="/{lang}/domino/hands/{HANDS[index + 1].id}"' in block[0]
    else:
        assert f'href="/{lang}/domino/play?seats=2"' in block[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_starts_the_course_and_links_the_practice(client, lang):
    page = client.get(f"/{lang}/").get_data(as_text=True)
    main = page[page.index("<main"):]
    first = SECTIONS[0]
    assert re.search(rf'<a class="button primary big start" href="/{lang}/domino/lessons/{first.id}/{first.steps[0].id}"', main)
    assert f'href="/{lang}/domino/hands/"' in main
