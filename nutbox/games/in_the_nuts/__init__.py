"""In the Nuts! (Auf die Nüsse!, Michael Feldkötter, AMIGO 2012): push your luck with dice and squirrels.

(Docstring completed below.)
"""

from nutbox.games.in_the_nuts.game import InTheNuts
from nutbox.games.in_the_nuts.rules import NutsOptions, NutsState

__all__ = ["InTheNuts", "NutsOptions", "NutsState"]
