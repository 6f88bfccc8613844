"""Rules of If I'm Going Down..., one behaviour per test (each names its rulebook section)."""

from __future__ import annotations

import pytest

from zedlab.core import RNG, ConfigError, IllegalAction, Match
from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.board import CT, FATE, ZOMBIES, layout, score
from zedlab.games.if_im_going_down.steps import (
    FLOW,
    AttackPhase,
    Fill,
    Occurrences,
    PlaceStart,
    PlayerBegin,
)

from .helpers import fresh, options, play, player_phase, put_zombie, space, stack_fate, take_fate


def test_rulebook_card_counts() -> None:
    """55 Zombie cards (Occurrences 1-6, 14 + 14 standard, named singles); 41 Fate cards
    (12 No Luck, Ammo x3, six kinds x2, the rest single). Source: "Separating the Cards"."""
    zc = dict(zip([z.id for z in ZOMBIES], CT.zombie_counts, strict=False))
    assert sum(CT.zombie_counts) == 55
    assert sorted(z.number for z in ZOMBIES if z.kind == "occurrence") == [1, 2, 3, 4, 5, 6]
    assert zc["zombie-male"] == zc["zombie-female"] == 14
    assert all(zc[z.id] == 1 for z in ZOMBIES if z.kind == "named")
    fc = dict(zip([f.id for f in FATE], CT.fate_counts, strict=False))
    assert sum(CT.fate_counts) == 41 and fc["no-luck"] == 12 and fc["ammo"] == 3
    for two in ("dead-weight", "hand-gun", "assault-rifle", "machete", "rifle", "shotgun"):
        assert fc[two] == 2
    assert fc["story-item"] == 1
    assert len(CT.characters) == 6


def test_setup_sets_story_item_aside_and_ignores_no_luck() -> None:
    """Story Item aside; starting resources drawn ignoring No Luck (those start the discard).
    Source: "Game Setup", step 3."""
    s = game.new(game.Config(players=2), 3)
    assert [FATE[s.fcards[f]].id for f in s.faside] == ["story-item"]
    start = [st.card for st in s.stack if isinstance(st, PlaceStart)]
    assert len(start) == layout(s).starting_resources == 5
    assert all(FATE[s.fcards[f]].category != "no-luck" for f in start)
    assert all(FATE[s.fcards[f]].category == "no-luck" for f in s.fdiscard)
    sizes = [len(p) for p in s.piles]
    assert max(sizes) - min(sizes) <= 1 and sum(sizes) == 55


def test_easier_game_removes_two_no_luck() -> None:
    """Source: "Game Setup" (Tip: for an easier game, remove 2 No Luck cards)."""
    s = game.new(game.Config(easier=True), 1)
    assert sorted(FATE[s.fcards[f]].id for f in s.faside) == ["no-luck", "no-luck", "story-item"]


def test_three_players_use_a_second_copy() -> None:
    """3-4 players: the Intersection layout; the second copy's Zombies, one Occurrence per
    10 added, 40 more Fate cards. Source: "Expanding for 3 to 4 Player Games"."""
    s = game.new(game.Config(scenario="the-intersection", players=3), 1)
    assert len(s.fcards) == 81
    occ = sum(ZOMBIES[k].kind == "occurrence" for k in s.zcards[: s.deck_size])
    assert s.deck_size == 55 + 49 + 4 and occ == 10
    std = game.new(game.Config(scenario="the-intersection", players=4, extra_zombies="standard"), 1)
    assert std.deck_size == 55 + 28 + 2
    with pytest.raises(ConfigError):
        game.new(game.Config(scenario="the-shack", players=3), 1)


def test_initial_spaces_filled_only_when_empty() -> None:
    """Source: "Zombie Entrance Phase": no card goes on an occupied Initial Space."""
    s = fresh()
    occupied = layout(s).initial[0]
    z = put_zombie(s, "zombie-male", occupied)
    s.stack = [Fill()]
    FLOW.run(s)
    assert s.spaces[occupied] == z
    assert all(s.spaces[sp] >= 0 for sp in layout(s).initial)


