"""The If I'm Going Down... table in the terminal (Rich), drawn from a seat's view only.

Layout: the Scenario Layout as a grid (Initial Spaces in yellow, Zombies with their
Z-Number, Kill Points, ability marks, Held / No Move; characters in cyan), the trackers of
each character (Hands, Body) and the shared Ground, the score with the Kill-O-Meter and the
RIP Occurrence. Names and texts from the content pack are shown as plain text, never read
as Rich markup (a pack may put square brackets in a name).

:data:`TEXT` words the game's events (the front end shows them beside the table).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from zedlab.core.events import EventText
from zedlab.core.textfit import fit_lines


def _attack(a: Mapping[str, Any], seat: int | None) -> str:
    who = f"T{a['turn']} {a['character']} attacks {a['zombie']} at range {a['range']} with {a['weapon']}"
    drew = f"Fate check drew {a['fate']}" if a["fate"] is not None else "Fate check: no Fate card left"
    result = a["result"]
    if result == "miss":
        return f"{who}: {drew} (No Luck) - miss"
    if result == "critical":
        return f"{who}: {drew} - a Critical Hit card: the Zombie dies"
    if result == "auto-kill":
        return f"{who}: {drew} - {a['weapon']} kills automatically"
    mod = a["modifier"]
    power = f"Power {a['power']}{f' {mod:+d} character modifier' if mod else ''}"
    if result == "no-points":
        return f"{who}: {drew} - hit, but {power} gives no Kill Points"
    need, r = a["need"], a["range"]
    return (f"{who}: {drew} - hit, {power} = {a['points']} Kill Points; "
            f"{a['on']} on it, {need} kill it (Z-Number {need - r} + range {r})")


def _bitten_dead(a: Mapping[str, Any], seat: int | None) -> str:
    return f"T{a['turn']} {a['character']} is bitten{' by an Instant Kill Zombie' if a['instant'] else ''}"


TEXT = EventText({
    "set-up": lambda a, seat: (f"T{a['turn']} set-up: {a['layout']}, {a['players']} player{'' if a['players'] == 1 else 's'}, "
                               f"{a['resources']} starting resources"),
    "character-chosen": "T{turn} seat {seat} chooses {character}",
    "turn": "T{turn} turn {number} begins",
    "zombie-reshuffle": (
        "T{turn} the Zombie discard pile ({cards} cards) is shuffled into the entry piles (kills so far {kills})"
    ),
    "popup": "T{turn} Pop-Up! {zombie} appears in space {space}",
    "occurrence-enters": (
        "T{turn} {zombie} (an Occurrence card: a Fate card's icon picks the event) enters at space {space}"
    ),
    "enters": "T{turn} {zombie} (Z-Number {z}) enters at space {space}",
    "occurrence": "T{turn} {zombie}: Fate card {fate} -> {occurrence}",
    "spinach": "T{turn} {character} may hold back 2 Zombies per turn",
    "fumble": "T{turn} Fumble: {name} drops to the Ground",
    "fumble-trashed": "T{turn} Fumble: {name} is trashed",
    "discharge": lambda a, seat: (f"T{a['turn']} Accidental Discharge: {a['name']} has {a['uses']} "
                                  f"Use{'' if a['uses'] == 1 else 's'} left"),
    "zp-places": "T{turn} the Zombie Player places {zombie} on space {space}",
    "grieves": "T{turn} {character} grieves and takes no actions this turn",
    "trashes": "T{turn} {character} trashes {name}",
    "second-wind": "T{turn} {character} uses Second Wind",
    "persistent-search": "T{turn} {character} ignores a No Luck card (Persistent Search)",
    "scavenger": "T{turn} {character} searches again (Scavenger)",
    "search-no-luck": "T{turn} {character} searches: No Luck",
    "not-much-left": "T{turn} {character} must discard {name} (Not Much Left)",
    "finds": "T{turn} {character} finds {name}",
    "make-room": "T{turn} {name} is trashed to make room",
    "trashed": "T{turn} {name} is trashed",
    "moves": "T{turn} {character} moves {name}",
    "swaps": "T{turn} {character} swaps {name} and {other_name}",
    "trade-refused": "T{turn} {character} refuses the trade",
    "drinks": "T{turn} {character} drinks the {name}: +1 action",
    "uses-weapon": "T{turn} {character} uses the {name} ({attacks} attacks)",
    "snapshot": "T{turn} {character} takes a snapshot",
    "bonus-pile": "T{turn} the {name} goes to the bonus pile (+{bonus})",
    "flare": "T{turn} {character} lights the {name}: Zombies on Initial Spaces will not move",
    "reloads": "T{turn} {character} reloads the {name}",
    "pins": "T{turn} {character} pins {zombie} with the {name}",
    "lucky-break": "T{turn} {character}'s Lucky Break: the failed check is drawn again",
    "attack": _attack,
    "kills": "T{turn} {character} kills {zombie} (team kills {kills})",
    "loved-one-killed": "T{turn} {character}'s Loved One was killed by another: no actions next turn",
    "acquires": "T{turn} {character} acquires {name}",
    "behind": "T{turn} {weapon}: {points} Kill Points to {zombie} behind ({on} on it, {need} kill it)",
    "holds-back": "T{turn} {character} holds back {zombie}",
    "proposes-bite": "T{turn} {character} proposes that {bitten_character} is bitten",
    "disagrees": "T{turn} {character} does not agree",
    "fate-bites": "T{turn} Fate decides: {character} is bitten",
    "bitten-dead": _bitten_dead,
    "bitten": "T{turn} {character} is bitten: the turning process begins",
    "scratched": "T{turn} {character} is scratched: the turning process begins",
    "zombie-moves": "T{turn} {zombie} moves from space {start} to space {end}",
    "zp-moves": "T{turn} the Zombie Player moves {zombie} from space {start} to space {end}",
    "fate-reshuffle": "T{turn} the Fate discard pile is shuffled into a new Fate deck",
    "diary": "T{turn} {character}'s Diary earns {bonus} bonus points",
    "turned": "T{turn} {character} turns into a Zombie (Moan penalty: score -{moan})",
    "killed": "T{turn} {character} is killed (Moan penalty: score -{moan})",
    "game-over": "T{turn} every character is dead; final score {score}",
    "turn-limit": "T{turn} the last turn the game allows is over; final score {score}",
})
"""The words of every event of the game, as the log has always read."""

ABILITY_MARKS = {
    "stride": "Stride", "short-stuff": "Short Stuff", "instant-kill": "Instant Kill",
    "loved-one": "Loved One", "reach": "Reach", "no-hold-back": "No Hold Back",
    "hated-one": "Hated One", "pop-up": "Pop-Up",
}

ASK_SINGLE = frozenset({"discharge"})
"""Decisions the terminal asks even with a single option: an Accidental Discharge takes a
Use from the player's only Ranged Weapon (a loss to read before it happens)."""

