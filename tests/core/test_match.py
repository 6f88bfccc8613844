"""Matches: play, illegal actions, undo, records, saves and replays."""

import json
from pathlib import Path

import pytest

from zedlab.core import Action, ConfigError, IllegalAction, Match, Record, RecordError

from .pig import HOLD, ONE_DIE, PASS, ROLL, TWO_DICE, pig


def new(**options):
    return Match.new(pig, seed=11, **options)


@pytest.mark.parametrize("bad", [None, 3, "roll", Action("roll", 1), HOLD, {"kind": "roll"}])
def test_play_refuses_non_options_and_changes_nothing(bad):
    match = new()
    before = pig.encode(match.state)
    with pytest.raises(IllegalAction) as info:
        match.play(bad)
    assert str(info.value)
    assert pig.encode(match.state) == before and match.steps == []


def test_bad_config_is_refused_with_the_field_named():
    with pytest.raises(ConfigError, match="players"):
        new(players=9)
    with pytest.raises(ConfigError, match="colour"):
        new(colour="red")
    with pytest.raises(ConfigError, match="seed"):
        Match.new(pig, seed="x")  # type: ignore[arg-type]


def test_undo_of_a_choice_without_chance():
    match = new()
    match.play(TWO_DICE)
    assert match.undo_blocker() is None
    match.undo()
    assert match.state.dice == 0 and match.steps == []
    assert match.decision.kind == "choose-dice"


def test_undo_refused_across_a_die_roll():
    match = new()
    match.play(ONE_DIE)
    match.play(ROLL)
    before = pig.encode(match.state)
    with pytest.raises(IllegalAction, match="the last action rolled dice"):
        match.undo()
    assert pig.encode(match.state) == before


def test_undo_refused_across_another_seats_decision():
    match = new()
    match.play(ONE_DIE)
    while match.decision.player == 0:
        match.play(ROLL)
    match.play(TWO_DICE)  # seat 1's own choice: seat 1 may take it back
    assert match.undo_blocker() is None
    match.undo()
    # the last step is now seat 0's roll (chance) and seat 1 decides: refused
    assert match.undo_blocker() is not None


def test_undo_refused_once_the_turn_passed():
    match = new()
    match.play(PASS)
    assert match.decision.player == 1
    with pytest.raises(IllegalAction, match="passed to seat 1"):
        match.undo()


def test_nothing_to_undo():
    with pytest.raises(IllegalAction, match="nothing to undo"):
        new().undo()


def test_game_over_refuses_play():
    match = new(target=5)
    for _ in range(10_000):
        if match.over:
            break
        options = match.options
        match.play(TWO_DICE if TWO_DICE in options else options[-1])  # hold when possible
    with pytest.raises(IllegalAction, match="over"):
        match.play(ROLL)
    assert match.outcome is not None and match.outcome.winners


def play_some(match, n=15):
    for _ in range(n):
        if match.over:
            break
        match.play(
            match.options[0] if len(match.options) == 1 else match.options[len(match.steps) % 2]
        )
    return match


def test_save_and_load_reproduce_the_state(tmp_path):
    from zedlab.core.registry import registered

    match = play_some(new())
    path = match.save(tmp_path / "game.json")
    with registered(pig):
        loaded = Match.load(path)
    assert pig.encode(loaded.state) == pig.encode(match.state)
    assert loaded.record.to_json()["steps"] == match.record.to_json()["steps"]


def test_replay_partial_record():
    match = play_some(new())
    early = Match.replay(match.record, pig, upto=3)
    assert len(early.steps) == 3


