"""Issue 23: one digest mechanism.  Every cache states its key as named inputs of
``rulings.digests`` plus its own specifics; a vocabulary change runs again only the
examples whose steps match differently, a dependency upgrade runs everything, a wording
table runs again what shows it."""

from __future__ import annotations

import ast
import dataclasses
import shutil
from importlib import metadata
from pathlib import Path

import pytest

from rulings import coverage_basis, digests, incremental
from rulings import vocabulary as vocab_mod
from rulings.project import GAMES, Paths, find_root
from tests import sources

#: a phrase more specific than one the project's Duel Masters steps use
#: (``{player}の{zone}に「{card}」がある``): the steps naming the mana zone match it now
NEW_PHRASE = '''

@V.given("{player}のマナゾーンに「{card}」がある")
def put_in_mana(duel: Duel, player: int, card: str) -> None:
    """The same as putting the card in the mana zone (a phrase added by a test)."""
    put(duel, player, MANA, card)
'''


@pytest.fixture
def engine(tmp_path, monkeypatch):
    """A copy of the engine the digests read (the real one is not touched); ``edit(path,
    change)`` changes one of its files and lets go of the inputs computed so far."""
    copy = tmp_path / "engine"
    shutil.copytree(digests.ENGINE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(digests, "ENGINE", copy)
    monkeypatch.setattr(digests, "_ONCE", {})

    def edit(path: str, change) -> None:
        target = copy / path
        target.write_text(change(target.read_text(encoding="utf-8")), encoding="utf-8")
        digests.forget()
    return edit


def _project_examples(game: str, vocabulary) -> list[dict]:
    """The project's documented examples of ``game`` as a manifest records them, with the
    phrases their steps match in ``vocabulary`` (what reading them would record)."""
    from rulings import scenarios

    examples = scenarios.documented(Paths(find_root()), {game})
    return [{"id": e.id, "hash": "h", "game": game, "extracted": True, "cards": [], "declared": None,
             "phrases": scenarios.phrases_of(vocabulary, e)} for e in examples]


def _recorded(plan, manifest) -> dict:
    return {e["id"]: {"hash": e["hash"], "outcome": "passed", "status": "passed", "basis": plan.basis[e["id"]]}
            for e in manifest}


def test_adding_a_phrase_runs_only_the_project_examples_whose_steps_now_match_it(extracted, engine, tmp_path):
    vocabulary = vocab_mod.load("dm")
    before = _project_examples("dm", vocabulary)
    assert len(before) > 20
    results = _recorded(incremental.plan(before, {}, tmp_path), before)
    assert incremental.plan(before, results, tmp_path).run == {}

    engine("dm/steps.py", lambda text: text + NEW_PHRASE)
    added = dataclasses.replace(vocabulary, phrases=list(vocabulary.phrases))
    added.given("{player}のマナゾーンに「{card}」がある")(lambda duel, player, card: None)
    after = _project_examples("dm", added)
    now_matching = {a["id"] for b, a in zip(before, after) if a["phrases"] != b["phrases"]}
    assert now_matching, "some of the project's steps name the mana zone"
    plan = incremental.plan(after, results, tmp_path)
    assert plan.run == dict.fromkeys(now_matching, "steps changed")
    assert len(plan.run) < len(after) / 2, plan.summary()
    print(plan.summary())


def test_a_dependency_upgrade_runs_everything(monkeypatch, tmp_path):
    manifest = [{"id": f"{game}-{n}", "hash": "h", "game": game, "extracted": True, "cards": [], "declared": None,
                 "phrases": []} for game in GAMES for n in range(2)]
    monkeypatch.setattr(digests, "_ONCE", {})
    results = _recorded(incremental.plan(manifest, {}, tmp_path), manifest)
    basis = {game: coverage_basis.basis(Paths(tmp_path), game) for game in GAMES}
    extension = digests.extension()
    assert incremental.plan(manifest, results, tmp_path).run == {}

    real = metadata.version
    monkeypatch.setattr(metadata, "version", lambda name: "99.0" if name == "pytest-bdd" else real(name))
    digests.forget()
    assert incremental.plan(manifest, results, tmp_path).run == {e["id"]: "libraries changed" for e in manifest}
    # a coverage measurement rests on them too
    for game in GAMES:
        assert coverage_basis.why_measure({"format": coverage_basis.FORMAT, "basis": basis[game]},
                                          coverage_basis.basis(Paths(tmp_path), game), False, game) \
            == "libraries changed"
    # the site reads the documents with the Gherkin parser: a new one reads them again
    monkeypatch.setattr(metadata, "version", lambda name: "99.0" if name == "gherkin-official" else real(name))
    digests.forget()
    assert digests.extension() != extension


@pytest.mark.parametrize("table, games", [("dm/trace_words.py", {"dm"}), ("mtg/card_words.py", {"mtg"}),
                                          ("core/trace_words.py", set(GAMES)), ("wording.py", set(GAMES))])
def test_a_wording_table_runs_again_the_examples_whose_traces_it_words(engine, tmp_path, table, games):
    """A trace is worded when its example runs and kept as text in the result: a change of
    a game's wording runs the game's examples again (the shared tables: every game's),
    and nothing else; the engine's code counts as unchanged."""
    manifest = [{"id": f"{game}-{n}", "hash": "h", "game": game, "extracted": True, "cards": [], "declared": None,
                 "phrases": []} for game in GAMES for n in range(2)]
    results = _recorded(incremental.plan(manifest, {}, tmp_path), manifest)
    code = {game: digests.engine(game) for game in GAMES}
    extension = digests.extension()
    engine(table, lambda text: text + "\n# an edit\n")
    plan = incremental.plan(manifest, results, tmp_path)
    assert plan.run == {e["id"]: f"wording of {e['game']} changed" for e in manifest if e["game"] in games}
    assert {game: digests.engine(game) for game in GAMES} == code
    # a card's problems are worded when its file is read: the documents are read again
    assert (digests.extension() != extension) == table.endswith("card_words.py")


def test_a_key_names_only_known_inputs():
    assert digests.key({"engine": "a", "libraries": "b"}, "own") != digests.key({"engine": "a", "libraries": "c"}, "own")
    assert digests.key({"engine": "a"}, "own") != digests.key({"engine": "a"}, "other")
    with pytest.raises(KeyError):
        digests.key({"engin": "a"})


def test_the_named_inputs_are_computed_once_per_process(monkeypatch):
    monkeypatch.setattr(digests, "_ONCE", {})
    reads = []

    def counting(name):
        real = getattr(digests, name)
        monkeypatch.setattr(digests, name, lambda *args, **kwargs: reads.append(name) or real(*args, **kwargs))

    counting("of_files")
    counting("_engine_and_phrases")
    for _ in range(3):
        digests.engine("dm"), digests.wording("dm"), digests.extension(), digests.libraries()
        digests.steps("dm", []), digests.vocabulary("dm")
    # engine (with the phrase functions: its files by of_files), wording, extension: once each
    assert sorted(reads) == ["_engine_and_phrases", "of_files", "of_files", "of_files"]


#: the modules of the engine that digest with hashlib themselves, and why that is no cache
NOT_CACHES = {
    "digests.py": "the mechanism itself",
    "results.py": "an example's text hash: its identity, written in its feature's tags",
    "runs.py": "a run's id",
    "shards.py": "which shard an example belongs to",
    "sphinxext/cards.py": "a card's anchor on its page",
    "sphinxext/unpinned.py": "an unpinned note's anchor",
    "sphinxext/coverage_page.py": "a cell's anchor",
}


@sources.READS_THE_CODE
def test_no_cache_digests_on_its_own():
    """Every cache builds its key with ``rulings.digests``: so that the recipes cannot
    drift, no other module hashes, but for what is no cache."""
    found = set()
    for path in digests.ENGINE.rglob("*.py"):
        if any(isinstance(n, ast.Import) and any(a.name == "hashlib" for a in n.names)
               or isinstance(n, ast.ImportFrom) and n.module == "hashlib" for n in sources.nodes(path)):
            found.add(path.relative_to(digests.ENGINE).as_posix())
    assert found <= set(NOT_CACHES), sorted(found - set(NOT_CACHES))


@sources.READS_THE_CODE
def test_every_module_a_run_goes_through_is_an_input():
    """A game's package, the shared engine and the binding import nothing of the engine
    that ``engine`` or ``wording`` leaves out (but the plan, which decides what runs, not
    how, and the extraction and its stamp, whose outcome — the examples and cards as
    read — is an input of its own)."""
    covered = set()
    for game in GAMES:
        covered |= set(digests.code_files(game)) | set(digests.wording_files(game))
    for path in sorted(covered):
        for node in sources.nodes(path):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                parts = name.split(".")
                if parts[0] != "rulings" or len(parts) == 1 or parts[1] in ("incremental", "extraction", "sphinxext"):
                    continue
                module = digests.ENGINE / parts[1]
                assert (module.with_suffix(".py") in covered or (module / "__init__.py") in covered
                        or not (module.with_suffix(".py").exists() or module.is_dir())), \
                    f"{Path(path).relative_to(digests.ENGINE)}: imports {name}, which no input covers"
