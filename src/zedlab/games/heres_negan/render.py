"""Terminal drawing of a Here's Negan table with Rich, from a seat's view only.

The frame fits 100 columns and 40 lines for every playable scenario at 2-5 Survivors: the
map on the left (drawn by :mod:`.board.render`: Survivors by initial, lower case when
Incapacitated, Negan ``N``, Walkers ``W``/``w`` standing/prone, face-down Walker tokens
``?``, Supply tokens ``*``, fire ``^``, doors ``D``/``O``/``L``, Security tokens ``$``
(``%`` once secured), Entry Points ``l``/``m``/``h``, the EXIT ``X`` and Negan's route to
his target ``~``), and on the right the scenario and its goal, the round and phase, the
Threat with its band and Security value, the First Player, the Survivors and Negan's Stamina,
the last card drawn from each deck and the held Supply cards, with their texts.

The front end shows the events itself: :data:`TEXT` turns each into its line of text, in the
rulebook's words, with Survivors by name. A space is worded by its board label when the event
carries one (``at`` for ``space``, ``<key>_at`` for any other key such as ``frm``/``to``),
else by its number; an event kind with no text of its own is worded from its arguments.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from zedlab.core.events import Event, EventText

PHASES = {
    "setup": "Set-up", "survivor": "Survivor Phase", "walker": "Walker Phase",
    "negan": "Here's Negan!", "end": "End Phase",
}
SCENARIOS = {1: "Training Day", 2: "Anyone Home?", 3: "Clearing House"}
GOALS = {
    1: "Get Negan onto the EXIT (no score table: win or lose).",
    2: "Get Negan onto the EXIT.",
    3: "Get Negan onto the EXIT.",
}
"""Each scenario's Win Conditions, paraphrased. Source: rulebook, Scenarios 1-3."""
KEY = ("1-5 Survivor x down N Negan n start Ww Walker/prone ? token * Supply ^ fire ~ route "
       "DOL door/open/locked $% room/secured lmh Entry X EXIT d deploy # out = stairs "
       "@ duct B barrier g barrel KAGFY sites")
"""The map's key: every glyph the table can show."""
LEGEND = ("Spaces are named (c,r): column, row - the column is numbered along the top, the "
          "row at the left, so (0,2) is column 0 of row 2. "
          "Compact table (small terminals): the map a line per row, with the walls and doors "
          "between the spaces of a row (those between rows are left out: show draws the whole "
          "map); a line says which rows are shown when some are cut. A Survivor's line: its "
          "number on the map (> acting), Stamina, R Reputation, state, then its weapons and + "
          "the cards beside them. Secured n/m rooms: with m secured rooms the Threat does not "
          "rise in the End Phase.")
"""What the compact table's signs mean (the ``legend`` command prints it with :data:`KEY`)."""
FRAME_LINES = 28
"""Lines the table may take beside a short map (the rest of a 40-line terminal is for the
question and its options)."""
PANEL_MIN = 36
"""Narrowest side panel: below that the panel goes under the map."""


# -- content lookups (names for people; ids stay readable when the pack lacks them) --------
@lru_cache(maxsize=1)
def _pack() -> Any:
    from .content import BINDER

    try:
        return BINDER.load()
    except Exception:  # noqa: BLE001 - a broken pack must not stop the table being drawn
        return None


def _titled(card_id: str) -> str:
    return card_id.replace("-", " ").title()


def card_name(card_id: str) -> str:
    """The printed name of a weapon, Supply, Event, Room or Negan card id."""
    pack = _pack()
    if pack is not None:
        for table in ("weapons", "supply", "events", "rooms", "negan"):
            entry = getattr(pack, table, {}).get(card_id)
            if entry is not None and getattr(entry, "name", ""):
                return str(entry.name)
    return _titled(card_id)


def survivor_name(survivor_id: Any) -> str:
    """The printed name of a Survivor id (``"dwight"`` -> ``"Dwight"``)."""
    if not isinstance(survivor_id, str):
        return f"Survivor {survivor_id}"
    pack = _pack()
    entry = None if pack is None else pack.survivors.get(survivor_id)
    return str(entry.name) if entry is not None else _titled(survivor_id)


# -- the board of a view -----------------------------------------------------------------------
def view_board(view: Mapping[str, Any]) -> Any:
    """The board of a view's scenario and starting Survivors (a rigged test board for a
    scenario below 1)."""
    from .board import load_scenario

    if view["scenario"] < 1:
        from .common import BOARDS

        return BOARDS[view["scenario"]]
    return load_scenario(view["scenario"], view["survivor_count"])


def view_scene(view: Mapping[str, Any]) -> Any:
    """The board :class:`~.board.Scene` of a view (what the rules would build from the state)."""
    from .board import Scene

    standing = sorted(s["space"] for s in view["survivors"]
                      if s["space"] >= 0 and not s["removed"] and not s["incapacitated"])
    down = sorted(s["space"] for s in view["survivors"]
                  if s["space"] >= 0 and not s["removed"] and s["incapacitated"])
    negan = view["negan"]["space"]
    return Scene(
        open_doors=frozenset(view["open_doors"]), secured=frozenset(view["secured_rooms"]),
        survivors=tuple(standing), incapacitated=tuple(down),
        negan=negan if negan >= 0 else None,
        walkers=tuple(sorted(view["walkers"])), prone=tuple(sorted(view["prone"])),
        walker_tokens=tuple(sorted(view["walker_tokens"])),
        supplies=tuple(sorted(view["supplies"])),
        entry_points=tuple(sorted((int(e[0]), str(e[1])) for e in view["entry_points"])),
    )


def negan_route(board: Any, scene: Any) -> tuple[int, ...]:
    """The spaces of Negan's route to his target: the open route, else the one he would
    attempt; from his start point before he enters play."""
    from .board import initial_target, negan_plan

    if scene.negan is None:
        if board.negan_start is None:
            return ()
        scene = scene.replace(negan=board.negan_start)
    target = initial_target(board, scene)
    if not target:
        return ()
    try:
        plan = negan_plan(board, scene, target)
    except ValueError:
        return ()
    return plan.route if plan.open else (plan.attempted or plan.route)


