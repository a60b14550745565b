"""The closed sets of words a Magic card is written with (spec/mtg/cards/*.rst).

Every word a card field takes is one of these: a word not here is an error when the
cards load, with the nearest known word.  Add a word here when a card needs one the
game does not know yet (a new creature type, a new keyword).
"""

from __future__ import annotations

from .characteristics import ARTIFACT, BATTLE, CREATURE, ENCHANTMENT, INSTANT, LAND, PLANESWALKER, SORCERY

LEGENDARY = "伝説"
#: supertypes (CR 205.4), written 「伝説の」 before the card types
SUPERTYPES = ("伝説", "基本", "氷雪", "ワールド", "持続")

#: card types (CR 205.2), joined by ・ on the type line
CARD_TYPES = (ARTIFACT, BATTLE, CREATURE, ENCHANTMENT, INSTANT, LAND, PLANESWALKER, SORCERY,
              "部族", "策略", "次元", "現象", "ヴァンガード", "英雄", "計略")

#: creature types (CR 205.3m) the cards use, and the common ones
CREATURE_TYPES = (
    "人間", "ウィザード", "エルフ", "ゴブリン", "ドワーフ", "マーフォーク", "巨人", "天使", "デーモン", "デビル",
    "ドラゴン", "ゾンビ", "スピリット", "吸血鬼", "狼男", "ホラー", "エレメンタル", "ビースト", "多相の戦士",
    "イリュージョン", "フェニックス", "ツリーフォーク", "蛇", "ハイドラ", "猟犬", "犬", "猫", "鳥", "狼", "熊", "猿",
    "象", "恐竜", "魚", "昆虫", "蜘蛛", "ヒル", "壁", "市民", "兵士", "騎士", "戦士", "クレリック", "ならず者",
    "シャーマン", "ドルイド", "暗殺者", "ケンタウルス", "ミノタウルス", "パフォーマー", "タイムロード",
    "サイバーマン", "モンク", "侍", "忍者", "海賊", "狂戦士", "射手", "斥候", "アドバイザー", "貴族", "農民",
    "工匠", "ウォーロック", "探検者", "傭兵", "構築物", "ゴーレム", "スケルトン", "ミイラ", "スフィンクス",
    "グリフィン", "ペガサス", "ユニコーン", "オーガ", "トロール", "オーク", "ゴルゴン", "カエル", "トカゲ",
    "ネズミ", "リス", "ウサギ", "キツネ", "アライグマ", "カワウソ", "コウモリ", "ワーム", "クラーケン",
    "リバイアサン", "海蛇", "タコ", "カニ", "ファンガス", "サリッド", "エルドラージ", "ファイレクシアン",
    "ナイトメア", "ジン", "イフリート", "サテュロス", "フェアリー", "ノーム", "コボルド", "ホムンクルス",
    "ミュータント", "探偵", "シェイプシフター", "アバター", "神", "ナーガ", "ヴィーアシーノ", "レオニン",
    "ロクソドン", "ラクシャーサ", "ヴォルバー", "ドレイク", "ワイバーン", "ビホルダー", "エイリアン",
    "ダレク",
)
ARTIFACT_TYPES = ("機体", "装備品", "アトラクション", "宝物", "食物", "手掛かり", "血", "城砦", "パワーストーン",
                  "契約", "地図", "呪物", "宇宙船")
ENCHANTMENT_TYPES = ("オーラ", "呪い", "英雄譚", "祭殿", "クラス", "部屋", "役割", "事件", "カルトーシュ", "背景")
LAND_TYPES = ("森", "島", "山", "沼", "平地", "門", "洞窟", "砂漠", "ロクス", "球体", "ウルザ", "町")
PLANESWALKER_TYPES = ("テゼレット", "ジェイス", "チャンドラ", "ギデオン", "ニッサ", "リリアナ", "ソリン", "ボーラス",
                      "アジャニ", "ガラク", "ナヒリ", "ウギン", "カーン", "テフェリー", "ヴラスカ", "ドムリ", "ケイヤ")
BATTLE_TYPES = ("包囲戦",)
SPELL_TYPES = ("秘儀", "出来事", "協約", "罠")

#: subtype -> the card types it may go with (CR 205.3)
SUBTYPES: dict[str, tuple[str, ...]] = {}
for _words, _types in ((CREATURE_TYPES, (CREATURE, "部族")), (ARTIFACT_TYPES, (ARTIFACT,)),
                       (ENCHANTMENT_TYPES, (ENCHANTMENT,)), (LAND_TYPES, (LAND,)),
                       (PLANESWALKER_TYPES, (PLANESWALKER,)), (BATTLE_TYPES, (BATTLE,)),
                       (SPELL_TYPES, (INSTANT, SORCERY))):
    for _word in _words:
        SUBTYPES[_word] = SUBTYPES.get(_word, ()) + _types

#: keyword abilities without a cost (the rules read them by their words)
KEYWORDS = ("飛行", "到達", "トランプル", "警戒", "防衛", "速攻", "接死", "絆魂", "先制攻撃", "二段攻撃", "呪禁",
            "破壊不能", "威迫", "瞬速", "被覆", "日暮", "夜明", "秘策", "両策")
#: keywords followed by a cost (護法{2}); 変異 / 大変異 / 変装 are written as :morph: … fields
KEYWORDS_WITH_COST = ("護法",)
#: the ways to turn a face-down permanent face up for a cost (CR 702.37, 702.37b, 702.168)
FACE_UP_COSTS = {"morph": "変異", "megamorph": "大変異", "disguise": "変装"}

COLORS = {"白": "白", "青": "青", "黒": "黒", "赤": "赤", "緑": "緑"}
