"""Every documented Magic: The Gathering example, run against the engine."""

from engine.bdd import bind

bind("mtg")
