"""rulings: build the site, check every example, list the step vocabularies.

    rulings build   extract the examples, run those that changed, build the HTML site
    rulings extract bring build/features (the examples as Gherkin, the manifest, the cards)
                    up to date with the documents: what pytest runs (`make test` does it
                    first; check and build do it themselves)
    rulings check   extract and run what changed; fail on any failed, stale or not-run
                    example, any problem in a document, or counts that disagree
                    (--shard I/N: a stable share of the examples, for CI across machines)
    rulings merge   combine the results files of every shard into the results of one run
    rulings steps   print the step vocabulary of each game
    rulings blocks  print the building blocks cards are written with
    rulings cards   extract the cards; count them, and those that need code (hooks)
    rulings serve   serve the site; on every save run what changed, write and reload the
                    saved document's page first, then the other pages
    rulings bench   measure the pipeline on a synthetic spec, or the test suite
                    (--suite; docs/performance.md)
    rulings coverage  which rules the examples pin: each cell of each rules table changed
                    in turn (docs/writing-examples.md, "Rule coverage")
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import os
import re
import sys
import time
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

try:
    import fcntl
except ImportError:  # not POSIX
    fcntl = None

from rulings import digests, extraction, incremental, runs, shards
from rulings import results as results_mod
from rulings.project import GAMES, Paths, find_root

# A command imports Sphinx (rulings.sphinxext), the coverage tool (every game's engine,
# pytest-bdd), the server or the benchmark inside its own function: to defer loading them
# until a command needs them (``rulings steps`` loads none), not to dodge an import circle
# — none of them imports this module.


def _paths(args):
    return Paths(find_root(Path(args.root) if args.root else None))


class Timings:
    """How long each phase took (``--timings`` prints them; the benchmark reads them)."""

    def __init__(self) -> None:
        self.phases: dict[str, float] = {}
        self._start = time.perf_counter()

    def lap(self, phase: str) -> None:
        now = time.perf_counter()
        self.phases[phase] = round(self.phases.get(phase, 0.0) + now - self._start, 3)
        self._start = now

    def report(self, args) -> None:
        if getattr(args, "timings", False):
            print("timings: " + ", ".join(f"{k} {v:.2f} s" for k, v in self.phases.items()), file=sys.stderr)
        if os.environ.get("RULINGS_TIMINGS"):
            results_mod.write_atomic(os.environ["RULINGS_TIMINGS"], json.dumps(self.phases))


#: documents to read from which the extraction reads in one Sphinx process per core: Sphinx
#: forks and merges environments even for one document (0.7 s at 10 000 examples), while
#: a document of 100 examples takes about 0.15 s to read
PARALLEL_READING = 16


def reading_jobs(paths, args) -> int:
    """Sphinx processes for the extraction: ``--sphinx-jobs``, else one per core when at
    least PARALLEL_READING documents changed since their features were written (at 10 000
    examples from nothing, 15.3 → 10.6 s on two idle cores, and a lower peak), else one.
    The html build, which only writes, stays in one process by default: two gained 1.5 s
    of 13 and cost 80 MB more at its peak."""
    from rulings.sphinxext.builder import SOURCES  # deferred: Sphinx

    if args.sphinx_jobs is not None:
        return args.sphinx_jobs
    cores = os.cpu_count() or 1
    if cores == 1 or args.fresh:
        return cores
    try:
        written = json.loads((paths.features / SOURCES).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        written = {}
    changed = 0
    for path in paths.spec.rglob("*.rst"):
        docname = path.relative_to(paths.spec).with_suffix("").as_posix()
        # the digest the gherkin builder keeps for each document it wrote
        if written.get(docname) != digests.of_source(path, extraction.kept_digests(paths)):
            changed += 1
            if changed >= PARALLEL_READING:
                return cores
    return 1


def _report_warnings(outcome, stream=sys.stderr) -> None:
    for line in outcome.warnings:
        print(line, file=stream)


def _say_cycle(paths, said: dict) -> int:
    """What a cycle of ``rulings build`` with nothing to run prints, and its status."""
    for line in said["extract_warnings"]:
        print(line, file=sys.stderr)
    print(incremental.Plan(run={}, basis={}, total=said["total"]).summary())
    for line in said["site_warnings"]:
        print(line, file=sys.stderr)
    for problem in said["problems"]:
        print(problem)
    print(f"site: {paths.site / 'index.html'}")
    print(said["last_line"])
    return said["status"]


def cmd_build(args) -> int:
    paths = _paths(args)
    clock = Timings()
    stamp = extraction.cycle_stamp_file(paths)
    seen: dict = {}
    if not (args.fresh or args.all or args.coverage):
        said = extraction.unchanged_cycle(paths, seen)
        if said is not None:
            # nothing the last complete cycle rests on changed, and its outputs are as it
            # left them: no Sphinx, no plan, no reconciliation (issue 28)
            status = _say_cycle(paths, said)
            clock.lap("unchanged")
            clock.report(args)
            return status
    from rulings.sphinxext.build import Started, build  # deferred: Sphinx

    # the stamp goes before anything is written, and comes back only once the cycle is whole
    stamp.unlink(missing_ok=True)
    # (as the check above computed them, a moment ago, when it did)
    inputs = seen.get("inputs") or extraction.cycle_inputs(paths)
    outcome = build(paths, "gherkin", fresh=args.fresh, jobs=reading_jobs(paths, args), keep_env=True)
    _report_warnings(outcome)
    clock.lap("extract")
    # the verdicts are read as `rulings check` gives them (file:line), not as pytest tracebacks
    plan = runs.plan_run(paths, everything=args.all)
    running = runs.start_examples(paths, plan, ["--tb=no", "-rN", "-p", "no:warnings"], jobs=args.jobs)
    started = None
    one_process = (args.jobs or runs.auto_jobs(len(plan.run))) <= 1 or len(plan.run) <= 1
    if running is not None and not args.coverage and one_process:
        # examples run, so the site is built again (their results changed): its Sphinx
        # starts meanwhile, on the other core (a second of an edit cycle at 10 000
        # examples).  Not when the run takes both cores (pytest-xdist): there is no core
        # to spare, and the environment it loads would be alive beside everything the
        # reconciliation reads (the cycle's peak at 100 000 examples from nothing: 1 508 MB)
        started = Started(paths, "html", fresh=args.fresh, jobs=args.sphinx_jobs)
    failed_run = None
    coverage_errors = []
    if args.coverage and outcome.status <= 1:
        # the coverage is measured while the examples run (in their own process): it reads
        # the features and cards the extraction wrote, none of what the run writes (the
        # results), and the run reads nothing the measurement writes (build/coverage)
        said: list[str] = []
        try:
            said, coverage_errors = _measure_coverage(paths, args.jobs)
        finally:
            if running is not None:
                failed_run = runs.finish_run(paths, plan, running)
                runs.finished(running)
        # said once the run is over, not between the dots of its lines
        for line in said:
            print(line)
        clock.lap("run and coverage")
    else:
        if running is not None:
            failed_run = runs.finish_run(paths, plan, running)
            runs.finished(running)
        clock.lap("run")
    # the counts are compared before the site is built, which reads none of the manifest,
    # the features' tags or anything else reconciling keeps (the manifest alone is 18 MB
    # at 10 000 examples, in the process whose html build is the cycle's largest)
    outputs = extraction.cycle_outputs(paths)
    summary = runs.reconcile(paths, plan=plan)
    # the next cycle would run nothing of what this one ran (what a stamp needs)
    settled = failed_run is None and incremental.settled(*incremental.read_inputs(paths), plan)
    # what the plan held (each example's basis) let go of before the site is built
    total, plan = plan.total, None
    incremental.forget_manifests()
    clock.lap("reconcile")
    if settled and extraction.cycle_outputs(paths) != outputs:
        settled = False  # written by another process meanwhile: the counts may be of either
    site = build(paths, "html", fresh=args.fresh, jobs=args.sphinx_jobs, started=started)
    _report_warnings(site)
    clock.lap("html")
    for problem in [*summary.problems, *coverage_errors, *filter(None, [failed_run])]:
        print(problem)
    print(f"site: {paths.site / 'index.html'}")
    print(summary.last_line())
    status = site.status or (1 if failed_run else 0)
    if settled and outcome.status <= 1 and site.status <= 1:
        extraction.write_cycle_stamp(paths, inputs, outputs, {
            "extract_warnings": outcome.warnings, "site_warnings": site.warnings, "problems": summary.problems,
            "last_line": summary.last_line(), "total": total, "status": site.status})
    clock.report(args)
    return status


def _measure_coverage(paths, jobs: int | None) -> tuple[list[str], list[str]]:
    """``build --coverage``: measure the rule coverage of what changed (rulings.coverage),
    so that the site's coverage pages are current.  Returns (the lines for the console:
    one per game, the errors (``rulings coverage`` lists every survivor))."""
    from rulings import coverage  # deferred: every game's engine, pytest-bdd

    out = io.StringIO()
    coverage.run(paths, jobs=jobs, stream=out)
    errors, said = [], []
    for line in out.getvalue().splitlines():
        if line.startswith("error:"):
            errors.append(f"coverage {line}")
        elif line.startswith("coverage:") or re.match(r"^\w+: \d+ cells:", line):
            said.append(line)
    return said, errors


def cmd_check(args) -> int:
    from rulings.sphinxext.build import build  # deferred: Sphinx

    if args.shard is not None and (args.paths or args.k is not None):
        print("rulings check: --shard runs a share of every example: give no PATH and no -k with it "
              "(see rulings check --help)", file=sys.stderr)
        return 2
    if args.out is not None and args.shard is None:
        print("rulings check: --out is where a shard's results go: give it with --shard I/N "
              "(see rulings check --help)", file=sys.stderr)
        return 2
    paths = _paths(args)
    clock = Timings()
    documents = _documents(paths, args.paths) if args.paths else None
    if isinstance(documents, str):
        print(f"rulings check: {documents}")
        return 2
    shard_file = None
    if args.shard is not None:
        index, count = args.shard
        shard_file = Path(args.out) if args.out else paths.build / f"results-shard-{index}-of-{count}.json"
        # a shard's file from an earlier run never stands for this one
        shard_file.unlink(missing_ok=True)
    outcome = build(paths, "gherkin", fresh=args.fresh, jobs=reading_jobs(paths, args))
    clock.lap("extract")
    # the examples checked: those of the documents given and, with -k, those it selects;
    # the report, the counts and the exit status are theirs alone
    selected, line = None, None
    if args.shard is not None:
        selected, line = _shard_examples(paths, *args.shard)
    elif args.k is not None:
        selected, line = select_examples(paths, args.k, documents)
        if not selected:
            print(line)
            return 2
    elif documents is not None:
        selected = _examples_of(paths, documents)
        if not selected:
            # as for -k: a check that ran nothing says so, and is not a pass
            print(f"rulings check {' '.join(args.paths)}: no example in the {len(documents)} document(s) given; "
                  "nothing ran")
            return 2
    # a shard's extraction is of every document: it reports every document's problems
    warnings, elsewhere = _warnings_of(paths, outcome.warnings, None if args.shard is not None else selected)
    _report_warnings(type(outcome)(outcome.status, warnings), sys.stdout)
    if line:
        print(line)
    failed_run = None
    plan = None
    if not args.no_run or args.shard is not None:
        plan = runs.plan_run(paths, documents=documents, everything=args.all, ids=selected if args.k is not None else None,
                        share=selected if args.shard is not None else None)
    if not args.no_run:
        extra = ["--tb=no", "-rN", "-p", "no:warnings"]
        failed_run = runs.run_examples(paths, plan, extra, jobs=args.jobs)
    clock.lap("run")
    summary = runs.reconcile(paths, only=selected, plan=plan)
    clock.lap("reconcile")
    if failed_run:
        summary.problems.append(failed_run)
    if args.shard is not None and outcome.status > 1:
        summary.problems.append(f"shard {args.shard[0]}/{args.shard[1]}: results not written to {shard_file}: "
                                "the extraction stopped")
    elif args.shard is not None:
        summary.problems.extend(_write_shard(paths, shard_file, plan, selected, *args.shard))
    if outcome.status > 1:
        summary.problems.append("the extraction stopped (see above): the counts below come from an earlier "
                                "extraction and may not match the documents")
    for problem in summary.problems:
        print(problem)
    if warnings:
        print(f"{len(warnings)} problem(s) in the documents (see above)")
    if selected is not None and args.shard is None:
        print(f"checked {len(selected)} example(s): " + ("those -k selected" if args.k is not None else
                                                         "those of the documents given")
              + (f"; {elsewhere} problem(s) in other documents not reported" if elsewhere else ""))
    print(summary.last_line())
    clock.report(args)
    if args.exit_zero:
        return 0
    return 0 if summary.ok and not warnings and outcome.status == 0 else 1


def _shard_examples(paths, index: int, count: int) -> tuple[set[str], str]:
    """``check --shard I/N``: the examples of shard I of N (``rulings.shards.shard_of``:
    by a digest of each id, so that adding or removing other examples moves none), and
    the line that says how many."""
    try:
        manifest = incremental.read_manifest(paths.features)
    except (OSError, ValueError, KeyError, TypeError):
        manifest = []
    mine = {e["id"] for e in manifest if shards.shard_of(e["id"], count) == index}
    return mine, f"shard {index}/{count}: {len(mine)} of {len(manifest)} examples"


def _write_shard(paths, out: Path, plan, selected: set[str], index: int, count: int) -> list[str]:
    """Write the results file of shard ``index``/``count`` (``rulings.shards``): the
    current result of each of its examples that can run, under the digest of everything
    every example's result rests on.  Written only when each of them has a current
    result (its text and what it ran against are those of now): otherwise the problem,
    and no file, so that no merge can take an old or missing result for this run's."""
    try:
        manifest = incremental.read_manifest(paths.features)
    except (OSError, ValueError, KeyError, TypeError) as err:
        return [f"shard {index}/{count}: results not written: cannot read the list of examples ({err})"]
    results, problem = incremental.read_results(paths.results)
    if problem:
        return [f"shard {index}/{count}: results not written: {problem}"]
    runnable = {e["id"]: e for e in manifest if e["id"] in selected and e.get("extracted")}
    behind = sorted(k for k, e in runnable.items()
                    if not shards.current(results_mod.brief(results, k), e, plan.basis.get(k)))
    if behind:
        shown = ", ".join(behind[:10]) + (f" and {len(behind) - 10} more" if len(behind) > 10 else "")
        return [f"shard {index}/{count}: results not written to {out}: {len(behind)} of its examples have no "
                f"result of this run ({shown})"]
    total = sum(1 for e in manifest if e.get("extracted"))
    try:
        shards.write(out, {k: results[k] for k in sorted(runnable)}, index=index, count=count,
                     inputs=shards.inputs_digest(manifest, plan.basis), total=total)
    except OSError as err:
        return [f"shard {index}/{count}: results not written to {out}: {err}"]
    print(f"shard {index}/{count}: {len(runnable)} results written to {out}")
    return []


