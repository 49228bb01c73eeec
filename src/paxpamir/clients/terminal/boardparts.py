"""The pieces of the board, each drawn from the view model (:func:`paxpamir.presentation.viewmodel.view_model`):
the header, the players, the map as tables, the market, the courts, the hands, Wakhan's AI card and the events in
force. The screen (:mod:`.screen`) chooses among their layouts to fit the terminal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ...content.cards import CARDS, CourtCard, EventCard
from ...content.i18n import gettext as _
from ...content.i18n import ngettext
from ...content.map import COALITIONS, MILITARY, SUITS, region_title
from ...presentation.cardref import wakhan_instruction
from ...presentation.describe import action_name, coalition_name, suit_name
from .cardtext import card_extras, card_title, impact_word
from .styles import (
    COALITION_LETTERS,
    COALITION_STYLES,
    SUIT_SHORT,
    SUIT_STYLES,
    blocks_text,
    coalition_short,
    coalition_text,
    player_counts,
    player_name,
    player_style,
    player_text,
    short_name,
    suit_text,
)


def header_lines(vm: dict[str, Any], width: int) -> list[Any]:
    """One line (two on a narrow terminal): turn, who decides, favored suit, deck, blocks and dominance."""
    favored = SUITS.index(vm["favored"])
    head = Text(_("Pax Pamir · turn {turn}").format(turn=vm["turn"]), style="bold")
    to_move = vm["to_move"]
    if to_move is not None and not vm["over"]:
        head.append(" · ")
        head.append_text(player_text(vm, to_move))
        head.append(_(" to decide"))
    head.append(_(" · Favored suit: "))
    head.append_text(suit_text(favored))
    if favored == MILITARY:
        head.append(_(" (purchase costs doubled)"), style="bold red")
    dominance = vm["dominance"]
    checks = dominance["left"]
    in_deck = dominance["in_deck"]
    piles = dominance.get("piles") or []
    market = _("{n} in the market").format(n=checks - in_deck) if checks > in_deck else ""
    if width < 100 and piles:  # compact: the piles say where the checks are
        head.append(_(" · Deck: {n}, piles ").format(n=vm["deck_size"]))
        head.append(" ".join(f"{p['cards']}{'*' * p['checks']}" for p in piles))
        if market:
            head.append(_(" (*: Dominance Check; {market})").format(market=market), style="dim")
        else:
            head.append(_(" (*: Dominance Check)"), style="dim")
    else:
        head.append(
            ngettext(" · Deck: {n} card", " · Deck: {n} cards", vm["deck_size"]).format(n=vm["deck_size"])
            + ngettext(" with {k} Dominance Check in it", " with {k} Dominance Checks in it", in_deck).format(
                k=in_deck
            )
            + (f" ({market})" if market else "")
        )
        if piles:
            head.append(_(" · piles (top first): "))
            head.append(" ".join(f"{p['cards']}{'*' * p['checks']}" for p in piles))
            head.append(_(" (* a Dominance Check)"), style="dim")
    head.append(_(" · Blocks: "))
    for c, name in enumerate(COALITIONS):
        if c:
            head.append(", ")
        head.append_text(coalition_text(c))
        head.append(f" {dominance['blocks'][name]}")
    dominant = dominance["dominant"]
    if dominant is not None:
        head.append(" (")
        head.append_text(coalition_text(dominant))
        head.append(_(" dominant)"))
    else:
        head.append(_(" (none dominant)"))
    return [head]


def players_table(vm: dict[str, Any], humans: Sequence[int], narrow: bool, short: bool = False) -> Table:
    """Every player's row: loyalty, rupees, points, influence, gifts, prizes, hand, court, stock (``narrow``: short
    headings; ``short``: coalitions in three letters too)."""
    heads = (
        ("", _("Player"), _("Loyal"), _("Rs"), _("VP"), _("Infl"), _("Gift"), _("Prizes"),
         _("Hand"), _("Court"), _("Stock"))
        if narrow
        else (
            "", _("Player"), _("Loyalty"), _("Rupees"), _("VP"), _("Influence"), _("Gifts"), _("Prizes"), _("Hand"),
            _("Court"), _("Cylinders in stock"),
        )
    )
    # Narrow: one space between columns instead of two (German headings need the room at 80 columns).
    t = Table(box=None, header_style="bold underline", expand=False, padding=(0, 1), collapse_padding=narrow)
    for i, head in enumerate(heads):
        # Prizes may wrap, but never below its heading's width.
        t.add_column(head, justify="left" if i in (0, 1, 2, 7) else "right", no_wrap=i != 7, min_width=len(head))
    to_move = vm["to_move"]
    viewer = vm["seat"]
    for pd in vm["players"]:
        p = pd["seat"]
        mark = ">" if p == to_move and not vm["over"] else ""
        who = player_text(vm, p)
        if p == viewer:
            who.append(_(" (you)"))
        elif pd["wakhan"]:
            who.append(_(" (AI)"))
        elif p not in humans:
            who.append(_(" (bot)"))
        prizes = Text()
        for coal, name in enumerate(COALITIONS):
            k = pd["prizes_by_coalition"][name]
            if k:
                if prizes:
                    prizes.append(", ")
                prizes.append(f"{k} {coalition_name(coal)}", style=COALITION_STYLES[coal])
        if pd["wakhan"]:
            # Wakhan is loyal to all; her pragmatic loyalty (from her AI card) is what counts now.
            pragmatic = (vm["wakhan"] or {}).get("pragmatic_loyalty")
            loyalty = Text(_("all, now ") if not narrow else _("now "))
            if narrow and pragmatic:
                c = COALITIONS.index(pragmatic)
                loyalty.append(coalition_short(c), style=COALITION_STYLES[c])
            else:
                loyalty.append_text(coalition_text(pragmatic) if pragmatic else Text("-"))
            by_coalition = pd["influence"].items()
            influence = Text(
                " ".join(
                    f"{COALITION_LETTERS[COALITIONS.index(c)]}{k}"
                    if narrow
                    else f"{coalition_short(COALITIONS.index(c))} {k}"
                    for c, k in by_coalition
                )
            )
            hand = str(pd["hand_size"])
            court = str(pd["court_size"])
        else:
            loyalty = coalition_text(pd["loyalty"])
            if short and pd["loyalty"]:
                c = COALITIONS.index(pd["loyalty"])
                loyalty = Text(coalition_short(c), style=COALITION_STYLES[c])
            influence = Text(str(pd["influence"]) if pd["loyalty"] else "-")
            hand = f"{pd['hand_size']}/{pd['hand_limit']}"
            court = f"{pd['court_size']}/{pd['court_limit']}"
        t.add_row(
            mark,
            who,
            loyalty,
            str(pd["rupees"]),
            str(pd["vp"]),
            influence,
            str(pd["gifts"]),
            prizes if pd["prizes"] else Text("-"),
            hand,
            court,
            str(pd["cylinders_in_supply"]),
        )
    return t


def region_table(vm: dict[str, Any]) -> Table:
    """The map as a table: each region's ruler, tribes and armies."""
    t = Table(box=None, header_style="bold underline", padding=(0, 1))
    t.add_column(_("Region"), no_wrap=True)
    t.add_column(_("Ruler"), no_wrap=True)
    t.add_column(_("Tribes"))
    t.add_column(_("Armies"))
    for region in vm["regions"].values():
        tribes = player_counts(vm, region["tribes"])
        ruler = region["ruler"]
        t.add_row(
            region["title"],
            player_text(vm, ruler) if ruler is not None else Text("—"),
            tribes or Text("—"),
            blocks_text(region["armies"]) or Text("—"),
        )
    return t


