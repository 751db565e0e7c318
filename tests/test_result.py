"""Result: aggregates with intervals, persistence, export and provenance."""

import asyncio
import json

import pandas as pd
import pytest

from ragmeter import Result, __version__, evaluate
from ragmeter.demo import good_rows
from ragmeter.metrics.base import MetricResult
from ragmeter.results import aggregate


@pytest.fixture(scope="module")
def result():
    rows = good_rows() + [{"question": "q", "answer": "", "contexts": ["x"], "ground_truth": "y"}]
    return evaluate(rows, metrics=["faithfulness", "context_recall", "answer_similarity"], judge="lexical")


def test_aggregate_counts_and_interval():
    rs = [MetricResult(0.2), MetricResult(0.4), MetricResult(0.9), MetricResult.skipped("x"), MetricResult.error("y")]
    agg = aggregate(rs, seed=1)
    assert agg.n == 5 and agg.n_ok == 3 and agg.n_skipped == 1 and agg.n_error == 1
    assert agg.mean == pytest.approx(0.5)
    assert agg.ci_low <= agg.mean <= agg.ci_high
    assert 0.2 <= agg.ci_low and agg.ci_high <= 0.9
    assert aggregate(rs, seed=1) == agg  # seeded: the same interval every time


def test_no_ok_scores_gives_none_not_nan():
    agg = aggregate([MetricResult.skipped("x")])
    assert agg.mean is None and agg.ci_low is None and agg.n_skipped == 1


def test_getitem_repr_and_table(result):
    assert isinstance(result["faithfulness"], float)
    assert repr(result).startswith("{'faithfulness': ")
    df = result.to_pandas()
    assert len(df) == 9
    for m in ("faithfulness", "context_recall", "answer_similarity"):
        assert {m, f"{m}_status", f"{m}_reason"} <= set(df.columns)
    assert df.loc[8, "faithfulness_status"] == "skipped"
    assert pd.isna(df.loc[8, "faithfulness"]) and df.loc[8, "faithfulness_reason"]
    with pytest.raises(KeyError, match="was not evaluated"):
        result["context_precision"]


def test_save_load_round_trip(result, tmp_path):
    path = result.save(tmp_path / "run" / "result.json")
    loaded = Result.load(path)
    assert loaded.means() == result.means()
    assert loaded.aggregates == result.aggregates
    assert loaded.provenance == json.loads(json.dumps(result.provenance))
    assert loaded.metric_results[0]["faithfulness"].evidence == result.metric_results[0]["faithfulness"].evidence
    assert json.loads(path.read_text())["schema"] == "ragmeter.result/1"


def test_csv_and_jsonl_export(result, tmp_path):
    result.to_csv(tmp_path / "s.csv")
    result.to_jsonl(tmp_path / "s.jsonl")
    csv = pd.read_csv(tmp_path / "s.csv")
    assert len(csv) == 9 and json.loads(csv.loc[0, "retrieved_contexts"]) == good_rows()[0]["contexts"]
    lines = (tmp_path / "s.jsonl").read_text().splitlines()
    assert len(lines) == 9 and json.loads(lines[0])["faithfulness_status"] == "ok"


def test_provenance(result):
    p = result.provenance
    assert p["ragmeter_version"] == __version__
    assert p["judge"]["name"] == "lexical" and "support_threshold" in p["judge"]
    assert p["dataset_hash"].startswith("sha256:")
    assert set(p["metrics"]) == {"faithfulness", "context_recall", "answer_similarity"}
    assert p["started_at"] <= p["ended_at"]
    again = evaluate(good_rows(), metrics=["faithfulness"], judge="lexical")
    other = evaluate(good_rows()[:-1], metrics=["faithfulness"], judge="lexical")
    assert again.provenance["dataset_hash"] != other.provenance["dataset_hash"]


def test_evaluate_works_inside_a_running_event_loop():
    async def notebook_cell():
        return evaluate(good_rows(), metrics=["faithfulness"], judge="lexical")

    result = asyncio.run(notebook_cell())
    assert result["faithfulness"] > 0.5
