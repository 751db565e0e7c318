"""The judge contract (judges/base.py): one error type, the engine's hooks with their defaults,
a declared fused claims check, per-item failures typed, batches sent by an explicit flush, and
layers that point one way (issue 25, item 3)."""

import ast
import asyncio
from pathlib import Path

import pytest

from ragmeter import evaluate
from ragmeter.asker import Asker
from ragmeter.demo import good_rows
from ragmeter.errors import (
    BudgetExceeded,
    DeadlineExceeded,
    DryRunCall,
    EndpointDown,
    JudgeError,
    JudgeOutputError,
    RagmeterError,
)
from ragmeter.judges import LexicalJudge
from ragmeter.judges.base import ItemFailure, Judge
from ragmeter.metrics.base import Metric, MetricResult

SRC = Path(__file__).resolve().parents[1] / "src" / "ragmeter"


def _imports(path: Path) -> set[str]:
    """The modules a file imports, as absolute names (relative imports resolved)."""
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
    return out


def test_the_engine_knows_judges_only_through_their_contract():
    imported = _imports(SRC / "engine.py")
    assert not {m for m in imported if m.startswith(("ragmeter.runner", "ragmeter.judges.llm.parse",
                                                      "ragmeter.dry_run", "ragmeter.budget", "ragmeter.breaker"))}
    assert "getattr" not in (SRC / "engine.py").read_text()