def roads_table(vm: dict[str, Any]) -> Table:
    """Roads on each border that has any."""
    t = Table(box=None, header_style="bold underline", padding=(0, 1))
    t.add_column(_("Border"), no_wrap=True)
    t.add_column(_("Roads"))
    for border in vm["borders"].values():
        cell = blocks_text(border["roads"])
        if cell:
            t.add_row(border["title"], cell)
    if not t.row_count:
        t.add_row(Text(_("no roads on any border"), style="dim"), "")
    return t


def map_tables(vm: dict[str, Any], width: int) -> Any:
    """The regions and the roads, side by side on a wide terminal, one below the other on a narrow one."""
    grid = Table.grid(padding=(0, 3))
    if width >= 110:
        grid.add_row(region_table(vm), roads_table(vm))
    else:
        grid.add_row(region_table(vm))
        grid.add_row(roads_table(vm))
    return grid


def market_cell(card: int | None, rupees: int, one_line: bool, extras: bool = True) -> Text:
    """One market card (``None``: an empty slot) with the rupees on it, on one line or two."""
    cell = Text()
    if card is None:
        cell.append(_("(empty)"), style="dim")
    else:
        info = CARDS[card]
        cell.append(card_title(card), style="bold")
        cell.append(" " if one_line else "\n")
        if isinstance(info, CourtCard):
            cell.append(f"{_(SUIT_SHORT[info.suit])} {info.rank}", style=SUIT_STYLES[info.suit])
            cell.append(f" {region_title(info.region)}")
            if extras:
                cell.append_text(card_extras(info))
        else:
            assert isinstance(info, EventCard)
            cell.append(_("Dominance Check") if info.is_dominance_check else _("event"), style="italic")
    if rupees:
        cell.append(ngettext(" +{n} rupee", " +{n} rupees", rupees).format(n=rupees), style="bold yellow")
    return cell


