"""Setting up a Magic game for the engine's unit tests."""

from rulings.mtg import Game
from rulings.mtg.face_down import BY_WAY
from rulings.mtg.objects import HAND


def on_battlefield(game: Game, name: str, player: int = 0, *, face_down: str | None = None):
    """Put a new card onto the battlefield (face down by the given way, if any)."""
    card = game.new_card(name, player, HAND)
    spec = BY_WAY[face_down] if face_down else None
    return game.zone_rules.put_onto_battlefield(card, player, face_down_as=spec, face_down_by=face_down or "", setup=True)
