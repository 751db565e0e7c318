"""EVOUNA TriviaQA (or WiCE) as a team's own labels: does the PPI++ corrected mean hold on real data?

    python benchmarks/calibrate_user_labels.py --out runs/evouna-2000      # 2,000 answers (CPU-heavy)
    python benchmarks/calibrate_user_labels.py --limit 600                 # a quicker look
    python benchmarks/calibrate_user_labels.py --dataset wice --limit 1043 # WiCE dev claims, faithfulness

Scores a seeded random 2,000 answers of five QA systems (EVOUNA TriviaQA, human correct/incorrect
labels; see devsets.evouna) with answer_correctness on the default judge, the first gold answer as
the reference. A seeded random 200 of them play the "user labels" (--labelled; a quarter of the
answers by default with a --limit below 2,000). ragmeter.calibrate then gives the labels-only mean
and both corrected means (PPI++ on the raw scores, and on cross-fitted isotonic maps of them from
100 labels on) with 95% intervals, and this script checks the reported corrected interval (the
narrower) against the mean of all the answers' human labels, which a real user would not have:

--dataset wice does the same with WiCE dev's 1,043 claims (partly supported counted as not
supported) as answers and their evidence sentences as contexts, scored with faithfulness. WiCE dev
took part in fitting the default judge (cross-validated), which may flatter the agreement, not the
validity of the correction.

- covers: the corrected interval holds the mean of all human labels;
- narrower: the corrected interval is shorter than the labels-only interval.

--repeats K redraws the labelled subset K times on the same scores (no judge calls) and prints how
often each interval covers, and its mean width against the labels-only one. --out DIR keeps the scored run
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
from ragmeter.user_calibration.corrected import corrected_means  # noqa: E402
from ragmeter.user_calibration.ppi import labels_mean  # noqa: E402


def evouna_answers(n: int, seed: int) -> list[dict]:
    data = [r for r in devsets.evouna() if (r["answer"] or "").strip() and r["gold_answers"]]
    chosen = random.Random(seed).sample(data, min(n, len(data)))
    return [{"id": f"{r['qid']}:{r['system']}", "question": r["question"], "answer": r["answer"],
             "ground_truth": r["gold_answers"][0], "human_correct": bool(r["human_correct"])} for r in chosen]


def wice_claims(n: int, seed: int) -> list[dict]:
    """WiCE dev claims as answers, their evidence sentences as contexts; "supported" is 1, partly
    supported and not supported 0 (a faithfulness score between the two is the curve to map)."""
    data = devsets.wice(include_partial=True)
    chosen = random.Random(seed).sample(range(len(data)), min(n, len(data)))
    return [{"id": f"wice:{i}", "answer": data[i][0], "contexts": data[i][1], "human_correct": bool(data[i][2])}
            for i in chosen]


# dataset -> (rows, metric, columns the judge sees)
DATASETS = {"evouna": (evouna_answers, "answer_correctness", ("id", "question", "answer", "ground_truth")),
            "wice": (wice_claims, "faithfulness", ("id", "answer", "contexts"))}


def score(rows: list[dict], args) -> ragmeter.Result:
    if args.run:
        return ragmeter.Result.load(args.run)
    _, metric, columns = DATASETS[args.dataset]
    data = [{k: r[k] for k in columns} for r in rows]
    out = Path(args.out) if args.out else None
    if out is not None and (out / "result.json").exists():  # finished before: reuse it
        return ragmeter.Result.load(out)
    return ragmeter.evaluate(data, metrics=[metric], judge=args.judge, out=out, resume=out is not None,
                             show_progress=sys.stderr.isatty())


def repeats(result: ragmeter.Result, truth: dict[str, bool], k: int, n_labelled: int, seed: int) -> None:
    """Coverage of both intervals over k fresh draws of the labelled subset, on the same scores."""
    metric = result.metrics[0]
    ids = [s["id"] for s, row in zip(result.samples, result.metric_results) if row[metric].status == "ok"]
    scores = np.array([row[metric].score for row in result.metric_results if row[metric].status == "ok"])
    labels = np.array([float(truth[i]) for i in ids])
    target = labels.mean()
    rng = np.random.default_rng(seed)
    names = ("labels-only", "PPI++ (raw scores)", "PPI++ (cross-fitted map)", "reported")
    hits, widths, given = np.zeros(4), np.zeros(4), 0
    for i in range(k):
        mask = np.zeros(labels.size, dtype=bool)
        mask[rng.choice(labels.size, n_labelled, replace=False)] = True
        both = corrected_means(labels[mask], scores[mask], scores[~mask], seed=i)
        plain = labels_mean(labels[mask])
        cis = [plain.ci, both["corrected_plain"]["ci"], (both["corrected_mapped"] or {}).get("ci"), both["corrected_ci"]]
        given += cis[2] is not None
        for j, ci in enumerate(cis):
            if ci is not None:
                hits[j] += ci[0] <= target <= ci[1]
                widths[j] += ci[1] - ci[0]
    counts = np.array([k, k, max(given, 1), k])
    print(f"over {k} draws of {n_labelled} labels (coverage, mean width / labels-only width):")
    for j, name in enumerate(names):
        if j == 2 and not given:
            print(f"  {name:<26s} not given (fewer labels than it needs)")
            continue
        print(f"  {name:<26s} covers {hits[j] / counts[j]:.3f}, width ratio "
              f"{(widths[j] / counts[j]) / (widths[0] / k):.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dataset", choices=sorted(DATASETS), default="evouna",
                        help="evouna: answer_correctness on TriviaQA answers; wice: faithfulness on WiCE dev claims")
    parser.add_argument("--limit", type=int, default=2000, help="answers to score (default 2000)")
    parser.add_argument("--labelled", type=int, default=None, help="of them labelled (default 200, or a quarter below 2,000)")
    parser.add_argument("--judge", default=None, help="default: the default judge (local)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None, help="keep the scored run in this folder (resumable)")
    parser.add_argument("--run", default=None, help="reuse a run folder scored before with the same --limit/--seed")
    parser.add_argument("--repeats", type=int, default=200, help="fresh labelled draws for coverage (0: none)")
    args = parser.parse_args(argv)
    make_rows, metric, _ = DATASETS[args.dataset]
    rows = make_rows(args.limit, args.seed)
    n_labelled = args.labelled or (200 if args.limit >= 2000 else max(len(rows) // 4, 10))
    result = score(rows, args)
    truth = {r["id"]: r["human_correct"] for r in rows}
    if set(s["id"] for s in result.samples) != set(truth):
        raise SystemExit("the run's samples are not this --limit/--seed's answers; score again or pass the right --run")
    labelled = random.Random(args.seed + 1).sample(rows, n_labelled)
    user_labels = [{"id": r["id"], metric: int(r["human_correct"])} for r in labelled]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cal = ragmeter.calibrate(result, user_labels)
    m = cal[metric]
    scored = {s["id"] for s, row in zip(result.samples, result.metric_results) if row[metric].status == "ok"}
    target = float(np.mean([truth[i] for i in scored]))
    lo, hi = m["corrected_ci"]
    covers = lo <= target <= hi
    narrower = (hi - lo) < (m["labels_ci"][1] - m["labels_ci"][0])
    judge = result.provenance.get("judge", {})
    print(f"{'EVOUNA TriviaQA' if args.dataset == 'evouna' else 'WiCE dev'}, {metric}, judge {judge.get('name')} v{judge.get('version')}: {len(scored)} answers "
          f"scored of {len(rows)}, {m['n_labelled']} labelled (seed {args.seed})")
    for note in caught:
        print(f"  warning: {note.message}")
    print(f"  human labels, all answers (the target)  {target:.3f}")
    print(f"  judge mean                              {m['judge_mean']:.3f}")
    print(f"  labels-only mean  {m['labels_mean']:.3f}  [{m['labels_ci'][0]:.3f}, {m['labels_ci'][1]:.3f}]  "
          f"width {m['labels_ci'][1] - m['labels_ci'][0]:.3f}")
    for name, key in (("PPI++, raw scores", "corrected_plain"), ("PPI++, cross-fit", "corrected_mapped")):
        est = m.get(key)
        if est:
            print(f"  {name:<17s} {est['mean']:.3f}  [{est['ci'][0]:.3f}, {est['ci'][1]:.3f}]  width "
                  f"{est['ci'][1] - est['ci'][0]:.3f}  (judge weight {est['lambda']:.2f})")
        else:
            print(f"  {name:<17s} not given: {m.get('corrected_mapped_note')}")
    print(f"  corrected mean    {m['corrected_mean']:.3f}  [{lo:.3f}, {hi:.3f}]  width {hi - lo:.3f}  "
          f"(reported: {m['corrected_method']})")
    print("  agreement: " + ", ".join(f"{k} {v['value']:.3f}" for k, v in m["agreement"].items()
                                      if v["value"] is not None))
    print(f"covers the mean of all human labels: {'yes' if covers else 'NO'}")
    print(f"narrower than the labels-only interval: {'yes' if narrower else 'NO'}")
    if args.repeats:
        repeats(result, truth, args.repeats, m["n_labelled"], args.seed + 2)
    return 0 if covers and narrower else 1


if __name__ == "__main__":
    sys.exit(main())