# -- the frame ---------------------------------------------------------------------------------
def _header(view: Mapping[str, Any], with_goal: bool = True) -> Text:
    n = view["scenario"]
    title = SCENARIOS.get(n) or view_board(view).name.split(": ", 1)[-1]
    out = Text()
    out.append(f"Scenario {n}: {title}" if n >= 1 else "Test board", style="bold")
    out.append(f"  ({view['survivor_count']} Survivors)\n")
    within = f" Within {view['max_rounds']} rounds." if view.get("max_rounds") else ""
    if with_goal:
        out.append("Goal: " + goal(n, view["survivor_count"]) + within + "\n", style="italic")
    phase = PHASES.get(view["phase"], view["phase"])
    out.append(f"Round {view['round']}  {phase}  First Player: seat {view['first_player']}\n")
    top = view["threat_max"]
    style = "bold red" if view["threat"] >= top - 4 else "bold yellow"
    out.append("Threat ", style="bold")
    out.append(f"{view['threat']}/{top}", style=style)
    out.append(f" {view['band']}  Security value {view['security']}\n")
    secured, opened = len(view["secured_rooms"]), len(view["opened_rooms"])
    need = view["survivor_count"] + 1
    out.append(f"Rooms secured {secured} (Threat rises below {need}), opened {opened}")
    if view["fire"]:
        out.append(f"  fire x{len(view['fire'])}", style="bold red")
    return out


def goal(scenario: int, survivors: int) -> str:
    """The scenario's Win Conditions for people: its rules object's (Scenarios 4-12), else
    the paraphrase above."""
    from .scenarios import SCENARIOS as RULES

    if scenario in RULES:
        return RULES[scenario].goal(survivors)
    return GOALS.get(scenario, "Get Negan onto his target.")


def _stamina(have: int, top: int) -> Text:
    style = "green" if have * 2 > top else ("yellow" if have > 0 else "bold red")
    return Text(f"{have}/{top}", style=style)


def _survivors(view: Mapping[str, Any], seat: int | None) -> Table:
    """One row per Survivor: its map number, name, owner (several players), Stamina,
    Reputation and state (weapons and cards: :func:`_kit`)."""
    t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    t.add_column("#", no_wrap=True)
    t.add_column("Survivor", no_wrap=True)
    seats = len({s["seat"] for s in view["survivors"]}) > 1
    if seats:
        t.add_column("Seat", no_wrap=True, justify="right")
    t.add_column("Sta", no_wrap=True, justify="right")
    t.add_column("Rep", no_wrap=True, justify="right")
    t.add_column("State", no_wrap=True)
    active = view.get("active", -1)
    for n, s in enumerate(view["survivors"], start=1):
        me = s["index"] == active
        name = Text(("> " if me else "  ") + s["name"][:8],
                    style="bold cyan" if me else ("bold" if s["seat"] == seat else ""))
        cells: list[Any] = [Text(str(n), style="bold cyan"), name]
        if seats:
            cells.append(str(s["seat"]))
        if s["removed"]:
            t.add_row(*cells, Text("-", style="dim"), str(s["rep"]),
                      Text("removed", style="red"))
            continue
        state = []
        if s["incapacitated"]:
            state.append("Incap")
        if s["bitten"]:
            state.append("Bitten")
        if me:
            state.append("acting")
        elif s["activated"]:
            state.append("done")
        if s["plus"]:
            state.append(f"+1x{s['plus']}")
        if s["minus"]:
            state.append(f"-1x{s['minus']}")
        if s["incapacitated"]:
            state.append(f"(x at {s['at']})")
        t.add_row(*cells, _stamina(s["stamina"], s["max_stamina"]), str(s["rep"]),
                  Text(" ".join(state), style="red" if s["bitten"] or s["incapacitated"] else ""))
    return t


def _kit(view: Mapping[str, Any]) -> Text:
    """Each Survivor's equipped weapons and the cards beside them (wrapped, never cut)."""
    out = Text("Weapons: ", style="bold")
    first = True
    for n, s in enumerate(view["survivors"], start=1):
        if s["removed"]:
            continue
        kit = ", ".join(card_name(w) for w in s["equipped"]) or "none"
        if s["cards"]:
            kit += " + cards " + ", ".join(card_name(c) for c in s["cards"])
        out.append(("" if first else "; ") + f"{n} ")
        out.append(kit)
        first = False
    return out


def _negan(view: Mapping[str, Any], decks: bool = True) -> Text:
    n = view["negan"]
    out = Text("Negan ", style="bold magenta")
    out.append_text(_stamina(n["stamina"], n["max_stamina"]))
    out.append(" Stamina  " + (f"at {n['at']}" if n["space"] >= 0 else "not in play yet"))
    if view.get("actions_left") and view.get("active", -1) >= 0:
        who = view["survivors"][view["active"]]["name"]
        left = view["actions_left"]
        out.append(f"  {who}: {left} Action{'' if left == 1 else 's'} left", style="cyan")
    if decks:
        left = view["decks"]
        out.append(f"\nDecks: Event {left.get('event', 0)}, Room {left.get('room', 0)}, "
                   f"Negan {left.get('negan', 0)}, Supply {left.get('supply', 0)}; "
                   f"Walker tokens {view['walker_pile']}", style="dim")
    if view["lasting"]:
        out.append("\nIn play: " + ", ".join(card_name(c) for c in view["lasting"]))
    return out


DECK_NAMES = {"event": "Event", "room": "Room", "negan": "Negan", "supply": "Supply"}
HELD_LINES = 4
"""Held cards whose texts the side panel lists (more are counted)."""


def _text_of(view: Mapping[str, Any], card_id: str) -> tuple[str, str]:
    info = view.get("card_texts", {}).get(card_id, {})
    return str(info.get("name") or card_name(card_id)), str(info.get("text", ""))


