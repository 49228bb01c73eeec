"""The map of Afghanistan: six regions, nine borders, and who rules where.

Regions, coalitions and suits are small integers everywhere in the engine; the name tuples here translate
them for humans and for the JSON formats.
"""

from __future__ import annotations

REGIONS: tuple[str, ...] = ("herat", "kabul", "kandahar", "persia", "punjab", "transcaspia")
REGION_INDEX: dict[str, int] = {name: i for i, name in enumerate(REGIONS)}
HERAT, KABUL, KANDAHAR, PERSIA, PUNJAB, TRANSCASPIA = range(6)

COALITIONS: tuple[str, ...] = ("afghan", "british", "russian")
COALITION_INDEX: dict[str, int] = {name: i for i, name in enumerate(COALITIONS)}
AFGHAN, BRITISH, RUSSIAN = range(3)

SUITS: tuple[str, ...] = ("political", "intelligence", "economic", "military")
SUIT_INDEX: dict[str, int] = {name: i for i, name in enumerate(SUITS)}
POLITICAL, INTELLIGENCE, ECONOMIC, MILITARY = range(4)

#: Each border joins two regions; a block on a border is a road.
BORDERS: tuple[tuple[int, int], ...] = (
    (HERAT, KABUL),
    (HERAT, KANDAHAR),
    (HERAT, PERSIA),
    (HERAT, TRANSCASPIA),
    (KABUL, KANDAHAR),
    (KABUL, PUNJAB),
    (KABUL, TRANSCASPIA),
    (KANDAHAR, PUNJAB),
    (PERSIA, TRANSCASPIA),
)
BORDER_NAMES: tuple[str, ...] = tuple(f"{REGIONS[a]}-{REGIONS[b]}" for a, b in BORDERS)
BORDER_INDEX: dict[str, int] = {name: i for i, name in enumerate(BORDER_NAMES)}

#: Borders touching each region, in border order.
REGION_BORDERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, (a, b) in enumerate(BORDERS) if r in (a, b)) for r in range(6)
)
#: (neighbour, border) pairs for each region.
NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((b if a == r else a, i) for i, (a, b) in enumerate(BORDERS) if r in (a, b)) for r in range(6)
)

BLOCKS_PER_COALITION = 12
CYLINDERS_PER_PLAYER = 10  # the eleventh marks victory points and never leaves the track


def border_between(a: int, b: int) -> int:
    """The border joining regions ``a`` and ``b``, or -1 if they are not adjacent."""
    for other, border in NEIGHBOURS[a]:
        if other == b:
            return border
    return -1


def region_title(region: int) -> str:
    return REGIONS[region].capitalize()


def border_title(border: int) -> str:
    a, b = BORDERS[border]
    return f"{region_title(a)}–{region_title(b)}"