def test_only_one_rip_occurrence_remains() -> None:
    """Two RIP occurrences in one turn: the last resolved stays, the first is discarded.
    Source: "Resolve Occurrence Cards"."""
    s = fresh()
    i0, i1 = layout(s).initial[:2]
    a = put_zombie(s, "occurrence-1", i0)
    b = put_zombie(s, "occurrence-2", i1)
    s.entered = [a, b]
    stack_fate(s, [("camera", False), ("rifle", False)])  # Item, then Ranged Weapon icon
    s.stack = [Occurrences()]
    FLOW.run(s)
    assert s.rip == b and s.rip_effect == "not-much-left"
    assert a in s.zdiscard and s.spaces[i0] == -1 and s.spaces[i1] == -1
    assert game.invariants(s) == []


def test_biohazard_occurrence_turns_a_bitten_character() -> None:
    """A Biohazard Occurrence turns a character with a Biohazard token into a Zombie (Moan
    is subtracted). Source: "Resolve Occurrence Cards", "Zombie Attack Phase (continued)"."""
    s = fresh(players=2, characters=("jessie", "marcus"))
    s.chars[1].biohazard = True
    put_zombie(s, "the-howler", space(s, 1, 0))  # 2 Moan icons
    occ = put_zombie(s, "occurrence-3", layout(s).initial[0])
    assert ZOMBIES[s.zcards[occ]].biohazard
    s.entered = [occ]
    s.stack = [Occurrences()]
    FLOW.run(s)
    marcus = s.chars[1]
    assert not marcus.alive and marcus.zombie and s.spaces[marcus.space] == s.deck_size + 1
    assert s.moan == 2 and s.chars[0].alive


def _attack_phase(s) -> None:
    s.stack = [AttackPhase()]
    FLOW.run(s)


def test_hold_back_prevents_the_bite() -> None:
    """Holding back the only adjacent Zombie avoids the bite; it cannot be held next turn.
    Source: "Zombie Attack Phase", step 2."""
    s = fresh()
    sp = space(s, 2, 2)
    z = put_zombie(s, "zombie-male", sp)
    _attack_phase(s)
    play(s, "hold", sp)
    assert not s.chars[0].biohazard and s.held_turn[z] == 1
    s.turn = 2
    _attack_phase(s)
    assert options(s) == [("hold", -1)]
    play(s, "hold", -1)
    assert s.chars[0].biohazard


def test_second_bite_kills_and_moan_is_subtracted() -> None:
    """Second bite: killed; Moan icons in play are subtracted from the score.
    Source: "Zombie Attack Phase (continued)", "Scoring Points"."""
    s = fresh()
    s.chars[0].biohazard = True
    s.kills = 5
    put_zombie(s, "zombie-male", space(s, 2, 2))
    put_zombie(s, "darren", space(s, 0, 0))  # Moan 1, far away
    put_zombie(s, "the-howler", space(s, 0, 4))  # Moan 2
    _attack_phase(s)
    play(s, "hold", -1)
    assert s.over and score(s) == 5 - 3
    out = game.outcome(s)
    assert out.scores == (2.0,) and out.tier == "below-low" and out.winners == ()


def test_instant_kill_and_no_hold_back() -> None:
    """Instant Kill: one bite kills. No Hold Back: cannot be held back.
    Source: "Zombie Abilities"."""
    s = fresh()
    put_zombie(s, "butcher-bob", space(s, 2, 2))
    _attack_phase(s)
    play(s, "hold", -1)
    assert not s.chars[0].alive
    s = fresh()
    nb = space(s, 2, 1)
    put_zombie(s, "big-bertha", nb)
    _attack_phase(s)
    assert ("hold", nb) not in options(s)


def test_one_bite_variant_kills_at_the_first_bite() -> None:
    """Source: "Expanding for 3 to 4 Player Games" (the quicker game)."""
    s = fresh(one_bite=True)
    put_zombie(s, "zombie-male", space(s, 2, 2))
    _attack_phase(s)
    play(s, "hold", -1)
    assert not s.chars[0].alive


def test_reach_scratches_around_a_held_zombie() -> None:
    """Not bitten after holding back: a Reach Zombie at range 2 scratches (Biohazard, not
    death). Source: "Zombie Attack Phase", step 3; "Zombie Abilities" (Reach)."""
    s = fresh()
    s.chars[0].biohazard = True
    held = space(s, 2, 2)
    put_zombie(s, "zombie-male", held)
    put_zombie(s, "long-arms-larry", space(s, 1, 2))
    _attack_phase(s)
    play(s, "hold", held)
    assert s.chars[0].alive  # a scratch never kills
    s = fresh()
    put_zombie(s, "zombie-male", held)
    put_zombie(s, "long-arms-larry", space(s, 1, 2))
    _attack_phase(s)
    play(s, "hold", held)
    assert s.chars[0].biohazard and s.chars[0].alive


