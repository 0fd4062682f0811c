"""The game pages' voice: the same notes as the API, said to the learner ("you", "your opponent").

The analyze API names players by seat number ("Seat 1 drew 2 tiles", ``tutor.web.domino.wording``); a
learner at a game page is never "seat 0". Here each note that names a seat has the learner's
sentence ("You drew 2 tiles") and another player's ("Your opponent drew 2 tiles"), and the other
players are named by where they sit ("the opponent on your left"), the same name in the picture,
the move log, the explanations and the scores. Notes without a seat read as in the API.
"""

from __future__ import annotations

from typing import Callable, Sequence

from flask_babel import gettext as _, ngettext

from tutor.games.domino.analysis import Note
from tutor.games.domino import Match
from tutor.games.domino.rules import RoundResult
from tutor.web.sentences import register, sentence
from tutor.web.domino.names import LEARNER, player_name, player_phrase
from tutor.web.lists import join_and, join_or
from tutor.web.domino.wording import render_note

class Voice:
    """Renders notes for the learner at ``viewer`` of a table of ``seats``."""

    def __init__(self, seats: int, viewer: int = LEARNER) -> None:
        self.seats = seats
        self.viewer = viewer

    def name(self, seat: int) -> str:
        return player_name(seat, self.seats, self.viewer)

    def phrase(self, seat: int) -> str:
        return player_phrase(seat, self.seats, self.viewer)

    def names(self, seats: Sequence[int]) -> str:
        """Several players as a list opening a sentence: "You and your opponent"."""
        text = join_and([self.name(seats[0])] + [self.phrase(s) for s in seats[1:]])
        return text[:1].upper() + text[1:]

    def render(self, note: Note) -> str:
        personal = sentence("domino.learner", note.kind)
        if personal is None:  # a note that names nobody reads as in the API
            return render_note(note)
        return personal(self, **note.params)


def _hold_sum(tiles: Sequence[str], pips: int) -> str:
    """The pips of a hand, added up when there is something to add: "6 + 6 + 4 + 3 = 19"."""
    halves = [h for t in tiles for h in t.split("-")]
    return f"{' + '.join(halves)} = {pips}" if len(halves) > 1 else str(pips)


def _open_double(v: Voice, seat, tile):
    if seat == v.viewer:
        # TRANSLATORS: game page, why you open: you hold the highest double.
        return _("Nobody has played yet. You hold the highest double, %(tile)s, so you open, and %(tile)s "
                 "is the only legal first tile.", tile=tile)
    # TRANSLATORS: game page, why another player opens; %(player)s is e.g. "Your opponent".
    return _("Nobody has played yet. %(player)s holds the highest double, %(tile)s, and opens with it.",
             player=v.name(seat), tile=tile)


def _open_heaviest(v: Voice, seat, tile, value):
    if seat == v.viewer:
        # TRANSLATORS: game page, why you open: nobody was dealt a double and your tile is the heaviest.
        return _("Nobody was dealt a double, so the heaviest tile opens: you hold %(tile)s (%(value)s pips) "
                 "and must play it first.", tile=tile, value=value)
    # TRANSLATORS: game page, why another player opens with the heaviest tile.
    return _("Nobody was dealt a double, so the heaviest tile opens: %(player)s holds %(tile)s (%(value)s pips) "
             "and plays it first.", player=v.phrase(seat), tile=tile, value=value)


def _legal_count(v: Voice, seat, count):
    # TRANSLATORS: game page: how many legal moves you have (a tile that fits both ends counts twice).
    return ngettext("You have %(num)d legal move.", "You have %(num)d legal moves.", count)


def _must_draw(v: Voice, seat, left, right, boneyard):
    if left == right:
        # TRANSLATORS: game page: nothing in your hand fits; both ends show %(number)s; the boneyard has tiles.
        return ngettext(
            "No tile in your hand shows %(number)s, and the boneyard holds %(num)d tile, so you must draw it, "
            "and play it if it fits; if it does not, pass.",
            "No tile in your hand shows %(number)s, and the boneyard holds %(num)d tiles, so you must draw one "
            "tile at a time until one fits, then play it; if none fits, pass.",
            boneyard, number=left)
    # TRANSLATORS: game page: nothing in your hand fits either open end; the boneyard has tiles.
    return ngettext(
        "No tile in your hand shows %(numbers)s, and the boneyard holds %(num)d tile, so you must draw it, "
        "and play it if it fits; if it does not, pass.",
        "No tile in your hand shows %(numbers)s, and the boneyard holds %(num)d tiles, so you must draw one "
        "tile at a time until one fits, then play it; if none fits, pass.",
        boneyard, numbers=join_or([left, right]))


