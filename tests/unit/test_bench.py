"""The benchmark's plain twin must be a fair site: the same pages, navigation included."""

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
