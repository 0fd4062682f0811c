"""Check questions on a lesson page: the question's words, its choices, and the feedback on an answer.

A wrong answer first gets a sentence on why THAT choice is wrong (from ``tutor.games.domino.questions.why_wrong``)
and one more try; only after a second wrong answer, or a right one, does the page show the answer
and the author's explanation. The attempt number travels in the form (the app keeps no state), so a
tampered number changes nothing but how soon the answer is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from flask_babel import gettext as _, ngettext

from tutor.games.domino import questions
from tutor.games.domino.analysis import Note
from tutor.course import TRIES, Question
from tutor.games.domino import Position
from tutor.web.i18n import translate_text as tr
from tutor.web.lists import join_and, join_or
from tutor.web.domino.wording import option_label, seat_name



def question_params(question: Question, position: Position) -> dict:
    """The facts a question's text names, taken from its position (never typed into the text)."""
    params: dict = {"number": question.number, "seats": position.seats}
    hands = [position.hand(seat) for seat in range(position.seats)]
    params["you"] = join_and(str(t) for t in hands[0])
    params["opponent"] = join_and(str(t) for t in hands[1]) if position.seats > 1 else ""
    params["tiles"] = join_and(str(t) for hand in hands for t in hand)
    if question.totals:
        params["you_total"], params["opponent_total"] = question.totals[0], question.totals[1]
    return params


def question_text(question: Question, position: Position) -> str:
    """The question in the page's language, with its facts filled in."""
    text = tr(question.text)  # escaped markup: the facts filled in are escaped too
    return text % question_params(question, position) if "%(" in text else text


def choice_label(option: questions.Option, seats: int) -> str:
    """The words on an answer button."""
    if option.kind == "match_goes_on":
        # TRANSLATORS: answer button of a question about the match: no player has won it yet.
        return _("Nobody yet: the match goes on")
    if option.kind == "action_open":
        # TRANSLATORS: answer button of "What must you do?": lay the first tile of the round (the line is empty).
        return _("Open the round: lay its first tile")
    if option.kind == "action_play":
        # TRANSLATORS: answer button of "What must you do?": place a tile at one of the two open ends of the line.
        return _("Play a tile at an open end")
    return option_label(option, seat_count=seats)


def answer_words(question: Question, position: Position, values: tuple[str, ...]) -> str:
    """The rules' answer in words, e.g. "5-4 at the left end or 6-1 at the right end", "8 points"."""
    if question.kind == "points":
        points = int(values[0])
        # TRANSLATORS: the answer to a "how many points" question.
        return ngettext("%(num)d point", "%(num)d points", points)
    if question.kind == "count":
        return values[0]
    by_value = {o.value: choice_label(o, position.seats) for o in questions.options(question.kind, position)}
    return join_or(by_value[v] for v in values)


# ----- why a choice is wrong ---------------------------------------------------------------------
def _player(seat: int, seats: int) -> str:
    return seat_name(seat, seats)


def _still_holds(seat: int, seats: int, count: int) -> str:
    if seat == 0:
        # TRANSLATORS: why "You" is a wrong answer to "Who wins the round?" after a player emptied their hand.
        return ngettext("You still hold %(num)d tile: the round ended the moment another player placed their last tile, and that player wins.",
                        "You still hold %(num)d tiles: the round ended the moment another player placed their last tile, and that player wins.", count)
    # TRANSLATORS: why a player is a wrong answer to "Who wins the round?" after someone emptied their hand; %(player)s is e.g. "Your opponent".
    return ngettext("%(player)s still holds %(num)d tile: the round ended the moment a hand became empty, and the player who emptied it wins.",
                    "%(player)s still holds %(num)d tiles: the round ended the moment a hand became empty, and the player who emptied it wins.",
                    count, player=_player(seat, seats))


def _more_pips(seat: int, seats: int, pips: int, lowest: int, count: int) -> str:
    if seat == 0:
        # TRANSLATORS: why "You" is a wrong answer to "Who wins this blocked round?".
        return _("Your tiles add up to %(pips)s pips, and another hand holds only %(lowest)s. A blocked round goes to the lowest pip total, however many tiles each player holds.",
                 pips=pips, lowest=lowest)
    # TRANSLATORS: why a player is a wrong answer to "Who wins this blocked round?"; %(player)s is e.g. "Your opponent".
    return _("%(player)s holds %(pips)s pips, and another hand holds only %(lowest)s. A blocked round goes to the lowest pip total, however many tiles each player holds.",
             player=_player(seat, seats), pips=pips, lowest=lowest)


