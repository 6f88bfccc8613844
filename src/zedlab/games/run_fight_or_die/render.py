"""Terminal drawing of a Run, Fight, or Die! table with Rich, from a seat's view only.

Each Action Board shows its three Zones with their Zombies (Zone 3 far left, Zone 1 next to
the character), Wounds, Followers, Loot, hold cards and Location; the centre shows the dice
(kept, marked for reroll, locked Zombies), the Event die, the Mutant and the last events.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

ICONS = {"bat": "BAT", "gun": "GUN", "run": "RUN", "search": "SRCH", "book": "BOOK", "zombie": "ZOMB"}


def _zombies(n: int) -> str:
    return ("Z" * n) if n <= 12 else f"Z x{n}"


def board(p: dict[str, Any], current: bool, you: bool) -> Panel:
    """One player's Action Board, Character Card and the cards beside it."""
    t = Table.grid(padding=(0, 1))
    t.add_column(justify="right", style="bold")
    t.add_column()
    z1, z2, z3 = p["zones"]
    t.add_row("Zone 3", Text(f"{z3:>2} {_zombies(z3)}", style="green"))
    t.add_row("Zone 2", Text(f"{z2:>2} {_zombies(z2)}", style="yellow"))
    t.add_row("Zone 1", Text(f"{z1:>2} {_zombies(z1)}", style="bold red"))
    left = p["health"] - p["wounds"]
    health = Text("#" * max(0, left), style="green") + Text("x" * p["wounds"], style="red")
    t.add_row("Health", health + Text(f"  {left}/{p['health']}" + ("  DEAD" if p["dead"] else "")))
    t.add_row("Skill", Text(p["ability"], style="dim"))
    t.add_row("Combo", Text(" + ".join(p["combo"]) + ": " + p["combo_text"], style="dim"))
    if p["followers"]:
        t.add_row("Followers", ", ".join(f"{f['name']} ({f['vp']} VP, {f['symbol']})" for f in p["followers"]))
    if p["loot"]:
        t.add_row("Loot", ", ".join(
            f"{lo['name']}" + (f" ({lo['uses']} use{'s' if lo['uses'] != 1 else ''} left)" if lo["uses"] else "")
            for lo in p["loot"]
        ))
    if p["holds"]:
        t.add_row("Hold", ", ".join(h["name"] for h in p["holds"]))
    if p["location"]:
        t.add_row("Location", p["location_name"])
    if p["mutant_tokens"]:
        t.add_row("Mutant VP", str(p["mutant_tokens"]))
    t.add_row("VP", str(p["vp"]))
    title = f"Seat {p['seat']}: {p['character_name']}" + ("  <- turn" if current else "") + ("  (you)" if you else "")
    return Panel(t, title=title, border_style="bold cyan" if current else "white", width=52)


def dice_row(view: dict[str, Any]) -> Text:
    """The Action dice: [kept], {marked for reroll}, ?undecided?, <locked Zombie>; then the Event die."""
    out = Text()
    for i, sym in enumerate(view["dice"]):
        label = ICONS[sym] + ("*" if i == 5 else "")
        if view["locked"][i]:
            out += Text(f"<{label}> ", style="bold red")
        elif view["selected"][i]:
            out += Text(f"{{{label}}} ", style="yellow")
        elif view["phase"] == "reroll" and view["rerolls_left"] > 0 and not view.get("decided", [True] * 6)[i]:
            out += Text(f"?{label}? ", style="cyan")
        else:
            out += Text(f"[{label}] ", style="bold")
    if view["event_die"]:
        out += Text(f"  Event die: {view.get('event_die_name') or view['event_die']}", style="magenta")
    out += Text(f"  rerolls left: {view['rerolls_left']}")
    if view["fled"]:
        out += Text("  (fled)", style="dim")
    if view["dice"]:
        out += Text("   [kept] {to reroll} ?not yet decided? <locked Zombie> *Bonus die", style="dim")
    return out


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The whole table as seen by ``seat`` (``None``: a spectator)."""
    boards = [board(p, p["seat"] == view["current"], p["seat"] == seat) for p in view["players"]]
    status = Table.grid(padding=(0, 2))
    status.add_row(
        f"Turn {view['turn']}",
        f"phase: {view['phase']}",
        f"Zombie reserve: {view['reserve']}",
        "decks: " + " ".join(f"{k} {n}" for k, n in view["decks"].items()),
    )
    mutant = view["mutant"]
    extra = []
    if mutant["active"]:
        extra.append(Text(f"MUTANT ZOMBIE BOSS before seat {mutant['seat']}: {mutant['tokens']} Wound tokens", style="bold red"))
    if view["current_event_name"]:
        extra.append(Text(f"Current Event: {view['current_event_name']}", style="magenta"))
    if view["solo_level"]:
        extra.append(Text(f"Solo {view['solo_level'].upper()}" + ("  - Town Line found" if view["town_line_found"] else "")))
    elif view["town_line_needs"]:
        total = sum(len(p["followers"]) for p in view["players"])
        extra.append(Text(f"Town Line needs {view['town_line_needs']} Followers in play (now {total})"))
    if view["declared_by"] >= 0:
        extra.append(Text(f"LAST ROUND declared by seat {view['declared_by']}", style="bold yellow"))
    if view["pending"]:
        pend = view["pending"]
        what = pend.get("name") or pend["kind"]
        src = pend.get("source_name") or pend["source"]
        extra.append(Text(f"Pending: {what}" + (f" (from {src})" if src else ""), style="yellow"))
    log = Text("\n".join(view["log"][-8:]), style="dim")
    centre = Group(status, dice_row(view), *extra)
    parts: list[RenderableType] = [Columns(boards), Panel(centre, title="Table"), Panel(log, title="Last events")]
    if view["end_reason"]:
        parts.append(Text(f"Game over: {view['end_reason']}", style="bold"))
    return Group(*parts)
