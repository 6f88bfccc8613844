"""What each seat sees, and the game's invariants.

The view hides the order of the Fate deck and of the entry piles, and the Zombie Player's
hand from the survivors (it is in the Zombie Player's ``private`` part). Everything else on
the table is face up, in ``public``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import steps
from .board import PACKS, effective_z, layout, moan_in_play, score
from .state import IGDState
from .steps import (
    Attack,
    AttackPhase,
    BeginTurn,
    DeadWeight,
    EndTurn,
    Initiative,
    ManageDest,
    MovementPhase,
    Occurrences,
    PlacePopup,
    PlaceResource,
    PlaceStart,
    PlayerAction,
    PlayerBegin,
    Reload,
    ResolveOccurrence,
    TradeAccept,
)


def phase_name(s: IGDState) -> str:
    """The rulebook's name of the phase under way, read from the steps still pending."""
    kinds = {type(t) for t in s.stack}
    if BeginTurn in kinds:
        return "setup"
    if PlayerBegin in kinds:
        return "zombie-entrance"
    if AttackPhase in kinds:
        return "player"
    if MovementPhase in kinds:
        return "zombie-attack"
    if EndTurn in kinds:
        return "zombie-movement"
    return "over" if s.over else "zombie-movement"


def actor(s: IGDState) -> int | None:
    """The seat holding the initiative in the Player Phase (``None`` outside it)."""
    for t in reversed(s.stack):
        if isinstance(t, (PlayerAction, Initiative)):
            return t.seat
    return None


def _fate(s: IGDState, f: int) -> dict[str, Any] | None:
    if f < 0:
        return None
    t = PACKS[s.content].fate[s.fcards[f]]
    return {"card": f, "id": t.id, "name": t.name, "category": t.category, "uses": s.uses[f],
            "hands": t.hands, "apu": t.apu, "attack": t.attack}


def _seats(mask: int) -> list[int]:
    return [i for i in range(8) if mask & (1 << i)]


def _zombie(s: IGDState, z: int, space: int) -> dict[str, Any]:
    t = PACKS[s.content].zombies[s.zcards[z]]
    abilities = [
        name for name, on in (
            ("stride", t.stride), ("short-stuff", t.short_stuff), ("instant-kill", t.instant_kill),
            ("loved-one", t.loved_one), ("reach", t.reach), ("no-hold-back", t.no_hold_back),
            ("hated-one", t.hated_one), ("pop-up", t.pop_up),
        ) if on
    ]
    return {
        "card": z, "id": t.id, "name": t.name, "kind": t.kind, "z": t.z,
        "z_now": effective_z(s, z, space) if t.kind != "occurrence" else 0,
        "abilities": abilities, "moan": t.moan, "acquire": t.acquire,
        "kill_points": s.kp[z], "held": s.held_turn[z] == s.turn, "held_last_turn": s.held_turn[z] == s.turn - 1,
        "no_move": s.no_move[z], "loved_by": _seats(s.loved[z]), "hated_by": _seats(s.hated[z]),
    }


def table_view(s: IGDState, player: int | None) -> dict[str, Any]:
    """A JSON-safe picture of the table for ``player`` (``None``: a spectator):
    ``{"public": ..., "private": ...}``."""
    lay = layout(s)
    chars = []
    for c in s.chars:
        ct = PACKS[s.content].characters[c.char]
        if not c.chosen:
            unchosen: dict[str, Any] = {
                "seat": c.seat, "id": None, "name": "(choosing a character)", "z": 0,
                "space": c.space, "alive": c.alive, "zombie": False, "biohazard": False,
                "actions": 0, "kills": 0, "skip_next_turn": False, "ability": "",
                "ability_text": "", "ability_used": False, "modifiers": [],
                "hands": [_fate(s, f) for f in c.hands], "body": [_fate(s, f) for f in c.body],
            }
            chars.append(unchosen)
            continue
        chars.append({
            "seat": c.seat, "id": ct.id, "name": ct.name, "z": ct.z, "space": c.space,
            "alive": c.alive, "zombie": c.zombie, "biohazard": c.biohazard,
            "actions": c.actions, "kills": c.kills, "skip_next_turn": c.skip_next,
            "ability": ct.ability, "ability_text": ct.ability_text, "ability_used": c.ability_used,
            "modifiers": [list(m) for m in ct.modifiers],
            "hands": [_fate(s, f) for f in c.hands], "body": [_fate(s, f) for f in c.body],
        })
    private: dict[str, Any] = {}
    if s.zombie_seat >= 0 and player == s.zombie_seat:
        private["zombie_hand"] = [_zombie(s, z, 0) for z in s.zhand]
    rip = None
    if s.rip >= 0:
        occ = next(o for o in PACKS[s.content].occurrences.values() if o.id == s.rip_effect)
        rip = {"card": PACKS[s.content].zombies[s.zcards[s.rip]].name, "effect": occ.id, "name": occ.name, "text": occ.text}
    public = {
        "scenario": s.scenario, "scenario_name": lay.name, "players": s.players,
        "zombie_seat": s.zombie_seat, "turn": s.turn, "phase": phase_name(s), "over": s.over,
        "actor": actor(s),
        "layout": {
            "rows": lay.rows, "cols": lay.cols, "spaces": [list(p) for p in lay.spaces],
            "initial": list(lay.initial), "characters": list(lay.characters),
            "entry_points": lay.entry_points, "feeds": list(lay.feeds),
        },
        "spaces": [None if z < 0 else _zombie(s, z, sp) for sp, z in enumerate(s.spaces)],
        "characters": chars,
        "ground": [_fate(s, f) for f in s.ground],
        "fate_deck": len(s.fdeck),
        "fate_discard": [PACKS[s.content].fate[s.fcards[f]].name for f in s.fdiscard],
        "fate_trashed": len(s.ftrash),
        "bonus_pile": [PACKS[s.content].fate[s.fcards[f]].name for f in s.fbonus],
        "entry_piles": [len(p) for p in s.piles],
        "zombie_discard": [PACKS[s.content].zombies[s.zcards[z]].name for z in s.zdiscard],
        "zombie_hand": len(s.zhand),
        "rip_occurrence": rip,
        "spinach_seat": s.spinach_seat,
        "score": {"kills": s.kills, "moan": s.moan, "bonus": s.bonus, "total": score(s),
                  "moan_in_play": moan_in_play(s)},
        "kill_o_meter": {"low": s.low, "high": s.high, "win_line": s.line},
        "pending": _pending(s),
    }
    return {"public": public, "private": private}