def _more_tiles(seat: int, seats: int, pips: int, lowest: int, count: int) -> str:
    if seat == 0:
        # TRANSLATORS: why "You" is a wrong answer to "Who wins this blocked round?": tied on pips, but with more tiles.
        return _("You are tied on the lowest pip total, %(pips)s, but you hold more tiles: a tie on pips goes to the player with fewer tiles.", pips=pips)
    # TRANSLATORS: why a player is a wrong answer to "Who wins this blocked round?": tied on pips, but with more tiles.
    return _("%(player)s is tied on the lowest pip total, %(pips)s, but holds more tiles: a tie on pips goes to the player with fewer tiles.",
             player=_player(seat, seats), pips=pips)


def _tied(seat: int, seats: int, pips: int, lowest: int, count: int) -> str:
    # TRANSLATORS: why a player is a wrong answer to "Who wins this blocked round?" when nobody wins it.
    return _("The lowest pip totals are tied, %(pips)s each, and so are the numbers of tiles: when both are tied, nobody wins the round.", pips=pips)


def _hand_size_of(answer: int, players: list[int], seats: int) -> str:
    # TRANSLATORS: why a number is a wrong answer to "how many tiles does each player take?"; %(players)s is e.g. "2" or "3 or 4".
    return ngettext("%(answer)s tiles each is the deal for %(players)s players, but this round has %(num)d player.",
                    "%(answer)s tiles each is the deal for %(players)s players, but this round has %(num)d players.",
                    seats, answer=answer, players=join_or(players))


def _match_not_won(seat: int, seats: int, scored: bool) -> str:
    if not scored and seat == 0:
        # TRANSLATORS: why "You" is a wrong answer to "Who has won the match?": you did not win this round.
        return _("You did not win this round, so your total does not change, and it was below 100 before it.")
    if not scored:
        # TRANSLATORS: why a player is a wrong answer to "Who has won the match?": that player did not win this round.
        return _("%(player)s did not win this round, so their total does not change, and it was below 100 before it.",
                 player=_player(seat, seats))
    if seat == 0:
        # TRANSLATORS: why "You" is a wrong answer to "Who has won the match?": your total is still below 100.
        return _("Even with this round's points, your total stays below 100, so the match goes on.")
    # TRANSLATORS: why a player is a wrong answer to "Who has won the match?": their total is still below 100.
    return _("Even with this round's points, the total of %(player)s stays below 100, so the match goes on.",
             player=_player(seat, seats).lower())