def _cards(view: Mapping[str, Any], held_texts: bool = True) -> Table:
    """The last card drawn from each deck and the held Supply cards, each with its whole
    text (wrapped to the panel)."""
    t = Table.grid()
    t.add_column(overflow="fold")

    def line(label: str, card_id: str, style: str = "") -> Text:
        name, text = _text_of(view, card_id)
        out = Text(f"{label}: ", style="bold")
        out.append(f"{name} - {text}" if text else name, style=style)
        return out

    for deck, card_id in view.get("last_cards", {}).items():
        t.add_row(line(DECK_NAMES.get(deck, deck), card_id))
    pack = _pack()
    starting = set(getattr(pack, "weapons", {}) or {})
    held = [(s["name"], c) for s in view["survivors"] if not s["removed"]
            for c in (*s["equipped"], *s["cards"]) if c not in starting]
    if not held_texts:
        return t
    for who, card_id in held[:HELD_LINES]:
        t.add_row(line(who[:8], card_id, "dim"))
    if len(held) > HELD_LINES:
        t.add_row(Text(f"+{len(held) - HELD_LINES} more cards held (help lists them all)",
                       style="dim"))
    return t


def under_models(view: Mapping[str, Any]) -> str:
    """What lies under a model (hidden by its glyph): fire, Supply and Walker tokens,
    Security tokens, Entry Points, the EXIT: ``"Under models: fire under 1 Dwight (3,4)"``."""
    board = view_board(view)
    models: dict[int, str] = {}
    for n, s in enumerate(view["survivors"], start=1):
        if s["space"] >= 0 and not s["removed"]:
            models[s["space"]] = f"{n} {s['name']}"
    for w in view["walkers"]:
        models[w] = "a Walker"
    for w in view["prone"]:
        models[w] = "a prone Walker"
    if view["negan"]["space"] >= 0:
        models[view["negan"]["space"]] = "Negan"
    things: dict[int, list[str]] = {}

    def add(space: int, what: str) -> None:
        if space in models:
            things.setdefault(space, []).append(what)

    for f in view["fire"]:
        add(f, "fire")
    for sp in view["supplies"]:
        add(sp, "a Supply token")
    for sp in view["walker_tokens"]:
        add(sp, "a Walker token")
    secured = set(view["secured_rooms"])
    for room, sp in board.security.items():
        add(sp, "a secured room's Security token" if room in secured else "a Security token")
    for e in view["entry_points"]:
        add(int(e[0]), f"a {str(e[1]).title()} Entry Point")
    for sp in board.exits:
        add(sp, "the EXIT")
    if not things:
        return ""
    return "Under models: " + "; ".join(
        f"{' and '.join(what)} under {models[sp]} {board.label(sp)}"
        for sp, what in sorted(things.items()))


def render(game_view: dict[str, Any], seat: int | None) -> RenderableType:
    """The whole table as seen by ``seat`` (``None``: a spectator), from the game's view
    (``{"public": ..., "private": ...}``): the map with the side panel beside it (below it
    on a terminal too narrow for both), the key in whichever column is shorter."""
    from .board.render import coords_width, render_board

    view = game_view["public"]
    board = view_board(view)
    scene = view_scene(view)
    marks = {}
    for n, s in enumerate(view["survivors"], start=1):
        if s["space"] >= 0 and not s["removed"]:
            # digits for Survivors; an Incapacitated one is drawn "x" (its number in the
            # table's "Under models"/State columns)
            marks[f"x{n}" if s["incapacitated"] else str(n)] = s["space"]
    picture = render_board(board, scene, marks, legend=False, route=negan_route(board, scene),
                           fire=view["fire"], title=False, coords=True)
    hidden = under_models(view)

    def side(full: bool, with_goal: bool = True) -> RenderableType:
        gap = [Text("")] if full else []
        parts: list[RenderableType] = [_header(view, with_goal), *gap, _survivors(view, seat),
                                       _kit(view), *gap, _negan(view, decks=full),
                                       _cards(view, held_texts=full)]
        if hidden:
            parts.append(Text(hidden, style="yellow"))
        return Group(*parts)

    out: list[RenderableType] = [_Table(picture, (side(True), side(False), side(False, False)),
                                        2 * board.width + 1 + coords_width(board),
                                        Text(KEY, style="dim"))]
    if view["result"]:
        won = view["result"] == "win"
        out.append(Text(f"Game over: {'the Survivors win' if won else 'the Survivors lose'}"
                        f" - {view['reason']}", style="bold green" if won else "bold red"))
        dog = view.get("top_dog")
        if dog:
            line = (f"Top Dog: {' and '.join(dog['names'])} with {dog['rep']} Reputation"
                    f" (seat {', '.join(str(s) for s in dog['seats'])}).")
            if dog["score"] is not None:
                line += f" The Survivors' score: {dog['score']} (their Reputation together)."
            out.append(Text(line))
    return Group(*out)


def render_compact(game_view: dict[str, Any], seat: int | None, *, width: int = 80,
                   height: int = 14) -> RenderableType:
    """The table for a small terminal (80x24): the map a line per row, cut to the rows
    around the Survivors when it does not fit, beside a panel of the round, the Threat,
    Negan and the Survivors with their weapons (:func:`.compact.compact_table`)."""
    from .compact import compact_table

    return compact_table(game_view, seat, width=width, height=height)


class _Table:
    """The map and the side panel side by side when the terminal is wide enough, else one
    under the other; the key goes under the shorter column. The side panel is the first of
    ``sides`` (fullest first) no taller than the map or :data:`FRAME_LINES`."""

    def __init__(self, picture: RenderableType, sides: tuple[RenderableType, ...],
                 map_width: int, key: Text) -> None:
        self.picture, self.sides, self.map_width, self.key = picture, sides, map_width, key

    def __rich_console__(self, console: Any, options: Any) -> Any:
        def height(thing: RenderableType, width: int) -> int:
            return len(console.render_lines(thing, options.update(width=width), pad=False))

        width = options.max_width
        # one blank column between the map (its right wall) and the panel: the row numbers
        # at the map's left cost the rest
        panel = width - self.map_width - 1
        if panel < PANEL_MIN:
            yield self.picture
            yield self.key
            yield self.sides[-1]
            return
        map_lines = height(self.picture, self.map_width)
        key_left, key_right = height(self.key, self.map_width), height(self.key, panel)
        budget = max(map_lines, FRAME_LINES)
        best: tuple[int, RenderableType, bool] | None = None
        for candidate in self.sides:
            side_lines = height(candidate, panel)
            for key_under_map in (side_lines > map_lines, side_lines <= map_lines):
                frame = max(map_lines + key_left * key_under_map,
                            side_lines + key_right * (not key_under_map))
                if best is None or frame < best[0]:
                    best = (frame, candidate, key_under_map)
            if best is not None and best[0] <= budget:
                break
        assert best is not None
        _, side, key_under_map = best
        left: list[RenderableType] = [self.picture]
        right: list[RenderableType] = [side]
        (left if key_under_map else right).append(self.key)
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=self.map_width)
        grid.add_column(width=panel)
        grid.add_row(Group(*left), Group(*right))
        yield grid


