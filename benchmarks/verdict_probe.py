"""How well the local judge's faithfulness tells right yes/no answers from wrong ones, on the
hand-written probe `benchmarks/probes/verdict_probes.jsonl`.

Each probe is a yes/no question, a passage and an answer opening with "Yes" or "No" (some bare),
labelled faithful when the whole answer, its yes or no included, is supported by the passage.
A helper wrote them (version 49) without seeing the code: right verdicts with paraphrased reasons,
wrong verdicts beside a true sentence of the passage ("Yes. Sydney is Australia's largest
city."), bare answers. Prints the AUROC of the faithfulness score (a skipped answer counts 0.5)
and the mean score of each label. A dev probe: the verdict reading was narrowed after reading it.

    python benchmarks/verdict_probe.py [--judge local|local-fast]
"""

from __future__ import annotations

import argparse
import json
import warnings
from pathlib import Path

PROBES = Path(__file__).resolve().parent / "probes" / "verdict_probes.jsonl"


def auroc(positive: list[float], negative: list[float]) -> float:
    """The probability that a random positive scores above a random negative (ties half)."""
    wins = sum((p > n) + 0.5 * (p == n) for p in positive for n in negative)
    return wins / (len(positive) * len(negative))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge", default="local", choices=["local", "local-fast"])
    args = parser.parse_args()
    from ragmeter import evaluate

    probes = [json.loads(line) for line in PROBES.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [{"user_input": p["question"], "response": p["answer"], "retrieved_contexts": [p["passage"]]}
            for p in probes]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        frame = evaluate(rows, metrics=["faithfulness"], judge=args.judge).to_pandas()
    scores = [0.5 if s != s else float(s) for s in frame["faithfulness"]]  # NaN: skipped
    right = [s for s, p in zip(scores, probes) if p["faithful"]]
    wrong = [s for s, p in zip(scores, probes) if not p["faithful"]]
    print(f"{args.judge}: {len(right)} faithful, {len(wrong)} not; AUROC {auroc(right, wrong):.3f}; "
          f"mean {sum(right) / len(right):.3f} against {sum(wrong) / len(wrong):.3f}; "
          f"skipped {sum(s != s for s in frame['faithfulness'])}")


if __name__ == "__main__":
    main()
