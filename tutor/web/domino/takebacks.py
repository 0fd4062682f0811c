"""Free play's take-backs, restarts and replays (issue #35): what a practice game promises.

The deals and the boneyard come from the server's key (``tutor.freeplay``); what the buttons lead
to is chosen so that a take-back shows nothing to come and lets nothing be chosen by retrying:

- **Undo** takes back the learner's last choice, with the draws and passes it led to (an action
  that was the only one allowed is no choice: taking it back alone would only show the same tile
  again). The boneyard is shuffled again after each learner action, from the actions so far
  (``freeplay.boneyard_shuffle``): another choice draws tiles of its own, the same choice the same
  tiles (a draw cannot be retried for a better one).
- Once a round is over its hidden tiles have been shown: free play then offers no Undo.
- **Restart this round** deals again every tile but the learner's hand (the address's ``deal``:
  how many times each round was restarted), so the tiles the round's end showed are not the ones
  in play now, and the learner's hand cannot be shopped for.
- **Replay this deal** (the Draw rule sets) plays the round's deal again, tiles known, as practice:
  its result does not count, the match goes on from the round as first played.

Guided hands keep their designed deals and boneyards: they are lessons, the same every time.
Both domino play pages (``play``, ``mexican_train.play``) use these.
"""

from __future__ import annotations

from typing import Sequence

from flask_babel import gettext as _

from tutor.freeplay import MAX_DEAL_NUMBER
from tutor.web.errors import BadGame

#: Between the deal numbers of the rounds in ``deal=`` (as ``~`` between their moves in ``m=``).
DEAL_SEPARATOR = "~"


def read_deal_numbers(text: str, rounds: int) -> list[int]:
    """The deal number of each round (``deal=0~2``: round 2 restarted twice; missing ones are 0),
    or a localized 400 for anything this app does not write."""
    if not text:
        return []
    parts = text.split(DEAL_SEPARATOR)
    if len(parts) > rounds or not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        raise BadGame(deal_numbers_message())
    numbers = [int(p) for p in parts]
    if any(n > MAX_DEAL_NUMBER for n in numbers):
        raise BadGame(deal_numbers_message())
    return numbers


def deal_text(numbers: Sequence[int]) -> str | None:
    """``deal=``'s value for these deal numbers (None when every round is as first dealt)."""
    numbers = list(numbers)
    while numbers and not numbers[-1]:
        numbers.pop()
    return DEAL_SEPARATOR.join(str(n) for n in numbers) or None


def before_last_choice(moves: Sequence[str], choices: Sequence[int]) -> list[str] | None:
    """The learner's moves with the last choice taken back, and the actions it led to: ``choices``
    holds how many actions the rules allowed at each of ``moves``. None when there is no move."""
    if not moves:
        return None
    for index in range(len(moves) - 1, -1, -1):
        if choices[index] > 1:
            return list(moves[:index])
    return []


def deal_numbers_message() -> str:
    # TRANSLATORS: a free-play address whose deal= part (how many times each round was restarted) was changed.
    return _("This game's address is not valid: the count of restarted rounds in it was changed. Start a new "
             "match from the free play page.")


def old_game_message() -> str:
    # TRANSLATORS: a free-play address made before the tutor changed how it shuffles the tiles still to be drawn: its moves no longer fit the tiles.
    return _("This game was started with an earlier version of the tutor, which drew the tiles in another order, "
             "so its moves no longer fit. Start a new match from the free play page.")


__all__ = ["DEAL_SEPARATOR", "before_last_choice", "deal_numbers_message", "deal_text", "old_game_message",
           "read_deal_numbers"]
