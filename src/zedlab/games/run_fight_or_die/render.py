"""Terminal drawing of a Run, Fight, or Die! table with Rich, from a seat's view only.

Each Action Board shows its three Zones with their Zombies (Zone 3 far left, Zone 1 next to
the character), Wounds, Followers, Loot, hold cards and Location; the centre shows the dice
(kept, marked for reroll, locked Zombies), the Event die and the Mutant. The front end shows
the events itself: :data:`TEXT` turns each into its line of text.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from zedlab.core.events import EventText

from .scoring import SOLO_THRESHOLDS

ICONS = {"bat": "BAT", "gun": "GUN", "run": "RUN", "search": "SRCH", "book": "BOOK", "zombie": "ZOMB"}

LEGEND = (
    "Zones: Z3 / Z2 / Z1 = Zombies in Zone 3 (farthest), Zone 2 and Zone 1 (next to the "
    "character; they wound on the next advance). Health left/total, VP = Survival Points; "
    "'> ' marks the player whose turn it is. Action dice: BAT, GUN, RUN, SRCH (search), BOOK, "
    "ZOMB (zombie); [kept] kept, {to reroll} marked for reroll, ?not yet decided?, <locked "
    "Zombie> a Zombie die that cannot be rerolled, * the Bonus die; 2:BOOK = die 2 shows a Book "
    "(the number the options use)."
)
"""What the table's signs mean (the ``legend`` command)."""


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
    t.add_row("Health", health + Text("  " + health_words(p["health"], p["wounds"]) + ("  DEAD" if p["dead"] else "")))
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
    t.add_row("VP", vp_words(p))
    title = f"Seat {p['seat']}: {p['character_name']}" + ("  <- turn" if current else "") + ("  (you)" if you else "")
    return Panel(t, title=title, border_style="bold cyan" if current else "white", width=52)


def vp_words(p: dict[str, Any]) -> str:
    """A player's Victory Points as scored now, with their parts: ``"VP 7 (Health 3 +
    Followers 4)"`` (rulebook "Final Scoring": Health left, Followers' values, Mutant tokens)."""
    followers = sum(f["vp"] for f in p["followers"])
    mutant = p["mutant_tokens"]
    health = p["vp"] - followers - mutant
    parts = [f"Health {health}"] + [f"Followers {followers}"] * bool(followers) + [f"Mutant {mutant}"] * bool(mutant)
    return f"VP {p['vp']} ({' + '.join(parts)})"


def dice_row(view: dict[str, Any], numbered: bool = False) -> Text:
    """The Action dice: [kept], {marked for reroll}, ?undecided?, <locked Zombie>; then the
    Event die. ``numbered``: each die with its number (``2:BOOK``) and no key (the compact
    table's line)."""
    out = Text()
    for i, sym in enumerate(view["dice"]):
        label = (f"{i + 1}:" if numbered else "") + ICONS[sym] + ("*" if i == 5 else "")
        if view["locked"][i]:
            out += Text(f"<{label}> ", style="bold red")
        elif view["selected"][i]:
            out += Text(f"{{{label}}} ", style="yellow")
        elif view["turn_step"] == "reroll" and view["rerolls_left"] > 0 and not view.get("decided", [True] * 6)[i]:
            out += Text(f"?{label}? ", style="cyan")
        else:
            out += Text(f"[{label}] ", style="bold")
    if view["event_die"]:
        out += Text(f"  Event die: {view.get('event_die_name') or view['event_die']}", style="magenta")
    out += Text(f"  {rerolls_words(view['rerolls_left'])}")
    if view["fled"]:
        out += Text("  (fled)", style="dim")
    if view["dice"] and not numbered:
        out += Text("   [kept] {to reroll} ?not yet decided? <locked Zombie> *Bonus die", style="dim")
    return out


def seat_names(game_view: dict[str, Any]) -> list[str]:
    """Each seat's character (``"The Athlete"``): the terminal names seats by them in its
    headings and event lines."""
    return [p["character_name"] for p in game_view["public"]["players"]]


