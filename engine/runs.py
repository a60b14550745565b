"""Running the documented examples: which need running (``plan_run``), the run itself in
a child pytest session (``start_examples`` / ``run_examples``), what a run that died or
was stopped leaves (``finish_run``: no example keeps an old pass), and the count of every
example's status against the documents, the features and the results (``reconcile``).

What ``rulings build`` and ``rulings check`` (``rulings.cli``) and ``rulings serve``
(``rulings.serve``) share.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import traceback
from pathlib import Path

import rulings
from rulings import digests, incremental
from rulings import results as results_mod


def plan_run(paths, *, documents: list[str] | None = None, everything: bool = False, ids: set[str] | None = None,
             share: set[str] | None = None):
    """Which examples need running (rulings.incremental), after an extraction.
    ``documents``: run every example of these (project-relative sources) whatever
    their results; ``ids``: run these examples whatever their results; ``share``: of
    these examples (``check --shard``), those that changed (all with ``everything``),
    with what every example of the project rests on (``Plan.basis``); the other
    results are kept."""
    made_from = incremental.files_stamp(paths.features, paths.cards)
    manifest, results = incremental.read_inputs(paths)
    if documents is not None:
        manifest = [e for e in manifest if e["source"] in documents]
        everything = True
    if ids is not None:
        manifest = [e for e in manifest if e["id"] in ids]
        everything = True
    force = {e["id"] for e in manifest} if everything else None
    whole = incremental.plan(manifest, results, paths.cards, force=force, runner=paths.runner)
    if documents is None and ids is None:
        # the bases of every example, for reconcile to take while those files are the same
        whole.made_from = made_from
    if share is None:
        return whole
    run = {k: why for k, why in whole.run.items() if k in share}
    return incremental.Plan(run=run, basis=whole.basis, total=sum(1 for k in whole.basis if k in share),
                            documents={k: whole.documents[k] for k in run})


#: below this many examples to run, pytest-xdist's workers cost more than they save: each
#: imports the engine, and passing every report to the controller costs about 1.8 ms of
#: CPU per example (measured: at 3 000 examples one process 11.8 s of CPU, two workers
#: 18.5 s, about even on two idle cores; at 10 000 two workers win)
AUTO_PARALLEL = 3000


def auto_jobs(to_run: int) -> int:
    """Workers when ``-j`` is not given: one per core once there is enough to run."""
    return (os.cpu_count() or 1) if to_run >= AUTO_PARALLEL else 1


def run_examples(paths, plan, extra: list[str] = (), jobs: int | None = None, stream=sys.stdout) -> str | None:
    """Run the examples of ``plan`` with pytest-bdd (in a child process, so that a crash
    cannot take the results file with it; with ``jobs``, in that many pytest-xdist
    workers).  Says what runs and why; runs nothing when nothing needs running.  Returns
    what went wrong with the run, in one line (``finish_run``), or None."""
    running = start_examples(paths, plan, extra, jobs, stream)
    if running is None:
        return None
    try:
        return finish_run(paths, plan, running)
    finally:
        finished(running)


#: the options of every run: examples fail through the engine's own messages, not assert
#: statements: no rewriting of every imported module, and no plugins that the examples do
#: not use (nor pytest's watch for exceptions in finalizers and threads, which collects
#: garbage five times at the end: 0.2 s of the run after a one-step edit)
PYTEST_OPTIONS = ("-q", "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:unraisableexception",
                  "-p", "no:threadexception", "-p", "no:anyio", "--assert=plain", "--no-header")

#: the most examples a run forked from this process runs: what forking saves (a new
#: Python's imports, about 0.3 s of CPU) matters to a few examples run after an edit; a
#: large run in a new Python does not show this process's memory (a Sphinx environment,
#: shared by the fork but counted in its resident set) as its own
FORK_AT_MOST = 1000

#: set (to anything) to run the examples in a new Python even where this process could
#: fork the run (to compare the two ways)
NEW_PYTHON = "RULINGS_RUN_IN_NEW_PYTHON"


def _say(stream, text: str) -> None:
    # one write per line: `rulings serve`, its worker and their runs share one console
    stream.write(f"{text}\n")


def start_examples(paths, plan, extra: list[str] = (), jobs: int | None = None, stream=sys.stdout):
    """:func:`run_examples` without waiting for the run to end (None: nothing runs).  The
    run is a pytest session in a process of its own: a forked copy of this one when the
    project's code it imported is the code on disk (``code_as_imported``: pytest, the
    engine and the vocabularies are imported already, about 0.3 s of CPU less per run)
    and the run is small (``FORK_AT_MOST``), else a new Python."""
    _say(stream, plan.summary())
    for line in plan.details():
        _say(stream, line)
    if not plan.run:
        forget_removed(paths)
        return None
    plan_file = paths.build / "plan.json"
    # what the run needs: the examples to run, with what each runs against
    results_mod.write_atomic(plan_file, type(plan)(run=plan.run, basis={k: plan.basis[k] for k in plan.run},
                                                   total=plan.total, documents=plan.documents).to_json())
    args = [*PYTEST_OPTIONS, str(paths.runner), *extra]
    jobs = auto_jobs(len(plan.run)) if jobs is None else jobs
    if jobs > 1 and len(plan.run) > 1:
        args += ["-n", str(min(jobs, len(plan.run)))]
    # the features are up to date (this process extracted them): pytest reads them; the
    # run writes its receipt with this token once its results are saved (finish_run)
    paths.receipt.unlink(missing_ok=True)
    token = token_of(plan_file)
    env = {"RULINGS_EXTRACTED": str(paths.root), "RULINGS_PLAN": str(plan_file), "RULINGS_RUN": token}
    stream.flush()
    sys.stdout.flush()
    sys.stderr.flush()
    if len(plan.run) <= FORK_AT_MOST and hasattr(os, "fork") and not os.environ.get(NEW_PYTHON) \
            and code_as_imported():
        running = _fork_pytest(args, env, paths.root)
    else:
        # a group of its own (pytest and its xdist workers): a signal to `rulings` ends it
        # all (end_children_on_signals), and nothing it would write afterwards replaces results
        running = subprocess.Popen([sys.executable, "-m", "pytest", *args], cwd=paths.root,
                                   env={**os.environ, **env}, start_new_session=True)
    running.rulings_token = token
    CHILDREN.append((paths, plan, running))
    return running


def code_as_imported() -> bool:
    """Whether every module of the project this process imported is, on disk, as it was
    before the process began importing the project (``rulings.IMPORTED_AT_NS``; with a
    margin for the file system's clock): then a run forked from this process runs the code
    that the results' basis names (its digests, computed from the files); modules not
    imported yet are read from disk by the run, as a new Python reads them."""
    package = os.path.dirname(rulings.__file__) + os.sep
    before = rulings.IMPORTED_AT_NS - 50_000_000
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if file and file.startswith(package):
            try:
                if os.stat(file).st_mtime_ns >= before:
                    return False
            except OSError:
                return False
    return True


class _Forked:
    """A run in a forked copy of this process, as :func:`finish_run` and the signal
    handler know a run (``subprocess.Popen``'s ``pid``, ``wait``, ``returncode``)."""

    def __init__(self, pid: int) -> None:
        self.pid, self.returncode = pid, None

    def wait(self) -> int:
        if self.returncode is None:
            _, status = os.waitpid(self.pid, 0)
            self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode


def _fork_pytest(args: list[str], env: dict[str, str], root: Path) -> _Forked:
    """``pytest.main(args)`` in a forked copy of this process: a session (process group)
    of its own, in ``root``, with ``env`` added; its exit status that of pytest (3 when
    it could not finish)."""
    # the child walks none of what this process holds (a Sphinx environment): no copy of
    # every page of memory when its collector runs
    gc.freeze()
    pid = os.fork()
    if pid == 0:  # the run
        code = 3
        try:
            os.setsid()
            for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                signal.signal(signum, signal.SIG_DFL)
            os.chdir(root)
            os.environ.update(env)
            if str(root) not in sys.path:
                sys.path.insert(0, str(root))  # as `python -m pytest` in ``root`` has it
            import pytest  # deferred: in the run only

            code = int(pytest.main(list(args)))
        except BaseException:  # noqa: BLE001 - whatever it was, the run did not finish
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    gc.unfreeze()
    return _Forked(pid)


#: the runs started by this process: (paths, plan, the pytest process)
CHILDREN: list[tuple] = []


def finished(running) -> None:
    """A run :func:`finish_run` is done with: not one the signal handler must end (nor
    drop the results of), and its plan no longer held (at 100 000 examples, each
    example's basis, to the end of the html build)."""
    CHILDREN[:] = [e for e in CHILDREN if e[2] is not running]


def end_children_on_signals() -> None:
    """``rulings build`` / ``check`` as a program: SIGTERM, SIGINT or SIGHUP ends the run
    of the examples (its whole process group, at once: a pytest that finished its session
    would save the results of a run cut short), says so in one line, drops the earlier
    results of the examples that should have run (``finish_run``) and exits non-zero."""
    def stop(signum, frame) -> None:
        name = signal.Signals(signum).name
        lines = []
        for paths, plan, running in CHILDREN:
            if running.returncode is None:
                try:
                    os.killpg(running.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
                # not Popen.wait: the main thread may be inside it, holding its lock
                try:
                    _, status = os.waitpid(running.pid, 0)
                    running.returncode = os.waitstatus_to_exitcode(status)
                except ChildProcessError:
                    running.returncode = -signal.SIGKILL
            lines.append(finish_run(paths, plan, running))
        said = next(filter(None, lines), "no run of the examples was under way")
        print(f"rulings: stopped by {name}; {said}", flush=True)
        sys.stderr.flush()
        os._exit(128 + signum)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, stop)


def token_of(plan_file: Path) -> str:
    """The token of a run: the plan it runs and when it started."""
    return hashlib.sha256(plan_file.read_bytes() + str(time.time_ns()).encode()).hexdigest()[:16]


def finish_run(paths, plan, running: subprocess.Popen) -> str | None:
    """After a run of ``plan``'s examples: None when it finished and recorded each of
    them; otherwise one line saying what went wrong (the run died or was killed, a worker
    was lost, the results were not saved), after the results of every example that
    should have run and has no new result are dropped, so that none of them shows an
    old pass (they are not run, with no result).  Waits for the run to end."""
    returncode = running.wait()
    recorded: set[str] | None = None
    try:
        receipt = json.loads(paths.receipt.read_text(encoding="utf-8"))
        if isinstance(receipt, dict) and receipt.get("run") == getattr(running, "rulings_token", None) \
                and isinstance(receipt.get("recorded"), list):
            recorded = set(receipt["recorded"])
    except (OSError, ValueError):
        pass
    missing = set(plan.run) - (recorded or set())
    died = returncode not in (0, 1)
    if not died and not missing:
        return None
    if returncode < 0:
        try:
            how = f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            how = f"killed by signal {-returncode}"
    elif died:
        how = f"pytest ended with status {returncode}"
    else:
        how = "a worker was lost" if recorded is not None else "its results were not saved"
    line = f"the run of the examples failed ({how}): "
    if not missing:
        return line + "every example that should have run has a new result"
    dropped = _drop_results(paths, missing)
    return line + (f"{len(missing)} of {len(plan.run)} examples that should have run have no new result; "
                   + dropped)


def _drop_results(paths, ids: set[str]) -> str:
    """Remove the entries of ``ids`` from the results file (saying how it went)."""
    try:
        entries = results_mod.load_entries(paths.results, index=True)
    except results_mod.ResultsError:
        return "the results file is unreadable"
    if not set(entries) & ids:
        return "they have no result"
    try:
        # the other entries written back as the file holds them
        results_mod.save(paths.results, results_mod.Merged({}, entries, set(entries) - ids), index=True)
        return "their earlier results are dropped"
    except OSError as err:
        try:
            # the file cannot be written (the disk is full): none of its passes may stand
            paths.results.unlink()
            return f"the results file could not be written ({err}) and is removed"
        except OSError:
            return f"the results file could not be written nor removed ({err})"


def forget_removed(paths) -> None:
    """Drop the results of examples no document has any more (a run does it when it
    saves; when nothing runs, it is done here)."""
    try:
        documented = {e["id"] for e in incremental.read_manifest(paths.features)}
    except (OSError, ValueError, KeyError, TypeError):
        return
    results, problem = incremental.read_results(paths.results)
    if problem:
        return
    if set(results) - documented:
        results_mod.save(paths.results, results_mod.Merged({}, results, set(results) & documented), index=True)


def _without_runner(basis: dict[str, str]) -> dict[str, str]:
    """A plan's basis as ``incremental.basis_of`` gives it without a runner (as the pages
    compare it)."""
    return {k: v for k, v in basis.items() if k != "runner"}


class Reconciliation:
    def __init__(self) -> None:
        self.counts = {s: 0 for s in results_mod.STATUSES}
        self.problems: list[str] = []

    def last_line(self) -> str:
        c = self.counts
        return ", ".join(f"{c[s]} {s}" for s in results_mod.STATUSES if c[s] or results_mod.STATUS[s].counted_always)

    @property
    def ok(self) -> bool:
        return not self.problems and not any(n for s, n in self.counts.items() if results_mod.STATUS[s].blocks)


_TAGS = re.compile(r"^\s*@rulings-id:(\S+) @rulings-hash:(\S*)", re.M)


class FeatureTags(digests.KeptDigests):
    """The (id, hash) tags of each feature file, kept between processes as
    ``digests.KeptDigests`` keeps a digest: a feature not written since is not read again
    (147 MB of features at 100 000 examples, issue 28)."""

    KIND = "feature-tags"

    @staticmethod
    def derive(data: bytes) -> list[tuple[str, str]]:
        return [tuple(t) for t in _TAGS.findall(data.decode("utf-8"))]


def reconcile(paths, only: set[str] | None = None, plan=None) -> Reconciliation:
    """Compare the examples in the documents, the scenarios in the features and the
    entries in the results; count statuses.  Every disagreement names the ids concerned.
    ``only``: the examples a command selected (``check PATH…``, ``-k``): the counts, the
    problems and the disagreements are those of these examples alone.  ``plan``: the plan
    of this cycle, whose bases are taken when the files they were computed from are the
    same (each example's basis is computed once per cycle)."""
    out = Reconciliation()
    known = None
    if plan is not None and plan.made_from and plan.made_from == incremental.files_stamp(paths.features, paths.cards):
        known = plan.basis
    manifest_path = paths.features / "manifest.json"
    try:
        # parsed once per version of the file, whoever reads it in this process
        manifest = incremental.read_manifest(paths.features)
    except (OSError, ValueError, KeyError, TypeError) as err:
        out.problems.append(f"{manifest_path}: cannot read the list of examples ({err}); run `rulings check` "
                            "to extract them again")
        return out
    results, problem = incremental.read_results(paths.results)
    # what a run of each example would rest on now: a result against another engine or
    # other cards counts as stale, as the pages show it (results.status_of)
    cards: dict = {}

    # the plan's bases are shared by the examples resting on the same inputs
    # (incremental.plan): each one without its runner once
    stripped: dict[int, tuple[dict, dict]] = {}

    def basis_of(e: dict) -> dict[str, str]:
        if known is not None and e["id"] in known:
            basis = known[e["id"]]
            kept = stripped.get(id(basis))
            if kept is None or kept[0] is not basis:
                kept = stripped[id(basis)] = (basis, _without_runner(basis))
            return kept[1]
        if not cards:
            cards.update({game: incremental.CardDigests.read(paths.cards / f"{game}.json")
                          for game in {e.get("game") for e in manifest if e.get("game")}})
        return incremental.basis_of(e, cards)

    if only is not None:
        manifest = [e for e in manifest if e["id"] in only]
        results = {k: v for k, v in results.items() if k in only}
    if problem:
        out.problems.append(problem)
    elif not paths.results.exists() and (only is None or manifest):
        # (a selection of no example needs no results: a shard left empty, check --shard)
        out.problems.append(f"{paths.results}: no results file: the examples have not been run "
                            "(`rulings check` runs them)")
    scenarios: dict[str, list[str]] = {}
    # the tag line the gherkin builder writes above each scenario (parsing every feature
    # with the Gherkin parser cost a second per thousand examples; pytest-bdd parses the
    # ones that run), each feature's kept while it is the same file (FeatureTags)
    tags = FeatureTags.at(paths.build / ".feature-tags")
    for path in sorted(paths.features.rglob("*.feature")):
        try:
            found = tags.of(path)
        except (OSError, UnicodeDecodeError) as err:  # a damaged feature file: say which, do not crash
            out.problems.append(f"{path}: cannot read the feature ({err})")
            continue
        for example_id, text_hash in found:
            if only is None or example_id in only:
                scenarios.setdefault(example_id, []).append(text_hash)
    places = {e["id"] for e in manifest}
    if len(places) < len(manifest):
        # (the places of an id used more than once: the few it concerns)
        seen: set[str] = set()
        twice = {e["id"] for e in manifest if e["id"] in seen or seen.add(e["id"])}
        where: dict[str, list[str]] = {}
        for e in manifest:
            if e["id"] in twice:
                where.setdefault(e["id"], []).append(f"{e['source']}:{e['line']}")
        for example_id in sorted(where):
            out.problems.append(f"duplicate example id {example_id!r}: {' and '.join(where[example_id])}")
    blocks = {s for s in results_mod.STATUSES if results_mod.STATUS[s].blocks}
    for e in manifest:
        # an example that cannot be parsed was not run: never "stale", whatever ran before
        status, entry = (results_mod.status_of(e["id"], e["hash"], e.get("declared"), results, basis_of(e))
                         if e["extracted"] else ("not-run", None))
        out.counts[status] += 1
        found = scenarios.get(e["id"], ())
        if e["extracted"] and e["hash"] in found and status not in blocks:
            continue  # (nearly every example: nothing to say of it)
        where = f"{e['source']}:{e['line']}"
        if not e["extracted"]:
            out.problems.append(f"{where}: not-run: {e['id']} — could not be extracted: {e.get('error')}")
            continue
        if not found:
            out.problems.append(f"{where}: {status}: {e['id']} — not in the features")
            continue
        if e["hash"] not in found:
            out.problems.append(f"{where}: {status}: {e['id']} — changed since the features were written")
            continue
        if results_mod.STATUS[status].blocks:
            entry = entry or {}
            at = entry.get("failing_location") or where
            if status == "failed":
                message = " / ".join((entry.get("message") or "").splitlines())  # one line per example
                if entry.get("detail"):
                    # what the page leaves out, in English for whoever fixes the engine
                    message += f" ({' / '.join(entry['detail'].splitlines())})"
                out.problems.append(f"{at}: failed: {e['id']} — {entry.get('failing_step')}: {message}")
            elif status == "stale":
                out.problems.append(f"{where}: stale: {e['id']} — edited since its last run")
            elif entry.get("outcome") == "error":
                out.problems.append(f"{at}: not-run: {e['id']} — error in the example: "
                                    f"{entry.get('failing_step')}: {entry.get('message')}")
            elif status == "not-run":
                out.problems.append(f"{where}: not-run: {e['id']} — no result")
            else:
                out.problems.append(f"{where}: {status}: {e['id']}")
    tags.save()
    for extra in sorted(set(scenarios) - set(places)):
        out.problems.append(f"{paths.features}: scenario {extra!r} has no example in the documents")
    for extra in sorted(set(results) - set(places)):
        out.problems.append(f"{paths.results}: result {extra!r} has no example in the documents")
    documented = set(places)
    n_docs, n_features = len(manifest), sum(len(v) for v in scenarios.values())
    n_results = len(set(results) & documented)
    if not (n_docs == n_features == n_results):
        missing_features = sorted(documented - set(scenarios))
        missing_results = sorted(documented - set(results))
        detail = []
        if missing_features:
            detail.append("not in the features: " + ", ".join(missing_features))
        if missing_results:
            detail.append("no result: " + ", ".join(missing_results))
        extra = sorted((set(scenarios) | set(results)) - documented)
        if extra:
            detail.append("not in the documents: " + ", ".join(extra))
        out.problems.append(f"counts disagree: {n_docs} examples in documents, {n_features} scenarios in "
                            f"features, {n_results} results" + (f" ({'; '.join(detail)})" if detail else ""))
    return out