def test_common_space_zombie_bites_only_one_chosen_character() -> None:
    """A Zombie in a common space bites one of the characters next to it, as they decide.
    Source: "Zombie Attack Phase", step 3."""
    s = fresh(players=2, characters=("jessie", "marcus"))
    common = space(s, 3, 3)
    put_zombie(s, "zombie-male", common)
    _attack_phase(s)
    play(s, "hold", -1)
    play(s, "hold", -1)
    d = game.decision(s)
    assert d.kind == "assign-bite" and {a.value for a in d.options if a.kind == "bite"} == {0, 1}
    play(s, "bite", 1)
    d = game.decision(s)
    assert d.kind == "agree-bite" and d.player == 1
    play(s, "agree", True)
    assert s.chars[1].biohazard and not s.chars[0].biohazard


def test_common_space_bite_without_agreement_goes_to_fate_checks() -> None:
    """The first player's choice binds the other only if they agree; a refusal means each
    makes a Fate check, and the one who fails is bitten. Source: "Zombie Attack Phase",
    step 3 (if they can't agree they must each make a Fate Check)."""
    s = fresh(players=2, characters=("jessie", "marcus"))
    put_zombie(s, "zombie-male", space(s, 3, 3))
    stack_fate(s, [("no-luck", False), ("rifle", False)])
    _attack_phase(s)
    play(s, "hold", -1)
    play(s, "hold", -1)
    play(s, "bite", 1)
    play(s, "agree", False)
    assert s.chars[0].biohazard and not s.chars[1].biohazard


def test_trade_blocked_by_zombie_in_common_space() -> None:
    """No trade while a Zombie is in a common space between the characters.
    Source: "Trade Resources"."""
    s = fresh(players=2, characters=("jessie", "marcus"))
    knife = take_fate(s, "kitchen-knife")
    s.chars[0].hands[0] = knife
    player_phase(s)
    play(s, "manage")
    play(s, "pick", knife)
    assert ("move-to", (0, 1)) in options(s)
    s2 = fresh(players=2, characters=("jessie", "marcus"))
    s2.chars[0].hands[0] = take_fate(s2, "kitchen-knife")
    put_zombie(s2, "zombie-male", space(s2, 2, 3))
    player_phase(s2)
    play(s2, "manage")
    play(s2, "pick", s2.chars[0].hands[0])
    assert all(v[1] != 1 for k, v in options(s2) if k == "move-to")


def test_trade_needs_the_other_players_agreement() -> None:
    """Source: "Trade Resources" (each player involved must agree)."""
    s = fresh(players=2, characters=("jessie", "marcus"))
    knife = take_fate(s, "kitchen-knife")
    s.chars[0].hands[0] = knife
    player_phase(s)
    play(s, "manage")
    play(s, "pick", knife)
    play(s, "move-to", (0, 1))
    assert game.decision(s).player == 1 and game.decision(s).kind == "trade-accept"
    play(s, "trade", True)
    assert s.chars[1].hands[0] == knife and s.chars[0].hands[0] == -1


def test_loved_one_cannot_be_attacked_until_held_back() -> None:
    """Source: "Zombie Abilities" (Loved One)."""
    s = fresh()
    s.chars[0].hands[0] = take_fate(s, "kitchen-knife")
    sp = space(s, 2, 2)
    z = put_zombie(s, "grandma-rose", sp)
    s.loved[z] = 1
    player_phase(s)
    assert not any(k == "use" for k, _ in options(s))
    s.loved_clear[z] = 1
    assert any(k == "use" for k, _ in options(s))


def test_killing_another_players_loved_one_costs_their_next_turn() -> None:
    """Source: "Zombie Abilities" (Killing another player's Loved One)."""
    s = fresh(players=2, characters=("jessie", "marcus"))
    gun = take_fate(s, "hand-gun")
    s.chars[0].hands[0] = gun
    s.chars[0].ability_used = True
    sp = space(s, 1, 4)
    z = put_zombie(s, "grandma-rose", sp)
    s.loved[z] = 0b10  # Marcus's Loved One
    stack_fate(s, [("rifle", False)])
    player_phase(s)
    play(s, "use", gun)
    play(s, "target", sp)
    assert s.spaces[sp] == -1 and s.chars[1].skip_next
    s.stack = [PlayerBegin()]
    FLOW.run(s)
    assert s.chars[1].actions == 0 and s.chars[0].actions == 2


