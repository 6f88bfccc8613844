"""The event log says what each move did, with printed names (no internal ids), and the
action labels name the die they spend."""

from __future__ import annotations

from rich.console import Console

from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.render import render

from .helpers import B, G, K, R, S, Z, act, at_actions, give_follower, give_loot, log, new


def _text(s) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(render(game.view(s, 0), 0))
    return console.export_text()


def test_set_up_and_event_die_use_printed_names():
    """Source: Run, Fight, or Die! rulebook, "Event Die Actions" (ZOMBIES RISE)."""
    s = new(rolls=[B, B, G, R, S, "zombies-rise"])
    assert "Set-up: seat 0 (The Athlete), seat 1 (The Prom Queen)" in log(s)
    assert log(s)[-2].endswith("Event die: Zombies Rise.")
    assert log(s)[-1] == "Zombies Rise: 2 Zombies join Zones 2 and 3 (Zones 1/2/3: 2/4/5)."
    text = _text(s)
    assert "Event die: Zombies Rise" in text and "zombies-rise" not in text


def test_run_move_is_logged():
    """Source: rulebook, "RUN" (from Zone 3 a Zombie leaves the board)."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [G, R, R, B, B])
    act(s, "run", 3)
    assert log(s)[-1] == "Run: Zombie from Zone 3 back off the board (Zones 1/2/3: 2/3/3)."
    act(s, "run", 1)
    assert log(s)[-1] == "Run: Zombie from Zone 1 back to Zone 2 (Zones 1/2/3: 1/4/3)."


def test_nurse_push_back_is_logged_and_pending_shows_its_name():
    """Source: rulebook, "NURSE"."""
    s = new(rolls=[B, B, G, R, S, "nurse"])
    act(s, "nurse", "push-back")
    text = _text(s)
    assert "Pending: move Zombies back 1 Zone (from Nurse (Event die))" in text
    assert "push-back-any" not in text
    d = game.decision(s)
    assert d.prompt.startswith("Nurse (Event die): move a Zombie back 1 Zone")
    act(s, "zone", 1)
    assert log(s)[-1] == "Nurse (Event die): Zombie from Zone 1 back to Zone 2 (Zones 1/2/3: 1/4/4)."


def test_zombie_advance_is_logged():
    """Source: rulebook, "Zombie Advance Phase"."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [S, S, S, S, S])
    s.players[0].zones = [1, 2, 3]
    act(s, "search")
    while game.decision(s) is not None and game.decision(s).kind != "resolve-actions":
        act(s, *(lambda a: (a.kind, a.value))(game.decision(s).options[0]))
    act(s, "done")
    line = next(x for x in log(s) if x.startswith("Zombie Advance:"))
    assert line == "Zombie Advance: 1 reach the character, 2 move to Zone 1, 3 move to Zone 2 (Zones 1/2/3: 2/3/0)."


def test_loot_effect_is_logged():
    """What "uses Hunting Rifle" did. Source: rulebook, "LOOT CARDS"; designed card text."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [Z, S, S, S, S])
    give_loot(s, 0, "hunting-rifle")
    act(s, "loot", 0)
    assert log(s)[-2] == "Seat 0 uses Hunting Rifle."
    assert log(s)[-1] == "Hunting Rifle: 1 Zombie killed in Zone 3 (Zones 1/2/3: 2/3/3)."


def test_roll_labels_name_the_die_and_action_labels_the_die_they_spend():
    """The reroll decision asks about one die at a time, named with its face; Stop is last."""
    s = new(rolls=[Z, B, G, R, S, "all-quiet"])
    d = game.decision(s)
    assert [a.label for a in d.options[:2]] == ["Keep die 2 (bat)", "Reroll die 2 (bat)"]
    assert (d.options[-1].kind, d.options[-1].value) == ("stop", None)
    act(s, "keep", 1)
    assert [a.label for a in game.decision(s).options[:2]] == ["Keep die 3 (gun)", "Reroll die 3 (gun)"]
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [B, B, G, R, S])
    labels = {(a.kind, a.value): a.label for a in game.decision(s).options}
    assert labels[("bat", None)].endswith("[uses 1 of 2 Bat dice]")
    assert labels[("gun", 3)].endswith("[uses 1 of 1 Gun die]")
    assert labels[("search", None)] == "Search: resolve 1 Search symbol"


def test_bat_label_says_kill_1_with_the_klutz():
    """Source: "Action Dice Icons" (BAT kills 2 in Zone 1); the Klutz Follower (designed
    Penalty) makes each Bat kill 1, and the option says so."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [B, G, R, S, K])
    assert next(a.label for a in game.decision(s).options if a.kind == "bat").startswith("Bat: kill 2 Zombies")
    give_follower(s, 0, "klutz")
    label = next(a.label for a in game.decision(s).options if a.kind == "bat")
    assert label.startswith("Bat: kill 1 Zombie in Zone 1")
    act(s, "bat")
    assert s.players[0].zones[0] == 1
