"""Issue 23: the step vocabulary is matched once per step text and the match travels with
the example; a vocabulary change runs again only the examples whose steps match
differently (or run through an edited phrase function), an edit of the rest of the
vocabulary module (its helpers, its terms) every example of the game."""

from __future__ import annotations

import dataclasses
import json
import shutil

import pytest

from rulings import digests, incremental
from rulings import vocabulary as vocab_mod

MANA = "自分のマナゾーンに「ボルシャック・ドラゴン」がある"
HAND = "自分の手札に「ボルシャック・ドラゴン」がある"
ATTACK = "「ボルシャック・ドラゴン」が相手プレイヤーを攻撃する"
STEPS = {"mana": [("given", MANA)], "hand": [("given", HAND)], "attack": [("when", ATTACK)]}
NEW_PHRASE = '''

@V.given("{player}のマナゾーンに「{card}」がある")
def put_in_mana(duel: Duel, player: int, card: str) -> None:
    """The same as putting the card in the mana zone (a phrase added by a test)."""
    put(duel, player, "マナゾーン", card)
'''


def matched(vocabulary, steps) -> list[str]:
    """What reading an example records: the phrase each step matched."""
    found = set()
    for kind, text in steps:
        reading = vocabulary.read(kind, text)
        found.add(incremental.phrase_id(vocabulary.game, reading.phrase.kind, reading.phrase.template))
    return sorted(found)


def manifest_of(vocabulary) -> list[dict]:
    return [{"id": ident, "hash": "h", "game": "dm", "extracted": True, "cards": [], "declared": None,
             "phrases": matched(vocabulary, steps)} for ident, steps in STEPS.items()]


def recorded(plan, manifest) -> dict:
    return {e["id"]: {"hash": e["hash"], "outcome": "passed", "status": "passed", "basis": plan.basis[e["id"]]}
            for e in manifest}