def test_hated_one_must_be_the_ranged_target() -> None:
    """Holding a Ranged Weapon, the only legal target is the Hated One.
    Source: "Zombie Abilities" (Hated One)."""
    s = fresh()
    gun = take_fate(s, "hand-gun")
    s.chars[0].hands[0] = gun
    hated = space(s, 0, 0)
    other = space(s, 1, 2)
    z = put_zombie(s, "the-ex", hated)
    s.hated[z] = 1
    put_zombie(s, "zombie-male", other)
    player_phase(s)
    play(s, "use", gun)
    targets = [v for k, v in options(s) if k == "target"]
    assert targets == [hated]


def test_short_stuff_hidden_behind_a_zombie() -> None:
    """Short Stuff cannot be a ranged target with a Zombie in front of it.
    Source: "Zombie Abilities" (Short Stuff)."""
    s = fresh()
    gun = take_fate(s, "hand-gun")
    s.chars[0].hands[0] = gun
    tim = space(s, 0, 2)
    put_zombie(s, "tiny-tim", tim)
    put_zombie(s, "zombie-male", space(s, 1, 2))
    player_phase(s)
    play(s, "use", gun)
    assert ("target", tim) not in options(s)


def test_shared_hunger_raises_adjacent_named_zombies() -> None:
    """Source: "Other Effects" (Shared Hunger)."""
    from zedlab.games.if_im_going_down.board import effective_z

    s = fresh()
    a = space(s, 0, 0)
    z = put_zombie(s, "zombie-male", a)
    assert effective_z(s, z, a) == 2
    put_zombie(s, "pack-leader", space(s, 1, 1))
    assert effective_z(s, z, a) == 3


def test_acquire_takes_the_named_resource_after_the_actions() -> None:
    """Killed in an adjacent space, an Acquire Zombie gives its named resource from the Fate
    discard pile, placed after all actions. Source: "Other Effects" (Acquire)."""
    s = fresh()
    axe = take_fate(s, "sledgehammer")
    s.chars[0].hands[0] = axe
    sp = space(s, 2, 2)
    put_zombie(s, "officer-ortiz", sp)
    gun = take_fate(s, "hand-gun")
    s.fdiscard.append(gun)
    stack_fate(s, [("rifle", False)])
    player_phase(s)
    play(s, "use", axe)
    play(s, "target", sp)  # 6 Kill Points >= Z4 + range 1
    assert s.acquired == [0, gun]
    play(s, "end")
    assert game.decision(s).kind == "place-resource"
    play(s, "place", (1, 0))
    assert gun in s.chars[0].body


def test_pop_up_appears_next_to_the_character() -> None:
    """After the first turn a Pop-Up is placed adjacent to the closest character and its
    Initial Space stays empty. Source: "Pop-Up! Zombies"."""
    s = fresh()
    s.turn = 2
    pile = layout(s).feeds[0]
    from .helpers import take_zombie

    z = take_zombie(s, "peek-a-boo")
    s.piles[pile].insert(0, z)
    s.stack = [Fill()]
    FLOW.run(s)
    d = game.decision(s)
    assert d.kind == "place-popup"
    adj = set(layout(s).adjacent[s.chars[0].space])
    assert {a.value for a in d.options} <= adj
    play(s, "popup", d.options[0].value)
    assert s.spaces[layout(s).initial[0]] == -1


def test_persistent_search_ignores_one_no_luck() -> None:
    """Source: "Resolve Occurrence Cards" (Persistent Search)."""
    s = fresh()
    s.rip_effect = "persistent-search"
    stack_fate(s, [("no-luck", False), ("crowbar", False)])
    player_phase(s)
    play(s, "search")
    assert game.decision(s).kind == "place-resource"


