"""Issue 23: a pytest session that collects no documented example builds nothing at
start-up (the binding's plugin extracts only for sessions that take in tests/examples);
a test that needs the cards asks for them (the ``extracted`` fixture)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _pytest(build: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "RULINGS_BUILD": str(build)}
    env.pop("RULINGS_EXTRACTED", None)
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_a_unit_file_run_alone_builds_no_sphinx(tmp_path):
    build = tmp_path / "build"
    done = _pytest(build, "tests/unit/test_fingerprint.py")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert not (build / "features").exists() and not (build / "doctrees").exists(), sorted(build.rglob("*"))
