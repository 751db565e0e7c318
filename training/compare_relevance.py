"""Two answer-relevance models side by side on the hand-written contrast pairs: the figures of
the model card's "alone" comparison.

    python training/compare_relevance.py NEW.onnx [OLD.onnx]   # OLD: the shipped model

For the answer-relevancy pairs of every file of benchmarks/contrast/, how often each model alone
gives the better answer the higher logit (a tie counts half): the sets written blind by others
(fresh_mixed_10 and later, never read while a model or weight was chosen), the other files, and
each kind of pair. Never imported by the package.
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from cross_encoder import ROOT  # noqa: E402

CONTRAST = ROOT / "benchmarks" / "contrast"
FIRST_BLIND = 10  # fresh_mixed_10.jsonl and later were written blind and measured once each


def is_blind(name: str) -> bool:
    found = re.fullmatch(r"fresh_mixed_(\d+)\.jsonl", name)
    return bool(found) and int(found.group(1)) >= FIRST_BLIND


def answer_pairs() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(CONTRAST.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if line.strip() and (pair := json.loads(line))["metric"] == "answer_relevancy":
                out.append((path.name, pair))
    return out


def wins(model, pairs: list[tuple[str, dict]]) -> np.ndarray:
    better = model.logits([(p["better"]["question"], p["better"]["answer"]) for _, p in pairs])
    worse = model.logits([(p["worse"]["question"], p["worse"]["answer"]) for _, p in pairs])
    return (better > worse) + 0.5 * (better == worse)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    sys.path.insert(0, str(ROOT / "src"))
    from ragmeter.models.cross_encoder import OnnxCrossEncoder

    pairs = answer_pairs()
    models = {"new": argv[0], "old": argv[1] if len(argv) > 1 else "relevance"}
    scored = {name: wins(OnnxCrossEncoder(path), pairs) for name, path in models.items()}
    groups: dict[str, list[int]] = defaultdict(list)
    for k, (name, pair) in enumerate(pairs):
        groups["written blind" if is_blind(name) else "other files"].append(k)
        groups[f"kind: {pair['category']}"].append(k)
    print(f"{'pairs':<30} {'n':>4} {'old':>6} {'new':>6}")
    for group, rows in groups.items():
        print(f"{group:<30} {len(rows):>4} {scored['old'][rows].mean():>6.3f} {scored['new'][rows].mean():>6.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