def _must_pass(v: Voice, seat, left, right):
    # TRANSLATORS: game page: nothing in your hand fits and the boneyard is empty; %(numbers)s is "4 or 1", or one number.
    return _("No tile in your hand shows %(numbers)s, and the boneyard is empty, so you must pass.",
             numbers=left if left == right else join_or([left, right]))


def _drew_tiles(v: Voice, seat, count, tiles):
    # TRANSLATORS: game page: the tiles you drew this turn, in order.
    return ngettext("You drew %(num)d tile: %(tiles)s.", "You drew %(num)d tiles: %(tiles)s.",
                    count, tiles=join_and(tiles))


def _reason_blocks(v: Voice, seat, number):
    # TRANSLATORS: game page, a reason for the recommended move; %(player)s is e.g. "your opponent" (inside the sentence).
    return _("It leaves a %(number)s open, and %(player)s has shown they hold no %(number)s: they drew or "
             "passed on it.", player=v.phrase(seat), number=number)


def _known_void(v: Voice, seat, numbers):
    # TRANSLATORS: game page, strategy: another player drew or passed on these numbers; %(numbers)s is "4 or 1".
    return ngettext(
        "%(player)s holds no tile showing %(numbers)s: they drew or passed while it was open.",
        "%(player)s holds no tile showing %(numbers)s: they drew or passed while those numbers were open.",
        len(numbers), player=v.name(seat), numbers=join_or(numbers))


def _waiting(v: Voice, seat):
    # TRANSLATORS: game page: another player is to move; %(player)s is e.g. "your opponent" (inside the sentence).
    return _("It is the turn of %(player)s.", player=v.phrase(seat))


# ---- the other players' turns (the move log since your last move) ------------------------------------
def _turn(kind: str) -> Callable[..., str]:
    def render(v: Voice, seat, drawn, tile=None):
        player = v.name(seat)
        if kind == "open":
            # TRANSLATORS: move log on a game page: another player opened the round.
            return _("%(player)s opened with %(tile)s.", player=player, tile=tile)
        if kind == "play_left":
            # TRANSLATORS: move log on a game page: another player played a tile on the left end.
            return _("%(player)s played %(tile)s on the left.", player=player, tile=tile)
        if kind == "play_right":
            # TRANSLATORS: move log on a game page: another player played a tile on the right end.
            return _("%(player)s played %(tile)s on the right.", player=player, tile=tile)
        if kind == "draw_play_left":
            # TRANSLATORS: move log on a game page: another player drew, then played on the left end.
            return ngettext("%(player)s drew %(num)d tile, then played %(tile)s on the left.",
                            "%(player)s drew %(num)d tiles, then played %(tile)s on the left.",
                            drawn, player=player, tile=tile)
        if kind == "draw_play_right":
            # TRANSLATORS: move log on a game page: another player drew, then played on the right end.
            return ngettext("%(player)s drew %(num)d tile, then played %(tile)s on the right.",
                            "%(player)s drew %(num)d tiles, then played %(tile)s on the right.",
                            drawn, player=player, tile=tile)
        if kind == "pass":
            # TRANSLATORS: move log on a game page: another player passed (nothing fitted, the boneyard was empty).
            return _("%(player)s passed.", player=player)
        if kind == "draw_pass":
            # TRANSLATORS: move log on a game page: another player drew the boneyard empty, then passed.
            return ngettext("%(player)s drew %(num)d tile, then passed.", "%(player)s drew %(num)d tiles, then passed.",
                            drawn, player=player)
        # TRANSLATORS: move log on a game page: another player drew and has not played yet.
        return ngettext("%(player)s drew %(num)d tile.", "%(player)s drew %(num)d tiles.", drawn, player=player)

    return render


