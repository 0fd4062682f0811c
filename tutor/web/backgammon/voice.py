"""What a backgammon game page says to the learner ("you", "the computer"): the status line,
what happened since the learner's last decision, the hints and why a move is refused.

The engine and the hint engine give facts and notes (``tutor.games.backgammon.session``,
``.hints``); every sentence is written here once, through gettext. Points are the learner's
numbering, as on the board: the computer's plays too (backgammon programs write a play in the
mover's own numbering, 13/9; on the learner's board the same checkers go from 12 to 16, and that
is what a beginner can find).
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from flask_babel import gettext as _, ngettext, pgettext

from tutor.games.backgammon import WHITE, Step, notation
from tutor.games.backgammon.analysis import Note
from tutor.games.backgammon.plays import BAR_POINT, OFF
from tutor.games.backgammon.position import learner_point
from tutor.games.backgammon.session import Event, Game, Phase
from tutor.web.backgammon.diagrams import result_sentence
from tutor.web.backgammon.coaching import expert, going_on, only_play, recommendation
from tutor.web.backgammon.wording import NOTES, localized_notation, point_name
from tutor.web.sentences import register, say
from tutor.web.lists import join_and, join_or
from tutor.web.numbers import decimal


def dice_text(dice: Iterable[int]) -> str:
    return "-".join(str(d) for d in dice)


_NUMBER = re.compile(r"(?<![(\d])(\d+)(?![)\d])")


def learner_notation(text: str, side) -> str:
    """A play's notation in the learner's numbering (the computer's points n become 25 - n;
    counts such as ``(2)`` stay)."""
    if side is WHITE:
        return text
    return _NUMBER.sub(lambda m: str(25 - int(m[1])) if 1 <= int(m[1]) <= 24 else m[1], text)


def _hit_points(event: Event) -> list[int]:
    """The points (learner's numbering) where a play hit, in order."""
    return [learner_point(event.side, step.dst) for step in event.steps if step.hit and step.dst != OFF]


def hit_sentence(side, points: list[int]) -> str:
    """A play's hits said in words, beside the ``*`` of its notation."""
    where = join_and(point_name(p) for p in points)
    if side is WHITE:
        # TRANSLATORS: backgammon game: the learner's play hit the computer's blot(s); %(points)s is e.g. "point 7" or "point 7 and point 4".
        return ngettext("You hit the computer's checker on %(points)s: it goes to the bar.",
                        "You hit the computer's checkers on %(points)s: they go to the bar.", len(points),
                        points=where)
    # TRANSLATORS: backgammon game: the computer's play hit the learner's blot(s); %(points)s is e.g. "point 4".
    return ngettext("It hit your checker on %(points)s: your checker goes to the bar.",
                    "It hit your checkers on %(points)s: they go to the bar.", len(points), points=where)


def place_name(place: int | str) -> str:
    if place in ("bar", BAR_POINT):
        # TRANSLATORS: backgammon game: the bar, as a place a checker moves from (in a list such as "the bar, 13 and 8").
        return _("the bar")
    return point_name(place)


def _places(places: Iterable[int | str]) -> str:
    return join_or(place_name(p) for p in places)


# ----- what happened --------------------------------------------------------------------------------
def event_sentence(event: Event) -> str:
    """One event the learner reads after their decision: the computer's and their own."""
    you = event.side is WHITE
    dice = dice_text(event.dice or ())
    if event.kind == "play":
        play = localized_notation(learner_notation(event.notation, event.side))
        hits = _hit_points(event)
        if you:
            # TRANSLATORS: backgammon game: what the learner just played, e.g. "You played 24/18 13/8."
            said = _("You played %(play)s.", play=play)
        else:
            # TRANSLATORS: backgammon game: the computer's roll and play, written with the point numbers of the learner's board, e.g. "The computer rolled 3-1 and played 12/16 17/16."
            said = _("The computer rolled %(dice)s and played %(play)s.", dice=dice, play=play)
        return f"{said} {hit_sentence(event.side, hits)}" if hits else said
    if event.kind == "no_play":
        if event.before is not None and event.before.on_bar(event.side):
            if you:
                # TRANSLATORS: backgammon game: the learner's roll could not bring a checker in from the bar.
                return _("You rolled %(dice)s: neither die brings your checker in from the bar, so your turn is lost.",
                         dice=dice)
            # TRANSLATORS: backgammon game: the computer's roll could not bring its checker in from the bar.
            return _("The computer rolled %(dice)s: neither die brings its checker in from the bar, so its turn is "
                     "lost.", dice=dice)
        if you:
            # TRANSLATORS: backgammon game: the learner's roll cannot be used at all.
            return _("You rolled %(dice)s and cannot move any checker: your turn is lost.", dice=dice)
        # TRANSLATORS: backgammon game: the computer's roll cannot be used at all.
        return _("The computer rolled %(dice)s and cannot move any checker: its turn is lost.", dice=dice)
    if event.kind == "double":
        if you:
            # TRANSLATORS: backgammon game: the learner offered the videau (doubling cube) before rolling.
            return _("You offered the videau.")
        # TRANSLATORS: backgammon game: the computer offered the videau before rolling.
        return _("The computer offered the videau.")
    if event.kind == "take":
        if you:
            # TRANSLATORS: backgammon game: the learner accepted the videau: the game is worth more and the videau is the learner's.
            return _("You took the videau: the game is now worth more, and the videau is on your side.")
        # TRANSLATORS: backgammon game: the computer accepted the learner's videau.
        return _("The computer took the videau: the game is now worth more, and the videau is on its side.")
    if event.kind == "pass":
        if you:
            # TRANSLATORS: backgammon game: the learner refused the videau (the game ends).
            return _("You passed: you refused the videau.")
        # TRANSLATORS: backgammon game: the computer refused the learner's videau (the game ends).
        return _("The computer passed: it refused the videau.")
    return ""  # a roll is told with the play it led to


def since_learner(game: Game) -> list[str]:
    """The computer's events since the learner's last decision (the learner's last play first)."""
    events = game.events
    start = 0
    for i in range(len(events) - 1, -1, -1):
        if events[i].side is WHITE and events[i].kind in ("play", "no_play", "double", "take", "pass"):
            start = i
            break
    return [text for text in (event_sentence(e) for e in events[start:]) if text]


# ----- the status line ------------------------------------------------------------------------------
def status(game: Game, played: list[Step], complete: bool, selected: int | None, left: list[int]) -> str:
    position = game.position
    if game.phase is Phase.OVER:
        result = game.result
        return result_sentence(result.winner, result.kind, result.points)
    if game.phase is Phase.END:
        # TRANSLATORS: backgammon guided position: the scripted dice are used up, the lesson of the position is over.
        return _("This guided position is over: read what it showed below.")
    if game.phase is Phase.DECIDE:
        # TRANSLATORS: backgammon game, before the learner's roll: they may offer the videau first.
        return _("Your turn. Before you roll you may offer the videau: the game would be worth %(doubled)d. Or just "
                 "roll.", doubled=2 * position.cube.value)
    if game.phase is Phase.ANSWER:
        # TRANSLATORS: backgammon game: the computer offered the videau; the learner takes or passes.
        return _("The computer offers the videau: take, and play on for %(doubled)d points, or pass, and lose "
                 "%(value)d now.", doubled=2 * position.cube.value, value=position.cube.value)
    dice = dice_text(position.dice)
    if game.phase is Phase.LOST:
        if position.on_bar(WHITE):
            # TRANSLATORS: backgammon game: the learner rolled and cannot come in from the bar.
            return _("You rolled %(dice)s: neither die brings your checker in from the bar, so your turn is lost. "
                     "Go on.", dice=dice)
        # TRANSLATORS: backgammon game: the learner rolled and cannot move.
        return _("You rolled %(dice)s and cannot move any checker: your turn is lost. Go on.", dice=dice)
    if complete:
        # TRANSLATORS: backgammon game: every die the learner can use is played; confirm or undo.
        return _("Your play: %(play)s. Confirm it, or undo a move.", play=_play_text(game, played))
    if selected is not None:
        if selected == BAR_POINT:
            # TRANSLATORS: backgammon game: the learner picked the checker on the bar; now the point where it comes in.
            return _("Where does your checker on the bar come in? Tap a point, or use the buttons.")
        # TRANSLATORS: backgammon game: the learner picked a checker; now where it goes.
        return _("Where does the checker on %(point)s go? Tap a point, or use the buttons.", point=point_name(selected))
    if played:
        # TRANSLATORS: backgammon game: some dice are played, others left, e.g. "Dice left: 5."
        return _("Dice left: %(dice)s. Tap the next checker to move.", dice=join_and(left))
    if position.dice[0] == position.dice[1]:
        # TRANSLATORS: backgammon game: the learner rolled the same number on both dice (four moves).
        return _("You rolled double %(die)d: four moves of %(die)d. Tap a checker to move.", die=position.dice[0])
    # TRANSLATORS: backgammon game: the learner's roll, e.g. "You rolled 6-5."
    return _("You rolled %(dice)s. Tap a checker to move.", dice=dice)


def _play_text(game: Game, played: list[Step]) -> str:
    text = localized_notation(notation(played, game.position))
    hits = [step.dst for step in played if step.hit and step.dst != OFF]
    return f"{text} ({hit_sentence(WHITE, hits).rstrip('.')})" if hits else text


# ----- how a game ended -------------------------------------------------------------------------------
def result_lines(game: Game) -> list[str]:
    """How a finished game ended: how it was won, and how its points add up."""
    result = game.result
    you = result.winner is WHITE
    loser_off = game.position.off(result.winner.other)
    lines = []
    if result.kind == "drop":
        if you:
            # TRANSLATORS: backgammon, how the game ended: the computer refused the learner's videau; %(value)d is the videau's value before the offer.
            lines.append(_("You offered the videau and the computer refused it: it gives up the game at its value "
                           "before the offer, %(value)d.", value=result.cube))
        else:
            # TRANSLATORS: backgammon, how the game ended: the learner refused the computer's videau.
            lines.append(_("The computer offered the videau and you refused it: you give up the game at its value "
                           "before the offer, %(value)d.", value=result.cube))
    elif result.kind == "single":
        if you:
            # TRANSLATORS: backgammon, how the game ended: the learner bore off all 15 first; the computer had borne off some (%(num)d), so it is a single game.
            lines.append(ngettext("You bore off all 15 checkers first. The computer had borne off %(num)d, so it is "
                                  "a single game: 1 × the videau.",
                                  "You bore off all 15 checkers first. The computer had borne off %(num)d, so it is "
                                  "a single game: 1 × the videau.", loser_off))
        else:
            # TRANSLATORS: backgammon, how the game ended: the computer bore off all 15 first; the learner had borne off some (%(num)d).
            lines.append(ngettext("The computer bore off all 15 checkers first. You had borne off %(num)d, so it is "
                                  "a single game: 1 × the videau.",
                                  "The computer bore off all 15 checkers first. You had borne off %(num)d, so it is "
                                  "a single game: 1 × the videau.", loser_off))
    elif result.kind == "gammon":
        if you:
            # TRANSLATORS: backgammon, how the game ended: a gammon for the learner (the computer bore off nothing).
            lines.append(_("You bore off all 15 checkers before the computer bore off a single one: a gammon, "
                           "2 × the videau."))
        else:
            # TRANSLATORS: backgammon, how the game ended: a gammon for the computer (the learner bore off nothing).
            lines.append(_("The computer bore off all 15 checkers before you bore off a single one: a gammon, "
                           "2 × the videau."))
    else:
        if you:
            # TRANSLATORS: backgammon, how the game ended: a backgammon for the learner.
            lines.append(_("You bore off all 15 checkers while the computer had borne off none and still had a "
                           "checker on the bar or in your home board: a backgammon, 3 × the videau."))
        else:
            # TRANSLATORS: backgammon, how the game ended: a backgammon for the computer.
            lines.append(_("The computer bore off all 15 checkers while you had borne off none and still had a "
                           "checker on the bar or in its home board: a backgammon, 3 × the videau."))
    lines.append(NOTES["points"](result.multiplier, result.cube, result.points))
    return lines


# ----- hints ----------------------------------------------------------------------------------------
def _enter(count: int, dice: list[int], points: list[int]) -> str:
    entries = join_or(
        # TRANSLATORS: backgammon hint: one die that brings a checker in, e.g. "a 4 on point 21" (joined with "or").
        _("a %(die)d on %(point)s", die=d, point=point_name(p)) for d, p in zip(dice, points))
    # TRANSLATORS: backgammon hint: checkers on the bar come in first; %(entries)s lists the dice that enter and where.
    return ngettext("You have %(num)d checker on the bar: it comes in first, on your opponent's home board. With "
                    "this roll it can come in with %(entries)s.",
                    "You have %(num)d checkers on the bar: they come in first, on your opponent's home board. With "
                    "this roll they can come in with %(entries)s.", count, entries=entries)


def _one_die(die: int, other: int, higher: bool) -> str:
    if higher:
        # TRANSLATORS: backgammon hint: only one die can be used, so it must be the higher one.
        return _("No play uses both dice, so the rules make you play one, and it must be the higher one: the %(die)d.",
                 die=die)
    # TRANSLATORS: backgammon hint: only one die can be used and the higher cannot move, so the lower one is played.
    return _("No play uses both dice, and the higher one, %(other)d, cannot move at all: play the %(die)d.",
             die=die, other=other)


def _dice_moves(moves: list, doubles: bool) -> str:
    parts = [
        # TRANSLATORS: backgammon hint: which checkers one die can move, e.g. "a 6 can move the checker on point 24, point 13 or point 8".
        _("a %(die)d can move the checker on %(places)s", die=die, places=_places(places)) for die, places in moves]
    if doubles:
        # TRANSLATORS: backgammon hint for doubles: four moves of one number; %(moves)s says which checkers can move.
        return _("You have four moves of %(die)d: %(moves)s.", die=moves[0][0], moves=join_and(parts))
    # TRANSLATORS: backgammon hint: which checkers each die can move; %(moves)s joins one clause per die.
    return _("With this roll, %(moves)s.", moves=join_and(parts))


def _both_dice(moves: list) -> str:
    parts = [
        # TRANSLATORS: backgammon hint: one move the two-dice rule forbids, e.g. "moving the checker on point 8 with the 6 first would leave your 1 unplayable" (several are joined with "and").
        _("moving the checker on %(places)s with the %(die)d first would leave your %(other)d unplayable",
          places=_places(places), die=die, other=other) for die, places, other in moves]
    # TRANSLATORS: backgammon hint: the rule that both dice must be played when possible forbids some first moves; %(moves)s lists them and the die each would leave unplayable.
    return _("You must use both dice if you can, so not every move is allowed: %(moves)s.", moves=join_and(parts))


def _checker(point: int | str) -> str:
    if point == "bar":
        # TRANSLATORS: backgammon hint, second step: the checker to move first is the one on the bar.
        return _("Move the checker on the bar first.")
    # TRANSLATORS: backgammon hint, second step: which checker to move first, e.g. "Move the checker on point 13 first."
    return _("Move the checker on %(point)s first.", point=point_name(point))


def _double_count(you: int, computer: int, lead: int, share: float, threshold: int) -> str:
    if lead > 0:
        # TRANSLATORS: backgammon hint before the roll: the learner's pip lead against the app's doubling rule; %(share)s is that lead as a percentage of the learner's count, a number with one decimal already written your language's way (10,7 in vi and id).
        return _("Your pip count is %(you)d, the computer's %(computer)d: you lead by %(lead)d, %(share)s%% of your "
                 "count. The app's rule offers the videau from a lead of %(threshold)d%%.", you=you,
                 computer=computer, lead=lead, share=decimal(share), threshold=threshold)
    # TRANSLATORS: backgammon hint before the roll: the learner is not ahead in the race.
    return _("Your pip count is %(you)d, the computer's %(computer)d: you are not ahead in the race. The app's rule "
             "offers the videau only from a lead of %(threshold)d%% of your count.", you=you, computer=computer,
             threshold=threshold)


def _points(points: list[int]) -> str:
    return join_and(point_name(p) for p in points)


HINTS: dict[str, Callable[..., str]] = {
    "hint_enter": _enter,
    "hint_one_die": _one_die,
    # TRANSLATORS: backgammon hint: all the learner's checkers are home, so bearing off may start.
    "hint_bear_off": lambda dice: _(
        "All your checkers are in your home board, so you may bear off: a die takes a checker off the point of "
        "its number, and a larger die takes one off your highest point."),
    "dice_moves": _dice_moves,
    "hint_both_dice": _both_dice,
    "hint_checker": lambda point: _checker(point),
    "play_recommended": recommendation,
    "play_only": only_play,
    "play_goes_on": going_on,
    # TRANSLATORS: backgammon hint before the roll: what offering the videau means.
    "hint_double_rule": lambda value, doubled: _(
        "Offering the videau raises the game's value from %(value)d to %(doubled)d if the computer takes; if it "
        "passes, you win %(value)d at once. It is worth it when you are clearly ahead.", value=value,
        doubled=doubled),
    "hint_double_count": lambda you, computer, lead, share, threshold: _double_count(
        you, computer, lead, share, threshold),
    # TRANSLATORS: backgammon hint before the roll: by the app's rule, offer the videau now.
    "hint_double": lambda doubled: _("By the app's rule, offer the videau now."),
    # TRANSLATORS: backgammon hint before the roll: by the app's rule, do not offer the videau yet.
    "hint_roll": lambda doubled: _("By the app's rule, do not offer the videau yet: just roll."),
    # TRANSLATORS: backgammon hint when the computer offers the videau: what taking and passing mean.
    "hint_answer_rule": lambda value, doubled: _(
        "If you take, the game is worth %(doubled)d and the videau comes to your side: only you may offer it "
        "next. If you pass, the game ends and you lose %(value)d.", value=value, doubled=doubled),
    # TRANSLATORS: backgammon hint when the computer offers the videau: its pip lead against the app's rule for taking; %(share)s is that lead as a percentage of the computer's count, a number with one decimal already written your language's way (10,7 in vi and id).
    "hint_answer_count": lambda you, computer, lead, share, limit: _(
        "The computer's pip count is %(computer)d, yours %(you)d: it leads by %(lead)d, %(share)s%% of its count. "
        "The app's rule takes when that lead is at most %(limit)d%%.", you=you, computer=computer, lead=lead,
        share=decimal(share), limit=limit),
    # TRANSLATORS: backgammon hint when the computer offers the videau: by the app's rule, take.
    "hint_take": lambda value, doubled: _("By the app's rule, take: play on for %(doubled)d.", doubled=doubled),
    # TRANSLATORS: backgammon hint when the computer offers the videau: by the app's rule, pass.
    "hint_pass": lambda value, doubled: _("By the app's rule, pass: lose %(value)d now rather than risk more.",
                                          value=value),
    **{kind: (lambda kind: lambda win, gammon: expert(kind, win, gammon))(kind)
       for kind in ("expert_double", "expert_no_double", "expert_take", "expert_pass")},
}


register("backgammon.hint", HINTS, __name__)


def hint_sentence(note: Note) -> str:
    params = note.params
    if isinstance(params.get("play"), str):
        params = {**params, "play": localized_notation(params["play"])}
    return say("backgammon.hint", note.kind, params)


# ----- what a guided position showed ------------------------------------------------------------------
MOMENT_SUMMARIES: dict[str, Callable[[], str]] = {
    # TRANSLATORS: backgammon guided position "the higher die", shown at its end.
    "higher_die": lambda: _(
        "The 5 alone could be played, and so could the 6, but no play used both. In that case the rules make you "
        "play the higher die: the 6."),
    # TRANSLATORS: backgammon guided position "coming in from the bar", shown at its end.
    "enter": lambda: _(
        "With 6-4 neither die could bring your checker in, so the turn was lost. With 4-1 the 1 brought it in on "
        "point 24 first; only then could the 4 move another checker."),
    # TRANSLATORS: backgammon guided position "hitting a blot", shown at its end.
    "hit": lambda: _(
        "Your 5 brought your checker in on point 20 and hit the blot there. The computer's 6-6 could not bring it "
        "back in: with a 6 it would come in on your point 6, which you hold."),
    # TRANSLATORS: backgammon guided position "bearing off with a larger die", shown at its end.
    "gammon": lambda: _(
        "Your 6s and 5s were larger than your highest point, so each took a checker off it. You bore off all 15 "
        "before the computer bore off one: a gammon, 2 × the videau 2 = 4 points."),
    # TRANSLATORS: backgammon guided position "the computer offers the videau", shown at its end.
    "videau": lambda: _(
        "Taking keeps the game going at twice the value with the videau on your side; passing ends it at once for "
        "the value before the offer. The app's rule decides by the race: how far ahead the doubler is."),
}


register("backgammon.moment", MOMENT_SUMMARIES, __name__)


def moment_summary(moment: str) -> str:
    return say("backgammon.moment", moment)


__all__ = ["event_sentence", "hint_sentence", "hit_sentence", "learner_notation", "localized_notation",
           "moment_summary", "place_name", "result_lines", "since_learner", "status"]
