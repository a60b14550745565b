"""pytest plugin: records the outcome of every documented example in build/results.json.

Loaded with ``-p rulings.bdd.plugin`` (pyproject's addopts).  Accounting does not rest on
pytest-bdd's cucumber report (which drops scenarios whose first step is undefined):
every collected example item is recorded from its own report, whatever failed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rulings import incremental
from rulings import results as results_mod
from rulings import vocabulary as vocab_mod
from rulings import wording
from rulings.bdd import PLAN, RUN, SHARES, NotExtracted, plan_for, read_extraction
from rulings.bdd.memory import LetGoOfReports
from rulings.core.errors import SetupError
from rulings.project import Paths, find_root

_PENDING = "rulings-pending"
#: the word that heads the row of an outline in the trace, per language
_ROW_WORD = {"zh-CN": "例子", "ja": "例"}
_WORKER_KEY = "rulings-results"


def _example_tags(item) -> dict | None:
    """What ``bind`` marked the item with (``pytest.mark.rulings``): id, text hash, what it
    runs against, why it runs."""
    mark = item.get_closest_marker("rulings")
    return dict(mark.kwargs) if mark is not None else None


class ResultsRecorder:
    def __init__(self, config) -> None:
        self.config = config
        self.entries: dict[str, dict] = {}
        #: nodeid -> (step as written, message, error in the example?, body index of the step)
        self.failures: dict[str, tuple[str, str, bool, int | None]] = {}
        #: the English detail of an error the page says without it (console only)
        self.details: dict[str, str | None] = {}
        self.traces: dict[str, list[str]] = {}
        #: nodeid -> the trace in English, shown under a failure on the console
        self.traces_en: dict[str, list[str]] = {}
        #: nodeid -> the language of the example's document
        self.languages: dict[str, str] = {}
        #: nodeid -> the wording table of the example's game (what its refusals are said with)
        self.words: dict[str, object] = {}

    def _keep_trace(self, request, feature) -> None:
        try:
            world = request.getfixturevalue("world")
        except pytest.FixtureLookupError:
            return
        vocabulary = _vocabulary(feature)
        # the trace in the document's language (what the page shows) …
        lines = _trace(world, vocabulary.language if vocabulary else "en")
        # … players named as the steps name them (自己/对方 …) in a line recorded the old
        # way, with an English message, not "player 0/1"
        self.traces[request.node.nodeid] = [wording.name_players(vocabulary, x) for x in lines] if vocabulary else lines
        # and in English for a developer reading a failure on the console
        self.traces_en[request.node.nodeid] = _trace(world, "en")
        self.languages[request.node.nodeid] = vocabulary.language if vocabulary else "zh-CN"
        self.words[request.node.nodeid] = _words(vocabulary)

    def pytest_bdd_after_scenario(self, request, feature, scenario):
        self._keep_trace(request, feature)

    # tags are ours, never pytest marks: text of a document must not skip its own test
    @pytest.hookimpl(tryfirst=True)
    def pytest_bdd_apply_tag(self, tag, function):
        if tag == _PENDING:
            return pytest.mark.xfail(reason="pending: the ruling document marks this example pending",
                                     strict=False)(function)
        return True

    def pytest_bdd_step_error(self, request, feature, scenario, step, step_func, step_func_args, exception):
        vocabulary = _vocabulary(feature)
        # a Then that disagreed: what the document states and what the engine computed, as
        # two sentences of the same phrase
        said = wording.failure_message(vocabulary, step.keyword, step.name, exception) if vocabulary else None
        language = vocabulary.language if vocabulary else "en"
        words = _words(vocabulary)
        self.failures[request.node.nodeid] = (f"{step.keyword} {step.name}",
                                              said or wording.error_message(language, exception, words),
                                              _is_example_error(exception), _body_index(scenario, step))
        if not said:
            # the English detail the page leaves out (an engine bug's), for the console
            self.details[request.node.nodeid] = wording.console_detail(language, exception, words)
        self._keep_trace(request, feature)

    def pytest_bdd_step_func_lookup_error(self, request, feature, scenario, step, exception):
        vocabulary = _vocabulary(feature)
        self.failures[request.node.nodeid] = (f"{step.keyword} {step.name}",
                                              wording.no_phrase(vocabulary.language if vocabulary else "en"),
                                              True, _body_index(scenario, step))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item, call):
        report = yield
        # the language of the example's document (what its messages are said in)
        language = (self.languages.pop if call.when == "teardown" else self.languages.get)(item.nodeid, "zh-CN")
        words = (self.words.pop if call.when == "teardown" else self.words.get)(item.nodeid, None)
        tags = _example_tags(item)
        if tags is None or (call.when != "call" and report.passed):
            return report
        entry = self.entries.setdefault(tags["id"], {
            "hash": tags["hash"], "title": tags["title"], "feature": tags["feature"], "runs": 0,
            "outcome": "passed", "failing_step": None, "message": None, "duration": 0.0, "trace": [],
            "basis": tags.get("basis")})
        if entry["hash"] != tags["hash"]:
            entry["hash"] = tags["hash"]
        failed = report.failed or (hasattr(report, "wasxfail") and call.excinfo is not None)
        entry["duration"] = round(entry["duration"] + report.duration, 6)
        if call.when == "call" or failed:
            entry["runs"] += 1
            callspec = getattr(item, "callspec", None)
            row = callspec.params.get("_pytest_bdd_example") if callspec else None
            word = _ROW_WORD.get(language, "例子")
            label = f"-- {word}: {' | '.join(map(str, row.values()))}" if isinstance(row, dict) else None
            entry["trace"] += ([label] if label else []) + self.traces.pop(item.nodeid, [])
            english = self.traces_en.pop(item.nodeid, None)
            if english and report.failed:
                report.sections.append(("rulings trace (English)", "\n".join(english)))
        if failed and entry["outcome"] == "passed":
            step, message, example_error, index = self.failures.get(item.nodeid, (None, None, False, None))
            detail = self.details.pop(item.nodeid, None)
            if message is None and call.excinfo is not None:
                message = wording.error_message(language, call.excinfo.value, words)
                detail = wording.console_detail(language, call.excinfo.value, words)
                example_error = _is_example_error(call.excinfo.value)
            if detail:
                entry["detail"] = detail
            # an impossible set-up is a mistake in the example, not a verdict on the ruling
            entry["outcome"] = "error" if example_error else "failed"
            entry["failing_step"] = step or f"({call.when})"
            entry["failing_index"] = index
            entry["message"] = message
        entry["status"] = "pending" if tags["pending"] else entry["outcome"]
        return report

    # pytest-xdist: each worker hands its entries to the controller, which alone
    # writes the results file (one atomic replace, whatever the number of workers)
    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node, error):
        # taken out of what pytest-xdist keeps of the worker: the text of every entry
        # (43 MB a worker at 30 000 examples) is let go once read, not kept to the end
        text = getattr(node, "workeroutput", {}).pop(_WORKER_KEY, None)
        if text:
            self.entries.update(json.loads(text))

    def pytest_sessionfinish(self, session, exitstatus):
        if hasattr(self.config, "workeroutput"):
            self.config.workeroutput[_WORKER_KEY] = json.dumps(self.entries, ensure_ascii=False)
            return
        if not self.entries and not os.environ.get(RUN):
            return
        paths = Paths(find_root(Path(str(self.config.rootpath))))
        try:
            if self.entries:
                self._save(paths)
            if os.environ.get(RUN):
                # after the results: a run whose receipt is missing did not save them
                results_mod.write_atomic(paths.receipt, json.dumps({"run": os.environ[RUN],
                                                                     "recorded": sorted(self.entries)}))
        except OSError as err:
            # one line, not a traceback; `rulings` sees no receipt and says what it means
            reporter = self.config.pluginmanager.get_plugin("terminalreporter")
            if reporter is not None:
                reporter.write_line(f"rulings: the results of this run could not be saved: {err}")
            session.exitstatus = pytest.ExitCode.INTERNAL_ERROR

    def _save(self, paths) -> None:
        # the entries not run again are written back as they were, read one at a time (a
        # run forked from `rulings` takes the file as that process read it, for the plan;
        # else from the file's index); an unreadable file keeps nothing
        previous = incremental.read_results(paths.results)[0]
        # the manifest (24 MB at 30 000 examples, several times that parsed) places
        # failures and tells which earlier entries still stand: read only for those
        needed = previous or any(e.get("failing_step") or e.get("failing_index") is not None
                                 for e in self.entries.values())
        examples = _manifest(paths) if needed else None
        ran = {e["id"]: e for e in examples or () if e["id"] in self.entries}
        for example_id, entry in self.entries.items():
            record = ran.get(example_id)
            index = entry.get("failing_index")
            if record and index is not None and 0 <= index < len(record.get("body_lines", [])):
                entry["failing_location"] = f"{record['source']}:{record['body_lines'][index]}"
            elif record and entry.get("failing_step"):
                entry["failing_location"] = f"{record['source']}:{record['line']}"
        kept = set(previous) if examples is None else set(previous).intersection(e["id"] for e in examples)
        results_mod.save(paths.results, results_mod.Merged(self.entries, previous, kept | set(self.entries)),
                         index=True)


def _trace(world, language: str) -> list[str]:
    """The world's trace in ``language`` (a world whose ``trace`` takes no language gives
    its one trace)."""
    try:
        return list(world.trace(language))
    except TypeError:
        return list(world.trace())


def _vocabulary(feature):
    """The step vocabulary of a feature's game (its ``@rulings-game:`` tag), if any."""
    game = next((t.split(":", 1)[1] for t in getattr(feature, "tags", ()) if t.startswith("rulings-game:")), None)
    try:
        return vocab_mod.load(game) if game else None
    except (KeyError, ImportError):
        return None


