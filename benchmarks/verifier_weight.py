"""How far the default judge's claim support leans on the trained verifier, and what leaning
further would buy and cost.

    python benchmarks/verifier_weight.py [--verifier PATH] [--out FILE]   # about 6 minutes on 2 cores

benchmarks/calibrate.py fits the default judge's support model ("support_verified") on WiCE dev,
Factcheck-GPT and the held-out SQuAD near misses, the near misses counting CONTRAST_WEIGHT (a
quarter) as much as each of the other two. Here the same model is refitted with the near misses
counting 0, 0.25, 0.5, 1 and 2, and with the verifier's logit or the hand-written features alone,
and each fit is read three ways:

- out-of-fold AUROC on the three sets it is fitted on (folds as in calibrate.py and ablation.py;
  here, as everywhere below, after the contradiction cap, which calibrate.py's printed figures
  are not);
- AUROC on the seven validate-only sets of ../shared/data/grounding (ANLI dev, AttributionBench,
  AVeriTeC, Climate-FEVER, HealthVer, LFQA-Verification, QAGS; 400 rows each, drawn as
  training/verifier_data.out_of_domain_rows draws them): natural claims that neither the verifier
  nor any weight was fitted on;
- pairwise accuracy on the faithfulness pairs of benchmarks/contrast/ (each side's claims scored
  as the judge scores them: the mean support probability; a tie counts half). These pairs only
  measure here: no weight is chosen on them.

Every probability is held under the contradiction cap wherever a check fired, as the judge holds
it whatever its model's columns. --verifier reads with another verifier (an int8 ONNX file) in
place of the shipped one; the model is refitted for it.

Reading: a fit that leans more on the verifier wins pairs where the worse answer keeps the
passage's words, and loses natural claims, where those words are strong evidence. WikiEval is
never read. Nothing is written to the package.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "training"))

import ablation  # noqa: E402
import calibrate  # noqa: E402
import contrast  # noqa: E402
import verifier_data  # noqa: E402

from ragmeter.judges.lexical import split_into_claims  # noqa: E402
from ragmeter.judges.local.features import VERIFIED_SUPPORT_COLUMNS, VERIFIED_SUPPORT_FEATURES  # noqa: E402
from ragmeter.judges.local.judge import NEGATION_CAP, LocalJudge  # noqa: E402
from ragmeter.metrics.faithfulness import faithfulness_score  # noqa: E402

SHIPPED = calibrate.CONTRAST_WEIGHT
FIT_SETS = {"contrast": "held-out near misses", "factcheck": "Factcheck-GPT", "wice": "WiCE dev"}
FEATURES_ONLY = tuple(c for c in VERIFIED_SUPPORT_COLUMNS if c != "verifier")
FITS = (  # label, columns, weight of the near misses
    *((f"near misses x{w:g}" + (" (shipped)" if w == SHIPPED else ""), VERIFIED_SUPPORT_COLUMNS, w)
      for w in (0.0, SHIPPED, 0.5, 1.0, 2.0)),
    ("features alone", FEATURES_ONLY, SHIPPED),
    ("verifier alone", ("verifier",), SHIPPED),
)


NEG = VERIFIED_SUPPORT_FEATURES.index("neg_mismatch")


def cap(p: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Probabilities held under the contradiction cap where a check fired (the row's
    neg_mismatch), as the judge holds them whatever its model reads."""
    return np.minimum(p, np.where(rows[:, NEG] > 0, NEGATION_CAP, 1.0))


def capped(model, rows: np.ndarray) -> np.ndarray:
    """Support probabilities as the judge gives them, from full feature rows."""
    return cap(model.predict(rows[:, [VERIFIED_SUPPORT_FEATURES.index(n) for n in model.features]]), rows)


def sides_in_order(pairs: list[dict]) -> list[dict]:
    """Every pair's better side, then every pair's worse side, pairs in the same order."""
    return [pair[side] for side in ("better", "worse") for pair in pairs]


def pair_accuracy(better: np.ndarray, worse: np.ndarray) -> float:
    """Wins over pairs, a tie (as contrast.py: closer than contrast.TIE) counting half."""
    diff = np.asarray(better) - np.asarray(worse)
    return float(np.mean(np.where(np.abs(diff) < contrast.TIE, 0.5, (diff > 0).astype(float))))


def contrast_claims(judge: LocalJudge) -> tuple[np.ndarray, list[int], int]:
    """Feature rows of the claims of both sides of every faithfulness pair, the number of claims
    of each side (better sides first, then worse, pair by pair) and the number of pairs."""
    pairs = [p for path in sorted((HERE / "contrast").glob("*.jsonl")) for p in contrast.load_pairs(path)
             if p["metric"] == "faithfulness"]
    sides = sides_in_order(pairs)
    # (every answer of the suite makes a claim; one that made none would be skipped by the metric)
    asked = [(s["contexts"], split_into_claims(s["answer"]) or [s["answer"]]) for s in sides]
    rows, _ = judge.support_rows(asked)
    return np.asarray(rows), [len(claims) for _, claims in asked], len(pairs)


def side_scores(probabilities: np.ndarray, counts: list[int]) -> np.ndarray:
    edges = np.cumsum([0, *counts])
    return np.array([faithfulness_score(probabilities[a:b]) for a, b in zip(edges, edges[1:])])


def main(argv=None) -> int:
    from sklearn.metrics import roc_auc_score

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verifier", help="an int8 ONNX claim verifier to read with instead of the shipped one")
    parser.add_argument("--out", help="also write the table to this Markdown file")
    args = parser.parse_args(argv)
    judge = LocalJudge(contextual=True, verifier=args.verifier or True)
    x, y, w, _, groups, folds = calibrate.support_data(judge, contrasts=True)
    outside = {name: (np.asarray(judge.support_rows([([e], [c]) for e, c, _, _ in rows])[0]),
                      np.array([label for _, _, label, _ in rows]))
               for name, rows in verifier_data.out_of_domain_rows().items()}
    claims, counts, n_pairs = contrast_claims(judge)
    near = groups == "contrast"
    lines = [f"| fit | {' | '.join(FIT_SETS[g] + ' (out of fold)' for g in sorted(set(groups)))} | out-of-domain mean | "
             f"{' | '.join(outside)} | contrast faithfulness pairs ({n_pairs}) |",
             "|---" * (len(set(groups)) + len(outside) + 3) + "|"]
    for label, columns, weight in FITS:
        weights = np.where(near, w * weight / SHIPPED, w)
        sub = x[:, [VERIFIED_SUPPORT_FEATURES.index(c) for c in columns]]
        oof = cap(1 / (1 + np.exp(-ablation.out_of_fold(sub, y, weights, list(columns), groups, folds))), x)
        fitted = {str(g): float(roc_auc_score(y[groups == g], oof[groups == g])) for g in np.unique(groups)}
        with contextlib.redirect_stdout(io.StringIO()):  # calibrate.fit prints its own figures
            model, _, _ = calibrate.fit(sub, y, weights, columns, groups, folds)
        ood = {name: float(roc_auc_score(labels, capped(model, rows))) for name, (rows, labels) in outside.items()}
        scores = side_scores(capped(model, claims), counts)
        pairs = pair_accuracy(scores[:n_pairs], scores[n_pairs:])
        lines.append(f"| {label} | {' | '.join(f'{fitted[g]:.4f}' for g in sorted(fitted))} | "
                     f"{np.mean(list(ood.values())):.4f} | {' | '.join(f'{a:.3f}' for a in ood.values())} | "
                     f"{pairs:.3f} |")
        print(lines[-1], flush=True)
    if args.out:
        Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
