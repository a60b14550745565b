"""The Magic card catalogue: each card the documents name, defined once.

Names are the Japanese card names (the English name is kept alongside).  Only the part
of each card's text that the rulings use is modelled; a fact not modelled is left out
rather than guessed (a ``None`` mana cost below says "not modelled", see the comment).
"""

from __future__ import annotations

from .cards import (ANOTHER_DIES, AS_ENTERS, AS_TURNED_UP, CDA, DIES, ENTERS, STATIC, TURNED_FACE_UP,
                    Ability, CardDef, Face, Target, disguise, keyword, megamorph, morph, triggered)
from .characteristics import (ARTIFACT, BATTLE, CREATURE, ENCHANTMENT, FACE_DOWN_DEFAULT, INSTANT, LAND,
                              PLANESWALKER, SORCERY, Characteristics)

LEGENDARY = "伝説"


# -- small effect functions built from the game's primitives ------------------------------

def _draw(game, source, **_):
    game.draw(source.controller)


def _sacrifice_and_draw(game, source):
    controller = source.controller
    game.move(source, "graveyard", reason="生け贄に捧げる")
    game.draw(controller)


def _destroy_targets(game, spell, targets):
    for target in targets:
        game.destroy(target, reason=f"「{spell.name}」")


def _turn_targets_face_up(game, spell, targets):
    for target in targets:
        game.turn_face_up(target, reason=f"「{spell.name}」")


def _turn_targets_face_down(game, spell, targets):
    for target in targets:
        game.turn_face_down(target, face_down_as=spell.definition.face_down_as, by=f"「{spell.name}」")


def _counter_targets(game, spell, targets):
    for target in targets:
        game.counter(target, by=f"「{spell.name}」")


def _pump_targets(power, toughness):
    def resolve(game, spell, targets):
        for target in targets:
            game.add_effect(target, "7c", lambda ch: ch.with_(power=ch.power + power, toughness=ch.toughness + toughness),
                            f"ターン終了時まで+{power}/+{toughness}（「{spell.name}」）", until_end_of_turn=True)
    return resolve


def _three_damage(game, spell, targets):
    for target in targets:
        target.damage += 3
        game.log.record("damage", f"「{spell.name}」が「{target.name}」に3点のダメージを与える", card=target.serial)


def _each_player_two(game, source, **_):
    for player in (0, 1):
        game.deal_damage_to_player(player, 2, source)


def _return_face_down(game, source, card=None, **_):
    """灰雲のフェニックス: it returns face down, with nothing said of how: CR 708.2a."""
    if card is not None and card.zone.kind == "graveyard":
        game.put_onto_battlefield(card, source.controller, face_down_as=FACE_DOWN_DEFAULT, face_down_by=f"「{source.name}」")


def _yedora_returns(game, source, card=None, **_):
    if card is not None and card.zone.kind == "graveyard":
        game.put_onto_battlefield(card, source.controller, face_down_as=source.definition.face_down_as,
                                  face_down_by=f"「{source.name}」")


def _ixidron_turns_others_down(game, source):
    for other in game.permanents():
        if other is not source and not other.definition.token and CREATURE in game.characteristics(other).types:
            game.turn_face_down(other, by=f"「{source.name}」")


def _ixidron_pt(game, card, values):
    n = sum(1 for p in game.permanents() if not p.face_up and CREATURE in game.layers_types(p))
    return values.with_(power=n, toughness=n)


def _five_counters(game, card):
    game.add_counters(card, "+1/+1", 5)


def _two_dogs(game, source, **_):
    for _ in range(2):
        game.create_token(source.controller, DOG_TOKEN, tapped=True)


def _enchanted_gets(power, toughness):
    return Ability(STATIC, f"エンチャントしているクリーチャーは+{power}/+{toughness}の修整を受ける", layer="7c",
                   effect=lambda ch: ch.with_(power=ch.power + power, toughness=ch.toughness + toughness),
                   affects=lambda game, source, obj: source.attached_to is obj
                   and source.attached_object == obj.object_id)


def _attach_to_a_player(game, card):
    game.attach(card, ("player", 1 - card.controller))


# -- targets ----------------------------------------------------------------------------

def _creature(game, spell, c):
    return CREATURE in game.characteristics(c).types


def _creature_or_land(game, spell, c):
    types = game.characteristics(c).types
    return CREATURE in types or LAND in types


def _small_creature(game, spell, c):
    values = game.characteristics(c)
    return CREATURE in values.types and values.power + values.toughness <= 5


def _opponents_face_down_creature(game, spell, c):
    return not c.face_up and c.controller != spell.controller and CREATURE in game.characteristics(c).types


def _creature_spell(game, spell, c):
    return c is not spell and CREATURE in game.characteristics(c).types


def _noncreature_spell(game, spell, c):
    return c is not spell and CREATURE not in game.characteristics(c).types


CREATURE_TARGET = Target("クリーチャー1体", "battlefield", _creature)

