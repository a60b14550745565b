"""Duel Masters: the rules the ruling documents talk about, and its card catalogue."""

from .duel import Duel

__all__ = ["Duel"]