def _words(vocabulary):
    """The wording table of a vocabulary's game (what its refusals are said with), if any."""
    try:
        return wording.trace_words(vocabulary.game) if vocabulary else None
    except (KeyError, ImportError):
        return None


def _manifest(paths) -> list[dict] | None:
    # parsed once per version of the file in a process: a run forked from `rulings`
    # (rulings.runs) has it parsed already (1.3 s at 100 000 examples)
    try:
        return incremental.read_manifest(paths.features)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _body_index(scenario, step) -> int | None:
    """Which line of the example's body a step is (the feature keeps the body's lines
    right under the scenario line)."""
    try:
        return step.line_number - scenario.line_number - 1
    except (AttributeError, TypeError):
        return None


def _is_example_error(exc: BaseException) -> bool:
    return isinstance(exc, SetupError)


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "rulings(id, hash, ...): a documented example (set by rulings.bdd.bind)")
    config.pluginmanager.register(ResultsRecorder(config), "rulings-results")
    config.pluginmanager.register(LetGoOfReports(config), "rulings-let-go-of-reports")
    if not hasattr(config, "workeroutput"):
        try:
            root = find_root(Path(str(config.rootpath)))
        except FileNotFoundError:
            return
        if _collects_examples(config, root):
            # the features must be current before any worker starts or any module is
            # collected: else the session stops here, naming the command that extracts
            # (the binding never extracts; a session that collects no documented example
            # does not look)
            try:
                read_extraction(root)
            except NotExtracted as err:
                raise pytest.UsageError(str(err)) from None
        _share_out(config, root)


