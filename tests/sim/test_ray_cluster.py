"""The report's sweep on a real two-node Ray cluster gives the rows of a local run.

A head node and a second node (``ray start --head --port P --node-ip-address 127.0.0.1
--num-cpus 1`` and ``ray start --address 127.0.0.1:P --num-cpus 1``) run the sweep of
``zedlab report run-fight-or-die --ray 127.0.0.1:P``. All of it runs inside new network and
PID namespaces (``ray_cluster_check.py``): Ray's nodes then use 127.0.0.1 (in the machine's
own namespace Ray swaps 127.0.0.1 for the machine's address), ``ray stop`` stops only this
cluster, and the kernel ends every process of the namespace when the check ends, so no Ray
process of this test outlives it and no other Ray instance on the machine is touched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from zedlab.cli import app

from .conftest import ROOT

pytest.importorskip("ray")
pytest.importorskip("pyarrow")

CHECK = Path(__file__).with_name("ray_cluster_check.py")
PORT = "6380"


def _namespaces() -> list[str]:
    """The ``unshare`` command for new network and PID namespaces (skip where the kernel
    or the user may not make them)."""
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("needs unshare (util-linux) to give the cluster namespaces of its own")
    cmd = [unshare, "--net", "--pid", "--fork", "--mount-proc", "--kill-child"]
    if os.geteuid() != 0:
        cmd.insert(1, "--map-root-user")
    probe = subprocess.run([*cmd, "true"], capture_output=True, timeout=30)
    if probe.returncode != 0:
        pytest.skip(f"cannot make namespaces here: {probe.stderr.decode().strip()}")
    return cmd


def _rows(folder: Path) -> dict[str, list[dict[str, object]]]:
    import pyarrow.parquet as pq

    found = {}
    for path in sorted((folder / "runs").rglob("*.parquet")):
        table = pq.read_table(path).drop_columns(["wall_ms", "fault_record"])
        found[path.relative_to(folder).as_posix()] = table.to_pylist()
    return found


def test_the_report_sweep_on_a_two_node_cluster_matches_a_local_run(tmp_path: Path) -> None:
    """Every cell's rows and the report's text are the same as a local run's."""
    args = ["report", "run-fight-or-die", "--games", "4"]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
    }
    remote = subprocess.Popen(
        [*_namespaces(), sys.executable, str(CHECK), str(tmp_path), PORT, *args,
         "--out", str(tmp_path / "ray" / "balance")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tmp_path,
    )
    try:
        # The local run meanwhile (the cluster spends most of its time starting).
        local = CliRunner().invoke(
            app, [*args, "--out", str(tmp_path / "local" / "balance"), "-k", "1"]
        )
        output = remote.communicate(timeout=240)[0].decode()
    finally:
        if remote.poll() is None:
            remote.kill()  # --kill-child: the namespace and every process in it go too
            remote.wait()
    assert local.exit_code == 0, local.output
    assert remote.returncode == 0, output[-5000:]
    alive, addresses = (tmp_path / "nodes.txt").read_text().split(maxsplit=1)
    assert alive == "2" and addresses.strip() == "['127.0.0.1']", output[-5000:]
    on_cluster = _rows(tmp_path / "ray" / "balance")
    here = _rows(tmp_path / "local" / "balance")
    assert len(here) == 16 and all(len(rows) == 4 for rows in here.values())
    assert on_cluster == here
    text = {
        side: (tmp_path / side / "balance.md").read_text().replace(str(tmp_path / side), "")
        for side in ("ray", "local")
    }
    assert text["ray"] == text["local"]
