"""The map of Afghanistan: six regions, nine borders, and who rules where.

Regions, coalitions and suits are small integers everywhere in the engine; the name tuples here translate
them for humans and for the JSON formats.
"""

from __future__ import annotations

from typing import Final

REGIONS: Final[tuple[str, ...]] = ("herat", "kabul", "kandahar", "persia", "punjab", "transcaspia")
REGION_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(REGIONS)}
HERAT: Final = 0
KABUL: Final = 1
KANDAHAR: Final = 2
PERSIA: Final = 3
PUNJAB: Final = 4
TRANSCASPIA: Final = 5

COALITIONS: Final[tuple[str, ...]] = ("afghan", "british", "russian")
COALITION_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(COALITIONS)}
AFGHAN: Final = 0
BRITISH: Final = 1
RUSSIAN: Final = 2

SUITS: Final[tuple[str, ...]] = ("political", "intelligence", "economic", "military")
SUIT_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(SUITS)}
POLITICAL: Final = 0
INTELLIGENCE: Final = 1
ECONOMIC: Final = 2
MILITARY: Final = 3

#: Each border joins two regions; a block on a border is a road.
BORDERS: Final[tuple[tuple[int, int], ...]] = (
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
BORDER_NAMES: Final[tuple[str, ...]] = tuple(f"{REGIONS[a]}-{REGIONS[b]}" for a, b in BORDERS)
BORDER_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(BORDER_NAMES)}

#: Borders touching each region, in border order.
REGION_BORDERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i, (a, b) in enumerate(BORDERS) if r in (a, b)) for r in range(6)
)
#: (neighbour, border) pairs for each region.
NEIGHBOURS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((b if a == r else a, i) for i, (a, b) in enumerate(BORDERS) if r in (a, b)) for r in range(6)
)

BLOCKS_PER_COALITION: Final = 12
CYLINDERS_PER_PLAYER: Final = 10  # the eleventh marks victory points and never leaves the track


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
