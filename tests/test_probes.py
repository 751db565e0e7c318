"""The hand-written dev probes (benchmarks/probes/) are well formed: every passage has claims of
both labels, each kind always with the same label, and no claim repeats its passage."""

import json
from pathlib import Path

import pytest

PROBES = Path(__file__).resolve().parents[1] / "benchmarks" / "probes"


@pytest.mark.parametrize("name,per_passage", [("paraphrase", 4), ("swaps", 3)])
def test_a_probe_is_well_formed(name, per_passage):
    rows = [json.loads(line) for line in (PROBES / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 60 and len({r["id"] for r in rows}) == 60
    assert len({r["domain"] for r in rows}) == 10
    label_of: dict[str, int] = {}
    for r in rows:
        assert len(r["claims"]) == per_passage, r["id"]
        assert {c["label"] for c in r["claims"]} == {0, 1}, r["id"]
        for c in r["claims"]:
            assert label_of.setdefault(c["kind"], c["label"]) == c["label"], (r["id"], c["kind"])
            assert c["text"].strip() and c["text"] not in r["evidence"], (r["id"], c["kind"])
