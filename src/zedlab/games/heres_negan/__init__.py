"""The Walking Dead: Here's Negan.

So far this package holds the board (:mod:`zedlab.games.heres_negan.board`): tiles, the twelve
scenario maps as data, the geometry the rules stand on, and renderers. The rules engine comes
later, so the game is not registered yet.
"""
