"""The rules object for If I'm Going Down...: config, decisions, views and outcome.

Source: If I'm Going Down... rulebook (all sections); the rules live in setup.py,
entrance.py, player.py (with manage.py and use.py), attack.py and movement.py, in the order
of "The Phases of a Turn", each binding its steps (steps.py) on the game's one Flow.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from zedlab.core import RNG, BaseConfig, BaseGame, Outcome
from zedlab.core.estimates import logistic
from zedlab.core.sampling import permute_each

from . import attack as _attack  # noqa: F401 - the rule modules bind their steps
from . import entrance as _entrance  # noqa: F401
from . import manage as _manage  # noqa: F401
from . import movement as _movement  # noqa: F401
from . import player as _player  # noqa: F401
from . import use as _use  # noqa: F401
from .board import BODY, CHARS, CT, FATE, GROUND, HAND, ZOMBIES, layout, moan_in_play, score
from .bots import HeuristicBot, ZombieBot
from .content import BINDER, MAX_SIDE, Content
from .render import TEXT
from .setup import new_state
from .state import IGDState, clone_state
from .steps import FLOW, STEP_TYPES, ZpSpace
from .views import check_invariants, table_view
from .warnings import option_warning as _option_warning

FLOW.check(STEP_TYPES)


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
        turn_limit: the game also ends after this many turns (the rulebook plays until
            every character is dead; the limit bounds every game, and no game of the test
            suite or the bots comes near the default).

    A content folder with files named like the packaged ``content/`` ones
    (``zombies.toml``, ``fate.toml``, ``characters.toml``, ``scenarios.toml``) is given to the
    Match (``--content DIR``), not to the config.
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
    turn_limit: int = Field(
        default=100, ge=1, le=1000,
        description="The game also ends after this many turns (the rulebook: until every character is dead).",
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
    "zp-space": ("Zombie Player Variant", "An Initial Space, or next to a character for a Pop-Up."),
    "zp-move": ("Zombie Player Variant", "Move every Zombie that can move, toward the characters."),
    "zp-dest": ("Zombie Player Variant", "A step toward the characters, never away."),
}


class IfImGoingDown(BaseGame[IGDState]):
    """If I'm Going Down... (Van Ryder Games): the co-operative dying card game."""

    name = "if-im-going-down"
    title = "If I'm Going Down..."

    def goal(self, config: Any) -> str:
        """How the game is won, in one line (``help`` shows it). Source: rulebook "Object of
        the Game", "Zombie Player"."""
        text = ("Everyone goes down in the end: kill as many Zombies as you can (plus bonus points). "
                "The team wins if its score beats the scenario's High number on the Kill-O-Meter")
        if config.zombie_player:
            return text + "; the Zombie Player wins if it does not."
        return text + "."
    rules_version = 5
    Config = IGDConfig
    State = IGDState
    help = HELP
    flow = FLOW
    content_binder = BINDER
    event_texts = TEXT

    def card_texts(self, content: Content | None = None) -> dict[str, str]:
        """Name -> short text of every Fate card, Zombie card, occurrence, Zombie ability,
        character and scenario of ``content`` (``None``: the packaged pack)."""
        return dict((content if content is not None else BINDER.load()).texts)

    def new(self, config: Any, seed: int, content: Content | None = None) -> IGDState:
        """Set up a game with ``content`` (the packaged pack when ``None``).

        Raises:
            ConfigError: if the scenario has no layout for the player count, or a character
                id is not one of the pack's.
        """
        s = new_state(config, seed, BINDER.load(None) if content is None else content)
        FLOW.run(s)
        return s

    def seats(self, config: Any) -> int:
        return int(config.players) + (1 if config.zombie_player else 0)

    def clone(self, state: IGDState) -> IGDState:
        return clone_state(state)

    # -- information ------------------------------------------------------------------
    def option_warning(self, state: IGDState, decision: Any, action: Any) -> str | None:
        """A choice that certainly gets a character bitten (see :mod:`.warnings`), else ``None``."""
        return _option_warning(state, decision, action)

    def view(self, state: IGDState, player: int | None) -> dict[str, Any]:
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
            # the Zombie Player scores how far the team stayed from passing the line: 0 or
            # more when the Zombies win, below 0 when the team passed it
            scores.append(float(state.line - total))
            winners = survivors if won else (state.zombie_seat,)
        else:
            winners = survivors if won else ()
        reason = "every character is dead" if not any(c.alive for c in state.chars) else "the turn limit was reached"
        return Outcome(tuple(scores), winners, tier, reason)

    def estimate(self, state: IGDState) -> tuple[float, ...]:
        """The team's chance of passing the line in a game not yet over, guessed for search
        bots that stop their playouts early (not a rule): the score so far plus 8 for each
        living character (about what one scores before it falls, in heuristic games), against
        the line, 6 points to a unit; every Survivor seat gets it, a Zombie Player the rest.
        """
        living = sum(1 for c in state.chars if c.alive)
        team = logistic((score(state) + 8 * living - state.line) / 6.0)
        values = [team] * state.players
        if state.zombie_seat >= 0:
            values.append(1.0 - team)
        return tuple(values)

    # -- the action catalogue and the bound -------------------------------------------------
    def cooperative(self, config: Any) -> bool:
        """Every character is on one side, unless the Zombie Player variant seats an
        opponent. Source: If I'm Going Down... rulebook, "Zombie Player Variant"."""
        return not config.zombie_player

    def action_families(self, config: Any, content: Any = None) -> list[tuple[str, Any]]:
        """Every action of ``config``, by stable id: a Fate card by its number in the game's
        Fate deck (fixed by the config), a Zombie deck card likewise, a space by its number
        in the layout (a content pack's layout has at most ``MAX_SIDE`` squared spaces), a
        tracker as ``(where, seat)``, a seat, a character card by its number."""
        players = int(config.players)
        fate = range(_fate_cards(players))
        zombies = range(_zombie_cards(players, config.extra_zombies))
        spaces = range(MAX_SIDE * MAX_SIDE)
        seats = range(players)
        trackers = [(where, seat) for seat in seats for where in (HAND, BODY)] + [(GROUND, -1)]
        return [
            ("character", range(6)),
            ("place", trackers),
            ("trash-new", (None,)),
            ("make-room", fate),
            ("popup", spaces),
            ("spinach", seats),
            ("fumble", fate),
            ("fumble-trash", fate),
            ("discharge", fate),
            ("zcard", zombies),
            ("zplace", spaces),
            ("zdone", (None,)),
            ("search", (None,)),
            ("manage", (None,)),
            ("use", fate),
            ("ability", (None,)),
            ("trash", fate),
            ("pass", seats),
            ("end", (None,)),
            ("pick", fate),
            ("manage-done", (None,)),
            ("move-to", trackers),
            ("swap", fate),
            ("trade", (True, False)),
            ("reload", fate),
            ("no-move", spaces),
            ("target", spaces),
            ("stop", (None,)),
            ("hold", range(-1, MAX_SIDE * MAX_SIDE)),
            ("bite", seats),
            ("bite-fate", (None,)),
            ("agree", (True, False)),
            ("scratch", seats),
            ("zfrom", spaces),
            ("zmove", spaces),
        ]

    def max_decisions(self, config: Any, content: Any = None) -> int:
        """A bound on the decisions of any game of ``config`` under any policy, counted from
        the rules: set-up, then at most ``turn_limit`` turns of at most :func:`_turn_bound`
        decisions each."""
        players = int(config.players)
        setup = players + MAX_STARTING
        return setup + int(config.turn_limit) * _turn_bound(players, _fate_cards(players), bool(config.zombie_player))

    def determinize(self, state: IGDState, player: int, rng: RNG) -> IGDState:
        """Reshuffle the Fate deck, the entry piles (and the Zombie Player's hand for a
        survivor), keeping every pile's size; re-seed the RNG."""
        copy = clone_state(state, rng.spawn())
        pool = [z for pile in copy.piles for z in pile]
        hidden_hand = copy.zombie_seat >= 0 and player != copy.zombie_seat
        # A card the Zombie Player is placing stays in hand (only the Zombie Player decides
        # while one is pending, so no survivor ever decides from such a sample).
        placing = [t.z for t in copy.stack if isinstance(t, ZpSpace)]
        if hidden_hand:
            pool.extend(z for z in copy.zhand if z not in placing)
        permute_each(copy.rng, copy.fdeck, pool)
        for pile in copy.piles:
            n = len(pile)
            pile[:] = pool[:n]
            del pool[:n]
        if hidden_hand:
            copy.zhand = sorted(pool + placing)
        return copy

    def invariants(self, state: IGDState) -> list[str]:
        return check_invariants(state)

    def bot_kinds(self) -> dict[str, Any]:
        kinds = dict(super().bot_kinds())
        kinds["heuristic"] = HeuristicBot
        kinds["zombie"] = ZombieBot
        return kinds