def test_importing_ragmeter_loads_no_judge_and_no_call_runner():
    """The LLM judge, its parser and the call runner load when a judge is made, not with the
    package (the engine reads usage figures from judges.llm.usage, which must not pull them in)."""
    import subprocess
    import sys

    code = ("import sys, ragmeter, ragmeter.engine, ragmeter.report.summary; print(sorted(m for m in sys.modules "
            "if m in ('ragmeter.runner', 'ragmeter.judges.llm.judge', 'ragmeter.judges.llm.parse', "
            "'ragmeter.judges.local.judge')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]", loaded


def test_models_never_import_judges():
    for path in sorted((SRC / "models").glob("*.py")):
        judges = {m for m in _imports(path) if m.startswith("ragmeter.judges")}
        assert not judges, f"{path.name} imports {judges}"


def test_judge_errors_are_one_type_and_keep_their_old_homes():
    import ragmeter.breaker
    import ragmeter.budget
    import ragmeter.deadline
    import ragmeter.dry_run
    import ragmeter.judges.llm.parse

    for cls in (JudgeOutputError, DryRunCall, BudgetExceeded, EndpointDown, DeadlineExceeded):
        assert issubclass(cls, JudgeError) and issubclass(cls, RagmeterError)
    assert ragmeter.budget.BudgetExceeded is BudgetExceeded and ragmeter.breaker.EndpointDown is EndpointDown
    assert ragmeter.deadline.DeadlineExceeded is DeadlineExceeded and ragmeter.dry_run.DryRunCall is DryRunCall
    assert ragmeter.judges.llm.parse.JudgeOutputError is JudgeOutputError
    assert [BudgetExceeded.stopped_by, EndpointDown.stopped_by, DeadlineExceeded.stopped_by] == \
        ["budget", "endpoint", "deadline"]
    assert JudgeOutputError("no JSON", "raw").reason() == "the judge's reply could not be used: no JSON"
    assert BudgetExceeded("over").reason() == "BudgetExceeded: over"


def test_a_judge_that_makes_no_calls_has_the_defaults():
    judge = LexicalJudge()
    assert judge.samples_in_flight(1024) == 1024 and judge.usage() is None
    assert not judge.is_dry_run() and judge.dry_run_summary() is None and not judge.fused_claims_support
    judge.start_run(10.0, 0.5, None)  # nothing to limit, nothing raised


def test_the_llm_judge_declares_its_hooks():
    from ragmeter.judges.llm.judge import LLMJudge
    from ragmeter.models.base import ChatModel
    from ragmeter.runner import RunnerSettings

    class Silent(ChatModel):
        id = "test:silent"

        async def complete(self, messages, schema=None, temperature=0.0, max_tokens=None):
            raise AssertionError("not called")

    judge = LLMJudge(Silent(), cache=False, settings=RunnerSettings(max_concurrency=4, dry_run=True))
    assert judge.fused_claims_support and judge.samples_in_flight(1024) == 10 and judge.samples_in_flight(3) == 3
    assert judge.usage() is judge.runner.usage and judge.is_dry_run()
    assert judge.dry_run_summary()["calls"] == 0


class _Fused(LexicalJudge):
    """Claims and support in one step, declared; counts the steps asked."""

    fused_claims_support = True

    def __init__(self):
        super().__init__()
        self.steps: list[str] = []

    async def claims_support(self, items):
        self.steps.append("claims_support")
        return await super().claims_support(items)

    async def split_claims(self, items):
        self.steps.append("split_claims")
        return await super().split_claims(items)


class _Overridden(_Fused):
    """Overrides claims_support without declaring it fused: the asker splits, then checks."""

    fused_claims_support = False


def test_the_asker_uses_a_fused_claims_check_only_when_declared():
    fused, plain = _Fused(), _Overridden()
    a = evaluate(good_rows(), metrics=["faithfulness"], judge=fused)
    b = evaluate(good_rows(), metrics=["faithfulness"], judge=plain)
    assert fused.steps[0] == "claims_support" and "claims_support" not in plain.steps
    assert a["faithfulness"] == pytest.approx(b["faithfulness"])


class _FailsOne(LexicalJudge):
    """Answers a batch, but fails one item of it (typed, as an LLM judge does)."""

    async def answer_relevance(self, items):
        answers = list(await super().answer_relevance(items))
        return [ItemFailure(JudgeOutputError("unusable reply", "{oops")) if "reynolds" in item.question else a
                for item, a in zip(items, answers)]


def test_an_item_failure_fails_that_item_alone():
    result = evaluate(good_rows(), metrics=["answer_relevancy"], judge=_FailsOne())
    rows = [r["answer_relevancy"] for r in result.metric_results]
    assert [r.status for r in rows].count("ok") == 7
    bad = next(r for r in rows if r.status == "error")
    assert bad.reason == "the judge's reply could not be used: unusable reply" and bad.evidence["raw_output"] == "{oops"


class _FailsSplit(LexicalJudge):
    async def split_claims(self, items):
        return [ItemFailure(RuntimeError("no claims for you")) if "reynolds" in i.text else c
                for i, c in zip(items, await super().split_claims(items))]


def test_the_default_claims_check_passes_item_failures_on():
    judge = _FailsSplit()
    from ragmeter.judges.base import ClaimsSupportItem

    texts = ["the reynolds number is a ratio", "mitochondria produce atp"]
    answers = asyncio.run(judge.claims_support([ClaimsSupportItem(("mitochondria produce atp",), t) for t in texts]))
    assert isinstance(answers[0], ItemFailure) and "no claims" in str(answers[0].error)
    assert answers[1] and answers[1][0].yes


class _Counting(LexicalJudge):
    def __init__(self):
        super().__init__()
        self.batches: list[int] = []

    async def answer_relevance(self, items):
        self.batches.append(len(items))
        return await super().answer_relevance(items)


class _Dawdling(Metric):
    """Yields the event loop a different number of times per sample (up to 12) before asking:
    a batch collected by counting yields would be split; an explicit flush is not."""

    name = "dawdling"
    required = ("user_input", "response")

    async def score(self, sample, ask):
        for _ in range(len(sample.user_input) % 13):
            await asyncio.sleep(0)
        rel = await ask.answer_relevance(sample.user_input, sample.response)
        return MetricResult(rel.score)


def test_a_batch_leaves_when_every_metric_being_scored_has_asked():
    judge = _Counting()
    result = evaluate(good_rows(), metrics=[_Dawdling()], judge=judge)
    assert judge.batches == [8]
    assert all(r["dawdling"].status == "ok" for r in result.metric_results)


class _Slow(Metric):
    """Waits on something that is not the judge (a timer) before asking, longer for some samples."""

    name = "slow"
    required = ("user_input", "response")

    async def score(self, sample, ask):
        await asyncio.sleep(0.01 * (len(sample.user_input) % 3))
        rel = await ask.answer_relevance(sample.user_input, sample.response)
        return MetricResult(rel.score)


def test_a_metric_waiting_on_something_else_is_waited_for():
    judge = _Counting()
    evaluate(good_rows(), metrics=[_Slow()], judge=judge)
    assert judge.batches == [8]


class _Raises(Metric):
    """Fails for some samples before asking anything: the others' batch still leaves."""

    name = "raises"
    required = ("user_input", "response")

    async def score(self, sample, ask):
        if "reynolds" in sample.user_input:
            raise ValueError("formula broke")
        await asyncio.gather(ask.answer_relevance(sample.user_input, sample.response),
                             ask.answer_relevance(sample.user_input, sample.response + " indeed"))
        return MetricResult(1.0)


def test_a_failing_metric_does_not_hold_the_batch():
    judge = _Counting()
    result = evaluate(good_rows(), metrics=[_Raises()], judge=judge)
    assert judge.batches == [14]  # 7 samples, 2 questions each, in one batch
    assert [r["raises"].status for r in result.metric_results].count("error") == 1


def test_questions_asked_outside_the_engine_are_sent_too():
    judge = _Counting()
    ask = Asker(judge)

    async def main():
        return await asyncio.gather(*(ask.answer_relevance(r["question"], r["answer"]) for r in good_rows()))

    answers = asyncio.run(main())
    assert len(answers) == 8 and judge.batches == [8]


def test_an_out_of_range_score_from_a_metric_is_an_error():
    class Broken(Metric):
        name = "broken"
        required = ("response",)

        async def score(self, sample, ask):
            return MetricResult(1.5, reason="3 of 2 claims supported")

    result = evaluate(good_rows()[:2], metrics=[Broken()], judge="lexical")
    r = result.metric_results[0]["broken"]
    assert r.status == "error" and "1.5" in r.reason and "outside [0, 1]" in r.reason
    assert isinstance(Judge.fused_claims_support, bool)