def market_table(vm: dict[str, Any], width: int, market_box: box.Box, extras: bool = True) -> Table:
    """The market with each column's cost: as on the board when the terminal is wide, else on its side."""
    costs = vm["column_costs"]
    slots = {(m["row"], m["column"]): m for m in vm["market"]}
    if width >= 130:
        t = Table(box=market_box, show_lines=True, show_edge=False, padding=(0, 1), expand=True)
        for col in range(6):
            head = _("Market {column}: cost {cost}") if col == 0 else _("{column}: cost {cost}")
            t.add_column(head.format(column=col + 1, cost=costs[col]), overflow="fold", ratio=1)
        for row in range(2):
            cells = (slots[row, col] for col in range(6))
            t.add_row(*(market_cell(m["card"], m["rupees"], False, extras) for m in cells))
        return t
    # A narrow terminal: the market on its side, one line per column of the board.
    t = Table(box=market_box, show_edge=False, padding=(0, 1))
    t.add_column(_("Market"))
    t.add_column(_("top row"), overflow="fold", ratio=1)
    t.add_column(_("bottom row"), overflow="fold", ratio=1)
    for col in range(6):
        t.add_row(
            _("{column}: cost {cost}").format(column=col + 1, cost=costs[col]),
            *(market_cell(slots[r, col]["card"], slots[r, col]["rupees"], True, extras) for r in (0, 1)),
        )
    return t


def market_events(vm: dict[str, Any], brief: bool = False) -> list[Text]:
    """The texts of the events in the market (``brief``: none; ``card <n>`` shows them)."""
    if brief:
        return []  # the market says "event"; card <number> tells the rest
    lines = []
    for m in vm["market"]:
        facts = vm["cards"].get(str(m["card"])) if m["card"] is not None else None
        if facts is None or facts["kind"] != "event":
            continue
        line = Text(f"  {card_title(m['card'])}", style="bold")
        line.append(
            _(" — if bought: {bought} If discarded: {discarded}").format(
                bought=facts["if_purchased"], discarded=facts["if_discarded"]
            )
        )
        lines.append(line)
    return lines


