"""The glue between a game's observation encoding (its observation.py) and the learners' arrays.

A game's encoding fills named arrays; `Encoder` lays them out one after another in a single float32
vector, so each part is a view into it (OpenSpiel's observer idiom: one tensor, a dict of named views).
`legal_mask` turns legal actions into the 0/1 vector every adapter hands out beside the observation.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from nutbox.interop import rl_extra

with rl_extra(__name__):
    import numpy as np
    from numpy.typing import NDArray

from nutbox.core import Action, Game, NutboxError, View
from nutbox.registry import Observer, entry


class Encoder:
    """One game's observation encoding for its options: `size` numbers in [0, 1], in named parts."""

    def __init__(self, game: Game) -> None:
        observe = entry(game.id).observe
        if observe is None:
            raise NutboxError(f"{game.title} has no observation encoding (its registry entry sets no observe)")
        self.observer: Observer = observe(game.options)
        self.slices: dict[str, slice] = {}
        self.shapes = dict(self.observer.shapes)
        start = 0
        for name, shape in self.shapes.items():
            size = math.prod(shape)
            self.slices[name] = slice(start, start + size)
            start += size
        self.size = start
        self._buffer = np.zeros(self.size, np.float32)
        self._parts = self.split(self._buffer)

    def split(self, vector: NDArray[np.float32]) -> dict[str, NDArray[np.float32]]:
        """The named parts of an encoded vector, as views into it (writing to a part writes the vector)."""
        if vector.shape != (self.size,):
            raise ValueError(f"an observation of this game has shape ({self.size},), not {vector.shape}")
        return {name: vector[self.slices[name]].reshape(shape) for name, shape in self.shapes.items()}

    def write(self, view: View, parts: dict[str, NDArray[np.float32]]) -> None:
        """Encode `view` into `parts` (views from `split`), overwriting what they held."""
        for part in parts.values():
            part.fill(0.0)
        self.observer.fill(view, parts)

    def encode(self, view: View) -> NDArray[np.float32]:
        """`view` as a new vector."""
        self.write(view, self._parts)
        return self._buffer.copy()


def legal_mask(game: Game, actions: Iterable[Action]) -> NDArray[np.int8]:
    """1 at the index of each of `actions`, 0 elsewhere."""
    mask = np.zeros(game.num_actions, np.int8)
    mask[[game.action_index(action) for action in actions]] = 1
    return mask
