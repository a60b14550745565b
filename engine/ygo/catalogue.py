"""The Yu-Gi-Oh! card catalogue: each card the documents name, defined once.

Only the part of each card's text that the rulings use is modelled, restated briefly;
effects are built from the shared primitives (primitives.py), and conditions read what
the card remembers (memory.py).  A card-specific ruling is a named entry of ``rulings``.
"""

from __future__ import annotations

from . import primitives as p
from .cards import CardDef, Effect, Static, monster, spell, trap
from .memory import Info


def _level_at_least(n: int):
    return lambda duel, card: card.definition.level >= n


def _not_lower_level(duel, card, source) -> bool:
    """真龙剑皇 卓辉星·拼图 ①: what the tributes were decides what it is unaffected by."""
    kinds = {d.kind for _s, d in duel.recall(card, Info.SUMMON_MATERIALS) or ()}
    d = source.definition
    if d.kind in ("spell", "trap"):
        return d.kind in kinds
    return "monster" in kinds and d.level < card.definition.level


def _named(part: str):
    return lambda d: part in d.name


def _other_pendulum_has_no(*parts: str):
    def condition(duel, card) -> bool:
        others = [c for c in duel.board.zone(card.controller, "pendulum zone") if c is not card]
        return not any(part in c.name for c in others for part in parts)

    return condition


def _summoned_from_deck(duel, source, card) -> bool:
    return duel.recall(card, Info.SUMMONED_FROM) == "deck"


def _special_from_extra(duel, card) -> bool:
    return duel.on_field(card) and duel.remembers(card, Info.SPECIAL_SUMMONED) \
        and duel.recall(card, Info.SUMMONED_FROM) == "extra deck"


def _opponent_has_extra_summoned(duel, player: int) -> bool:
    return any(_special_from_extra(duel, c) and c.face_up for c in duel.monsters(1 - player))


def _dark_2000(duel, card) -> bool:
    return card.definition.attribute == "暗" and (duel.atk(card, viewer=card.controller) or 0) >= 2000


def _xyz_attacked(duel, card, target) -> bool:
    return duel.is_xyz_monster(target) and duel.remembers(target, Info.ATTACKED) and target.controller == card.controller


def _banished_own_dark(duel, card, target) -> bool:
    return target.zone.kind == "banished" and target.owner == card.controller and target.definition.attribute == "暗"


def _atk_2000_effect(duel, card) -> bool:
    return duel.is_effect_monster(card) and (duel.atk(card) or 0) >= 2000


def _counters_atk(duel, card) -> int:
    return 300 * (duel.recall(card, Info.COUNTERS) or 0)


def _place_counter(duel, link) -> None:
    card = link.card_if_unchanged()
    if card is not None and duel.face_up_on_field(card):
        duel.remember(card, Info.COUNTERS, (duel.recall(card, Info.COUNTERS) or 0) + 1)
        duel.log.record("counter", f"a counter is placed on 「{card.name}」", card=card.serial)


def _search(part: str):
    def resolve(duel, link) -> None:
        for c in duel.board.zone(link.player, "deck"):
            if part in c.name and c.name != link.card.name:
                duel.board.move(c, duel.board.zone(link.player, "hand"), reason=f"「{link.card.name}」")
                return

    return resolve


def _send_from_deck(test):
    def resolve(duel, link) -> None:
        for c in duel.board.zone(link.player, "deck"):
            if test(c.definition):
                duel.send_to_graveyard(c, reason=f"「{link.card.name}」")
                return

    return resolve


def _place_magician(duel, link) -> None:
    """慧眼之魔术师: the rest of its effect, once it has destroyed itself."""
    duel.place_from_deck(link.player, lambda d: "魔术师" in d.name and d.name != link.card.name
                         and "pendulum" in d.types)


def _defuse(duel, link) -> None:
    """融合解除 / 同调解除: return the monster, then summon its materials from the graveyard."""
    for card in link.live_targets():
        if not duel.on_field(card):
            continue
        materials = duel.recall(card, Info.MATERIAL_LINK) or ()
        duel.return_to_deck(card, reason=f"「{link.card.name}」")
        for m in [c for c in duel.board.zone(link.player, "graveyard") if c.serial in materials]:
            duel.summon(m, "special", link.player, by=link.card.name)


def _skybridge(duel, link) -> None:
    for card in link.live_targets():
        if duel.on_field(card):
            duel.return_to_deck(card, reason=f"「{link.card.name}」")


def _summon_self_from_grave(duel, link) -> None:
    card = link.card_if_unchanged()
    if card is not None and card.zone.kind in ("graveyard", "banished", "hand"):
        duel.summon(card, "special", link.player, by=card.name)


def _opponents_main_or_battle_phase(duel, card) -> bool:
    return duel.turn_player != card.controller and duel.phase in ("main1", "battle", "main2")


def _quantum(duel, link) -> None:
    """水晶机巧-量子白晶: a non-tuner from the hand, effects negated, then a synchro summon
    of a Machine synchro monster with only it and this card."""
    me = link.card_if_unchanged()
    other = next((c for c in duel.board.zone(link.player, "hand")
                  if c.definition.is_monster and "tuner" not in c.definition.types), None)
    if other is None or me is None or not duel.on_field(me):
        return
    duel.summon(other, "special", link.player, by=link.card.name, negated=True)
    synchro = next((c for c in duel.board.zone(link.player, "extra deck")
                    if "synchro" in c.definition.types and c.definition.race == "机械"), None)
    if synchro is not None:
        duel.summon(synchro, "synchro", link.player, materials=[other, me])


def _not_self(duel, link, card) -> bool:
    return card is not link.card


def _special_summoned(duel, link, card) -> bool:
    return card.zone.kind == "monster zone" and duel.remembers(card, Info.SPECIAL_SUMMONED)


def _void_trap_hole(duel, link) -> None:
    """炼狱的落穴: only an effect monster whose ATK is 2000 or more (a face-down monster
    has no determined ATK and is not known to be an effect monster)."""
    for card in link.live_targets():
        if duel.on_field(card) and _atk_2000_effect(duel, card):
            duel.negate_effects(card, "free-chain", link.card.name)
            duel.destroy(card, reason=f"「{link.card.name}」", by_effect=link.card, by_player=link.player)


def _called_by_the_grave(duel, link) -> None:
    for card in link.live_targets():
        duel.banish(card, reason=f"「{link.card.name}」")
        duel.negated_names[card.name] = duel.turn + 1
        duel.log.record("negate", f"monsters named 「{card.name}」 and their activated effects are negated")


def _floodgate(duel, link) -> None:
    """无底的落穴: the chosen monsters that were just summoned turn face-down, then are
    marked — a mark given after they are face-down stays when they are flipped."""
    for card in link.chosen:
        if duel.face_up_on_field(card) and duel.remembers(card, Info.SUMMONED_THIS_TURN):
            duel.turn_face_down(card, reason=f"「{link.card.name}」")
            duel.apply_lasting(card, "cannot-change-position", source=link.card.name)


def _special_summoned_attacker_of_opponent(duel, card, target) -> bool:
    return target.zone.kind == "monster zone" and target.face_up and target.position == "attack" \
        and target.controller != card.controller and duel.remembers(target, Info.SPECIAL_SUMMONED)


def _opponent_direct_attack(duel, card, ev) -> bool:
    return card.zone.kind == "hand" and ev.direct and ev.subject.controller != card.owner


def _battle_fader(duel, link) -> None:
    card = link.card_if_unchanged()
    if card is None or card.zone.kind != "hand":
        return
    duel.summon(card, "special", link.player, by=card.name)
    duel.apply_lasting(card, "leave-banish", source=f"「{card.name}」①")
    duel.stop_battle_phase(reason=f"「{card.name}」")


def _damaged_in_battle_phase(duel, card, ev) -> bool:
    return card.zone.kind == "hand" and duel.phase == "battle" and ev.damage > 0 and ev.player == card.owner


def _summoned_by_gladiator_beast(duel, card, ev) -> bool:
    by = duel.recall(card, Info.SUMMONED_BY_EFFECT) or ""
    return ev.subject is card and ev.method == "special" and "剑斗兽" in by and duel.definition(by).is_monster


def _flying_elephant_due(duel, card, ev) -> bool:
    """②: in the opponent's End Phase, if ① applied this turn (it is used up)."""
    return duel.face_up_on_field(card) and duel.turn_player != card.controller \
        and duel.remembers(card, Info.USED_THIS_TURN, per="①")


def _flying_elephant_win(duel, link) -> None:
    card = link.card_if_unchanged()
    if card is not None and duel.on_field(card):
        # applies during the controller's next turn; lost as any lasting effect is
        duel.apply_lasting(card, "win-by-direct-damage", duel.turn + 1, source=f"「{card.name}」②")


def _attacks_opponents_monster(duel, card, ev) -> bool:
    return ev.subject is card and ev.target is not None and ev.target.controller != card.controller


def _borreload_take(duel, link) -> None:
    """装弹枪管龙 ③: control for as long as this effect applies to the monster (lasting
    information of it: turned face-down, the effect is gone and the monster stays)."""
    me = link.card_if_unchanged()
    target = link.event.target if link.event else None
    if me is None or target is None or target.object_id != link.event.target_obj or not duel.on_field(target):
        return
    if target.controller == link.player:
        return
    duel.take_control(target, link.player, "permanent")
    duel.apply_lasting(target, "borrowed-control", source=me.name)
    duel.apply_lasting(target, "to-graveyard-at-end-phase", duel.turn + 1, source=me.name)