def cmd_merge(args) -> int:
    """Combine the results files of every shard into the results file of one run."""
    try:
        merged, line = shards.merge(args.files)
    except shards.ShardError as err:
        print(f"rulings merge: {err}", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else _paths(args).results
    try:
        # (the project's own results file gets its index: rulings.results.load_entries)
        results_mod.save(out, merged, index=args.out is None)
    except OSError as err:
        print(f"rulings merge: cannot write {out}: {err}", file=sys.stderr)
        return 2
    print(f"{line} → {out}")
    return 0


def _examples_of(paths, documents: list[str]) -> set[str]:
    """The ids of the examples of ``documents`` (project-relative), as extracted."""
    try:
        return {e["id"] for e in incremental.read_manifest(paths.features) if e["source"] in documents}
    except (OSError, ValueError, KeyError, TypeError):
        return set()


_WARNING_AT = re.compile(r"^(.*?\.rst)(?::\d+)?:")


def _warnings_of(paths, warnings: list[str], selected: set[str] | None) -> tuple[list[str], int]:
    """The warnings that concern the examples checked: with a selection, those of their
    documents, of the card files (every example's cards come from them) and those naming
    no document; and how many others were left out."""
    if selected is None:
        return list(warnings), 0
    try:
        sources = {e["source"] for e in incremental.read_manifest(paths.features) if e["id"] in selected}
    except (OSError, ValueError, KeyError, TypeError):
        return list(warnings), 0
    root = paths.root.resolve()
    kept = []
    for warning in warnings:
        m = _WARNING_AT.match(warning)
        if m:
            try:
                source = Path(m.group(1)).resolve().relative_to(root).as_posix()
            except (ValueError, OSError):
                source = None
            if source is not None and source not in sources and "/cards/" not in f"/{source}":
                continue
        kept.append(warning)
    return kept, len(warnings) - len(kept)


def select_examples(paths, words: str, documents: list[str] | None = None) -> tuple[set[str], str]:
    """``check -k WORDS``: the examples (of ``documents``, if given) whose id or title
    contains WORDS (case aside), and the line that says how many; no example selected
    is an error (the line says so).  Ids hold hyphens where pytest's test names have
    underscores: the selection is made here, on what the documents write, not by
    pytest's ``-k``."""
    try:
        manifest = incremental.read_manifest(paths.features)
    except (OSError, ValueError, KeyError, TypeError) as err:
        return set(), f"rulings check -k {words!r}: cannot read the list of examples ({err})"
    if documents is not None:
        manifest = [e for e in manifest if e["source"] in documents]
    wanted = words.casefold()
    chosen = [e for e in manifest if wanted in e["id"].casefold() or wanted in " ".join(e["title"].split()).casefold()]
    if not chosen:
        return set(), (f"rulings check -k {words!r}: no example's id or title contains it "
                       f"({len(manifest)} examples looked at); nothing ran")
    runnable = sum(1 for e in chosen if e.get("extracted"))
    cannot = f", {len(chosen) - runnable} of them cannot run as written" if runnable < len(chosen) else ""
    return {e["id"] for e in chosen}, (f"-k {words}: {len(chosen)} of {len(manifest)} examples selected "
                                        f"(id or title contains it){cannot}")


def _documents(paths, given: list[str]) -> list[str] | str:
    """The documents named on the command line (files or folders under spec/), as the
    manifest names them (relative to the project); a message if one is not there."""
    out: list[str] = []
    for name in given:
        path = Path(name).resolve()
        if not path.exists():
            return f"{name}: no such file or folder"
        try:
            path.relative_to(paths.spec.resolve())
        except ValueError:
            return f"{name}: not under {paths.spec}: give documents of the project"
        files = [path] if path.is_file() else sorted(path.rglob("*.rst"))
        out += [f.relative_to(paths.root.resolve()).as_posix() for f in files]
    return out


def cmd_steps(args) -> int:
    from rulings import vocabulary as vocab_mod  # deferred: what a build with nothing changed need not load

    _paths(args)  # the vocabulary of a project's games: outside one, say so
    games = [args.game] if args.game else vocab_mod.available_games()
    for game in games:
        try:
            v = vocab_mod.load(game)
        except (KeyError, ImportError) as err:
            print(f"{game}: {err}", file=sys.stderr)
            return 2
        from rulings.sphinxext.gherkin import dialect  # deferred: Sphinx

        d = dialect(v.language)
        word = {"given": d.given_keywords[1].strip(), "when": d.when_keywords[1].strip(),
                "then": d.then_keywords[1].strip()}
        print(f"# {game} ({v.language}): {len(v.phrases)} phrases")
        for p in v.phrases:
            line = f"{word[p.kind]} {p.template}"
            print(f"  {line}" + (f"    — {_plain(p.description.splitlines()[0])}" if p.description else "")
                  + ("  [+ table]" if p.takes_table else ""))
        print("  terms:")
        for t in v.terms.values():
            print(f"    {{{t.name}}}: {_plain(t.description) or t.pattern}")
        print()
    return 0


def cmd_extract(args) -> int:
    """Extract (the gherkin build), unless nothing it reads changed: what a plain pytest
    session runs, which checks that the features are current but never extracts
    (``rulings.extraction``).  Exit 0, 1 when a document has a problem (printed; the
    session's test_documents fails on it too), 2 when the extraction stopped."""
    paths = _paths(args)
    clock = Timings()
    # several processes of one test session may ask at once (the harness's `extracted`
    # fixture in pytest-xdist workers): they take turns, the later ones find it current
    with _locked(paths.build / "extract.lock"):
        outcome = _extraction(paths, args.fresh, jobs=lambda: reading_jobs(paths, args))
    clock.lap("extract")
    _report_warnings(outcome)
    try:
        manifest = json.loads((paths.features / "manifest.json").read_text(encoding="utf-8"))["examples"]
        count = f"{sum(1 for e in manifest if e.get('extracted'))} examples"
    except (OSError, ValueError, KeyError, TypeError):
        count = "no manifest"
    problems = f", {len(outcome.warnings)} problem(s) in the documents (above)" if outcome.warnings else ""
    state = "the extraction stopped" if outcome.status > 1 else "up to date"
    print(f"rulings extract: {paths.features}: {state} ({count}{problems})")
    clock.report(args)
    return min(outcome.status or (1 if outcome.warnings else 0), 2)


def _extraction(paths: Paths, fresh: bool, jobs=lambda: None):
    """The gherkin build, or, when nothing it reads changed since the last (told without
    Sphinx: its import was most of an up-to-date extraction), what that build gave."""
    unchanged = None if fresh else extraction.unchanged_build(paths, "gherkin")
    if unchanged is not None:
        return unchanged
    from rulings.sphinxext.build import build  # deferred: Sphinx

    return build(paths, "gherkin", fresh=fresh, jobs=jobs())


@contextmanager
def _locked(path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        if fcntl is None:  # not POSIX: no lock
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _extracted_cards(paths, out) -> tuple[dict[str, list] | None, object]:
    """Every game's card records, extracted from the documents (None and a message when
    a game's cards cannot be read), and the outcome of the extraction."""
    from rulings import cardformat  # deferred: what a build with nothing changed need not load
    from rulings.sphinxext.build import build  # deferred: Sphinx

    outcome = build(paths, "gherkin")
    _report_warnings(outcome, out)
    records = {}
    for game in GAMES:
        try:
            records[game] = cardformat.read_records(paths.cards / f"{game}.json")
        except cardformat.SetupError as err:
            print(err, file=out)
            return None, outcome
    return records, outcome


def cmd_blocks(args) -> int:
    """The building blocks of each game, as families (the phrases of one engine function),
    with the cards of the documents that use each: counts, the list, or ``--json``."""
    from rulings import cardformat  # deferred: what a build with nothing changed need not load

    games = [args.game] if args.game else list(GAMES)
    records, outcome = _extracted_cards(_paths(args), sys.stderr if args.json else sys.stdout)
    if records is None:
        return 1
    found = {game: cardformat.block_families(cardformat.format_of(game), records[game]) for game in games}
    if args.json:
        json.dump([f.as_json() for game in games for f in found[game]], sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0 if not outcome.warnings else 1
    for game in games:
        fmt, families = cardformat.format_of(game), found[game]
        shared = sum(len(f.cards) >= 2 for f in families)
        single = sum(len(f.cards) == 1 for f in families)
        unused = sum(not f.cards for f in families)
        print(f"# {game}: {len(families)} building blocks ({len(fmt.blocks.phrases)} templates): "
              f"{shared} used by two or more cards ({100 * shared / max(len(families), 1):.0f}%), "
              f"{single} by one, {unused} by none")
        print("  card fields: " + " ".join(f":{f.name}:" for f in fmt.card_fields))
        print("  effect fields: " + " ".join(f":{f.name}:" for f in fmt.effect_fields))
        for kind in fmt.blocks.kinds:
            for f in (f for f in families if f.part == kind):
                meaning = _plain(f.description.splitlines()[0]) if f.description else ""
                print(f"  {kind}: {' | '.join(f.templates)}    [{len(f.cards)} cards]"
                      + (f"    — {meaning}" if meaning else ""))
        print("  terms:")
        for t in fmt.blocks.terms.values():
            print(f"    {{{t.name}}}: {_plain(t.description) or t.pattern}")
        print()
    return 0 if not outcome.warnings else 1


def cmd_cards(args) -> int:
    """How many cards each game defines: data only, with a hook (code), and broken (a card
    that does not load, counted apart and named with its first problem)."""
    from rulings import cardformat  # deferred: what a build with nothing changed need not load

    records, outcome = _extracted_cards(_paths(args), sys.stdout)
    if records is None:
        return 1
    total = data = broken = 0
    for game in GAMES:
        counts = cardformat.count_cards(cardformat.format_of(game), records[game])
        total, data, broken = total + len(records[game]), data + len(counts.data), broken + len(counts.broken)
        print(f"{game}: {len(records[game])} cards, {len(counts.data)} data only, {len(counts.hooked)} with a hook"
              + (": " + "、".join(counts.hooked) if counts.hooked else "") + f", {len(counts.broken)} broken")
        for name, problem in counts.broken.items():
            print(f"  broken: {name}: {problem}")
    if total:
        print(f"all games: {data} of {total} cards are data only ({100 * data / total:.1f}%), {broken} broken")
    return 0 if not outcome.warnings and not broken else 1


def cmd_serve(args) -> int:
    """Serve the site and keep it up to date (rulings.serve): a saved document's examples
    run and its page is written first, in a worker that keeps the engine and Sphinx
    loaded, and the browser reloads it; the other pages catch up after.  An edit of
    the engine, the runner or the cards starts the worker again (that game's examples
    run again)."""
    from rulings.serve import Server  # deferred: Sphinx, the server

    try:
        import watchfiles  # noqa: F401
    except ImportError:
        print("rulings serve needs watchfiles: `make site` installs it (with sphinx-autobuild)")
        return 2
    return Server(_paths(args), args.host, args.port).run()


def cmd_coverage(args) -> int:
    """Extract (the examples and the documents' unpinned declarations), then measure the
    rule coverage of what changed (rulings.coverage)."""
    from rulings import coverage  # deferred: every game's engine, pytest-bdd

    paths = _paths(args)
    outcome = _extraction(paths, args.fresh)
    _report_warnings(outcome, sys.stdout)
    if outcome.status > 1:
        print("the extraction stopped (see above): coverage cannot be measured")
        return 2
    return coverage.run(paths, [args.game] if args.game else None, jobs=args.jobs, everything=args.all,
                        check=args.check, update=args.update)


def cmd_bench(args) -> int:
    from rulings import bench  # deferred: only `rulings bench` needs it

    paths = _paths(args)  # the synthetic spec is made of this project's examples
    if args.suite:
        return 0 if bench.suite(paths.root, repeat=args.repeat, idle=args.idle)["median"] is not None else 1
    keep = Path(args.keep) if args.keep else None
    if keep is not None and keep.exists() and not bench.is_bench_folder(keep):
        print(f"rulings bench: --keep {args.keep}: a folder that holds something other than a benchmark; "
              "give a new or empty folder (it is replaced)", file=sys.stderr)
        return 2
    bench.run(args.examples, repeat=args.repeat, jobs=args.jobs, keep=keep, source=paths.root, pairs=args.pairs,
              saves=args.saves, own=args.own)
    return 0


class _Parser(argparse.ArgumentParser):
    """Bad arguments are refused in one line, exit 2 (not argparse's usage block)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _count(text: str) -> int:
    """A number of processes, examples or runs: a whole number, 1 or more."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n}: give 1 or more")
    return n


def _shard(text: str) -> tuple[int, int]:
    try:
        return shards.parse(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _seconds(text: str) -> float:
    """A time to wait: seconds, 0 or more."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not seconds >= 0:
        raise argparse.ArgumentTypeError(f"{text}: give 0 or more seconds")
    return seconds


def _count_or_zero(text: str) -> int:
    """A number of runs that may be 0 (none)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"{n}: give 0 or more")
    return n


def _words(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("give some words of an id or title (an empty -k would select every example)")
    return text


def _port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"{n} is not a port number (1 to 65535)")
    return n


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="rulings", description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", action="version", version=f"rulings {_version()}")
    parser.add_argument("--root", help="project folder (default: found from the current folder)")
    sub = parser.add_subparsers(dest="command", required=True)
    common = _Parser(add_help=False)
    common.add_argument("--fresh", action="store_true", help="read every document again")
    common.add_argument("--all", action="store_true",
                        help="run every example, not only those whose text, engine or cards changed")
    common.add_argument("-j", "--jobs", type=_count, default=None, metavar="N",
                        help="run the examples in N pytest-xdist workers (default: one per core when "
                             f"{runs.AUTO_PARALLEL} or more examples run, else 1)")
    common.add_argument("--sphinx-jobs", type=_count, default=None, metavar="N",
                        help="read and write documents in N Sphinx processes (default: the extraction "
                             "reads in one process per core, the html build writes in one: "
                             "docs/performance.md)")
    common.add_argument("--timings", action="store_true", help="print how long each phase took")
    b = sub.add_parser("build", parents=[common], help="extract, run the examples that changed, build the site")
    b.add_argument("--coverage", action="store_true",
                   help="also measure the rule coverage of what changed (rulings coverage), for the coverage pages")
    b.set_defaults(func=cmd_build)
    x = sub.add_parser("extract", help="bring build/features up to date with the documents (what pytest runs)")
    x.add_argument("--fresh", action="store_true", help="read every document again")
    x.add_argument("--sphinx-jobs", type=_count, default=None, metavar="N",
                   help="read documents in N Sphinx processes (default: one per core when many changed)")
    x.add_argument("--timings", action="store_true", help="print how long the extraction took")
    x.set_defaults(func=cmd_extract)
    c = sub.add_parser("check", parents=[common],
                       help="extract and run; non-zero exit unless every example passed")
    c.add_argument("paths", nargs="*", metavar="PATH",
                   help="run the examples of these documents (files or folders under spec/) whatever their "
                        "results; the other results are kept")
    c.add_argument("-k", metavar="WORDS", type=_words,
                   help="run only the examples whose id or title contains WORDS (case aside); says how many")
    c.add_argument("--no-run", action="store_true", help="check the last results without running")
    c.add_argument("--exit-zero", action="store_true", help="exit 0 whatever the verdict (rulings serve)")
    c.add_argument("--shard", type=_shard, metavar="I/N",
                   help="run shard I of N: a stable share of the examples (by their ids), for CI jobs on several "
                        "machines; writes the shard's results file for rulings merge (docs/ci-sharding.md)")
    c.add_argument("--out", metavar="FILE",
                   help="with --shard: where the shard's results go (default build/results-shard-I-of-N.json)")
    c.set_defaults(func=cmd_check)
    g = sub.add_parser("merge", help="combine the results files of every shard (check --shard) into one run's")
    g.add_argument("files", nargs="+", metavar="FILE", help="the results file of each shard, all N of them")
    g.add_argument("--out", metavar="FILE", help="where the merged results go (default: the project's "
                                                 "build/results.json, which rulings build shows)")
    g.set_defaults(func=cmd_merge)
    v = sub.add_parser("serve", help="serve the site; on every save, run the saved document's changed examples, "
                                     "write and reload its page, then bring the other pages up to date")
    v.add_argument("--host", default="127.0.0.1")
    v.add_argument("--port", type=_port, default=8000)
    v.set_defaults(func=cmd_serve)
    s = sub.add_parser("steps", help="print the step vocabulary")
    s.add_argument("game", nargs="?", choices=list(GAMES), help="ygo, mtg or dm (default: all)")
    s.set_defaults(func=cmd_steps)
    k = sub.add_parser("blocks", help="print the building blocks cards are written with")
    k.add_argument("game", nargs="?", choices=list(GAMES), help="ygo, mtg or dm (default: all)")
    k.add_argument("--json", action="store_true",
                   help="print a JSON list, one object per block: game, part, template(s), cards that use it")
    k.set_defaults(func=cmd_blocks)
    d = sub.add_parser("cards", help="extract the cards; count them, and those that need code")
    d.set_defaults(func=cmd_cards)
    cov = sub.add_parser("coverage", help="which rules the examples pin: change each cell of each rules table in "
                                          "turn and record the examples that fail")
    cov.add_argument("--game", choices=list(GAMES), help="only this game (default: all)")
    cov.add_argument("-j", "--jobs", type=_count, default=None, metavar="N",
                     help="measure in N worker processes (default: one per core)")
    cov.add_argument("--all", action="store_true", help="measure every game again, changed or not")
    cov.add_argument("--fresh", action="store_true", help="read every document again")
    cov.add_argument("--check", action="store_true",
                     help="the ratchet: fail when a cell listed in tests/coverage-pinned.json is no longer pinned")
    cov.add_argument("--update", action="store_true", help="write the pinned cells into tests/coverage-pinned.json")
    cov.set_defaults(func=cmd_coverage)
    m = sub.add_parser("bench", help="measure the pipeline on a synthetic spec made of the project's examples")
    m.add_argument("--examples", type=_count, default=1000, metavar="N", help="how many examples (default 1000)")
    m.add_argument("--repeat", type=_count, default=3, help="runs of each incremental cycle; the median counts")
    m.add_argument("-j", "--jobs", type=_count, default=None, metavar="N", help="as for `rulings build -j N`")
    m.add_argument("--keep", metavar="DIR", help="build the synthetic project in DIR and keep it")
    m.add_argument("--pairs", type=_count_or_zero, default=2, metavar="N",
                   help="builds of html with the extension alone, each paired with a plain html build, for "
                        "their ratio (default 2; 0: not measured, as at 100000 examples)")
    m.add_argument("--saves", type=_count_or_zero, default=0, metavar="N",
                   help="then time N saves through `rulings serve` (save -> page received; default 0)")
    m.add_argument("--own", action="store_true",
                   help="measure a copy of the project's own documents, not a synthetic spec (--examples ignored)")
    m.add_argument("--suite", action="store_true",
                   help="time the test suite (make test) instead, --repeat times, each after --idle seconds")
    m.add_argument("--idle", type=_seconds, default=120.0, metavar="S",
                   help="with --suite: seconds without work before each run (default 120)")
    m.set_defaults(func=cmd_bench)
    args = parser.parse_args(argv)
    if argv is None and args.func in (cmd_build, cmd_check):
        runs.end_children_on_signals()
    try:
        code = args.func(args)
        if argv is None and args.func in (cmd_build, cmd_check):
            _exit_now(code)
        return code
    except FileNotFoundError as err:
        if "spec/conf.py" not in str(err):
            raise
        # outside a project: one line, not a traceback
        print(f"rulings: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # `rulings steps | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _exit_now(code: int) -> None:
    """End the process of a build or check without freeing what it holds: the garbage of
    two Sphinx environments (every example's record) takes a measurable part of a second
    to free at 10 000 examples, which the system reclaims at once.  The output is flushed;
    nothing else of ours runs at exit (children are waited for).  Only as a program
    (``main()`` without arguments): a caller in the same process gets the code back."""
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code if isinstance(code, int) else 1)


def _plain(text: str) -> str:
    """Docstring text for a terminal: ``code`` and :role:`target` read as plain words."""
    return re.sub(r"(?::[\w:-]+:)?`{1,2}([^`]+)(?:`{1,2}_?|$)", r"\1", text)


def _version() -> str:
    try:
        return version("rulings")
    except PackageNotFoundError:
        return "unknown (not installed)"


if __name__ == "__main__":
    sys.exit(main())
