"""Yu-Gi-Oh!'s objects module (issue 23): typed zones, and the narrow views of the duel
and of a chain link that card data names instead of the rules classes."""

from __future__ import annotations

import re
from pathlib import Path

from rulings.ygo.chain import ChainLink
from rulings.ygo.duel import Duel
from rulings.ygo.view import DuelView, LinkView

YGO = Path(__file__).resolve().parents[2] / "engine" / "ygo"
#: the modules of card data: what they ask of a duel is DuelView
CARD_DATA = ("blocks", "families", "grammar", "hooks", "cardformat", "cards", "primitives", "catalogue")


def _members(protocol) -> set[str]:
    names = set(getattr(protocol, "__annotations__", {}))
    names |= {n for n in vars(protocol) if not n.startswith("__") and n not in ("_is_protocol", "_is_runtime_protocol")}
    return names - {n for n in names if n.startswith("_abc") or n.startswith("__")}


def test_the_duel_is_a_duel_view():
    duel = Duel()
    missing = sorted(n for n in _members(DuelView) if not hasattr(duel, n))
    assert not missing, f"DuelView names what the Duel does not have: {missing}"


def test_a_chain_link_is_a_link_view():
    fields = set(ChainLink.__dataclass_fields__) | set(vars(ChainLink))
    missing = sorted(_members(LinkView) - fields)
    assert not missing, f"LinkView names what a ChainLink does not have: {missing}"


def test_card_data_asks_the_duel_only_what_duel_view_names():
    """A new call from card data into the duel is added to view.DuelView: the protocol is
    the whole of what the rules owe the cards."""
    known = _members(DuelView)
    strays = {}
    for module in CARD_DATA:
        used = set(re.findall(r"\bduel\.([A-Za-z_]\w*)", (YGO / f"{module}.py").read_text(encoding="utf-8")))
        if extra := sorted(used - known):
            strays[module] = extra
    assert not strays, f"card data calls into the duel beyond rulings.ygo.view.DuelView: {strays}"
