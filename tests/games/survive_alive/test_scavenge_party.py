"""Survive Alive: a scavenging party that never scavenges stays at the Base.

Source: Survive Alive rulebook, "3. Scavenging (optional)" (the characters chosen scavenge
together), "Step 1" (characters who did not scavenge this round help defend), "Failing to
Defend", "Base Breach".
"""

from zedlab.games.survive_alive import game
from zedlab.games.survive_alive.steps import section

from .helpers import give, log, play, solo_at_spend


def _sent_then_stopped(chars: tuple[str, ...] = ("bruce", "buzz")):
    st = solo_at_spend(seed=1, chars=chars)
    p = st.players[0]
    for ch in p.chars:
        ch.weapons = ["bat"]
    give(st, p, food=3)
    play(st, "done")
    assert game.decision(st).kind == "discard"
    play(st, "scavenge-food")
    play(st, "done")
    assert game.decision(st).kind == "scavenge-party"
    play(st, "send", 0)
    play(st, "go")
    assert game.decision(st).kind == "scavenge-where"
    play(st, "stop")
    return st, p


def test_party_that_stops_before_scavenging_is_at_the_base():
    """3. Scavenging / Step 1: characters sent out who stop before any scavenge did not
    scavenge this round, so they are at the Base: placed to defend (and wounded if the Base
    falls) rather than leaving it empty to be breached."""
    st, p = _sent_then_stopped()
    assert not any(ch.away or ch.party for ch in p.chars)
    d = game.decision(st)
    assert d.kind == "place-defender" and "Bruce" in d.prompt


def test_party_that_stops_before_scavenging_is_not_a_breach():
    """Base Breach: the Base is breached only when nobody is at home; a party that never
    scavenged is at home, so a failed defence wounds it instead."""
    st, p = _sent_then_stopped(("bruce",))
    while game.decision(st) is not None and game.decision(st).kind == "place-defender":
        play(st, "place", "N")
    assert section(st.stack) == "roundend"  # the attacks are resolved
    assert p.breach == 0
    assert "breached" not in " ".join(log(st))


def test_the_party_question_says_its_limit_and_how_many_are_chosen():
    """3. Scavenging: a party is at most two armed characters (the content's
    ``scavenge_party``); the question where the party is picked says so, and how many are
    chosen, until the party is full."""
    from .helpers import CONTENT

    st = solo_at_spend(seed=1, chars=("bruce", "buzz", "olivia"))
    p = st.players[0]
    for ch in p.chars:
        ch.weapons = ["bat"]
    give(st, p, food=3)
    play(st, "done")
    play(st, "scavenge-food")
    play(st, "done")
    most = CONTENT.rules.scavenge_party
    d = game.decision(st)
    assert d.kind == "scavenge-party"
    assert f"up to {most} armed characters" in d.prompt and "chosen" not in d.prompt
    play(st, "send", 0)
    assert "; 1 chosen" in game.decision(st).prompt
    play(st, "send", 1)
    assert game.decision(st).prompt.endswith("; the party is full)")