DOG_TOKEN = Face("犬", "Dog", None, (CREATURE,), ("犬",), power=1, toughness=1, color_indicator=frozenset({"白"}))


CARDS: list[CardDef] = [
    CardDef(Face("にやにや笑いの悪魔", "Grinning Demon", "{2}{B}{B}", (CREATURE,), ("デーモン",), power=6, toughness=6,
                 abilities=(triggered("upkeep", "あなたのアップキープの開始時に、あなたは2点のライフを失う。"),
                            morph("{2}{B}{B}")))),
    CardDef(Face("枝折りロリアン", "Branchsnap Lorian", "{1}{G}{G}", (CREATURE,), ("ビースト",), power=4, toughness=1,
                 abilities=(keyword("トランプル"), morph("{G}")))),
    CardDef(Face("クローン", "Clone", "{3}{U}", (CREATURE,), ("多相の戦士",), power=0, toughness=0)),
    CardDef(Face("溶岩の流れ", "Lava Flow", "{3}{R}{R}", (SORCERY,)),
            targets=(Target("クリーチャー1体か土地1つ", "battlefield", _creature_or_land),), resolve=_destroy_targets),
    CardDef(Face("生けるものの洞窟", "Zoetic Cavern", None, (LAND,), abilities=(morph("{2}"),))),
    CardDef(Face("切り崩し", "Cut Down", "{B}", (INSTANT,)),
            targets=(Target("パワーとタフネスの合計が5以下のクリーチャー1体", "battlefield", _small_creature),),
            resolve=_destroy_targets),
    CardDef(Face("ヒルの呪い", "Curse of Leeches", "{2}{B}", (ENCHANTMENT,), ("オーラ", "呪い"),
                 abilities=(Ability(AS_ENTERS, "ヒルの呪いが戦場に出るに際し、プレイヤー1人につける。",
                                    effect=_attach_to_a_player),
                            keyword("日暮"))),
            back=Face("Leeching Lurker", "Leeching Lurker", None, (CREATURE,), ("ヒル", "ホラー"), power=4, toughness=4,
                      abilities=(keyword("絆魂"), keyword("夜明")), color_indicator=frozenset({"黒"})),
            enchant="player"),
    CardDef(Face("こじ開け", "Break Open", "{1}{R}", (INSTANT,)),
            targets=(Target("対戦相手がコントロールする裏向きのクリーチャー1体", "battlefield",
                            _opponents_face_down_creature),),
            resolve=_turn_targets_face_up),
    CardDef(Face("イクシドロン", "Ixidron", "{3}{U}{U}", (CREATURE,), ("イリュージョン",), power=0, toughness=0,
                 abilities=(Ability(AS_ENTERS, "イクシドロンが戦場に出るに際し、トークンでない他のクリーチャーをすべて裏向きにする。",
                                    effect=_ixidron_turns_others_down),
                            Ability(CDA, "イクシドロンのパワーとタフネスは、戦場にある裏向きのクリーチャーの数に等しい。",
                                    effect=_ixidron_pt)))),
    CardDef(Face("灰雲のフェニックス", "Ashcloud Phoenix", "{4}{R}{R}", (CREATURE,), ("フェニックス",), power=4, toughness=1,
                 abilities=(keyword("飛行"),
                            triggered(DIES, "灰雲のフェニックスが死亡したとき、それを裏向きで戦場に戻す。", _return_face_down),
                            morph("{4}{R}{R}"),
                            triggered(TURNED_FACE_UP, "灰雲のフェニックスが表向きになったとき、各プレイヤーに2点のダメージを与える。",
                                      _each_player_two)))),
    CardDef(Face("残酷な機械技師、テゼレット", "Tezzeret, Cruel Machinist", "{4}{U}{U}", (PLANESWALKER,), ("テゼレット",),
                 supertypes=(LEGENDARY,), loyalty=4),
            face_down_as=Characteristics(types=(ARTIFACT, CREATURE), power=5, toughness=5)),
    CardDef(Face("霊園の庭師、イェドラ", "Yedora, Grave Gardener", "{4}{G}", (CREATURE,), ("ツリーフォーク", "ドルイド"),
                 supertypes=(LEGENDARY,), power=5, toughness=5,
                 abilities=(triggered(ANOTHER_DIES, "トークンでない他のクリーチャーが死亡するたび、それを裏向きで戦場に戻してもよい。それは森・土地である。",
                                      _yedora_returns),)),
            face_down_as=Characteristics(types=(LAND,), subtypes=("森",))),
    # サイバーへの変換: its mana cost is not modelled (no ruling here reads it)
    CardDef(Face("サイバーへの変換", "Cyber Conversion", None, (INSTANT,), color_indicator=frozenset({"青"})),
            targets=(CREATURE_TARGET,), resolve=_turn_targets_face_down,
            face_down_as=Characteristics(types=(ARTIFACT, CREATURE), subtypes=("サイバーマン",), power=2, toughness=2)),
    CardDef(Face("エルフの幻想家", "Elvish Visionary", "{1}{G}", (CREATURE,), ("エルフ", "シャーマン"), power=1, toughness=1,
                 abilities=(triggered(ENTERS, "エルフの幻想家が戦場に出たとき、カードを1枚引く。", _draw),))),
    CardDef(Face("前兆の壁", "Wall of Omens", "{1}{W}", (CREATURE,), ("壁",), power=0, toughness=4,
                 abilities=(keyword("防衛"), triggered(ENTERS, "前兆の壁が戦場に出たとき、カードを1枚引く。", _draw)))),
    CardDef(Face("頭巾のハイドラ", "Hooded Hydra", "{X}{G}{G}", (CREATURE,), ("蛇", "ハイドラ"), power=0, toughness=0,
                 abilities=(morph("{3}{G}{G}"),
                            Ability(AS_TURNED_UP, "頭巾のハイドラが表向きになるに際し、これの上に+1/+1カウンターを5個置く。",
                                    effect=_five_counters)))),
    CardDef(Face("アイノクの生存者", "Ainok Survivalist", "{1}{G}", (CREATURE,), ("猟犬", "シャーマン"), power=2, toughness=1,
                 abilities=(megamorph("{1}{G}"),
                            triggered(TURNED_FACE_UP, "アイノクの生存者が表向きになったとき、対戦相手がコントロールするアーティファクトかエンチャント1つを対象とし、それを破壊する。")))),
    CardDef(Face("犬の散歩者", "Dog Walker", "{R/W}{R/W}", (CREATURE,), ("人間", "市民"), power=3, toughness=1,
                 abilities=(keyword("警戒"), disguise("{R/W}{R/W}"),
                            triggered(TURNED_FACE_UP, "犬の散歩者が表向きになったとき、白の1/1の犬・クリーチャー・トークン2体をタップ状態で生成する。",
                                      _two_dogs)))),
    CardDef(Face("神聖なる力", "Holy Strength", "{W}", (ENCHANTMENT,), ("オーラ",), abilities=(_enchanted_gets(1, 2),)),
            targets=(CREATURE_TARGET,), enchant=CREATURE),
    CardDef(Face("巨大化", "Giant Growth", "{G}", (INSTANT,)), targets=(CREATURE_TARGET,), resolve=_pump_targets(3, 3)),
    CardDef(Face("本質の散乱", "Essence Scatter", "{1}{U}", (INSTANT,)),
            targets=(Target("クリーチャー・呪文1つ", "stack", _creature_spell),), resolve=_counter_targets),
    CardDef(Face("否認", "Negate", "{1}{U}", (INSTANT,)),
            targets=(Target("クリーチャーでない呪文1つ", "stack", _noncreature_spell),), resolve=_counter_targets),
    CardDef(Face("稲妻", "Lightning Bolt", "{R}", (INSTANT,)), targets=(CREATURE_TARGET,), resolve=_three_damage),
    CardDef(Face("秘密を掘り下げる者", "Delver of Secrets", "{U}", (CREATURE,), ("人間", "ウィザード"), power=1, toughness=1),
            back=Face("昆虫の逸脱者", "Insectile Aberration", None, (CREATURE,), ("人間", "昆虫"), power=3, toughness=2,
                      abilities=(keyword("飛行"),), color_indicator=frozenset({"青"}))),
    CardDef(Face("ジェイス・ベレレン", "Jace Beleren", "{1}{U}{U}", (PLANESWALKER,), ("ジェイス",),
                 supertypes=(LEGENDARY,), loyalty=3)),
    CardDef(Face("ゼンディカーへの侵攻", "Invasion of Zendikar", "{3}{G}", (BATTLE,), ("包囲戦",), defense=3),
            back=Face("Awakened Skyclave", "Awakened Skyclave", None, (CREATURE,), ("エレメンタル",), power=4, toughness=4,
                      color_indicator=frozenset({"緑"}))),
    CardDef(Face("彩色の宝球", "Chromatic Sphere", "{1}", (ARTIFACT,),
                 abilities=(Ability("mana", "{1},{T},彩色の宝球を生け贄に捧げる：好きな色1色のマナ1点を加える。カードを1枚引く。",
                                    effect=_sacrifice_and_draw),))),
    CardDef(Face("Double Stroke", "Double Stroke", None, ("策略",), abilities=(keyword("秘策"),))),
    CardDef(Face("Kiddie Coaster", "Kiddie Coaster", None, (ARTIFACT,), ("アトラクション",))),
]

CATALOGUE: dict[str, CardDef] = {}
for _card in CARDS:
    if _card.name in CATALOGUE:
        raise ValueError(f"card defined twice: 「{_card.name}」")
    CATALOGUE[_card.name] = _card

_BY_ENGLISH = {c.english: c for c in CARDS}


def card_names() -> list[str]:
    """Every name a document may use: the Japanese names, and the English ones."""
    return [*CATALOGUE, *_BY_ENGLISH]


def find_definition(name: str) -> CardDef | None:
    return CATALOGUE.get(name) or _BY_ENGLISH.get(name)