def test_not_much_left_discards_the_first_resource() -> None:
    """Source: "Resolve Occurrence Cards" (Not Much Left)."""
    s = fresh()
    s.rip_effect = "not-much-left"
    first, second = stack_fate(s, [("crowbar", False), ("sledgehammer", False)])
    player_phase(s)
    play(s, "search")
    assert first in s.fdiscard and game.decision(s).kind == "place-resource"
    assert s.stack[-1].card == second


def test_players_act_in_any_order() -> None:
    """A player may let another act, then act again. Source: "Player Phase"."""
    s = fresh(players=2, characters=("jessie", "marcus"))
    stack_fate(s, [("no-luck", False)] * 3)
    player_phase(s)
    assert game.decision(s).player == 0
    play(s, "pass", 1)
    assert game.decision(s).player == 1
    play(s, "search")
    play(s, "pass", 0)
    play(s, "search")
    assert s.chars[0].actions == 1 and s.chars[1].actions == 1


def test_illegal_action_is_refused_unchanged() -> None:
    s = fresh()
    player_phase(s)
    before = game.encode(s)
    with pytest.raises(IllegalAction):
        game.apply(s, game.decision(s).options[0].__class__("hold", 3))
    assert game.encode(s) == before


def test_kill_o_meter_tiers_and_advanced_game() -> None:
    """Above High wins; the Advanced Game adds 5 per player. Source: "How to Win"."""
    s = fresh()
    s.over = True
    s.kills = s.high + 1
    assert game.outcome(s).winners == (0,) and game.outcome(s).tier == "above-high"
    s.kills = s.high
    assert game.outcome(s).winners == () and game.outcome(s).tier == "low-to-high"
    adv = fresh(advanced=True, players=2)
    base = fresh(players=2)
    assert adv.high == base.high + 10 and adv.low == base.low + 10


def test_zombie_player_hand_is_hidden() -> None:
    """The survivors do not see the Zombie Player's hand; the Zombie Player does.
    Source: "Zombie Player Variant"."""
    s = game.new(game.Config(players=1, zombie_player=True), 4)
    assert len(s.zhand) == 6
    assert game.view(s, 0)["public"]["zombie_hand"] == 6 and game.view(s, 0)["private"] == {}
    assert len(game.view(s, 1)["private"]["zombie_hand"]) == 6
    det = game.determinize(s, 0, RNG.from_seed(9))
    assert game.view(det, 0) == game.view(s, 0)


def test_zombie_player_must_place_three() -> None:
    """Source: "Zombie Player Variant" (choose and place 3 or more cards)."""
    m = Match.new(game, {"zombie_player": True}, seed=2)
    while m.decision.kind != "zp-place":
        m.play(m.decision.options[-1])
    for _ in range(3):
        d = m.decision
        assert all(a.kind == "zcard" for a in d.options)  # no "done" before 3 are placed
        m.play(d.options[0])
        assert m.decision.kind == "zp-space" and all(a.kind == "zplace" for a in m.decision.options)
        m.play(m.decision.options[0])
    assert any(a.kind == "zdone" for a in m.decision.options) or m.decision.kind != "zp-place"


def test_invariants_hold_through_random_games() -> None:
    """Cards conserved and at most one RIP Occurrence, across whole random games."""
    rng = RNG.from_seed(3)
    for seed in range(6):
        s = game.new(game.Config(players=2, scenario="the-intersection"), seed)
        while (d := game.decision(s)) is not None:
            assert game.invariants(s) == []
            game.apply(s, rng.choice(d.options), trusted=True)
        assert game.invariants(s) == []


def test_hated_one_cannot_be_dodged_by_moving_the_gun_to_the_body() -> None:
    """A Ranged Weapon moved to the Body tracker still binds you to the Hated One: the knife
    may not be turned on another Zombie. Source: "Zombie Abilities" (Hated One: you may not
    change weapons to avoid targeting it)."""
    s = fresh()
    gun, knife = take_fate(s, "hand-gun"), take_fate(s, "kitchen-knife")
    s.chars[0].hands[0] = knife
    s.chars[0].body[0] = gun
    z = put_zombie(s, "the-ex", space(s, 0, 0))
    s.hated[z] = 1
    other = space(s, 2, 1)  # adjacent to the character at (3, 2)
    put_zombie(s, "zombie-male", other)
    player_phase(s)
    assert ("use", knife) not in options(s)
    s.chars[0].body[0] = -1  # no Ranged Weapon at all: melee may hit other adjacent Zombies
    s.stack = [PlayerBegin()]
    FLOW.run(s)
    play(s, "use", knife)
    assert [v for k, v in options(s) if k == "target"] == [other]


