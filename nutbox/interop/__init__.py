"""Adapters for reinforcement-learning libraries: PettingZoo, OpenSpiel and Gymnasium (docs/interop.md).

Each adapter lives in its own module and imports its library there, so `import nutbox.interop` needs none
of them: `nutbox.interop.pettingzoo`, `nutbox.interop.openspiel` (registers the games with pyspiel on
import), `nutbox.interop.gymnasium` (registers `nutbox/<game>-v0` environments on import). They reach the
games only through the registry and the core protocol, and share the observation encoding
(`encoding.py`, from each game's observation.py) and the renderers (`render.py`). Without the rl extra,
importing an adapter raises an ImportError that says so (`pip install 'nutbox[rl]'`), the library's own chained.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

# the distributions whose import names differ from their own
_DISTRIBUTIONS = {"pyspiel": "open-spiel", "open_spiel": "open-spiel"}


@contextmanager
def rl_extra(module: str) -> Iterator[None]:
    """Around an adapter's imports of the rl extra's libraries: if one is missing, the ImportError says which extra
    to install (the original chained to it, its `name` kept), instead of only "No module named 'numpy'"."""
    try:
        yield
    except ImportError as missing:
        name = (missing.name or "").split(".")[0]
        what = f"{name} is missing" if name else f"{missing}"
        if name in _DISTRIBUTIONS:
            what = f"{name} is missing: it comes with {_DISTRIBUTIONS[name]}"
        kind = ModuleNotFoundError if isinstance(missing, ModuleNotFoundError) else ImportError
        raise kind(f"{module} needs the rl extra ({what}): pip install 'nutbox[rl]'", name=missing.name,
                   path=missing.path) from missing