# -- event texts ------------------------------------------------------------------------------
def _at(a: Mapping[str, Any], key: str = "space") -> str:
    label = a.get("at" if key == "space" else f"{key}_at")
    if isinstance(label, str) and label:
        return label
    value = a.get(key)
    return f"space {value}" if value is not None else "somewhere"


def _who(a: Mapping[str, Any], key: str = "survivor") -> str:
    return survivor_name(a.get(key))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _why(a: Mapping[str, Any]) -> str:
    why = a.get("why")
    return f" ({words(str(why))})" if why else ""


def words(text: str) -> str:
    """A reason for people: card ids in it become the cards' printed names (``"event
    brief-lull"`` -> ``"event Brief Lull"``)."""
    pack = _pack()
    if pack is None:
        return text
    out = []
    for word in text.split(" "):
        if "-" in word and any(word in getattr(pack, t, {}) for t in
                               ("weapons", "supply", "events", "rooms", "negan")):
            word = card_name(word)
        out.append(word)
    return " ".join(out)


def _roll(a: Mapping[str, Any], seat: int | None) -> str:
    faces = " ".join(str(f) for f in a.get("faces", []))
    dice = "+".join(a.get("dice", []))
    bang = ", a bang!" if a.get("bang") else ""
    what = f" for {words(str(a['why']))}" if a.get("why") else ""
    return f"Rolled {dice}{what}: {faces} = {_plural(a.get('hits', 0), 'hit')}{bang}."


def _rep(a: Mapping[str, Any], seat: int | None) -> str:
    change = a.get("change", 0)
    if not change:
        edge = "already 20" if a.get("rep") == 20 else "already 0"
        return f"{_who(a)}'s Reputation does not change{_why(a)}: {edge}."
    verb = "gains" if change > 0 else "loses"
    return f"{_who(a)} {verb} {abs(change)} Reputation{_why(a)}: now {a.get('rep')}."


def _stamina_text(a: Mapping[str, Any], seat: int | None) -> str:
    return f"{_who(a)} loses {a.get('lost')} Stamina{_why(a)}: {a.get('left')} left."


def _threat(a: Mapping[str, Any], seat: int | None) -> str:
    change = a.get("change", 0)
    sign = f"+{change}" if change > 0 else str(change)
    return f"Threat {sign}{_why(a)}: now {a.get('threat')}."


def _door(a: Mapping[str, Any]) -> str:
    """A door of an event by the spaces it joins (``door_at``), else its number."""
    return str(a.get("door_at") or f"door {a.get('door')}")


def _token_revealed(a: Mapping[str, Any], seat: int | None) -> str:
    die = a.get("die") or ""
    if not die:
        return f"Walker token at {_at(a)} revealed: a false alarm."
    return (f"Walker token at {_at(a)} revealed ({die} die): "
            f"{_plural(a.get('walkers', 0), 'Walker')}.")


def _game_over(a: Mapping[str, Any], seat: int | None) -> str:
    won = a.get("result") == "win"
    return f"{'The Survivors win' if won else 'The Survivors lose'}: {a.get('reason', '')}."


def _goal(a: Mapping[str, Any], token: bool) -> str:
    """Whom a Walker or token goes for, and why: the nearest by route (of those it sees)."""
    names = list(a.get("toward") or [])
    if not names:
        return ""
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    route = a.get("route", -1)
    if route < 0:
        far = "walls cut off every route"
    elif a.get("open", True):
        far = f"{_plural(route, 'space')} away by route"
    else:
        far = f"{_plural(route, 'space')} away through closed doors, no open route"
    if token:
        return f"towards {who}, the nearest in play, {far}"
    if a.get("sight"):
        return f"towards {who}, the nearest it sees, {far}"
    return f"it sees nobody: towards {who}, the nearest in play, {far}"


def _allocated(a: Mapping[str, Any], seat: int | None) -> str:
    """Which Walker attacks whom, and why: the only one it is next to, the spreading duty of
    Multiple Fights, or the First Player's choice (HN-R218, HN-R226-R228)."""
    target = "Negan" if a.get("target") in (None, "negan") else survivor_name(a.get("target"))
    near = list(a.get("near") or [])
    why = {
        "only": "the only one next to it",
        "spread": (f"next to {' and '.join(near)}; every Survivor next to a Walker is attacked"
                   " before any is attacked twice"),
        "chosen": f"next to {' and '.join(near)}; the First Player chose",
    }.get(a.get("why", ""), "")
    return f"The Walker at {_at(a)} will attack {target}" + (f" ({why})." if why else ".")


def _moved(what: str) -> Callable[[Mapping[str, Any], int | None], str]:
    def text(a: Mapping[str, Any], seat: int | None) -> str:
        why = a.get("why") or _goal(a, token=what.endswith("token"))
        why = f" ({why})" if why else ""
        return f"{what} moves from {_at(a, 'frm')} to {_at(a, 'to')}{why}."
    return text


def _action(a: Mapping[str, Any], seat: int | None) -> str:
    return f"{_who(a)} takes the {ACTION_NAMES.get(a.get('action', ''), a.get('action'))} Action."


def _result(ok: str, fail: str) -> Callable[[Mapping[str, Any], int | None], str]:
    def text(a: Mapping[str, Any], seat: int | None) -> str:
        good = a.get("success", a.get("star", a.get("ok", True)))
        return (ok if good else fail).format(who=_who(a), **{k: v for k, v in a.items()
                                                             if k != "who"})
    return text


def _attack(verb: str) -> Callable[[Mapping[str, Any], int | None], str]:
    def text(a: Mapping[str, Any], seat: int | None) -> str:
        out = f"{_who(a)} {verb} the Walker at {_at(a, 'target') if 'target' in a else _at(a)}"
        if a.get("weapon"):
            out += f" with {card_name(a['weapon'])}"
        if "attack" in a and "defense" in a:
            out += f": {a['attack']} against {a['defense']}"
        result = a.get("result")
        if result:
            out += f" - {RESULTS.get(result, result)}"
        return out + "."
    return text


