"""Her turn (rulebook, Playing with Wakhan: Wakhan's Turn, Wakhan's Ambition): the action lines of the AI card in
use, from the one after the last line she performed, then bonus actions, then the end of her turn.

Where she is on her AI card is kept as a note with each decision that performs a line (:func:`line_note`) or a
bonus action (:data:`BONUS_NOTE`) and read back from the game (:func:`turn_tags`), never from her memory."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...content.cards import COURT
from ...content.i18n import msg, msg_join, msgn
from ...presentation.cardref import WAKHAN_SHORT
from ...presentation.describe import ACTION_NAMES, card_name
from ...rules.actions import ACTIONS_PER_TURN, is_bonus
from .context import CARD_ACTIONS, SPECIAL_BATTLE, Choice, Context, Message, Option, handles, noted
from .feasibility import action_feasible, hostage_bribe, min_cost, usable_cards
from .priorities import highest_priority
from .radicalize import ambition, default_radicalize, instruction_radicalize

if TYPE_CHECKING:
    from ...engine.game import Game


def instruction(code: str) -> Any:
    """An AI card instruction in a few words, as a message."""
    if code in WAKHAN_SHORT:
        return msg(WAKHAN_SHORT[code])
    if code in CARD_ACTIONS:
        return msg(ACTION_NAMES[CARD_ACTIONS.index(code)])
    return code


def line_note(card: int | str, line: int, lines: int, code: str) -> dict[str, Any]:
    """The note kept with a decision that performs line ``line`` (1-based) of her AI card."""
    return {"wakhan": "line", "ai_card": card, "line": line, "lines": lines, "code": code}


BONUS_NOTE: Final[dict[str, Any]] = {"wakhan": "bonus"}


def turn_tags(g: Game) -> list[tuple[str, int, str]]:
    """Where she is on her AI card this turn, latest first: ("line", index, code) or ("bonus", -1, ""), read
    from the notes kept with her decisions (:meth:`Game.notes_this_turn`), so a saved game resumes identically."""
    out: list[tuple[str, int, str]] = []
    for note in g.notes_this_turn(g.wakhan):
        kind = note.get("wakhan")
        if kind == "line":
            out.append(("line", int(note["line"]) - 1, str(note["code"])))
        elif kind == "bonus":
            out.append(("bonus", -1, ""))
    return out


def current_line_code(g: Game) -> str:
    """The AI card instruction of the line she is performing (empty in the bonus phase or before any line)."""
    tags = turn_tags(g)
    return tags[0][2] if tags and tags[0][0] == "line" else ""


def _try_line(ctx: Context, legal: list[Option], code: str) -> tuple[Option, Message] | None:
    g = ctx.g
    if code == "radicalize":
        got = default_radicalize(ctx, legal)
        if got is None:
            return None
        card, why = got
        return ("radicalize", card), msg("radicalize {card} — {why}", card=card_name(card), why=why)
    if code.startswith("radicalize"):
        got = instruction_radicalize(ctx, legal, code)
        if got is None:
            return None
        card, why = got
        return ("radicalize", card), msg("radicalize {card} — {why}", card=card_name(card), why=why)
    action = "battle" if code == SPECIAL_BATTLE else code
    if action not in CARD_ACTIONS:
        raise KeyError(f"unknown AI card instruction {code!r}")
    cards = usable_cards(ctx, legal, action, code)
    if not cards:
        return None
    card = highest_priority(g, cards)
    others = [c for c in cards if c != card]
    text = msg(
        "{action} with {card}, her highest-priority card that can take it",
        action=msg(ACTION_NAMES[CARD_ACTIONS.index(action)]), card=card_name(card),
    )
    if others:
        text = msg("{text} (over {cards})", text=text, cards=", ".join(card_name(c) for c in others))
    if is_bonus(g, ctx.w, card):
        text = msg("{text} (bonus action: favored suit)", text=text)
    return ("action", card, action), text


def _bonus_action(ctx: Context, legal: list[Option]) -> Choice | None:
    g, w = ctx.g, ctx.w
    legal_set = set(legal)
    for card in g.courts[w]:
        if card in g.used_cards or not is_bonus(g, w, card):
            continue
        for action in COURT[card].actions:
            if ("action", card, action) not in legal_set:
                continue
            if not action_feasible(ctx, action, action):
                continue
            if g.rupees[w] < hostage_bribe(g, card) + min_cost(g, action):
                continue
            return ("action", card, action), noted(
                msg(
                    "bonus action: {action} with {card}, her leftmost unused card of the favored suit, its leftmost "
                    "action that can be taken",
                    action=msg(ACTION_NAMES[CARD_ACTIONS.index(action)]), card=card_name(card),
                ),
                BONUS_NOTE,
            )
    return None


@handles("turn")
def _turn(ctx: Context, legal: list[Option]) -> Choice:
    """Ambition, then the AI card's lines from the one after the last line performed this turn (read back from
    her notes), then bonus actions, then the end of the turn.

    Reading: the lines form a cycle; she stops trying them when a whole cycle offers nothing, and once she has
    taken a bonus action in the bonus phase she does not go back to the lines. Wakhan's Ambition is not a line:
    it is checked whenever she has an action left, in the bonus phase too."""
    g = ctx.g
    lines: tuple[str, ...] = ctx.card.actions if ctx.card is not None else ("radicalize",)
    tags = turn_tags(g)
    in_bonus = bool(tags) and tags[0][0] == "bonus"
    if g.actions_used < ACTIONS_PER_TURN:
        # Ambition takes "her action" whenever she has one left, bonus actions begun or not.
        ambitious = ambition(ctx, legal)
        if ambitious is not None:
            return ambitious
    if not in_bonus and g.actions_used < ACTIONS_PER_TURN:
        last_line = next((t for t in tags if t[0] == "line"), None)
        start = (last_line[1] + 1) % len(lines) if last_line else 0
        for k in range(len(lines)):
            i = (start + k) % len(lines)
            got = _try_line(ctx, legal, lines[i])
            if got is not None:
                option, why = got
                text = msg(
                    "line {line}/{lines} ({instruction}): {why}",
                    line=i + 1, lines=len(lines), instruction=instruction(lines[i]), why=why,
                )
                if k:
                    skipped = [
                        msg("{line} ({instruction})", line=m + 1, instruction=instruction(lines[m]))
                        for m in (j % len(lines) for j in range(start, start + k))
                    ]
                    listed = msg_join(skipped)
                    text = msgn(
                        "{text} (skipped, not possible now: line {passed})",
                        "{text} (skipped, not possible now: lines {passed})",
                        k, text=text, passed=listed,
                    )
                number = ctx.card.number if ctx.card is not None else "?"
                return option, noted(text, line_note(number, i + 1, len(lines), lines[i]))
    bonus = _bonus_action(ctx, legal)
    if bonus is not None:
        return bonus
    if g.actions_used >= ACTIONS_PER_TURN:
        return ("end_turn",), msg("end of turn: both actions used and no bonus action left")
    return ("end_turn",), msg("end of turn: no valid action left on her AI card and no bonus action left")


__all__ = ["BONUS_NOTE", "current_line_code", "instruction", "line_note", "turn_tags"]