COMPACT_MARKS = {
    "stride": "S", "short-stuff": "T", "instant-kill": "I", "loved-one": "L", "reach": "R",
    "no-hold-back": "B", "hated-one": "H", "pop-up": "P",
}
"""The one-letter mark of each Zombie ability on the compact board (see :data:`LEGEND`)."""

LEGEND = (
    "Board: [n] = Initial Space where Zombies enter; Z = Z-Number (a Zombie dies when its Kill Points "
    "reach Z-Number + range); KP = Kill Points on it this turn; Moan n = subtracted from the score "
    "each time a character dies or turns while it is in play; "
    "HELD = held back; NO MOVE = will not move. Cards: Uses, attacks per Use, Power (attack rating). "
    "Compact board (small terminals): a cell is the space number, then the Zombie's initials "
    "(named under the grid) and Z-Number, +n Kill Points on it, then its marks: "
    + ", ".join(f"{code} {ABILITY_MARKS[key]}" for key, code in COMPACT_MARKS.items())
    + ", m Moan, h held back, n no move; a character shows its name. Cards: 3U = 3 Uses, "
    "2a = 2 attacks per Use, P5 = Power 5, 2h = two-handed; [carried] = a two-handed weapon "
    "beside another card on the Hands tracker (not usable until that hand is free)."
)


