"""Yu-Gi-Oh!'s objects module (issue 23): typed zones, and the narrow views of the duel
and of a chain link that card data names instead of the rules classes."""

from __future__ import annotations

import ast
import re
import typing
from pathlib import Path

from rulings.ygo import blocks, cardformat
from rulings.ygo.chain import ChainLink
from rulings.ygo.duel import Duel
from rulings.ygo.objects import Zone
from rulings.ygo.view import DuelView, LinkView
from tests import sources

YGO = Path(__file__).resolve().parents[2] / "engine" / "ygo"
#: where a zone's word may be written out: the Zone type itself, and the trace's wording
#: table (keyed by what an event keeps of a zone, its word)
ZONE_WORDS_ALLOWED = ("objects.py", "trace_words.py")
#: the modules of card data: what they ask of a duel is DuelView
CARD_DATA = ("blocks", "families", "grammar", "hooks", "cardformat", "cards", "primitives", "catalogue")


def _members(protocol) -> set[str]:
    names = set(getattr(protocol, "__annotations__", {}))
    names |= {n for n in vars(protocol) if not n.startswith("__") and n not in ("_is_protocol", "_is_runtime_protocol")}
    return names - {n for n in names if n.startswith("_abc") or n.startswith("__")}


def _views() -> dict[str, type]:
    """The rules by concern card data reaches through the duel, and the view of each."""
    hints = typing.get_type_hints(DuelView)
    return {name: hint for name, hint in hints.items() if getattr(hint, "_is_protocol", False)}


def test_the_duel_is_a_duel_view():
    duel = Duel()
    missing = sorted(n for n in _members(DuelView) if not hasattr(duel, n))
    assert not missing, f"DuelView names what the Duel does not have: {missing}"
    for name, view in _views().items():
        missing = sorted(n for n in _members(view) if not hasattr(getattr(duel, name), n))
        assert not missing, f"DuelView.{name} ({view.__name__}) names what duel.{name} does not have: {missing}"


def test_each_rule_of_the_duel_is_seen_through_a_narrow_view():
    """Card data reaches the rules by concern (``duel.chain_rules`` …) through a view that
    names some of what the component has, not the component itself (issue 23)."""
    duel = Duel()
    views = _views()
    assert {"chain_rules", "move_rules", "value_rules", "activation_rules", "memory_rules"} <= set(views)
    for name, view in views.items():
        component = getattr(duel, name)
        public = {n for n in dir(component) if not n.startswith("__")}
        assert _members(view) < public, f"{view.__name__} is not narrower than duel.{name}"


def test_a_chain_link_is_a_link_view():
    fields = set(ChainLink.__dataclass_fields__) | set(vars(ChainLink))
    missing = sorted(_members(LinkView) - fields)
    assert not missing, f"LinkView names what a ChainLink does not have: {missing}"


def test_card_data_asks_the_duel_only_what_duel_view_names():
    """A new call from card data into the duel is added to view.DuelView: the protocol is
    the whole of what the rules owe the cards."""
    known = _members(DuelView)
    views = _views()
    strays = {}
    for module in CARD_DATA:
        text = (YGO / f"{module}.py").read_text(encoding="utf-8")
        used = set(re.findall(r"\bduel\.([A-Za-z_]\w*)", text))
        extra = used - known
        for name, member in re.findall(r"\bduel\.([A-Za-z_]\w*)\.([A-Za-z_]\w*)", text):
            if name in views and member not in _members(views[name]):
                extra.add(f"{name}.{member}")
        if extra:
            strays[module] = sorted(extra)
    assert not strays, f"card data calls into the duel beyond rulings.ygo.view.DuelView: {strays}"


def _bare_zones(path: Path) -> list[str]:
    words = {z.value for z in Zone}
    return [f"{path.name}:{node.lineno}: {node.value!r}" for node in sources.nodes(path)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in words]


@sources.READS_THE_CODE
def test_no_bare_zone_word_in_the_engine():
    """A zone is a member of objects.Zone, not its word: ``Zone.GRAVEYARD``, not
    ``"graveyard"`` (the card format's words, 墓地 …, are read into members by its tables).
    A happening named like a zone is its own constant (objects.WAS_BANISHED)."""
    bare = [hit for path in sorted(YGO.glob("*.py")) if path.name not in ZONE_WORDS_ALLOWED for hit in _bare_zones(path)]
    assert not bare, f"bare zone words in engine/ygo (use objects.Zone): {bare}"


@sources.READS_THE_CODE
def test_the_check_finds_a_bare_zone_word(tmp_path):
    source = tmp_path / "m.py"
    source.write_text('ZONES = {"墓地": "graveyard"}\nok = Zone.HAND == "hand·graveyard"\n')
    assert _bare_zones(source) == ["m.py:1: 'graveyard'"]


def test_a_zone_is_its_word():
    """Members equal the words the engine used before (tables keyed by them still find them)."""
    assert Zone.GRAVEYARD == "graveyard" and {"hand": 1}[Zone.HAND] == 1 and f"{Zone.EXTRA}" == "extra deck"


def test_the_card_format_reads_zones_into_members():
    read = [*blocks.ZONES.values(), *(kind for kind, _whose in blocks.PLACES.values()),
            *cardformat.EFFECT_ZONES.values()]
    # 场上 is the field (four zones), a rule effect (规则效果) applies from the card's definition
    assert all(isinstance(z, Zone) for z in read if z not in ("field", "definition"))
    assert all(isinstance(zone.kind, Zone) for zone in Duel().board.zones.values())
