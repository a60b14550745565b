"""Every documented Yu-Gi-Oh! example, run against the engine."""

from rulings.bdd import bind

bind("ygo")