def _whose(seats: list[int], names: dict[int, str]) -> str:
    return " & ".join(names.get(seat, f"seat {seat}") for seat in seats)


def _zombie_cell(z: dict[str, Any], names: dict[int, str] | None = None) -> Text:
    """A Zombie's cell: name, Z-Number, Kill Points, abilities (a Loved / Hated One says
    whose it is), Moan and tokens."""
    names = names or {}
    text = Text()
    if z["kind"] == "occurrence":
        text.append(z["name"], style="bold magenta")
        return text
    style = "bold red" if z["kind"] == "character" else "red"
    text.append(z["name"][:16], style=style)
    text.append(f"\nZ {z['z_now']}", style="bold")
    if z["kill_points"]:
        text.append(f"  KP {z['kill_points']}", style="bold yellow")
    marks = [ABILITY_MARKS[a] for a in z["abilities"]]
    for ability, key in (("Loved One", "loved_by"), ("Hated One", "hated_by")):
        if ability in marks and z.get(key):
            marks[marks.index(ability)] = f"{ability} of {_whose(z[key], names)}"
    if z["moan"]:
        marks.append(f"Moan {z['moan']}")
    if marks:
        text.append("\n" + ", ".join(marks), style="dim")
    if z["held"] or z["held_last_turn"]:
        text.append(" HELD", style="cyan")
    if z["no_move"]:
        text.append(" NO MOVE", style="cyan")
    return text


def _character_cell(c: dict[str, Any], acting: bool) -> Text:
    style = "bold cyan" + (" underline" if acting else "")
    text = Text(c["name"], style=style)
    if c["biohazard"]:
        text.append(" BIO", style="bold green")
    text.append(f"\n{c['actions']} act", style="dim")
    return text


def _layout_table(view: dict[str, Any]) -> Table:
    lay = view["layout"]
    grid: dict[tuple[int, int], int] = {tuple(p): i for i, p in enumerate(lay["spaces"])}
    table = Table(show_header=False, box=box.SQUARE, show_lines=True, padding=(0, 1))
    for _ in range(lay["cols"]):
        table.add_column(width=17, no_wrap=False)
    chars = {c["space"]: c for c in view["characters"] if c["alive"]}
    for r in range(lay["rows"]):
        row: list[RenderableType] = []
        for col in range(lay["cols"]):
            sp = grid.get((r, col))
            if sp is None:
                row.append(Text(""))
                continue
            z = view["spaces"][sp]
            if z is not None:
                cell = _zombie_cell(z, {c["seat"]: c["name"] for c in view["characters"]})
            elif sp in chars:
                cell = _character_cell(chars[sp], chars[sp]["seat"] == view["actor"] and view["phase"] == "player")
            else:
                cell = Text("·", style="dim")
            if sp in lay["initial"]:
                cell = Text.assemble(Text(f"[{sp}] ", style="yellow"), cell)
            else:
                cell = Text.assemble(Text(f"{sp} ", style="dim"), cell)
            row.append(cell)
        table.add_row(*row)
    return table


def carried_only(hands: list[dict[str, Any] | None], card: dict[str, Any] | None) -> bool:
    """A two-handed weapon on the Hands tracker beside another card: it lies vertically,
    carried, and cannot be used until the other hand is free.

    Source: If I'm Going Down... rulebook, "Weapon Icons" (Hand Icons), "Tracker Cards".
    """
    if card is None or card["hands"] != 2 or not card["apu"]:
        return False
    return any(other is not None and other is not card for other in hands)


