"""The documents themselves: extracting the examples must not have raised a single
warning (a broken example would otherwise be missing from the run without a failure)."""

from pathlib import Path

from rulings.bdd import read_extraction
from rulings.project import find_root


def test_the_documents_have_no_problems():
    outcome = read_extraction(find_root(Path(__file__).parent))
    problems = "\n".join(outcome.warnings)
    assert not outcome.warnings, f"{len(outcome.warnings)} problem(s) in the documents:\n{problems}"
    assert outcome.status == 0
