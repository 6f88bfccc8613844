"""Soak tests (``@pytest.mark.soak``) run only when asked for: ``pytest -m soak``."""

import pytest


def pytest_collection_modifyitems(config, items):
    if "soak" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="soak test: run with -m soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