# ---- the end of a round ------------------------------------------------------------------------------
def _domino(v: Voice, seat):
    if seat == v.viewer:
        # TRANSLATORS: end of a round on a game page: you played your last tile.
        return _("You played your last tile.")
    # TRANSLATORS: end of a round on a game page: another player played their last tile.
    return _("%(player)s played their last tile.", player=v.name(seat))


def _hand_left(v: Voice, seat, tiles, sum, pips):
    counted = _hold_sum(tiles, pips)
    if seat == v.viewer:
        # TRANSLATORS: end of a round: the tiles left in your hand; %(count)s is "6 + 6 + 4 + 3 = 19" or "9".
        return _("You still hold %(tiles)s: %(count)s pips.", tiles=join_and(tiles), count=counted)
    # TRANSLATORS: end of a round: the tiles left in another player's hand; %(count)s is "6 + 6 + 4 + 3 = 19" or "9".
    return _("%(player)s still holds %(tiles)s: %(count)s pips.", player=v.name(seat), tiles=join_and(tiles),
             count=counted)


def _domino_points(v: Voice, seat, sum, points):
    if "+" not in sum:  # one hand left: its pips are the points, already shown
        return ""
    if seat == v.viewer:
        # TRANSLATORS: end of a round: you played out and score the pips of every other hand, added up.
        return _("You score the pips left in the other hands: %(sum)s = %(points)s.", sum=sum, points=points)
    # TRANSLATORS: end of a round: another player played out and scores the pips of every other hand.
    return _("%(player)s scores the pips left in the other hands: %(sum)s = %(points)s.",
             player=v.name(seat), sum=sum, points=points)


def _blocked(v: Voice, seats):
    # TRANSLATORS: end of a round on a game page: every player passed in a row.
    return _("Nobody could play: every player passed in a row, so the round is blocked.")


def _blocked_stuck(v: Voice):
    # TRANSLATORS: end of a round on a game page (Sato 157, Straight, All Fives): nobody can play and nothing is left to draw, so the round ends at once.
    return _("Nobody can play and nothing is left to draw, so the round is blocked: it ends now, without passes.")


def _blocked_lowest(v: Voice, seat, pips):
    if seat == v.viewer:
        # TRANSLATORS: end of a blocked round: you have the lowest pip total.
        return _("You have the lowest pip total, %(pips)s, and win the round.", pips=pips)
    # TRANSLATORS: end of a blocked round: another player has the lowest pip total.
    return _("%(player)s has the lowest pip total, %(pips)s, and wins the round.", player=v.name(seat), pips=pips)


def _blocked_tiebreak(v: Voice, seat, seats, pips, tiles):
    if seat == v.viewer:
        # TRANSLATORS: end of a blocked round: %(players)s (you among them) tie on pips; you hold fewer tiles.
        return ngettext("%(players)s tie on %(pips)s pips; you hold fewer tiles (%(num)d) and win the round.",
                        "%(players)s tie on %(pips)s pips; you hold fewer tiles (%(num)d) and win the round.",
                        tiles, players=v.names(seats), pips=pips)
    # TRANSLATORS: end of a blocked round: %(players)s tie on pips; %(player)s holds fewer tiles and wins.
    return ngettext("%(players)s tie on %(pips)s pips; %(player)s holds fewer tiles (%(num)d) and wins the round.",
                    "%(players)s tie on %(pips)s pips; %(player)s holds fewer tiles (%(num)d) and wins the round.",
                    tiles, players=v.names(seats), player=v.phrase(seat), pips=pips)


def _blocked_tie(v: Voice, seats, pips, tiles):
    # TRANSLATORS: end of a blocked round: the players tied on pips also hold as many tiles each.
    return ngettext(
        "%(players)s tie on the lowest pip total, %(pips)s, and on the number of tiles, %(num)d each, so nobody scores.",
        "%(players)s tie on the lowest pip total, %(pips)s, and on the number of tiles, %(num)d each, so nobody scores.",
        tiles, players=v.names(seats), pips=pips)


