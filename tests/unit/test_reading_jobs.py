"""How many Sphinx processes the extraction reads in (rulings.cli.reading_jobs)."""

import json
from argparse import Namespace

from rulings import cli, digests
from rulings.project import Paths


def _project(tmp_path, documents: int, written: int):
    spec = tmp_path / "spec" / "ygo"
    spec.mkdir(parents=True)
    sources = {}
    for n in range(documents):
        path = spec / f"d{n}.rst"
        path.write_text(f"d{n}\n===\n", encoding="utf-8")
        if n < written:  # features written from this very text
            sources[f"ygo/d{n}"] = digests.of_source(path)  # as the gherkin builder keeps it
    features = tmp_path / "build" / "features"
    features.mkdir(parents=True)
    (features / "sources.json").write_text(json.dumps(sources), encoding="utf-8")
    return Paths(tmp_path)


def test_few_changed_documents_are_read_in_one_process(tmp_path, monkeypatch):
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    monkeypatch.setattr(cli.os, "cpu_count", lambda: 2)
    paths = _project(tmp_path, 40, 40 - (cli.PARALLEL_READING - 1))
    assert cli.reading_jobs(paths, Namespace(sphinx_jobs=None, fresh=False)) == 1


def test_many_changed_documents_are_read_in_one_process_per_core(tmp_path, monkeypatch):
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    monkeypatch.setattr(cli.os, "cpu_count", lambda: 2)
    paths = _project(tmp_path, 40, 40 - cli.PARALLEL_READING)
    assert cli.reading_jobs(paths, Namespace(sphinx_jobs=None, fresh=False)) == 2
    # every document is read again with --fresh; --sphinx-jobs says it outright
    assert cli.reading_jobs(_project(tmp_path / "x", 3, 3), Namespace(sphinx_jobs=None, fresh=True)) == 2
    assert cli.reading_jobs(paths, Namespace(sphinx_jobs=1, fresh=False)) == 1
