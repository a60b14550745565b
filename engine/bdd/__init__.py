"""The pytest-bdd binding: documented examples become pytest items.

``bind("ygo")`` in a test module registers the game's vocabulary as step definitions,
a ``world`` fixture (a fresh game per scenario), and one test per documented example
that needs a run (see ``rulings.incremental``): an example whose result rests on the
same text, engine and cards is not collected again.  The features are the ones the
``gherkin`` builder wrote (``rulings extract``); the binding only reads them, after
checking that they are current (``read_extraction``), and never builds nor imports Sphinx.

The vocabulary is registered as one step definition per step kind whose parser asks the
vocabulary which phrase matches.  pytest-bdd looks a step up by trying every step
fixture of the session, which with one fixture per phrase cost more than the games
themselves (2000 examples: 11 s, half of it in that lookup); the phrase matching is the
vocabulary's own, the same the Sphinx extension and the CLI use.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from pytest_bdd import given, parsers, scenario, then, when
from pytest_bdd.compat import get_fixture_names, getfixturedefs
from pytest_bdd.feature import get_features
from pytest_bdd.steps import step_function_context_registry

from rulings import extraction, incremental
from rulings import vocabulary as vocab_mod
from rulings.cardformat import use_cards_dir
from rulings.project import Paths, find_root, game_of, scenario_title
from rulings.runner import Runner, runner_for

_DECORATORS = {"given": given, "when": when, "then": then}
#: set by ``rulings`` (check, build, serve) to the project's root when it starts pytest
#: right after extracting: the features are current, the session need not compare them
EXTRACTED = "RULINGS_EXTRACTED"
#: a plan file (``rulings.incremental.Plan``) written by ``rulings check``
PLAN = "RULINGS_PLAN"
#: ``all``: run every example whatever its result
RERUN = "RULINGS_RERUN"
#: a token ``rulings`` gives a run: the run writes it in its receipt (``Paths.receipt``)
#: once its results are saved, with the ids it recorded
RUN = "RULINGS_RUN"
#: set by the controller of a pytest-xdist session that runs only documented examples:
#: how many workers share them (rulings.bdd.plugin); each worker collects its share only
SHARES = "RULINGS_SHARES"


@dataclass
class Extraction:
    status: int
    warnings: list[str]


class NotExtracted(Exception):
    """build/features is missing, half written or older than the documents or the engine:
    the message says which, and the command that extracts (``rulings.extraction``)."""


_extraction: dict[Path, Extraction] = {}


def read_extraction(root: Path) -> Extraction:
    """What the extraction of build/features recorded (its status and the documents'
    problems), once it is known to be current; the engine reads the cards it wrote.

    The binding never builds (nor imports Sphinx): ``rulings extract`` does, and
    ``rulings check``, ``build`` and ``serve`` do before they start pytest (they say so
    with RULINGS_EXTRACTED).  In any other session the features are compared with the
    documents and the engine as they are (``rulings.extraction.why_not_current``);
    raises ``NotExtracted`` when they are not current: old examples never run as if
    they were."""
    if root not in _extraction:
        paths = Paths(root)
        if os.environ.get(EXTRACTED) != str(root):
            why = extraction.why_not_current(paths)
            if why is not None:
                raise NotExtracted(why)
        try:
            recorded = json.loads(paths.problems("gherkin").read_text(encoding="utf-8"))
            _extraction[root] = Extraction(int(recorded.get("status", 0)), list(recorded.get("warnings", [])))
        except (OSError, ValueError, TypeError, AttributeError) as err:
            _extraction[root] = Extraction(2, [f"{paths.problems('gherkin')}: no record of the extraction ({err})"])
        # the engine reads the cards this extraction wrote
        use_cards_dir(paths.cards)
    return _extraction[root]


_PLANS: dict[Path, incremental.Plan] = {}


def plan_for(root: Path) -> incremental.Plan:
    """The examples this session runs: the plan ``rulings`` wrote, or, in a plain pytest
    session, every example whose result does not rest on the current text, engine and
    cards, and those whose last run did not pass (so that they fail the session)."""
    if root not in _PLANS:
        paths = Paths(root)
        if os.environ.get(PLAN):
            _PLANS[root] = incremental.Plan.from_json(Path(os.environ[PLAN]).read_text(encoding="utf-8"))
        else:
            manifest, results = incremental.read_inputs(paths)
            everything = os.environ.get(RERUN) == "all"
            _PLANS[root] = incremental.plan(manifest, results, paths.cards, rerun_unsuccessful=True, runner=paths.runner,
                                            force={e["id"] for e in manifest} if everything else None)
    return _PLANS[root]


def share_of(plan: incremental.Plan, index: int, count: int) -> set[str]:
    """The examples of ``plan`` that worker ``index`` of ``count`` collects and runs.

    Every pytest-xdist worker used to collect every example (xdist's load scheduling
    wants the same items everywhere): at 10 000 examples, parsing the features and
    making the items cost each worker as much as a third of the run.  Instead each
    worker collects a share, and the controller has each run its own collection
    (``plugin.pytest_xdist_make_scheduler``).  Shares are whole documents where they
    can be (a feature is parsed by one worker), cut into pieces of at most a quarter of
    a fair share so that one large document cannot unbalance them; pieces go, largest
    first, to the least loaded worker.  Every worker computes the same shares from the
    same plan."""
    by_document: dict[str, list[str]] = {}
    for example_id in sorted(plan.run):
        by_document.setdefault(plan.documents.get(example_id, ""), []).append(example_id)
    most = max(1, -(-len(plan.run) // (count * 4)))
    pieces = [ids[i:i + most] for _doc, ids in sorted(by_document.items()) for i in range(0, len(ids), most)]
    loads = [0] * count
    mine: set[str] = set()
    for piece in sorted(pieces, key=len, reverse=True):
        least = loads.index(min(loads))
        loads[least] += len(piece)
        if least == index:
            mine.update(piece)
    return mine


def _my_share(plan: incremental.Plan) -> set[str] | None:
    """This worker's share (``share_of``) when the controller shares the examples out."""
    count, worker = os.environ.get(SHARES), os.environ.get("PYTEST_XDIST_WORKER", "")
    if not count or not worker.startswith("gw"):
        return None
    return share_of(plan, int(worker[2:]) % int(count), int(count))


