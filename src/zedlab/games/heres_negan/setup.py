"""Setting up a game of Here's Negan, and the round's frame (start of a round, End Phase).

Source: Here's Negan rulebook, "Setting Up a Game", "The First Player", "The Game Round",
"4. The End Phase".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.flow import push, turn_order

from .board.placement import is_empty
from .common import add_threat, board, cx, emit, end, name, roll, scene
from .fire import end_phase_fire
from .scenarios import rules
from .state import DECKS, HNState, Survivor
from .steps import FLOW, Deploy, EndPhase, NeganPhase, NextActivation, StartRound, WalkerPhase


def set_up(state: HNState, characters: tuple[str, ...], first_player: int | None) -> None:
    """Lay out the scenario for the starting Survivors: Survivor cards (Stamina full,
    Reputation 0, starting weapons), shuffled decks and Walker tokens, the map's Walker tokens,
    the First Player (given, or a blue-die roll-off), then deployment from the First Player.

    Source: Here's Negan rulebook, "Setting Up a Game", "The First Player".
    """
    c = cx(state)
    for k, sid in enumerate(characters):
        card = c.survivors[sid]
        state.survivors.append(
            Survivor(id=sid, seat=k % state.players, stamina=card.stamina,
                     equipped=list(card.weapons))
        )
    lay_out(state, first_player)


def lay_out(state: HNState, first_player: int | None) -> None:
    """Lay out the state's scenario for Survivors already on their cards: shuffled decks
    (without the Supply cards the Survivors hold), Walker tokens, the map's Walker tokens and
    Entry Points, Threat at its start, the First Player (given, or a blue-die roll-off), the
    scenario's own set-up, then deployment from the First Player. Used for every game of a
    Survival Mode campaign (:mod:`.campaign`) as well as by :func:`set_up`.

    Source: Here's Negan rulebook, "Setting Up a Game", "The First Player", "Survival Mode".
    """
    c = cx(state)
    b = board(state)
    held = [card for s in state.survivors for card in s.equipped + s.cards if card in c.supply]
    for deck in DECKS:
        pile = list(c.deck(deck))
        if deck == "supply":
            for card in held:
                if card in pile:
                    pile.remove(card)
        state.rng.shuffle(pile)
        state.decks[deck] = pile
        state.discards[deck] = []
    state.token_pile = list(c.walker_tokens)
    state.rng.shuffle(state.token_pile)
    for space in b.walker_tokens:
        state.tokens[space] = state.token_pile.pop()
    state.entry_points = [(e.space, e.level) for e in b.entry_points]
    state.threat = int(c.threat.start)
    if first_player is None:
        first_player = roll_off(state)
    state.first = first_player
    emit(state, "first-player", seat=first_player)
    order = turn_order(first_player, state.players)
    deploy = [i for seat in order for i, s in enumerate(state.survivors)
              if s.seat == seat and not s.removed]
    push(state, *(Deploy(survivor=i) for i in deploy), StartRound())
    rules(state).set_up(state)  # its steps (if any) come before deployment


def roll_off(state: HNState) -> int:
    """Every player rolls the blue die; the highest takes the First Player token, ties roll
    again. Source: rulebook, "The First Player"."""
    seats = list(range(state.players))
    while len(seats) > 1:
        rolls = {s: roll(state, ("blue",))[0] for s in seats}
        top = max(rolls.values())
        seats = [s for s in seats if rolls[s] == top]
    return seats[0]


def deploy_options(state: HNState) -> list[int]:
    """Free spaces of the Deployment Zone."""
    b, sc = board(state), scene(state)
    return [s for s in b.deployment if is_empty(b, sc, s)]


@FLOW.decide(Deploy)
def ask_deploy(state: HNState, step: Deploy) -> Decision:
    """Source: rulebook, "Setting Up a Game" (Survivors placed in the Deployment Zone)."""
    b = board(state)
    options = tuple(Action("deploy", s, f"deploy at {b.label(s)}") for s in deploy_options(state))
    return Decision(state.survivors[step.survivor].seat, "deploy", options,
                    f"Where does {name(state, step.survivor)} start?")


@FLOW.resolve(Deploy)
def deploy(state: HNState, step: Deploy, action: Action) -> None:
    s = state.survivors[step.survivor]
    s.space = int(action.value)  # type: ignore[arg-type]
    emit(state, "deployed", survivor=s.id, space=s.space)


@FLOW.auto(StartRound)
def start_round(state: HNState, step: StartRound) -> None:
    """A round: Survivor Phase, Walker Phase, Here's Negan, End Phase; after the last round
    allowed (a designed bound) the mission has failed.

    Source: rulebook, "The Game Round".
    """
    if state.round >= state.max_rounds:
        end(state, "loss", f"the mission was not done in {state.max_rounds} rounds")
        return
    state.round += 1
    state.phase = "survivor"
    emit(state, "round", round=state.round)
    phases = [NeganPhase() for _ in range(rules(state).negan_phases(state))]
    push(state, NextActivation(seat=state.first), WalkerPhase(), *phases, EndPhase(),
         StartRound())


@FLOW.auto(EndPhase)
def end_phase(state: HNState, step: EndPhase) -> None:
    """Remove Activation tokens; Threat +1 if fewer rooms are secured than the starting
    Survivors plus Negan; fire (Threat +1 and its damage: :func:`.fire.end_phase_fire`); The
    Dead Rise (each prone Walker stands on a star); the First Player
    token passes clockwise (not in solo play).

    Source: Here's Negan rulebook, "4. The End Phase" (Increase Threat - Fire: HN-R260);
    worked example E8.
    """
    from .common import action_die

    state.phase = "end"
    for s in state.survivors:
        s.activated = False
        s.taken.clear()
        s.jump_failed = False
    if len(state.secured) < state.start_survivors + 1:
        add_threat(state, 1, "too few secured rooms")
    end_phase_fire(state)
    for space in list(state.prone):
        if state.result:
            return
        if action_die(state, "the dead rise"):
            state.prone.remove(space)
            state.walkers.append(space)
            state.walkers.sort()
            emit(state, "walker-stands", space=space)
    if state.players > 1:
        state.first = (state.first + 1) % state.players
        emit(state, "first-player", seat=state.first)