def test_record_json_shape():
    data = play_some(new()).record.to_json()
    assert data["format"] == 1 and data["game"] == "pig" and data["seed"] == 11
    assert set(data) == {
        "format",
        "engine",
        "game",
        "rules_version",
        "config",
        "seed",
        "steps",
        "outcome",
    }
    assert Record.from_json(json.loads(json.dumps(data))).to_json() == data


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "invalid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"format": 9}', "unsupported record format 9"),
        ('{"format": 1, "game": "pig"}', "field engine"),
        ('{"hello": "world"}', "field format"),
    ],
)
def test_damaged_or_foreign_records(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(RecordError, match=message) as info:
        Match.load(path)
    assert str(path) in str(info.value)


def test_missing_file():
    with pytest.raises(RecordError, match="cannot read"):
        Match.load("/nonexistent/save.json")


def test_record_of_unknown_game(tmp_path):
    record = play_some(new()).record
    record.game = "chess"
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        Match.replay(record)


def test_tampered_step_is_named():
    record = play_some(new()).record
    record.steps[2] = type(record.steps[2])(record.steps[2].player, Action("hold"), False)
    with pytest.raises(RecordError, match="step 2"):
        Match.replay(record, pig)


def test_clone_is_independent():
    match = play_some(new(), 4)
    copy = match.clone()
    play_some(copy, 6)
    assert len(copy.steps) > len(match.steps)
    assert pig.encode(match.state) != pig.encode(copy.state)


@pytest.mark.parametrize("seat", [2, -1, "0", True])
def test_view_of_a_seat_that_does_not_exist(seat):
    with pytest.raises(ConfigError, match="does not exist"):
        new().view(seat)
    assert new().view(None)["public"] == new().view(0)["public"]


def test_an_option_with_a_float_value_is_illegal_and_changes_nothing():
    match = new()
    before = pig.encode(match.state)
    with pytest.raises(IllegalAction):
        match.play(Action("dice", 1.0))
    assert pig.encode(match.state) == before and match.steps == []


def test_deeply_nested_json_is_a_record_error(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    with pytest.raises(RecordError, match="nested too deeply|invalid JSON"):
        Match.load(path)


def test_a_failed_save_leaves_no_temp_file(tmp_path):
    target = tmp_path / "folder"
    target.mkdir()
    with pytest.raises(OSError):
        new().save(target)
    assert [p.name for p in tmp_path.iterdir()] == ["folder"]  # no temporary file left


def test_save_never_touches_a_file_named_like_its_temporary(tmp_path):
    precious = tmp_path / "game.json.tmp"
    precious.write_text("mine")
    new().save(tmp_path / "game.json")
    assert precious.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.tmp"]


def test_save_to_a_folder_says_it_is_a_folder(tmp_path):
    with pytest.raises(IsADirectoryError, match="is a folder"):
        new().save(tmp_path)


def test_only_regular_files_of_a_sane_size_are_read(tmp_path, monkeypatch):
    """A device, a pipe or a folder is refused without reading (a pipe would block, a device
    never end); so is a file larger than a record can be."""
    import os

    from zedlab.core import records

    with pytest.raises(RecordError, match="not a regular file"):
        Record.load("/dev/zero")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="not a regular file"):
        Record.load(fifo)
    with pytest.raises(RecordError, match="a folder"):
        Record.load(tmp_path)
    path = play_some(new()).save(tmp_path / "game.json")
    monkeypatch.setattr(records, "MAX_RECORD_BYTES", 100)
    with pytest.raises(RecordError, match="too big for a record"):
        Record.load(path)


def test_a_forged_outcome_does_not_load():
    """The outcome a record states must be the one its steps lead to."""
    unfinished = play_some(new(), 4).record
    unfinished.outcome = {"scores": [100.0, 0.0], "winners": [0], "tier": None, "reason": "forged"}
    with pytest.raises(
        RecordError, match="outcome does not match its steps: replayed, the game is not over"
    ):
        Match.replay(unfinished, pig)
    finished = new(target=5)
    while not finished.over:
        options = finished.options
        finished.play(TWO_DICE if TWO_DICE in options else options[-1])  # hold when possible
    record = finished.record
    assert Match.replay(record, pig).outcome == finished.outcome
    assert record.outcome is not None
    record.outcome = dict(record.outcome, winners=[1 - record.outcome["winners"][0]])
    with pytest.raises(RecordError, match="it ends otherwise"):
        Match.replay(record, pig)


def test_a_played_action_carries_the_games_label():
    """Legality is kind and value; the step keeps the game's own option (and its words)."""
    match = new()
    option = match.options[0]
    match.play(Action(option.kind, option.value, "\x1b[31mforged words"))
    assert match.steps[0].action.label == option.label


def test_an_illegal_action_is_named_by_kind_and_value():
    option = new().options[0]
    forged = Action(option.kind, str(option.value), option.label)
    with pytest.raises(IllegalAction, match=rf"{option.kind} '{option.value}' \('"):
        new().play(forged)


def test_an_action_too_large_or_too_deep_to_compare_is_illegal() -> None:
    """A value of thousands of digits or nested thousands deep: IllegalAction, no change."""
    import zedlab

    match = Match.new(zedlab.get("dont-look-back"), seed=1)
    before = match.record.to_json()
    kind = match.options[0].kind
    deep: object = 1
    for _ in range(100_000):
        deep = (deep,)
    for value in (10**5000, deep):
        with pytest.raises(IllegalAction, match="too large or too deeply nested to write out"):
            match.play(Action(kind, value, "odd"))  # type: ignore[arg-type]
        assert match.record.to_json() == before


def test_a_record_whose_content_folder_lost_files_is_a_record_error(tmp_path: Path) -> None:
    """The content folder given to load a saved game lacks its files: RecordError naming
    the record file, not a ContentError from deep in the set-up."""
    import shutil
    from importlib import resources

    import zedlab

    folder = tmp_path / "content"
    packaged = resources.files("zedlab.games.run_fight_or_die") / "content"
    shutil.copytree(str(packaged), folder)
    saved = Match.new(zedlab.get("run-fight-or-die"), seed=3, content=folder).save(tmp_path / "game.json")
    (folder / "dice.toml").unlink()
    with pytest.raises(RecordError, match=r"game\.json: record config does not load: .*dice"):
        Match.load(saved, content=folder)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": "3"}, r"field seed: Expected `int`, got `str`"),
        ({"seed": 3.0}, r"field seed: Expected `int`, got `float`"),
        ({"format": True}, "unsupported record format True"),
        ({"format": 1.0}, "unsupported record format 1.0"),
        ({"rules_version": "1"}, r"field rules_version: Expected `int`, got `str`"),
        ({"seed": 11 + 2**64}, r"field seed: 1844\d+ is out of range; seeds are 0 to 1844"),
        ({"seed": -1}, r"field seed: Expected `int` >= 0"),
        ({"extra": 1}, "field extra: not a record field"),
    ],
)
def test_records_are_read_strictly(change: dict[str, object], message: str) -> None:
    """A value of the wrong JSON type is refused, not converted; a seed beyond 64 bits
    (which would set up the same game as a smaller one) is refused."""
    data = json.loads(json.dumps(play_some(new()).record.to_json()))
    data.update(change)
    with pytest.raises(RecordError, match=message):
        Record.from_json(data)


