"""The Survive Alive table in the terminal (Rich), drawn from a seat's view only.

Layout: the round track and this round's Event cards (and the coming ones if a Watch Tower
look revealed them); the seat's Base sheet (barricades on the four sides, Watch Towers on the
corners, the grid of middle facilities; built, lost 'X' or empty); its characters with
wounds and weapons; the cubes behind its screen (own only); its trackers; the other players'
bases in short; the Community Map. The events are the front end's to show; their texts
are :data:`TEXT`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from zedlab.core.events import EventText
from zedlab.core.textfit import fit_lines, word_breaks

from .content import CUBES, pack
from .rules import SIDE_WORDS, a_or_an, counted, zeds_words

PHASES = {"bases": "choosing Base sheets", "draft": "drafting characters", "spend": "1. spend resource cubes",
          "discard": "2. discard resource cubes", "scavenge": "3. scavenging", "events": "4. Event cards",
          "roundend": "5. round end", "over": "game over"}
"""The rulebook's words for each phase ("Game Play: Overview")."""
SHORT_PHASES = {"bases": "Base choice", "roundend": "round end", "over": "game over"}
"""The compact header's names of the phases whose ids are not words (others: the id)."""


def _points(args: Any, seat: int | None) -> str:
    n = args["points"]
    return f"Seat {args['seat']} gains {n} influence point{'' if n == 1 else 's'}"


def _scores(args: Any, seat: int | None) -> str:
    return "final scores: " + ", ".join(f"Seat {i} {s}" for i, s in enumerate(args["scores"]))


def _made(args: Any) -> str:
    """`` = 5 Zeds on Event A4 + round 1`` (where an attack's strength comes from), when told."""
    return f" = {args['made']}" if args.get("made") else ""


TEXT = EventText({
    # set-up
    "base-chosen": "Seat {seat} takes the {base}",
    "drafted": "Seat {seat} drafts {char}",
    # spending (what is paid stays behind the screen: the seat's own events)
    "built": "Seat {seat} builds {what} for {cost}",
    "workshop-cube": "Seat {seat}'s Workshop saves one {cube} on each later facility except barricades",
    "forged": "Seat {seat} forges {weapon} for {char} for {cost}",
    "wound-removed": "Seat {seat} removes a Wound token from {char}",
    "healed": "Seat {seat} heals a wound of {char} for {cost}",
    "florence-healed": "Florence is healed in round {round}",
    "peeked": "Seat {seat} looks at the coming Event cards ({paid}): {cards}",
    "traded": "Seat {seat} trades for a {cube} cube",
    "traded-nothing": "Seat {seat} trades for a {cube} cube, but the bag has none left",
    "offer-accepted": "Seat {by} and Seat {to} make a 1:1 trade",
    "offer-gave": "Seat {seat} gives a {give} cube to Seat {to} for a {want} cube",
    "offer-took": "Seat {seat} takes a {give} cube from Seat {by} for a {want} cube",
    "offer-refused": "Seat {to} refuses Seat {by}'s offer",
    "multiplied": "Seat {seat} puts a {cube} cube on a Resource Multiplier square (5 {cube})",
    "multiplied-discarded": "Seat {seat} has no real {cube} cube to swap for a multiplied one: it is discarded",
    "bag-empty": "The bag has no {cube} cube left for Seat {seat}",
    # scavenging
    "party-sent": "Seat {seat} sends {names} scavenging",
    "called-back": "Seat {seat}: {names} {verb} at the Base (no scavenge made)",
    "scavenged": ("Seat {seat}: {names} {verb} the {place} ({food} food): "
                  "strength {power} vs Zed strength {zeds}, {result}"),
    "crossed-out": "The card also crosses out the {place}",
    "influence": _points,
    "met": "Seat {seat} meets {char}",
    "shares-food": "Seat {seat} meets {char}, who shares {food} food",
    "target-found": "Seat {seat} finds {char}!",
    "weapon-found": "Seat {seat} finds {weapon} for {char}",
    "let-go": "Seat {seat} lets {char} go to make room",
    "recruited": "Seat {seat} adds {char} to the group",
    "left": "Seat {seat} leaves {char}",
    "wounded": lambda a, seat: f"Seat {a['seat']}: {a['char']} is wounded ({a['wounds']} wound{'' if a['wounds'] == 1 else 's'})",
    "no-wound-token": "no Wound token left for {char}",
    "died": "Seat {seat}: {char} dies",
    # the Event cards
    "event-cards": "Round {round} Event cards: {cards}",
    "placed": "Seat {seat} places {char} on the {side} side",
    "held": lambda a, seat: (f"Seat {a['seat']} holds the {a['side']} side ({counted(a['shields'], 'shield')} vs "
                             f"attack strength {a['zeds']}{_made(a)})"),
    "failed": lambda a, seat: (f"Seat {a['seat']} fails on the {a['side']} side ({counted(a['shields'], 'shield')} "
                               f"vs attack strength {a['zeds']}{_made(a)}): deficit {a['deficit']}"
                               + (f" ({a['why']})" if a.get("why") else "")),
    "breached": lambda a, seat: (f"Seat {a['seat']}'s Base is breached from the {a['side']} "
                                 f"({counted(a['shields'], 'shield')} vs attack strength {a['zeds']}{_made(a)}): "
                                 f"{a['lost']}"),
    "facility-lost": "Seat {seat} loses {what}",
    "command-centre-finds": "Seat {seat}'s Command Centre finds {char}",
    "takes-in": "Seat {seat} takes in {char}",
    "scavengers-home": "Seat {seat}'s scavengers return to the Base",
    # the round end and the objectives
    "income": "Seat {seat} gains {cubes} (gardens, Radio, abilities)",
    "event-cubes": "Seat {seat} draws {cubes} from the bag ({card}'s cubes, behind the screen)",
    "fed": lambda a, seat: f"Seat {a['seat']} feeds {a['fed']} of {a['of']} character{'' if a['of'] == 1 else 's'}",
    "morale": "Seat {seat}: morale is high",
    "cube-lost": "Seat {seat} loses a {cube} cube (unmet needs)",
    "instant": "Seat {seat} achieves '{name}' (+{points})",
    "leader": "Seat {seat} takes the Leader card '{name}'",
    "final-round": "Round {round} ends after the attacks: final scoring",
    "final-scores": _scores,
})
"""The text of every Survive Alive event (the terminal's log lines)."""


