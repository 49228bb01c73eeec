"""Repeated decisions: a tax, build, move or battle may take a card's rank in rupees, units or moves, one at a
time. After each one the same decision comes back (with one fewer left) through a ``more`` step, which asks it
only if it still offers something more than stopping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...content.i18n import gettext as _
from ...engine.options import DONE
from ...engine.steps import KINDS, Arg, Count, InnerStep, Step, automatic_kind, new_step

if TYPE_CHECKING:
    from ...engine.game import Game
    from .battle import Battle
    from .build import Build
    from .move import Move
    from .tax import Tax


def more_ask(g: Game, step: Tax | Build | Move | Battle) -> str:
    """The question of a repeated decision, with how many more it allows."""
    return _("{prompt} (up to {n} more)").format(prompt=_(KINDS[step.kind].prompt), n=step.left)


def repeated_args(count: str, **site: Arg) -> dict[str, Arg]:
    """The arguments after its player of a repeated decision (tax, build, move, battle; declared with
    ``ask=more_ask``, its question saying how many more it allows): the ``site`` arguments of a battle, how many
    more at most (``left``) and how many so far (the field ``count``: ``taken``, ``placed``, ...)."""
    return {**site, "left": Count, count: Count}


def push_more(g: Game, step: Tax | Build | Move | Battle) -> None:
    """Push a repeated decision (tax, build, move, battle) to come after whatever is pending now; it is
    asked only if it then offers something more than stopping."""
    g.agenda.append(new_step(More, "more", step.player, step))


class More(NamedTuple):
    """Pushes the ``inner`` ``tax``/``build``/``move``/``battle`` step if it still offers more than stopping."""

    kind: str
    player: int
    inner: tuple


def _more(g: Game, step: More) -> None:
    inner = step.inner
    kind = KINDS[inner[0]]
    options = kind.options(g, inner)  # type: ignore[misc]
    if any(o[0] != "done" for o in options):
        g.agenda.append(inner)
    else:  # nothing more to take: the player stops, as if they had chosen to (a build then ends: Infrastructure)
        kind.apply(g, inner, DONE)  # type: ignore[misc]


def _more_check(g: Game, step: More, below: Step | None) -> str | None:
    if step.inner[0] not in ("tax", "build", "move", "battle") or step.inner[1] != step.player:
        return "the inner step must be the same player's tax, build, move or battle step"
    return None


automatic_kind("more", More, _more, check=_more_check, args={"inner": InnerStep})