def _pending(s: IGDState) -> dict[str, Any] | None:
    """The face-up card the pending decision is about (a resource found, the weapon in use)."""
    if not s.stack or s.over:
        return None
    top = s.stack[-1]
    kind = _KINDS.get(type(top), "")
    seat = getattr(top, "seat", -1)
    if isinstance(top, Attack):
        return {"kind": kind, "seat": seat, "card": _fate(s, top.card), "attacks_left": top.attacks}
    if isinstance(top, (PlaceResource, PlaceStart, Reload, DeadWeight)):
        return {"kind": kind, "seat": seat, "card": _fate(s, top.card), "attacks_left": -1}
    if isinstance(top, (ManageDest, TradeAccept)):
        return {"kind": kind, "seat": seat, "card": _fate(s, top.card)}
    return {"kind": kind, "seat": seat}


_KINDS: dict[type, str] = {
    steps.ChooseCharacter: "choose-character", PlaceStart: "place-start", steps.ZpPlace: "zp-place",
    PlacePopup: "place-popup", steps.Spinach: "spinach", steps.Fumble: "fumble", steps.FumbleTrash: "fumble-trash",
    steps.Discharge: "discharge", PlayerAction: "player-action", PlaceResource: "place-resource",
    steps.ManagePick: "manage-pick", ManageDest: "manage-dest", TradeAccept: "trade-accept", Reload: "reload",
    DeadWeight: "dead-weight", Attack: "attack", steps.HoldBack: "hold-back", steps.AssignBite: "assign-bite",
    steps.AgreeBite: "agree-bite", steps.AssignScratch: "assign-scratch", steps.ZpMove: "zp-move",
    steps.ZpSpace: "zp-space", steps.ZpDest: "zp-dest",
}
"""The decision kind each decision step asks (as the pending card's ``kind``)."""


def check_invariants(s: IGDState) -> list[str]:
    """Cards conserved; at most one RIP Occurrence; tokens in range."""
    problems = []
    where: Counter[int] = Counter()
    for pile in s.piles:
        where.update(pile)
    where.update(z for z in s.spaces if 0 <= z < s.deck_size)
    where.update(s.zdiscard)
    where.update(s.zhand)
    if s.rip >= 0:
        where[s.rip] += 1
    for st in s.stack:
        if isinstance(st, PlacePopup):
            where[st.z] += 1
    for z in range(s.deck_size):
        if where[z] != 1:
            problems.append(f"Zombie card {z} is in {where[z]} places")
    if len(where) != s.deck_size or any(z >= s.deck_size or z < 0 for z in where):
        problems.append("an unknown Zombie card is in play")
    if s.rip >= 0 and PACKS[s.content].zombies[s.zcards[s.rip]].kind != "occurrence":
        problems.append("the RIP slot holds a non-Occurrence card")
    if not s.over:
        # An Occurrence card lies on a space only until it is resolved.
        pending = Occurrences in {type(t) for t in s.stack}
        resolving = {t.z for t in s.stack if isinstance(t, ResolveOccurrence)}
        occ = [
            z for z in s.spaces
            if z >= 0 and PACKS[s.content].zombies[s.zcards[z]].kind == "occurrence" and not pending
            and z not in resolving
        ]
        if occ:
            problems.append(f"{len(occ)} Occurrence card(s) left on spaces after the Entrance Phase")
    fate: Counter[int] = Counter()
    for lst in (s.fdeck, s.fdiscard, s.ftrash, s.faside, s.fbonus, s.ground):
        fate.update(f for f in lst if f >= 0)
    for c in s.chars:
        fate.update(f for f in c.hands if f >= 0)
        fate.update(f for f in c.body if f >= 0)
    fate.update(s.acquired[1::2])
    for st in s.stack:
        if isinstance(st, (PlaceResource, PlaceStart)):
            fate[st.card] += 1
    n = len(s.fcards)
    for f in range(n):
        if fate[f] != 1:
            problems.append(f"Fate card {f} ({PACKS[s.content].fate[s.fcards[f]].name}) is in {fate[f]} places")
    for c in s.chars:
        z = s.deck_size + c.seat
        count = s.spaces.count(z) + s.zout.count(z)
        if count != (1 if c.zombie else 0):
            problems.append(f"seat {c.seat}'s Zombie side appears {count} times")
        if c.alive and s.spaces[c.space] >= 0:
            problems.append(f"a card lies on living seat {c.seat}'s Character Space")
    if any(k < 0 for k in s.kp):
        problems.append("negative Kill Points")
    return problems
