"""Run the report's sweep on a two-node Ray cluster, inside namespaces of its own.

Started by ``test_ray_cluster.py`` as PID 1 of new network and PID namespaces
(``unshare --net --pid --fork --mount-proc --kill-child``): the only network is this
namespace's loopback (Ray then gives its nodes the address 127.0.0.1, not the machine's),
``ray stop`` sees only this namespace's processes, and when this process ends the kernel ends
every process left in the namespace, so nothing outlives the test.

Usage: ``python ray_cluster_check.py OUT PORT REPORT-ARGS...``; writes ``OUT/nodes.txt``
(alive nodes while the sweep ran) and the report under the ``--out`` in REPORT-ARGS.
"""

from __future__ import annotations

import fcntl
import os
import secrets
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

SIOCGIFFLAGS, SIOCSIFFLAGS, IFF_UP = 0x8913, 0x8914, 0x1


def loopback_up() -> None:
    """Bring up ``lo`` (a new network namespace starts with it down)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        request = struct.pack("16sH14x", b"lo", 0)
        flags = struct.unpack("16sH14x", fcntl.ioctl(s, SIOCGIFFLAGS, request))[1]
        fcntl.ioctl(s, SIOCSIFFLAGS, struct.pack("16sH14x", b"lo", flags | IFF_UP))


def ray_cli() -> list[str]:
    found = shutil.which("ray", path=str(Path(sys.executable).parent))
    return [found] if found else [sys.executable, "-m", "ray.scripts.scripts"]


NODES = (
    "import ray\n"
    "ray.init(address='127.0.0.1:{port}', log_to_driver=False)\n"
    "print(sum(n['Alive'] for n in ray.nodes()),"
    " sorted({{n['NodeManagerAddress'] for n in ray.nodes()}}))\n"
)


def main() -> int:
    out, port, *report = sys.argv[1:]
    loopback_up()
    temp = tempfile.mkdtemp(prefix="zr")  # short: Ray's socket paths live under it
    # Token authentication with a token of this run's own (never the user's ~/.ray one).
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "token",
           "RAY_AUTH_TOKEN": secrets.token_hex(32)}
    env.pop("RAY_ADDRESS", None)
    env.pop("RAY_AUTH_TOKEN_PATH", None)
    node = ["--node-ip-address", "127.0.0.1", "--num-cpus", "1", "--disable-usage-stats"]
    try:
        subprocess.run(
            [*ray_cli(), "start", "--head", "--port", port, *node, "--temp-dir", temp,
             "--include-dashboard", "false"],
            env=env, check=True, timeout=120, stdout=sys.stderr,
        )
        subprocess.run(
            [*ray_cli(), "start", "--address", f"127.0.0.1:{port}", *node],
            env=env, check=True, timeout=120, stdout=sys.stderr,
        )
        nodes = subprocess.run(
            [sys.executable, "-c", NODES.format(port=port)],
            env=env, check=True, timeout=120, capture_output=True, text=True,
        )
        Path(out, "nodes.txt").write_text(nodes.stdout)
        result = subprocess.run(
            [sys.executable, "-c", "from zedlab.cli import main; main()", *report,
             "--ray", f"127.0.0.1:{port}"],
            env=env, timeout=300,
        )
        return result.returncode
    finally:
        subprocess.run([*ray_cli(), "stop", "--force", "--grace-period", "1"], env=env, timeout=120,
                       stdout=sys.stderr, stderr=sys.stderr)
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