def _invincible_halo(duel, link) -> None:
    """无敌光环: the monsters of the banished monster's kinds have their effects negated,
    this turn, while this card stays in the spell & trap zone (field-wide)."""
    from .negation import FieldNegation

    me = link.card_if_unchanged()
    kinds = {k for c in link.chosen for k in c.definition.types} & {
        "ritual", "fusion", "synchro", "xyz", "pendulum", "link"}
    if me is None or not duel.face_up_on_field(me) or not kinds:
        return
    duel.field_negations.append(FieldNegation(
        lambda duel, c, kinds=frozenset(kinds): c.definition.is_monster and bool(kinds & c.definition.types),
        until=duel.turn, source=me, source_obj=me.object_id, origin=me.name))
    duel.log.record("negate", f"「{me.name}」: {'、'.join(sorted(kinds))} monsters have their effects negated")


def _destroyed_to_graveyard(duel, card, ev) -> bool:
    return ev.subject is card and ev.victim.zone.kind == "graveyard" and duel.face_up_on_field(card)


def _goyo_king(duel, link) -> None:
    """御用王 ②: take control of the chosen face-up monster of the opponent (for good);
    with nothing chosen, special summon the destroyed monster to this side."""
    for card in link.chosen:
        if duel.face_up_on_field(card) and card.controller != link.player:
            duel.take_control(card, link.player, "permanent")
            return
    victim = link.event.victim if link.event else None
    if victim is not None and victim.zone.kind == "graveyard":
        duel.summon(victim, "special", link.player, by=link.card.name)


def _any_chain_link(duel, card) -> bool:
    return bool(duel.chain)



def _battle_opponent(card, ev):
    """The opponent's monster ``card`` is battling in this battle-start event, and its object id."""
    if ev.subject is card:
        return ev.target, ev.target_obj
    if ev.target is card:
        return ev.subject, ev.attacker_obj
    return None, None


def _battles_opponents_monster(duel, card, ev) -> bool:
    other, _obj = _battle_opponent(card, ev)
    return other is not None and other.controller != card.controller and duel.face_up_on_field(card)


def _photon_banish(duel, link) -> None:
    """银河眼光子龙 ①: this card and the monster it battles, until the end of the battle
    phase.  The text is the card's whose effect it is: a monster that gained it comes
    back only because 银河眼光子龙 says so (its named ruling)."""
    other, obj = _battle_opponent(link.card, link.event)
    cards = []
    me = link.card_if_unchanged()
    if me is not None and duel.face_up_on_field(me):
        cards.append(me)
    if other is not None and other.object_id == obj and duel.on_field(other):
        cards.append(other)
    for card in cards:
        duel.banish_temporarily(card, returns="end-battle", reason=f"「{link.card.name}」{link.effect.label}",
                                effect_of=link.effect_owner if card is link.card else None)



def _antitopian(duel, link) -> None:
    """No.98 绝望皇 霍普勒斯 ②: summon itself from the graveyard in defense position, then
    put the target under it — the target need not be a face-up Xyz monster by then."""
    me = link.card_if_unchanged()
    if me is None or me.zone.kind != "graveyard":
        return
    duel.summon(me, "special", link.player, by=me.name, position="defense")
    for card in link.live_targets():
        if duel.on_field(card):
            duel.attach(card, me)



def _ddd_synchro_from_extra(duel, card, ev) -> bool:
    m = ev.subject
    return duel.face_up_on_field(card) and m is not None and m.controller == card.controller \
        and "DDD" in m.name and ev.method == "synchro" and duel.recall(m, Info.SUMMONED_FROM) == "extra deck"


def _grotesque_contract(duel, link) -> None:
    """异形神的契约书 ● synchro: the summoned monster, if it is still that face-up monster."""
    m = link.event.subject if link.event else None
    if m is not None and m.object_id == link.event.obj and duel.face_up_on_field(m):
        duel.apply_lasting(m, "untargetable-by-opponent", source=link.card.name)



def _spell_on_field_activated(duel, card) -> bool:
    if not duel.chain:
        return False
    below = duel.chain[-1]
    return below.card.definition.kind == "spell" and duel.on_field(below.card)


def _titanic_galaxy(duel, link) -> None:
    """No.38 ①: negate the spell's effect; the spell card on the field becomes this card's
    material — whether this card is face-up or not by then."""
    below = link.below(duel)
    me = link.card_if_unchanged()
    if below is None:
        return
    duel.negate_link(below, "effect")
    spell = below.card_if_unchanged()
    if me is not None and duel.on_field(me) and spell is not None and duel.on_field(spell):
        duel.attach(spell, me)


def _pierce_marks():
    return ("piercing", "double-damage", "indestructible-battle", "no-activation-in-battle", "double-attack")


