"""Bots for Run, Fight, or Die! (placeholder until the heuristic lands)."""

from zedlab.bots import RandomBot as HeuristicBot

__all__ = ["HeuristicBot"]
