"""The seeds' code, with only the imports changed, and seed 000's checks."""

import numpy as np
import pytest

from ragmeter import evaluate
from ragmeter.demo import bad_rows, good_rows
from ragmeter.judges import LexicalJudge


@pytest.fixture(scope="module")
def demo_results():
    judge = LexicalJudge()
    return evaluate(good_rows(), judge=judge), evaluate(bad_rows(), judge=judge)


def test_seed000_checks_with_lexical_judge(demo_results):
    good, bad = demo_results
    assert good["faithfulness"] >= 0.70
    assert bad["faithfulness"] < good["faithfulness"]
    assert good["context_precision"] >= 0.80
    assert bad["context_precision"] < good["context_precision"]
    assert good["context_recall"] > 0.5
    assert good["answer_relevancy"] > 0 and bad["answer_relevancy"] > 0


def test_seed000_hallucinated_claim_is_named(demo_results):
    _, bad = demo_results
    claims = bad.metric_results[0]["faithfulness"].evidence["claims"]
    unsupported = [c["text"] for c in claims if not c["verdict"]]
    assert any("2019 nature paper" in c for c in unsupported)


def test_seed003_code_runs_with_our_imports(seed003_samples, capsys):
    pytest.importorskip("datasets")
    from datasets import Dataset

    from ragmeter.metrics import answer_relevancy, context_precision, context_recall, faithfulness

    dataset = Dataset.from_list(seed003_samples)
    result = evaluate(
        dataset=dataset,
        metrics=[faithfulness, answer_relevancy, context_precision, context_recall],
        judge="lexical",
    )
    print(result)
    shown = capsys.readouterr().out
    assert shown.startswith("{'faithfulness': ") and "'context_recall': " in shown
    for name in ("faithfulness", "answer_relevancy", "context_precision", "context_recall"):
        assert 0.0 <= result[name] <= 1.0
    df = result.to_pandas()
    assert list(df["faithfulness_status"]) == ["ok", "ok"]
    assert len(df) == 2


def test_seed003_dataset_from_dict(seed003_samples):
    pytest.importorskip("datasets")
    from datasets import Dataset

    cols = {k: [s[k] for s in seed003_samples] for k in seed003_samples[0]}
    result = evaluate(dataset=Dataset.from_dict(cols), judge="lexical")
    assert set(result.keys()) == {"faithfulness", "answer_relevancy", "context_precision", "context_recall"}
    mean_score = sum(result[m] for m in result.keys()) / 4
    assert 0 < mean_score <= 1
    assert np.isfinite(mean_score)
