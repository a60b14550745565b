"""The benchmark's plain twin must be a fair site: the same pages, navigation included;
the suite's time is each run's, with what the machine was doing, and their median."""

import io
import statistics
import sys
from pathlib import Path

from rulings import bench


def test_a_directive_without_a_body_becomes_a_paragraph_so_the_toctree_after_it_survives(tmp_path):
    root = Path(__file__).resolve().parents[2]
    bench.write_spec(tmp_path / "project", root, 20)
    bench.plain_copy(tmp_path / "project", tmp_path / "plain")
    index = (tmp_path / "plain" / "index.rst").read_text(encoding="utf-8").splitlines()
    # a literal-block marker here made docutils swallow the toctree: the plain site then
    # had no navigation on any page, and plain html looked cheaper than it is
    assert "rulings-dashboard" in index and "rulings-dashboard::" not in index
    assert ".. toctree::" in index
    # an example (it has a body) is still a paragraph followed by a literal block
    document = next((tmp_path / "plain").glob("*/bench-*.rst")).read_text(encoding="utf-8")
    assert "::\n\n   :id: bench-" in document


def test_the_table_without_pairs_says_the_ratio_was_not_measured():
    # `rulings bench --examples 100000 --pairs 0`: the html-alone pairs (minutes each at
    # that size) are left out, and the table says so rather than fail on no pairs
    out = {"examples": 100000, "jobs": 2, "plain html": (1.0, 10), "full cycle": (2.0, 20),
           "phases": {"extract": 0.5, "run": 1.0, "reconcile": 0.1, "html": 0.4},
           "nothing changed": (0.5, 5), "one document edited": (1.0, 9), "one document edited phases": {},
           "pairs": [], "html ratio in the cycle": 0.4}
    text = bench.table(out)
    assert "html with the extension alone / plain html: not measured (--pairs 0)" in text
    assert "| html with the extension alone" not in text


def test_the_synthetic_spec_names_every_example_apart(tmp_path):
    # the copies of the project's examples (813 now) repeat: each copy has an id of its own
    root = Path(__file__).resolve().parents[2]
    n = bench.write_spec(tmp_path / "project", root, 2000)
    documents = sorted((tmp_path / "project" / "spec").glob("*/bench-*.rst"))
    ids = [line.split(":id:")[1].strip() for p in documents for line in p.read_text(encoding="utf-8").splitlines()
           if line.lstrip().startswith(":id:")]
    assert n == len(ids) == len(set(ids)) == 2000
    assert len(documents) == sum(-(-c // bench.PER_DOCUMENT) for c in _per_game(documents).values())


def _per_game(documents):
    counts = {}
    for p in documents:
        counts[p.parent.name] = counts.get(p.parent.name, 0) + p.read_text(encoding="utf-8").count(".. example::")
    return counts


def test_own_measures_a_copy_of_the_project_and_its_folder_may_be_replaced_next_time(tmp_path):
    # `rulings bench --own`: the project's documents as they are (the serve target "at the
    # project's size"), with a step to edit; the folder it leaves is a benchmark's
    root = Path(__file__).resolve().parents[2]
    work = tmp_path / "b"
    n = bench.copy_own(work / "project", root)
    written = sum(p.read_text(encoding="utf-8").count("\n.. example::") for p in (root / "spec").rglob("*.rst"))
    assert n == written > 500
    document, edit = bench.editable(work / "project")
    before = document.read_text(encoding="utf-8")
    edit(0)
    after = document.read_text(encoding="utf-8")
    assert before != after and len(before.splitlines()) == len(after.splitlines())
    edit(1)
    assert document.read_text(encoding="utf-8").rstrip("\n") == before.rstrip("\n")
    assert not bench.is_bench_folder(work)  # a project alone: not known to be a benchmark's
    (work / "timings.json").write_text("{}", encoding="utf-8")
    (work / "serve.log").write_text("", encoding="utf-8")
    assert bench.is_bench_folder(work)
    (work / "notes.txt").write_text("mine", encoding="utf-8")
    assert not bench.is_bench_folder(work)


def test_the_suite_is_timed_run_by_run_and_its_median_counts(tmp_path):
    """``rulings bench --suite``: each run's wall and CPU time, the load as it starts and
    the reference loop's time, its output kept; the median of the runs' wall times."""
    said = io.StringIO()
    busy = (sys.executable, "-c", "print('ran', sum(range(3 * 10 ** 6)))")
    out = bench.suite(tmp_path, repeat=3, idle=0, command=busy, loop=1000, stream=said)
    runs = out["runs"]
    assert [r["status"] for r in runs] == [0, 0, 0]
    assert out["median"] == statistics.median(r["wall"] for r in runs)
    assert all(r["cpu"] > 0 and len(r["load"]) == 3 and r["reference"] >= 0 for r in runs)
    assert [(tmp_path / "build" / "bench-suite" / f"run-{i}.log").read_text().split()[0] for i in (1, 2, 3)] == 3 * ["ran"]
    text = said.getvalue()
    assert [line.split(":")[0] for line in text.splitlines()[1:]] == ["run 1", "run 2", "run 3", "median"]
    assert f"median: {out['median']:.2f} s" in text


def test_a_suite_that_fails_has_no_time(tmp_path):
    said = io.StringIO()
    out = bench.suite(tmp_path, repeat=1, idle=0, command=(sys.executable, "-c", "raise SystemExit(3)"),
                      loop=1000, stream=said)
    assert out["median"] is None
    log = tmp_path / "build" / "bench-suite" / "run-1.log"
    assert f"FAILED (exit 3): {log}" in said.getvalue() and "no time of the suite" in said.getvalue()