WHY: dict[str, Callable[..., str]] = {
    # --- a move that the rules refuse
    # TRANSLATORS: why a tile may not open the round: it is not a double, and a double was dealt.
    "open_not_double": lambda tile: _("%(tile)s is not a double. When doubles are dealt, the round opens with the highest of them.", tile=tile),
    # TRANSLATORS: why a double may not open the round: a higher double was dealt.
    "open_lower_double": lambda tile: _("%(tile)s is a double, but not the highest one dealt, and only the highest double may open.", tile=tile),
    # TRANSLATORS: why a tile may not open the round when nobody holds a double.
    "open_not_heaviest": lambda tile: _("Nobody holds a double, so the heaviest tile opens, and %(tile)s is not the heaviest.", tile=tile),
    # TRANSLATORS: why a tile cannot be played at the left end of the line.
    "no_match_left": lambda tile, number: _("%(tile)s has no %(number)s, so it cannot touch the left end, which shows %(number)s.", tile=tile, number=number),
    # TRANSLATORS: why a tile cannot be played at the right end of the line.
    "no_match_right": lambda tile, number: _("%(tile)s has no %(number)s, so it cannot touch the right end, which shows %(number)s.", tile=tile, number=number),
    # --- an action that the rules refuse
    # TRANSLATORS: why "Play a tile at an open end" is wrong while the line is still empty.
    "not_opened_play": lambda: _("The line is still empty, so there is no open end to play on: the first tile of a round opens it."),
    # TRANSLATORS: why "Draw" is wrong while the line is still empty.
    "not_opened_draw": lambda: _("Nobody draws before the round is opened, and you hold the tile that must open it."),
    # TRANSLATORS: why "Pass" is wrong while the line is still empty.
    "not_opened_pass": lambda: _("Nobody passes before the round is opened, and you hold the tile that must open it."),
    # TRANSLATORS: why "Open the round" is wrong when the line already has tiles.
    "already_opened": lambda: _("The line already has tiles: this round was opened earlier, and a round is opened only once."),
    # TRANSLATORS: why "Play a tile" is wrong: no tile in the hand shows either end's number.
    "nothing_fits": lambda numbers: _("None of your tiles shows a %(numbers)s, so no tile can be played.",
                                      numbers=join_or(numbers)),
    # TRANSLATORS: why "Draw" is wrong: a tile in the hand fits an open end.
    "a_tile_fits_draw": lambda: _("One of your tiles fits an open end, and a tile that fits must be played: you draw only when nothing fits."),
    # TRANSLATORS: why "Pass" is wrong: a tile in the hand fits an open end.
    "a_tile_fits_pass": lambda: _("One of your tiles fits an open end, and nobody may pass while they can play."),
    # TRANSLATORS: why "Draw" is wrong: the boneyard has no tiles left.
    "boneyard_empty": lambda: _("The boneyard is empty: there is nothing left to draw."),
    # TRANSLATORS: why "Pass" is wrong: the boneyard still has tiles.
    "boneyard_not_empty": lambda count: ngettext("The boneyard still holds %(num)d tile, and you may pass only once it is empty.",
                                                 "The boneyard still holds %(num)d tiles, and you may pass only once it is empty.", count),
    # --- the winner of a round
    # TRANSLATORS: why "Nobody" is wrong after a player emptied their hand.
    "domino_has_winner": lambda: _("A round that ends with an empty hand always has a winner. Nobody wins only a blocked round that is tied on pips and on tiles."),
    "still_holds_tiles": _still_holds,
    # TRANSLATORS: why "Nobody" is wrong in a blocked round whose pip totals differ.
    "pips_not_tied": lambda lowest: _("The pip totals are not tied, so the round has a winner: the lowest total, %(lowest)s pips.", lowest=lowest),
    # TRANSLATORS: why "Nobody" is wrong in a blocked round tied on pips but not on tiles.
    "tie_broken_by_tiles": lambda lowest: _("The lowest pip totals are tied at %(lowest)s, but not the numbers of tiles: fewer tiles breaks the tie.", lowest=lowest),
    "more_pips": _more_pips,
    "more_tiles": _more_tiles,
    "tied_nobody_wins": _tied,
    # TRANSLATORS: why a count of the pips left in the learner's hand is wrong (Mexican Train): the learner counted the tiles.
    "counted_tiles_kept": lambda answer: _("%(answer)s is how many tiles you hold, but your total grows by their pips: add both halves of every tile.", answer=answer),
    # TRANSLATORS: why a count of the pips left in the learner's hand is wrong (Mexican Train; no more precise reason found).
    "pips_kept": lambda answer: _("%(answer)s is not it. Add both halves of every tile you still hold.", answer=answer),
    # --- points
    # TRANSLATORS: why a number of points is wrong: the learner counted tiles, not pips.
    "counted_tiles": lambda answer: _("%(answer)s is how many tiles are left, but points count pips: add both halves of every tile.", answer=answer),
    # TRANSLATORS: why a number of points for a blocked round is wrong: the winner's own pips were not taken away.
    "forgot_own_pips": lambda answer: _("%(answer)s is what the other hands hold, but in a blocked round the winner's own pips are taken away from it.", answer=answer),
    # TRANSLATORS: why a number of points for a blocked round is wrong: the winner's own pips were added, not taken away.
    "added_own_pips": lambda answer: _("You added the winner's own pips: in a blocked round they are taken away, not added."),
    # TRANSLATORS: why a number of points for a blocked round is wrong (no more precise reason found).
    "blocked_points": lambda answer: _("%(answer)s is not it. In a blocked round the winner scores the pips in the other hands minus the pips in their own: count each hand again.", answer=answer),
    # TRANSLATORS: why a number of points is wrong in All Fives: the learner gave the opponent's pips without rounding them to a multiple of 5.
    "not_rounded": lambda answer: _("%(answer)s is the pips left in your opponent's hand, but in All Fives they are rounded to the nearest multiple of 5.", answer=answer),
    # TRANSLATORS: why a number of points after playing out in All Fives is wrong (no more precise reason found).
    "domino_points_to_five": lambda answer: _("%(answer)s is not it. Playing out scores the pips left in your opponent's hand, rounded to the nearest multiple of 5: count them again.", answer=answer),
    # TRANSLATORS: why a number of points after a player emptied their hand is wrong (no more precise reason found).
    "domino_points": lambda answer: _("%(answer)s is not it. Playing out scores every pip left in the other hands: add both halves of each tile and count again.", answer=answer),
    # --- counts
    "hand_size_of": _hand_size_of,
    # TRANSLATORS: why a number is a wrong answer to "how many tiles does each player take?".
    "hand_size": lambda answer, seats: _("No deal gives %(answer)s tiles each: how many tiles a hand starts with depends only on how many players there are.", answer=answer),
    # TRANSLATORS: why a count of unseen tiles is wrong: the learner did not take away the tiles in their own hand.
    "unseen_forgot_hand": lambda number: _("You took away the tiles on the table, but the tiles with a %(number)s in your own hand are seen too.", number=number),
    # TRANSLATORS: why a count of unseen tiles is wrong: the learner did not take away the tiles on the table.
    "unseen_forgot_table": lambda number: _("You took away the tiles in your hand, but the tiles with a %(number)s on the table are seen too.", number=number),
    # TRANSLATORS: why a count of unseen tiles is wrong (no more precise reason found).
    "unseen": lambda number: _("Seven tiles show a %(number)s. Take away those on the table and those in your hand, and count again.", number=number),
    # --- the match
    # TRANSLATORS: why "Nobody yet" is wrong in a question about the match.
    "match_reached": lambda: _("Add this round's points to the total before it: a player who reaches 100 or more wins the match at once."),
    "match_only_round_winner_scores": lambda seat, seats: _match_not_won(seat, seats, scored=False),
    "match_not_reached": lambda seat, seats: _match_not_won(seat, seats, scored=True),
}