def render(game_view: dict[str, Any], seat: int | None) -> RenderableType:
    """The whole table as seen by ``seat`` (``None``: a spectator), from the game's view
    (``{"public": ..., "private": ...}``)."""
    view = game_view["public"]
    boards = [board(p, p["seat"] == view["current"], p["seat"] == seat) for p in view["players"]]
    status = Table.grid(padding=(0, 2))
    status.add_row(
        f"Turn {view['turn']}",
        f"step: {view['turn_step']}",
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
        extra.append(Text(solo_goal(view)))
    elif view["town_line_needs"]:
        total = sum(len(p["followers"]) for p in view["players"])
        extra.append(Text(f"Town Line needs {view['town_line_needs']} Followers in play (now {total})"))
    if view["declared_by"] >= 0:
        who = view["players"][view["declared_by"]]["character_name"]
        extra.append(Text(f"LAST ROUND declared by {who} (seat {view['declared_by']})", style="bold yellow"))
    if view["pending"]:
        pend = view["pending"]
        what = pend.get("name") or pend["kind"]
        src = pend.get("source_name") or pend["source"]
        extra.append(Text(f"Pending: {what}" + (f" (from {src})" if src else ""), style="yellow"))
    centre = Group(status, dice_row(view), *extra)
    parts: list[RenderableType] = [Columns(boards), Panel(centre, title="Table")]
    if view["end_reason"]:
        parts.append(Text(f"Game over: {view['end_reason']}", style="bold"))
    return Group(*parts)


# -- event texts ------------------------------------------------------------------------------

def _z(a: Any) -> str:
    z1, z2, z3 = a["zones"]
    return f"Zones 1/2/3: {z1}/{z2}/{z3}"


def _dice(a: Any) -> str:
    return " ".join(a["dice"])


def _moved_back(a: Any, seat: int | None) -> str:
    n, zone = a["n"], a["zone"]
    dest = "off the board" if zone == 3 else f"to Zone {zone + 1}"
    zs = "Zombie" if n == 1 else f"{n} Zombies"
    return f"{a['by']}: {zs} from Zone {zone} back {dest} ({_z(a)})."


def _advances(a: Any, seat: int | None) -> str:
    zone = a["zone"]
    to = "reaches the character" if zone == 1 else f"advances to Zone {zone - 1}"
    return f"{a['by']}: a Zombie in Zone {zone} {to}."


def _n(n: int, word: str) -> str:
    """``1 Zombie``, ``2 Zombies``: a count with its word in the right number."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def health_words(health: int, wounds: int) -> str:
    """One notation for Health everywhere: ``Health 2/5 (3 Wounds)``: what is left of the
    printed Health, then the Wound tokens taken."""
    return f"Health {max(0, health - wounds)}/{health} ({wounds} Wound{'' if wounds == 1 else 's'})"


def rerolls_words(n: int) -> str:
    """``1 reroll left`` / ``2 rerolls left``, the same words in the log and on the table."""
    return f"{n} reroll{'' if n == 1 else 's'} left"


def solo_goal(view: dict[str, Any]) -> str:
    """The solo goal at the view's level, and how far the player is. Source: rulebook,
    "Solo Rules" (HARD 9, VERY HARD 11, TOO HARD 12 Survival Points at the Town Line; the two
    harder levels survive one more full turn after it)."""
    level = view["solo_level"]
    need = SOLO_THRESHOLDS[level]
    extra = "" if level == "hard" else ", then survive one more full turn"
    found = "Town Line found" if view["town_line_found"] else "Town Line not found yet"
    vp = view["players"][0]["vp"]
    return f"Solo {level.upper()}: reach the Town Line alive with {need}+ Survival Points{extra} ({found}; now {vp})"


def _wounded(a: Any, seat: int | None) -> str:
    n, cause = a["n"], a["cause"]
    return (f"Seat {a['seat']} takes {n} Wound{'s' if n > 1 else ''}{' (' + cause + ')' if cause else ''}: "
            f"{health_words(a['health'], a['wounds'])}.")


def _dog(a: Any, seat: int | None) -> str:
    if a["to"] != a["seat"]:
        return f"The Heroic Dog takes a Wound for seat {a['seat']} and runs to seat {a['to']}."
    return f"The Heroic Dog takes a Wound for seat {a['seat']}."


def _hunt(a: Any, seat: int | None) -> str:
    short = f" ({a['short']} short: the reserve is empty)" if a["short"] > 0 else ""
    why = f" ({a['why']})" if a.get("why") else ""
    return f"Hunt: {a['n']} Zombie{'' if a['n'] == 1 else 's'} join Zone 3{why}{short}."


TEXT = EventText({
    "set-up": lambda a, seat: "Set-up: " + ", ".join(f"seat {i} ({name})" for i, name in enumerate(a["names"])),
    "turn": "-- Turn {turn}: seat {seat} ({name}).",
    "roll": lambda a, seat: f"Seat {a['seat']} rolls {_dice(a)}; Event die: {a['event']}.",
    "zombies-rise": lambda a, seat: f"Zombies Rise: {_n(a['n'], 'Zombie')} join Zones 2 and 3 ({_z(a)}).",
    "reroll": lambda a, seat: f"Reroll: {_dice(a)} ({rerolls_words(a['left'])}).",
    "flee": "Seat {seat} flees: {name}.",
    "tinker": lambda a, seat: f"Tinker: {_dice(a)}.",
    "hold-played": "Seat {seat} plays {name}.",
    "amulet-flip": "Amulet: die {die} turned to {face}.",
    "amulet-reroll": lambda a, seat: f"Amulet: the Zombies reroll: {_dice(a)}.",
    "bat": lambda a, seat: f"Bat: {_n(a['n'], 'Zombie')} down in Zone 1 ({_z(a)}).",
    "bat-thrown": lambda a, seat: f"Thrown Bat: {a['n']} Zombie down in Zone 2 ({_z(a)}).",
    "gun": lambda a, seat: f"Gun: {_n(a['n'], 'Zombie')} shot in Zone {a['zone']} ({_z(a)}).",
    "moved-back": _moved_back,
    "combo": "Dice Combo: {text}",
    "search": lambda a, seat: f"Search with {_n(a['n'], 'symbol')}.",
    "book": lambda a, seat: f"Book of the Dead with {_n(a['n'], 'symbol')}.",
    "zone-cleared": "Zone {zone} is cleared.",
    "steal": "Seat {seat} steals a Follower from seat {other}.",
    "swap": "Seat {seat} swaps Followers with seat {other}.",
    "follower-refused": "{name} is turned away.",
    "zombie-advances": _advances,
    "zombies-killed": lambda a, seat: f"{a['by']}: {_n(a['n'], 'Zombie')} killed in Zone {a['zone']} ({_z(a)}).",
    "zombies-join": lambda a, seat: f"{a['by']}: {_n(a['n'], 'Zombie')} join Zone {a['zone']} of seat {a['seat']} ({_z(a)}).",
    "extra-reroll": lambda a, seat: f"{a['by']}: +{a['n']} reroll{'' if a['n'] == 1 else 's'} ({rerolls_words(a['left'])}).",
    "bonus-die": "{by}: the Bonus die joins the next roll.",
    "no-hunt": "{by}: no Hunt Zombies this turn.",
    "mutant-regen": lambda a, seat: f"{a['by']}: the Mutant regains {_n(a['n'], 'Wound token')} ({a['tokens']}).",
    "zombies-rerolled": lambda a, seat: f"{a['by']}: the Zombie dice are rerolled: {_dice(a)}.",
    "advance": lambda a, seat: (
        f"Zombie Advance: {a['hit']} reach the character, {a['to1']} move to Zone 1, "
        f"{a['to2']} move to Zone 2 ({_z(a)})."
    ),
    "mutant-attacks": "The Mutant attacks: {name}.",
    "hunt": _hunt,
    "declared": "Seat {seat} reaches the edge of town with 5 Followers: the last round begins!",
    "game-over": "Game over: {reason}.",
    "dog-takes-wound": _dog,
    "wounded": _wounded,
    "killed": "Seat {seat} ({name}) is killed!",
    "healed": lambda a, seat: f"Seat {a['seat']} heals {a['n']}: {health_words(a['health'], a['wounds'])}.",
    "no-location": "No Location: only 1 Location may be taken per turn.",
    "location": "Seat {seat} reaches the {name}.",
    "town-line-solo": lambda a, seat: "The Town Line! Finish this turn" + (
        "." if a["level"] == "hard" else ", then survive one more full turn."
    ),
    "town-line-short": "The Town Line: only {total} Followers in play (needed {need}); the Location deck is reshuffled.",
    "event-ends": "The current Event {name} ends.",
    "event-held": "Seat {seat} keeps the hold card {name} for a later turn.",
    "event-current": "Current Event for everyone: {name}.",
    "event": "Event: {name}.",
    "loot-found": "Seat {seat} finds Loot: {name}.",
    "loot-used": "Seat {seat} uses {name}.",
    "follower-joins": "{name} follows seat {seat}.",
    "shy-girl-leaves": "The Shy Girl slips away to seat {to}.",
    "follower-flees": "{name} flees from seat {seat}.",
    "mutant-again": "The Mutant is summoned again: +{n} Wound tokens ({tokens}).",
    "mutant-appears": "The Mutant Zombie Boss appears before seat {seat} with {tokens} Wound tokens!",
    "mutant-hit": "Seat {seat} wounds the Mutant (+{n} VP token).",
    "mutant-falls": "The Mutant Zombie Boss falls... for now.",
})
"""The text of every event kind: one line of the terminal's log per event."""


# -- the compact table (small terminals) -------------------------------------------------------


def _player_line(p: dict[str, Any], current: bool, you: bool, width: int) -> Text:
    """One player in a line: the Zombies in Zones 3/2/1, Health, Survival Points, then the
    Followers, Loot, hold cards and Location by name."""
    text = Text("> " if current else "  ", style="bold cyan")
    name = p["character_name"] + (" (you)" if you else "")
    text.append(f"{name}: ", style="bold" if current else "")
    z1, z2, z3 = p["zones"]
    text.append("Z3 ", style="dim")
    text.append(str(z3), style="green")
    text.append(" Z2 ", style="dim")
    text.append(str(z2), style="yellow")
    text.append(" Z1 ", style="dim")
    text.append(str(z1), style="bold red")
    left = max(0, p["health"] - p["wounds"])
    text.append(f"  Health {left}/{p['health']}", style="red" if p["wounds"] else "green")
    if p["dead"]:
        text.append(" DEAD", style="bold red")
    text.append(f"  {vp_words(p)}")
    extras = []
    if p["followers"]:
        extras.append("Followers " + ", ".join(f["name"] for f in p["followers"]))
    if p["loot"]:
        extras.append("Loot " + ", ".join(
            lo["name"] + (f" ({lo['uses']})" if lo["uses"] else "") for lo in p["loot"]))
    if p["holds"]:
        extras.append("Hold " + ", ".join(h["name"] for h in p["holds"]))
    if p["location"]:
        extras.append(f"at {p['location_name']}")
    if p["mutant_tokens"]:
        extras.append(f"Mutant VP {p['mutant_tokens']}")
    if extras:
        text.append("  " + "; ".join(extras), style="dim")
    text.truncate(width, overflow="ellipsis")
    return text


def _compact_dice(view: dict[str, Any]) -> Text:
    """The dice line of the compact table: :func:`dice_row` with the dice numbered (as
    the options name them) and without the key."""
    return dice_row(view, numbered=True)


def render_compact(
    game_view: dict[str, Any], seat: int | None, *, width: int = 80, height: int = 14
) -> RenderableType:
    """The table in a few lines for a small terminal: a line per player (Zones 3/2/1,
    Health, VP, Followers and cards), the acting player's Skill and Combo, the dice, and the
    turn's status (Event, Mutant, Town Line or solo goal, what is pending).

    Args:
        game_view: what ``game.view(state, seat)`` returned.
        seat: the seat on screen (``None``: a spectator).
        width: columns.
        height: the lines the terminal can give the table (the key of the dice signs is
            shown only with room to spare).
    Returns:
        a Rich renderable.
    """
    view = game_view["public"]
    parts: list[RenderableType] = [
        _player_line(p, p["seat"] == view["current"], p["seat"] == seat, width) for p in view["players"]
    ]
    acting = view["players"][view["current"]] if 0 <= view["current"] < len(view["players"]) else None
    if acting is not None and not view["end_reason"]:
        skill = Text(f"  Skill: {acting['ability']}", style="dim")
        skill.truncate(width, overflow="ellipsis")
        combo = Text(f"  Combo {' + '.join(acting['combo'])}: {acting['combo_text']}", style="dim")
        combo.truncate(width, overflow="ellipsis")
        parts += [skill, combo]
    if view["dice"]:
        parts.append(_compact_dice(view))
    status = Text(f"Turn {view['turn']}, {view['turn_step']}; reserve {view['reserve']}")
    if view["current_event_name"]:
        status.append(f"; Event: {view['current_event_name']}", style="magenta")
    mutant = view["mutant"]
    if mutant["active"]:
        before = view["players"][mutant["seat"]]["character_name"] if 0 <= mutant["seat"] < len(view["players"]) else "?"
        status.append(f"; MUTANT before {before}: {mutant['tokens']} Wounds", style="bold red")
    if view["solo_level"]:
        status.append("; " + solo_goal(view))
    elif view["town_line_needs"]:
        total = sum(len(p["followers"]) for p in view["players"])
        status.append(f"; Town Line needs {view['town_line_needs']} Followers (now {total})")
    parts.append(status)
    if view["declared_by"] >= 0:
        who = view["players"][view["declared_by"]]["character_name"]
        parts.append(Text(f"LAST ROUND declared by {who}", style="bold yellow"))
    if view["pending"]:
        pend = view["pending"]
        src = pend.get("source_name") or pend["source"]
        parts.append(Text(f"Pending: {pend.get('name') or pend['kind']}" + (f" (from {src})" if src else ""),
                          style="yellow"))
    if view["end_reason"]:
        parts.append(Text(f"Game over: {view['end_reason']}", style="bold"))
    if view["dice"] and len(parts) < height:
        parts.append(Text("[kept] {to reroll} ?not yet decided? <locked Zombie> *Bonus die", style="dim"))
    return Group(*parts)
