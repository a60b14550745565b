"""The documented examples as scenarios, run in this process (no build per run): what the
flipped-outcome and the mutation tests share."""

from __future__ import annotations

from pathlib import Path

from pytest_bdd.feature import get_features

from engine import vocabulary as vocab_mod
from engine.bdd import _game_of, extract
from engine.sphinxext.build import Paths, find_root

ROOT = find_root(Path(__file__).parent)


def documented():
    """(game, example id, its scenarios — one per outline row —, pending) of every example."""
    extract(ROOT)
    files = sorted(Paths(ROOT).features.rglob("*.feature"))
    for feature in get_features([str(p) for p in files]):
        game = _game_of(Path(feature.filename))
        for template in feature.scenarios.values():
            example_id = next(t.split(":", 1)[1] for t in template.tags if t.startswith("rulings-id:"))
            contexts = [ctx for ex in template.examples for ctx in ex.as_contexts()] if template.examples else [{}]
            yield game, example_id, [template.render(ctx) for ctx in contexts], "rulings-pending" in template.tags


def run(vocabulary, scenario, replace: tuple[int, str, list | None] | None = None
        ) -> tuple[int, BaseException | None]:
    """Run a scenario on a fresh world (maybe with one step's text and table replaced):
    (the index of the step that raised, or the number of steps; the error or None)."""
    world = vocabulary.new_world()
    for i, step in enumerate(scenario.steps):
        text = replace[1] if replace and replace[0] == i else step.name
        found = vocabulary.match(step.type, text)
        if found is None:
            return i, LookupError(f"undefined: {text}")
        table = step.datatable.raw() if step.datatable else None
        if replace and replace[0] == i and replace[2] is not None:
            table = replace[2]
        try:
            vocab_mod.run_step(found[0], world, found[1], table)
        except Exception as err:  # noqa: BLE001 - the kind of failure is what we check
            return i, err
    return len(scenario.steps), None