def card_line(vm: dict[str, Any], card: int, court: dict[str, Any] | None, short: bool = False) -> Text:
    """A card on one line: a hand card (``court`` None) with its impact and ability, a court card (its entry in
    the view model's courts) with its spies, hostage mark and whether it was used this turn (``short``:
    players as P1, P2...)."""
    name = short_name if short else player_name
    info = CARDS[card]
    line = Text()
    if not isinstance(info, CourtCard):
        line.append(card_title(card))
        return line
    line.append(card_title(card), style="bold")
    line.append(" ")
    if court is None:
        line.append(f"{suit_name(info.suit)} {info.rank}", style=SUIT_STYLES[info.suit])
    else:
        line.append(f"{_(SUIT_SHORT[info.suit])} {info.rank}", style=SUIT_STYLES[info.suit])
    line.append(f" · {region_title(info.region)}")
    if info.actions:
        line.append(f" · {'/'.join(action_name(a) for a in info.actions)}")
    if info.patriot >= 0:
        line.append(_(" · patriot "))
        line.append(coalition_name(info.patriot), style=COALITION_STYLES[info.patriot])
    if court is None:
        line.append(_(" · impact: {icons}").format(icons=", ".join(impact_word(i) for i in info.impact) or "-"))
        if info.prize >= 0:
            line.append(_(" · prize {coalition}").format(coalition=coalition_name(info.prize)))
        if info.ability_text:
            line.append(_(" · ability: "))
            line.append(_(info.ability_text), style="italic")
    else:
        counts = court["spies"]
        if any(counts):
            line.append(_(" · spies:"))
            for p, k in enumerate(counts):
                if k:
                    line.append(f" {name(vm, p)} x{k}", style=player_style(p))
        holder = court["hostage_of"]
        if holder is not None:
            line.append(" · ")
            line.append(_("HOSTAGE of {player}").format(player=name(vm, holder)), style="bold reverse")
        if court["used"]:
            line.append(_(" · used"), style="dim")
        if info.ability_text and not short:
            line.append(_(" · has an ability"), style="dim")
    return line


def court_head(vm: dict[str, Any], p: int) -> Text:
    """A court's heading: its owner and their stars in each suit."""
    stars = vm["players"][p]["stars"]
    head = player_text(vm, p)
    if any(stars.values()):
        head.append(" · ")
        for s, suit in enumerate(SUITS):
            if stars[suit]:
                head.append(f"{_(SUIT_SHORT[s])} {stars[suit]} ", style=SUIT_STYLES[s])
        head.rstrip()
    return head


def court_lines(vm: dict[str, Any], layout: str = "stacked") -> list[Any]:
    """Every court, left to right. ``layout``: "side" (one column per player), "stacked" (one card a line,
    one player after another) or "inline" (each court's cards run on in a paragraph: the most compact)."""
    courts = vm["courts"]
    short = layout != "stacked"
    cells = []
    for court in courts:
        cell = Text()
        for i, entry in enumerate(court):
            if i:
                cell.append(" | " if layout == "inline" else "\n")
            cell.append_text(card_line(vm, entry["card"], entry, short))
        if not court:
            cell.append(_("(empty court)"), style="dim")
        cells.append(cell)
    if layout == "side":
        t = Table(box=None, header_style="bold underline", padding=(0, 1), expand=True)
        for p in range(len(courts)):
            head = court_head(vm, p)
            head.append(_(" (court, left to right)") if p == 0 else "")
            t.add_column(head, ratio=1, overflow="fold")
        t.add_row(*cells)
        return [t]
    if layout == "inline":
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column(ratio=1)
        for p in range(len(courts)):
            head = court_head(vm, p)
            head.append(":")
            grid.add_row(head, cells[p])
        return [grid]
    out: list[Any] = [Text(_("Courts (left to right)"), style="bold underline")]
    for p in range(len(courts)):
        head = Text("  ")
        head.append_text(court_head(vm, p))
        out.append(head)
        if courts[p]:
            out.append(Padding(cells[p], (0, 0, 0, 4)))
    return out


