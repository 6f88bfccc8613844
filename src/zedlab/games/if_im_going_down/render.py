"""The If I'm Going Down... table in the terminal (Rich), drawn from a seat's view only.

Layout: the Scenario Layout as a grid (Initial Spaces in yellow, Zombies with their
Z-Number, Kill Points, ability marks, Held / No Move; characters in cyan), the trackers of
each character (Hands, Body) and the shared Ground, the score with the Kill-O-Meter, the
RIP Occurrence, and the last events. Names and texts from the content pack are shown as
plain text, never read as Rich markup (a pack may put square brackets in a name).
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

ABILITY_MARKS = {
    "stride": "Stride", "short-stuff": "Short Stuff", "instant-kill": "Instant Kill",
    "loved-one": "Loved One", "reach": "Reach", "no-hold-back": "No Hold Back",
    "hated-one": "Hated One", "pop-up": "Pop-Up",
}

LEGEND = (
    "Board: [n] = Initial Space where Zombies enter; Z = Z-Number (a Zombie dies when its Kill Points "
    "reach Z-Number + range); KP = Kill Points on it this turn; Moan n = subtracted from the score "
    "each time a character dies or turns while it is in play; "
    "HELD = held back; NO MOVE = will not move. Cards: Uses, attacks per Use, Power (attack rating)."
)


def _zombie_cell(z: dict[str, Any]) -> Text:
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
                cell = _zombie_cell(z)
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
        hands = Text("\n".join(_card(x) for x in c["hands"]))
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
        text.append("\nZombie hand: " + ", ".join(z["name"] for z in view["zombie_hand"]))
    elif view["zombie_seat"] >= 0:
        text.append(f"\nZombie Player holds {view['zombie_hand']} cards")
    rip = view["rip_occurrence"]
    if rip:
        text.append(f"\nRIP: {rip['name']} - {rip['text']}", style="magenta")
    return Panel(text, title=Text(view["scenario_name"]), border_style="red")


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """Draw the table as ``seat`` sees it (``None``: a spectator)."""
    events = Text("\n".join(view["events"][-8:]) or "(no events yet)", style="dim")
    return Group(
        _layout_table(view),
        Text(LEGEND, style="dim"),
        _score(view),
        _trackers(view),
        Panel(events, title="Last events", border_style="dim"),
    )
