"""Every documented Magic: The Gathering example, run against the engine."""

from rulings.bdd import bind

bind("mtg")
