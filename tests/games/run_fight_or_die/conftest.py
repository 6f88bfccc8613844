"""Soak tests of this folder run only when asked for with ``-m soak``."""

import pytest


def pytest_collection_modifyitems(config, items):
    if "soak" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="soak test: run with -m soak")
    for item in items:
        if "soak" in item.keywords and "run_fight_or_die" in str(item.fspath):
            item.add_marker(skip)
