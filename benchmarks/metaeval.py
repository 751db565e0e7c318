"""Measure each judge against human labels and write benchmarks/RESULTS.md.

    python benchmarks/metaeval.py [--judges lexical,local-unverified,local,local-fast] [--no-validation]

- WikiEval (TEST ONLY, RAGAS paper Table 1): pairwise accuracy of faithfulness, answer
  relevancy and context relevancy; a win when the human-preferred side scores higher, half
  a win on a tie.
- WiCE dev and Factcheck-GPT: AUROC of faithfulness (claim as response, evidence as contexts).
- EVOUNA TriviaQA: AUROC of answer_correctness (max over the gold aliases) against the human label.
- SAS: Spearman correlation of answer_similarity with the 0/1/2 human labels.
- The grounding sets marked "validate only" (ANLI dev, AttributionBench OOD, AVeriTeC, Climate-FEVER,
  HealthVer, LFQA verification, QAGS): AUROC of faithfulness, 300 seeded rows each; no judge weight
  was fitted on them.
- Judges: lexical, local-unverified (the default judge without its claim verifier: the feature
  judge of version 12), local (default), local-fast.
Every figure carries a bootstrap 95% interval (1,000 resamples, seed 0).

Any LLM judge on the same sets (benchmarks/bench_llm.py; ``ragmeter bench --llm ...``):

    python benchmarks/metaeval.py --llm openai:gpt-4o-mini [--limit N] [--dry-run]
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devsets  # noqa: E402

import ragmeter  # noqa: E402
from ragmeter import evaluate  # noqa: E402
from ragmeter.judges import resolve_judge  # noqa: E402

PAPER = {"faithfulness": 0.95, "answer_relevancy": 0.78, "context_relevancy": 0.70}
TARGETS = {"wikieval_faithfulness": 0.96, "wikieval_answer_relevancy": 0.80, "wikieval_context_relevancy": 0.85,
           "wice_auroc": 0.98, "factcheck_auroc": 0.80, "evouna_auroc": 0.92, "sas_squad_spearman": 0.75}


def auroc(scores, labels) -> float:
    s, y = np.asarray(scores, float), np.asarray(labels, int)
    order = np.argsort(s, kind="mergesort")
    ranks = np.empty(len(s))
    sorted_s = s[order]
    i = 0
    while i < len(s):  # average ranks over ties
        j = i
        while j + 1 < len(s) and sorted_s[j + 1] == sorted_s[i]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2 + 1
        i = j + 1
    n_pos, n_neg = y.sum(), len(y) - y.sum()
    return float((ranks[y == 1].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def spearman(a, b) -> float:
    from scipy.stats import spearmanr

    return float(spearmanr(a, b).statistic)


def with_ci(stat, *columns, n=1000, seed=0):
    cols = [np.asarray(c) for c in columns]
    value = stat(*cols)
    rng = np.random.default_rng(seed)
    boots = []
    for _ in range(n):
        idx = rng.integers(0, len(cols[0]), len(cols[0]))
        try:
            boots.append(stat(*(c[idx] for c in cols)))
        except (ZeroDivisionError, ValueError, FloatingPointError):
            continue
    low, high = np.nanquantile(boots, [0.025, 0.975])
    return value, float(low), float(high)


#: set by bench_llm.py: at most this many items of each set (a seeded sample), a list that receives
#: (metric, rows, provenance, errors) of every evaluation, stand-in scores in a dry run, and failed
#: samples counted (their score None) rather than fatal: an LLM's rare unusable reply is not a bug
LIMIT: int | None = None
TALLY: list | None = None
DRY_RUN = False
TOLERATE_ERRORS = False


def limited(items: list) -> list:
    if LIMIT is None or len(items) <= LIMIT:
        return items
    import random

    keep = sorted(random.Random(0).sample(range(len(items)), LIMIT))
    return [items[i] for i in keep]


def scores_of(rows, metric, judge) -> list[float | None]:
    result = evaluate(rows, metrics=[metric], judge=judge)
    failed = [r[metric].reason for r in result.metric_results if r[metric].status == "error"]
    if TALLY is not None:
        TALLY.append((metric, len(rows), result.provenance, 0 if DRY_RUN else len(failed)))
    if DRY_RUN:  # no reply was real: stand-in scores, so that the figures can be computed and ignored
        return [0.0] * len(rows)
    if failed and not TOLERATE_ERRORS:  # a broken judge must not pass for a judge that ties
        raise RuntimeError(f"{metric}: {len(failed)} of {len(rows)} samples failed, e.g. {failed[0]}")
    return result.scores(metric)


def pairwise(judge, metric, preferred_rows, rejected_rows):
    a = scores_of(preferred_rows, metric, judge)
    b = scores_of(rejected_rows, metric, judge)
    wins = [1.0 if (x or 0) > (y or 0) else 0.5 if (x or 0) == (y or 0) else 0.0 for x, y in zip(a, b)]
    return with_ci(lambda w: float(np.mean(w)), wins)


def wikieval_figures(judge) -> dict[str, tuple]:
    rows = limited(devsets.wikieval())
    faith = pairwise(judge, "faithfulness",
                     [{"question": r["question"], "answer": r["answer"], "contexts": [r["context_v1"]]} for r in rows],
                     [{"question": r["question"], "answer": r["ungrounded_answer"], "contexts": [r["context_v1"]]} for r in rows])
    ar_pairs = limited(devsets.wikieval_pairs("answer_relevance"))
    relevancy = pairwise(judge, "answer_relevancy",
                         [{"question": r["question"], "answer": r["preferred"]} for r in ar_pairs],
                         [{"question": r["question"], "answer": r["rejected"]} for r in ar_pairs])
    cr_pairs = limited(devsets.wikieval_pairs("context_relevance"))
    ctx = pairwise(judge, "context_relevancy",
                   [{"question": r["question"], "contexts": [r["preferred"]]} for r in cr_pairs],
                   [{"question": r["question"], "contexts": [r["rejected"]]} for r in cr_pairs])
    return {"wikieval_faithfulness": faith, "wikieval_answer_relevancy": relevancy, "wikieval_context_relevancy": ctx}


def support_auroc(judge, data, as_list) -> tuple:
    data = limited(data)
    rows = [{"answer": claim, "contexts": ev if as_list else [ev]} for claim, ev, _ in data]
    scores = scores_of(rows, "faithfulness", judge)
    labels = [lab for *_, lab in data]
    kept = [(s, y) for s, y in zip(scores, labels) if s is not None]
    return with_ci(auroc, [s for s, _ in kept], [y for _, y in kept])


def evouna_auroc(judge) -> tuple:
    data = limited(devsets.evouna())
    rows, owner = [], []
    for i, r in enumerate(data):
        for gold in dict.fromkeys(r["gold_answers"][:5]):
            rows.append({"question": r["question"], "answer": r["answer"] or " ", "ground_truth": gold})
            owner.append(i)
    scores = scores_of(rows, "answer_correctness", judge)
    best = np.full(len(data), -1.0)
    for i, s in zip(owner, scores):
        best[i] = max(best[i], s if s is not None else 0.0)
    labels = [int(r["human_correct"]) for r in data]
    return with_ci(auroc, best, labels)


def sas_spearman(judge, name) -> tuple:
    data = limited(devsets.sas(name))
    rows = [{"answer": a, "ground_truth": b} for a, b, _ in data]
    scores = [s if s is not None else 0.0 for s in scores_of(rows, "answer_similarity", judge)]
    return with_ci(spearman, scores, [lab for *_, lab in data])


def judge_of(name: str):
    """A judge by name; "local-unverified" is the default judge without its claim verifier (the
    feature judge of versions 12 and before, to set the two side by side)."""
    if name == "local-unverified":
        from ragmeter.judges.local.judge import LocalJudge

        return LocalJudge(verifier=False, relevance_model=False)
    return resolve_judge(name)


def run(judge_name: str, validation: bool = True) -> tuple[dict[str, tuple], dict, float]:
    judge = judge_of(judge_name)
    start = time.time()
    figures = wikieval_figures(judge)
    figures["wice_auroc"] = support_auroc(judge, devsets.wice(), as_list=True)
    figures["factcheck_auroc"] = support_auroc(judge, devsets.factcheck_stance(), as_list=False)
    figures["evouna_auroc"] = evouna_auroc(judge)
    for name in ("SQuAD", "NQ-open", "GermanQuAD"):
        figures[f"sas_{name.lower().replace('-', '_')}_spearman"] = sas_spearman(judge, name)
    if validation:
        for name in devsets.VALIDATION_SETS:
            figures[f"validation_{name}_auroc"] = support_auroc(judge, devsets.grounding_validation(name), True)
    return figures, judge.describe(), time.time() - start


LABELS = {
    "wikieval_faithfulness": "WikiEval faithfulness, pairwise acc. (test)",
    "wikieval_answer_relevancy": "WikiEval answer relevancy, pairwise acc. (test)",
    "wikieval_context_relevancy": "WikiEval context relevancy, pairwise acc. (test)",
    "wice_auroc": "WiCE dev, claim support AUROC",
    "factcheck_auroc": "Factcheck-GPT stance AUROC",
    "evouna_auroc": "EVOUNA TriviaQA, answer correctness AUROC",
    "sas_squad_spearman": "SAS SQuAD, answer similarity Spearman",
    "sas_nq_open_spearman": "SAS NQ-open, answer similarity Spearman",
    "sas_germanquad_spearman": "SAS GermanQuAD, answer similarity Spearman",
    **{f"validation_{name}_auroc": f"{name} (validate only, 300 rows), faithfulness AUROC"
       for name in devsets.VALIDATION_SETS},
}


def markdown(all_results: dict[str, tuple[dict, dict, float]]) -> str:
    names = list(all_results)
    lines = ["# ragmeter meta-evaluation", "",
             f"Measured {dt.date.today().isoformat()} with ragmeter {ragmeter.__version__} by "
             "`python benchmarks/metaeval.py`. 95% bootstrap intervals in brackets.",
             "WikiEval is a test set: no weight or threshold was fitted on it. The local judges' logistic "
             "weights were fitted on WiCE dev, Factcheck-GPT, SQuAD 2.0 and EVOUNA (benchmarks/calibrate.py), "
             "so the two support figures are in-sample for them (their 5-fold cross-validated AUROCs are "
             "printed by `python benchmarks/calibrate.py --dry-run`). The validate-only grounding sets were "
             "never fitted on, by the judges' weights or by the trained models. `local-unverified` is the "
             "default judge without its two trained cross-encoders: the feature judge of version 12. A judge "
             "named with a version (`local-14`) is the figures of that earlier version, from its own run "
             "(`--reuse`), set beside the current one.", "",
             "| figure | target | " + " | ".join(f"{n} judge" for n in names) + " | RAGAS paper (GPT-3.5) |",
             "|---|---|" + "---|" * len(names) + "---|"]
    for key, label in LABELS.items():
        paper = PAPER.get(key.replace("wikieval_", ""), None) if key.startswith("wikieval") else None
        cells = []
        for n in names:
            if key not in all_results[n][0]:
                cells.append("")
                continue
            v, lo, hi = all_results[n][0][key]
            cells.append(f"{v:.3f} [{lo:.2f}, {hi:.2f}]")
        target = f">= {TARGETS[key]:.2f}" if key in TARGETS else ""
        lines.append(f"| {label} | {target} | " + " | ".join(cells) + f" | {paper if paper else ''} |")
    lines += ["", "Judges:", ""]
    for n in names:
        _, desc, secs = all_results[n]
        lines.append(f"- `{n}` ({secs:.0f} s for all sets): `{desc}`")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judges", default="lexical,local-unverified,local,local-fast")
    parser.add_argument("--no-validation", action="store_true", help="leave out the validate-only grounding sets")
    parser.add_argument("--reuse", default=None, help="a JSON file of judges' figures: judges found in it are not "
                                                     "run again, and every judge's figures are written back to it")
    parser.add_argument("--out", default=None, help="markdown file (default: RESULTS.md, or RESULTS_LLM.md with --llm)")
    parser.add_argument("--llm", default=None, help="measure this LLM judge instead (openai:MODEL, anthropic:MODEL)")
    parser.add_argument("--embeddings", default=None, help="with --llm: its embeddings (default: local)")
    parser.add_argument("--limit", type=int, default=None, help="at most N items of each set (a seeded sample)")
    parser.add_argument("--dry-run", action="store_true", help="with --llm: calls, tokens and cost per set, no call")
    parser.add_argument("--budget", type=float, default=None, help="with --llm: stop calling past this many USD")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    if args.llm:
        import bench_llm

        return bench_llm.main(args)
    args.out = args.out or str(Path(__file__).with_name("RESULTS.md"))
    global LIMIT
    LIMIT = args.limit
    import json

    saved = json.loads(Path(args.reuse).read_text()) if args.reuse and Path(args.reuse).is_file() else {}
    results = {}
    for name in args.judges.split(","):
        if name in saved:
            figures, desc, secs = saved[name]
            results[name] = ({k: tuple(v) for k, v in figures.items()}, desc, secs)
            continue
        results[name] = run(name, not args.no_validation)
        if args.reuse:
            saved[name] = results[name]
            Path(args.reuse).write_text(json.dumps(saved, default=str))
        for key, (v, lo, hi) in results[name][0].items():
            print(f"{name:>8s} {key:<28s} {v:.3f} [{lo:.3f}, {hi:.3f}]", flush=True)
    Path(args.out).write_text(markdown(results), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
