"""The Special Rules of Scenarios 4-12, one module each, registered on import.

Source: Here's Negan rulebook, Scenarios 4-12.
"""