def test_a_step_is_read_strictly() -> None:
    data = json.loads(json.dumps(play_some(new()).record.to_json()))
    data["steps"][0]["player"] = "0"
    with pytest.raises(RecordError, match=r"field steps\[0\]\.player: Expected `int`"):
        Record.from_json(data)
    data["steps"][0]["player"] = 0
    data["steps"][0]["chance"] = 1
    with pytest.raises(RecordError, match=r"field steps\[0\]\.chance: Expected `bool`"):
        Record.from_json(data)


def test_seeds_beyond_64_bits_are_refused_at_set_up() -> None:
    with pytest.raises(ConfigError, match="seed 18446744073709551616 is out of range"):
        Match.new(pig, seed=2**64)
    with pytest.raises(ConfigError, match="seed -1 is out of range"):
        Match.new(pig, seed=-1)
    assert Match.new(pig, seed=2**64 - 1).seed == 2**64 - 1


def test_a_record_of_other_rules_says_so() -> None:
    record = play_some(new()).record
    assert record.version_notice(pig.rules_version) is None
    record.rules_version = pig.rules_version - 1
    notice = record.version_notice(pig.rules_version)
    assert notice is not None
    assert f"recorded with older rules (v{pig.rules_version - 1} of pig)" in notice
    assert f"this ZedLab's v{pig.rules_version}" in notice and "may not unfold" in notice
    record.rules_version = pig.rules_version + 1
    assert "newer rules" in record.version_notice(pig.rules_version)


class _InterruptedConfig(dict):  # type: ignore[type-arg]
    """A config whose writing is interrupted, as Ctrl-C would interrupt it."""

    def items(self):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt


def test_an_interrupted_save_leaves_no_temporary_file(tmp_path: Path) -> None:
    record = play_some(new()).record
    record.config = {"nested": _InterruptedConfig(a=1)}
    with pytest.raises(KeyboardInterrupt):
        record.save(tmp_path / "game.json")
    assert list(tmp_path.iterdir()) == []


def test_a_save_is_an_ordinary_file(tmp_path: Path) -> None:
    """Records are written 0644 (readable by others), as documented in Record.save."""
    path = play_some(new()).record.save(tmp_path / "game.json")
    assert path.stat().st_mode & 0o777 == 0o644


def test_save_replaces_only_records_and_makes_no_folder(tmp_path):
    """`Match.save` refuses what the terminal's `save` refuses: a file that is not a ZedLab
    record, a folder, and a missing folder (which it must not create)."""
    from zedlab.core import RecordError

    match = new()
    other = tmp_path / "notes.txt"
    other.write_text("mine")
    with pytest.raises(RecordError, match="not a ZedLab record"):
        match.save(other)
    assert other.read_text() == "mine"
    with pytest.raises(RecordError, match="does not exist"):
        match.save(tmp_path / "nowhere" / "x.json")
    assert not (tmp_path / "nowhere").exists()
    with pytest.raises(IsADirectoryError, match="is a folder"):
        match.save(tmp_path)
    first = match.save(tmp_path / "g.json")
    assert match.save(first) == first  # a record may be replaced


