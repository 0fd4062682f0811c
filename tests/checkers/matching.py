"""Whether the real tiles of a hand can sit in the slots a seat inferred for it: each tile in its
own slot, none in a slot that bars it (Kuhn's augmenting paths, written here apart from the app's
own dealing). The domino and Mexican Train inference tests share it."""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

Item = TypeVar("Item")
Slot = TypeVar("Slot")


def can_seat(items: Sequence[Item], slots: Sequence[Slot], bars: Callable[[Slot, Item], bool]) -> bool:
    """Each of ``items`` in its own slot of ``slots``, with ``bars(slot, item)`` false for each."""
    owner: dict[int, int] = {}

    def place(i: int, tried: set[int]) -> bool:
        for slot, barring in enumerate(slots):
            if slot in tried or bars(barring, items[i]):
                continue
            tried.add(slot)
            if slot not in owner or place(owner[slot], tried):
                owner[slot] = i
                return True
        return False

    return len(items) == len(slots) and all(place(i, set()) for i in range(len(items)))
