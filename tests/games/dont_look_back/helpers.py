"""Build rigged tables for rule tests: positions, Walkers, cards and dice set by hand."""

from __future__ import annotations

import shutil
from pathlib import Path

from zedlab.core import Action
from zedlab.core.content import content_path
from zedlab.games.dont_look_back import Config, game
from zedlab.games.dont_look_back.content import PACKAGE
from zedlab.games.dont_look_back.state import DLBState
from zedlab.games.dont_look_back.steps import FLOW, ChooseAction, StartTurn

# decision kinds, as the tests name the moments of the game ("over": nothing to decide)
SETUP_SURVIVOR = "choose-survivor"
SETUP_FIRST = "choose-first-player"
ACTION = "choose-action"
CARL_PICK = "carl-pick"
LOOTING = "looting"
FLASH_FROM = "flashbang-from"
FLASH_TO = "flashbang-to"
MICHONNE = "michonne-reroll"
TARGET = "choose-target"
COMBAT_MOVE = "combat-move"
HOLD_OR_REROLL = "hold-or-reroll"
OVERRUN_MOVE = "overrun-move"
KEEP_WEAPON = "keep-weapon"
NEXT_FIRST = "next-first-player"
OVER = "over"


def table(
    survivors: list[str],
    *,
    location: str = "the-farm",
    walkers: dict[int, int] | None = None,
    spaces: list[int] | None = None,
    weapons: dict[int, list[str]] | None = None,
    locations: int = 2,
    current: int = 0,
    health: list[int] | None = None,
    content_dir: Path | None = None,
) -> DLBState:
    """A game in ``current``'s Action step with the given board (Carl's ability spent)."""
    state = game.new(
        Config(players=len(survivors), locations=locations, survivors=tuple(survivors)),
        7,
        game.load_content(content_dir) if content_dir else None,
    )
    state.location = location
    state.walkers = [0] * 7
    for space, n in (walkers or {}).items():
        state.walkers[space] = n
    for seat, s in enumerate(state.survivors):
        s.space = spaces[seat] if spaces else 0
        s.ability_used = True
        if health:
            s.health = health[seat]
    for seat, cards in (weapons or {}).items():
        for card in cards:
            state.deck.remove(card)
            state.survivors[seat].weapons.append(card)
    state.current = current
    state.stack[:] = [ChooseAction(seat=current)]
    state.events.clear()
    return state


def set_turn(state: DLBState, seat: int) -> None:
    """Make it ``seat``'s Action step (Pass, Move or Combat)."""
    state.current = seat
    state.stack[:] = [ChooseAction(seat=seat)]


def phase(state: DLBState) -> str:
    """The kind of the pending decision, ``"over"`` when the game has ended."""
    d = game.decision(state)
    return d.kind if d else OVER


def run_step(state: DLBState, step: object) -> None:
    """Replace what is pending by ``step`` and run the rules to the next decision."""
    state.stack[:] = [step]
    FLOW.run(state)


def begin_turn(state: DLBState, seat: int) -> None:
    """Start ``seat``'s turn (the draw step) from a rigged table."""
    run_step(state, StartTurn(seat=seat))


def log(state: DLBState) -> list[str]:
    """The text of the events the state holds (a rigged table's, since it was set)."""
    return [game.event_text(e, None) for e in state.events]


def play(state: DLBState, kind: str, value=None) -> None:
    """Play an option by kind and value (validated against the current decision)."""
    game.apply(state, Action(kind, value))


def kinds(state: DLBState) -> list[tuple[str, object]]:
    d = game.decision(state)
    return [(a.kind, a.value) for a in d.options] if d else []


CONTENT_FILES = ("weapons.toml", "search_cards.toml", "survivors.toml", "locations.toml")


def content_pack(folder: Path) -> Path:
    """A copy of the packaged content files in ``folder`` (a content folder to edit)."""
    folder.mkdir(parents=True, exist_ok=True)
    for filename in CONTENT_FILES:
        shutil.copy(content_path(PACKAGE, filename), folder / filename)
    return folder


def edit_entry(path: Path, entry: str, old: str, new: str) -> None:
    """Replace the first ``old`` at or after the line ``id = "<entry>"`` of a content file."""
    text = path.read_text()
    head, sep, tail = text.partition(f'id = "{entry}"')
    assert sep and old in sep + tail, (path.name, entry, old)
    path.write_text(head + (sep + tail).replace(old, new, 1))