def _blocked_tie_fewest(v: Voice, seats, pips, tied, tiles):
    # TRANSLATORS: end of a blocked round: %(players)s tie on pips; of them only %(tied)s also tie on the fewest tiles.
    return ngettext(
        "%(players)s tie on the lowest pip total, %(pips)s. Of them, %(tied)s also tie on the fewest tiles, "
        "%(num)d each, so nobody scores.",
        "%(players)s tie on the lowest pip total, %(pips)s. Of them, %(tied)s also tie on the fewest tiles, "
        "%(num)d each, so nobody scores.",
        tiles, players=v.names(seats), tied=join_and([v.phrase(s) for s in tied]), pips=pips)


def _blocked_points(v: Voice, seat, sum, others, own, points):
    # "17 − 8 = 9" with one other hand, "(12 + 5) − 8 = 9" with several: no "(17) − 17 = 17 − 17".
    worked = f"{others} − {own} = {points}" if "+" not in sum else f"({sum}) − {own} = {points}"
    if seat == v.viewer:
        # TRANSLATORS: end of a blocked round: what you score; %(worked)s is the arithmetic, e.g. "17 − 8 = 9".
        return _("You score the pips of the other hands minus your own: %(worked)s.", worked=worked)
    # TRANSLATORS: end of a blocked round: what another player scores; %(worked)s is the arithmetic, e.g. "17 − 8 = 9".
    return _("%(player)s scores the pips of the other hands minus their own: %(worked)s.",
             player=v.name(seat), worked=worked)


def _domino_points_to_five(v: Voice, seat, sum, pips, points):
    if seat == v.viewer:
        # TRANSLATORS: end of an All Fives round: you played out and score your opponent's pips rounded to the nearest multiple of 5; %(pips)s is their total, e.g. 13 rounded to 15.
        return _("You score your opponent's pips, rounded to the nearest multiple of 5: %(pips)s, rounded to "
                 "%(points)s.", pips=pips, points=points)
    # TRANSLATORS: end of an All Fives round: another player played out and scores your pips rounded to the nearest multiple of 5.
    return _("%(player)s scores your pips, rounded to the nearest multiple of 5: %(pips)s, rounded to %(points)s.",
             player=v.name(seat), pips=pips, points=points)


def _blocked_points_others(v: Voice, seat, sum, points):
    if "+" not in sum:  # one other hand: its pips, already listed, are the points
        if seat == v.viewer:
            # TRANSLATORS: end of a blocked round (Straight): you have the lower pip total and score your opponent's pips.
            return _("You score your opponent's pips: %(points)s.", points=points)
        # TRANSLATORS: end of a blocked round (Straight): another player has the lower pip total and scores your pips.
        return _("%(player)s scores your pips: %(points)s.", player=v.name(seat), points=points)
    return _domino_points(v, seat, sum, points)


def _blocked_last_player(v: Voice, seat, sum, pips, points):
    if seat == v.viewer:
        # TRANSLATORS: end of a blocked All Fives round: you placed the last tile, so you take the bonus: your opponent's pips rounded to the nearest multiple of 5.
        return _("You placed the last tile, so you take the bonus: your opponent's %(pips)s pips, rounded to the "
                 "nearest multiple of 5, make %(points)s.", pips=pips, points=points)
    # TRANSLATORS: end of a blocked All Fives round: another player placed the last tile and takes the bonus: your pips rounded to the nearest multiple of 5.
    return _("%(player)s placed the last tile, so takes the bonus: your %(pips)s pips, rounded to the nearest "
             "multiple of 5, make %(points)s.", player=v.name(seat), pips=pips, points=points)


def _play_points(v: Voice, seat, points):
    if seat == v.viewer:
        # TRANSLATORS: end of an All Fives round: the points you scored during the round, for open ends adding up to a multiple of 5.
        return ngettext("During the round you scored %(num)d point for open ends adding up to a multiple of 5.",
                        "During the round you scored %(num)d points for open ends adding up to a multiple of 5.",
                        points)
    # TRANSLATORS: end of an All Fives round: the points another player scored during the round; %(player)s is e.g. "your opponent" (inside the sentence).
    return ngettext("During the round %(player)s scored %(num)d point for open ends adding up to a multiple of 5.",
                    "During the round %(player)s scored %(num)d points for open ends adding up to a multiple of 5.",
                    points, player=v.phrase(seat))


