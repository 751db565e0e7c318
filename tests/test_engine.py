"""The engine: batching, asking once, isolating failures."""

import asyncio

import pytest

from ragmeter import aevaluate, evaluate
from ragmeter.demo import good_rows
from ragmeter.judges import LexicalJudge


class CountingJudge(LexicalJudge):
    """The real lexical judge, counting how often and with how many items it is asked."""

    def __init__(self, fail_on: str | None = None):
        super().__init__()
        self.calls: dict[str, list[int]] = {}
        self.fail_on = fail_on

    def _count(self, name, items):
        self.calls.setdefault(name, []).append(len(items))

    async def split_claims(self, items):
        self._count("split_claims", items)
        if self.fail_on and any(self.fail_on in i.text for i in items):
            raise RuntimeError("judge broke on this text")
        return await super().split_claims(items)

    async def support(self, items):
        self._count("support", items)
        return await super().support(items)

    async def embed(self, texts):
        self._count("embed", texts)
        return await super().embed(texts)


def test_questions_are_batched_across_samples():
    judge = CountingJudge()
    rows = good_rows() * 5  # 40 samples, 8 distinct
    evaluate(rows, metrics=["faithfulness", "context_recall"], judge=judge)
    # one batch of claim splits for all samples, one of support checks
    assert len(judge.calls["split_claims"]) == 1
    assert len(judge.calls["support"]) == 1
    # identical questions asked once: 8 distinct answers (= references here), not 40 * 2
    assert judge.calls["split_claims"][0] == 8


def test_shared_claims_between_faithfulness_and_answer_correctness():
    judge = CountingJudge()
    rows = [{**r, "ground_truth": r["ground_truth"] + " extra words here"} for r in good_rows()]
    evaluate(rows, metrics=["faithfulness", "answer_correctness"], judge=judge)
    # response claims (8) + reference claims (8), asked once although two metrics need the former
    assert sum(judge.calls["split_claims"]) == 16


def test_one_failing_sample_is_recorded_and_the_run_goes_on():
    judge = CountingJudge(fail_on="reynolds")
    result = evaluate(good_rows(), metrics=["faithfulness", "answer_relevancy"], judge=judge)
    statuses = [row["faithfulness"].status for row in result.metric_results]
    assert statuses.count("error") == 1 and statuses.count("ok") == 7
    bad = next(row["faithfulness"] for row in result.metric_results if row["faithfulness"].status == "error")
    assert "judge broke" in bad.reason and bad.score is None
    assert result.aggregates["faithfulness"].n_error == 1
    assert all(row["answer_relevancy"].status == "ok" for row in result.metric_results)


def test_async_api():
    result = asyncio.run(aevaluate(good_rows(), metrics=["context_precision"], judge="lexical"))
    assert result["context_precision"] >= 0.8


def test_unknown_metric_and_judge_are_config_errors():
    from ragmeter import ConfigError

    with pytest.raises(ConfigError, match="unknown metric 'faithfullness'"):
        evaluate(good_rows(), metrics=["faithfullness"], judge="lexical")
    with pytest.raises(ConfigError, match="unknown judge"):
        evaluate(good_rows(), judge="gpt-17")
