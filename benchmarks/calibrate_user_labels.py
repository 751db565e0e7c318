"""EVOUNA TriviaQA as a team's own labels: does the PPI++ corrected mean hold on real data?

    python benchmarks/calibrate_user_labels.py --out runs/evouna-2000      # 2,000 answers (CPU-heavy)
    python benchmarks/calibrate_user_labels.py --limit 200                 # a quick look

Scores a seeded random 2,000 answers of five QA systems (EVOUNA TriviaQA, human correct/incorrect
labels; see devsets.evouna) with answer_correctness on the default judge, the first gold answer as
the reference. A seeded random 200 of them play the "user labels" (--labelled; a tenth of the
answers by default with a --limit below 2,000). ragmeter.calibrate then gives the labels-only and the corrected
mean with 95% intervals, and this script checks the corrected interval against the mean of all the
answers' human labels, which a real user would not have:

- covers: the corrected interval holds the mean of all human labels;
- narrower: the corrected interval is shorter than the labels-only interval.

--repeats K redraws the labelled subset K times on the same scores (cheap: no judge calls) and
prints how often each interval covers, and the mean width ratio. --out DIR keeps the scored run
there (an interrupted run continues from it); --run DIR reuses a run written before.
Exit status 0 when both checks pass on the seeded draw, 1 otherwise.
"""

from __future__ import annotations

import argparse
import random
import sys
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devsets  # noqa: E402

import ragmeter  # noqa: E402
from ragmeter.user_calibration.ppi import corrected_mean, labels_mean  # noqa: E402

METRIC = "answer_correctness"


def answers(n: int, seed: int) -> list[dict]:
    data = [r for r in devsets.evouna() if (r["answer"] or "").strip() and r["gold_answers"]]
    chosen = random.Random(seed).sample(data, min(n, len(data)))
    return [{"id": f"{r['qid']}:{r['system']}", "question": r["question"], "answer": r["answer"],
             "ground_truth": r["gold_answers"][0], "human_correct": bool(r["human_correct"])} for r in chosen]


def score(rows: list[dict], args) -> ragmeter.Result:
    if args.run:
        return ragmeter.Result.load(args.run)
    data = [{k: r[k] for k in ("id", "question", "answer", "ground_truth")} for r in rows]
    out = Path(args.out) if args.out else None
    if out is not None and (out / "result.json").exists():  # finished before: reuse it
        return ragmeter.Result.load(out)
    return ragmeter.evaluate(data, metrics=[METRIC], judge=args.judge, out=out, resume=out is not None,
                             show_progress=sys.stderr.isatty())


def repeats(result: ragmeter.Result, truth: dict[str, bool], k: int, n_labelled: int, seed: int) -> None:
    """Coverage of both intervals over k fresh draws of the labelled subset, on the same scores."""
    ids = [s["id"] for s, row in zip(result.samples, result.metric_results) if row[METRIC].status == "ok"]
    scores = np.array([row[METRIC].score for row in result.metric_results if row[METRIC].status == "ok"])
    labels = np.array([float(truth[i]) for i in ids])
    target = labels.mean()
    rng = np.random.default_rng(seed)
    hits, widths = np.zeros(2), np.zeros(2)
    for _ in range(k):
        mask = np.zeros(labels.size, dtype=bool)
        mask[rng.choice(labels.size, n_labelled, replace=False)] = True
        ppi = corrected_mean(labels[mask], scores[mask], scores[~mask])
        plain = labels_mean(labels[mask])
        hits += [ppi.ci_low <= target <= ppi.ci_high, plain.ci_low <= target <= plain.ci_high]
        widths += [ppi.width, plain.width]
    print(f"over {k} draws of {n_labelled} labels: corrected covers {hits[0] / k:.3f}, labels-only covers "
          f"{hits[1] / k:.3f}; corrected width / labels-only width {widths[0] / widths[1]:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=2000, help="answers to score (default 2000)")
    parser.add_argument("--labelled", type=int, default=None, help="of them labelled (default 200, or a quarter)")
    parser.add_argument("--judge", default=None, help="default: the default judge (local)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None, help="keep the scored run in this folder (resumable)")
    parser.add_argument("--run", default=None, help="reuse a run folder scored before with the same --limit/--seed")
    parser.add_argument("--repeats", type=int, default=200, help="fresh labelled draws for coverage (0: none)")
    args = parser.parse_args(argv)
    rows = answers(args.limit, args.seed)
    n_labelled = args.labelled or (200 if args.limit >= 2000 else max(len(rows) // 4, 10))
    result = score(rows, args)
    truth = {r["id"]: r["human_correct"] for r in rows}
    if set(s["id"] for s in result.samples) != set(truth):
        raise SystemExit("the run's samples are not this --limit/--seed's answers; score again or pass the right --run")
    labelled = random.Random(args.seed + 1).sample(rows, n_labelled)
    user_labels = [{"id": r["id"], METRIC: int(r["human_correct"])} for r in labelled]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cal = ragmeter.calibrate(result, user_labels)
    m = cal[METRIC]
    scored = {s["id"] for s, row in zip(result.samples, result.metric_results) if row[METRIC].status == "ok"}
    target = float(np.mean([truth[i] for i in scored]))
    lo, hi = m["corrected_ci"]
    covers = lo <= target <= hi
    narrower = (hi - lo) < (m["labels_ci"][1] - m["labels_ci"][0])
    judge = result.provenance.get("judge", {})
    print(f"EVOUNA TriviaQA, {METRIC}, judge {judge.get('name')} v{judge.get('version')}: {len(scored)} answers "
          f"scored of {len(rows)}, {m['n_labelled']} labelled (seed {args.seed})")
    for note in caught:
        print(f"  warning: {note.message}")
    print(f"  human labels, all answers (the target)  {target:.3f}")
    print(f"  judge mean                              {m['judge_mean']:.3f}")
    print(f"  labels-only mean  {m['labels_mean']:.3f}  [{m['labels_ci'][0]:.3f}, {m['labels_ci'][1]:.3f}]  "
          f"width {m['labels_ci'][1] - m['labels_ci'][0]:.3f}")
    print(f"  corrected mean    {m['corrected_mean']:.3f}  [{lo:.3f}, {hi:.3f}]  width {hi - lo:.3f}  "
          f"(judge weight {m['ppi']['lambda']:.2f})")
    print("  agreement: " + ", ".join(f"{k} {v['value']:.3f}" for k, v in m["agreement"].items()
                                      if v["value"] is not None))
    print(f"covers the mean of all human labels: {'yes' if covers else 'NO'}")
    print(f"narrower than the labels-only interval: {'yes' if narrower else 'NO'}")
    if args.repeats:
        repeats(result, truth, args.repeats, m["n_labelled"], args.seed + 2)
    return 0 if covers and narrower else 1


if __name__ == "__main__":
    sys.exit(main())