def _skip(v: Voice, **params) -> str:
    return ""


PERSONAL: dict[str, Callable[..., str]] = {
    "open_double": _open_double,
    "open_heaviest": _open_heaviest,
    "legal_count": _legal_count,
    "must_draw": _must_draw,
    "must_pass": _must_pass,
    "drew_tiles": _drew_tiles,
    "reason_blocks": _reason_blocks,
    "known_void": _known_void,
    "waiting": _waiting,
    "turn_open": _turn("open"),
    "turn_play_left": _turn("play_left"),
    "turn_play_right": _turn("play_right"),
    "turn_draw_play_left": _turn("draw_play_left"),
    "turn_draw_play_right": _turn("draw_play_right"),
    "turn_pass": _turn("pass"),
    "turn_draw_pass": _turn("draw_pass"),
    "turn_draw": _turn("draw"),
    "domino": _domino,
    "domino_points": _domino_points,
    "hand_left": _hand_left,
    "blocked": _blocked,
    "blocked_stuck": _blocked_stuck,
    "pip_total": _skip,  # each hand's tiles and pips are already listed (hand_left)
    "blocked_lowest": _blocked_lowest,
    "blocked_tiebreak": _blocked_tiebreak,
    "blocked_tie": _blocked_tie,
    "blocked_tie_fewest": _blocked_tie_fewest,
    "blocked_points": _blocked_points,
    # the other rule sets (VARIANTS.md): how their rounds are scored
    "domino_points_to_five": _domino_points_to_five,
    "blocked_points_others": _blocked_points_others,
    "blocked_last_player": _blocked_last_player,
    "play_points": _play_points,
}
register("domino.learner", PERSONAL, __name__)


def render_all(voice: Voice, notes: Sequence[Note]) -> list[str]:
    """The notes as sentences, leaving out those with nothing to add here."""
    return [text for text in (voice.render(n) for n in notes) if text]


def round_headline(result: RoundResult, voice: Voice) -> str:
    """The one plain line that opens the end of a round: who won and the points."""
    if result.reason.value == "target":  # All Fives: a play reached the target, the match is over
        total = result.play_points[result.winner]
        if result.winner == voice.viewer:
            # TRANSLATORS: the first line when your play in All Fives brought you to the match's target: the match ends at once; %(num)d is your points this round.
            return ngettext("Your play reaches the target: %(num)d point this round, and the match ends at once.",
                            "Your play reaches the target: %(num)d points this round, and the match ends at once.",
                            total)
        # TRANSLATORS: the first line when another player's play in All Fives brought them to the match's target; %(player)s is e.g. "Your opponent".
        return ngettext("%(player)s reaches the target: %(num)d point this round, and the match ends at once.",
                        "%(player)s reaches the target: %(num)d points this round, and the match ends at once.",
                        total, player=voice.name(result.winner))
    if result.play_points and result.winner is not None:  # All Fives: the round's points, in play and at its end
        total = result.play_points[result.winner] + result.points
        others = [(seat, points) for seat, points in enumerate(result.play_points) if seat != result.winner]
        other = sum(points for _seat, points in others)
        if result.winner == voice.viewer:
            # TRANSLATORS: All Fives, the first line at the end of a round you won: your points of the whole round (during play and the bonus for the round's end) and your opponent's.
            return ngettext("You win the round: +%(num)d point in all (%(play)d in play, %(bonus)d at the end); "
                            "%(player)s scored %(other)d.",
                            "You win the round: +%(num)d points in all (%(play)d in play, %(bonus)d at the end); "
                            "%(player)s scored %(other)d.", total, play=result.play_points[result.winner],
                            bonus=result.points, player=voice.phrase(others[0][0]), other=other)
        # TRANSLATORS: All Fives, the first line at the end of a round another player won; %(player)s is e.g. "Your opponent".
        return ngettext("%(player)s wins the round: +%(num)d point in all (%(play)d in play, %(bonus)d at the end); "
                        "you scored %(other)d.",
                        "%(player)s wins the round: +%(num)d points in all (%(play)d in play, %(bonus)d at the end); "
                        "you scored %(other)d.", total, player=voice.name(result.winner),
                        play=result.play_points[result.winner], bonus=result.points,
                        other=result.play_points[voice.viewer])
    if result.winner is None:
        # TRANSLATORS: the first line at the end of a blocked round that is tied on pips and tiles.
        return _("Blocked, and a tie: nobody scores.")
    if result.winner == voice.viewer:
        # TRANSLATORS: the first line at the end of a round you won; %(num)d is the points you score.
        return ngettext("You win the round: +%(num)d point.", "You win the round: +%(num)d points.", result.points)
    # TRANSLATORS: the first line at the end of a round another player won; %(player)s is e.g. "Your opponent".
    return ngettext("%(player)s wins the round: +%(num)d point.", "%(player)s wins the round: +%(num)d points.",
                    result.points, player=voice.name(result.winner))