class PhraseParser(parsers.StepParser):
    """Matches the steps that a phrase of one kind in the vocabulary matches (the one
    runner's match: ``rulings.runner``)."""

    def __init__(self, runner: Runner, kind: str) -> None:
        super().__init__(f"rulings {runner.vocabulary.game} {kind} phrases")
        self.runner, self.kind = runner, kind

    def is_matching(self, name: str) -> bool:
        return self.runner.match(self.kind, name) is not None

    def parse_arguments(self, name: str) -> dict[str, str]:
        return {"step_text": name}


def recorded_phrases(request) -> list[str] | None:
    """The phrases the running example's steps matched when it was read (the manifest's
    ``phrases``, carried by the plan onto its ``rulings`` mark); None when not known."""
    node = getattr(request, "node", None)
    mark = node.get_closest_marker("rulings") if node is not None else None
    return None if mark is None else mark.kwargs.get("phrases")


def _step_function(parser: PhraseParser):
    def run_step(world, step_text, request, datatable=None):
        # the one runner's step: matched, checked against the match of its reading, run
        # (a Then that changes the game is an error of the vocabulary: ThenChangedGame)
        return parser.runner.step(world, parser.kind, step_text, datatable, recorded_phrases(request))

    run_step.__name__ = f"rulings_{parser.runner.vocabulary.game}_{parser.kind}"
    # pytest-bdd reads the signature of a step function twice per step (which arguments
    # to pass); inspect.signature returns a function's own __signature__ at once
    run_step.__signature__ = inspect.signature(run_step)
    return run_step


#: pytest-bdd's module that looks a step's definition up (``pytest_bdd.scenario`` is also
#: the name of its ``scenario`` function, hence sys.modules)
_BDD_SCENARIO = sys.modules["pytest_bdd.scenario"]
_FIND_EVERYWHERE = _BDD_SCENARIO.find_fixturedefs_for_step
#: the modules ``bind`` filled with examples (by name)
_BOUND: set[str] = set()
#: (module node, step kind) -> [(fixturedef, step context)] of the step definitions it sees
_SEEN_BY_MODULE: dict[tuple, list] = {}


