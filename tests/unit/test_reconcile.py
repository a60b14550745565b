"""Reconciliation (rulings.runs.reconcile) names every example whose scenario is missing
from the features, or whose scenario was written from another text of it, and every
scenario without an example: docs/bad-input.md's messages, on a copy of the checkout's
own extraction with its features altered after the fact."""

from __future__ import annotations

import re
import shutil

from rulings.project import Paths
from rulings.runs import reconcile
from tests.conftest import ROOT


def test_features_that_disagree_with_the_documents_are_named(extracted, tmp_path, monkeypatch):
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    source = Paths(ROOT)
    paths = Paths(tmp_path)
    shutil.copytree(source.features, paths.features)
    shutil.copytree(source.cards, paths.cards)
    baseline = reconcile(paths)
    # (no results here: every example says so, which is not what this test is about)
    assert not [p for p in baseline.problems if "not in the features" in p or "since the features" in p
                or "no example in the documents" in p], baseline.problems[:5]

    tags = re.compile(r"^(\s*@rulings-id:)(\S+)( @rulings-hash:)(\S*)", re.M)
    feature = sorted(paths.features.rglob("*.feature"))[0]
    text = feature.read_text(encoding="utf-8")
    found = tags.findall(text)
    assert len(found) >= 3, feature
    (_, dropped, _, _), (_, edited, _, old_hash), (_, renamed, _, _) = found[:3]
    text = text.replace(f"@rulings-id:{dropped} ", "@rulings-other:x ", 1)  # its tag line gone
    text = text.replace(f"@rulings-hash:{old_hash}", "@rulings-hash:0000", 1)
    text = text.replace(f"@rulings-id:{renamed} ", "@rulings-id:nowhere-in-the-documents ", 1)
    feature.write_text(text, encoding="utf-8")

    problems = reconcile(paths).problems
    said = "\n".join(problems)
    assert re.search(rf"\.rst:\d+: [\w-]+: {re.escape(dropped)} — not in the features$", said, re.M), said
    assert re.search(rf"\.rst:\d+: [\w-]+: {re.escape(edited)} — changed since the features were written$",
                     said, re.M), said
    assert re.search(rf"\.rst:\d+: [\w-]+: {re.escape(renamed)} — not in the features$", said, re.M), said
    assert "scenario 'nowhere-in-the-documents' has no example in the documents" in said, said
    counts = [p for p in problems if p.startswith("counts disagree:")]
    assert len(counts) == 1 and "not in the features: " in counts[0] and dropped in counts[0] \
        and "not in the documents: nowhere-in-the-documents" in counts[0], counts
    # only the examples a command selected: the others' disagreements are not theirs
    alone = reconcile(paths, only={edited}).problems
    assert [p for p in alone if edited in p] and not [p for p in alone if dropped in p or renamed in p], alone
