"""Each game's warnings before a choice that certainly loses something, as a player at the
terminal meets them: the warning, ``n`` keeps the state, ``y`` plays it; and the view's
option carries the same text (what the browser confirms).

Sources: the rulebook sections named in each test.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from zedlab.cli.render import make_console
from zedlab.cli.session import HUMAN, Session
from zedlab.core import Match, make_config
from zedlab.core.engine import Game


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path))


def play_at(game: Game[Any], config: Any, state: Any, typed: list[str]) -> tuple[Match, str]:
    """Play ``typed`` at a terminal session on a rigged ``state`` (every seat human)."""
    match = Match(game, make_config(game, config), 7, state)
    out = io.StringIO()
    lines = iter([*typed, "quit"])

    def read_line(prompt: str) -> str:
        answer = next(lines, "quit")
        out.write(f"{prompt}{answer}\n")
        return answer

    seats = [HUMAN] * int(getattr(match.config, "players", 2))
    Session(match, seats, make_console(out), read_line, interactive=True).run()
    return match, out.getvalue()


def key_of(text: str, label: str) -> str:
    """The key the terminal shows before ``label`` on its last listing."""
    for line in reversed(text.splitlines()):
        head, sep, rest = line.strip().partition(") ")
        if sep and rest.startswith(label):
            return head
    raise AssertionError(f"no option {label!r} in:\n{text[-3000:]}")


# -- Don't Look Back ---------------------------------------------------------------------------
def _dlb(**kw: Any) -> tuple[Any, Any, dict[str, Any]]:
    from zedlab.games.dont_look_back import game

    from ..games.dont_look_back.helpers import table

    survivors = kw.pop("survivors", ["rick", "daryl"])
    return game, table(survivors, **kw), {"players": len(survivors), "survivors": survivors}


def test_dont_look_back_pass_that_kills_asks_first() -> None:
    """Don't Look Back, "Losing Health at End of Turn": inside the Location each Walker
    costs 1 Health; Rick with 3 Health among 3 Walkers would die passing."""
    game, state, config = _dlb(walkers={0: 3, 3: 2}, spaces=[0, 5], health=[3, 10])
    warning = (
        "Rick would end the turn in the Location with 3 Walkers and lose 3 Health at End of"
        " Turn, with 3 left: Rick dies."
    )
    view = Match(game, make_config(game, config), 7, game.clone(state)).view(0)
    warned = {o["label"]: o.get("warning") for o in view["decision"]["options"]}
    assert warned["Pass"] == warning
    assert warned["Move to Sector 3"] is None  # 1 Health of 3: no warning
    match, out = play_at(game, config, game.clone(state), ["1", "n"])
    assert f"Warning: {warning} Play it anyway? (y/n) > n" in out
    assert "Not played." in out and match.steps == []
    match, out = play_at(game, config, state, ["1", "y"])
    assert [s.action.kind for s in match.steps] == ["pass"]
    assert not match.state.survivors[0].alive


def test_dont_look_back_move_into_a_deadly_space_warns_after_the_overload() -> None:
    """Don't Look Back, "End of Turn": the Sector Overload spills first, so moving into The
    Farm (overload 5) beside a Sector of 7 brings 2 more Walkers in: 1 + 2 = 3 Health."""
    game, state, config = _dlb(walkers={0: 1, 2: 7}, spaces=[1, 5], health=[3, 10])
    match, out = play_at(game, config, state, [])
    key = key_of(out, "Move to the Location")
    match, out = play_at(game, config, state, [key, "n"])
    assert "Rick would end the turn in the Location with 3 Walkers and lose 3 Health" in out


def test_dont_look_back_knife_at_a_survivor_and_a_short_katana_hold_warn() -> None:
    """Don't Look Back, "Specific Card Clarifications": a die saved against a fellow Survivor
    discards the Knife; the Katana stays only with 4 or more hits."""
    game, state, config = _dlb(
        survivors=["rick", "daryl", "michonne"],
        walkers={1: 1, 2: 1, 4: 1, 0: 1},
        spaces=[0, 0, 4],
        weapons={0: ["knife"]},
    )
    state.rng.force(roll=[1, 2, 4, 4])
    game.apply(state, next(a for a in game.decision(state).options if a.kind == "combat"
                           and a.value == "knife"))
    view = Match(game, make_config(game, config), 7, state).view(0)
    warned = {o["value"]: o.get("warning") for o in view["decision"]["options"]}
    assert warned[12] == "Attacking Michonne discards the Knife after this attack, whatever the re-rolls bring."
    assert warned[4] is None
    game, state, config = _dlb(walkers={5: 1}, spaces=[4, 0], weapons={0: ["katana"]})
    state.rng.force(roll=[5, 5, 1, 1, 2, 2, 2])
    game.apply(state, next(a for a in game.decision(state).options if a.value == "katana"))
    match, out = play_at(game, config, state, [])
    match, out = play_at(game, config, state, [key_of(out, "Hold"), "n"])
    assert "Warning: Holding with 2 hits discards the Katana: it stays only with 4 or more hits." in out


# -- Survive Alive -----------------------------------------------------------------------------
def _sa_at(kind: str) -> tuple[Any, Any, dict[str, Any]]:
    """A two-player Survive Alive game at seat 0's first ``kind`` decision, in round 1,
    holding 3 wood and 1 food (moved between the bag and the hand, so cubes add up)."""
    import random

    from zedlab.games.survive_alive import game

    config = {"players": 2}
    match = Match.new(game, config, seed=1)
    rng = random.Random(1)
    while not (match.decision.kind == kind and match.decision.player == 0):
        match.play(match.options[rng.randrange(len(match.options))])
    state = game.clone(match.state)
    p = state.players[0]
    for i, want in enumerate([3, 0, 0, 1, 0, 0, 0]):
        state.bag[i] += p.cubes[i] - p.virt[i] - want
        p.cubes[i], p.virt[i] = want, 0
    p.mult = 0
    return game, state, config


def test_survive_alive_ending_the_spend_phase_with_too_many_cubes_asks_first() -> None:
    """Survive Alive, "2. Discard Resource Cubes": what is not stored (one Storage: 1 cube) or
    set aside as food goes back to the bag: of 3 wood and 1 food at least 2 wood are lost."""
    game, state, config = _sa_at("spend")
    warning = (
        "Ending the Spend phase leaves 4 cubes unspent (3 wood, 1 food); storage has room for 1"
        " and food can be set aside for scavenging, so at least 2 will go back to the bag at"
        " the Discard phase."
    )
    view = Match(game, make_config(game, config), 7, game.clone(state)).view(0)
    warned = {o["kind"]: o.get("warning") for o in view["decision"]["options"]}
    assert warned["done"] == warning
    assert all(w is None for k, w in warned.items() if k != "done")
    match, out = play_at(game, config, game.clone(state), [])
    match, out = play_at(game, config, state, [key_of(out, "Done"), "n"])
    assert f"Warning: {warning} Play it anyway? (y/n) > n" in out
    assert match.steps == [] and match.decision.kind == "spend"


def test_survive_alive_discard_done_with_storage_free_asks_first() -> None:
    """Survive Alive, "2. Discard Resource Cubes" and "Facilities" (Storage): Done with the
    Storage still empty sends every cube back; once a cube is stored, nothing is asked."""
    game, state, config = _sa_at("discard")
    warning = "Done sends 4 cubes (3 wood, 1 food) back to the bag, though storage still has room for 1."
    match, out = play_at(game, config, game.clone(state), [])
    match, out = play_at(game, config, game.clone(state), [key_of(out, "Done"), "y"])
    assert f"Warning: {warning} Play it anyway? (y/n) > y" in out
    assert [s.action.kind for s in match.steps] == ["done"]
    game.apply(state, next(a for a in game.decision(state).options if a.kind == "keep"))
    done = next(a for a in game.decision(state).options if a.kind == "done")
    assert game.option_warning(state, game.decision(state), done) is None


def _played_to(game: Game[Any], config: dict[str, Any], seed: int, test: Any) -> Any:
    """A copy of the state of a seeded game played at random until ``test(match)``."""
    import random

    match = Match.new(game, config, seed=seed)
    rng = random.Random(seed)
    while not test(match):
        assert not match.over, "the game ended before the position wanted"
        match.play(match.options[rng.randrange(len(match.options))])
    return game.clone(match.state)


# -- Here's Negan ------------------------------------------------------------------------------
def test_heres_negan_make_noise_at_threat_max_minus_one_asks_first() -> None:
    """Here's Negan, "Noise" (Threat +1 first) and "Losing" (the Threat at Max): Make NOISE
    one step below Max loses the game; a step lower, nothing is asked."""
    from zedlab.games.heres_negan import game
    from zedlab.games.heres_negan.common import threat_max

    config: dict[str, Any] = {}
    state = _played_to(game, config, 0, lambda m: m.decision.kind == "choose-action")
    top = threat_max(state)
    state.threat = top - 2
    decision = game.decision(state)
    noise = next(a for a in decision.options if a.value == "make-noise")
    assert game.option_warning(state, decision, noise) is None
    state.threat = top - 1
    warning = game.option_warning(state, decision, noise)
    assert warning is not None and warning.startswith(
        f"The Make NOISE Action makes NOISE: the Threat goes from {top - 1} to Max ({top}) and"
        " the Survivors lose"
    )
    match, out = play_at(game, config, game.clone(state), [])
    match, out = play_at(game, config, state, [key_of(out, "make noise"), "n"])
    assert f"Warning: {warning} Play it anyway? (y/n) > n" in out
    assert match.steps == [] and not match.over


# -- Run, Fight, or Die! -----------------------------------------------------------------------
def test_run_fight_or_die_dropped_gear_wound_that_kills_asks_first() -> None:
    """Run, Fight, or Die!, "Character Death": the last Wound ends the game at once; Dropped
    Gear offers a Loot Card instead, so taking the Wound with 1 Health left warns."""
    from zedlab.games.run_fight_or_die import game
    from zedlab.games.run_fight_or_die.common import cx
    from zedlab.games.run_fight_or_die.steps import DropLootOrWound

    config = {"players": 2}
    state = _played_to(game, config, 3, lambda m: m.decision.kind == "roll-dice")
    seat = state.current
    p = state.players[seat]
    p.loot.append(next(iter(cx(state).loot)))
    p.loot_uses.append(0)
    p.followers = [f for f in p.followers if f != "heroic-dog"]
    p.wounds = p.health - 1
    state.stack.append(DropLootOrWound(seat=seat, source="fleeing:dropped-gear"))
    decision = game.decision(state)
    wound = next(a for a in decision.options if a.kind == "wound")
    name = cx(state).characters[p.character].name
    warning = (
        f"Taking the Wound kills {name} (1 Health left): the game ends at once. Dropping a Loot"
        f" Card instead keeps {name} alive."
    )
    assert game.option_warning(state, decision, wound) == warning
    match, out = play_at(game, config, game.clone(state), [])
    match, out = play_at(game, config, game.clone(state), [key_of(out, "Take 1 Wound"), "n"])
    assert f"Warning: {warning} Play it anyway? (y/n) > n" in out
    assert match.steps == [] and match.decision.kind == "drop-loot-or-wound"
    p.wounds = p.health - 2
    assert game.option_warning(state, decision, wound) is None


# -- If I'm Going Down... ----------------------------------------------------------------------
def _no_hold_warned(match: Match) -> bool:
    d = match.decision
    if d is None or d.kind != "hold-back":
        return False
    none = next(a for a in d.options if a.value == -1)
    return bool(match.game.option_warning(match.state, d, none))


def test_if_im_going_down_holding_back_nothing_when_it_would_stop_a_bite_asks_first() -> None:
    """If I'm Going Down..., "Zombie Attack Phase" (step 2: hold back one adjacent Zombie;
    step 3: every Zombie next to you not held back bites) and "Biohazard": with one Zombie
    next to Doc alone, holding back none means a bite; holding it back, nothing is asked."""
    from zedlab.games.if_im_going_down import game

    config: dict[str, Any] = {}
    state = _played_to(game, config, 4, _no_hold_warned)
    decision = game.decision(state)
    seat = decision.player
    none = next(a for a in decision.options if a.value == -1)
    warning = game.option_warning(state, decision, none)
    assert warning is not None and warning.startswith("Holding back no Zombie lets ")
    assert "gets a Biohazard token" in warning or "is killed" in warning
    assert all(game.option_warning(state, decision, a) is None for a in decision.options if a != none)
    match, out = play_at(game, config, game.clone(state), [])
    match, out = play_at(game, config, game.clone(state), [key_of(out, "Hold back no Zombie"), "n"])
    assert f"Warning: {warning} Play it anyway? (y/n) > n" in out
    assert match.steps == [] and match.decision.kind == "hold-back"
    game.apply(state, next(a for a in decision.options if a != none))
    after = game.decision(state)
    if after is not None and after.kind == "hold-back" and after.player == seat:
        nothing = next(a for a in after.options if a.value == -1)
        assert game.option_warning(state, after, nothing) is None


def test_the_warning_at_an_80_column_terminal_is_broken_between_words() -> None:
    """At a terminal 80 columns wide the y/n warning (longer than a line) is printed in
    lines of at most 80 columns broken between words, the question last (the terminal
    would otherwise split a word at its edge)."""
    from rich.console import Console

    game, state, config = _dlb(walkers={0: 3, 3: 2}, spaces=[0, 5], health=[3, 10])
    warning = (
        "Rick would end the turn in the Location with 3 Walkers and lose 3 Health at End of"
        " Turn, with 3 left: Rick dies."
    )
    match = Match(game, make_config(game, config), 7, game.clone(state))
    out = io.StringIO()
    lines = iter(["1", "n", "quit"])

    def read_line(prompt: str) -> str:
        answer = next(lines, "quit")
        out.write(f"{prompt}{answer}\n")
        return answer

    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
    Session(match, [HUMAN, HUMAN], console, read_line, interactive=True).run()
    text = out.getvalue().splitlines()
    first = next(i for i, line in enumerate(text) if line.startswith("Warning: "))
    last = next(i for i in range(first, len(text)) if "Play it anyway? (y/n) > n" in text[i])
    shown = text[first : last + 1]
    assert all(len(line) <= 80 for line in shown), "\n".join(shown)
    assert " ".join(line.strip() for line in shown) == f"Warning: {warning} Play it anyway? (y/n) > n"
    assert "Not played." in out.getvalue() and match.steps == []