def _hand_cards(hands: list[dict[str, Any] | None], short: bool) -> list[str]:
    """The cards on a Hands tracker, a two-handed weapon beside another card marked as
    carried only."""
    out = []
    for card in hands:
        text = _short_card(card) if short else _card(card)
        if carried_only(hands, card):
            text += " [carried]" if short else " [carried only: needs both hands free to use]"
        out.append(text)
    return out


def _card(card: dict[str, Any] | None) -> str:
    if card is None:
        return "-"
    uses = "unlimited Uses" if card["uses"] < 0 else f"{card['uses']} Use{'s' if card['uses'] != 1 else ''}"
    if card["apu"]:
        hands = "2 hands, " if card["hands"] == 2 else ""
        apu = f"{card['apu']} attack{'s' if card['apu'] != 1 else ''}/Use"
        return f"{card['name']} ({hands}{uses}, {apu}, Power {card['attack']})"
    return card["name"] if card["uses"] < 0 else f"{card['name']} ({uses})"


def _trackers(view: dict[str, Any]) -> Table:
    table = Table(title="Trackers", box=box.SIMPLE_HEAD)
    table.add_column("Character")
    table.add_column("Hands")
    table.add_column("Body")
    table.add_column("Kills", justify="right")
    for c in view["characters"]:
        state = "" if c["alive"] else (" (Zombie)" if c["zombie"] else " (dead)")
        name = Text(c["name"] + state, style="cyan" if c["alive"] else "dim")
        if c["biohazard"] and c["alive"]:
            name.append(" BIO", style="bold green")
        hands = Text("\n".join(_hand_cards(c["hands"], short=False)))
        body = Text("\n".join(_card(x) for x in c["body"]))
        table.add_row(name, hands, body, str(c["kills"]))
    table.add_row(Text("Ground", style="bold"), Text("\n".join(_card(x) for x in view["ground"])), "", "")
    return table


def _tier(view: dict[str, Any], total: int) -> str:
    """Where the score stands: only a finished game is won or lost (play until you die, and
    a Moan reduction may still drop the score); the Zombie Player variant is decided by its
    win line (High, or the midpoint). Source: rulebook, "How to Win", "Who Wins?"."""
    km = view["kill_o_meter"]
    over = view["over"]
    if view["zombie_seat"] >= 0:
        line = km["win_line"]
        if total > line:
            return f"survivors win (above the line {line})" if over else f"above the line {line} (game goes on)"
        return f"Zombie Player wins (line {line})" if over else f"not above the line {line} yet"
    if total > km["high"]:
        return "WIN (above High)" if over else "above High (game goes on)"
    return "between Low and High" if total >= km["low"] else "below Low"


def _score(view: dict[str, Any]) -> Panel:
    sc = view["score"]
    km = view["kill_o_meter"]
    total = sc["total"]
    tier = _tier(view, total)
    text = Text()
    text.append(f"Kills {sc['kills']}  - Moan penalty {sc['moan']}  + Bonus {sc['bonus']}\n")
    text.append(f"Score {total}", style="bold")
    text.append(f"   (Moan icons on Zombies in play: {sc['moan_in_play']})\n", style="dim")
    text.append(f"Kill-O-Meter: Low {km['low']} / High {km['high']}  -> {tier}\n")
    text.append(f"Turn {view['turn']} - {view['phase']}\n", style="bold")
    text.append(f"Fate deck {view['fate_deck']}, discard {len(view['fate_discard'])}; ")
    text.append(f"entry piles {view['entry_piles']}")
    if isinstance(view["zombie_hand"], list):
        counts = Counter(z["name"] for z in view["zombie_hand"])
        text.append("\nZombie hand: " + ", ".join(n if k == 1 else f"{n} x{k}" for n, k in counts.items()))
    elif view["zombie_seat"] >= 0:
        text.append(f"\nZombie Player holds {view['zombie_hand']} cards")
    rip = view["rip_occurrence"]
    if rip:
        text.append(f"\nRIP: {rip['name']} - {rip['text']}", style="magenta")
    return Panel(text, title=Text(view["scenario_name"]), border_style="red")


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """Draw the table as ``seat`` sees it (``None``: a spectator) from the game's view
    (``{"public": ..., "private": ...}``)."""
    table = {**view["public"], **view["private"]}
    return Group(
        _layout_table(table),
        Text(LEGEND, style="dim"),
        _score(table),
        _trackers(table),
    )