def _fate_cards(players: int) -> int:
    """Fate cards in a game: the deck's 41, and a second copy's 40 for 3-4 players ("Game
    Contents", "Expanding for 3 to 4 Player Games"; content packs keep these counts)."""
    return 41 + (40 if players >= 3 else 0)


def _zombie_cards(players: int, extra: str) -> int:
    """Zombie deck cards and the characters' Zombie sides: 55, and for 3-4 players a second
    copy's 28 standard (and 21 named with ``all``) Zombies plus one Occurrence per 10 added."""
    added = (28 + (21 if extra == "all" else 0)) if players >= 3 else 0
    return 55 + added + added // 10 + players


MAX_STARTING = 26
"""Starting resources a layout may give (content.LayoutModel)."""
MAX_APU = 10
"""Attacks per Use a weapon may have (content.FateCard)."""


def _turn_bound(players: int, fate: int, zombie_player: bool) -> int:
    """Decisions one turn can ask, whatever is chosen.

    Zombie Entrance: the Zombie Player places at most 6 cards (2 decisions each) and is
    done; each Initial Space (at most every space) gives at most one Pop-Up placement and
    one Occurrence with at most 2 decisions. Player Phase: at most 3 actions a player
    (Second Wind) plus one per Energy Drink (at most the Fate cards); an action is one
    choice plus at most 1 + F placements (each Make Room trashes a card) or 6 managing
    decisions or the attacks of a Use (Brawler's one more included); as many passes as
    actions plus one; free decisions: trashes (each card at most once), drinks, Second Wind
    and one End each; a refused trade (at most once per pair of players, 4 decisions and
    a pass) gives its action back; Acquired cards are placed like a search.
    Zombie Attack: 2 Hold Backs a player; per space a bite with its agreements and a
    scratch. Zombie Movement: each Zombie moves at most twice (2 decisions a move).
    """
    spaces = MAX_SIDE * MAX_SIDE
    entrance = (13 if zombie_player else 0) + spaces * 3
    actions = 3 * players + fate
    per_action = 1 + max(1 + fate, 6, 1 + MAX_APU + 1)
    refused = players * players  # at most one refused trade per pair: a manage action and a pass
    player = actions * (per_action + 1) + 1 + 2 * fate + 2 * players + 5 * refused + fate * (fate + 2)
    attack = 2 * players + spaces * (2 + players)
    movement = 4 * spaces if zombie_player else 0
    return entrance + player + attack + movement


game = IfImGoingDown()

__all__ = ["CHARS", "CT", "FATE", "ZOMBIES", "IGDConfig", "IfImGoingDown", "game", "layout", "moan_in_play"]
