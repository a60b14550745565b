"""Every documented Duel Masters example, run against the engine."""

from rulings.bdd import bind

bind("dm")
