"""Every documented Yu-Gi-Oh! example, run against the engine."""

from engine.bdd import bind

bind("ygo")