def hand_lines(vm: dict[str, Any]) -> list[Any]:
    """The hands the viewer may see (their own; everyone's with open hands), one card a line."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    viewer = vm["seat"]
    for pd in vm["players"]:
        p = pd["seat"]
        if pd["hand"] is None or pd["wakhan"]:
            continue
        title = _("Your hand:") if p == viewer else _("{player}'s hand (open hands):").format(
            player=player_name(vm, p)
        )
        cards = Text()
        for i, c in enumerate(pd["hand"]):
            if i:
                cards.append("\n")
            cards.append_text(card_line(vm, c, None))
        grid.add_row(Text(title, style="bold underline"), cards if pd["hand"] else Text(_("(empty)"), style="dim"))
    return [grid] if grid.row_count else []


def wakhan_lines(vm: dict[str, Any], brief: bool = False) -> list[Any]:
    """Wakhan's face-up AI card and the back of the next one, as a player at the table sees them."""
    wk = vm["wakhan"]
    if not wk:
        return []
    head = Text(_("Wakhan's AI card"), style="bold underline")
    arrows = wk.get("arrows") or {}
    column, side = arrows.get("column"), arrows.get("row_side")
    where = ""
    if isinstance(column, int):
        where = _("column {column} (cost {cost}), ").format(column=column + 1, cost=vm["column_costs"][column])
    if side == "topLeft":
        where += _("top row, left end, player on her left")
    else:
        where += _("bottom row, right end, player on her right")
    face = wk["ai_card_face"]
    if not face:
        return [head, Text(_("  none drawn yet; AI deck {n} cards").format(n=wk.get("ai_deck_size")))]
    head.append(f" {face['number']}", style="bold")
    out: list[Any] = [head]
    codes = [a["code"] for a in face["actions"]]
    if brief:
        out.append(
            Text(_("  {instructions}; arrows: {where}").format(
                instructions=" / ".join(wakhan_instruction(a) for a in codes), where=where
            ))
        )
        return out
    for i, code in enumerate(codes, 1):
        out.append(Text(f"  {i}. {wakhan_instruction(code)}"))
    loyalty = " > ".join(coalition_name(COALITIONS.index(c)) for c in face["pragmatic_loyalty"])
    regions = ", ".join(vm["regions"][r]["title"] for r in face["region_order"])
    out.append(Text(_("  arrows (with the next card's back): {where}").format(where=where)))
    now = Text(_("  pragmatic loyalty now: "))
    now.append_text(coalition_text(wk.get("pragmatic_loyalty")))
    steadfast = any(v["name"] == "steadfast_loyalty" for v in wk.get("variants") or ())
    if steadfast:
        rule = _(
            " (the most blocks in play, then the card's order {loyalty}, leaving out any loyalty another player "
            "shares); region order: {regions}; AI deck {n}"
        )
    else:
        rule = _(
            " (the card's order {loyalty}, leaving out any loyalty another player shares); region order: "
            "{regions}; AI deck {n}"
        )
    now.append(rule.format(loyalty=loyalty, regions=regions, n=wk.get("ai_deck_size")))
    out.append(now)
    variants = [v["title"] for v in wk.get("variants") or ()]
    if variants:
        out.append(Text(_("  variants: {variants}").format(variants=", ".join(variants))))
    else:
        out.append(Text(_("  variants: none (the rulebook Wakhan)")))
    return out


def effect_lines(vm: dict[str, Any]) -> list[Any]:
    """The lasting events in force, each with its player and what it does."""
    out: list[Any] = []
    for e in vm["effects"]:
        p = e["player"]
        line = Text(_("In force: "), style="bold")
        line.append(card_title(e["card"]))
        if p is not None:
            line.append(_(" for "))
            line.append_text(player_text(vm, p))
        line.append(f": {e['text']}")
        out.append(line)
    return out