def test_a_bot_answer_is_shown_with_the_game_label() -> None:
    """A bot may build its own Action (no label); front ends get the decision's option."""
    from zedlab.bots import choose
    from zedlab.core import IllegalAction

    class Bare:
        def choose(self, info, rng):  # type: ignore[no-untyped-def]
            return Action(info.decision.options[-1].kind, info.decision.options[-1].value)

    match = new()
    picked = choose(Bare(), match.infoset(), pig_rng())
    assert picked.label == match.decision.options[-1].label != picked.kind

    class Wrong:
        def choose(self, info, rng):  # type: ignore[no-untyped-def]
            return Action("zz")

    with pytest.raises(IllegalAction, match="not an option"):
        choose(Wrong(), match.infoset(), pig_rng())


def pig_rng():  # type: ignore[no-untyped-def]
    from zedlab.core import RNG

    return RNG.from_seed(1)


def test_an_option_can_be_played_from_its_json_or_its_id() -> None:
    """The view schema's options can be played back: ``Action(kind, value)`` with the JSON
    value (a list for a tuple), or the option's catalogue id."""
    match = new()
    shown = match.view(0)["decision"]["options"]
    first = shown[0]
    assert Action(first["kind"], first["value"]) == match.decision.options[0]
    assert Action("keep", [1, [2, 3]]).value == (1, (2, 3))
    second = match.decision.options[1]
    match.play(shown[1]["id"])
    assert match.steps[-1].action == second
    with pytest.raises(IllegalAction):
        match.play(10_000)


def test_events_since_must_be_a_number() -> None:
    with pytest.raises(ConfigError, match="since must be an event number"):
        new().events(0, since=None)  # type: ignore[arg-type]


def test_numpy_seeds_seed_the_rng() -> None:
    import numpy as np

    from zedlab.core import RNG

    assert RNG.from_seed(np.int64(3)).state == RNG.from_seed(3).state
    with pytest.raises(TypeError, match="a seed is an integer"):
        RNG.from_seed(1.5)  # type: ignore[arg-type]


def test_play_goes_through_a_games_own_apply_step_and_decision():
    """A game that defines its own ``apply``, ``step`` or ``decision`` is called through
    it by ``Match`` (only a game keeping the base ones goes straight to its flow)."""
    from .pig import Pig

    calls: list[str] = []

    class OwnApply(Pig):
        def apply(self, state, action, *, trusted=False):
            calls.append(f"apply trusted={trusted}")
            super().apply(state, action, trusted=trusted)

    class OwnStep(Pig):
        def step(self, state, action):
            calls.append("step")
            super().step(state, action)

    class OwnDecision(Pig):
        def decision(self, state):
            calls.append("decision")
            return super().decision(state)

    for game, said in ((OwnApply(), "apply trusted=True"), (OwnStep(), "step"),
                       (OwnDecision(), "decision")):
        calls.clear()
        match = Match.new(game, seed=3)
        match.play(ONE_DIE)
        match.clone().play(ROLL)
        assert calls.count(said) >= 2, (game, calls)


def test_the_default_config_is_validated_once_per_game_and_options_still_count():
    """``Match.new`` without a config shares one validated default per game; options and
    dicts are validated each time and never replace it."""
    from zedlab.core import make_config

    from .pig import Pig

    default = make_config(pig)
    assert make_config(pig) is default and Match.new(pig, seed=1).config is default
    assert make_config(pig, target=10).target == 10 and make_config(pig, {"target": 12}).target == 12
    assert make_config(pig) is default and default.target == 30
    other = Pig()
    assert make_config(other) is not default and make_config(other) == default
    with pytest.raises(ConfigError, match="target"):
        make_config(pig, target=1)


def test_a_plain_flow_played_inline_gives_the_flows_own_games():
    """``Match.play`` runs a plain Flow's steps itself: the same decisions, events, state
    and outcome as the game's own ``decision`` and ``apply`` on a bare state."""
    from zedlab.core import RNG

    match, chooser = Match.new(pig, seed=5), RNG.from_seed(2)
    state = pig.new(pig.Config(), 5)
    while match.decision is not None:
        assert match.decision == pig.decision(state)
        action = chooser.choice(match.decision.options)
        match.play(action)
        pig.apply(state, action)
    assert pig.decision(state) is None and pig.outcome(state) == match.outcome
    assert match.events() == state.events and len(state.events) >= 10
    played = match.state
    assert (played.scores, played.round, played.bonus_deck, played.rng) == (
        state.scores, state.round, state.bonus_deck, state.rng)