CARDS: list[CardDef] = [
    # -- plain monsters the examples use as bodies ---------------------------------------
    monster("暗黑骑士 盖亚", "normal", level=7, atk=2300, defense=2100, attribute="地", english="Gaia The Fierce Knight"),
    monster("黑魔术师", "normal", level=7, atk=2500, defense=2100, attribute="暗", english="Dark Magician"),
    monster("青眼白龙", "normal", level=8, atk=3000, defense=2500, attribute="光", english="Blue-Eyes White Dragon"),

    # -- 写在前面 ----------------------------------------------------------------------
    trap("无底的落穴", english="Floodgate Trap Hole", effects=(
        Effect("发动", "activation", "对方把怪兽召唤·反转召唤·特殊召唤时才能发动：那些表侧表示怪兽变成里侧守备表示，"
               "只要在场上里侧守备表示存在，不能把表示形式变更。（不取对象：在发动时选那些刚出场的怪兽）",
               resolve=_floodgate),)),
    trap("停战协定", english="Ceasefire", effects=(
        Effect("发动", "activation", "场上的里侧守备表示怪兽全部变成表侧守备表示；那之后，给与对方场上效果怪兽数量×500伤害"
               "（伤害的部分本文档的裁定用不到，未模拟）。",
               resolve=p.flip_all_face_down_monsters()),)),
    monster("不幸的少女", level=1, atk=0, defense=100, attribute="暗", english="Unhappy Girl", statics=(
        Static("①", "mark-battled", "和这张卡进行战斗的怪兽不能改变表示形式，也不能攻击。",
               value=("cannot-change-position", "cannot-attack")),)),
    # 番兵ゴーレム (Golem Sentry, 52323207)
    monster("番兵石人", level=3, atk=800, defense=1800, attribute="地", english="Golem Sentry", effects=(
        Effect("①", "ignition", "这张卡1回合1次可以变成里侧守备表示。", once_per_turn="card",
               resolve=p.turn_self_face_down),
        Effect("②", "trigger", "这张卡反转召唤成功时，选对方1只怪兽回到持有者手卡（本文档用不到，未模拟）。"),
    )),
    # ステルスバード (Stealth Bird, 3510565)
    monster("隐形鸟", level=3, atk=700, defense=1700, attribute="暗", english="Stealth Bird",
            rulings=frozenset({"once-per-turn-survives-face-down"}), effects=(
                Effect("①", "ignition", "自己主要阶段：这张卡变成里侧守备表示（1回合只有1次）。", once_per_turn="card",
                       resolve=p.turn_self_face_down),
                Effect("②", "trigger", "这张卡反转召唤成功的场合发动：给与对方1000伤害（本文档用不到，未模拟）。"),
            )),
    # ゴーストリックの人形 (Ghostrick Doll)
    monster("鬼计人偶", level=2, atk=300, defense=1200, attribute="暗", english="Ghostrick Doll",
            rulings=frozenset({"once-per-turn-survives-face-down"}), effects=(
                Effect("①", "ignition", "自己主要阶段：这张卡变成里侧守备表示（1回合只有1次）。", once_per_turn="card",
                       resolve=p.turn_self_face_down),)),
    monster("流天类星龙", "synchro", level=12, atk=4000, defense=4000, attribute="光",
            english="Shooting Quasar Dragon"),
    monster("流星龙", "synchro", level=10, atk=3300, defense=2500, attribute="风", english="Shooting Star Dragon",
            effects=(
                Effect("③", "quick", "1回合1次，对方怪兽的攻击宣言时：这张卡除外，那次攻击无效（本文档只在主要阶段用它把自身除外，攻击宣言的时机与攻击无效未模拟）。", once_per_turn="card",
                       resolve=p.banish_self),
                Effect("④", "trigger", "结束阶段，这张卡因③效果除外的场合：这张卡特殊召唤。", event="end-phase",
                       trigger=lambda duel, card, ev: card.zone.kind == "banished"
                       and duel.lasting(card, "banished-by-own-effect")
                       and duel.why_cannot_special_summon(card, card.owner) is None,
                       resolve=_summon_self_from_grave, zone="banished"),
            )),
    trap("念力感知区", english="Psychic Feel Zone"),
    monster("PSY骨架王·Ω", "synchro", level=8, atk=2800, defense=2200, attribute="光", english="PSY-Framelord Omega",
            effects=(
                Effect("①", "quick", "1回合1次，自己·对方的主要阶段：这张卡和对方手卡随机1张直到下次的自己准备阶段表侧除外"
                       "（对方手卡的部分本文档用不到，未模拟）。",
                       once_per_turn="card", resolve=p.banish_temporarily("self", returns="standby")),
            )),
    monster("PSY骨架王·Z", "synchro", level=7, atk=2500, defense=1800, attribute="光", english="PSY-Framelord Zeta",
            effects=(
                Effect("①", "quick", "1回合1次，以对方场上1只特殊召唤的表侧攻击表示怪兽为对象：那只怪兽和这张卡直到下次的"
                       "自己准备阶段除外。这个效果在对方回合也能发动。", once_per_turn="card",
                       targets=1, target_filter=_special_summoned_attacker_of_opponent,
                       resolve=p.banish_temporarily("self", "targets", returns="standby")),
            )),
    monster("效果遮蒙者", "tuner", level=1, atk=0, defense=0, attribute="光", english="Effect Veiler", effects=(
        Effect("①", "quick", "把手卡的这张卡送去墓地，以对方场上1只效果怪兽为对象：那只怪兽的效果直到回合结束时无效。",
               zone="hand", cost="send-self", targets=1, target_filter=p.face_up_effect_monster,
               resolve=p.negate_effects_of_targets()),)),
    # identity not confirmed (its art recalls 「天罚」); modelled from the seed's description only
    trap("XYZ诛罚", "counter", effects=(
        Effect("发动", "activation", "等级5以上的怪兽的效果发动时：那个发动无效并破坏。",
               condition=p.responding_to(_level_at_least(5)), resolve=p.negate_below(destroy=True)),)),
    spell("月之书", "quick", english="Book of Moon", effects=(
        Effect("发动", "activation", "以场上1只表侧表示怪兽为对象：那只怪兽变成里侧守备表示。",
               targets=1, target_filter=p.face_up_monster, resolve=p.turn_targets_face_down),)),
    monster("贵龙之魔术师", "pendulum", level=3, atk=700, defense=1400, attribute="暗",
            english="Nobledragon Magician", statics=(
                Static("灵摆", "self-destroy", "另一边的自己灵摆区域没有「魔术师」卡或「异色眼」卡存在的场合，这张卡破坏。",
                       condition=_other_pendulum_has_no("魔术师", "异色眼"), zone="pendulum zone"),)),
    monster("慧眼之魔术师", "pendulum", level=4, atk=1500, defense=1500, attribute="光",
            english="Wisdom-Eye Magician", effects=(
                Effect("灵摆", "ignition", "另一边的自己灵摆区域有「魔术师」卡存在的场合：这张卡破坏，从卡组把"
                       "「慧眼之魔术师」以外的1只「魔术师」灵摆怪兽在自己的灵摆区域放置。",
                       zone="pendulum zone", resolve=p.destroy_self_then(_place_magician)),)),
    monster("时读之魔术师", "pendulum", level=3, atk=1200, defense=600, attribute="暗",
            english="Timegazer Magician"),

    # -- 召唤方式 ----------------------------------------------------------------------
    # 破壊竜ガンドラ (Gandora the Dragon of Destruction, 64681432)
    monster("破坏龙 甘多拉", level=8, atk=0, defense=0, attribute="暗", english="Gandora the Dragon of Destruction",
            statics=(Static("规则", "no-special-summon", "这张卡不能特殊召唤。", zone="definition"),),
            effects=(
                Effect("①", "ignition", "把基本分支付一半才能发动：场上的其他卡全部破坏并除外，这张卡的攻击力上升破坏的卡数量×300"
                       "（本文档用不到，未模拟）。"),
                Effect("②", "trigger", "这张卡召唤·反转召唤的回合的结束阶段发动。这张卡送去墓地。",
                       event="end-phase", mandatory=True, trigger=p.summoned_this_turn_by("normal", "flip"),
                       resolve=p.send_self_to_graveyard),
            )),
    monster("调弦之魔术师", "gemini", level=4, atk=1800, defense=1300, attribute="光", english="Tuned Magician",
            statics=(Static("①", "tuner", "再度召唤的这张卡当作调整使用。",
                            condition=p.remembers(Info.GEMINI_RESUMMONED)),)),
    monster("真龙剑皇 卓辉星·拼图", level=10, atk=2950, defense=2950, attribute="光",
            english="Master Peace, the True Dracoslaying King",
            statics=(Static("①", "unaffected", "上级召唤的这张卡按解放的卡的种类：怪兽——不受原本等级比这张卡低的怪兽的效果影响；"
                            "魔法——不受魔法效果影响；陷阱——不受陷阱效果影响。", value=_not_lower_level),),
            effects=(
                Effect("②", "quick", "上级召唤的这张卡：1回合1次，以场上1张卡为对象才能发动。那张卡破坏。",
                       condition=p.remembers(Info.TRIBUTE_SUMMONED), resolve=p.destroy_targets, targets=1,
                       target_filter=p.on_field, once_per_turn="card"),
            )),
    monster("升灵术师 奘玄", level=2, atk=200, defense=1300, attribute="光", english="Jowgen the Spiritualist",
            effects=(
                Effect("①", "ignition", "丢弃1张随机手卡：场上的特殊召唤的怪兽全部破坏（丢弃手卡的代价未模拟）。",
                       resolve=p.destroy_all(_special_summoned)),)),
    # ATK/DEF not confirmed; effects ①② confirmed (幻竜星－チョウホウ)
    monster("幻龙星-嘲风", "synchro", level=6, atk=2100, defense=1300, attribute="炎",
            english="Chaofeng, Phantom of the Yang Zing", statics=(
                Static("①", "material-bonus", "只要同调召唤的这张卡在怪兽区域存在，对方不能把原本属性和作为这张卡的同调素材的「龙星」怪兽相同的怪兽的效果发动（禁止发动的部分未模拟）。",
                       condition=p.materials_match(_named("龙星"))),),
            effects=(Effect("②", "trigger", "同调召唤的这张卡被破坏送去墓地时才能发动。", event="to-graveyard",
                            trigger=p.sent_to_graveyard(Info.SYNCHRO_SUMMONED, destroyed=True), zone="graveyard"),)),
    monster("炎龙星-狻猊", level=4, atk=1900, defense=0, attribute="炎", english="Suanni, Fire of the Yang Zing",
            statics=(Static("③", "as-material", "这张卡为同调素材的同调怪兽攻击力·守备力上升500"
                            "（本文档只用到它是否还适用）。"),)),
    monster("异色眼绝零龙", "xyz", level=7, atk=2800, defense=2500, attribute="水", english="Odd-Eyes Absolute Dragon",
            effects=(Effect("②", "trigger", "X召唤的这张卡被送去墓地的场合才能发动：从额外卡组把「异色眼绝零龙」以外的"
                            "1只「异色眼」怪兽特殊召唤（特殊召唤的部分未模拟）。", event="to-graveyard",
                            trigger=p.sent_to_graveyard(Info.XYZ_SUMMONED), zone="graveyard"),)),
    monster("魔玩具·军刀剑齿虎", "fusion", level=8, atk=2400, defense=2000, attribute="暗",
            english="Frightfur Sabre-Tooth", statics=(
                Static("③", "indestructible-effect", "怪兽3只以上为素材作融合召唤的这张卡不会被战斗·效果破坏。",
                       condition=p.materials_match(lambda d: d.is_monster, at_least=3)),
                Static("③", "indestructible-battle", "怪兽3只以上为素材作融合召唤的这张卡不会被战斗·效果破坏。",
                       condition=p.materials_match(lambda d: d.is_monster, at_least=3)),
            )),
    monster("混沌战士", "ritual", level=8, atk=3000, defense=2500, attribute="地", english="Black Luster Soldier"),
    monster("异色眼灵摆龙", "pendulum", level=7, atk=2500, defense=2000, attribute="暗",
            english="Odd-Eyes Pendulum Dragon"),
    # ドドドウォリアー (Dododo Warrior, 83274244; 百鸽: 怒怒怒战士) — identified by the ruling:
    # the only 「怒怒怒」 monster whose ATK depends on how it was summoned
    monster("怒怒怒斗笠剑士", level=6, atk=2300, defense=900, attribute="地", english="Dododo Warrior",
            statics=(Static("①", "original-atk", "这张卡可以不用解放作召唤。这个方法召唤的这张卡的原本攻击力变成1800"
                            "（攻击时无效化对方墓地效果的部分本文档用不到，未模拟）。",
                            condition=p.remembers(Info.SUMMONED_WITHOUT_TRIBUTE), value=1800),)),
    monster("召唤兽 埃律西昂", "fusion", level=10, atk=3200, defense=2400, attribute="光", english="Invoked Elysion",
            statics=(Static("素材", "fusion-material", "「召唤兽」怪兽＋从额外卡组特殊召唤的怪兽。",
                            value=lambda duel, card: "召唤兽" in card.name or _special_from_extra(duel, card),
                            zone="definition"),)),
    spell("召唤魔术", english="Invocation"),

    # -- 从何处来 ----------------------------------------------------------------------
    spell("苦痛的回廊", "continuous", english="Corridor of Agony", statics=(
        Static("①", "negate-monsters", "只要这张卡在场上存在，从卡组特殊召唤的怪兽只要在场上表侧表示存在，"
               "效果不能发动并无效化，也不能攻击宣言。", value=_summoned_from_deck),
        Static("①", "forbid-activation", "（同上：效果不能发动）", value=_summoned_from_deck),
        Static("①", "forbid-attack", "（同上：不能攻击宣言）", value=_summoned_from_deck),
    )),
    spell("影依融合", english="El Shaddoll Fusion", statics=(
        Static("①", "fusion-from-deck", "对方场上有从额外卡组特殊召唤的怪兽存在的场合，也能把自己卡组的怪兽作为融合素材。",
               value=_opponent_has_extra_summoned, zone="definition"),)),

    # -- 用何召唤 ----------------------------------------------------------------------
    spell("融合解除", "quick", english="De-Fusion", effects=(
        Effect("发动", "activation", "以场上1只融合怪兽为对象：回到额外卡组，那之后墓地的一组融合素材可以特殊召唤。",
               targets=1, target_filter=lambda duel, card, t: duel.on_field(t), resolve=_defuse),)),
    spell("同调解除", "quick", english="De-Synchro", effects=(
        Effect("发动", "activation", "以场上1只同调怪兽为对象：回到额外卡组，那之后墓地的一组同调素材可以特殊召唤。",
               targets=1, target_filter=lambda duel, card, t: duel.on_field(t), resolve=_defuse),)),
    # identity and stats not confirmed; modelled from the seed's description only
    monster("还原点控球后卫", level=4, atk=1000, defense=1000, attribute="暗", effects=(
        Effect("①", "trigger", "用这张卡作为素材的怪兽被对方的效果破坏的场合：墓地的这张卡特殊召唤。",
               event="destroyed", trigger=p.material_destroyed_by_opponent, zone="graveyard",
               resolve=_summon_self_from_grave),)),
    monster("解码语者", "link", level=0, atk=2300, defense=0, attribute="暗", english="Decode Talker"),
    spell("简易融合", english="Instant Fusion", effects=(
        Effect("发动", "activation", "从额外卡组把1只5星以下的融合怪兽特殊召唤。这个效果特殊召唤的怪兽不能攻击，结束阶段破坏。",
               resolve=p.special_summon_chosen("cannot-attack", "destroy-at-end-phase")),)),
    monster("千年眼纳祭神", "fusion", level=1, atk=0, defense=0, attribute="暗", english="Thousand-Eyes Restrict"),
    # バトルフェーダー (Battle Fader)
    monster("消战者", level=1, atk=0, defense=0, attribute="暗", english="Battle Fader", effects=(
        Effect("①", "trigger", "对方怪兽的直接攻击宣言时才能发动：这张卡从手卡特殊召唤，那之后战斗阶段结束。"
               "这个效果特殊召唤的这张卡从场上离开的场合除外。", event="attack-declared", zone="hand",
               trigger=_opponent_direct_attack, resolve=_battle_fader),)),
    monster("彼岸的恶鬼·法尔法雷洛", level=3, atk=1000, defense=1900, attribute="暗",
            english="Farfa, Malebranche of the Burning Abyss", effects=(
                Effect("③", "trigger", "这张卡被送去墓地的场合，以场上1只怪兽为对象：那只怪兽直到结束阶段除外。",
                       event="to-graveyard", trigger=p.to_graveyard_from_anywhere, zone="graveyard", targets=1,
                       target_filter=p.on_field, resolve=p.banish_temporarily("targets", returns="end-phase")),)),
    # SR－OMKガム (Speedroid Gum Prize)
    monster("疾行机人 OMK口香糖", "tuner", level=1, atk=0, defense=800, attribute="风",
            english="Speedroid Gum Prize",
            rulings=frozenset({"summoned-by-effect-survives-temporary-banish"}), effects=(
                Effect("①", "trigger", "自己·对方的战斗阶段自己受到战斗·效果伤害的场合才能发动：这张卡从手卡特殊召唤"
                       "（本文档只模拟战斗伤害）。", event="battle-damage", zone="hand",
                       trigger=_damaged_in_battle_phase, resolve=_summon_self_from_grave),
                Effect("②", "quick", "这张卡的效果特殊召唤成功的战斗阶段才能发动：只用包含这张卡的自己场上的风属性怪兽"
                       "为同调素材作同调召唤（同调召唤的部分未模拟）。",
                       condition=p.summoned_by_own_effect),
            )),
    monster("银河眼光子龙", level=8, atk=3000, defense=2500, attribute="光", english="Galaxy-Eyes Photon Dragon",
            rulings=frozenset({"gained-temporary-banish-returns"}), effects=(
                Effect("①", "trigger", "这张卡和对方怪兽进行战斗的伤害步骤开始时才能发动：那只对方怪兽和表侧表示的这张卡除外；"
                       "这个效果除外的怪兽在战斗阶段结束时回到场上（超量素材使攻击力上升的部分本文档用不到，未模拟）。",
                       event="battle-start", trigger=_battles_opponents_monster, resolve=_photon_banish),)),
    monster("魔妖仙兽 大刃祸是", level=10, atk=3000, defense=300, attribute="风", english="Mayosenju Daibak",
            effects=(
                Effect("③", "trigger", "这张卡特殊召唤的回合的结束阶段发动。这张卡回到持有者手卡。",
                       event="end-phase", mandatory=True,
                       trigger=p.in_phase_if(Info.SUMMONED_THIS_TURN, Info.SPECIAL_SUMMONED),
                       resolve=p.return_self_to_hand),)),

    # -- 攻击过·战斗过·战斗破坏怪兽 --------------------------------------------------------
    monster("No.39 希望皇 霍普", "xyz", level=4, atk=2500, defense=2000, attribute="光", english="Number 39: Utopia"),
    # identity not confirmed; modelled from the seed's description only
    spell("毅飞冲天挑战", effects=(
        Effect("发动", "activation", "以这个回合攻击过的自己场上1只X怪兽为对象才能发动（内容从略）。",
               targets=1, target_filter=_xyz_attacked),)),
    # RR－インペイル・レイニアス: effect ② confirmed; ATK/DEF not confirmed
    monster("急袭猛禽-穿刺伯劳", level=4, atk=1000, defense=100, attribute="暗",
            effects=(Effect("②", "ignition", "「急袭猛禽-穿刺伯劳」的②的效果1回合只能使用1次。这张卡攻击过的回合的自己主要阶段2，"
                            "以自己墓地1只「急袭猛禽」怪兽为对象才能发动：那只怪兽特殊召唤（①与特殊召唤的部分本文档用不到，未模拟）。",
                            once_per_turn="name",
                            condition=lambda duel, card: duel.phase == "main2" and duel.remembers(card, Info.ATTACKED)),)),
    # エレキツツキ (Wattwoodpecker, 12296376)
    monster("电气啄木鸟", level=3, atk=1000, defense=100, attribute="光", english="Wattwoodpecker",
            statics=(Static("①", "lock-battled", "这张卡在同1次的战斗阶段中可以作2次攻击（未模拟）。"
                            "和这张卡进行过战斗的怪兽不能把表示形式变更。"),)),
    # クリスタル・ドラゴン (Krystal Dragon, 77363314); level/ATK/DEF not confirmed
    monster("水晶龙", level=6, atk=2500, defense=1500, attribute="光", english="Krystal Dragon",
            effects=(Effect("①", "quick", "1回合1次，这张卡进行过战斗的自己回合的战斗步骤才能发动：从卡组把1只龙族·8星怪兽"
                            "加入手卡（检索的部分本文档用不到，未模拟）。", once_per_turn="card",
                            condition=lambda duel, card: duel.phase == "battle" and duel.turn_player == card.controller
                            and duel.remembers(card, Info.BATTLED)),)),
    monster("武装龙 LV5", level=5, atk=2400, defense=1700, attribute="风", english="Armed Dragon LV5", effects=(
        Effect("②", "trigger", "这张卡战斗破坏怪兽的回合的结束阶段：这张卡送去墓地，从卡组把「武装龙 LV7」特殊召唤。",
               event="end-phase", trigger=p.in_phase_if(Info.DESTROYED_BY_BATTLE)),)),

    # -- 持续取对象 --------------------------------------------------------------------
    # 剣闘獣ダリウス (Gladiator Beast Darius, 25924653)
    monster("剑斗兽 马斗", level=4, atk=1700, defense=300, attribute="地", english="Gladiator Beast Darius", effects=(
        Effect("①", "trigger", "这张卡用「剑斗兽」怪兽的效果特殊召唤成功时，以自己墓地1只「剑斗兽」怪兽为对象才能发动："
               "那只怪兽效果无效特殊召唤。这张卡从场上离开时那只怪兽回到持有者卡组。",
               event="summoned", trigger=_summoned_by_gladiator_beast, targets=1,
               target_filter=lambda duel, card, t: p.in_own_graveyard(duel, card, t) and "剑斗兽" in t.name,
               resolve=p.special_summon_chosen(link_grants=("negate",), on_source_leaves="to-deck")),
        Effect("②", "trigger", "这张卡进行战斗的战斗阶段结束时让这张卡回到卡组才能发动：从卡组把「剑斗兽 马斗」以外的"
               "1只「剑斗兽」怪兽特殊召唤（本文档用不到，未模拟）。"),
    )),
    # 剣闘獣ベストロウリィ (Gladiator Beast Bestiari, 41470137)
    monster("剑斗兽 枪斗", level=4, atk=1500, defense=800, attribute="风", english="Gladiator Beast Bestiari", effects=(
        Effect("①", "trigger", "这张卡用「剑斗兽」怪兽的效果特殊召唤成功的场合，以场上1张魔法·陷阱卡为对象发动：那张卡破坏"
               "（本文档用不到，未模拟）。"),
        Effect("②", "trigger", "这张卡进行战斗的战斗阶段结束时让这张卡回到卡组才能发动：从卡组把「剑斗兽 枪斗」以外的"
               "1只「剑斗兽」怪兽特殊召唤（本文档用「用……的效果从卡组特殊召唤」直接写出这个结果）。"),
    )),
    trap("活死人的呼声", "continuous", english="Call of the Haunted", effects=(
        Effect("发动", "activation", "以自己墓地1只怪兽为对象：攻击表示特殊召唤。这张卡从场上离开时那只怪兽破坏，那只怪兽破坏时这张卡破坏。",
               targets=1, target_filter=p.in_own_graveyard,
               resolve=p.special_summon_chosen(on_source_leaves="destroy", on_target_destroyed="destroy")),)),
    monster("No.66 霸键甲虫", "xyz", level=4, atk=2500, defense=800, attribute="暗", english="Number 66: Master Key Beetle",
            effects=(Effect("①", "quick", "以这张卡以外的自己场上1张卡为对象：只要这张卡在场上存在，那张卡不会被效果破坏。",
                            targets=1, target_filter=lambda duel, card, t: duel.on_field(t) and t is not card,
                            once_per_turn="card", resolve=p.link_targets("indestructible-effect")),)),
    spell("增草剂", "continuous", english="Miracle Fertilizer", effects=(
        Effect("发动", "activation", "以自己墓地1只怪兽为对象：特殊召唤。那只怪兽从场上离开时这张卡破坏。",
               targets=1, target_filter=p.in_own_graveyard,
               resolve=p.special_summon_chosen(on_target_leaves="destroy")),)),
    trap("魔族之链", "continuous", english="Fiendish Chain", effects=(
        Effect("发动", "activation", "以场上1只效果怪兽为对象：只要这张卡存在，那只怪兽效果无效，不能攻击。",
               targets=1, target_filter=p.face_up_effect_monster,
               resolve=p.link_targets("negate", "cannot-attack",
                                      need=lambda duel, t: duel.is_effect_monster(t))),)),
    monster("旧神 诺登", "fusion", level=4, atk=2500, defense=1200, attribute="水", english="Elder Entity Norden",
            effects=(Effect("①", "trigger", "这张卡特殊召唤的场合，以自己墓地1只4星以下怪兽为对象：效果无效特殊召唤。"
                            "这张卡从场上离开时那只怪兽除外。", event="summoned", trigger=p.special_summoned,
                            targets=1, target_filter=p.in_own_graveyard,
                            resolve=p.special_summon_chosen(negated=True, on_source_leaves="banish")),)),

    # No.106 巨岩掌ジャイアント・ハンド (Number 106: Giant Hand)
    monster("No.106 巨岩掌 巨手", "xyz", level=4, atk=2000, defense=1600, attribute="地",
            english="Number 106: Giant Hand", effects=(
                Effect("①", "quick", "1回合1次，场上的怪兽的效果发动时，把这张卡2个X素材取除，以那1只效果怪兽为对象才能发动："
                       "只要这张卡在怪兽区域表侧表示存在，那只怪兽的效果无效化，表示形式不能变更（X素材的代价未模拟）。",
                       once_per_turn="card", targets=1, target_filter=p.face_up_effect_monster,
                       condition=p.responding_to(lambda duel, c: duel.on_field(c)),
                       resolve=p.link_targets("negate", "cannot-change-position", source_negation_matters=False)),)),
    # No.45 滅亡の予言者 クランブル・ロゴス (Number 45: Crumble Logos the Prophet of Demolition)
    monster("No.45 灭亡之预言者", "xyz", level=2, atk=2200, defense=0, attribute="地",
            english="Number 45: Crumble Logos the Prophet of Demolition", effects=(
                Effect("①", "ignition", "1回合1次，把这张卡1个X素材取除，以这张卡以外的场上1张表侧表示的卡为对象才能发动："
                       "只要这张卡在怪兽区域表侧表示存在，那张表侧表示的卡的效果无效化（同名卡不能发动效果的部分、"
                       "X素材的代价未模拟）。", once_per_turn="card", targets=1,
                       target_filter=lambda duel, card, t: duel.face_up_on_field(t) and t is not card,
                       resolve=p.link_targets("negate", source_negation_matters=False)),)),
    # -- 效果无效 ----------------------------------------------------------------------
    monster("星因士 天津四", level=4, atk=1500, defense=1000, attribute="光", english="Satellarknight Deneb",
            effects=(Effect("①", "trigger", "这张卡召唤·特殊召唤的场合：从卡组把「星因士 天津四」以外的1只「星因士」怪兽加入手卡。",
                            event="summoned", trigger=p.summoned("normal", "tribute", "special", "synchro", "xyz",
                                                                  "fusion", "ritual", "link", "pendulum"),
                            once_per_turn="name", resolve=_search("星因士")),)),
    monster("星因士 参宿四", level=4, atk=1900, defense=1000, attribute="光", english="Satellarknight Betelgeuse"),
    # 水晶機巧－クオン (93665266): effect confirmed; level/ATK/DEF not confirmed
    monster("水晶机巧-量子白晶", "tuner", level=1, atk=500, defense=500, attribute="水", race="机械", effects=(
                Effect("①", "quick", "「水晶机巧-量子白晶」的效果1回合只能使用1次。对方的主要阶段以及战斗阶段才能发动：从手卡把"
                       "1只调整以外的怪兽效果无效特殊召唤，只用那只怪兽和这张卡为素材把1只机械族同调怪兽同调召唤。",
                       once_per_turn="name", condition=_opponents_main_or_battle_phase, resolve=_quantum),)),
    # パワー・ツール・ドラゴン (Power Tool Dragon): a Machine synchro monster for 「水晶机巧-量子白晶」
    monster("动力工具龙", "synchro", level=7, atk=2300, defense=2500, attribute="地", race="机械",
            english="Power Tool Dragon"),
    # 電磁石の戦士β: effect ① confirmed (not a tuner); level/ATK/DEF not confirmed
    monster("电磁石战士β", level=4, atk=1700, defense=1100, attribute="地", english="Beta The Electromagnet Warrior",
            effects=(Effect("①", "trigger", "这张卡召唤·特殊召唤的场合：从卡组把1只4星以下的「磁石战士」怪兽加入手卡。",
                            event="summoned", trigger=p.summoned(), resolve=_search("磁石战士")),)),
    spell("沙漠的光", effects=(
        Effect("发动", "activation", "自己场上的里侧表示怪兽全部变成表侧守备表示。",
               resolve=p.flip_all_face_down_monsters("own")),)),
    spell("日全食之书", "quick", english="Book of Eclipse", effects=(
        Effect("发动", "activation", "场上的表侧表示怪兽全部变成里侧守备表示；这个回合的结束阶段，对方场上的里侧守备表示怪兽全部变成表侧守备表示，对方抽出那个数量的卡（结束阶段的部分本文档用不到，未模拟）。",
               resolve=p.turn_all_face_up_monsters_face_down),)),
    trap("技能抽取", "continuous", english="Skill Drain", statics=(
        Static("①", "negate-monsters", "场上的表侧表示怪兽的效果无效化。"),)),
    monster("数学家", level=3, atk=1500, defense=500, attribute="地", english="Mathematician", effects=(
        Effect("①", "trigger", "这张卡召唤的场合：从卡组把1只4星以下怪兽送去墓地。",
               event="summoned", trigger=p.summoned("normal"), resolve=_send_from_deck(lambda d: d.is_monster
                                                                                      and d.level <= 4)),)),
    monster("幽鬼兔", "tuner", level=3, atk=0, defense=1800, attribute="光", english="Ghost Ogre & Snow Rabbit",
            effects=(Effect("①", "quick", "场上的怪兽的效果发动时，把这张卡从手卡送去墓地：那张场上的卡破坏。",
                            zone="hand", cost="send-self", condition=p.responding_to(lambda duel, c: duel.on_field(c)),
                            resolve=p.destroy_card_below),)),
    spell("墓穴的指名者", "quick", english="Called by the Grave", effects=(
        Effect("发动", "activation", "以对方墓地1只怪兽为对象：除外。直到下个回合结束时，那只怪兽以及同名怪兽的效果和发动的效果无效。",
               targets=1, target_filter=lambda duel, card, t: t.zone.kind == "graveyard" and t.owner != card.controller,
               resolve=_called_by_the_grave),)),
    # インヴィンシブル・ヘイロー (Invincible Halo, 17722185)
    trap("无敌光环", "continuous", english="Invincible Halo", effects=(
        Effect("①", "ignition", "1回合1次，把自己场上1只表侧表示的仪式·融合·同调·超量·灵摆·连接怪兽除外才能发动：这个回合，"
               "这张卡在魔法与陷阱区域存在期间，和除外的怪兽相同种类的怪兽的效果无效化。",
               zone="spell & trap zone", once_per_turn="card", cost="banish-chosen", resolve=_invincible_halo),)),
    monster("裁决之龙", level=8, atk=3000, defense=2600, attribute="光", english="Judgment Dragon", effects=(
        Effect("①", "ignition", "支付1000基本分：这张卡以外的场上的卡全部破坏。", resolve=p.destroy_all(_not_self)),)),
    spell("禁忌的圣杯", "quick", english="Forbidden Chalice", effects=(
        Effect("发动", "activation", "以场上1只表侧表示怪兽为对象：直到回合结束时攻击力上升400，效果无效。",
               targets=1, target_filter=p.face_up_monster,
               resolve=p.in_order(p.grant(("atk", 400), face_down_ok=False), p.negate_effects_of_targets())),)),
    trap("亚空间物质传送装置", english="Interdimensional Matter Transporter", effects=(
        Effect("发动", "activation", "以自己场上1只表侧表示怪兽为对象：直到这个回合的结束阶段除外。",
               targets=1, target_filter=p.face_up_monster,
               resolve=p.banish_temporarily("targets", returns="end-phase")),)),
    trap("强制脱出装置", english="Compulsory Evacuation Device", effects=(
        Effect("发动", "activation", "以场上1只怪兽为对象：回到持有者手卡。", targets=1, target_filter=p.on_field,
               resolve=p.return_targets("hand")),)),
    spell("凤翼的爆风", "quick", english="Phoenix Wing Wind Blast", effects=(
        Effect("发动", "activation", "以场上1张卡为对象：回到持有者卡组最上面。", targets=1, target_filter=p.on_field,
               resolve=p.return_targets("deck")),)),
    trap("虫惑的落穴", english="Traptrix Trap Hole Nightmare", effects=(
        Effect("发动", "activation", "场上的怪兽的效果发动时：那个发动无效并破坏。",
               condition=p.responding_to(lambda duel, c: duel.on_field(c)), resolve=p.negate_below(destroy=True)),)),
    monster("始祖守护者 提拉斯", "xyz", level=5, atk=2600, defense=1700, attribute="光", english="Tiras, Keeper of Genesis",
            statics=(Static("①", "indestructible-effect", "这张卡不会被卡的效果破坏。"),),
            effects=(Effect("②", "trigger", "战斗过的这张卡在战斗阶段结束时：以对方场上1张卡为对象，那张卡破坏。",
                            event="end-battle", trigger=p.in_phase_if(Info.BATTLED), targets=1,
                            target_filter=p.on_field, resolve=p.destroy_targets),)),
    spell("架天桥的星因士", english="Satellarknight Skybridge", effects=(
        Effect("发动", "activation", "以自己场上1只「星因士」怪兽为对象：回到卡组，从卡组把另1只「星因士」怪兽特殊召唤。",
               targets=1, target_filter=lambda duel, card, t: duel.on_field(t) and "星因士" in t.name,
               resolve=_skybridge),)),

    # -- 攻守计算 ----------------------------------------------------------------------
    monster("可变机兽 炮手龙", level=7, atk=2800, defense=2000, attribute="暗",
            statics=(
                Static("①", "original-atk", "不用解放召唤的这张卡原本攻击力变成一半。",
                       condition=p.remembers(Info.SUMMONED_WITHOUT_TRIBUTE), value=lambda duel, card, v: v // 2),
                Static("①", "original-def", "不用解放召唤的这张卡原本守备力变成一半。",
                       condition=p.remembers(Info.SUMMONED_WITHOUT_TRIBUTE), value=lambda duel, card, v: v // 2),
            )),
    spell("影之卡组破坏病毒", english="Deck Devastation Virus", statics=(
        Static("代价", "cost", "把自己场上1只攻击力2000以上的暗属性怪兽解放。", value=_dark_2000, zone="definition"),)),
    monster("黑蔷薇龙", "synchro", level=7, atk=2400, defense=1800, attribute="暗", english="Black Rose Dragon",
            effects=(Effect("①", "trigger", "这张卡同调召唤的场合：场上的卡全部破坏。", event="summoned",
                            trigger=p.summoned("synchro"), resolve=p.destroy_all(lambda duel, link, c: True)),)),
    trap("炼狱的落穴", english="Void Trap Hole", effects=(
        Effect("发动", "activation", "对方把攻击力2000以上的效果怪兽特殊召唤时：那只怪兽效果无效并破坏。",
               targets=1, target_filter=lambda duel, card, t: _atk_2000_effect(duel, t), resolve=_void_trap_hole),)),

    # -- 添加buff ----------------------------------------------------------------------
    monster("闪珖龙 星尘", "synchro", level=8, atk=2500, defense=2000, attribute="光", english="Stardust Spark Dragon",
            effects=(Effect("①", "quick", "1回合1次，以场上1张表侧表示的卡为对象：这个回合那张卡1次不会被战斗·效果破坏。",
                            targets=1, target_filter=lambda duel, card, t: duel.face_up_on_field(t),
                            once_per_turn="card", resolve=p.grant("indestructible-once")),)),
    spell("禁忌的圣衣", "quick", english="Forbidden Dress", effects=(
        Effect("发动", "activation", "以场上1只表侧表示怪兽为对象：直到回合结束时攻击力下降600，不会成为其他卡的效果的对象，不会被效果破坏。",
               targets=1, target_filter=p.face_up_monster,
               resolve=p.grant(("atk", -600), "untargetable", "indestructible-effect", face_down_ok=False)),)),
    monster("No.81 超重型炮塔列车 优越多拉炮", "xyz", level=10, atk=3200, defense=4000, attribute="地",
            english="Number 81: Superdreadnought Rail Cannon Super Dora", effects=(
                Effect("①", "quick", "1回合1次，以场上1只表侧表示怪兽为对象：这个回合那只怪兽不受其他卡的效果影响。",
                       targets=1, target_filter=p.face_up_monster, once_per_turn="card",
                       resolve=p.grant("unaffected", face_down_ok=False)),)),
    monster("废铁战士", "synchro", level=5, atk=2300, defense=1300, attribute="暗", english="Junk Warrior"),
    trap("废铁拳", english="Scrap Fist", effects=(
        Effect("发动", "activation", "以自己场上1只「废铁战士」为对象：这个回合那只怪兽得到5个效果（贯通、战斗伤害2倍、"
               "不会被战斗破坏等）。", targets=1, target_filter=lambda duel, card, t: duel.on_field(t),
               resolve=p.grant(*_pierce_marks())),)),

    # 影霊衣の… グングニール (Nekroz of Gungnir)
    monster("天枪龙之影灵衣", "ritual", level=7, atk=2500, defense=1600, attribute="光", english="Nekroz of Gungnir",
            effects=(Effect("①", "quick", "把这张卡从手卡丢弃，以自己场上1只「影灵衣」怪兽为对象才能发动："
                            "这个回合，那只怪兽不会被战斗·效果破坏。", zone="hand", cost="send-self", targets=1,
                            target_filter=lambda duel, card, t: duel.on_field(t) and "影灵衣" in t.name
                            and t.controller == card.controller,
                            resolve=p.grant("indestructible-battle", "indestructible-effect")),)),
    # ユニコールの影霊衣 (Nekroz of Unicore): a body for 「天枪龙之影灵衣」 here
    monster("尤尼科之影灵衣", "ritual", level=4, atk=2300, defense=1000, attribute="水", english="Nekroz of Unicore"),
    # ドロー・マッスル (Draw Muscle)
    spell("抽卡肌肉", "quick", english="Draw Muscle", effects=(
        Effect("发动", "activation", "以自己场上1只表侧守备表示怪兽为对象：自己从卡组抽1张（抽卡未模拟）。"
               "这个回合，那只怪兽不会被战斗破坏。", targets=1,
               target_filter=lambda duel, card, t: p.face_up_monster(duel, card, t) and t.position == "defense",
               resolve=p.grant("indestructible-battle")),)),
    # 煉獄の死徒 (8437145)
    trap("炼狱的死徒", effects=(
        Effect("发动", "activation", "①：以自己场上1只「狱火机」怪兽为对象才能发动：这个回合，那只自己怪兽不受对方的效果影响"
               "（②在墓地代替破坏的部分本文档用不到，未模拟）。", targets=1,
               target_filter=lambda duel, card, t: p.face_up_monster(duel, card, t) and "狱火机" in t.name
               and t.controller == card.controller,
               resolve=p.grant("unaffected-by-opponent", face_down_ok=False)),)),
    # インフェルノイド・アドラメレク (Infernoid Adramelech, 88301393): a 「狱火机」 body
    monster("狱火机·亚得米勒", level=8, atk=2800, defense=0, attribute="炎", english="Infernoid Adramelech"),
    # 異形神の契約書 (60168186)
    spell("异形神的契约书", "continuous", effects=(
        Effect("①", "trigger", "自己场上有以下种类的「DDD」怪兽从额外卡组特殊召唤时，各自效果1回合各能发动1次。"
               "●同调：特殊召唤的那些怪兽不会成为对方的效果的对象。（融合·超量·灵摆的部分与②每回合受到2000伤害的部分"
               "本文档用不到，未模拟）", event="summoned", trigger=_ddd_synchro_from_extra, resolve=_grotesque_contract),)),
    # DDD創始王クロヴィス: a 「DDD」 synchro monster for 「异形神的契约书」
    monster("DDD 创始王 克洛维", "synchro", level=6, atk=2100, defense=1900, attribute="暗"),
    # -- 添加X素材 ---------------------------------------------------------------------
    monster("十二兽 牛犄", "xyz", level=4, atk=0, defense=0, attribute="地", english="Zoodiac Broadbull"),
    # ATK/DEF not confirmed
    monster("十二兽 鼠骑", level=4, atk=400, defense=2000, attribute="地", english="Zoodiac Ratpier"),
    spell("十二兽的会局", "continuous", english="Zoodiac Combo", effects=(
        Effect("①", "ignition", "以自己场上1只「十二兽」X怪兽为对象：把1只「十二兽」怪兽作为那只X怪兽的X素材。", zone="spell & trap zone",
               targets=1, target_filter=lambda duel, card, t: duel.is_xyz_monster(t),
               resolve=p.attach("pick", "target0", pick=_named("十二兽"), need_xyz=True)),)),
    monster("十二兽 虎炮", "xyz", level=4, atk=0, defense=0, attribute="地", english="Zoodiac Tigermortar", effects=(
        Effect("①", "quick", "以自己场上1只「十二兽」X怪兽为对象：把墓地1只「十二兽」怪兽作为那只X怪兽的X素材。",
               targets=1, target_filter=lambda duel, card, t: duel.is_xyz_monster(t),
               resolve=p.attach("pick", "target0", pick=_named("十二兽"), need_xyz=True)),)),
    spell("十二兽的方合", effects=(
        Effect("发动", "activation", "以自己场上1只「十二兽」X怪兽为对象：把卡组1只「十二兽」怪兽作为那只X怪兽的X素材。",
               targets=1, target_filter=lambda duel, card, t: duel.is_xyz_monster(t),
               resolve=p.attach("pick", "target0", pick=_named("十二兽"), need_xyz=True)),)),
    monster("十二兽 蛇笞", level=4, atk=1200, defense=400, attribute="地", english="Zoodiac Whiptail", effects=(
        Effect("①", "ignition", "以自己场上1只「十二兽」X怪兽为对象：把这张卡作为那只X怪兽的X素材。",
               targets=1, target_filter=lambda duel, card, t: duel.is_xyz_monster(t), once_per_turn="name",
               resolve=p.attach("self", "target0")),)),
    spell("十二兽的相克", effects=(
        Effect("发动", "activation", "以自己场上1只「十二兽」X怪兽为对象：把手卡1只「十二兽」怪兽作为那只X怪兽的X素材。",
               targets=1, target_filter=lambda duel, card, t: duel.is_xyz_monster(t),
               resolve=p.attach("pick", "target0", pick=_named("十二兽"))),)),
    monster("电子龙·无限", "xyz", level=6, atk=2100, defense=1600, attribute="光", english="Cyber Dragon Infinity",
            effects=(Effect("①", "quick", "1回合1次，以场上1只表侧攻击表示怪兽为对象：那只怪兽作为这张卡的X素材。",
                            targets=1, target_filter=p.face_up_monster, once_per_turn="card",
                            resolve=p.attach("target0", "self")),)),
    monster("鬼计惰天使", "xyz", level=4, atk=0, defense=0, attribute="暗", english="Ghostrick Angel of Mischief",
            effects=(Effect("①", "quick", "1回合1次：把手卡1张「鬼计」卡作为这张卡的X素材。", once_per_turn="card",
                            resolve=p.attach("pick", "self", pick=_named("鬼计"))),)),
    # 星守の騎士 プトレマイオス (Tellarknight Ptolemaeus, 18326736)
    monster("星守之骑士 托勒密", "xyz", level=4, atk=550, defense=2600, attribute="光",
            english="Tellarknight Ptolemaeus",
            effects=(Effect("②", "quick", "自己·对方的结束阶段才能发动：从额外卡组把1张「星辉士」卡作为这张卡的X素材"
                            "（①取除X素材的部分本文档用不到，未模拟）。", condition=lambda duel, card: duel.phase == "end",
                            resolve=p.attach("pick", "self", pick=_named("星辉士"), zones=("extra deck",))),)),
    # 星輝士 デルタテロス (Stellarknight Delteros, 56638325); the Chinese name is a transliteration
    monster("星辉士 德尔塔特罗斯", "xyz", level=4, atk=2500, defense=2100, attribute="光",
            english="Stellarknight Delteros"),
    # RUM－幻影騎士団ラウンチ (3298689)
    spell("升阶魔法-幻影骑士团的出击", "quick", english="Rank-Up-Magic The Phantom Knights' Launch", effects=(
        Effect("②", "ignition", "自己主要阶段把墓地的这张卡除外，以自己场上1只暗属性X怪兽为对象才能发动：把手卡1只「幻影骑士团」"
               "怪兽在那只怪兽下面重叠作为X素材（①升阶的部分本文档用不到，未模拟）。", zone="graveyard", cost="banish-self",
               targets=1, target_filter=lambda duel, card, t: duel.is_xyz_monster(t) and t.definition.attribute == "暗",
               resolve=p.attach("pick", "target0", pick=_named("幻影骑士团"), zones=("hand",))),)),
    monster("幻影骑士团 静寂之靴", level=3, atk=200, defense=1200, attribute="暗", english="The Phantom Knights of Silent Boots"),
    # 電子光虫－コアベージ (Digital Bug Corebage, 58600555)
    monster("电子光虫-核心菜粉蝶", "xyz", level=5, atk=2200, defense=1800, attribute="光", race="昆虫",
            english="Digital Bug Corebage", effects=(
                Effect("②", "trigger", "1回合1次，场上的怪兽的表示形式变更的场合才能发动：选自己墓地1只昆虫族怪兽在这张卡"
                       "下面重叠作为X素材（①让对方守备表示怪兽回到卡组的部分本文档用不到，未模拟）。",
                       event="position-changed", once_per_turn="card",
                       trigger=lambda duel, card, ev: duel.face_up_on_field(card),
                       resolve=p.attach("pick", "self", pick=lambda d: d.race == "昆虫", zones=("graveyard",))),)),
    # card text not confirmed; the attaching effect follows the seed's FAQ (14/9/13)
    spell("月舞的仪式", effects=(
        Effect("发动", "activation", "以自己场上1只X怪兽为对象：把手卡1只怪兽作为那只X怪兽的X素材（内容从略）。",
               targets=1, target_filter=lambda duel, card, t: duel.is_xyz_monster(t),
               resolve=p.attach("pick", "target0", pick=lambda d: d.is_monster)),)),
    # No.38 希望魁竜タイタニック・ギャラクシー (63767246)
    monster("No.38 希望魁龙 银河巨神", "xyz", level=8, atk=3000, defense=2500, attribute="光",
            english="Number 38: Hope Harbinger Dragon Titanic Galaxy", effects=(
                Effect("①", "quick", "1回合1次，魔法卡的效果在场上发动时才能发动：那个效果无效，场上的那张卡作为这张卡的X素材"
                       "（②③本文档用不到，未模拟）。", once_per_turn="card", condition=_spell_on_field_activated,
                       resolve=_titanic_galaxy),)),
    # 光波異邦臣 (Cipher Etranger, 79094383); level/ATK/DEF not confirmed
    monster("光波异邦臣", level=4, atk=1000, defense=1000, attribute="光", english="Cipher Etranger", effects=(
        Effect("①", "ignition", "这张卡在手卡·墓地存在的场合，以自己场上1只「光波」X怪兽为对象才能发动：把这张卡在那只怪兽下面"
               "重叠作为X素材（②检索的部分本文档用不到，未模拟）。", zone="hand", once_per_turn="name", targets=1,
               target_filter=lambda duel, card, t: duel.is_xyz_monster(t) and "光波" in t.name,
               resolve=p.attach("self", "target0")),)),
    # 光波竜 (Cipher Dragon): a 「光波」 Xyz monster
    monster("光波龙", "xyz", level=8, atk=3000, defense=2500, attribute="光", english="Cipher Dragon"),
    # 光虫基盤 (86643777): a field spell; this engine keeps field spells in the spell & trap zone
    spell("光虫基盘", "field", effects=(
        Effect("②", "ignition", "「光虫基盘」的②的效果1回合只能使用1次。以自己场上1只昆虫族X怪兽为对象才能发动：把手卡1只昆虫族"
               "怪兽在那只怪兽下面重叠作为X素材（①昆虫族攻守上升300的部分本文档用不到，未模拟）。",
               zone="spell & trap zone", targets=1, once_per_turn="name",
               target_filter=lambda duel, card, t: duel.is_xyz_monster(t) and t.definition.race == "昆虫",
               resolve=p.attach("pick", "target0", pick=lambda d: d.race == "昆虫", zones=("hand",))),)),
    # 「光虫」 (Digital Bug) monsters are Insects; this one's identity and stats are not confirmed
    monster("光虫 蜂窝", level=3, atk=1000, defense=1000, attribute="光", race="昆虫"),
    # card text not confirmed; the attaching effect follows the seed's FAQ (14/11/14)
    spell("发条拧紧", effects=(
        Effect("发动", "activation", "以自己场上1只X怪兽为对象：把自己墓地1只怪兽作为那只X怪兽的X素材（内容从略）。",
               targets=1, target_filter=lambda duel, card, t: duel.is_xyz_monster(t),
               resolve=p.attach("pick", "target0", pick=lambda d: d.is_monster)),)),
    # No.98 絶望皇ホープレス: effect ② confirmed; ATK/DEF not confirmed
    monster("No.98 绝望皇 霍普勒斯", "xyz", level=4, atk=2400, defense=0, attribute="暗",
            english="Number 98: Antitopian", effects=(
                Effect("②", "quick", "这张卡在墓地存在的场合，以场上1只「希望皇 霍普」怪兽为对象才能发动：这张卡守备表示特殊召唤，"
                       "把作为对象的怪兽在下面重叠作为X素材。这个效果在对方回合也能发动。", zone="graveyard",
                       targets=1, target_filter=lambda duel, card, t: duel.on_field(t) and "希望皇 霍普" in t.name,
                       once_per_turn="name", resolve=_antitopian),)),

    # 飛行エレファント (Flying Elephant, 66765023)
    monster("飞行象", level=4, atk=1850, defense=1300, attribute="风", english="Flying Elephant",
            statics=(Static("①", "indestructible-once-opponent-turn", "这张卡在对方回合只有1次不会被对方的效果破坏。"),),
            effects=(Effect("②", "trigger", "这张卡的①的效果适用的对方回合的结束阶段发动。下次的自己回合中，以下适用。"
                            "●这张卡直接攻击给与对方战斗伤害时，自己决斗胜利。", event="end-phase", mandatory=True,
                            trigger=_flying_elephant_due, resolve=_flying_elephant_win),)),

    # -- 计数 --------------------------------------------------------------------------
    monster("神影依·米德拉什", "fusion", level=5, atk=2200, defense=800, attribute="暗", english="El Shaddoll Winda",
            statics=(Static("①", "limit-special-summon", "只要这张卡在场上表侧表示存在，双方在1回合只能特殊召唤1次。",
                            value=1),)),
    trap("召唤限制器", "continuous", english="Summon Limit", statics=(
        Static("①", "limit-summons", "双方在1回合合计只能把怪兽召唤·反转召唤·特殊召唤2次（发动前的次数也计算）。",
               value=2),)),
    monster("魔导战士 破坏者", level=4, atk=1600, defense=1000, attribute="暗", english="Breaker the Magical Warrior",
            statics=(Static("②", "atk", "这张卡的攻击力上升这张卡的魔力指示物数量×300。", value=_counters_atk),),
            effects=(Effect("①", "trigger", "这张卡召唤的场合发动：给这张卡放置1个魔力指示物。", event="summoned",
                            trigger=p.summoned("normal"), mandatory=True, resolve=_place_counter),)),

    # -- 控制权 ------------------------------------------------------------------------
    spell("强制转移", english="Creature Swap", effects=(
        Effect("发动", "activation", "双方各选自己场上1只怪兽，那2只怪兽的控制权交换。", resolve=p.swap_control_of_chosen),)),
    spell("抢夺", "equip", english="Snatch Steal", effects=(
        Effect("发动", "activation", "以对方场上1只怪兽为对象：装备。得到装备怪兽的控制权。",
               targets=1, target_filter=p.face_up_monster, resolve=p.take_control_of_targets("equip")),)),
    spell("精神操作", english="Mind Control", effects=(
        Effect("发动", "activation", "以对方场上1只怪兽为对象：直到结束阶段得到那只怪兽的控制权。",
               targets=1, target_filter=p.on_field, resolve=p.take_control_of_targets("until-end-phase")),)),
    # ゴヨウ・キング (Goyo King, 84305651)
    monster("御用王", "synchro", level=8, atk=2800, defense=2000, attribute="地", english="Goyo King", effects=(
        Effect("②", "trigger", "这张卡战斗破坏对方怪兽送去墓地时，可以从以下效果选择1个发动：●破坏的那只怪兽在自己场上"
               "特殊召唤。●选对方场上1只表侧表示怪兽得到控制权。（①攻击力上升的部分本文档用不到，未模拟）",
               event="destroyed-by-battle", trigger=_destroyed_to_graveyard, resolve=_goyo_king),)),
    # identity not confirmed: modelled only as the seed describes it (an equip card that takes
    # control and is destroyed when the monster turns face-down or leaves)
    spell("灰篮鹰", "equip", effects=(
        Effect("发动", "activation", "（未能确认卡片原文）以对方场上1只表侧表示怪兽为对象：装备。得到装备怪兽的控制权。",
               targets=1, target_filter=p.face_up_monster, resolve=p.take_control_of_targets("equip")),)),
    # BF－隠れ蓑のスチーム (Blackwing - Steam the Cloak, 9047460)
    monster("黑羽-隐身蓑之斯蒂姆", "tuner", level=1, atk=800, defense=1200, attribute="暗",
            english="Blackwing - Steam the Cloak", effects=(
                Effect("①", "trigger", "表侧表示的这张卡从场上离开的场合发动：在自己场上把1只「蒸汽衍生物」特殊召唤"
                       "（衍生物未模拟）。", event="left-field", mandatory=True,
                       trigger=lambda duel, card, ev: ev.subject is card and ev.lki["face_up"], zone="banished"),)),
    spell("暗次元之解放", english="Escape from the Dark Dimension", effects=(
        Effect("发动", "activation", "以除外的1只自己的暗属性怪兽为对象：那只怪兽特殊召唤。",
               targets=1, target_filter=_banished_own_dark, resolve=p.special_summon_chosen()),)),

    # ヴァレルロード・ドラゴン (Borreload Dragon, 31833038): Link-4, no level
    monster("装弹枪管龙", "link", level=0, atk=3000, defense=0, attribute="暗", english="Borreload Dragon", effects=(
        Effect("③", "trigger", "这张卡向对方怪兽攻击的伤害步骤开始时才能发动：那只对方怪兽在这张卡所连接区放置，得到控制权。"
               "那只怪兽在下个回合的结束阶段送去墓地。（①不会成为怪兽效果的对象、②攻守下降的部分本文档用不到，未模拟）",
               event="battle-start", trigger=_attacks_opponents_monster, resolve=_borreload_take),)),
    monster("灰流丽", "tuner", level=3, atk=0, defense=1800, attribute="炎", english="Ash Blossom & Joyous Spring",
            effects=(Effect("①", "quick", "把这张卡从手卡丢弃：从卡组加入手卡等效果发动时，那个效果无效。",
                            zone="hand", cost="send-self", condition=p.responding_to(lambda duel, c: True),
                            resolve=p.negate_below(destroy=False, what="effect")),)),

    # -- 得到含一时除外的效果 ------------------------------------------------------------
    monster("混沌幻影", level=4, atk=0, defense=0, attribute="暗", english="Phantom of Chaos", effects=(
        Effect("①", "ignition", "1回合1次，以自己墓地1只效果怪兽为对象：那只怪兽除外，直到结束阶段这张卡得到那只怪兽的效果。",
               targets=1, target_filter=p.in_own_graveyard, once_per_turn="card", resolve=p.gain_effects_of_target),)),
    # 刻剣の魔術師 (Timebreaker Magician, 80335817)
    monster("刻剑之魔术师", "pendulum", level=4, atk=1200, defense=1200, attribute="暗", english="Timebreaker Magician",
            rulings=frozenset({"gained-temporary-banish-returns"}),
            effects=(Effect("②", "ignition", "1回合1次，以场上1只怪兽为对象：那只怪兽和场上的这张卡直到下次的自己准备阶段除外"
                            "（灵摆效果与①攻击力变成2倍的部分本文档用不到，未模拟）。",
                            targets=1, target_filter=p.on_field, once_per_turn="card",
                            resolve=p.banish_temporarily("self", "targets", returns="standby")),)),
    # コズミック・ブレイザー・ドラゴン (Cosmic Blazar Dragon)
    monster("宇宙耀变龙", "synchro", level=10, atk=4000, defense=4000, attribute="风", english="Cosmic Blazar Dragon",
            effects=(
                Effect("①", "quick", "1回合1次，魔法·陷阱·怪兽的效果发动时，把这张卡除外才能发动：那个发动无效并除外"
                       "（②③把这张卡除外使攻击·召唤无效的部分本文档用不到，未模拟）。", once_per_turn="card",
                       cost="banish-self", condition=_any_chain_link, resolve=p.negate_below_and_banish),
                Effect("④", "trigger", "这张卡的效果除外的场合，下次的结束阶段发动：除外的这张卡特殊召唤。",
                       event="end-phase", mandatory=True, zone="banished", trigger=p.banished_by_own_effect,
                       resolve=p.summon_self_back),
            )),
]

CATALOGUE: dict[str, CardDef] = {}
for _card in CARDS:
    if _card.name in CATALOGUE:
        raise ValueError(f"card defined twice: 「{_card.name}」")
    CATALOGUE[_card.name] = _card
