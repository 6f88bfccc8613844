"""The Special Rules of Scenarios 4-12, one module each, registered on import.

Source: Here's Negan rulebook, Scenarios 4-12.
"""

from .s04_seeking_sanctuary import SeekingSanctuary  # noqa: F401
from .s05_guns_and_ammo import GunsAndAmmo  # noqa: F401
from .s06_supply_run import SupplyRun  # noqa: F401
from .s07_the_best_medicine import TheBestMedicine  # noqa: F401
from .s08_motherlode import Motherlode  # noqa: F401
from .s09_watch_it_burn import WatchItBurn  # noqa: F401
from .s10_spark_of_life import SparkOfLife  # noqa: F401
from .s11_a_place_to_call_home import APlaceToCallHome  # noqa: F401
from .s12_chairman_of_the_board import ChairmanOfTheBoard  # noqa: F401