LEGEND = ("Base sheet: ■ built, □ empty, X lost; B a Barricade, WT a Watch Tower (in the compact "
          "table: barricades built/places per side, N E S W). Characters: ✚ a Wound token (with two "
          "the ability is off, the third kills); tapped = the character's once-a-round ability "
          "has been used this round (it is ready again next round). Trackers: the boxes shaded "
          "and what the tracker is worth now (def defence, hea health, sca scavenge, mor morale, "
          "bre breach). Map: (2f) the food a scavenge there costs; ✗ crossed out. Drawn: this "
          "round's Event cards, the Zeds on each, its side and its attack (Zeds + round).")
"""What the signs on the table mean (the ``legend`` command)."""


def third_person(label: str) -> str:
    """An option's label, which is worded as an order to the player ("Lose a herb cube"),
    as what a player does: ``"loses a herb cube"``.

    >>> third_person("Lose a herb cube"), third_person("Do not scavenge this round")
    ('loses a herb cube', 'does not scavenge this round')
    >>> third_person("Go scavenging with the chosen characters")
    'goes scavenging with the chosen characters'
    """
    verb, _, rest = label.partition(" ")
    verb = verb.lower()
    if verb in ("do", "go"):
        verb += "es"
    elif verb.endswith(("s", "sh", "ch", "x")):
        verb += "es"
    else:
        verb += "s"
    return f"{verb} {rest}".rstrip()


_DEFENDER = re.compile(r"^Where does (.+?) \(")
_REPLIES = {"offer-reply": "the offer", "recruit-accept": "the character"}


def choice_text(decision: Any, action: Any) -> str | None:
    """What a seat's choice did, after the seat's name, for the line the terminal prints
    when a bot chooses: ``"loses a herb cube"``, ``"takes the Quarry Base"``, ``"drafts
    Agatha"``, ``"places Bruce to defend the North side (...)"``; ``None``: the label as it is."""
    kind, label = decision.kind, action.label
    if not label:
        return None
    if label == "Done":  # not a verb: "Done" would read "dones"
        return "is done"
    if kind == "choose-base":
        return f"takes the {label}"
    if kind == "draft":
        return f"drafts {label.partition(':')[0]}"
    if kind == "place-defender":
        found = _DEFENDER.match(decision.prompt)
        if found:
            return f"places {found.group(1)} to d{label[1:]}"
    if kind in _REPLIES:
        return f"{third_person(label)} {_REPLIES[kind]}"
    return third_person(label)