@pytest.fixture
def engine(tmp_path, monkeypatch):
    """A copy of the engine the digests read (the real one is not touched)."""
    copy = tmp_path / "engine"
    shutil.copytree(incremental.ENGINE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(digests, "ENGINE", copy)
    monkeypatch.setattr(digests, "_ONCE", {})

    def edit(change) -> None:
        path = copy / "dm" / "steps.py"
        path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
        monkeypatch.setattr(digests, "_ONCE", {})
    return edit


def test_adding_a_phrase_runs_only_the_examples_whose_steps_now_match_it(engine, tmp_path):
    vocabulary = vocab_mod.load("dm")
    manifest = manifest_of(vocabulary)
    results = recorded(incremental.plan(manifest, {}, tmp_path), manifest)
    assert incremental.plan(manifest, results, tmp_path).run == {}

    engine(lambda text: text + NEW_PHRASE)
    # the documents are read again against the vocabulary with the phrase (its fingerprint
    # changed): only the mana step matches it
    added = dataclasses.replace(vocabulary, phrases=list(vocabulary.phrases))
    added.given("{player}のマナゾーンに「{card}」がある")(lambda duel, player, card: None)
    manifest = manifest_of(added)
    assert manifest[0]["phrases"] == ["dm:given:{player}のマナゾーンに「{card}」がある"]
    plan = incremental.plan(manifest, results, tmp_path)
    assert plan.run == {"mana": "steps changed"}, plan.run
    assert "running 1 of 3 examples: 1 steps changed" == plan.summary()


def test_editing_a_phrase_function_runs_only_its_users(engine, tmp_path):
    manifest = manifest_of(vocab_mod.load("dm"))
    results = recorded(incremental.plan(manifest, {}, tmp_path), manifest)
    engine(lambda text: text.replace("def attack(duel: Duel, card: str) -> None:\n",
                                     "def attack(duel: Duel, card: str) -> None:\n    # an edit\n", 1))
    assert incremental.plan(manifest, results, tmp_path).run == {"attack": "steps changed"}


def test_editing_a_phrase_function_runs_the_users_of_the_phrases_calling_it(engine, tmp_path):
    """A phrase function that calls another phrase's function rests on it too."""
    vocabulary = vocab_mod.load("dm")
    added = dataclasses.replace(vocabulary, phrases=list(vocabulary.phrases))
    added.given("{player}のマナゾーンに「{card}」がある")(lambda duel, player, card: None)
    engine(lambda text: text + NEW_PHRASE)
    manifest = manifest_of(added)
    results = recorded(incremental.plan(manifest, {}, tmp_path), manifest)
    # ``put`` is the function of the hand step's phrase, and put_in_mana calls it
    engine(lambda text: text.replace("def put(duel: Duel, player: int, zone: str, card: str) -> None:\n",
                                     "def put(duel: Duel, player: int, zone: str, card: str) -> None:\n"
                                     "    # an edit\n", 1))
    assert incremental.plan(manifest, results, tmp_path).run == {"mana": "steps changed", "hand": "steps changed"}


@pytest.mark.parametrize("change", [
    # a helper of the phrases
    lambda text: text.replace("def _face(cell: str) -> bool:\n", "def _face(cell: str) -> bool:\n    # an edit\n", 1),
    # a term
    lambda text: text.replace('"表向き or 裏向き"', '"表向き or 裏向き (face)"', 1),
])
def test_editing_the_rest_of_the_vocabulary_module_runs_the_whole_game(engine, tmp_path, change):
    manifest = manifest_of(vocab_mod.load("dm"))
    results = recorded(incremental.plan(manifest, {}, tmp_path), manifest)
    engine(change)
    assert incremental.plan(manifest, results, tmp_path).run == dict.fromkeys(STEPS, "engine of dm changed")


def test_blank_lines_and_where_a_phrase_stands_do_not_count():
    plain = 'V = X()\n\n\n@V.given("a")\ndef a(w):\n    return b(w)\n\n\n@V.when("b")\ndef b(w):\n    pass\n'
    moved = 'V = X()\n\n@V.when("b")\ndef b(w):\n    pass\n\n\n\n@V.given("a")\ndef a(w):\n    return b(w)\n'
    one, other = incremental.read_vocabulary_code("g", plain), incremental.read_vocabulary_code("g", moved)
    assert one.rest == other.rest == b"V = X()\n"
    assert set(one.phrases) == {"g:given:a", "g:when:b"}
    assert one.phrases["g:when:b"] == other.phrases["g:when:b"]
    # a comment just above a phrase goes with its function
    commented = incremental.read_vocabulary_code("g", plain.replace('@V.when', '# about b\n@V.when'))
    assert commented.rest == one.rest and commented.phrases["g:when:b"] != one.phrases["g:when:b"]
    # ``a`` calls ``b``: it rests on b's function too
    assert one.phrases["g:given:a"] != incremental.read_vocabulary_code("g", plain.replace("pass", "return 1")
                                                                        ).phrases["g:given:a"]


def test_a_phrase_function_the_rest_of_the_module_uses_stays_with_the_engine():
    source = '@V.given("a")\ndef a(w):\n    pass\n\nALIAS = a\n'
    code = incremental.read_vocabulary_code("g", source)
    assert code.phrases == {} and b"def a" in code.rest


def test_every_phrase_function_of_the_project_is_digested_apart():
    """Each phrase of each game's vocabulary has its function apart from the engine's code."""
    for game in ("ygo", "mtg", "dm"):
        ids = {incremental.phrase_id(game, p.kind, p.template) for p in vocab_mod.load(game).phrases}
        assert ids == set(digests.phrase_functions(game)), game


def test_the_recorded_match_is_the_match_the_runner_makes(extracted):
    """The manifest's phrases of each example are those its steps match when it runs
    (``scenarios.phrases_of``, which the coverage tool's key uses; the binding checks the
    same per step: ``rulings.runner.Runner.check``)."""
    from rulings import scenarios
    from rulings.project import Paths, find_root

    paths = Paths(find_root())
    manifest_path = paths.features / "manifest.json"
    assert manifest_path.exists(), "the session fixture extracted the documents"
    recorded_phrases = {e["id"]: e.get("phrases") for e in json.loads(manifest_path.read_text("utf-8"))["examples"]}
    checked = 0
    for example in scenarios.documented(paths):
        if recorded_phrases.get(example.id) is None:
            continue
        assert scenarios.phrases_of(vocab_mod.load(example.game), example) == recorded_phrases[example.id], example.id
        checked += 1
    assert checked or not recorded_phrases


def test_a_step_that_matches_another_phrase_than_when_it_was_read_fails():
    from rulings.runner import ReadOtherwise, Runner

    vocabulary = vocab_mod.load("dm")
    runner = Runner(vocabulary)
    phrase = vocabulary.read("given", HAND).phrase
    runner.check(phrase, matched(vocabulary, [("given", HAND)]), HAND)
    runner.check(phrase, None, HAND)
    with pytest.raises(ReadOtherwise):
        runner.check(phrase, ["dm:given:something else"], HAND)
    with pytest.raises(ReadOtherwise):
        runner.step(vocabulary.new_world(), "given", HAND, None, ["dm:given:something else"])
