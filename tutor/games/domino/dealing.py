"""Random deals of unseen tiles that respect what a seat has inferred: each slot (a tile of another
hand, or a place in the boneyard) may bar some tiles, and every deal drawn puts no tile in a slot
that bars it. Used by the hint engine's sampler and by the Mexican Train coach.

Tiles and bars are plain ints (a tile's index, a bit mask of indices), so any set fits.
"""

from __future__ import annotations

import random


class ConstrainedShuffle:
    """Orders of ``tiles`` into ``barred_of_slot``'s slots (one tile each) with no slot holding a
    tile it bars, spread evenly over every such order.

    Without any bar a deal is a plain shuffle. With one kind of barred slot, the barred tiles take
    random free slots and the rest fill the others at random, which is exactly uniform and as cheap
    as a shuffle. With several, each deal is reached from the previous one by random swaps that keep
    every tile out of the slots that bar it: a chain whose deals spread evenly over the consistent
    ones, at a fixed cost per deal, even when a few tiles can only be in one place (where dealing
    greedily keeps failing). Should no order be consistent (the real deal always is), the bars are
    forgotten: the sizes still hold.
    """

    def __init__(self, tiles: list[int], barred_of_slot: list[int], rng: random.Random) -> None:
        if len(tiles) != len(barred_of_slot):
            raise ValueError("one slot per tile")
        self.tiles = tiles
        self.barred_of_slot = barred_of_slot
        self.chain: list[int] | None = None
        self.free_slots: list[int] | None = None
        masks = set(barred_of_slot) - {0}
        if len(masks) == 1:
            barred = masks.pop()
            self.free_slots = [i for i, mask in enumerate(barred_of_slot) if not mask]
            self.banned = [t for t in tiles if barred >> t & 1]
            self.allowed = [t for t in tiles if not barred >> t & 1]
            if len(self.banned) > len(self.free_slots):
                self.free_slots, self.barred_of_slot = None, [0] * len(tiles)
        elif masks:
            self.chain = _consistent_assignment(tiles, barred_of_slot, rng)
            if self.chain is None:
                self.barred_of_slot = [0] * len(tiles)
            else:
                self.swaps = 3 * len(tiles)
                self._swap(rng, 10 * len(tiles))  # forget the starting order

    def sample(self, rng: random.Random) -> list[int]:
        """One order: the tile in each slot. The list may be the chain's own: copy it to keep it."""
        if self.free_slots is not None:
            slots = rng.sample(self.free_slots, len(self.banned))
            order = [-1] * len(self.tiles)
            for slot, tile in zip(slots, self.banned):
                order[slot] = tile
            rest = self.allowed[:]
            rng.shuffle(rest)
            filler = iter(rest)
            return [tile if tile >= 0 else next(filler) for tile in order]
        if self.chain is None:
            order = self.tiles[:]
            rng.shuffle(order)
            return order
        self._swap(rng, self.swaps)
        return self.chain

    def _swap(self, rng: random.Random, count: int) -> None:
        chain, barred = self.chain, self.barred_of_slot
        assert chain is not None
        size = float(len(chain))  # the hint engine's sampler runs this loop most: kept lean
        rand = rng.random
        for _ in range(count):
            i = int(rand() * size)
            j = int(rand() * size)
            a = chain[i]
            b = chain[j]
            if not (barred[j] >> a | barred[i] >> b) & 1:
                chain[i] = b
                chain[j] = a


def _consistent_assignment(tiles: list[int], barred_of_slot: list[int], rng: random.Random) -> list[int] | None:
    """One tile per slot with no slot holding a tile it bars, found by augmenting paths (Kuhn's
    matching); None when there is no such assignment."""
    order = tiles[:]
    rng.shuffle(order)
    holder: dict[int, int] = {}  # slot -> tile

    def place(tile: int, visited: set[int]) -> bool:
        for slot, barred in enumerate(barred_of_slot):
            if slot in visited or barred >> tile & 1:
                continue
            visited.add(slot)
            if slot not in holder or place(holder[slot], visited):
                holder[slot] = tile
                return True
        return False

    if not all(place(tile, set()) for tile in order):
        return None
    return [holder[slot] for slot in range(len(barred_of_slot))]


__all__ = ["ConstrainedShuffle"]