# -- the compact table (small terminals) -------------------------------------------------------


def initials(name: str) -> str:
    """A Zombie's short name on the compact board: the initials of its words, or the
    first three letters of a one-word name.

    >>> initials("Long Arms Larry"), initials("Zombie (female)"), initials("Crawler")
    ('LAL', 'ZF', 'Cra')
    """
    words = [w for w in "".join(c if c.isalnum() else " " for c in name).split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:3]
    return "".join(w[0].upper() for w in words)[:4]


def _short_names(view: dict[str, Any]) -> dict[str, str]:
    """Zombie name -> its initials on the compact board, a digit added where two names in
    play share them."""
    short: dict[str, str] = {}
    for z in view["spaces"]:
        if z is None or z["kind"] == "occurrence" or z["name"] in short:
            continue
        base = initials(z["name"])
        code, n = base, 2
        while code in short.values():
            code, n = f"{base}{n}", n + 1
        short[z["name"]] = code
    return short


def _compact_zombie(z: dict[str, Any], short: dict[str, str]) -> Text:
    if z["kind"] == "occurrence":
        return Text(initials(z["name"]), style="bold magenta")
    text = Text(f"{short.get(z['name'], '?')}{z['z_now']}", style="bold red" if z["kind"] == "character" else "red")
    if z["kill_points"]:
        text.append(f"+{z['kill_points']}", style="bold yellow")
    marks = "".join(COMPACT_MARKS[a] for a in z["abilities"] if a in COMPACT_MARKS)
    marks += "m" * bool(z["moan"]) + "h" * bool(z["held"] or z["held_last_turn"]) + "n" * bool(z["no_move"])
    if marks:
        text.append(marks, style="dim")
    return text


