"""Issue 23: a pytest session that collects no documented example builds nothing at
start-up; a test that needs the cards asks for them (the ``extracted`` fixture, which
runs ``rulings extract`` when needed).  The binding never builds: it reads features that
``rulings extract`` wrote, without importing Sphinx, and refuses missing or stale ones."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import forkserver
from tests.conftest import FEW_CARDS

ROOT = Path(__file__).resolve().parents[2]


#: ``python pytest_here.py ARGS``: ``python -m pytest ARGS`` as a session of its own that
#: no ``rulings`` started, forked from the sandbox tests' server (tests/forkserver.py:
#: pytest imported already, as ``rulings`` runs its examples, rulings.runs._fork_pytest)
#: instead of a new Python each time (issue 23); whether Sphinx is imported is asked of a
#: new Python (``_COLLECT``).  Plain asserts, as rulings.runs has them: the plugins are
#: imported already, pytest could not rewrite them (and would warn that it cannot)
PYTEST_HERE = """\
import os
import sys

for name in ("RULINGS_EXTRACTED", "PYTEST_XDIST_WORKER"):  # no `rulings`, no xdist started this session
    os.environ.pop(name, None)
sys.path[0] = os.getcwd()  # as `python -m pytest` has it
import pytest

sys.exit(int(pytest.main(sys.argv[1:])))
"""


def _pytest_here(folder: Path, script_folder: Path, *args: str, env=None) -> subprocess.CompletedProcess:
    script = script_folder / "pytest_here.py"
    script.write_text(PYTEST_HERE, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "RULINGS_BUILD"} if env is None else env
    return forkserver.run([sys.executable, str(script), "-p", "no:xdist", "-p", "no:cacheprovider", "--assert=plain",
                           *args],
                          cwd=folder, env=env, timeout=300)


def _pytest(build: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**{k: v for k, v in os.environ.items() if k != "RULINGS_BUILD"}, "RULINGS_BUILD": str(build)}
    return _pytest_here(ROOT, build.parent, *args, env=env)


def test_a_unit_file_run_alone_builds_no_sphinx(tmp_path):
    build = tmp_path / "build"
    done = _pytest(build, "tests/unit/test_fingerprint.py")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert not (build / "features").exists() and not (build / "doctrees").exists(), sorted(build.rglob("*"))


# -- the binding reads the extraction, it never builds it (issue 23) ----------------------

#: a fresh process that runs the documented examples of the project it is started in
#: (bind() in tests/examples), and says what it had loaded once they were collected.
#: Plain asserts, as rulings.runs runs examples: rewriting the plugins' modules (all of
#: hypothesis's) is 0.6 s of CPU where Python writes no bytecode, and imports no Sphinx
_COLLECT = """
import json, sys
import pytest


class Loaded:
    modules = collected = None

    def pytest_collection_finish(self, session):
        self.modules = sorted(m for m in sys.modules if m.split(".")[0] in ("sphinx", "docutils"))
        self.collected = [item.nodeid for item in session.items]


loaded = Loaded()
code = pytest.main(["tests/examples", "-p", "no:xdist", "-p", "no:cacheprovider", "--assert=plain", "-q"],
                   plugins=[loaded])
print(json.dumps({"code": int(code), "loaded": loaded.modules, "collected": loaded.collected}))
"""


#: ``rulings extract`` in this process, then which of Sphinx's and docutils' modules it imported
_EXTRACT_AGAIN = """
import sys
from rulings import cli

code = cli.main(["extract"])
print(sorted(m for m in sys.modules if m.split(".")[0] in ("sphinx", "docutils")))
sys.exit(code)
"""


def _in(sandbox, *args: str) -> subprocess.CompletedProcess:
    env = sandbox.env()
    env.pop("RULINGS_EXTRACTED", None)  # no `rulings` started this session
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run([sys.executable, *args], cwd=sandbox.root, env=env, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.sandbox_cards(*FEW_CARDS)
def test_the_binding_reads_current_features_without_sphinx_and_refuses_stale_ones(sandbox):
    import json

    from .test_pipeline import DOC

    sandbox.write("spec/ygo/pipeline.rst", DOC.format(verdict="仍然是"))
    scripts = sandbox.root.parent

    def pytest_(*args: str) -> subprocess.CompletedProcess:
        return _pytest_here(sandbox.root, scripts, *(args or ("tests/examples",)), "-q")

    # a fresh checkout: nothing extracted; the session stops before collecting, naming the command
    done = pytest_()
    out = sandbox.output(done)
    assert done.returncode == 4 and "not extracted" in out and "`rulings extract`" in out, out[-3000:]
    assert "passed" not in out and not (sandbox.build / "features").exists()

    extracted = sandbox.rulings("extract")
    assert extracted.returncode == 0 and "up to date (2 examples)" in extracted.stdout, sandbox.output(extracted)
    # and again, nothing changed: said from the last extraction's record, Sphinx not imported
    # (issue 23: its import was most of `make test`'s first command)
    again = _in(sandbox, "-c", _EXTRACT_AGAIN)
    said, loaded = again.stdout.strip().splitlines()[-2:]
    assert again.returncode == 0 and "up to date (2 examples)" in said and loaded == "[]", again.stdout + again.stderr

    # a document edited since: stale, refused before anything runs (a green of the old text
    # would lie) — and the features are left as they were (the binding does not extract)
    features = sorted((p, p.read_bytes()) for p in (sandbox.build / "features").rglob("*") if p.is_file())
    sandbox.write("spec/ygo/pipeline.rst", DOC.format(verdict="不再是"))
    done = pytest_()
    out = sandbox.output(done)
    assert done.returncode == 4 and "is stale" in out and "Run `rulings extract`" in out, out[-3000:]
    assert "passed" not in out and "failed" not in out, out[-3000:]
    assert sorted((p, p.read_bytes()) for p in (sandbox.build / "features").rglob("*") if p.is_file()) == features

    # a module that binds outside tests/examples fails its collection with the same message
    sandbox.write("tests/elsewhere/test_bound.py", 'from rulings.bdd import bind\n\nbind("ygo")\n')
    done = pytest_("tests/elsewhere")
    out = sandbox.output(done)
    assert done.returncode == 2 and "ERROR collecting" in out and "Run `rulings extract`" in out, out[-3000:]
    assert "Traceback" not in out, out[-3000:]

    # the command brings them up to date: the examples are collected and bound without
    # Sphinx or docutils imported on the way (issue 23: one session of pytest, not one to
    # collect and one to run); both run, and the edited one fails as it should
    assert sandbox.rulings("extract").returncode == 0
    done = _in(sandbox, "-c", _COLLECT)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert (report["code"], report["loaded"]) == (1, []), done.stdout[-3000:] + done.stderr[-3000:]
    assert len([i for i in report["collected"] if i.startswith("tests/examples/test_ygo.py::")]) == 2, report
    assert "FAILED tests/examples/test_ygo.py::test_pipe_normal_face_down" in done.stdout, done.stdout[-3000:]
