"""Adapters for reinforcement-learning libraries: PettingZoo, OpenSpiel and Gymnasium (docs/interop.md).

Each adapter lives in its own module and imports its library there, so `import nutbox.interop` needs none
of them: `nutbox.interop.pettingzoo`, `nutbox.interop.openspiel` (registers the games with pyspiel on
import), `nutbox.interop.gymnasium` (registers `nutbox/<game>-v0` environments on import). They reach the
games only through the registry and the core protocol, and share the observation encoding
(`encoding.py`, from each game's observation.py) and the renderers (`render.py`).
"""
