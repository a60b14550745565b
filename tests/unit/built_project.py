"""One small project built once per test process, copied for each test that starts from
it (issue 23): a test of the pipeline that needs "a project whose examples passed and
whose site is built" gets it without a ``rulings build`` of its own.

The project (FEW_CARDS; ``spec/ygo/good.rst`` with example ``good-1`` and
``spec/ygo/other.rst`` with ``other-1``, both passing) is built with ``rulings build``,
then moved aside; each test gets a copy of it *at the path it was built at*
(``shutil.copytree`` keeps every file's content and modification time), so that what the
next command reads again or runs again is what the test changed, as it would be in the
project the build left: nothing else (a copy at another path would be read again by
Sphinx, whose source folder changed).  Tests of one process run one at a time: each
copy replaces the one before.  One project per process (a pytest-xdist worker builds
its own), whichever test module asks for it first.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import FEW_CARDS, Sandbox, make_sandbox
from tests.unit.test_bad_input import document, example

#: the built project's documents: two, each with an example that passes
DOCUMENTS = {"spec/ygo/good.rst": document("好文档", example("good-1")),
             "spec/ygo/other.rst": document("别的文档", example("other-1"))}


class BuiltProject:
    def __init__(self, folder: Path) -> None:
        self.root = folder / "project"  # where it was built, and where each copy goes
        self._kept = folder / "built"
        box = make_sandbox(self.root, FEW_CARDS)
        for path, text in DOCUMENTS.items():
            box.write(path, text)
        done = box.rulings("build")
        assert done.returncode == 0 and done.stdout.strip().splitlines()[-1] == "2 passed, 0 failed", \
            box.output(done)
        self.root.rename(self._kept)

    def copy(self) -> Sandbox:
        """A copy of the built project, at the path it was built at (the copy before is gone)."""
        shutil.rmtree(self.root, ignore_errors=True)
        shutil.copytree(self._kept, self.root, symlinks=True)
        return Sandbox(self.root)


#: the project of this process: a fixture imported into several test modules is a fixture
#: of each (pytest keeps a session fixture's value per module that defines it), so the
#: project is kept here, built by whichever module asks first
_BUILT: list[BuiltProject] = []


@pytest.fixture(scope="session")
def built_project(tmp_path_factory) -> BuiltProject:
    if not _BUILT:
        _BUILT.append(BuiltProject(tmp_path_factory.mktemp("built-project")))
    return _BUILT[0]


@pytest.fixture
def built(built_project) -> Sandbox:
    """A copy of the built project, for this test to change."""
    return built_project.copy()
