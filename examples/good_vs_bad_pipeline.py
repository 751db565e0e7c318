"""Seed 000 end to end with ragmeter: a good RAG pipeline against a bad one.

    python examples/good_vs_bad_pipeline.py [--out examples-out]

The good pipeline retrieves the passages that hold the answer and answers from them; the bad
one ranks an unrelated passage first and adds a hallucinated claim. Both run through
RAGPipeline on the offline judge; the seed's checks are asserted, compare() must call the
good pipeline better on faithfulness and context precision, and the grouped bar chart with
95% CI error bars is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ragmeter.compare import compare
from ragmeter.demo import HALLUCINATION, QA
from ragmeter.integrations import RAGPipeline, evaluate_pipeline
from ragmeter.report.plots import plot_runs

GOOD_CONTEXT = {q["q"]: q["good_ctx"] for q in QA}
BAD_CONTEXT = {q["q"]: q["bad_ctx"] + q["good_ctx"] for q in QA}
REFERENCE = {q["q"]: q["ref"] for q in QA}


def good_generate(question: str, contexts: list[str]) -> str:
    return REFERENCE[question]  # straight from the reference, as in seed 000


def bad_generate(question: str, contexts: list[str]) -> str:
    return f"{REFERENCE[question]}. {HALLUCINATION}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="examples-out")
    args = parser.parse_args(argv)
    questions = [q["q"] for q in QA]
    references = [q["ref"] for q in QA]
    good = evaluate_pipeline(RAGPipeline(GOOD_CONTEXT.__getitem__, good_generate), questions, references)
    bad = evaluate_pipeline(RAGPipeline(BAD_CONTEXT.__getitem__, bad_generate), questions, references)
    print("good pipeline:", good)
    print("bad pipeline: ", bad)

    checks = {
        "good_faithfulness_high": good["faithfulness"] >= 0.70,
        "bad_faithfulness_lower_than_good": bad["faithfulness"] < good["faithfulness"],
        "good_context_precision_high": good["context_precision"] >= 0.80,
        "bad_context_precision_lower": bad["context_precision"] < good["context_precision"],
        "good_context_recall_above_half": good["context_recall"] > 0.5,
        "answer_relevancy_positive": good["answer_relevancy"] > 0 and bad["answer_relevancy"] > 0,
    }
    comparison = compare(bad, good, name_a="bad", name_b="good")
    print(comparison)
    for metric in ("faithfulness", "context_precision"):
        m = comparison.metrics[metric]
        checks[f"compare_says_good_better_on_{metric}"] = m.significant and m.paired.difference > 0

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    good.save(out / "good" / "result.json")
    bad.save(out / "bad" / "result.json")
    plot_runs({"good pipeline": good, "bad pipeline": bad}, out / "good_vs_bad.png",
              title="ragmeter: good vs bad pipeline (offline judge)")
    for name, ok in checks.items():
        print(f"{'PASS' if ok else 'FAIL'} {name}")
    print(f"wrote {out / 'good_vs_bad.png'}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
