"""Stable keys for the options of a decision that repeats.

While one seat answers the same kind of decision several times in a row (a *run*: Run,
Fight, or Die!'s die-by-die rerolls, Survive Alive's spending, Here's Negan's steps), an
option keeps the key it had the first time it was listed, so a player who types ahead never
picks something else because the list shifted:

- An option that names exactly one die (``"Reroll die 4 (book)"``) is keyed by the first
  letter of its label and the die's number (``r4``), when no other option of the decision
  would get the same key. Such keys never change.
- Every other option (and every group of a long, grouped decision) gets a number. An option
  still offered keeps its number; a new one takes the lowest number free. The number of an
  option that has just disappeared is shown greyed ("not available now") and is not given
  to another option at this decision; from the next one on it is free again.
- A run ends when another seat comes up, or when a kind of decision comes up that the seat
  did not answer among its last :data:`RECUR_WITHIN` decisions; the next run is numbered
  from 1. A question that comes back after one or two others in between (Don't Look Back's
  Flashbang: "move a Walker from", "put it where", "move a Walker from"...) goes on with its
  own keys, so the key of an option that has just vanished is greyed there too.
- A game may name whom a question is about (its ``option_subject(state, decision)``: Here's
  Negan's acting Survivor): the same question about another subject starts a new run, so
  one Survivor's Move does not list another's steps greyed, nor pass their numbers on.
- A question whose lines have fixed numbers (the game's ``option_slots``: Survive Alive's
  Spend menu) never gives a number to another line, so there a line that has vanished
  stays greyed while the same seat goes on answering it, including after the sub-questions
  of a trade (up to :data:`RECUR_WITHIN_FIXED` decisions in between): the Watch Tower's
  look, once taken, is greyed like the Forge line that went when the cubes ran short.

The keys are a function of the game's decisions alone (never of what the player looked at),
so a game resumed from a save lists the same keys: :meth:`KeyBook.rebuild` replays it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..core.engine import Action, Decision
from .menus import MenuItem, Path, menu_items

__all__ = ["KeyBook", "KeyedLine", "die_key", "normal_key", "split_keys"]

_DIE = re.compile(r"\bdie (\d+)\b", re.IGNORECASE)
_ALIAS = re.compile(r"^([a-z])\s*(\d{1,2})$")

Ident = tuple[Any, ...]
RECUR_WITHIN = 3
"""A kind of decision the same seat answered this many decisions ago or fewer, with only
other kinds in between, keeps its keys (the same question repeating around a sub-question)."""
RECUR_WITHIN_FIXED = 8
"""As :data:`RECUR_WITHIN`, for a question whose lines have fixed numbers (a trade's gives
and take between two Spend menus)."""
PathsFor = Callable[[Any, Decision], "Sequence[Path] | None"]
Slots = Sequence[Sequence[int]]


class KeyedLine(NamedTuple):
    """One line of a listing: its key, the item (``None`` when greyed) and its text."""

    key: str
    item: MenuItem | None
    text: str

    @property
    def available(self) -> bool:
        """Whether the line can be chosen now (greyed lines cannot)."""
        return self.item is not None


def die_key(label: str) -> str | None:
    """``"r4"`` for a label naming one die (``"Reroll die 4 (book)"``), else ``None``.

    >>> die_key("Keep die 1 (book)"), die_key("Amulet: turn die 2 from gun to bat")
    ('k1', 'a2')
    >>> die_key("Book: resolve 1 Book symbol") is None
    True
    """
    found = _DIE.findall(label)
    if len(found) != 1:
        return None
    letter = next((c for c in label.lower() if c.isalpha()), "")
    return f"{letter}{int(found[0])}" if letter else None


def normal_key(text: str) -> str:
    """A typed key as listed: ``"R 4"`` -> ``"r4"``, ``" 07"`` -> ``"7"``."""
    text = text.strip().lower()
    if text.isascii() and text.isdecimal() and len(text) <= 9:
        return str(int(text))
    match = _ALIAS.match(text)
    return f"{match.group(1)}{int(match.group(2))}" if match else text


def split_keys(line: str) -> list[str] | None:
    """The keys in one typed line, or ``None`` if it is not a line of keys.

    ``"3"`` -> ``["3"]``; ``"3 5"`` -> ``["3", "5"]``; ``"r 1 4 5"`` -> ``["r1", "r4", "r5"]``
    (a letter applies to the numbers after it); ``"r1 k2"`` -> ``["r1", "k2"]``.

    >>> split_keys("r 1 4 5"), split_keys("2 r3 6"), split_keys("undo")
    (['r1', 'r4', 'r5'], ['2', 'r3', 'r6'], None)
    """
    keys: list[str] = []
    letter = ""
    tokens = line.lower().replace(",", " ").split()
    if not tokens:
        return None
    for token in tokens:
        if token.isascii() and token.isalpha() and len(token) == 1:
            letter = token
            continue
        if token.isascii() and token.isdecimal() and len(token) <= 9:
            keys.append(f"{letter}{int(token)}" if letter else str(int(token)))
            continue
        match = _ALIAS.match(token)
        if match is None:
            return None
        letter = match.group(1)
        keys.append(f"{letter}{int(match.group(2))}")
    if not keys:
        return None
    return keys


def _ident(item: MenuItem) -> Ident:
    if item.action is None:
        return ("group", item.group)
    return ("option", item.action.kind, item.action.value)


def _levels(options: Sequence[Action], paths: Sequence[Path] | None) -> list[Path]:
    """Every group level a listing of ``options`` can show (``()``: the top)."""
    if paths is None:
        return [()]
    levels: dict[Path, None] = {(): None}
    for path in paths:
        for depth in range(1, len(path) + 1):
            levels[path[:depth]] = None
    return list(levels)


class KeyBook:
    """The keys of the decision on screen, given the decisions before it (see the module
    docstring). Call :meth:`see` for every decision of the game, in order."""

    def __init__(self) -> None:
        self.run: tuple[int, Any] | None = None
        # per level: the lines listed at the last decision of the run (key, ident, text)
        self.last: dict[Path, dict[Ident, tuple[str, str]]] = {}
        self.lines: dict[Path, list[KeyedLine]] = {}
        # the seat answering, its decisions so far, and per kind: when it last came up and
        # the ``last`` of that decision
        self.seat: int | None = None
        self.count = 0
        self.kinds: dict[Any, tuple[int, dict[Path, dict[Ident, tuple[str, str]]]]] = {}

    def see(self, decision: Decision, paths: Sequence[Path] | None = None, shown: bool = True,
            slots: Slots | None = None, subject: Any = None) -> None:
        """Take the next decision of the game. ``shown``: a person answers it (a bot's
        decision only ends the run). ``paths``: the option groups the listing uses
        (:func:`zedlab.cli.menus.paths_for`). ``slots``: per option, the fixed number of the
        line it falls under at each level (``slots[i][d]`` at depth ``d``: the group of
        ``paths[i][: d + 1]``, or the option itself once ``d == len(paths[i])``); a level an
        option has no number for is numbered as usual. ``subject``: whom the question is
        about (``None``: the seat); a question about another subject is another kind."""
        kind = decision.kind if subject is None else (decision.kind, subject)
        run = (decision.player, kind)
        if decision.player != self.seat or not shown:
            self.seat, self.count, self.kinds = decision.player, 0, {}
            self.run, self.last = None, {}
        if self.run is not None and self.last:
            self.kinds[self.run[1]] = (self.count, self.last)
        self.count += 1
        before = self.kinds.get(kind)
        within = RECUR_WITHIN if slots is None else RECUR_WITHIN_FIXED
        if not shown or before is None or self.count - before[0] > within:
            self.last = {}
        else:
            self.last = before[1]
        self.run = run
        self.lines = {}
        if not shown:
            self.seat, self.kinds = None, {}
            return
        options = decision.options
        for level in _levels(options, paths):
            if paths is None:
                items = [MenuItem(a.label, a, ()) for a in options]
            else:
                items = menu_items(options, paths, level)
            fixed = _fixed(options, paths, slots, level, items)
            self.lines[level] = self._key(level, items, fixed, sticky=slots is not None)

    def _key(self, level: Path, items: list[MenuItem], fixed: list[str | None],
             sticky: bool = False) -> list[KeyedLine]:
        """The keyed lines of ``items`` at ``level``; ``sticky``: the lines have fixed
        numbers, so the greyed ones are remembered to be greyed again."""
        before = self.last.get(level, {})
        aliases = [die_key(i.action.label) if i.action is not None else None for i in items]
        counts: dict[str, int] = {}
        for alias in aliases:
            if alias:
                counts[alias] = counts.get(alias, 0) + 1
        idents = [_ident(i) for i in items]
        keys: list[str | None] = []
        mine = set(k for k in fixed if k)
        for alias, ident, pinned in zip(aliases, idents, fixed, strict=True):
            if pinned is not None and pinned in mine:
                keys.append(pinned)
                mine.discard(pinned)  # two lines at one fixed number: the first has it
            elif alias and counts[alias] == 1:
                keys.append(alias)
            elif ident in before and before[ident][0].isdecimal() and before[ident][0] not in fixed:
                keys.append(before[ident][0])
            else:
                keys.append(None)
        now = set(idents)
        pinned_now = {k for k in fixed if k}
        gone = [(key, text) for ident, (key, text) in before.items()
                if ident not in now and key not in pinned_now]
        taken = {k for k in keys if k} | {key for key, _ in gone} | pinned_now
        number = 1
        for n, key in enumerate(keys):
            if key is None:
                while str(number) in taken:
                    number += 1
                keys[n] = str(number)
                taken.add(str(number))
        self.last[level] = {
            ident: (key, item.text)
            for ident, key, item in zip(idents, keys, items, strict=True)
            if key is not None
        }
        if sticky:
            for ident, (key, text) in before.items():
                if ident not in now and key not in pinned_now:
                    self.last[level][ident] = (key, text)
        lines = [KeyedLine(k or "", item, item.text) for k, item in zip(keys, items, strict=True)]
        greyed = [KeyedLine(key, None, _greyed_text(key, text, lines)) for key, text in gone]
        return sorted(lines + greyed, key=_order)

    def listing(self, level: Path) -> list[KeyedLine]:
        """The lines at group ``level`` of the decision last seen (die keys first, then
        numbers in order), greyed ones included."""
        return self.lines.get(level, [])

    def keys_to(self, options: Sequence[Action], paths: Sequence[Path] | None, index: int) -> list[str]:
        """What to type, from the top of a fresh :class:`~zedlab.cli.menus.Menu`, to play
        ``options[index]`` of the decision last seen (one key per group level).

        Raises:
            IndexError: if ``index`` is not an option's.
        """
        from .menus import Menu

        target = options[index]
        menu = Menu(options, paths)
        typed: list[str] = []
        while True:
            for line in self.listing(menu.at):
                item = line.item
                if item is None:
                    continue
                if item.action is not None and item.action == target:
                    return [*typed, line.key]
                if item.action is None and paths is not None and paths[index][: len(item.group)] == item.group:
                    typed.append(line.key)
                    menu.open(item.group)
                    break
            else:
                raise IndexError(f"option {index} is not listed")

    def rebuild(self, match: Any, shown: Callable[[int], bool], paths_for_state: PathsFor,
                slots_for_state: Callable[[Any, Decision], Slots | None] | None = None,
                subject_for_state: Callable[[Any, Decision], Any] | None = None) -> None:
        """Start again and take every decision of ``match`` from its first step (after a
        resume or an undo): the keys are then as if the game had been played here."""
        from ..core.match import Match

        self.run, self.last, self.lines = None, {}, {}
        self.seat, self.count, self.kinds = None, 0, {}
        walk = Match.new(match.game, match.config, seed=match.seed, content=match.content)
        for step in match.steps:
            decision = walk.decision
            assert decision is not None
            self._see_in(walk.state, decision, shown, paths_for_state, slots_for_state, subject_for_state)
            walk.play(step.action)
        decision = walk.decision
        if decision is not None:
            self._see_in(walk.state, decision, shown, paths_for_state, slots_for_state, subject_for_state)

    def _see_in(self, state: Any, decision: Decision, shown: Callable[[int], bool], paths_for_state: PathsFor,
                slots_for_state: Callable[[Any, Decision], Slots | None] | None,
                subject_for_state: Callable[[Any, Decision], Any] | None = None) -> None:
        human = shown(decision.player)
        paths = paths_for_state(state, decision) if human else None
        slots = slots_for_state(state, decision) if human and slots_for_state is not None else None
        subject = subject_for_state(state, decision) if human and subject_for_state is not None else None
        self.see(decision, paths, human, slots, subject)


def _fixed(options: Sequence[Action], paths: Sequence[Path] | None, slots: Slots | None, level: Path,
           items: Sequence[MenuItem]) -> list[str | None]:
    """The fixed number of each line of ``items`` at group ``level`` (``None``: none): the
    ``slots`` entry of the first option the line stands for."""
    if slots is None or len(slots) != len(options):
        return [None] * len(items)
    depth = len(level)
    out: list[str | None] = []
    for item in items:
        number = None
        for n, action in enumerate(options):
            path = paths[n] if paths is not None else ()
            if path[:depth] != level:
                continue
            if (action is item.action) if item.action is not None else path[: depth + 1] == item.group:
                if len(slots[n]) > depth:
                    number = str(slots[n][depth])
                break
        out.append(number)
    return out


_FACE = re.compile(r"\(([^()]+)\)\s*$")


def _greyed_text(key: str, text: str, lines: Sequence[KeyedLine]) -> str:
    """The text of a greyed line: an option keyed by its die (``k5``) no longer offered
    says nothing of the die's old face ("Keep die 5 (book)" after it came up RUN): ``—``,
    or the die's face now when another option still names that die with its face in
    brackets. Other options keep their labels (still true of them)."""
    if key.isdecimal():
        return text
    number = key[1:]
    for line in lines:
        other = die_key(line.text)
        face = _FACE.search(line.text)
        if other and other[1:] == number and face:
            return f"— (die {number} is {face.group(1)} now)"
    return "—"


def _order(line: KeyedLine) -> tuple[int, int, str]:
    key = line.key
    if key.isdecimal():
        return (1, int(key), "")
    return (0, int(key[1:]) if key[1:].isdecimal() else 0, key[0])
