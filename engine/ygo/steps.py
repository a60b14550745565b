"""The Yu-Gi-Oh! step vocabulary, in Chinese (zh-CN), as the ruling documents write.

Each phrase stands for one engine call.  Given and When phrases act; Then phrases read
what the duel computed and compare it with what the example states.  No phrase looks at
which card or which example it is running for.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.vocabulary import Term, Vocabulary, expect

from .catalogue import CATALOGUE
from .duel import BANISHED, DECK, EXTRA, FIELD_ZONES, GRAVEYARD, HAND, Duel

V = Vocabulary(game="ygo", language="zh-CN", new_world=Duel, card_names=lambda: CATALOGUE.keys())
VOCABULARY = V

V.term(Term("card", r"[^「」]+", names_card=True, description="a card name from the catalogue"))
V.term(Term.choice("player", {"自己": 0, "对方": 1}, "自己 (player 0) or 对方 (player 1)"))
V.term(Term.choice("method", {
    "通常": "normal", "上级": "tribute", "特殊": "special", "同调": "synchro", "X": "xyz", "超量": "xyz",
    "融合": "fusion", "仪式": "ritual", "连接": "link", "灵摆": "pendulum", "反转": "flip", "再度": "gemini",
}, "a summon method"))
V.term(Term.choice("is", {"是": True, "仍然是": True, "依然是": True, "不是": False, "不再是": False},
                   "是/仍然是 or 不是/不再是"))
V.term(Term.choice("can", {"可以": True, "能": True, "不能": False, "不可以": False}, "可以 or 不能"))
V.term(Term.choice("happened", {"发动了": True, "会发动": True, "没有发动": False, "不会发动": False},
                   "发动了 or 没有发动"))
V.term(Term.choice("place", {"场上": "field", "墓地": GRAVEYARD, "除外状态": BANISHED, "手卡": HAND,
                             "卡组": DECK, "额外卡组": EXTRA}, "where a card is"))
V.term(Term(r"label", r"[①②③④⑤⑥⑦⑧⑨⑩]", description="an effect number as the card text writes it"))
V.term(Term.choice("face", {"表侧表示": True, "里侧表示": False}, "表侧表示 or 里侧表示"))

PLACE_NAMES = {v: k for k, v in {"场上": "field", "墓地": GRAVEYARD, "除外状态": BANISHED, "手卡": HAND,
                                  "卡组": DECK, "额外卡组": EXTRA}.items()}


# -- Given / When: acting -----------------------------------------------------------

@V.phrase(("given", "when"), "{player}{method}召唤「{card}」")
def summon(duel: Duel, player: int, method: str, card: str) -> None:
    """Summon a card by the given method (再度召唤 summons a gemini monster again)."""
    duel.summon(duel.card(card, player), method, player)


@V.phrase(("given", "when"), "{player}解放「{tribute:card}」上级召唤「{card}」")
def tribute_summon(duel: Duel, player: int, tribute: str, card: str) -> None:
    """Tribute Summon, tributing a named monster of that player's field."""
    fodder = duel.card(tribute, player)
    if not duel.on_field(fodder):
        duel.summon(fodder, "normal", player)
    duel.summon(duel.card(card, player), "tribute", player, tributes=[fodder])


@V.phrase(("given", "when"), "{player}反转召唤「{card}」")
def flip_summon(duel: Duel, player: int, card: str) -> None:
    duel.flip_summon(duel.card(card, player))


@V.phrase(("given", "when"), "「{card}」变成里侧守备表示")
def turn_face_down(duel: Duel, card: str) -> None:
    """A card effect turns the monster face-down (as 「月之书」 does)."""
    duel.turn_face_down(duel.card(card), reason="an effect")


@V.phrase(("given", "when"), "「{card}」因效果反转")
def flip_by_effect(duel: Duel, card: str) -> None:
    """A card effect turns the face-down monster face up (not a flip summon)."""
    duel.flip_face_up(duel.card(card), reason="an effect")


@V.phrase(("given", "when"), "「{card}」被一时除外")
def banish_temporarily(duel: Duel, card: str) -> None:
    """Banished until the End Phase, as 「彼岸的恶鬼·法尔法雷洛」 does."""
    duel.banish_temporarily(duel.card(card), returns="end-phase")


@V.phrase(("given", "when"), "「{card}」回到场上")
def return_to_field(duel: Duel, card: str) -> None:
    duel.return_to_field(duel.card(card))


@V.phrase(("given", "when"), "「{card}」被破坏")
def destroy(duel: Duel, card: str) -> None:
    duel.destroy(duel.card(card), reason="an effect")


@V.phrase("when", "进入结束阶段")
def end_phase(duel: Duel) -> None:
    duel.enter_end_phase()


@V.phrase(("given", "when"), "{player}发动「{card}」的{label}效果")
def activate_effect(duel: Duel, player: int, card: str, label: str) -> None:
    duel.activate(duel.card(card, player), label, player=player)


@V.phrase(("given", "when"), "{player}以「{target:card}」为对象发动「{card}」")
def activate_card_targeting(duel: Duel, player: int, target: str, card: str) -> None:
    duel.activate(duel.card(card, player), "发动", player=player, targets=[duel.card(target)])


@V.phrase(("given", "when"), "{player}以「{target:card}」为对象发动「{card}」的{label}效果")
def activate_effect_targeting(duel: Duel, player: int, target: str, card: str, label: str) -> None:
    duel.activate(duel.card(card, player), label, player=player, targets=[duel.card(target)])


@V.phrase(("given", "when"), "连锁处理")
def resolve_chain(duel: Duel) -> None:
    """Resolve the chain, last link first."""
    duel.resolve_chain()


# -- Then: observing ----------------------------------------------------------------

@V.then("「{card}」{same:is}{method}召唤的怪兽")
def is_summoned_by(duel: Duel, card: str, same: bool, method: str) -> None:
    expect(f"「{card}」是{method} summon 的怪兽", same, duel.summoned_by(duel.card(card), method))


@V.then("「{card}」在{place}")
def is_in(duel: Duel, card: str, place: str) -> None:
    c = duel.card(card)
    actual = "field" if duel.on_field(c) else c.zone.kind
    expect(f"「{card}」的位置", PLACE_NAMES[place], PLACE_NAMES.get(actual, actual))


@V.then("「{card}」是{face}")
def face(duel: Duel, card: str, face: bool) -> None:
    c = duel.card(card)
    expect(f"「{card}」表侧表示", face, c.face_up)


@V.then("「{card}」的{label}效果{can}发动")
def can_activate(duel: Duel, card: str, label: str, can: bool) -> None:
    reason = duel.why_cannot_activate(duel.card(card), label)
    expect(f"「{card}」的{label}效果可以发动", can, reason is None)


@V.then("「{card}」的{label}效果{happened}")
def did_activate(duel: Duel, card: str, label: str, happened: bool) -> None:
    c = duel.card(card)
    activated = any(e.data.get("card") == c.serial and f"「{card}」{label}" in e.message
                    for e in duel.log.of_kind("activate"))
    expect(f"「{card}」的{label}效果发动了", happened, activated)