def _collects_examples(config, root: Path) -> bool:
    """Whether the session's paths (the command line's, or ``testpaths``) take in the
    documented examples (tests/examples)."""
    examples = root / "tests" / "examples"
    here = Path(str(config.invocation_params.dir))
    return any(_overlaps((here / a.split("::")[0]).resolve(), examples) for a in config.args)


def _share_out(config, root: Path) -> None:
    """In an xdist session of ``rulings`` (a plan, only the examples' folder), each worker
    collects and runs a share of the examples (``rulings.bdd.share_of``) instead of every
    worker collecting all of them.  The workers learn the number of shares from the
    environment they inherit; each runs its own collection (xdist's ``each``
    scheduling, which does not ask the workers for the same items).  A worker that dies
    is not replaced: a new one would not have the dead one's share (its examples have no
    result and ``rulings check`` says so)."""
    os.environ.pop(SHARES, None)
    if getattr(config.option, "dist", "no") != "load" or not os.environ.get(PLAN):
        return
    try:
        from xdist.workermanage import parse_tx_spec_config
    except ImportError:
        return
    workers = len(parse_tx_spec_config(config))
    examples = root / "tests" / "examples"
    if workers < 2 or not config.args or not all(_within(Path(a.split("::")[0]).resolve(), examples)
                                                 for a in config.args):
        return
    os.environ[SHARES] = str(workers)
    config.option.maxworkerrestart = "0"
    config.stash[_SHARED_KEY] = True
    config.pluginmanager.register(_SharedCount(config), "rulings-shared-count")


