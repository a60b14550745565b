"""How a Duel Masters card's problems read on its page: Japanese, in the card files' own terms.

The card format (cardformat.py, blocks.py) says what is wrong with a card in English,
for the console; this table says the same on the pages (see
:data:`rulings.cardformat.PROBLEM_WORDS` for the syntax: English pattern -> template).
A problem it does not say is said by the shared table's catch-alls.
"""

WORDS = {
    "ja": {
        "phrases": {
            # the fields (cardformat.py)
            "no known race contains '{word}'; closest: {names}": "'{word}'を含む種族はない（近いもの：{names}）",
            "no known race contains '{word}'; known: {names}": "'{word}'を含む種族はない（書けるもの：{names}）",
            "give one race word, not '{text}'": "種族の言葉を1つだけ書く（'{text}'ではなく）",
            # the card's make
            "say what it is: ':event:' (a triggered ability), ':static:' (a static ability) or ':kind:' TT / Dスイッチ":
                "何の能力かを書く：:event:（誘発する能力）、:static:（常在する能力）、または :kind: TT / Dスイッチ",
            "':evolves-from:' is for an evolution creature (:kind: 進化クリーチャー)":
                ":evolves-from: は進化クリーチャーのための欄（:kind: 進化クリーチャー）",
            "':event:' and ':condition:' are for a triggered ability": ":event: と :condition: は誘発する能力のための欄",
            "':static:' and ':works-from:' are for a static ability": ":static: と :works-from: は常在する能力のための欄",
            "effect {label} is an FE ability but the card has no ':fort-e:' (the FE condition)":
                "効果{label}は FE 能力だが、カードに :fort-e:（FE の条件）がない",
            "either ':effect:' blocks or a ':hook:', not both": ":effect: のブロックか :hook: のどちらか一方だけを書く",
            "a static ability has ':static:' blocks (and no ':effect:')": "常在する能力には :static: のブロックを書く（:effect: は書かない）",
            "what does it do? give ':effect:' blocks": "何をする能力か：:effect: のブロックを書く",
            "a triggered ability needs ':event:'": "誘発する能力には :event: が要る",
            "only a 呪文 has a spell's effect (a creature's needs ':event:')":
                "呪文の効果を持つのは呪文だけ（クリーチャーの能力には :event: が要る）",
            "a TT ability is for a creature, one per card": "TT 能力はクリーチャーのもので、カードに1つだけ",
            "a D-switch is for a D2フィールド, one per card": "Dスイッチは D2フィールドのもので、カードに1つだけ",
            "the card has ':fort-e:' but no effect is an FE ability (':fort-e:' on the effect)":
                "カードに :fort-e: があるが、FE 能力の効果がない（効果に :fort-e: を書く）",
            # the blocks (blocks.py)
            "そのプレイヤー: no block chose a player before": "「そのプレイヤー」：その前にプレイヤーを選ぶブロックがない",
            "not a set of cards: '{text}'": "'{text}'はカードの集まりではない",
        },
        "words": {
            # the kinds of blocks (the effect's fields)
            "condition": "条件", "effect": "効果", "static": "常在効果",
            # the closed sets of words
            "card type": "カードの種類", "civilization": "文明", "race": "種族", "keyword": "キーワード能力",
            "effect kind": "効果の種類", "event": "タイミング", "place": "有効な場所",
        },
    },
}
