"""``zedlab simulate`` output paths checked before any game is played; one run per --out."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from zedlab.cli import main
from zedlab.core import ConfigError
from zedlab.sim.results import ResultWriter


def run_main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``zedlab ARGS`` in this process through :func:`zedlab.cli.main`."""
    old = sys.argv
    sys.argv = ["zedlab", *args]
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.argv = old
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("flag", "target", "expected"),
    [
        ("--out", "/proc/nope/x.parquet", "--out /proc/nope/x.parquet: cannot create the folder"),
        ("--plot", "/proc/nope/x.png", "--plot /proc/nope/x.png: the folder /proc/nope does not"),
        ("--plot", "{tmp}/x.txt", "cannot draw .txt; name it .png, .svg or .pdf"),
    ],
)
def test_bad_output_paths_stop_before_playing(
    flag: str, target: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused at once with one line and exit 2: no game is played, nothing is written."""
    target = target.format(tmp=tmp_path)
    code, out, err = run_main(["simulate", "pig", "--games", "5", flag, target], capsys)
    assert code == 2, (out, err)
    assert expected in err and err.count("\n") == 1 and "Traceback" not in err, err
    assert out == ""  # no results table: nothing was played
    assert list(tmp_path.iterdir()) == []


def test_a_second_run_on_the_same_out_is_refused(tmp_path: Path) -> None:
    """While one writer holds PATH.lock, another is refused without touching it."""
    path = tmp_path / "runs" / "x.parquet"
    first = ResultWriter(path, {"game": "pig"})
    with pytest.raises(ConfigError, match=r"another simulation \(process \d+\) is writing to it now"):
        ResultWriter(path, {"game": "pig"})
    first.close()
    assert path.exists() and not (tmp_path / "runs" / "x.parquet.partial").exists()
    # a .partial left behind by a run that died is not held: a new run takes it over
    (tmp_path / "runs" / "x.parquet.partial").write_bytes(b"half a file")
    ResultWriter(path, {"game": "pig"}).close()
    assert path.exists()


def test_ray_address_wait_is_announced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """ray.init has no connection timeout: the wait is explained first, a failure is one line."""
    import types

    from zedlab.sim import ray_backend

    def init(**kwargs: object) -> None:
        raise ConnectionError("nobody there")

    fake = types.SimpleNamespace(is_initialized=lambda: False, init=init)
    monkeypatch.setattr(ray_backend, "_ray", lambda: fake)
    with pytest.raises(ConfigError, match="--ray bogus:1: cannot connect"):
        next(ray_backend.iter_chunks(None, iter([(0, 1)]), address="bogus:1"))  # type: ignore[arg-type]
    assert "connecting to Ray at bogus:1…" in capsys.readouterr().err


@pytest.mark.parametrize(
    "address", ["bogus", "head:", ":6379", "head:99999", "head:６３７９", "ray://", "a b:1"]
)
def test_a_malformed_ray_address_is_refused_at_once(address: str, tmp_path: Path) -> None:
    """An address Ray could never reach is refused before Ray starts or a file is written."""
    from zedlab.sim import run

    out = tmp_path / "r.parquet"
    with pytest.raises(ConfigError, match="is not a Ray address; use auto, ray://HOST:PORT"):
        run("pig", 2, ray=address, out=out)
    assert not out.exists()


def test_well_formed_ray_addresses_pass_the_check() -> None:
    from zedlab.sim.ray_backend import check_address

    for address in ("auto", "ray://head:10001", "head:6379", "10.0.0.2:6379", "[::1]:6379"):
        check_address(address)


def test_out_in_a_missing_folder_is_refused_and_makes_no_folder(tmp_path: Path) -> None:
    """`--out` into a folder that does not exist is refused, as `save` refuses it, and no
    folder is created (a typo in a folder name should not quietly make one)."""
    from zedlab.core import ConfigError
    from zedlab.sim import run

    with pytest.raises(ConfigError, match="does not exist"):
        run("dont-look-back", 2, workers=1, out=tmp_path / "nowhere" / "x.parquet")
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_a_seed_out_of_range_is_refused_as_in_play(seed: int) -> None:
    from zedlab.core import ConfigError
    from zedlab.sim import run

    with pytest.raises(ConfigError, match="out of range"):
        run("dont-look-back", 2, workers=1, seed=seed)
