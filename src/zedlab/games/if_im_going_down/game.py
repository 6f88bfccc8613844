"""The rules object for If I'm Going Down...: config, decisions, views and outcome.

Source: If I'm Going Down... rulebook (all sections); the rules live in setup.py,
entrance.py, player.py and attack.py, in the order of "The Phases of a Turn".
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from zedlab.core import RNG, Action, BaseConfig, BaseGame, Decision, Outcome

from . import attack as _attack  # noqa: F401 - the rule modules register their steps
from . import entrance as _entrance  # noqa: F401
from . import player as _player  # noqa: F401
from .board import CHARS, CT, FATE, ZOMBIES, layout, moan_in_play, score
from .setup import new_state
from .state import IGDState, clone_state
from .steps import HANDLE, OPTIONS, PROMPT_FNS, PROMPTS, advance


class IGDConfig(BaseConfig):
    """Options of a game of If I'm Going Down...

    Attributes:
        players: survivors (default 2; 1-4; 3-4 use The Intersection and a second copy's cards).
        scenario: the Scenario card.
        characters: character ids in seat order, preset; empty (the default): each player
            chooses a character at set-up ("Game Setup" 1.).
        zombie_player: add a Zombie Player seat (the last seat).
        one_bite: the quicker game: a bite kills (a scratch still starts the turning).
        easier: remove 2 No Luck cards before the game.
        advanced: the Advanced Game: Kill-O-Meter numbers +5 per player.
        midpoint: Zombie Player variant: the win line is midway between Low and High.
        redraw_without_weapon: the set-up tip: redraw starting resources without a weapon.
        miss_ends_use: ruling option: a missed attack ends that weapon Use.
        extra_zombies: 3-4 players: add a second copy's standard Zombies only, or all.
        content_dir: a folder with files named like the packaged ``content/`` ones
            (``zombies.toml``, ``fate.toml``, ``characters.toml``, ``scenarios.toml``) to
            play with instead (``--content DIR``); validated on set-up, rulebook counts
            checked. ContentError names the file, entry and field.
    """

    players: int = Field(
        default=2, ge=1, le=4,
        description="Survivors at the table (1-2 in the box; 3-4 use The Intersection and a second copy's cards).",
    )
    scenario: Literal["the-shack", "the-intersection", "the-alley"] = Field(
        default="the-shack", description="The Scenario card: board layout, starting resources, Kill-O-Meter."
    )
    characters: tuple[str, ...] = Field(
        default=(), description="Character ids in seat order; none: each player chooses at set-up."
    )
    zombie_player: bool = Field(default=False, description="Add a Zombie Player seat (the last seat) who plays the Zombies.")
    one_bite: bool = Field(default=False, description="Quicker game: a single bite kills (a scratch still starts the turning).")
    easier: bool = Field(default=False, description="Easier game: remove 2 No Luck cards from the Fate deck.")
    advanced: bool = Field(default=False, description="Advanced Game: Kill-O-Meter numbers +5 per player.")
    midpoint: bool = Field(
        default=False, description="Zombie Player variant: the win line is midway between Low and High."
    )
    redraw_without_weapon: bool = Field(
        default=True, description="Set-up tip: redraw the starting resources if they hold no weapon."
    )
    miss_ends_use: bool = Field(default=False, description="Ruling option: a missed attack ends that weapon Use.")
    extra_zombies: Literal["standard", "all"] = Field(
        default="all", description="3-4 players: add only a second copy's standard Zombies, or all of them."
    )
    content_dir: str | None = Field(
        default=None, description="Folder of replacement content TOML files named like the packaged ones."
    )


HELP = {
    "choose-character": ("Game Setup", "Each player chooses a character card not already taken."),
    "place-start": ("Game Setup", "Place each starting resource on a tracker (players divide them)."),
    "place-popup": ("Pop-Up! Zombies", "A Pop-Up appears next to the character it is closest to."),
    "spinach": ("Resolve Occurrence Cards", "Eat Your Spinach: one character may hold back 2 Zombies."),
    "fumble": ("Resolve Occurrence Cards", "Fumble: a resource in hand drops to the Ground."),
    "fumble-trash": ("Resolve Occurrence Cards", "Fumble with a full Ground: trash a resource."),
    "discharge": ("Resolve Occurrence Cards", "Accidental Discharge: a Ranged Weapon loses a Use."),
    "player-action": ("Player Phase", "2 actions each: search, manage or use; trash is free; players act in any order."),
    "place-resource": ("Search for a Resource", "Put the resource on an open tracker space or trash one."),
    "manage-pick": ("Manage Resources", "Move up to 2 resources, or make one swap or trade."),
    "manage-dest": ("Manage Resources", "Moves go to empty spaces; Uses stay aligned."),
    "trade-accept": ("Trade Resources", "Both players must agree to a trade."),
    "attack": ("Resolving an Attack", "Fate check; Kill Points >= Z-Number + Range kills."),
    "reload": ("Other Resources", "Ammo resets a Ranged Weapon's Uses."),
    "dead-weight": ("Other Resources", "Dead Weight pins a Zombie within range 2."),
    "hold-back": ("Zombie Attack Phase", "Hold back one adjacent Zombie (not No Hold Back, not held last turn)."),
    "assign-bite": ("Zombie Attack Phase", "A Zombie in a common space bites one of the characters."),
    "agree-bite": ("Zombie Attack Phase", "Everyone next to the Zombie must agree; otherwise Fate checks decide."),
    "assign-scratch": ("Zombie Attack Phase", "A Reach Zombie at range 2 scratches one character."),
    "zp-place": ("Zombie Player Variant", "Place 3 or more cards from your hand."),
    "zp-move": ("Zombie Player Variant", "Move every Zombie that can move, toward the characters."),
}


class IfImGoingDown(BaseGame[IGDState]):
    """If I'm Going Down... (Van Ryder Games): the co-operative dying card game."""

    name = "if-im-going-down"
    title = "If I'm Going Down..."
    rules_version = 3
    cooperative = True
    Config = IGDConfig
    State = IGDState
    help = HELP

    def new(self, config: Any, seed: int) -> IGDState:
        s = new_state(config, seed)
        advance(s)
        return s

    def seats(self, config: Any) -> int:
        return int(config.players) + (1 if config.zombie_player else 0)

    def decision(self, state: IGDState) -> Decision | None:
        if state.over or not state.stack:
            return None
        top = state.stack[-1]
        kind = top.kind
        fn = PROMPT_FNS.get(kind)
        text = fn(state, top) if fn is not None else PROMPTS[kind]
        return Decision(top.seat, kind, tuple(OPTIONS[kind](state, top)), text)

    def step(self, state: IGDState, action: Action) -> None:
        top = state.stack.pop()
        HANDLE[top.kind](state, top, action)
        advance(state)

    def clone(self, state: IGDState) -> IGDState:
        return clone_state(state)

    # -- information ------------------------------------------------------------------
    def view(self, state: IGDState, player: int | None) -> dict[str, Any]:
        from .views import table_view

        return table_view(state, player)

    def outcome(self, state: IGDState) -> Outcome | None:
        if not state.over:
            return None
        total = score(state)
        tier = "above-high" if total > state.high else ("low-to-high" if total >= state.low else "below-low")
        survivors = tuple(range(state.players))
        won = total > state.line
        scores = [float(total)] * state.players
        if state.zombie_seat >= 0:
            scores.append(float(-total))
            winners = survivors if won else (state.zombie_seat,)
        else:
            winners = survivors if won else ()
        reason = "every character is dead"
        return Outcome(tuple(scores), winners, tier, reason)

    def determinize(self, state: IGDState, player: int, rng: RNG) -> IGDState:
        """Reshuffle the Fate deck, the entry piles (and the Zombie Player's hand for a
        survivor), keeping every pile's size; re-seed the RNG."""
        copy = self.clone(state)
        copy.rng = rng.spawn()
        r = copy.rng
        r.shuffle(copy.fdeck)
        pool = [z for pile in copy.piles for z in pile]
        hidden_hand = copy.zombie_seat >= 0 and player != copy.zombie_seat
        if hidden_hand:
            pool.extend(copy.zhand)
        r.shuffle(pool)
        for pile in copy.piles:
            n = len(pile)
            pile[:] = pool[:n]
            del pool[:n]
        if hidden_hand:
            copy.zhand = sorted(pool)
        return copy

    def invariants(self, state: IGDState) -> list[str]:
        from .views import check_invariants

        return check_invariants(state)

    def bot_kinds(self) -> dict[str, Any]:
        from .bots import HeuristicBot, ZombieBot

        kinds = dict(super().bot_kinds())
        kinds["heuristic"] = HeuristicBot
        kinds["zombie"] = ZombieBot
        return kinds


game = IfImGoingDown()

__all__ = ["CHARS", "CT", "FATE", "ZOMBIES", "IGDConfig", "IfImGoingDown", "game", "layout", "moan_in_play"]