def _compact_grid(view: dict[str, Any], width: int) -> Table:
    """The Scenario Layout a line per row: each space's number (``[n]`` an Initial Space)
    and what stands on it."""
    lay = view["layout"]
    cols = lay["cols"]
    cell_w = max(5, (width - (cols - 1)) // cols)
    grid_at = {tuple(p): i for i, p in enumerate(lay["spaces"])}
    chars = {c["space"]: c for c in view["characters"] if c["alive"]}
    short = _short_names(view)
    table = Table.grid(padding=(0, 1))
    for _ in range(cols):
        table.add_column(width=cell_w, no_wrap=True, overflow="ellipsis")
    for r in range(lay["rows"]):
        row: list[RenderableType] = []
        for col in range(cols):
            sp = grid_at.get((r, col))
            if sp is None:
                row.append(Text(""))
                continue
            initial = sp in lay["initial"]
            cell = Text(f"[{sp}]" if initial else f"{sp}:", style="yellow" if initial else "dim")
            z = view["spaces"][sp]
            if z is not None:
                cell.append_text(_compact_zombie(z, short))
            elif sp in chars and chars[sp]["id"] is None:
                cell.append(f"seat {chars[sp]['seat']}", style="cyan")
            elif sp in chars:
                c = chars[sp]
                acting = c["seat"] == view["actor"] and view["phase"] == "player"
                cell.append(c["name"], style="bold cyan" + (" underline" if acting else ""))
            else:
                cell.append("·", style="dim")
            cell.truncate(cell_w, overflow="ellipsis")
            row.append(cell)
        table.add_row(*row)
    return table


def _short_card(card: dict[str, Any] | None) -> str:
    if card is None:
        return "-"
    uses = "" if card["uses"] < 0 else f"{card['uses']}U"
    if card["apu"]:
        hands = "2h " if card["hands"] == 2 else ""
        return f"{card['name']} ({hands}{uses} {card['apu']}a P{card['attack']})".replace("( ", "(")
    return f"{card['name']} ({uses})" if uses else card["name"]


def _rows(parts: list[RenderableType]) -> int:
    """Lines the compact table's text ``parts`` take (each already fitted to the width)."""
    return sum(p.plain.count("\n") + 1 for p in parts if isinstance(p, Text))


def _line(text: str, width: int, style: str = "") -> Text:
    return fit_lines(Text(text, style=style), width)


def render_compact(
    view: dict[str, Any], seat: int | None, *, width: int = 80, height: int = 14
) -> RenderableType:
    """The table in a few lines for a small terminal: the Scenario Layout a line per row
    (abbreviations in :data:`LEGEND`), the Zombies' names, the score against the
    Kill-O-Meter, a line per character (Hands, Body, kills) and the Ground.

    Args:
        view: what ``game.view(state, seat)`` returned.
        seat: the seat on screen (``None``: a spectator).
        width: columns.
        height: the lines the terminal can give the table (the RIP Occurrence and the Zombie
            Player's hand are shown when they fit).
    Returns:
        a Rich renderable.
    """
    table = {**view["public"], **view["private"]}
    short = _short_names(table)
    parts: list[RenderableType] = [_compact_grid(table, width)]
    if short:
        zombies = Text("Zombies: " + ", ".join(f"{code} {name}" for name, code in short.items()), style="dim")
        parts.append(fit_lines(zombies, width, 2))  # at most two lines
    sc, km = table["score"], table["kill_o_meter"]
    score = Text(
        f"Turn {table['turn']} {table['phase']}; Score {sc['total']} (kills {sc['kills']} - Moan "
        f"{sc['moan']} + bonus {sc['bonus']}); Low {km['low']} High {km['high']}: "
        f"{_tier(table, sc['total'])}; Fate deck {table['fate_deck']}", style="bold")
    # the score in two lines (between words) rather than cut, when the table has room
    below = len(table["characters"]) + 1  # a line per character, the Ground
    above = table["layout"]["rows"] + _rows(parts[1:])
    parts.append(fit_lines(score, width, 2 if above + 2 + below <= height else 1))
    for c in table["characters"]:
        state = "" if c["alive"] else (" (Zombie)" if c["zombie"] else " (dead)")
        you = " (you)" if c["seat"] == seat else ""
        bio = " BIO" if c["biohazard"] and c["alive"] else ""
        if c["id"] is None:
            parts.append(_line(f"seat {c['seat']}{you}: choosing a character", width, "dim"))
            continue
        head = f"{c['name']}{you}{state}{bio}, {c['actions']} act, {c['kills']} kills: "
        hands = ", ".join(_hand_cards(c["hands"], short=True))
        body = ", ".join(_short_card(x) for x in c["body"])
        parts.append(_line(f"{head}Hands {hands} | Body {body}", width, "cyan" if c["alive"] else "dim"))
    parts.append(_line("Ground: " + ", ".join(_short_card(x) for x in table["ground"]), width))
    extra: list[Text] = []
    if isinstance(table["zombie_hand"], list):
        counts = Counter(z["name"] for z in table["zombie_hand"])
        extra.append(_line("Zombie hand: " + ", ".join(n if k == 1 else f"{n} x{k}" for n, k in counts.items()), width))
    elif table["zombie_seat"] >= 0:
        extra.append(_line(f"Zombie Player holds {table['zombie_hand']} cards", width))
    rip = table["rip_occurrence"]
    if rip:
        extra.append(_line(f"RIP: {rip['name']} - {rip['text']}", width, "magenta"))
    used = table["layout"]["rows"] + _rows(parts[1:])
    for line in extra:
        if used < height:
            parts.append(line)
            used += 1
    return Group(*parts)