def round_reasons(notes: Sequence[Note], voice: Voice) -> list[str]:
    """Why, after the headline: how it ended, each hand left, the winner, the points."""
    return render_all(voice, notes)


def match_line(match: Match, voice: Voice, round_number: int | None = None, during: Sequence[int] = (),
               round_only: bool = False) -> str:
    """"You 45 · Your opponent 12 · first to 100", as the rule set counts its match: Straight's
    "round 2 of 5" instead of a target. ``during``: points scored so far in the round being played
    (All Fives), added to the totals, since they count at once; ``round_only``: those points alone
    ("This round: You 10 · Your opponent 0", a guided hand)."""
    totals = [0] * match.seats if round_only else list(match.totals)
    for seat, points in enumerate(during):
        totals[seat] += points
    parts = [
        # TRANSLATORS: one player's match total in the score line, e.g. "You 45" or "Your opponent 12".
        _("%(player)s %(points)s", player=voice.name(seat), points=total)
        for seat, total in enumerate(totals)
    ]
    if round_only:
        # TRANSLATORS: All Fives, a guided hand: the points scored so far in this round, e.g. "This round: You 10 · Your opponent 0".
        return _("This round: %(scores)s", scores=" · ".join(parts))
    rounds = match.rules.rounds
    if rounds is not None and round_number is not None:
        if round_number <= rounds:
            # TRANSLATORS: the end of the match score line (Straight): which of the match's rounds this is, e.g. "round 2 of 5".
            parts.append(_("round %(number)s of %(rounds)s", number=round_number, rounds=rounds))
        else:
            # TRANSLATORS: the end of the match score line (Straight): the totals were tied after the match's rounds, so one more round is played.
            parts.append(_("round %(number)s: tied after %(rounds)s rounds, so play goes on", number=round_number,
                           rounds=rounds))
    elif rounds is None:
        # TRANSLATORS: the end of the match score line: the match is won by the first player to reach %(target)s points.
        parts.append(_("first to %(target)s", target=match.rules.target_score))
    return " · ".join(parts)


def count_line(terms: Sequence[int], count: int, uncounted: int = 0) -> str:
    """All Fives, while you play: the count of the open ends now, as the engine adds it up
    (``Position.layout.count_terms``), what it scores, and the spinner's sides not counted yet."""
    total = " + ".join(str(t) for t in terms)
    if count and count % 5 == 0:
        # TRANSLATORS: All Fives, a game page: the open ends now add up to a multiple of 5, e.g. "The open ends count 5 + 5 = 10: a multiple of 5, worth 10 points."
        said = ngettext("The open ends count %(sum)s = %(num)d: a multiple of 5, worth %(num)d point.",
                        "The open ends count %(sum)s = %(num)d: a multiple of 5, worth %(num)d points.", count, sum=total)
    elif not count:
        # TRANSLATORS: All Fives, a game page: every open end is blank: 0 is a multiple of 5, but worth nothing.
        said = _("The open ends count %(sum)s = 0: a multiple of 5 that is worth nothing, so no points.", sum=total)
    else:
        # TRANSLATORS: All Fives, a game page: the open ends now add up to a number that is not a multiple of 5.
        said = _("The open ends count %(sum)s = %(count)d: not a multiple of 5, so no points.", sum=total, count=count)
    if uncounted:
        # TRANSLATORS: All Fives, a game page: after the count: the spinner's top or bottom arm has no tile yet, so its end (drawn hollow on the table) is not counted.
        said += " " + ngettext("The spinner's side with no tile yet (hollow on the table) does not count.",
                               "The spinner's sides with no tile yet (hollow on the table) do not count.", uncounted)
    return said