def _walker_attack(a: Mapping[str, Any], seat: int | None) -> str:
    target = "Negan" if a.get("survivor") in (None, "negan") else _who(a)
    n = a.get("walkers", 1)
    out = f"{_plural(n, 'Walker')} attack{'s' if n == 1 else ''} {target}"
    if "attack" in a and "defense" in a:
        out += f": {a['attack']} against {a['defense']}"
    if a.get("lost"):
        out += f", {a['lost']} Stamina lost"
    if a.get("bite"):
        return out + ", a Bite!"
    return out + "."


def _count(a: Mapping[str, Any], *keys: str) -> int:
    for key in keys:
        value = a.get(key)
        if isinstance(value, list):
            return len(value)
        if isinstance(value, int):
            return value
    return 0


def _negan_moved(a: Mapping[str, Any], seat: int | None) -> str:
    path = a.get("path")
    out = "Negan moves"
    if path:
        out += f" {_plural(len(path), 'space')}"
    if "to" in a:
        out += f" from {_at(a, 'frm')} to {_at(a, 'to')}"
    elif path and isinstance(path[-1], int):
        out += f" to {a.get('end_at') or _at({'space': path[-1]})}"
    if a.get("why"):
        out += f" ({a['why']})"
    return out + "."


def _rage(a: Mapping[str, Any], seat: int | None) -> str:
    why = a.get("why") or a.get("reason") or a.get("reasons") or ""
    reasons = {
        "needs-door-or-unsecured-room": "his route needs a door opened or a room secured",
        "blocked": "his way is blocked",
        "adjacent-to-walker": "he is next to a Walker",
        "unsecured-room": "he is in an unsecured room",
    }
    if isinstance(why, list):
        why = "; ".join(reasons.get(w, str(w)) for w in why)
    else:
        why = reasons.get(why, why)
    return "Negan is enraged" + (f": {why}" if why else "") + "!"


def _card(deck: str) -> Callable[[Mapping[str, Any], int | None], str]:
    def text(a: Mapping[str, Any], seat: int | None) -> str:
        name = a.get("name") or card_name(str(a.get("card", "")))
        out = f"{deck} card: {name}"
        if a.get("survivor"):
            out += f" ({_who(a)})"
        return out + "."
    return text


def _supply_card(a: Mapping[str, Any], seat: int | None) -> str:
    name = a.get("name") or card_name(str(a.get("card", "")))
    return f"{_who(a)} finds {name}."


def _fallback(kind: str, a: Mapping[str, Any]) -> str:
    """Word an event kind with no text of its own from its arguments."""
    words = kind.replace("-", " ").capitalize()
    parts = []
    for key, value in a.items():
        if key in ("survivor", "who", "by") and isinstance(value, str):
            parts.append(survivor_name(value))
        elif key.endswith("_at") or key == "at":
            continue
        elif key in ("space", "frm", "to", "target") and isinstance(value, int):
            parts.append(f"{key if key != 'frm' else 'from'} {_at(a, key)}")
        elif key in ("card", "weapon") and isinstance(value, str):
            parts.append(card_name(value))
        elif isinstance(value, list):
            parts.append(f"{key} " + ", ".join(str(v) for v in value))
        else:
            parts.append(f"{key} {value}")
    return words + (": " + ", ".join(parts) if parts else "") + "."


ACTION_NAMES = {
    "move": "Move", "run": "Run", "fight": "Fight", "shoot": "Shoot",
    "hold-your-nerve": "Hold Your Nerve", "search": "Search", "secure": "Secure",
    "break-and-enter": "Break and Enter", "call-negan": "Call Negan",
    "clear-the-way": "Clear the Way!", "extinguish": "Extinguish", "make-noise": "Make NOISE",
    "recover-stamina": "Recover Stamina", "swap-items": "Swap Items",
}
RESULTS = {"miss": "no effect", "prone": "laid prone", "removed": "removed",
           "headshot": "a Headshot, removed", "killed": "removed"}

