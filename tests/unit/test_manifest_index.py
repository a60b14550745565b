"""The manifest written in proportion to what changed (issue 28): a document's lines are
copied from the current ``manifest.json`` only when the index beside it was written for
that very file and gives the digest of the same records; whatever else happened, the
file is what encoding every example gives, byte for byte."""

from __future__ import annotations

import os

from rulings import incremental
from rulings.results import dump_lines, index_path
from rulings.sphinxext import builder
from rulings.sphinxext.state import KeptPickled


def _documents(version: dict[str, int]) -> list[tuple[str, list[dict], bytes]]:
    """Documents whose entries (and digest) are those of their version number."""
    return [(doc, [{"id": f"{doc}-{i}", "title": f"例子 {i}", "line": v * 10 + i} for i in range(1 + v % 3)],
             f"{doc}:{v}".encode()) for doc, v in version.items()]


def _whole(documents) -> str:
    return dump_lines({"format": builder.MANIFEST_FORMAT, "examples": [e for _d, es, _k in documents for e in es]},
                      "examples")


def _write(folder, documents) -> os.stat_result:
    incremental.forget_manifests()  # as a new process: nothing remembered of the last write
    builder.write_manifest(folder, documents)
    return os.stat(folder / "manifest.json")


def test_the_manifest_is_every_example_encoded_whatever_changed(tmp_path):
    versions = [{}, {"a": 0, "b": 0, "c": 0}, {"a": 0, "b": 1, "c": 0}, {"a": 0, "c": 0},
                {"a": 0, "b": 2, "c": 0, "d": 5}, {"d": 5, "e": 1}]
    for version in versions:
        documents = _documents(version)
        _write(tmp_path, documents)
        assert (tmp_path / "manifest.json").read_text(encoding="utf-8") == _whole(documents)


def test_lines_are_copied_only_for_records_of_the_same_digest(tmp_path, monkeypatch):
    documents = _documents({"a": 0, "b": 0, "c": 0})
    _write(tmp_path, documents)
    encoded = []
    real = builder.compact
    monkeypatch.setattr(builder, "compact", lambda e: encoded.append(e["id"]) or real(e))
    _write(tmp_path, _documents({"a": 0, "b": 1, "c": 0}))
    assert sorted(encoded) == ["b-0", "b-1"]  # only the document whose records changed


def test_a_manifest_in_which_nothing_changed_is_left_as_it_is(tmp_path):
    before = _write(tmp_path, _documents({"a": 0, "b": 0}))
    assert _write(tmp_path, _documents({"a": 0, "b": 0})).st_ino == before.st_ino
    # records changed in what the manifest does not list: other digests, the same lines
    same_lines = [(d, es, k + b"-verdict") for d, es, k in _documents({"a": 0, "b": 0})]
    assert _write(tmp_path, same_lines).st_ino == before.st_ino
    # and records without a digest (none kept for them): encoded, compared, left
    assert _write(tmp_path, [(d, es, None) for d, es, _k in same_lines]).st_ino == before.st_ino


def test_the_index_of_another_file_is_not_used(tmp_path):
    documents = _documents({"a": 0, "b": 0})
    _write(tmp_path, documents)
    path = tmp_path / "manifest.json"
    # the file written again by someone else (other lines, the same size), in place
    text = path.read_text(encoding="utf-8")
    with open(path, "r+", encoding="utf-8") as f:
        f.write(text.replace("例子 0", "例子 9"))
    _write(tmp_path, documents)
    assert path.read_text(encoding="utf-8") == _whole(documents)
    # an index left by a build killed before it wrote the file the index is of
    index = index_path(path).read_bytes()
    path.write_text(text.replace("例子 0", "例子 8"), encoding="utf-8")
    index_path(path).write_bytes(index)
    _write(tmp_path, documents)
    assert path.read_text(encoding="utf-8") == _whole(documents)
    # a damaged index: as if there were none
    index_path(path).write_bytes(b"\0garbage")
    _write(tmp_path, _documents({"a": 1, "b": 0}))
    assert path.read_text(encoding="utf-8") == _whole(_documents({"a": 1, "b": 0}))


def test_a_documents_digest_is_of_its_records_as_they_are():
    examples = KeptPickled()
    examples["doc"] = [{"id": "x", "hash": "h", "line": 1, "status": "passed", "extracted": True}]
    assert examples.digest_of("doc") is None  # never pickled: no bytes kept
    list(examples._blobs())  # a save
    first = examples.digest_of("doc")
    assert first is not None and examples.digest_of("doc") == first
    examples["doc"][0]["extracted"] = False  # a verdict decided again after reading
    assert examples.digest_of("doc") is None
    list(examples._blobs())
    assert examples.digest_of("doc") not in (None, first)
    examples["doc"] = [{"id": "x", "hash": "h", "line": 1, "status": "passed", "extracted": True}]
    assert examples.digest_of("doc") is None  # read again: its bytes are not its records'
    list(examples._blobs())
    assert examples.digest_of("doc") == first  # the same records: the same digest


def test_the_digests_are_pickled_with_the_bytes(monkeypatch):
    import pickle

    from rulings import digests

    examples = KeptPickled()
    examples["a"] = [{"id": "x", "hash": "h", "line": 1, "status": "passed", "extracted": True}]
    examples["b"] = [{"id": "y", "hash": "i", "line": 2, "status": "failed", "extracted": True}]
    loaded = pickle.loads(pickle.dumps(examples))
    assert loaded == examples
    want = {d: digests.of_bytes(loaded._kept[d][0]) for d in ("a", "b")}

    def refuse(data):
        raise AssertionError("digested again after loading")

    with monkeypatch.context() as m:
        m.setattr(digests, "of_bytes", refuse)
        assert {d: loaded.digest_of(d) for d in ("a", "b")} == want
    loaded["a"][0]["status"] = "stale"  # decided again: not its bytes any more
    assert loaded.digest_of("a") is None
    again = pickle.loads(pickle.dumps(loaded))
    assert again.digest_of("a") not in (None, want["a"]) and again.digest_of("b") == want["b"]
