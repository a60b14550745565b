"""The site's cards as the environment holds them once every document is read: each
game's cards, the other names a card goes by, and the examples naming each card.

Plain queries of the environment (no nodes, no events): the card directives
(``cards``), the glossary of blocks and the choice of pages to write again (``state``)
all ask them, so they sit below all three.
"""

from __future__ import annotations

from rulings import cardformat


def cards_by_game(env) -> dict[str, dict[str, dict]]:
    """game -> name -> the first record of that card (documents in name order)."""
    out: dict[str, dict[str, dict]] = {}
    for docname in sorted(getattr(env, "rulings_cards", {})):
        if docname not in env.found_docs:
            continue
        for record in env.rulings_cards[docname]:
            if record.get("game") and record.get("name"):
                out.setdefault(record["game"], {}).setdefault(record["name"], record)
    return out


def aliases(game: str, cards: dict[str, dict]) -> dict[str, str]:
    """The other names the cards of ``game`` go by (their format's alias fields) -> name."""
    try:
        fields = cardformat.format_of(game).alias_fields
    except (KeyError, ImportError, AttributeError):
        return {}
    out = {}
    for name, record in cards.items():
        for key in fields:
            alias = (record["fields"].get(key) or "").strip()
            if alias:
                out.setdefault(alias, name)
    return out


def uses(env) -> dict[tuple[str, str], list[dict]]:
    """(game, card name) -> the records of the examples naming the card (by any name)."""
    out: dict[tuple[str, str], list[dict]] = {}
    registry = cards_by_game(env)
    names = {game: aliases(game, cards) for game, cards in registry.items()}
    for docname in sorted(env.rulings_examples):
        for record in env.rulings_examples[docname]:
            game = record.get("game")
            for name in record.get("cards", {}):
                name = names.get(game, {}).get(name, name)
                out.setdefault((game, name), []).append(record)
    return out