_TEMPLATES: dict[str, str | Callable[[Mapping[str, Any], int | None], str]] = {
    # set-up and the round
    "first-player": "Seat {seat} takes the First Player token.",
    "deployed": lambda a, s: f"{_who(a)} deploys at {_at(a)}.",
    "round": "Round {round} begins.",
    "phase": lambda a, s: f"{PHASES.get(a.get('phase', ''), a.get('phase'))}.",
    "game-over": _game_over,
    # dice, Reputation, Stamina, Threat
    "roll": _roll,
    "action-die": lambda a, s: (f"Action die{' for ' + a['why'] if a.get('why') else ''}: "
                                f"{'a star' if a.get('star') else 'blank'}."),
    "rep": _rep,
    "stamina": _stamina_text,
    "recovered": lambda a, s: f"{_who(a)} recovers {a.get('gained', a.get('amount', 0))} "
                              f"Stamina: {a.get('left', '?')} now.",
    "stood-up": lambda a, s: f"{_who(a)} stands up again.",
    "incapacitated": lambda a, s: f"{_who(a)} is Incapacitated.",
    "eliminated": lambda a, s: f"{_who(a)}, Bitten, is removed from play; a prone Walker takes "
                               "the space.",
    "bitten": lambda a, s: f"{_who(a)} is Bitten!",
    "negan-stamina": lambda a, s: f"Negan loses {a.get('lost')} Stamina{_why(a)}: "
                                  f"{a.get('left')} left.",
    "threat": _threat,
    "minus-token": lambda a, s: f"{_who(a)} discards a -1 Action token (one Action fewer).",
    "plus-token": lambda a, s: f"{_who(a)} discards a +1 Action token for an extra Action.",
    "action-token": lambda a, s: (f"{_who(a)} gains a {'+1' if a.get('delta', 1) > 0 else '-1'}"
                                  " Action token."),
    # Walkers and tokens
    "not-enough-walkers": "Not enough Walkers to place one!",
    "walker-removed": lambda a, s: f"Walker at {_at(a)} removed{_why(a)}.",
    "walker-placed": lambda a, s: f"A Walker is placed at {_at(a)}.",
    "walker-prone": lambda a, s: f"The Walker at {_at(a)} is laid prone.",
    "walker-stands": lambda a, s: f"The Dead Rise: the Walker at {_at(a)} stands up.",
    "tokens-reshuffled": "The Walker tokens are shuffled into a new pile.",
    "token-placed": lambda a, s: f"A Walker token is placed at {_at(a)}.",
    "token-revealed": _token_revealed,
    "doubtful-sight": lambda a, s: (f"A doubtful line of sight from {a.get('frm_at', a['frm'])} to "
                                    f"{a.get('to_at', a['to'])}: the Action die shows a star, it "
                                    "is seen this round"),
    "token-moved": _moved("A Walker token"),
    "walker-moved": _moved("A Walker"),
    "walker-attack": _walker_attack,
    "attack-target": lambda a, s: (f"The Walker at {_at(a, 'walker')} will attack "
                                   + ("Negan" if a.get("survivor") in (None, "negan")
                                      else _who(a)) + "."),
    "negan-attacked": lambda a, s: f"Negan fights {_plural(a.get('walkers', 1), 'Walker')}.",
    # NOISE, doors, rooms, supplies
    "noise": lambda a, s: f"NOISE at {_at(a)}{_why(a)}!",
    "door-opened": lambda a, s: f"{_door(a)[:1].upper()}{_door(a)[1:]} opens.",
    "door-broken": lambda a, s: f"{_who(a)} breaks {_door(a)} open.",
    "break-failed": lambda a, s: f"{_who(a)} fails to break {_door(a)} open.",
    "room-entered": lambda a, s: f"Entering a Room: {a.get('name') or 'room ' + str(a.get('room'))}.",
    "room-card": _card("Room"),
    "supply-placed": lambda a, s: f"A Supply token is placed at {_at(a)}.",
    "supply-removed": lambda a, s: f"The Supply token at {_at(a)} is removed.",
    "deck-reshuffled": lambda a, s: f"The {str(a.get('deck', '')).title()} deck is reshuffled.",
    "fire": lambda a, s: f"Fire at {_at(a)}!",
    "fire-placed": lambda a, s: f"Fire at {_at(a)}!",
    "extinguished": lambda a, s: f"The fire at {_at(a)} is put out.",
    "breach": lambda a, s: f"Breach: a Low Entry Point at {_at(a)}.",
    # the Survivor Phase
    "activation": lambda a, s: f"{_who(a)} activates.",
    "action": _action,
    "survivor-moved": lambda a, s: f"{_who(a)} moves to {_at(a, 'to')}.",
    "step": lambda a, s: f"{_who(a)} steps to {_at(a, 'to') if 'to' in a else _at(a)}.",
    "run": lambda a, s: f"{_who(a)} runs: {_plural(a.get('extra', 0), 'extra space')}.",
    "jump": _result("{who} jumps the barricade.", "{who} fails to jump the barricade."),
    "fight": _attack("fights"),
    "shoot": _attack("shoots"),
    "hold-your-nerve": _result("{who} holds their nerve.",
                               "{who} tries to hold their nerve, without effect."),
    "secure": _result("{who} secures the room!", "{who} fails to secure the room."),
    "search": lambda a, s: f"{_who(a)} searches the Supply token at {_at(a)}.",
    "supply-card": _supply_card,
    "equip": lambda a, s: f"{_who(a)} equips {card_name(str(a.get('weapon', a.get('card', ''))))}.",
    "swap": lambda a, s: f"{_who(a)} swaps items.",
    "call-negan": lambda a, s: f"{_who(a)} calls Negan.",
    "clear-the-way": lambda a, s: f"{_who(a)}: Clear the Way!",
    "extinguish": _result("{who} puts out the fire.", "{who} fails to put out the fire."),
    "make-noise": lambda a, s: f"{_who(a)} makes NOISE.",
    "recover-stamina": lambda a, s: f"{_who(a)} recovers {a.get('amount', 0)} Stamina.",
    "activation-end": lambda a, s: f"{_who(a)} ends the activation.",
    # the Walker Phase and Here's Negan!
    "event-card": _card("Event"),
    "event-survivor": lambda a, s: ("The Event card"
                                    + (f" {card_name(a['card'])}" if a.get("card") else "")
                                    + f" falls on {_who(a)}."),
    "negan-enters": lambda a, s: f"Here's Negan! He enters play at {_at(a)}.",
    "negan-moved": _negan_moved,
    "negan-rage": _rage,
    "negan-card": _card("Negan Action"),
    "negan-kills": lambda a, s: (f"Negan kills "
                                 f"{_plural(_count(a, 'removed', 'count', 'walkers'), 'Walker')}."),
    "negan-jab": lambda a, s: f"Negan jabs {_who(a)} with Lucille.",
    "negan-shout": "Negan shouts in anger: NOISE!",
    "negan-placed": lambda a, s: f"Negan leaves the unsecured room for {_at(a)}.",
    "reached": lambda a, s: f"Reached: {a.get('what', a.get('goal', ''))}.",
    # the wording of the phases' own event kinds
    "activation-ended": lambda a, s: f"{_who(a)} ends the activation.",
    "moved": lambda a, s: f"{_who(a)} ends the move at {_at(a)}.",
    "jumped": lambda a, s: f"{_who(a)} jumps the barricade to {_at(a, 'to')}.",
    "jump-failed": lambda a, s: f"{_who(a)} fails to jump the barricade.",
    "attack": lambda a, s: (f"{_who(a)} {'fights' if a.get('attack') == 'fight' else 'shoots'}"
                            f" the Walker at {_at(a, 'target')}"
                            + (f" with {card_name(a['weapon'])}" if a.get("weapon") else "")
                            + "."),
    "attack-missed": lambda a, s: f"{_who(a)} misses the Walker at {_at(a, 'target')}.",
    "knocked-prone": lambda a, s: f"The Walker at {_at(a)} is laid prone.",
    "stands-up": lambda a, s: f"{_who(a)} stands up again.",
    "secure-failed": lambda a, s: f"{_who(a)} fails to secure the room.",
    "room-secured": lambda a, s: (f"{_who(a)} secures the room." if a.get("survivor")
                                  else "The room is secured."),
    "searched": lambda a, s: (f"{_who(a)} searches at {_at(a)} and finds "
                              f"{card_name(str(a.get('card', '')))}."),
    "equipped": lambda a, s: f"{_who(a)} equips {card_name(str(a.get('card', '')))}.",
    "card-discarded": lambda a, s: f"{_who(a)} discards {card_name(str(a.get('card', '')))}.",
    "card-used": lambda a, s: f"{_who(a)} uses {card_name(str(a.get('card', '')))}.",
    "card-given": lambda a, s: (f"{survivor_name(a.get('frm'))} gives "
                                f"{card_name(str(a.get('card', '')))} to "
                                f"{survivor_name(a.get('to'))}."),
    "bonus-die": lambda a, s: f"A {a.get('die')} die is added to the roll.",
    "item-held": lambda a, s: (f"{_who(a)} keeps the item "
                               f"({str(a.get('effect', '')).replace('-', ' ')})."),
    "door-holds": lambda a, s: f"{_door(a)[:1].upper()}{_door(a)[1:]} holds.",
    "fire-out": lambda a, s: f"The fire at {_at(a)} is put out.",
    "call-failed": lambda a, s: f"{_who(a)} calls Negan, but lacks the Reputation: he ignores it.",
    "negan-called": lambda a, s: f"Negan answers the call and moves to {_at(a)}.",
    "attack-allocated": _allocated,
    "entry-point-blocked": lambda a, s: f"The Entry Point at {_at(a)} is blocked.",
    "entry-point-added": lambda a, s: (f"Breach: a {str(a.get('level', 'low')).title()} Entry "
                                       f"Point at {_at(a)}."),
    "no-entry-marker": "No Entry Point marker is left to place.",
    "no-action-token": lambda a, s: f"No Action token is left for {_who(a)}.",
    "no-fire-token": "No fire token is left to place.",
    "pitch-black": lambda a, s: "Pitch Black: the room just entered is dark.",
    "negan-enraged": _rage,
    "negan-card-unresolved": lambda a, s: (f"Negan is enraged: his card "
                                           f"{card_name(str(a.get('card', '')))} is discarded "
                                           "unresolved."),
    "negan-cannot-enter": lambda a, s: f"Negan cannot enter at {_at(a)}: the space is taken.",
    "negan-moves": _negan_moved,
    "negan-stopped": lambda a, s: f"Negan stops at {_at(a)}.",
    "negan-ejected": lambda a, s: (f"Negan leaves the unsecured room: from {_at(a, 'frm')} to "
                                   f"{_at(a, 'to')}."),
    "negan-stays": lambda a, s: f"Negan stays at {_at(a)} this round.",
    "negan-stops": lambda a, s: f"Negan stops at {_at(a)}{_why(a)}.",
    "starting-cards": lambda a, s: (f"{_who(a)} draws "
                                    + (", ".join(card_name(c) for c in a.get("cards", []))
                                       or "no card")
                                    + (" (Incidents shuffled back: "
                                       + ", ".join(card_name(c) for c in a["incidents"]) + ")"
                                       if a.get("incidents") else "") + "."),
    "starting-card": lambda a, s: f"{_who(a)} starts with {card_name(str(a.get('card', '')))}.",
    "inspection": lambda a, s: (f"Negan waits on the EXIT at {_at(a)}: Inspection from round "
                                f"{a.get('round')} ({a.get('secured')} of {a.get('needed')} "
                                "rooms secured)."),
    "board-room-first": lambda a, s: f"{_who(a)} is the first into the Board Room.",
    "first-to-enter": lambda a, s: f"{_who(a)} is the first into {a.get('name') or 'the room'}.",
    "repair-roll": lambda a, s: (f"{_who(a)} works on the generator: {a.get('total')} of "
                                 f"{a.get('needed')} needed."),
    "repair-failed": lambda a, s: f"{_who(a)} fails to repair the generator.",
    "generator-repaired": lambda a, s: f"{_who(a)} repairs the generator!",
    "heating-up": lambda a, s: f"{_who(a)} is heating up by the furnace.",
    "barrel-picked-up": lambda a, s: f"{_who(a)} picks up the barrel at {_at(a)}.",
    "barrel-put-down": lambda a, s: f"{_who(a)} puts the barrel down at {_at(a)}.",
    "barrel-deposited": lambda a, s: (f"{_who(a)} delivers a barrel at {_at(a)} "
                                      f"({a.get('deposited')} of {a.get('needed')})."),
    "barrel-lost": lambda a, s: f"{_who(a)}'s barrel is lost at {_at(a)}.",
    "barrel-dropped": lambda a, s: f"{_who(a)} drops the barrel at {_at(a)}.",
    "barrel-explodes": lambda a, s: f"The barrel at {_at(a)} explodes!",
    "seal-failed": lambda a, s: f"{_who(a)} fails to secure the Entry Point at {_at(a)}.",
    "entry-point-upgraded": lambda a, s: (f"{_who(a)} secures the Entry Point at {_at(a)}: it "
                                          f"is now {str(a.get('level', '')).title()}."),
    "entry-point-removed": lambda a, s: f"{_who(a)} secures and removes the Entry Point at {_at(a)}.",
    "condition-met": lambda a, s: f"Win Condition met: {str(a.get('condition', '')).replace('-', ' ')}.",
}


