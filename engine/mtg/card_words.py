"""How a Magic card's problems read on its page: Japanese, in the card files' own terms.

The card format (cardformat.py, blocks.py) says what is wrong with a card in English,
for the console; this table says the same on the pages (see
:data:`rulings.cardformat.PROBLEM_WORDS` for the syntax: English pattern -> template).
A problem it does not say is said by the shared table's catch-alls.
"""

WORDS = {
    "ja": {
        "phrases": {
            # the fields (cardformat.py)
            "'{text}' is not a mana cost (mana symbols such as {symbols}, or なし)":
                "'{text}'はマナ・コストではない（{symbols} のようなマナ・シンボルか、なし）",
            "give the cost in mana symbols ({symbols})": "コストをマナ・シンボルで書く（{symbols}）",
            "'{text}': no card type": "'{text}'にカード・タイプがない",
            "'{sub}' is a subtype of {types}, not of {given}": "'{sub}'は{types}のサブタイプで、{given}のサブタイプではない",
            "'{text}' is not power/toughness such as 3/3 (or */*)": "'{text}'はパワー/タフネス（3/3 や */* など）ではない",
            "{word}: write it as :morph:, :megamorph: or :disguise: with its cost":
                "{word}：コストを添えて :morph:、:megamorph:、:disguise: の欄に書く",
            "unknown cost '{part}': mana symbols, {tap}, or これを生け贄に捧げる":
                "'{part}'というコストはない（マナ・シンボル、{tap}、これを生け贄に捧げる のいずれか）",
            # the card's make
            "give one ':{field}:' block, not {n}": ":{field}: のブロックは1つだけ書く（{n}個ある）",
            "a face has no ':{field}:' (that is for an ability)": "面には :{field}: 欄がない（能力の欄）",
            "':face-up-when:' is for the face-down characteristics (:kind: 裏向き)":
                ":face-up-when: は裏向きの特性のための欄（:kind: 裏向き）",
            "an ability has no ':{field}:' (that is for a face: :kind: 第2面 or 裏向き)":
                "能力には :{field}: 欄がない（面の欄：:kind: 第2面 か 裏向き）",
            "a {what} effect has no ':{field}:'": "{what}の効果には :{field}: 欄がない",
            "either ':effect:' blocks or a ':hook:', not both": ":effect: のブロックか :hook: のどちらか一方だけを書く",
            "either ':effect:' or ':not-modelled:', not both": ":effect: か :not-modelled: のどちらか一方だけを書く",
            "what does it do? give ':effect:' blocks (or ':not-modelled:' and why)":
                "何をする能力か：:effect: のブロックを書く（または :not-modelled: とその理由）",
            "this block is not a step of an effect here": "このブロックはここでは効果の手順にならない",
            "a triggered ability needs ':event:' (このクリーチャーが戦場に出たとき …)":
                "誘発型能力には :event: が要る（このクリーチャーが戦場に出たとき …）",
            "「…裏向きに唱えてもよい」 is the whole of the ability": "「…裏向きに唱えてもよい」だけで1つの能力になる",
            "a mana ability has no target (CR 605.1a)": "マナ能力は対象を取らない（CR 605.1a）",
            "a replacement effect needs ':event:' ({examples})": "置換効果には :event: が要る（{examples}）",
            "「…が戦場を離れるなら」 takes one block: 代わりに追放する": "「…が戦場を離れるなら」のブロックは1つ：代わりに追放する",
            "a static ability needs ':static:' blocks": "常在型能力には :static: のブロックが要る",
            "say which objects it applies to: ':affects:' ({examples})": "どのオブジェクトに適用されるかを :affects: に書く（{examples}）",
            "a characteristic-defining ability is :kind: 特性定義": "特性定義能力は :kind: 特性定義",
            "no effect 「{label}」 with ':face: 付与' defines the ability it grants; closest: {names}":
                ":face: 付与 の効果「{label}」がない（近いもの：{names}）",
            "no effect 「{label}」 with ':face: 付与' defines the ability it grants; known: {names}":
                ":face: 付与 の効果「{label}」がない（あるもの：{names}）",
            "':layer: {layer}' but what it changes applies in layer {part}":
                ":layer: {layer} とあるが、変えるものは種類別 {part} で適用される",
            "a characteristic-defining ability takes ':static:' blocks that define a characteristic ({examples})":
                "特性定義能力には特性を定める :static: のブロックを書く（{examples}）",
            "a characteristic-defining ability of power and toughness applies in layer 7a":
                "パワーとタフネスの特性定義能力は種類別 7a で適用される",
            "the card has one {kind} effect": "{kind}の効果はカードに1つだけ",
            "the card has one 呪文 effect (also {label})": "呪文の効果はカードに1つだけ（{label} もある）",
            "':face: 付与' is for a triggered, an activated or a mana ability": ":face: 付与 は誘発型・起動型・マナ能力のための値",
            "':face: {face}' but the card has no such effect (:kind: {kind})":
                ":face: {face} とあるが、カードにその効果（:kind: {kind}）がない",
            "only an instant or a sorcery has a 呪文 effect (a permanent's abilities have other kinds)":
                "呪文の効果を持つのはインスタントかソーサリーだけ（パーマネントの能力は別の種類）",
            "effect {label} is granted (':face: 付与') but no static ability of the card grants it "
            "(:static: 「{granted}」を持つ)":
                "効果{label}は付与される能力（:face: 付与）だが、それを与える常在型能力がない（:static: 「{granted}」を持つ）",
            "{name}: ':pt:' is for a creature (or a Vehicle)": "{name}：:pt: はクリーチャー（または機体）のための欄",
            "{name}: ':loyalty:' is for a planeswalker": "{name}：:loyalty: はプレインズウォーカーのための欄",
            "{name}: ':defense:' is for a battle": "{name}：:defense: はバトルのための欄",
            "':enchant:' is for an Aura (:type: エンチャント — オーラ)": ":enchant: はオーラのための欄（:type: エンチャント — オーラ）",
            "an Aura needs ':enchant:' (クリーチャー or プレイヤー)": "オーラには :enchant: が要る（クリーチャー か プレイヤー）",
            "give its ':type:' (クリーチャー …)": ":type: を書く（クリーチャー …）",
            # the blocks (blocks.py)
            "'{text}' names no object (クリーチャー, パーマネント, 呪文, カード …)":
                "'{text}'はオブジェクトを指していない（クリーチャー、パーマネント、呪文、カード …）",
            "in '{text}': unknown words '{words}' before '{noun}'{rest}": "'{text}'：'{noun}'の前の'{words}'が読めない",
            "in '{text}': unknown object '{word}'{rest}": "'{text}'：'{word}'というオブジェクトはない",
            "'{text}': objects of different zones ({zones})": "'{text}'：違う領域のオブジェクトが混ざっている（{zones}）",
            "'{text}': objects of different zones{rest}": "'{text}'：違う領域のオブジェクトが混ざっている",
            "'{text}': say where the cards are ({examples})": "'{text}'：カードがどこにあるかを書く（{examples}）",
            "'{text}': say how many (1体, 1つ, 1枚, 1人)": "'{text}'：数を書く（1体、1つ、1枚、1人）",
            "'{text}': no number here": "'{text}'：ここに数はない",
            "'{objects}': only one target is modelled (1体, 1つ, 1枚, 1人)":
                "'{objects}'：対象は1つのものだけが実装されている（1体、1つ、1枚、1人）",
            "{base} takes a cost: {example}": "{base}にはコストが要る：{example}",
        },
        "words": {
            # the kinds of blocks (the effect's fields)
            "event": "誘発条件", "target": "対象", "effect": "効果", "affected": "影響を受けるもの",
            "condition": "条件", "static": "常在効果",
            # the closed sets of words
            "card type": "カード・タイプ", "subtype": "サブタイプ", "effect kind": "効果の種類", "face": "面",
            "timing": "起動タイミング", "layer": "種類別", "enchant": "エンチャントするもの", "keyword": "キーワード能力",
            "object": "オブジェクト", "action": "動作", "creature type": "クリーチャー・タイプ",
            "triggered": "誘発型", "activated": "起動型", "mana": "マナ能力", "static ability": "常在型",
        },
    },
}