def find_step_definitions(step, fixturemanager, node):
    """pytest-bdd's ``find_fixturedefs_for_step``, listing what an example sees once per
    module.

    pytest-bdd finds a step's definition by asking pytest, for every fixture name of the
    session (41: pytest's own, the plugins', ours), which definitions the item sees, and
    keeps the step definitions whose parser matches: 40 walks up the item's parents per
    step, a sixth of a run.  An example item sees what every other item of its module
    sees (``bind`` registers the step definitions at module level; nothing registers a
    fixture on an item), so the step definitions of each kind it sees are listed once per
    module, in pytest-bdd's order, and each step asks only their parsers.  Items that
    ``bind`` did not make are looked up as pytest-bdd does."""
    module = node.parent
    if getattr(getattr(module, "obj", None), "__name__", None) not in _BOUND:
        yield from _FIND_EVERYWHERE(step=step, fixturemanager=fixturemanager, node=node)
        return
    key = (module, step.type)
    seen = _SEEN_BY_MODULE.get(key)
    if seen is None:
        seen = _SEEN_BY_MODULE[key] = [
            (fixturedef, context)
            for name in get_fixture_names(fixturemanager=fixturemanager)
            for fixturedef in getfixturedefs(fixturemanager, name, node) or []
            if (context := step_function_context_registry.get(fixturedef.func)) is not None
            and context.type in (None, step.type)]
    for fixturedef, context in seen:
        if context.parser.is_matching(step.name):
            yield fixturedef


def bind(game: str) -> None:
    """Make the calling test module run the documented examples of ``game`` that the
    session's plan runs (``plan_for``: what changed, or everything with RULINGS_RERUN=all).

    Call it at the top level of a test module: pytest-bdd registers step definitions
    and scenarios in the module that calls its decorators (``stacklevel=2`` below).
    """
    namespace = sys._getframe(1).f_globals
    root = find_root(Path(namespace.get("__file__", ".")).parent)
    try:
        read_extraction(root)
    except NotExtracted as err:
        # fails the collection of the module, with the message alone
        pytest.fail(str(err), pytrace=False)
    plan = plan_for(root)
    share = _my_share(plan)
    run = plan.run if share is None else {k: v for k, v in plan.run.items() if k in share}
    documents = plan.documents if share is None else {k: plan.documents.get(k, "") for k in run}
    features_dir = Paths(root).features
    # only the features holding an example to run are parsed; a game with none is not loaded
    files = sorted(p for p in {features_dir / f"{d}.feature" for d in documents.values()}
                   if p.is_file() and game_of(p) == game)
    if not files:
        return
    vocabulary = vocab_mod.load(game)
    runner = runner_for(vocabulary)

    @pytest.fixture
    def world():
        return vocabulary.new_world()

    namespace["world"] = world
    _BOUND.add(namespace["__name__"])
    _BDD_SCENARIO.find_fixturedefs_for_step = find_step_definitions
    for kind in vocab_mod.STEP_KINDS:
        parser = PhraseParser(runner, kind)
        _DECORATORS[kind](parser, stacklevel=2)(_step_function(parser))

    for feature in get_features([str(p) for p in files]):
        for name, sc in feature.scenarios.items():
            example_id = next((t.split(":", 1)[1] for t in sc.tags if t.startswith("rulings-id:")), name)
            if example_id not in run:
                continue
            test = scenario(feature.filename, name, features_base_dir=str(features_dir))(_noop())
            tags = dict(t.split(":", 1) for t in sc.tags if ":" in t)
            test = pytest.mark.rulings(id=example_id, hash=tags.get("rulings-hash", ""),
                                       pending="rulings-pending" in sc.tags,
                                       title=scenario_title(sc.name, example_id, sc.tags),
                                       feature=feature.rel_filename, why=run[example_id],
                                       basis=plan.basis.get(example_id),
                                       phrases=plan.phrases.get(example_id))(test)
            base = f"test_{re.sub(r'[^0-9a-zA-Z_]', '_', example_id)}"
            # ids that differ only in punctuation (a-b, a_b) must not hide one another
            test_name, n = base, 1
            while test_name in namespace:
                n += 1
                test_name = f"{base}_{n}"
            namespace[test_name] = test


def _noop():
    def example() -> None:
        pass

    return example