class HNEventText(EventText):
    """The event texts, with a readable wording for any kind without a text of its own."""

    __slots__ = ()

    def __call__(self, event: Event, seat: int | None) -> str:
        t = self.templates.get(event.kind)
        if t is None:
            return _fallback(event.kind, event.args)
        try:
            if isinstance(t, str):
                return t.format(**event.args)
            return str(t(event.args, seat))
        except (KeyError, TypeError, ValueError, AttributeError):
            return _fallback(event.kind, event.args)


TEXT = HNEventText(_TEMPLATES)
"""Text of every event the rules emit (see the module docstring for spaces)."""


# -- menus and help -----------------------------------------------------------------------------
MOVE_GROUPS = {"step": "Step to a space", "open-door": "Open a door", "jump": "Jump a barricade"}
ACTION_GROUPS = {
    "move": "Move", "run": "Move",
    "fight": "Attack", "shoot": "Attack",
    "search": "Rooms and Supplies", "secure": "Rooms and Supplies",
    "break-and-enter": "Rooms and Supplies", "swap-items": "Rooms and Supplies",
    "call-negan": "Negan", "clear-the-way": "Negan",
    "hold-your-nerve": "Other Actions", "extinguish": "Other Actions",
    "make-noise": "Other Actions", "recover-stamina": "Other Actions",
}


