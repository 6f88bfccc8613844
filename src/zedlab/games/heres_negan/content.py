"""Provisional content pack of Here's Negan (replaced by the validated TOML pack).

It has the shape the rules read: ``Content`` with dice, survivors, weapons, threat, walker and
negan references, walker tokens and the four decks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace as NS
from typing import Any

from zedlab.core.content import ContentBinder

FILES: list[str] = []


@dataclass(frozen=True)
class Effect:
    effect: str
    amount: int = 0
    die: str = ""
    level: str = ""
    range: int = 0
    delta: int = 0
    count: int = 1


@dataclass(frozen=True)
class Content:
    dice: dict[str, Any]
    survivors: dict[str, Any]
    weapons: dict[str, Any]
    threat: Any
    walker: Any
    negan_ref: Any
    walker_tokens: list[str]
    events: dict[str, Any]
    rooms: dict[str, Any]
    negan: dict[str, Any]
    supply: dict[str, Any]
    decks: dict[str, list[str]] = field(default_factory=dict)

    def die(self, colour: str) -> tuple[tuple[int, bool], ...]:
        return tuple((int(f.rstrip("!") or 0), f.endswith("!")) for f in self.dice[colour].faces)


def _weapon(id_: str, name: str, attack: str, dice: list[str], lo: int = 1, hi: int = 1,
            bulky: bool = False, noise: bool = False) -> Any:
    return NS(id=id_, name=name, attack=attack, dice=dice, min_range=lo, max_range=hi,
              bulky=bulky, noise=noise, text="")


def load_pack(directory: Any = None) -> Content:
    dice = {
        "red": NS(id="red", faces=["0", "0", "1", "1", "1!", "2"]),
        "white": NS(id="white", faces=["0", "1", "1", "1", "2", "2!"]),
        "blue": NS(id="blue", faces=["1", "1", "2", "2", "2!", "3!"]),
        "action": NS(id="action", faces=["star", "star", "star", "blank", "blank", "blank"]),
    }
    weapons = {
        "knife": _weapon("knife", "Knife", "fight", []),
        "crossbow": _weapon("crossbow", "Crossbow", "shoot", ["white"], 1, 6),
        "rifle": _weapon("rifle", "Assault Rifle", "shoot", ["blue"], 2, 10, noise=True),
        "tyre-iron": _weapon("tyre-iron", "Tyre Iron", "fight", ["white"], bulky=True),
        "pistol": _weapon("pistol", "Pistol", "shoot", [], 1, 6, noise=True),
    }
    def surv(id_: str, name: str, weapons: list[str], ability: str) -> Any:
        return NS(id=id_, name=name, fight=["white"], shoot=["white"], defense=["white"], stamina=5,
                  move=3, weapons=weapons, ability=ability, ability_text="", text="")
    survivors = {
        "dwight": surv("dwight", "Dwight", ["knife", "crossbow"], "quiet-runner"),
        "laura": surv("laura", "Laura", ["rifle", "knife"], "versatile"),
        "john": surv("john", "John", ["tyre-iron"], "bruiser"),
        "tara": surv("tara", "Tara", ["knife", "knife"], "counter-attack"),
        "sherry": surv("sherry", "Sherry", ["pistol"], "medic"),
    }
    threat = NS(start=1, max=19, bands=[
        NS(name="All Quiet", low=1, high=3, entry=""),
        NS(name="Low Threat", low=4, high=8, entry="low"),
        NS(name="Medium Threat", low=9, high=13, entry="medium"),
        NS(name="High Threat", low=14, high=18, entry="high"),
    ], security=[2] * 3 + [3] * 5 + [4] * 5 + [5] * 5)
    E = Effect
    events = {
        "quiet": NS(id="quiet", name="Quiet Night", threat="", noise=False, choose=False, effects=[], text=""),
        "shamble": NS(id="shamble", name="Shambling", threat="+1", noise=False, choose=False,
                      effects=[E("spawn", level="threat")], text=""),
        "crash": NS(id="crash", name="Crash", threat="+red", noise=True, choose=True,
                    effects=[E("noise")], text=""),
    }
    rooms = {
        "empty": NS(id="empty", name="Empty", walkers="", supplies=1, infinity=False, effects=[], text=""),
        "nest": NS(id="nest", name="Nest", walkers="white", supplies=1, infinity=False, effects=[], text=""),
    }
    negan = {
        "stroll": NS(id="stroll", name="Stroll", move=3, noise=False, effects=[E("rep-nearest", amount=1)], text=""),
        "swing": NS(id="swing", name="Swing", move=4, noise=False, effects=[E("kill-walkers", die="blue", range=3)], text=""),
    }
    supply = {
        "machete": NS(kind="weapon", effects=[], **vars(_weapon("machete", "Machete", "fight", ["red"]))),
        "bandage": NS(id="bandage", name="Bandage", kind="item", noise=False,
                      effects=[E("heal", die="red")], text=""),
    }
    decks = {"event": list(events) * 9, "room": list(rooms) * 12, "negan": list(negan) * 12,
             "supply": list(supply) * 12}
    tokens = ["red"] * 8 + ["white"] * 8 + ["blue"] * 5 + [""] * 5
    return Content(dice, survivors, weapons, threat, NS(fight=["red"], defense=["red"], attack="red", max_attack_dice=5),
                   NS(stamina=8), tokens, events, rooms, negan, supply, decks)


BINDER = ContentBinder("heres-negan", __package__, FILES, load_pack)