ASK_SINGLE = frozenset({"breach-lose", "offer-reply"})
"""Decisions the terminal asks even with a single option: which facility a breach takes
(the player reads the loss before it happens) and the answer to another player's offer."""


def seat_names(view: dict[str, Any]) -> list[str | None]:
    """Each seat's Base sheet once chosen (``"Forest Base"``; ``None`` before): the terminal
    names seats by them in its headings and event lines."""
    table = flat(view)
    c = pack(table["content"])
    return [c.bases[p["base"]].name if p["base"] in c.bases else None for p in table["players"]]


def card_notes(view: dict[str, Any], texts: dict[str, str]) -> dict[str, str]:
    """The card texts the terminal shows beside a seat's options (``texts``: every card's,
    from ``card_texts``): until that seat has a Forge standing, the Forge's text goes only
    beside the option that builds one ("Build a Forge ..."), not beside the forging options
    (every one names the Forge: "Forge a weapon"), since its discount does not apply before
    one is built (``info Forge`` still tells it).

    Source: Survive Alive rulebook, "Facilities" (Forge)."""
    mine = (view.get("private") or {}).get("player")
    if mine is not None and any(_kind_of(slot) == "forge" for slot in mine["built"]):
        return texts
    forge = pack(flat(view)["content"]).facilities.get("forge")
    if forge is None or forge.name not in texts:
        return texts
    out = {k: v for k, v in texts.items() if k != forge.name}
    out[f"Build {a_or_an(forge.name)}"] = texts[forge.name]  # the option building one
    return out


def flat(view: dict[str, Any]) -> dict[str, Any]:
    """A seat's view as one table: the public part, the private part over it, and the
    seat's own player (with its cubes) in place of what everyone sees of it. A view already
    flat is returned as it is."""
    if "public" not in view:
        return view
    public, private = view["public"], view.get("private") or {}
    out = {"coming_events": [], "draft": None, "pending": None, **public, **private}
    mine = private.get("player")
    if mine is not None:
        out["players"] = [mine if p["seat"] == mine["seat"] else p for p in public["players"]]
    return out

CUBE_STYLE = {"wood": "rgb(150,90,40)", "metal": "grey62", "brick": "red", "food": "yellow",
              "herb": "green", "cloth": "white", "wild": "bold black on grey50"}
SHORT = {"bed": "Bed", "bathroom": "Bath", "food-garden": "FoodG", "herb-garden": "HerbG",
         "medical-room": "Med", "radio": "Radio", "command-centre": "CmdC", "workshop": "Wshop",
         "forge": "Forge", "storage": "Store"}


def _cell(slot_id: str, label: str, built: set[str], lost: set[str]) -> Text:
    if slot_id in lost:
        return Text(f"X{label}", style="bold red strike")
    if slot_id in built:
        return Text(f"■{label}", style="bold green")
    return Text(f"□{label}", style="dim")