def option_paths(decision: Any, state: Any = None) -> tuple[tuple[str, ...], ...] | None:
    """Menu paths of a long decision: a Move's steps, doors and jumps apart (Stop at the top),
    the steps by direction when there are many; the spaces Negan may be called to by
    direction; the Actions by kind (+1 token and End at the top). ``None``: one flat list."""
    if decision.kind == "move":
        steps = sum(o.kind == "step" for o in decision.options)
        origin = _origin(state, "survivor")
        out: list[tuple[str, ...]] = []
        for o in decision.options:
            if o.kind == "step" and steps > STEPS_FLAT and origin is not None:
                out.append(("Step " + _direction(state, origin, int(o.value)),))
            else:
                out.append((MOVE_GROUPS[o.kind],) if o.kind in MOVE_GROUPS else ())
        return tuple(out)
    if decision.kind == "call-negan":
        origin = _origin(state, "negan")
        if origin is None:
            return None
        return tuple(("Negan " + _direction(state, origin, int(o.value)),)
                     if isinstance(o.value, int) else () for o in decision.options)
    if decision.kind == "choose-action":
        return tuple((ACTION_GROUPS.get(str(o.value), "Other Actions"),) if o.kind == "action"
                     else () for o in decision.options)
    return None


STEPS_FLAT = 8
"""A Move with more steps than this lists them by direction."""


def _origin(state: Any, who: str) -> int | None:
    if state is None:
        return None
    if who == "negan":
        return state.negan if state.negan >= 0 else None
    mover = getattr(state.stack[-1], "survivor", -1) if state.stack else -1
    if not 0 <= mover < len(state.survivors):
        mover = state.active
    if 0 <= mover < len(state.survivors):
        return int(state.survivors[mover].space)
    return None


def _direction(state: Any, origin: int, space: int) -> str:
    """Compass direction from ``origin`` to ``space`` (``"north-east"``; y grows southward)."""
    from .common import board

    b = board(state)
    (x0, y0), (x1, y1) = b.xy(origin), b.xy(space)
    ns = "north" if y1 < y0 else ("south" if y1 > y0 else "")
    ew = "west" if x1 < x0 else ("east" if x1 > x0 else "")
    return "-".join(w for w in (ns, ew) if w) or "here"


HELP: dict[str, tuple[str, str]] = {
    "deploy": ("Setting Up a Game",
               "Put this Survivor on a free space of the Deployment Zone; the First Player "
               "places first."),
    "choose-survivor": ("1. The Survivor Phase",
                        "Players take turns clockwise from the First Player, each activating "
                        "one Survivor not yet activated this round."),
    "choose-action": ("1. The Survivor Phase, Actions",
                      "The Survivor takes two different Actions (a +1 token allows an extra "
                      "one, even a repeat; a -1 token costs one). Incapacitated Survivors "
                      "may only Recover Stamina. End stops the activation."),
    "move": ("Move, Running, Doors, Barricades",
             "Step one space at a time (3 in all; a Run adds a blue roll and risks NOISE). No "
             "walls, closed doors or standing Walkers; diagonals need a clear corner. A closed "
             "door next to you opens freely (locked ones need Break and Enter); an unopened "
             "room is Entered at once. Jumping a barricade needs a star."),
    "fight": ("Fight, Fighting with Two Weapons",
              "Attack an adjacent Walker: a prone one is removed outright; otherwise your Fight "
              "dice must beat its red Defense die (prone; with a bang, removed). +1 Reputation "
              "per Walker removed. Two non-Bulky Fight weapons give a second attack."),
    "shoot": ("Shoot",
              "Attack a Walker in line of sight and within the weapon's range with your Shoot "
              "dice against its red Defense die; noisy weapons then make NOISE."),
    "search": ("Search",
               "Take the Supply card found: a weapon may be equipped now (replacing one in "
               "that hand) or kept beside the card for a later Swap Items."),
    "swap-items": ("Swap Items",
                   "Equip weapons you carry and/or trade cards with one Survivor within 3 "
                   "spaces and line of sight."),
    "break-and-enter": ("Break and Enter",
                        "Roll the Action die at a locked door next to you: a star opens it. "
                        "Either way it makes NOISE."),
    "extinguish": ("Extinguish", "Roll the Action die at a fire on or next to you: a star "
                                 "removes it."),
    "call-negan": ("Call Negan",
                   "Lose Reputation equal to a blue roll (the call fails if you lack it), then "
                   "move Negan up to 3 spaces where you choose; he then may kill Walkers near "
                   "him (blue roll)."),
    "event-survivor": ("Draw Event Card",
                       "The First Player picks the Survivor in play the Event card falls on."),
    "allocate-attack": ("Walkers Attack, Multiple Fights",
                        "The First Player gives each attacking Walker a target: every adjacent "
                        "Survivor must be attacked before one faces several (Outnumbered); "
                        "Walkers left on Negan cost him Stamina and everyone Reputation."),
}
"""Help per decision kind: (rulebook section, paraphrased summary)."""


def pinned(game_view: dict[str, Any], lines: list[str]) -> int:
    """Lines at the top of the drawn table to keep in sight when a short terminal cuts it
    around :func:`focus`: the map's column numbers (the lines above its top border)."""
    return next((i for i, line in enumerate(lines) if line.lstrip().startswith("+-")), 0)


def focus(game_view: dict[str, Any], lines: list[str]) -> int:
    """The line of the drawn table (``lines``, as :func:`render` drew it) to keep in sight on a
    terminal too short for the whole map: the map row of the active Survivor, else of the
    first Survivor on the board, else of Negan; the map's top line if none is placed."""
    view = game_view["public"]
    survivors = view["survivors"]
    active = view.get("active", -1)
    spaces = [survivors[active]["space"]] if 0 <= active < len(survivors) else []
    spaces += [s["space"] for s in survivors] + [view["negan"]["space"]]
    space = next((s for s in spaces if s >= 0), -1)
    top = next((i for i, line in enumerate(lines) if line.lstrip().startswith("+-")), 0)
    if space < 0:
        return top
    return top + 2 * (space // view_board(view).width) + 1