def test_refused_trade_gives_the_action_back_and_is_not_proposed_again() -> None:
    """Each player in a Trade must agree; a refusal with nothing managed gives the action
    back, and no trade with the player who refused is proposed again this Player Phase (so
    propose-and-refuse cannot repeat for ever). Source: "Trade Resources"; the ruling in
    docs/rulings/if-im-going-down.md."""
    s = fresh(players=2, characters=("jessie", "marcus"))
    knife = take_fate(s, "kitchen-knife")
    s.chars[0].hands[0] = knife
    player_phase(s)
    play(s, "manage")
    play(s, "pick", knife)
    play(s, "move-to", (0, 1))
    play(s, "trade", False)
    assert s.chars[0].actions == 2 and s.chars[0].hands[0] == knife
    assert game.decision(s).kind == "player-action" and game.decision(s).player == 0
    play(s, "manage")
    play(s, "pick", knife)
    assert all(v[1] != 1 for k, v in options(s) if k == "move-to")
    s.stack = [PlayerBegin()]
    FLOW.run(s)  # a new Player Phase: Marcus may be asked again
    play(s, "manage")
    play(s, "pick", knife)
    assert ("move-to", (0, 1)) in options(s)


def _attack_prompt(s) -> str:
    d = game.decision(s)
    assert d is not None and d.kind == "attack"
    return d.prompt


def test_attack_question_says_why_a_shielded_short_stuff_is_not_a_target() -> None:
    """The attack's question names each Zombie left out of the targets and why, in the
    terms of the rules it breaks. Source: "Resolving an Attack" (step 3: melee at range 1),
    "Zombie Abilities" (Short Stuff, Hated One)."""
    s = fresh()
    gun = take_fate(s, "hand-gun")
    s.chars[0].hands[0] = gun
    tim = space(s, 0, 2)
    put_zombie(s, "tiny-tim", tim)
    front = space(s, 1, 2)
    put_zombie(s, "zombie-male", front)
    player_phase(s)
    play(s, "use", gun)
    prompt = _attack_prompt(s)
    assert prompt.startswith("Choose a target (or stop). Not targetable: ")
    assert f"Tiny Tim in space {tim}: Short Stuff, shielded by a Zombie in front" in prompt
    assert f"space {front}" not in prompt  # the Zombie in front is a target


def test_attack_question_gives_the_range_of_zombies_a_melee_weapon_cannot_reach() -> None:
    """Source: "Resolving an Attack" (step 3): a melee weapon targets only adjacent Zombies;
    the one at range 2 is listed with its range; with every Zombie a target, no list."""
    s = fresh()
    knife = take_fate(s, "kitchen-knife")
    s.chars[0].hands[0] = knife
    near, far = space(s, 2, 2), space(s, 0, 2)
    put_zombie(s, "zombie-male", near)
    put_zombie(s, "zombie-female", far)
    player_phase(s)
    play(s, "use", knife)
    prompt = _attack_prompt(s)
    assert prompt.endswith(f"Not targetable: Zombie (female) in space {far} (range 3): a melee "
                           "weapon reaches range 1 only"), prompt
    s2 = fresh()
    knife = take_fate(s2, "kitchen-knife")
    s2.chars[0].hands[0] = knife
    put_zombie(s2, "zombie-male", space(s2, 2, 2))
    player_phase(s2)
    play(s2, "use", knife)
    assert _attack_prompt(s2) == "Choose a target (or stop)"


def test_attack_question_says_the_hated_one_comes_first() -> None:
    """Source: "Zombie Abilities" (Hated One): with a Ranged Weapon only the Hated One may
    be targeted; the other Zombie is listed as waiting for it."""
    s = fresh()
    gun = take_fate(s, "hand-gun")
    s.chars[0].hands[0] = gun
    z = put_zombie(s, "the-ex", space(s, 0, 0))
    s.hated[z] = 1
    other = space(s, 1, 2)
    put_zombie(s, "zombie-male", other)
    player_phase(s)
    play(s, "use", gun)
    assert _attack_prompt(s).endswith(
        f"Not targetable: Zombie (male) in space {other}: your Hated One must be attacked first")
