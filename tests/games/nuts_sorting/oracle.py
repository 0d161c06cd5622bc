"""An independent model of Nuts Sorting for checking the engine: cube coordinates read off the board
diagram, groups by breadth-first search, legal actions by brute force from the rulebook's wording.
Deliberately slow and obvious; it shares no code with nutbox.games.nuts_sorting.
"""

from __future__ import annotations

import re

from .positions import DIAGRAM, READING_ORDER

# --- an independent model of the board: cube coordinates read off the diagram ------------------------


def _cube_of_diagram() -> dict[str, tuple[int, int, int]]:
    """Each cell's cube coordinates (x + y + z = 0), centred on e5, from where the diagram draws it.

    In the diagram the cells of a row are 4 characters apart and each row is shifted 2 characters from
    the next: "doubled" coordinates (column / 2, line), which convert to cube coordinates directly.
    """
    cube = {}
    for line_no, line in enumerate(DIAGRAM.splitlines()):
        for match in re.finditer(r"[a-i]\d", line):
            col, row = match.start() // 2, line_no
            assert (col - row) % 2 == 0, match.group()
            q = (col - row) // 2
            cube[match.group()] = (q, -q - row, row)
    cx, cy, cz = cube["e5"]
    return {name: (x - cx, y - cy, z - cz) for name, (x, y, z) in cube.items()}


CUBE = _cube_of_diagram()


def adjacent(a: str, b: str) -> bool:
    """Cube distance 1: the six neighbours."""
    return sorted(abs(u - v) for u, v in zip(CUBE[a], CUBE[b], strict=True)) == [0, 1, 1]


def same_line(a: str, b: str) -> bool:
    """On one of the three axes through `a`: one cube coordinate is shared."""
    return a != b and any(u == v for u, v in zip(CUBE[a], CUBE[b], strict=True))


def oracle_group(cells: dict[str, str], start: str) -> set[str]:
    """The group of the piece on `start`, by breadth-first search over the whole board."""
    colour = cells[start]
    group, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for other in CUBE:
            if other not in group and cells.get(other) == colour and adjacent(here, other):
                group.add(other)
                todo.append(other)
    return group


def oracle_groups(cells: dict[str, str], colour: str) -> list[set[str]]:
    left = {name for name, c in cells.items() if c == colour}
    found = []
    while left:
        group = oracle_group(cells, min(left))
        found.append(group)
        left -= group
    return found


def oracle_legal(cells: dict[str, str], colours: tuple[str, ...]) -> list[str]:
    """Every legal action text, by brute force straight from the rulebook's wording."""
    legal = []
    for source, colour in cells.items():
        if colour not in colours:
            continue
        before = len(oracle_group(cells, source))
        for target in CUBE:
            if target in cells or not same_line(source, target):
                continue
            after = dict(cells)
            del after[source]
            after[target] = colour
            if len(oracle_group(after, target)) > before:
                legal.append(f"{source}-{target}")
    for colour in colours:
        groups = oracle_groups(cells, colour)
        if len(groups) > 1:
            legal.extend(f"x {min(group, key=READING_ORDER.index)}" for group in groups)
    return legal