def lead_line(totals: Sequence[int], voice: Voice, rules) -> str:
    """Straight and Sato 157 (and All Fives): who leads the match, and what wins it."""
    best = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    second = max([t for seat, t in enumerate(totals) if seat not in leaders], default=best)
    if rules.rounds is not None:
        # TRANSLATORS: Straight: what wins the match, after who leads, e.g. "the higher total after 5 rounds wins".
        why = _("the higher total after %(rounds)s rounds wins", rounds=rules.rounds)
    else:
        # TRANSLATORS: what wins the match, after who leads, e.g. "the first to reach 100 wins".
        why = _("the first to reach %(target)s wins", target=rules.target_score)
    if len(leaders) > 1:
        # TRANSLATORS: the match is level; %(why)s says what wins the match.
        return _("The match is level: %(why)s.", why=why)
    if leaders[0] == voice.viewer:
        # TRANSLATORS: you lead the match by %(num)d points; %(why)s says what wins the match.
        return ngettext("You lead by %(num)d point: %(why)s.", "You lead by %(num)d points: %(why)s.",
                        best - second, why=why)
    # TRANSLATORS: another player leads the match; %(player)s is e.g. "Your opponent"; %(why)s says what wins the match.
    return ngettext("%(player)s leads by %(num)d point: %(why)s.", "%(player)s leads by %(num)d points: %(why)s.",
                    best - second, player=voice.name(leaders[0]), why=why)


def scored_line(voice: Voice, seat: int, points: int) -> str:
    """All Fives: what one play scored, "You scored 10 points." / "Your opponent scored 15 points."."""
    if seat == voice.viewer:
        # TRANSLATORS: All Fives, a game page: your last play made the open ends add up to a multiple of 5, which you score.
        return ngettext("You scored %(num)d point.", "You scored %(num)d points.", points)
    # TRANSLATORS: All Fives, the move log: another player's play made the open ends add up to a multiple of 5; %(player)s is e.g. "Your opponent".
    return ngettext("%(player)s scored %(num)d point.", "%(player)s scored %(num)d points.", points,
                    player=voice.name(seat))


def target_notes(target: int) -> list[str]:
    """Why an All Fives match ended in the middle of a round."""
    # TRANSLATORS: All Fives: the match ends as soon as a player's total reaches the target (%(target)s), even in the middle of a round, so nobody plays on and no hand is counted.
    return [_("In All Fives points count as soon as they are scored: the first to reach %(target)s wins at that "
              "moment, so the round is not played out and no hand is counted.", target=target)]


def match_won(match: Match, voice: Voice) -> str:
    if match.winner is None:
        return ""
    total = match.totals[match.winner]
    if match.rules.rounds is not None:
        other = max(t for seat, t in enumerate(match.totals) if seat != match.winner)
        played = len(match.results)
        if match.winner == voice.viewer:
            # TRANSLATORS: Straight: after the match's rounds you have the higher total and win the match.
            return _("After %(rounds)s rounds you have the higher total, %(total)s to %(other)s, and win the match!",
                     rounds=played, total=total, other=other)
        # TRANSLATORS: Straight: after the match's rounds another player has the higher total and wins; %(player)s is e.g. "Your opponent".
        return _("After %(rounds)s rounds %(player)s has the higher total, %(total)s to %(other)s, and wins the match.",
                 rounds=played, player=voice.phrase(match.winner), total=total, other=other)
    if match.winner == voice.viewer:
        # TRANSLATORS: free play: you reached the target and win the match.
        return _("You reach %(total)s points and win the match!", total=total)
    # TRANSLATORS: free play: another player reached the target and wins the match.
    return _("%(player)s reaches %(total)s points and wins the match.", player=voice.name(match.winner), total=total)


__all__ = ["LEARNER", "PERSONAL", "Voice", "count_line", "lead_line", "match_line", "match_won", "player_name", "player_phrase",
           "render_all", "round_headline", "round_reasons", "scored_line", "target_notes"]
