"""Magic: The Gathering: the rules the ruling documents talk about (face-down spells and
permanents, CR 708, and what they lean on: layers, the stack, triggers, combat), and the
card catalogue."""

from .game import Game

__all__ = ["Game"]
