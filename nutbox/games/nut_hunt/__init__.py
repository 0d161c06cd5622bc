"""Nut Hunt (Pine Island Games, 2022): squirrels, nests and secret objectives on a forest of hex tiles.

Rules (rulebooks/nut-hunt.txt; open points decided in docs/rules-decisions.md; data in data/components.json):
- Setup. The 19 tiles are laid at random on a radius-2 hexagon (chance, cell by cell); the fox starts on
  the centre. Each player is dealt 3 objectives (chance, from the unseen deck), keeps 2 and puts the third
  under the deck. Squirrels go on unoccupied green starting tiles in snake order (5 players with a green
  centre: 1 2 3 4 5 4 3 2 1 5), each foraging 2 nuts from its tile.
- A turn. The fox die (chance) moves the fox one tile in the compass direction, bouncing off the edge;
  squirrels there scatter (each owner picks each squirrel's adjacent tile: not where the fox came from,
  not the Frog Pond); the active player forages 2 nuts from the fox's tile. Then one of: recruit (pay the
  tile's cost; not the Frog Pond, the Pine Barrens or the fox's tile), hassle the fox (pull it onto an
  adjacent tile with your squirrel or nest; scatter; forage 1, or decline it), scout (look at the top 2
  objectives, keep up to 1, the rest under the deck), or pass. Three nuts of one kind trade for one of
  another at any of a seat's decisions.
- Nests. Three squirrels of one player on a tile become a nest at once; the other players' squirrels there
  scatter (Competitive variant: one of each is removed first). A nest's scatter is resolved before going
  back to the one that caused it, in turn order from the active player.
- The end. The 4th nest ends the game once the scatters are done. 2 points a nest; each completed
  objective its points plus the distance bonus (intervening tiles on the shortest route); -2 for each
  failed one. Ties: most nests, then most squirrels, then shared.
- Solo (1 player): against the Automa (Standard, Advanced, Expert: 2, 3, 4 starting objectives, face up),
  which on its turn reveals an objective and places a squirrel on each end (none on the fox's tile); its
  squirrels scatter by the fox die, rolled again for illegal directions.

Notation (tiles by code, e.g. WW for Willow Wallow, or full name; objectives by number; nuts A H W P):

    recruit WW       recruit a squirrel onto Willow Wallow
    hassle MM        pull the fox onto Mouse Meadow
    scout            look at the top two objectives ...
    keep 17          ... and keep objective 17 ("keep none": keep neither)
    pass             take no optional action
    forage AW        forage an acorn and a walnut ("forage W": one walnut after hassling)
    forage none      after hassling: forage nothing (that forage is a "may"; the others are not)
    scatter RP       move one of your squirrels from the tile scattering now onto Rabbit Patch
    trade AAA W      the free exchange: three acorns for a walnut
    place WW         setup: a squirrel onto a starting tile
    discard 17       setup: objective 17 goes under the deck
    tile WW          chance: the next cell of the layout (row by row from the top) gets Willow Wallow
    draw 17          chance: the top objective is 17
    roll 4           chance: the fox die shows 4
"""

from nutbox.games.nut_hunt.game import NutHunt
from nutbox.games.nut_hunt.options import HuntOptions
from nutbox.games.nut_hunt.state import HuntState

__all__ = ["HuntOptions", "HuntState", "NutHunt"]