def why_wrong_sentence(note: Note) -> str:
    return WHY[note.kind](**note.params)


# ----- the feedback shown under a question -------------------------------------------------------
@dataclass(frozen=True)
class Feedback:
    correct: bool
    final: bool  # the answer is shown (a right answer, or the last try)
    answer: str  # what the learner gave
    lines: tuple[str, ...]
    tries: int  # wrong answers so far


def feedback(question: Question, position: Position, verdict: questions.Verdict, tries: int) -> Feedback:
    """What the page says after an answer; ``tries`` counts the wrong answers before this one."""
    if verdict.correct:
        # TRANSLATORS: feedback on a right answer to a check question.
        lines = [_("Right! The rules agree with you.")]
        if question.explain:
            lines.append(tr(question.explain))
        return Feedback(True, True, verdict.answer, tuple(lines), tries)
    tries += 1
    why = why_wrong_sentence(questions.why_wrong(question.kind, position, verdict.answer, **questions.facts_of(question)))
    if tries < TRIES:
        # TRANSLATORS: feedback on a first wrong answer, before the learner tries once more; %(why)s says why that choice is wrong.
        lines = [_("Not quite. %(why)s", why=why),
                 # TRANSLATORS: under the first wrong answer to a check question.
                 _("Try once more.")]
        return Feedback(False, False, verdict.answer, tuple(lines), tries)
    # TRANSLATORS: feedback on a second wrong answer: why it is wrong, then the answer the rules accept.
    lines = [_("Not quite. %(why)s", why=why),
             # TRANSLATORS: after the second wrong answer to a check question; %(answer)s is what the rules accept.
             _("The answer is: %(answer)s.", answer=answer_words(question, position, verdict.expected))]
    if question.explain:
        lines.append(tr(question.explain))
    return Feedback(False, True, verdict.answer, tuple(lines), tries)


__all__ = ["Feedback", "TRIES", "answer_words", "choice_label", "feedback", "question_params", "question_text",
           "why_wrong_sentence"]
