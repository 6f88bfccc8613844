"""The Don't Look Back table in the terminal (Rich), drawn from a seat's view only.

Layout: the six Sectors around the central Location (Sector 1 at the top, clockwise),
each with its Walkers (red when above the Sector Overload) and the Survivors' pawns; the
scorepad (Health and points); the acting Survivor's Weapons; the dice of the attack in
progress (saved hits and misses).

Names, dice and abilities come from the content the game plays with (the view's
``content`` digest: a pack's own values, or the packaged files); text from the content is
drawn as plain text, never read as Rich markup. The last events are the front end's to
show; :data:`TEXT` turns the game's events into the lines it shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from zedlab.core.events import EventText
from zedlab.core.textfit import KeepTail, fit_lines, line_count

from .content import Content, view_content

# Sector 6, 1, 2 across the top; the Location in the middle; Sector 5, 4, 3 across the bottom.
_GRID = ((6, 1, 2), (None, 0, None), (5, 4, 3))
_PAWN_STYLE = ("bold cyan", "bold magenta", "bold yellow", "bold green")


def _pawns(view: dict[str, Any], space: int) -> Text:
    text = Text()
    for s in view["survivors"]:
        if s["alive"] and not s["escaped"] and s["space"] == space and s["id"]:
            marker = s["name"].split()[0]
            style = _PAWN_STYLE[s["seat"] % 4]
            if s["seat"] == view["current"]:
                style += " underline"
            text.append(f" {marker} ", style=style)
    return text


def _space_panel(view: dict[str, Any], space: int) -> Panel:
    walkers = view["walkers"][space]
    loc = view["location"]
    body = Text()
    if space == 0:
        title = loc["name"] or "Location"
        if loc["overrun"]:
            body.append("OVERRUN - no entry\n", style="bold red")
        else:
            body.append(f"Walkers: {walkers}\n", style="bold red" if walkers else "")
            body.append(f"Overload {loc['overload']}\n", style="dim")
    else:
        title = f"Sector {space}"
        over = not loc["overrun"] and walkers > loc["overload"]
        style = "bold red" if over else ("red" if walkers else "dim")
        body.append(f"Walkers: {walkers}" + (" OVERLOAD" if over else "") + "\n", style=style)
        if view["escape_sector"] == space:
            body.append("ESCAPE ROUTE\n", style="bold green")
    body.append_text(_pawns(view, space))
    border = "green" if view["escape_sector"] == space and space else "white"
    return Panel(body, title=Text(title), border_style=border, width=24)


def _board(view: dict[str, Any]) -> Table:
    grid = Table.grid(padding=(0, 1))
    for _ in range(3):
        grid.add_column()
    for row in _GRID:
        grid.add_row(*[(_space_panel(view, sp) if sp is not None else Text("")) for sp in row])
    return grid


def _space_label(space: int) -> str:
    return {-1: "-", 0: "Location"}.get(space, f"Sector {space}")


def _weapon_text(C: Content, card: str) -> str:
    w = C.weapons.get(card)
    return f"{w.name} ({w.dice} dice, {w.kind})" if w else card


def weapons_held(C: Content, survivor_id: str, cards: list[str]) -> str:
    """Every Weapon a Survivor has, by name: the Weapon cards, then the Improvised Weapon
    printed on the Survivor card (always at hand).

    Source: Don't Look Back rulebook, "Your Survivor Card" (Improvised Weapon).
    """
    names = [C.card_name(c) for c in cards]
    info = C.survivors.get(survivor_id)
    if info is not None:
        names.append(f"{info.improvised.name} (Improvised)")
    return ", ".join(names) or "-"


def _imp_reach(view: dict[str, Any], kind: str) -> str:
    """Where the Improvised Weapon hits (ruling 22): own space unless the reach option."""
    if view.get("improvised_reach", "own-space") == "own-space":
        return "own space only"
    return "own or adjacent space" + (", moves in" if kind == "melee" else "")


def _scorepad(view: dict[str, Any], C: Content) -> Table:
    table = Table(title="Scorepad", title_justify="left", expand=False)
    for col in ("Seat", "Survivor", "Health", "Points", "Where", "Weapons"):
        table.add_column(col)
    for s in view["survivors"]:
        if not s["id"]:
            table.add_row(str(s["seat"]), "(choosing)", "", "", "", "")
            continue
        where = (
            "dead" if not s["alive"] else ("escaped" if s["escaped"] else _space_label(s["space"]))
        )
        style = "bold" if s["seat"] == view["current"] else ("dim" if not s["alive"] else "")
        you = " (you)" if s["seat"] == view.get("you") else ""
        table.add_row(
            str(s["seat"]),
            Text(s["name"] + you),
            str(s["health"]),
            str(s["points"]),
            where,
            Text(weapons_held(C, s["id"], s["weapons"])),
            style=style,
        )
    return table


def end_of_turn_cost(game_view: dict[str, Any], seat: int) -> int:
    """Health ``seat`` would lose ending the turn where they stand, after the Overload.

    Read from the view only (plus the public abilities of the Survivor and the Location):
    Walkers above the Sector Overload first spill into the Location; then 1 Health in a
    Sector with Walkers (0 for Daryl's Tracker after a kill this turn), or 1 per Walker
    inside the Location (at most 3 at The Prison).

    Source: Don't Look Back rulebook, "Taking Your Turn" (End of Turn) and "Losing Health
    at End of Turn".
    """
    view = game_view.get("public", game_view)
    me = view["survivors"][seat]
    space = me["space"]
    if space < 0 or not me["alive"] or not me["id"]:
        return 0
    loc = view["location"]
    walkers = list(view["walkers"])
    if not loc["overrun"]:
        for sector in range(1, 7):
            excess = walkers[sector] - loc["overload"]
            if excess > 0:
                walkers[sector] -= excess
                walkers[0] += excess
    here = walkers[space]
    if not here:
        return 0
    C = view_content(view)
    survivor = C.survivors.get(me["id"])
    location = C.locations.get(loc["id"])
    if space:
        tracker = survivor is not None and survivor.ability == "tracker"
        return 0 if tracker and me["kills_this_turn"] > 0 else 1
    if location is not None and location.ability == "prison-cell-blocks":
        return min(int(here), 3)
    return int(here)


def _acting(view: dict[str, Any], C: Content) -> RenderableType:
    s = view["survivors"][view["current"]]
    if not s["id"] or view["reason"]:
        return Text("")
    info = C.survivors[s["id"]]
    imp = info.improvised
    lines = Text()
    lines.append(f"{info.name} to act. ", style="bold")
    lines.append(f"{info.ability_text}\n", style="italic")
    lines.append(
        f"Improvised Weapon: {imp.name} ({imp.dice} dice, {imp.kind}, {_imp_reach(view, imp.kind)})"
    )
    if s["weapons"]:
        lines.append("\nWeapon cards: " + "  |  ".join(_weapon_text(C, c) for c in s["weapons"]))
    if s["alive"] and s["space"] >= 0:
        cost = end_of_turn_cost(view, view["current"])
        style = "bold red" if cost >= s["health"] else ("yellow" if cost else "green")
        loss = f"-{cost} Health" if cost else "no Health lost"
        lines.append(f"\nEnd of turn here: {loss} (after overload)", style=style)
        if cost and cost >= s["health"]:
            lines.append(" - fatal: Move or fight your way out!", style="bold red")
    return lines


MISS = "[✗]"
"""A die that missed, in the dice line (beside the saved faces, ``[5]``)."""


def _dice(view: dict[str, Any], C: Content) -> RenderableType | None:
    c = view["combat"]
    if not c:
        return None
    text = Text()
    if c["weapon"] == "improvised":
        sid = view["survivors"][view["current"]]["id"]
        weapon = f"{C.survivors[sid].improvised.name} (Improvised)" if sid else "Improvised"
    else:
        weapon = C.weapons[c["weapon"]].name
    text.append(f"Combat: {weapon} ({c['dice']} dice, {'Melee' if c['melee'] else 'Ranged'})  ")
    if c["roll"]:
        text.append("Roll: ")
        for face in c["roll"]:
            text.append(f"[{face}]", style="bold")
    else:
        target = c["target"]
        where = f"Survivor seat {target - 10}" if target >= 10 else _space_label(c["target_space"])
        text.append(f"Target {where}  Saved: ")
        for face in c["saved"]:
            text.append(f"[{face}]", style="bold green")
        # a miss reads as one (a box with a cross, not an empty "[ ]"); the miss boxes stay
        # together on one line
        return KeepTail(text, Text("  Misses: " + MISS * c["misses"], style="red"))
    return text


def render(game_view: dict[str, Any], seat: int | None) -> RenderableType:
    """Draw the table as ``seat`` sees it (``None``: a spectator).

    Args:
        game_view: what ``game.view(state, seat)`` returned (``{"public", "private"}``).
        seat: the seat on screen.
    Returns:
        a Rich renderable.
    """
    view = {**game_view["public"], "you": game_view["private"].get("you")}
    C = view_content(view)
    loc = view["location"]
    head = Text()
    if loc["overrun"]:
        head.append(
            f"Location {loc['number']}/{loc['total']}: overrun - the tile is out of play"
            " (no entry, no Sector Overload)",
            style="bold",
        )
    else:
        head.append(f"Location {loc['number']}/{loc['total']}: {loc['name']}", style="bold")
    if loc["ability"]:
        head.append(f" - {loc['ability']}", style="italic")
    head.append(f"\nSearch deck: {view['deck']} cards   Discards: {len(view['discard'])}")
    if view["drawn"]:
        head.append("   Drawn: " + ", ".join(C.card_name(c) for c in view["drawn"]))
    if view["flash_left"]:
        left = view["flash_left"]
        head.append(f"   Flashbang: {left} Walker{'' if left == 1 else 's'} left to move")
    parts: list[RenderableType] = [head, _board(view), _scorepad(view, C), _acting(view, C)]
    dice = _dice(view, C)
    if dice is not None:
        parts.append(dice)
    if view["reason"]:
        parts.append(Text(f"Game over: {view['reason']}", style="bold"))
    return Group(*parts)


# -- events as text ---------------------------------------------------------------------------


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _space(space: int) -> str:
    return "the Location" if space == 0 else f"Sector {space}"


def _fmt(roll: list[int]) -> str:
    return " ".join(str(f) for f in roll) if roll else "-"


_A = Mapping[str, Any]


def _health_lost(a: _A, seat: int | None) -> str:
    why = {
        "end-of-turn": "at End of Turn",
        "escape": f"escaping through Sector {a['by']}",
        "knife": f"to {a['by']}'s Knife",
    }[a["cause"]]
    return f"{a['who']} loses {a['amount']} Health {why} ({a['left']} left)."


def _first_player(a: _A, seat: int | None) -> str:
    if a["chooser"] == a["seat"]:
        return f"{a['who']} chooses to go first."
    return f"{a['who']} chooses {a['other']} to go first."


def _chooser(a: _A, seat: int | None) -> str:
    who, pts, tied = a["who"], _plural(a["points"], "point"), a["tied"]
    if len(tied) == 1:
        return f"{who} has the fewest points ({pts}) and chooses who goes first."
    names = ", ".join(tied[:-1]) + " and " + tied[-1]
    low = a["dice"]
    if a["alone"]:
        why = f"whose strongest Weapon rolls the fewest dice ({low})"
    else:
        why = f"tied on Weapons too ({low} dice), the first clockwise from the first escaper"
    return f"{names} tie on {pts}; {who}, {why}, chooses who goes first."


def _stranded(a: _A, seat: int | None) -> str:
    rounds = a["rounds"]
    return (
        f"{rounds} full round{'s' if rounds != 1 else ''} without an attack, a kill, Health"
        f" lost or a Weapon spent: {', '.join(a['names'])} stranded in the overrun Sectors."
    )


def _or(faces: list[int]) -> str:
    words = [str(f) for f in faces]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _hits_why(space: int, saved: list[int]) -> str:
    """Which saved dice hit, in the rulebook's terms: a Sector's number, or a straight."""
    if space == 0:
        if len(saved) == 1:
            return f"a lone {saved[0]}, a straight of one inside the Location"
        return f"the straight {'-'.join(map(str, saved))} inside the Location"
    return f"{'the die' if len(saved) == 1 else 'the dice'} showing {space}, Sector {space}'s number"


def _target(a: _A, seat: int | None) -> str:
    hits = _plural(a["hits"], "hit") + " saved"
    if a.get("saved"):
        hits += f" ({_hits_why(a['space'], a['saved'])})"
    only = " (the only target the dice allow)" if a.get("only") else ""
    return f"Target {a['what']}{only}: {hits}, {_plural(a['misses'], 'miss', 'misses')}."


def _no_target(a: _A, seat: int | None) -> str:
    prowled = [sp for sp in a.get("walkers", []) if sp]
    if not prowled:
        return "No legal target: the attack fails."
    where = " and ".join(_space(sp) for sp in prowled)
    return (
        f"No legal target: the Walkers within reach are in {where}, and no die shows"
        f" {_or(prowled)}: the attack fails."
    )


def _need(a: _A) -> str:
    """The faces a re-roll needed to add a hit."""
    space, saved = a["space"], a["saved"]
    if space:
        return f"a {space}"
    ends = [f for f in (saved[0] - 1, saved[-1] + 1) if 1 <= f <= 6]
    return f"a {_or(ends)} to extend the straight {'-'.join(map(str, saved))}"


def _reroll_failed(a: _A, seat: int | None) -> str:
    why = f" (needed {_need(a)})" if "saved" in a else ""
    return (
        f"Re-roll {_fmt(a['roll'])}: no new hit{why}, the attack fails and the saved hits"
        " are lost."
    )


def _reroll(a: _A, seat: int | None) -> str:
    why = ""
    if "faces" in a:
        if a["space"]:
            why = f" ({_fmt(a['faces'])} on Sector {a['space']})"
        else:
            why = f" (straight now {'-'.join(map(str, a['saved']))})"
    return f"Re-roll {_fmt(a['roll'])}: +{_plural(a['new'], 'hit')}{why}, {a['total']} in all."


def _hold(a: _A, seat: int | None) -> str:
    kills = a["kills"]
    why = ""
    if kills < a["hits"] and "walkers" in a:
        why = f", all {a['walkers']} Walkers in {_space(a['space'])}"
        if a["walkers"] == 1:
            why = f", the only Walker in {_space(a['space'])}"
        elif not a["walkers"]:
            why = f", no Walker is left in {_space(a['space'])}"
    return (
        f"{a['who']} holds: {_plural(a['hits'], 'hit')}, kills {kills}{why}"
        f" (+{_plural(kills, 'point')})."
    )


def _discarded(a: _A, seat: int | None) -> str:
    why = {
        "one-use": "a one-use Weapon",
        "few-hits": f"{_plural(a.get('hits', 0), 'hit')}; it stays only with {a.get('need')} or more",
        "failed": f"the attack failed; it stays only with {a.get('need')} or more hits",
        "survivor": "a die was saved against a fellow Survivor",
    }.get(a.get("why", ""), "")
    return f"{a['who']} discards the {a['name']}" + (f" ({why})." if why else ".")


TEXT = EventText(
    {
        "arrive": "The Survivors arrive at {name}.",
        "survivor-chosen": "Seat {seat} plays {name}.",
        "walkers-placed": lambda a, _: "Walkers: "
        + " ".join(f"S{i}:{n}" for i, n in enumerate(a["walkers"], 1)),
        "first-player-rolls": lambda a, _: "First-player rolls: "
        + ", ".join(f"{who} {t}" for _, who, t in a["rolls"]),
        "high-roller": "{who} rolled highest and chooses who goes first.",
        "first-player": _first_player,
        "health-lost": _health_lost,
        "died": "{who} dies.",
        "game-over": "Game over: {reason}",
        "carl-draws": lambda a, _: f"Carl draws {a['names'][0]} and {a['names'][1]}.",
        "carl-keeps": "Carl keeps {name}, shuffles back {other_name}.",
        "draw": "{who} draws {name}.",
        "weapon-kept": "{who} keeps the {name} face up (a Weapon).",
        "escape-route": "The Escape Route token goes to Sector {sector}.",
        "flashbang": "{who} throws a Flashbang Grenade.",
        "flashbang-idle": "No Walkers on the board for the Flashbang Grenade to move.",
        "more-walkers": lambda a, _: f"More Walkers: {_plural(a['count'], 'Walker')}"
        f" {'joins' if a['count'] == 1 else 'join'} Sector {a['sector']} (now {a['total']}).",
        "loot-nothing": lambda a, _: f"{a['who']} loots nothing: "
        + ("no Weapon in the discard pile." if a["why"] == "discard" else "nobody else holds a Weapon."),
        "loot-discard": "{who} loots a {name} from the discard pile.",
        "loot": "{who} loots a {name} from {victim_name}.",
        "flashbang-move": lambda a, _: f"Flashbang: a Walker moves from {_space(a['source'])}"
        f" to {_space(a['dest'])}.",
        "pass": "{who} passes.",
        "move": lambda a, _: f"{a['who']} moves to {_space(a['space'])}.",
        "overload": lambda a, _: f"Sector {a['sector']} overloads: {_plural(a['count'], 'Walker')}"
        f" {'breaks' if a['count'] == 1 else 'break'} into the Location"
        + (f" ({a['had']} Walkers, Sector Overload {a['limit']})." if "limit" in a else "."),
        "stranded": _stranded,
        "attack": lambda a, _: f"{a['who']} attacks with the {a['name']}: {_fmt(a['roll'])}.",
        "michonne-reroll": "Michonne re-rolls a {face}: {new}.",
        "handgun-reroll": lambda a, _: f"No hits: the Handgun re-rolls all {a['dice']} dice:"
        f" {_fmt(a['roll'])}.",
        "no-target": _no_target,
        "spare": "{who} spares the other Survivors: the attack fails.",
        "target": _target,
        "melee-move": lambda a, _: f"{a['who']} moves into {_space(a['space'])}: a Melee attack"
        " must move into the targeted space.",
        "combat-move": lambda a, _: f"{a['who']} moves into {_space(a['space'])}.",
        "reroll-failed": _reroll_failed,
        "reroll": _reroll,
        "hold": _hold,
        "weapon-discarded": _discarded,
        "shotgun-noise": lambda a, _: f"The Shotgun's noise draws a Walker into {_space(a['space'])}.",
        "escape-first": "{who} escapes first: +{points} points.",
        "escapes": "{who} escapes.",
        "weapon-kept-next": "{who} keeps the {name}.",
        "reach": "The Survivors reach {name}.",
        "only-survivor": "{who}, the only Survivor left, goes first.",
        "chooser": _chooser,
        "overrun": "The Search deck is empty: the Location is overrun!",
        "flees": "{who} flees to Sector {sector}.",
    }
)
"""The text of every event of the game (the lines the terminal shows)."""


# -- the compact table (small terminals) -------------------------------------------------------


def _pawn_names(view: dict[str, Any], space: int) -> Text:
    """The Survivors standing on ``space``, by first name (the acting one underlined)."""
    text = Text()
    for s in view["survivors"]:
        if s["alive"] and not s["escaped"] and s["space"] == space and s["id"]:
            style = _PAWN_STYLE[s["seat"] % 4] + (" underline" if s["seat"] == view["current"] else "")
            text.append(" " + s["name"].split()[0], style=style)
    return text


def _sector_line(view: dict[str, Any], space: int, width: int) -> Text:
    """One Sector (or the Location) in a line: its Walkers, the Overload or the Escape
    Route, and who stands there."""
    loc = view["location"]
    walkers = view["walkers"][space]
    text = Text()
    if space == 0:
        name = loc["name"] or "Location"
        if loc["overrun"]:
            text.append(f"{name}: OVERRUN, no entry", style="bold red")
        else:
            text.append(f"{name}: {_plural(walkers, 'Walker')}", style="bold red" if walkers else "")
    else:
        over = not loc["overrun"] and walkers > loc["overload"]
        style = "bold red" if over else ("red" if walkers else "dim")
        text.append(f"Sector {space}: {_plural(walkers, 'Walker')}", style=style)
        if over:
            text.append(" OVERLOAD", style="bold red")
        if view["escape_sector"] == space:
            text.append(" ESCAPE", style="bold green")
    text.append_text(_pawn_names(view, space))
    text.truncate(width, overflow="ellipsis")
    return text


NARROW = 64
"""Below this many columns two Sectors a line leave too little of each (OVERLOAD, who
stands there): the compact table draws a Sector a line where the height allows."""


def _compact_board(view: dict[str, Any], width: int, roomy: bool = False) -> list[RenderableType]:
    """The six Sectors and the Location: a line each when ``roomy`` (narrow terminals),
    else two Sectors a line (1 beside 4, 2 beside 5, 3 beside 6) and the Location under
    them."""
    if roomy:
        return [_sector_line(view, space, width) for space in (1, 2, 3, 4, 5, 6, 0)]
    half = (width - 1) // 2
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=half, no_wrap=True)
    grid.add_column(width=width - 1 - half, no_wrap=True)
    for left in (1, 2, 3):
        grid.add_row(_sector_line(view, left, half), _sector_line(view, left + 3, width - 1 - half))
    return [grid, _sector_line(view, 0, width)]


def _compact_scores(view: dict[str, Any], C: Content, width: int) -> list[Text]:
    """The scorepad without its box: a heading, then a line per Survivor (Health, points,
    where, Weapons with their dice and kind)."""
    rows: list[tuple[str, str, str, str, str, str]] = []
    for s in view["survivors"]:
        you = " (you)" if s["seat"] == view.get("you") else ""
        if not s["id"]:
            rows.append((f"seat {s['seat']}{you}", "", "", "choosing", "", ""))
            continue
        where = "dead" if not s["alive"] else ("escaped" if s["escaped"] else _space_label(s["space"]))
        style = "bold" if s["seat"] == view["current"] else ("dim" if not s["alive"] else "")
        weapons = ", ".join(
            f"{w.name} {w.dice} {w.kind}" if (w := C.weapons.get(card)) else card
            for card in s["weapons"]
        )
        imp = C.survivors[s["id"]].improvised if s["id"] in C.survivors else None
        if imp is not None:
            weapons += (", " if weapons else "") + f"{imp.name} {imp.dice} {imp.kind} (impr.)"
        weapons = weapons or "-"
        rows.append((s["name"] + you, str(s["health"]), str(s["points"]), where, weapons, style))
    name_w = max(8, *(len(r[0]) for r in rows))
    where_w = max(5, *(len(r[3]) for r in rows))
    head = Text(f"{'Survivor':<{name_w}} {'HP':>2} {'Pts':>3} {'Where':<{where_w}} "
                "Weapons (dice, kind)", style="dim")
    lines = [head]
    for name, hp, pts, where, weapons, style in rows:
        line = Text(f"{name:<{name_w}} {hp:>2} {pts:>3} {where:<{where_w}} {weapons}", style=style)
        line.truncate(width, overflow="ellipsis")
        lines.append(line)
    head.truncate(width, overflow="ellipsis")
    return lines


def _compact_acting(view: dict[str, Any], C: Content, width: int) -> list[RenderableType]:
    """The acting Survivor in a line: Improvised Weapon and the End of Turn cost here."""
    s = view["survivors"][view["current"]]
    if not s["id"] or view["reason"]:
        return []
    info = C.survivors[s["id"]]
    imp = info.improvised
    text = Text(f"{info.name.split()[0]} acts. ", style="bold")
    if s["alive"] and s["space"] >= 0:
        cost = end_of_turn_cost(view, view["current"])
        fatal = bool(cost) and cost >= s["health"]
        style = "bold red" if fatal else ("yellow" if cost else "green")
        loss = f"-{cost} Health" if cost else "no Health lost"
        text.append(f"Ending here: {loss}" + (" - FATAL" if fatal else "") + ". ", style=style)
    text.append(f"Improvised {imp.name} ({imp.dice} dice, {imp.kind}, {_imp_reach(view, imp.kind)})")
    text.truncate(width, overflow="ellipsis")
    return [text]


def render_compact(
    game_view: dict[str, Any], seat: int | None, *, width: int = 80, height: int = 14
) -> RenderableType:
    """The table in about ``height`` lines of ``width`` columns for a small terminal: the
    Location and the decks in a line (two when the height allows), the Sectors two a line,
    the scorepad a line per Survivor, the acting Survivor and the dice.

    Args:
        game_view: what ``game.view(state, seat)`` returned.
        seat: the seat on screen (``None``: a spectator).
        width: columns.
        height: the lines the terminal can give the table.
    Returns:
        a Rich renderable (plain text from the content, never markup).
    """
    view = {**game_view["public"], "you": game_view["private"].get("you")}
    C = view_content(view)
    loc = view["location"]
    head = Text()
    if loc["overrun"]:
        head.append(f"Location {loc['number']}/{loc['total']} overrun (out of play)", style="bold")
    else:
        head.append(f"{loc['name']} ({loc['number']}/{loc['total']})", style="bold")
        head.append(f" Overload {loc['overload']}")
    head.append(f" | Deck {view['deck']}, discards {len(view['discard'])}")
    if view["drawn"]:
        head.append(" | Drawn: " + ", ".join(C.card_name(c) for c in view["drawn"]))
    if view["flash_left"]:
        head.append(f" | Flashbang: {view['flash_left']} to move")
    if loc["ability"] and not loc["overrun"]:
        head.append(f" | {loc['ability']}", style="italic")
    acting = _compact_acting(view, C, width)
    dice = _dice(view, C)
    players = len(view["survivors"])
    fixed = 1 + 1 + players + len(acting) + (dice is not None) + bool(view["reason"])
    rest: list[RenderableType] = [*_compact_scores(view, C, width), *acting]
    if dice is not None:
        rest.append(dice)
    if view["reason"]:
        rest.append(Text(f"Game over: {view['reason']}", style="bold"))
    # The heading in two lines (between words) rather than cut, and in two lines even when
    # it fits one (a blank second line), so the screen does not shift by a line as the
    # heading grows and shrinks through a turn (a card drawn, a Flashbang); one line only
    # where the height has no room for two. The Sectors two a line from NARROW columns up
    # whatever the room (a stable layout through a turn), a line each on a narrower
    # terminal where the height allows. Lines are counted as drawn (a long dice line
    # wraps), so the screen never has to cut a Sector off.
    layouts = [(lines, roomy) for lines in (2, 1)
               for roomy in ((True, False) if width < NARROW else (False,))]
    for lines, roomy in layouts:
        if fixed + (lines - 1) + (7 if roomy else 4) > height:
            continue
        table = Group(_heading(head, width, lines), *_compact_board(view, width, roomy), *rest)
        if line_count(table, width) <= height:
            return table
    return Group(fit_lines(head, width, 1), *_compact_board(view, width), *rest)


def _heading(head: Text, width: int, lines: int) -> Text:
    """``head`` in exactly ``lines`` lines of ``width`` (wrapped between words, the last
    cut; blank lines after a short one)."""
    fitted = fit_lines(head, width, lines)
    fitted.append("\n" * (lines - 1 - fitted.plain.count("\n")))
    return fitted