def base_sheet(player: dict[str, Any], content: str = "packaged") -> Panel:
    """The Base sheet grid: towers on corners, barricades on sides, middle facilities."""
    c = pack(content)
    base = c.bases.get(player["base"])
    if base is None:
        return Panel(Text("no base chosen yet", style="dim"), title="Base")
    built, lost = set(player["built"]), set(player["lost"])

    def bars(side: str) -> Text:
        t = Text()
        for i in range(base.barricades.get(side, 0)):
            t.append_text(_cell(f"barricade-{side}-{i}", "B", built, lost))
            t.append(" ")
        return t

    grid = Table.grid(padding=(0, 1))
    cols = len(base.grid[0])
    for _ in range(cols + 2):
        grid.add_column(justify="center")
    top = [_cell("watch-tower-NW", "WT", built, lost)] + [Text("")] * cols + [_cell("watch-tower-NE", "WT", built, lost)]
    top[1 + cols // 2] = Text.assemble("N ", bars("N"))
    grid.add_row(*top)
    for r, row in enumerate(base.grid):
        cells = [_cell(f"{kind}-{r}-{col}", SHORT.get(kind, kind), built, lost) for col, kind in enumerate(row)]
        west = Text.assemble("W ", bars("W")) if r == 1 else Text("")
        east = Text.assemble(bars("E"), "E") if r == 1 else Text("")
        grid.add_row(west, *cells, east)
    bottom = [_cell("watch-tower-SW", "WT", built, lost)] + [Text("")] * cols + [_cell("watch-tower-SE", "WT", built, lost)]
    bottom[1 + cols // 2] = Text.assemble("S ", bars("S"))
    grid.add_row(*bottom)
    extra = f"  Workshop saves: 1 {player['workshop']} (not on barricades)" if player["workshop"] else ""
    return Panel(grid, title=f"{base.name} (seat {player['seat']}){extra}", border_style="cyan")


def characters(player: dict[str, Any], content: str = "packaged") -> Table:
    """Characters with wounds (red crosses), weapons and where they are."""
    c = pack(content)
    t = Table(title="Characters", show_edge=False)
    for col in ("Name", "Wounds", "Weapons", "Where", "Ability"):
        t.add_column(col)
    for ch in player["characters"]:
        wounds = Text("✚" * ch["wounds"], style="bold red") if ch["wounds"] else Text("-", style="dim")
        where = "scavenging" if ch["scavenging"] else ("away" if ch["away"] else "base")
        if ch["tapped"]:
            where += " (tapped: ability used this round)"
        ability = c.characters[ch["id"]].ability
        style = "dim" if ch["wounds"] >= 2 else ""
        t.add_row(ch["name"], wounds, ", ".join(ch["weapons"]) or "-", where, Text(ability, style=style))
    for dead in player["dead"]:
        name = c.characters[dead].name if dead in c.characters else dead
        t.add_row(Text(name, style="strike dim"), "dead", "", "", "")
    return t


def cubes(player: dict[str, Any], compact: bool = False) -> Text:
    """The cubes behind the screen (only drawn for the seat's own player or with screens
    down); ``compact``: one coloured square a colour before its count, not one a cube."""
    if player["cubes"] is None:
        return Text("cubes hidden behind the screen", style="dim")
    t = Text("Cubes: ")
    for colour in CUBES:
        n = player["cubes"][colour]
        if n:
            t.append("■" * (1 if compact else n), style=CUBE_STYLE[colour])
            t.append(f" {n} {colour}" + (", " if compact else "  "))
    if compact:
        t.rstrip()
        if t.plain.endswith(","):
            t.right_crop(1)
    stored = player.get("stored") or {}
    if any(stored.values()):
        t.append(" | stored: " + ", ".join(f"{n} {k}" for k, n in stored.items() if n))
    if player["scavenge_food"]:
        t.append(f" | food for scavenging: {player['scavenge_food']}", style="yellow")
    return t


def trackers(player: dict[str, Any], content: str = "packaged") -> Table:
    """The five shaded trackers with their current values, and influence."""
    c = pack(content)
    t = Table(title="Trackers", show_edge=False)
    t.add_column("Track")
    t.add_column("Boxes")
    t.add_column("Worth", justify="right")
    names = {"defence": "defence", "health": "health", "scavenge": "scavenge", "morale": "morale", "breach": "breach"}
    for key, track in names.items():
        values = c.tracker(track)
        n = player["trackers"][key]
        boxes = Text()
        for i, v in enumerate(values[1:]):
            boxes.append(f"[{v}]" if i >= n else f"■{v}", style="bold" if i < n else "dim")
        t.add_row(key, boxes, str(values[n]))
    t.add_row("influence", "", str(player["influence"]))
    return t


def header(view: dict[str, Any]) -> Text:
    view = flat(view) if "public" in view else view
    c = pack(view["content"])
    t = Text()
    for r in range(1, 7):
        style = "bold reverse" if r == view["round"] else ("strike dim" if r < view["round"] else "")
        t.append(f" R{r} ", style=style)
    t.append(f"  Round {min(view['round'], 6)} of 6   phase: {PHASES.get(view['phase'], view['phase'])}"
             f"   first player: seat {view['first_player']}")
    t.append(f"   Event cards this round: {view['events_this_round']}")
    if view["scenario"]:
        t.append(f"\nSolo Scenario {view['scenario']}: {MISSIONS[view['scenario']]}", style="bold magenta")
    for label, ids in (("drawn", view["drawn"]), ("coming (seen)", view["coming_events"])):
        if ids:
            t.append(f"\n{label}: ")
            for e in ids:
                ev = c.events[e]
                t.append(f"{ev.name}: attack {ev.zeds + view['round']} from the {SIDE_WORDS[ev.side]} "
                         f"({zeds_words(ev.zeds)} + round {view['round']})  ", style="bold red")
    return t


MISSIONS = {
    1: "find JoJo while scavenging before the end of round 6 (Ending 1); the game is lost "
       "if Bruce or JoJo dies",
    2: "build a Medical Room, find the medic Rick at the Hospital and heal Florence before the "
       "end of round 6 (Ending 1); the game is lost if Florence or Agatha dies",
}
"""Each solo scenario's goal in a line (Solo Scenario 1/2: Game Conditions)."""


def community_map(view: dict[str, Any]) -> Text:
    view = flat(view) if "public" in view else view
    c = pack(view["content"])
    t = Text("Map: ")
    for loc, crossed in sorted(view["locations"].items()):
        info = c.locations[loc]
        mark = "✗" if crossed else ""  # readable without colour too
        t.append(f"{mark}{info.name}({info.food}f) ", style="strike dim" if crossed else "")
    obj = ", ".join(c.objectives[o].name + f" [{c.objectives[o].type}]" for o in view["objectives"])
    t.append(f"\nObjectives: {obj}   Wound tokens in the pool: {view['wound_pool']}")
    return t


def others(view: dict[str, Any], seat: int | None) -> Table:
    c = pack(view["content"])
    t = Table(title="Players", show_edge=False)
    for col in ("Seat", "Base", "Characters", "Built", "Def/Hea/Sca/Mor/Bre", "Cubes"):
        t.add_column(col)
    for p in view["players"]:
        tr = p["trackers"]
        chars = ", ".join(f"{ch['name']}{'✚' * ch['wounds']}" for ch in p["characters"])
        cubes_text = "screened" if p["cubes"] is None else str(sum(p["cubes"].values()))
        base = c.bases[p["base"]].name if p["base"] in c.bases else "-"
        who = f"{p['seat']} (you)" if p["seat"] == seat else str(p["seat"])
        t.add_row(who, base, chars, str(len(p["built"])),
                  f"{tr['defence']}/{tr['health']}/{tr['scavenge']}/{tr['morale']}/{tr['breach']}", cubes_text)
    return t


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """Draw the table for ``seat`` (``None``: a spectator sees every base, no cubes). The
    front end shows the events itself."""
    view = flat(view)
    parts: list[RenderableType] = [header(view)]
    mine = [p for p in view["players"] if p["seat"] == seat]
    cdir = view["content"]
    for p in mine or view["players"]:
        parts += [base_sheet(p, cdir), characters(p, cdir), cubes(p), trackers(p, cdir)]
    if view.get("draft"):
        c = pack(cdir)
        offered = Table(title="Character cards offered", show_edge=False)
        offered.add_column("Name")
        offered.add_column("Ability")
        for cid in view["draft"]:
            offered.add_row(c.characters[cid].name, c.characters[cid].ability)
        parts.append(offered)
    if mine and len(view["players"]) > 1:
        parts.append(others(view, seat))
    parts.append(community_map(view))
    if view.get("scores"):
        for i, lines in enumerate(view["scores"]):
            parts.append(Text(f"seat {i}: {counted(sum(lines.values()), 'point')}  " + ", ".join(f"{k} {v}" for k, v in lines.items()), style="bold"))
    return Group(*parts)


# -- the compact table (small terminals) -------------------------------------------------------


def _kind_of(slot: str) -> str:
    """``"barricade-N-0"`` -> ``"barricade"``, ``"watch-tower-NW"`` -> ``"watch-tower"``,
    ``"food-garden-1-2"`` -> ``"food-garden"``."""
    parts = slot.split("-")
    while parts and (parts[-1].isdigit() or parts[-1] in SIDE_WORDS):
        parts.pop()
    return "-".join(parts)


def _fit(text: Text, width: int) -> Text:
    text.truncate(width, overflow="ellipsis")
    return text


def base_line(player: dict[str, Any], content: str, width: int) -> Text:
    """A Base sheet in a line: barricades built per side, Watch Towers, the middle
    facilities built (short names as on the sheet) and those lost."""
    return _fit(_base_text(player, content), width)


def _base_text(player: dict[str, Any], content: str) -> Text:
    c = pack(content)
    base = c.bases.get(player["base"])
    if base is None:
        return Text("Base: none chosen yet", style="dim")
    built, lost = player["built"], set(player["lost"])
    text = Text(f"{base.name}: ", style="bold cyan")
    sides = []
    for side in ("N", "E", "S", "W"):
        have = sum(1 for b in built if b.startswith(f"barricade-{side}-"))
        sides.append(f"{side}{have}/{base.barricades.get(side, 0)}")
    towers = sum(1 for b in built if b.startswith("watch-tower-"))
    text.append("barricades " + " ".join(sides) + f", towers {towers}/4")
    middle = _counted_names(SHORT.get(_kind_of(b), _kind_of(b)) for b in built
                            if not b.startswith(("barricade-", "watch-tower-")))
    text.append("; built " + (", ".join(middle) if middle else "-"))
    if lost:
        text.append("; lost " + ", ".join(_counted_names(SHORT.get(_kind_of(b), _kind_of(b))
                                                         for b in sorted(lost))), style="red")
    if player["workshop"]:
        text.append(f"; Workshop saves 1 {player['workshop']}")
    return text


def _counted_names(names: Iterable[str]) -> list[str]:
    """Each name once, in order of first sight, with its count when more than one:
    ``["Bed", "Store", "Bed"]`` -> ``["Bed×2", "Store"]``."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [name if n == 1 else f"{name}×{n}" for name, n in counts.items()]


def characters_line(player: dict[str, Any], width: int) -> Text:
    """The characters in a line: name, wounds (✚), weapons and where they are (``width``
    0: uncut)."""
    text = Text("Characters: ", style="bold")
    items = []
    for ch in player["characters"]:
        where = "scavenging" if ch["scavenging"] else ("away" if ch["away"] else "")
        if ch["tapped"]:
            where = (where + " tapped").strip()
        bits = [b for b in (", ".join(ch["weapons"]), where) if b]
        items.append(ch["name"] + "✚" * ch["wounds"] + (f" ({'; '.join(bits)})" if bits else ""))
    text.append(", ".join(items) or "-")
    if player["dead"]:
        text.append(f"; dead: {len(player['dead'])}", style="dim")
    return _fit(text, width) if width else text


def trackers_line(player: dict[str, Any], content: str, width: int) -> Text:
    """The five trackers in a line: boxes shaded / of, and what each is worth now."""
    c = pack(content)
    text = Text("Trackers (boxes: worth): ", style="bold")
    items = []
    for key in ("defence", "health", "scavenge", "morale", "breach"):
        values = c.tracker(key)
        n = player["trackers"][key]
        items.append(f"{key[:3]} {n}:{values[n]}")
    text.append(" ".join(items) + f"; influence {player['influence']}")
    return _fit(text, width)


def other_line(player: dict[str, Any], content: str, width: int) -> Text:
    """Another player's Base in a line (what everyone sees of it), named as the terminal
    names the seat (its Base sheet, then the seat): characters with wounds, facilities
    built, influence, the five trackers' shaded boxes, and the cubes when screens are down.
    Cut to ``width``; :func:`render_compact` wraps it when it has the room."""
    text = _other_text(player, content)
    return _fit(text, width)


def _other_text(player: dict[str, Any], content: str) -> Text:
    c = pack(content)
    seat = player["seat"]
    tr = player["trackers"]
    chars = ", ".join(f"{ch['name']}{'✚' * ch['wounds']}" for ch in player["characters"]) or "-"
    who = f"{c.bases[player['base']].name} (seat {seat})" if player["base"] in c.bases else f"Seat {seat} (no base yet)"
    text = Text(f"{who}: ", style="bold")
    text.append(f"{chars}; built {len(player['built'])}; influence {player['influence']}; "
                f"def/hea/sca/mor/bre {tr['defence']}/{tr['health']}/{tr['scavenge']}/{tr['morale']}/"
                f"{tr['breach']}")
    if player["cubes"] is not None:
        text.append(f"; {counted(sum(player['cubes'].values()), 'cube')}")
    return text


def events_line(label: str, ids: list[str], round_no: int, content: str = "packaged") -> str:
    """Event cards as the compact table shows them, in the log's words with their attack:
    ``"Drawn (attack = Zeds + round 2): Event B4 (5 Zeds from North) attack 7"``.
    Source: "4. Draw Event Cards", Step 1 (the attack is the Zeds plus the round)."""
    c = pack(content)
    cards = "; ".join(f"{c.events[e].name} ({zeds_words(c.events[e].zeds)} from "
                      f"{SIDE_WORDS[c.events[e].side]}) attack {c.events[e].zeds + round_no}" for e in ids)
    return f"{label} (attack = Zeds + round {round_no}): {cards}"


def render_compact(
    view: dict[str, Any], seat: int | None, *, width: int = 80, height: int = 14
) -> RenderableType:
    """The table in a few lines for a small terminal: the round and the Event cards, the
    seat's Base, characters, cubes and trackers a line each, a line per other player, the
    Community Map and the objectives.

    Args:
        view: what ``game.view(state, seat)`` returned.
        seat: the seat on screen (``None``: a spectator sees every Base in short).
        width: columns.
        height: the lines the terminal can give the table.
    Returns:
        a Rich renderable.
    """
    view = flat(view)
    cdir = view["content"]
    c = pack(cdir)
    head = Text(f"Round {min(view['round'], 6)}/6 {SHORT_PHASES.get(view['phase'], view['phase'])}; first: seat {view['first_player']}; "
                f"Event cards this round {view['events_this_round']}; Wound tokens {view['wound_pool']}",
                style="bold")
    parts: list[Text] = [_fit(head, width)]
    if view["scenario"]:
        parts.append(_fit(Text(f"Solo Scenario {view['scenario']}: {MISSIONS[view['scenario']]}",
                               style="bold magenta"), width))
    for label, ids in (("Drawn", view["drawn"]), ("Coming (seen)", view["coming_events"])):
        if ids:
            parts.append(fit_lines(Text(events_line(label, ids, view["round"], cdir), style="bold red"),
                                   width, 2))
    mine = [p for p in view["players"] if p["seat"] == seat]
    # the lines of the seat's Base, cubes and the other players are cut to one line here,
    # and wrapped (a hanging indent) further down while the table stays within ``height``
    wraps: list[Text | tuple[Text, int]] = []
    for p in mine:
        held = cubes(p, compact=True)
        if held.plain.strip() == "Cubes:":
            held.append("none")
        wraps += [(_base_text(p, cdir), 3), (characters_line(p, 0), 2), (held, 2),
                  trackers_line(p, cdir, width)]
    if view.get("draft"):
        offered = "; ".join(f"{c.characters[cid].name}: {c.characters[cid].brief}" for cid in view["draft"])
        wraps.append(fit_lines(Text(f"Offered: {offered}"), width, 2))  # between words
    wraps += [(_other_text(p, cdir), 2) for p in view["players"] if p["seat"] != seat]
    places = " ".join(
        ("✗" if crossed else "") + f"{c.locations[loc].name}({c.locations[loc].food}f)"
        for loc, crossed in sorted(view["locations"].items()))
    wraps.append((Text(f"Map: {places}"), 3))
    tail: list[Text] = []
    obj = ", ".join(c.objectives[o].name + f" [{c.objectives[o].type}]" for o in view["objectives"])
    tail.append(_fit(Text(f"Objectives: {obj}"), width))
    if view.get("scores"):
        for i, lines in enumerate(view["scores"]):
            tail.append(_fit(Text(f"seat {i}: {counted(sum(lines.values()), 'point')}  "
                                  + ", ".join(f"{k} {v}" for k, v in lines.items()), style="bold"), width))
    # (the Map takes two lines before any line is wrapped further)
    fixed = sum(_rows(t) for t in [*parts, *tail]) + 1
    return Group(*parts, *_wrapped(wraps, width, height - fixed), *tail)


WRAP_INDENT = 2
"""Columns the later lines of a wrapped line of the compact table are indented by."""


def _rows(text: Text) -> int:
    return text.plain.count("\n") + 1


def _wrapped(parts: Sequence[Text | tuple[Text, int]], width: int, room: int) -> list[Text]:
    """``parts`` in about ``room`` lines of ``width``: a ``(text, most)`` pair in one line,
    then, in order while the room lasts, wrapped between words into up to ``most`` lines
    (later lines indented by :data:`WRAP_INDENT`), cut with "…" only where the room ends; a
    plain text as it is."""
    used = sum(_rows(p) if isinstance(p, Text) else 1 for p in parts)
    out: list[Text] = []
    for n, part in enumerate(parts):
        if isinstance(part, Text):
            out.append(part)
            continue
        text, most = part
        need = min(most, len(word_breaks(text.plain, width, WRAP_INDENT)) + 1)
        least = 2 if n == len(parts) - 1 else 1  # the last (the Map) has two lines of its own
        lines = max(min(least, need), min(need, 1 + max(0, room - used)))
        used += lines - 1
        out.append(fit_lines(text, width, lines, indent=WRAP_INDENT))
    return out
