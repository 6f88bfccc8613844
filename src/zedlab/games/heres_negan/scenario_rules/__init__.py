"""The Special Rules of Scenarios 4-12, one module each, registered on import.

Source: Here's Negan rulebook, Scenarios 4-12.
"""

from . import (  # noqa: F401
    s04_seeking_sanctuary,
    s05_guns_and_ammo,
    s06_supply_run,
    s07_the_best_medicine,
)
