"""Every documented Duel Masters example, run against the engine."""

from engine.bdd import bind

bind("dm")
