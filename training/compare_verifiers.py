"""Two claim verifiers side by side on the same held-out rows: the figures of the model card.

    python training/compare_verifiers.py NEW.onnx [OLD.onnx]   # OLD: the shipped verifier

Prints AUROC on WiCE dev, Factcheck-GPT, the near misses of the held-out SQuAD articles and the
held-out hand-written claims of written.py (verifier_data.validation_rows), then, for the last
two, each kind of negative against all stated rows and each kind of stated row's mean logit and
share above 0; and AUROC on the
hand-written paraphrases and near misses of benchmarks/probes/paraphrase.jsonl, per kind
against all claims of the other label; and, on the faithfulness pairs of every hand-written
contrast file (benchmarks/contrast/), how often each verifier alone prefers the better answer:
each claim read against its closest premise window as the default judge reads it, an answer
scored by the mean of its claims' sigmoid(logit). Never imported by the package.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from cross_encoder import ROOT, auroc  # noqa: E402
from verifier_data import validation_rows  # noqa: E402


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT / "src"))
    from ragmeter.models.cross_encoder import OnnxCrossEncoder

    new = OnnxCrossEncoder(argv[0])
    old = OnnxCrossEncoder(argv[1] if len(argv) > 1 else "verifier")
    valid = validation_rows()
    for name in ("wice_dev", "factcheck_gpt", "squad_contrasts_held_out", "written_held_out"):
        rows = valid.get(name, [])
        if not rows:
            continue
        y = np.array([r[2] for r in rows])
        a, b = (model.logits([(claim, evidence) for evidence, claim, _, _ in rows]) for model in (old, new))
        print(f"{name}: old {auroc(a, y):.4f} new {auroc(b, y):.4f}")
        if name in ("wice_dev", "factcheck_gpt"):
            continue
        kinds = np.array([r[3] for r in rows])
        for kind in sorted(set(kinds[y == 0])):
            rows_of = (kinds == kind) | (y == 1)
            print(f"  {kind:24s} n={int((kinds == kind).sum()):4d} old {auroc(a[rows_of], y[rows_of]):.3f} "
                  f"new {auroc(b[rows_of], y[rows_of]):.3f}")
        for kind in sorted(set(kinds[y == 1])):
            m = kinds == kind
            print(f"  stated {kind:17s} n={int(m.sum()):4d} mean logit old {a[m].mean():.2f} new {b[m].mean():.2f}, "
                  f"above 0 old {(a[m] > 0).mean():.2f} new {(b[m] > 0).mean():.2f}")
    probe = ROOT / "benchmarks" / "probes" / "paraphrase.jsonl"
    if probe.exists():
        claims = [(p["evidence"], c["text"], c["label"], c["kind"])
                  for p in map(json.loads, probe.read_text(encoding="utf-8").splitlines()) for c in p["claims"]]
        y, kinds = np.array([c[2] for c in claims]), np.array([c[3] for c in claims])
        a, b = (model.logits([(claim, evidence) for evidence, claim, _, _ in claims]) for model in (old, new))
        print(f"paraphrase probe: old {auroc(a, y):.4f} new {auroc(b, y):.4f}")
        for kind in sorted(set(kinds)):
            rows_of = (kinds == kind) | (y != y[kinds == kind][0])
            print(f"  {kind:24s} n={int((kinds == kind).sum()):4d} old {auroc(a[rows_of], y[rows_of]):.3f} "
                  f"new {auroc(b[rows_of], y[rows_of]):.3f}")
    for path in sorted((ROOT / "benchmarks" / "contrast").glob("*.jsonl")):
        pairs = [p for p in map(json.loads, path.read_text(encoding="utf-8").splitlines())
                 if p["metric"] == "faithfulness"]
        if pairs:
            wins = [contrast_wins(spec, pairs) for spec in (argv[1] if len(argv) > 1 else True, argv[0])]
            print(f"{path.stem}: faithfulness pairs won alone, old {wins[0]:.1f} new {wins[1]:.1f} of {len(pairs)}")
    return 0


def contrast_wins(verifier, pairs: list[dict]) -> float:
    """Faithfulness pairs (better, worse) the verifier alone ranks right, half a win for a tie."""
    from ragmeter.judges.lexical import split_into_claims
    from ragmeter.judges.local.judge import LocalJudge

    judge = LocalJudge(verifier=verifier)
    answers = [(side["contexts"], split_into_claims(side["answer"]) or [side["answer"]])
               for p in pairs for side in (p["better"], p["worse"])]
    rows, owners = judge.support_rows(answers)
    per_answer: list[list[float]] = [[] for _ in answers]
    for row, (i, _, _, _) in zip(rows, owners):
        per_answer[i].append(float(1 / (1 + np.exp(-row[-1]))))
    scores = [float(np.mean(s)) if s else 0.0 for s in per_answer]
    return sum(1.0 if b > w else 0.5 if b == w else 0.0 for b, w in zip(scores[::2], scores[1::2]))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
