"""Shape of the hand-written contrast suite (benchmarks/contrast/pairs.jsonl); no model is called."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter

import pytest
from conftest import REPO

SUITE = REPO / "benchmarks" / "contrast" / "pairs.jsonl"
RUNNER = REPO / "benchmarks" / "contrast.py"

NEEDS = {
    "faithfulness": {"question", "answer", "contexts"},
    "answer_relevancy": {"question", "answer", "contexts"},
    "answer_correctness": {"question", "answer", "contexts", "reference"},
    "context_recall": {"question", "contexts", "reference"},
    "context_precision": {"question", "contexts", "reference"},
}
CATEGORIES = {"entity_swap", "number_change", "negation", "antonym", "quantifier", "order_swap", "comparison_inverted",
              "paraphrase_vs_overlap", "yes_no_polarity", "non_answer_sentence", "evasive", "restatement",
              "another_question", "partial"}
DOMAINS = {"medicine", "law", "finance", "software", "hr_policy", "product_manual", "customer_support", "science",
           "history", "geography"}


@pytest.fixture(scope="module")
def pairs():
    lines = [line for line in SUITE.read_text(encoding="utf-8").splitlines() if line.strip()]
    out = []
    for number, line in enumerate(lines, start=1):
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as exc:
            pytest.fail(f"line {number} does not parse: {exc}")
    return out


@pytest.fixture(scope="module")
def runner():
    spec = importlib.util.spec_from_file_location("contrast_runner", RUNNER)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


def test_size_and_unique_ids(pairs):
    assert len(pairs) >= 120
    ids = Counter(p["id"] for p in pairs)
    assert not [i for i, n in ids.items() if n > 1], "ids must be unique"


def test_fields_per_metric(pairs):
    for p in pairs:
        for key in ("id", "metric", "category", "domain", "better", "worse", "why"):
            assert key in p and p[key], f"{p.get('id')}: {key} missing"
        assert p["metric"] in NEEDS, p["id"]
        for side in ("better", "worse"):
            sample = p[side]
            missing = NEEDS[p["metric"]] - set(sample)
            assert not missing, f"{p['id']}.{side} lacks {sorted(missing)}"
            assert isinstance(sample["contexts"], list) and sample["contexts"], p["id"]
            assert all(isinstance(c, str) and c.strip() for c in sample["contexts"]), p["id"]
            for key in NEEDS[p["metric"]] - {"contexts"}:
                assert isinstance(sample[key], str) and sample[key].strip(), f"{p['id']}.{side}.{key}"
        assert p["better"] != p["worse"], f"{p['id']}: both sides are the same"


def test_every_category_and_domain_appears(pairs):
    assert {p["category"] for p in pairs} == CATEGORIES
    assert {p["domain"] for p in pairs} == DOMAINS


def test_spread_over_metrics(pairs):
    counts = Counter(p["metric"] for p in pairs)
    assert counts["faithfulness"] >= 45
    assert counts["answer_relevancy"] >= 30
    assert counts["answer_correctness"] >= 30
    assert counts["context_recall"] + counts["context_precision"] >= 10


def test_runner_accepts_the_suite(runner):
    assert len(runner.load_pairs(SUITE)) >= 120


def test_runner_names_line_and_field(runner, tmp_path, pairs):
    broken = json.loads(json.dumps(pairs[0]))
    del broken["worse"]["contexts"]
    bad = tmp_path / "pairs.jsonl"
    bad.write_text(json.dumps(pairs[1]) + "\n" + json.dumps(broken) + "\n", encoding="utf-8")
    with pytest.raises(runner.SuiteError, match=r"line 2 .*'worse\.contexts'"):
        runner.load_pairs(bad)
    not_minimal = json.loads(json.dumps(pairs[0]))
    not_minimal["worse"]["question"] = "Something else?"
    bad.write_text(json.dumps(not_minimal) + "\n", encoding="utf-8")
    with pytest.raises(runner.SuiteError, match=r"line 1 .*'question' differs"):
        runner.load_pairs(bad)


def test_runner_accepts_every_contrast_file(runner):
    """The fresh sets written later (docs/benchmarks.md) load too, and no id is used twice across files."""
    files = sorted(SUITE.parent.glob("*.jsonl"))
    assert len(files) >= 7
    ids = Counter(p["id"] for path in files for p in runner.load_pairs(path))
    assert not [i for i, n in ids.items() if n > 1], "ids must be unique across the contrast files"


def test_the_suites_an_experiment_may_fit_on_exist_and_leave_the_blind_sets_out():
    """calibrate.py --written-weight fits on devsets.FITTED_SUITES only: the blind sets
    (fresh_mixed_10 and later) measure the judge on pairs it has never been fitted on."""
    import re

    sys.path.insert(0, str(REPO / "benchmarks"))
    import devsets

    assert all((REPO / "benchmarks" / "contrast" / name).is_file() for name in devsets.FITTED_SUITES)
    assert not [name for name in devsets.FITTED_SUITES if re.fullmatch(r"fresh_mixed_\d\d+\.jsonl", name)]
    pairs = devsets.written_pairs("answer_relevancy")
    assert len(pairs) == 305 and {p["metric"] for p in pairs} == {"answer_relevancy"}
