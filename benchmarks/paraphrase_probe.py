"""Claim support on hand-written paraphrases and near misses (benchmarks/probes/paraphrase.jsonl),
or on hand-written swaps (benchmarks/probes/swaps.jsonl, --probe swaps).

A dev probe, used to choose the claim verifier: each passage has a claim stated in other words
("paraphrase"), one lightly reworded ("paraphrase_light"), one that copies the passage's words
and changes one fact ("overlap_miss"), and one reworded that changes one fact
("paraphrase_miss"). A careful reader calls the first two supported and the last two not. It
prints, per judge, AUROC over all claims and, for each pairing of a stated kind with a missed
kind, the share of passages where the stated claim scores higher (ties count half): the
"fluent paraphrase vs high-overlap hallucination" contrast is paraphrase vs overlap_miss.
Unlike benchmarks/contrast/ (never tuned on), this probe may be used for choosing: a figure
chosen on it is a dev figure. training/compare_verifiers.py reads the same claims with the
verifier alone.

The swaps probe: 60 passages of the ten domains, each with a true claim that states a fact in
another order or from the other side ("reordered_true": a converse, a passive, a list
reordered), one that copies the passage and exchanges two things so that it is false
("swap_false": two numbers, two roles, cause and effect, order in time, the sides of a
comparison, which item goes with which value), and the same swap reworded
("reworded_swap_false"). Also a dev probe.

    python benchmarks/paraphrase_probe.py [--probe paraphrase|swaps] [--judge local] [--judge local-fast]
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

import numpy as np

from ragmeter.judges import resolve_judge
from ragmeter.judges.base import SupportItem
from ragmeter.user_calibration.agreement import auroc

PROBES = Path(__file__).resolve().parent / "probes"
PROBE = PROBES / "paraphrase.jsonl"


def load(path: Path = PROBE) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def kinds(passages: list[dict], label: int) -> list[str]:
    """The probe's claim kinds of one label, in the order they first come."""
    return list(dict.fromkeys(c["kind"] for p in passages for c in p["claims"] if c["label"] == label))


def scores(judge, passages: list[dict]) -> list[dict[str, float]]:
    """Each passage's support probability per claim kind."""
    items = [SupportItem((p["evidence"],), tuple(c["text"] for c in p["claims"])) for p in passages]
    verdicts = asyncio.run(judge.support(items))
    return [{c["kind"]: v.probability for c, v in zip(p["claims"], vs)} for p, vs in zip(passages, verdicts)]


def report(name: str, passages: list[dict], found: list[dict[str, float]]) -> None:
    labels = np.array([c["label"] == 1 for p in passages for c in p["claims"]])
    values = np.array([s[c["kind"]] for p, s in zip(passages, found) for c in p["claims"]])
    print(f"{name}: AUROC {auroc(values, labels):.3f} over {len(values)} claims")
    stated, missed = kinds(passages, 1), kinds(passages, 0)
    for good in stated:
        for bad in missed:
            won = [float(s[good] > s[bad]) + 0.5 * float(s[good] == s[bad]) for s in found if good in s and bad in s]
            print(f"  {good:16s} > {bad:15s} {np.mean(won):.3f} ({len(won)} passages)")
    for kind in stated + missed:
        print(f"  mean P(supported) {kind:16s} {np.mean([s[kind] for s in found if kind in s]):.3f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge", action="append", help="local (default), local-fast, lexical")
    parser.add_argument("--probe", default="paraphrase", choices=("paraphrase", "swaps"))
    args = parser.parse_args(argv)
    passages = load(PROBES / f"{args.probe}.jsonl")
    for name in args.judge or ["local"]:
        judge = resolve_judge(name)
        report(name, passages, scores(judge, passages))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