class _SharedCount:
    """With shares, the session's count of tests is every worker's.  pytest-xdist sets it
    to the count of the worker that finished collecting last (its share: the progress of
    a run of two workers went up to [233%]), after telling the collections to
    ``pytest_xdist_node_collection_finished``; it is set again before each report is
    shown, and once the run is over (``pytest_runtestloop``)."""

    def __init__(self, config) -> None:
        self.config = config
        self.session = None

    def pytest_sessionstart(self, session) -> None:
        self.session = session

    @pytest.hookimpl(tryfirst=True)  # before the terminal shows the report and its progress
    def pytest_runtest_logreport(self, report) -> None:
        counts = self.config.stash.get(_COLLECTED_KEY, None)
        if counts and self.session is not None:
            self.session.testscollected = sum(counts.values())


_SHARED_KEY = pytest.StashKey[bool]()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.stash.get(_SHARED_KEY, False):
        from xdist.scheduler import EachScheduling  # optional: xdist is there when it calls this hook

        return EachScheduling(config, log)
    return None


def pytest_collection_modifyitems(config, items) -> None:
    """With shares, the tests that are not examples (test_documents) run in the first
    worker only: every worker collects them."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not os.environ.get(SHARES) or not worker.startswith("gw") or int(worker[2:]) % int(os.environ[SHARES]) == 0:
        return
    others = [item for item in items if item.get_closest_marker("rulings") is None]
    if others:
        items[:] = [item for item in items if item.get_closest_marker("rulings") is not None]
        config.hook.pytest_deselected(items=others)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    counts = node.config.stash.setdefault(_COLLECTED_KEY, {})
    counts[node.gateway.id] = len(ids)


@pytest.hookimpl(wrapper=True)
def pytest_runtestloop(session):
    if session.config.pluginmanager.has_plugin("dsession"):
        _say_plan(session.config)
    result = yield
    # xdist takes the number of items from the last worker to report; with shares, the
    # session collected what all of them did (a share left empty by -k is not "no tests")
    counts = session.config.stash.get(_COLLECTED_KEY, None)
    if counts and session.config.stash.get(_SHARED_KEY, False):
        session.testscollected = sum(counts.values())
    return result


_COLLECTED_KEY = pytest.StashKey[dict]()


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def pytest_sessionstart(session) -> None:
    """Say which examples run and why (``rulings`` says it itself before starting pytest);
    with pytest-xdist, once its workers are starting (``pytest_runtestloop``): the plan
    is their first work too, and the controller's own would delay them."""
    if not session.config.pluginmanager.has_plugin("dsession"):
        _say_plan(session.config)


def _say_plan(config) -> None:
    if hasattr(config, "workeroutput") or os.environ.get(PLAN):
        return
    try:
        root = find_root(Path(str(config.rootpath)))
    except FileNotFoundError:
        return
    if _collects_examples(config, root):
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"rulings: {plan_for(root).summary()}")


def _overlaps(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents or path in folder.parents
