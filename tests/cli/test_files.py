"""What `zedlab play`, `replay` and `map` do with files that are not theirs to lose: an
unfinished autosave, a file of the user's, a damaged sidecar, a bad data folder, a device."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from zedlab.core import Record

from .driver import assert_clean, run_here

PLAYED = ["1", "1", "1"]  # three choices of pig's seat 0


def autosave(data: Path) -> Record:
    return Record.load(data / "autosave" / "pig.json")


def kept_path(proc_stdout: str) -> Path:
    found = re.search(
        r"is kept in:\n  (\S+)\nContinue it with:\n  zedlab play --load (\S+)\n", proc_stdout
    )
    assert found, proc_stdout[-2000:]
    assert found.group(1) == found.group(2)
    return Path(found.group(1))


# -- 1. a new game never loses the unfinished one ------------------------------------------


def test_a_new_game_keeps_the_unfinished_autosave(tmp_path: Path) -> None:
    """Starting another game sets the unfinished one aside, and it continues from there."""
    first = run_here(["play", "pig", "--seed", "11"], tmp_path, [*PLAYED, "quit"])
    assert first.returncode == 0, first.stderr
    old = autosave(tmp_path)
    assert old.seed == 11 and old.steps

    second = run_here(["play", "pig", "--seed", "12"], tmp_path, ["quit"])
    assert_clean(second)
    kept = kept_path(second.stdout)
    assert kept == tmp_path / "autosave" / "pig-unfinished-1.json"
    assert Record.load(kept).to_json() == old.to_json()
    assert json.loads(kept.with_name("pig-unfinished-1.seats.json").read_text())["seats"]
    assert autosave(tmp_path).seed == 12

    # --resume still continues the newest autosave, not the one set aside
    resumed = run_here(["play", "--resume"], tmp_path, ["quit"])
    assert "seed 12" in resumed.stdout and "is kept in" not in resumed.stdout
    # and the one set aside continues where it was left
    again = run_here(["play", "--load", str(kept)], tmp_path, ["quit"])
    assert f"after {len(old.steps)} actions" in again.stdout


@pytest.mark.parametrize("damage", ["truncated", "newer-format"])
def test_a_new_game_keeps_an_autosave_it_cannot_read(damage: str, tmp_path: Path) -> None:
    """An autosave this ZedLab cannot read (cut short, or of a newer record format) is moved
    aside, byte for byte, when another game starts, and the player is told where."""
    first = run_here(["play", "pig", "--seed", "11"], tmp_path, [*PLAYED, "quit"])
    assert first.returncode == 0, first.stderr
    path = tmp_path / "autosave" / "pig.json"
    text = path.read_text()
    text = text[:150] if damage == "truncated" else text.replace('"format": 1', '"format": 2')
    path.write_text(text)
    second = run_here(["play", "pig", "--seed", "12"], tmp_path, ["quit"])
    assert_clean(second)
    found = re.search(r"could not be read \(.+\); it is kept, unchanged, in:\n  (\S+)\n", second.stdout)
    assert found, second.stdout[-2000:]
    kept = Path(found.group(1))
    assert kept == tmp_path / "autosave" / "pig-unreadable-1.json"
    assert kept.read_text() == text
    assert kept.with_name("pig-unreadable-1.seats.json").is_file()
    assert autosave(tmp_path).seed == 12


def test_resuming_or_playing_on_sets_nothing_aside(tmp_path: Path) -> None:
    """The same game played on, or started and left untouched, replaces its autosave."""
    run_here(["play", "pig", "--seed", "11"], tmp_path, [*PLAYED, "quit"])
    resumed = run_here(["play", "--resume"], tmp_path, ["1", "quit"])
    assert "is kept in" not in resumed.stdout
    run_here(["play", "pig", "--seed", "13"], tmp_path, ["quit"])  # sets seed 11 aside
    # a game with no action played is nothing to keep
    fresh = run_here(["play", "pig", "--seed", "14"], tmp_path, ["quit"])
    assert "is kept in" not in fresh.stdout
    assert sorted(p.name for p in (tmp_path / "autosave").glob("pig-unfinished-*.json")) == [
        "pig-unfinished-1.json",
        "pig-unfinished-1.seats.json",
    ]


def test_loading_another_save_keeps_the_unfinished_autosave(tmp_path: Path) -> None:
    """`--load OTHER.json` of the same game sets the autosave aside too."""
    other = tmp_path / "other.json"
    run_here(["play", "pig", "--seed", "5"], tmp_path, ["1", f"save {other}", "quit"])
    run_here(["play", "pig", "--seed", "11"], tmp_path, [*PLAYED, "quit"])
    old = autosave(tmp_path)
    proc = run_here(["play", "--load", str(other)], tmp_path, ["quit"])
    assert Record.load(kept_path(proc.stdout)).to_json() == old.to_json()


def test_every_game_set_aside_is_kept_and_counted(tmp_path: Path) -> None:
    """No unfinished game is deleted to make room; each start says how many are kept."""
    outputs = [
        run_here(["play", "pig", "--seed", str(seed)], tmp_path, ["1", "quit"]).stdout
        for seed in range(1, 9)
    ]
    folder = tmp_path / "autosave"
    kept = sorted(folder.glob("pig-unfinished-*[0-9].json"), key=lambda p: int(p.stem[15:]))
    assert [p.name for p in kept] == [f"pig-unfinished-{n}.json" for n in range(1, 8)]
    assert all(p.with_name(p.stem + ".seats.json").is_file() for p in kept)
    assert [Record.load(p).seed for p in kept] == [1, 2, 3, 4, 5, 6, 7]
    assert f"  {folder / 'pig-unfinished-7.json'}\n" in outputs[-1]
    assert "(7 unfinished pig games kept in that folder; none is deleted" in outputs[-1]


def test_loading_a_finished_record_adds_no_copy(tmp_path: Path) -> None:
    """A finished record is shown; records/ gets no duplicate, the autosave stays."""
    finished = run_here(["play", "pig", "--seed", "2", "--bot", "0=random"], tmp_path)
    assert finished.returncode == 0, finished.stderr
    (record,) = (tmp_path / "records").glob("pig-*-seed2.json")
    run_here(["play", "pig", "--seed", "11"], tmp_path, [*PLAYED, "quit"])
    unfinished = autosave(tmp_path)
    proc = run_here(["play", "--load", str(record)], tmp_path, ["quit"])
    assert proc.returncode == 0, proc.stderr
    assert_clean(proc)
    assert "Winner" in proc.stdout
    assert "The record of this game is in" not in proc.stdout
    assert len(list((tmp_path / "records").glob("pig-*.json"))) == 2  # record + sidecar
    assert autosave(tmp_path).to_json() == unfinished.to_json()
    assert not list((tmp_path / "autosave").glob("*unfinished*"))


# -- 2. save FILE and --svg do not write over other files ----------------------------------


def test_save_refuses_to_overwrite_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    sidecar = tmp_path / "mine.seats.json"
    sidecar.write_text('{"todo": 1}')
    lines = [f"save {notes}", f"save {tmp_path / 'mine.json'}", "1", "quit"]
    proc = run_here(["play", "pig", "--seed", "3"], tmp_path, lines)
    assert_clean(proc)
    assert proc.returncode == 0
    assert f"Cannot save to {notes}: that file exists and is not a ZedLab record" in proc.stdout
    assert f"{sidecar} exists and is not a ZedLab seats file" in proc.stdout
    assert notes.read_text() == "my notes"
    assert sidecar.read_text() == '{"todo": 1}'
    assert not (tmp_path / "notes.seats.json").exists()
    assert not (tmp_path / "mine.json").exists()
    assert len(autosave(tmp_path).steps) >= 1  # the game went on


def test_save_may_replace_a_record(tmp_path: Path) -> None:
    """A record (of this game or another) and its sidecar may be written over."""
    target = tmp_path / "game.json"
    lines = [f"save {target}", "1", f"save {target}", "quit"]
    proc = run_here(["play", "pig", "--seed", "3"], tmp_path, lines)
    assert proc.stdout.count(f"Saved to:\n  {target}\n") == 2, proc.stdout[-2000:]
    assert Record.load(target).steps


def test_map_svg_refuses_to_overwrite_another_file(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("keep me")
    proc = run_here(["map", "heres-negan", "1", "--plain", "--svg", str(afile)], tmp_path)
    assert proc.returncode == 2
    assert f"--svg {afile}: that file exists and is not an SVG image" in proc.stderr
    assert afile.read_text() == "keep me"
    svg = tmp_path / "map.svg"
    for _ in range(2):  # a new file, then the same SVG written again
        ok = run_here(["map", "heres-negan", "1", "--plain", "--svg", str(svg)], tmp_path)
        assert ok.returncode == 0, ok.stderr
    assert "<svg" in svg.read_text()


def test_map_svg_path_is_printed_whole(tmp_path: Path) -> None:
    """The SVG's path, longer than a line, is printed unbroken (so that it copies)."""
    folder = tmp_path / ("a-folder-with-a-rather-long-name-" * 3)
    folder.mkdir()
    svg = folder / "map.svg"
    ok = run_here(["map", "heres-negan", "1", "--plain", "--svg", str(svg)], tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert f"SVG written to {svg}\n" in ok.stdout, ok.stdout[-500:]


# -- 3. damaged sidecars -----------------------------------------------------------------


@pytest.mark.parametrize(
    "sidecar",
    [
        json.dumps({"seats": ["human", "random"], "steps": 0, "log": {"²": ["a"]}}),
        '{"seats": ' + "[" * 100_000 + "]" * 100_000 + "}",
        json.dumps({"seats": ["human", "random"], "steps": 0, "log": {"0": [1]}}),
    ],
    ids=["unicode-digit-key", "deep-nesting", "bad-log-lines"],
)
def test_damaged_sidecar_is_ignored_with_a_warning(sidecar: str, tmp_path: Path) -> None:
    first = run_here(["play", "pig", "--seed", "3"], tmp_path, ["quit"])
    assert first.returncode == 0, first.stderr
    for args in (["play", "--resume"], ["play", "--load", str(tmp_path / "autosave/pig.json")]):
        (tmp_path / "autosave" / "pig.seats.json").write_text(sidecar)
        proc = run_here(args, tmp_path, ["quit"])
        assert_clean(proc)
        assert proc.returncode == 0, proc.stderr
        assert "warning: ignoring" in proc.stderr and "using the default seats" in proc.stderr
        assert proc.stderr.count("\n") == 1, proc.stderr


# -- 4. a bad ZEDLAB_DATA_DIR ---------------------------------------------------------------


@pytest.mark.parametrize("folder", ["~nouserxyz-zed/x", "/tmp/" + "a" * 300])
def test_bad_data_dir_is_one_line(folder: str, tmp_path: Path) -> None:
    """`--resume` ends with one line naming ZEDLAB_DATA_DIR; a new game plays on without
    autosaving."""
    resume = run_here(["play", "--resume"], Path(folder))
    assert resume.returncode == 2
    assert_clean(resume)
    assert "ZEDLAB_DATA_DIR" in resume.stderr and resume.stderr.count("\n") == 1, resume.stderr
    new = run_here(["play", "pig", "--seed", "3"], Path(folder), ["1", "quit"])
    assert_clean(new)
    assert new.returncode == 0, new.stderr
    assert new.stdout.count("Cannot autosave: ") == 1, new.stdout[-2000:]


# -- 5. devices, pipes and huge files ---------------------------------------------------------


@pytest.mark.parametrize("command", ["load", "replay"])
@pytest.mark.parametrize("kind", ["device", "fifo", "folder", "huge"])
def test_not_a_record_file_is_refused_without_reading(
    command: str, kind: str, tmp_path: Path
) -> None:
    if kind == "device":
        path = Path("/dev/zero")
    elif kind == "fifo":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    elif kind == "folder":
        path = tmp_path / "folder.json"
        path.mkdir()
    else:
        path = tmp_path / "huge.json"
        with path.open("wb") as file:
            file.truncate(65 * 1024 * 1024)  # sparse: no disk used
    args = ["play", "--load", str(path)] if command == "load" else ["replay", str(path)]
    proc = run_here(args, tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert_clean(proc)
    if (kind, command) == ("folder", "load"):
        assert "is a directory" in proc.stderr  # click's own check of --load
        return
    assert proc.stderr.startswith(f"zedlab: {path}: "), proc.stderr
    assert proc.stderr.count("\n") == 1, proc.stderr


# -- 6. what is typed is echoed cut and escaped -----------------------------------------------


def test_long_or_control_input_is_echoed_cut_and_escaped(tmp_path: Path) -> None:
    long_line = "x" * 100_000
    proc = run_here(["play", "pig", "--seed", "3"], tmp_path, [long_line, "ab\x1b[2Jc", "quit"])
    assert_clean(proc)
    assert "x" * 1000 not in proc.stdout
    assert "'xxxxxxxxxxxxxxxxxxxx…' is not an option or a command" in proc.stdout
    assert "\x1b" not in proc.stdout
    assert "'ab\\x1b[2Jc' is not an option or a command" in proc.stdout


def test_replay_echoes_cut_and_escaped(tmp_path: Path) -> None:
    run_here(["play", "pig", "--seed", "3"], tmp_path, ["1", "quit"])
    save = tmp_path / "autosave" / "pig.json"
    proc = run_here(["replay", str(save)], tmp_path, ["y" * 100_000, "\x1b[2J", "q"])
    assert_clean(proc)
    assert "y" * 1000 not in proc.stdout and "\x1b" not in proc.stdout
    assert "'yyyyyyyyyyyyyyyyyyyy…' is not a command" in proc.stdout
    assert "'\\x1b[2j' is not a command" in proc.stdout


# -- 7. the record that cannot be kept is named -----------------------------------------------


def test_a_record_that_cannot_be_kept_names_the_path(tmp_path: Path) -> None:
    (tmp_path / "records").write_text("in the way")
    proc = run_here(["play", "pig", "--seed", "2", "--bot", "0=random"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert f"Cannot keep the record of this game: File exists ({tmp_path / 'records'})" in (
        proc.stdout
    )


def test_a_save_of_older_rules_says_so_when_loaded_and_replayed(tmp_path: Path) -> None:
    """Loading or replaying a game recorded under other rules says which, and that it is
    saved under the current ones from now on (it is not rewritten silently)."""
    from tests.core.pig import pig

    first = run_here(["play", "pig", "--seed", "11"], tmp_path, [*PLAYED, "quit"])
    assert first.returncode == 0, first.stderr
    path = tmp_path / "autosave" / "pig.json"
    data = json.loads(path.read_text())
    old = pig.rules_version - 1
    data["rules_version"] = old
    saved = tmp_path / "old.json"
    saved.write_text(json.dumps(data))
    proc = run_here(["play", "--load", str(saved)], tmp_path, ["quit"])
    assert_clean(proc)
    assert f"recorded with older rules (v{old} of pig)" in proc.stdout
    assert f"saved as v{pig.rules_version} from now on" in proc.stdout
    shown = run_here(["replay", str(saved), "--all"], tmp_path)
    assert f"recorded with older rules (v{old} of pig)" in shown.stdout, shown.stdout[:500]


def test_records_and_sidecars_are_written_alike(tmp_path: Path) -> None:
    """Autosave, its sidecar and a `save FILE` and its sidecar: all 0644 (the mode chosen
    in zedlab.cli.saves.FILE_MODE); no temporary file is left in either folder."""
    target = tmp_path / "mine.json"
    run_here(["play", "pig", "--seed", "3"], tmp_path, ["1", f"save {target}", "quit"])
    folder = tmp_path / "autosave"
    files = [folder / "pig.json", folder / "pig.seats.json", target, tmp_path / "mine.seats.json"]
    assert [oct(p.stat().st_mode & 0o777) for p in files] == [oct(0o644)] * 4
    assert not list(tmp_path.glob(".*.tmp")) and not list(folder.glob(".*.tmp"))


def test_save_into_a_missing_folder_is_refused(tmp_path: Path) -> None:
    """A typo in a folder name does not quietly create folders: one line, the game goes on."""
    target = tmp_path / "no_such_dir" / "x.json"
    proc = run_here(["play", "pig", "--seed", "3"], tmp_path, [f"save {target}", "1", "quit"])
    assert_clean(proc)
    assert f"Cannot save to {target}: the folder {target.parent} does not exist" in proc.stdout
    assert not target.parent.exists()


# -- what the player is told about saves -----------------------------------------------------


def test_the_resume_command_named_on_quit_names_the_game_and_works(tmp_path: Path) -> None:
    """Quitting names the command that continues the game, with the game's name in it, on a
    line of its own (so that it copies whole), and that very command continues it."""
    first = run_here(["play", "pig", "--seed", "11"], tmp_path, [*PLAYED, "quit"])
    assert_clean(first)
    found = re.search(r"Continue it with:\n  (zedlab play .*)\n", first.stdout)
    assert found and found.group(1) == "zedlab play pig --resume", first.stdout[-1500:]
    again = run_here(found.group(1).split()[1:], tmp_path, ["quit"])
    assert_clean(again)
    assert f"after {len(autosave(tmp_path).steps)} actions" in again.stdout


def test_the_line_about_a_kept_game_is_plain(tmp_path: Path) -> None:
    """A new game that keeps an unfinished one says so in one short line naming the game
    (at most 72 characters), with no "set aside" or "where:" jargon."""
    run_here(["play", "pig", "--seed", "11"], tmp_path, [*PLAYED, "quit"])
    second = run_here(["play", "pig", "--seed", "12"], tmp_path, ["quit"])
    assert_clean(second)
    (line,) = [s for s in second.stdout.splitlines() if s.startswith("Kept your unfinished")]
    assert line == "Kept your unfinished pig game (file named when you quit).", line
    assert len(line) <= 72
    assert "set aside" not in second.stdout and "where:" not in second.stdout
