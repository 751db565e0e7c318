"""How often a claim with one name swapped scores below the claim as it was.

    python benchmarks/name_swaps.py

Probes from the supported claims of the support dev sets (WiCE dev, Factcheck-GPT stance):
for each claim with a capitalised name (not its first word) that its evidence also has, one
occurrence of that name is replaced by another name from the claims that the evidence lacks
("Canberra" -> "Sydney"). A judge that reads names should score the swapped claim lower.
Prints, for the local judge and local-fast, the share of probes where it does, the mean
drop in probability and the swapped claims' mean probability. Seeded: the same probes on
every run.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import warnings

import devsets
import numpy as np

# a capitalised word of three letters or more that does not open the text or a sentence
NAME = re.compile(r"(?<!^)(?<![.!?]\s)\b([A-Z][a-z]{2,})\b")


def probes(seed: int = 0) -> list[tuple[list[str], str, str]]:
    """(evidence, claim, claim with one of its names swapped for one the evidence lacks)."""
    rng = random.Random(seed)
    supported = ([(c, list(ev)) for c, ev, y in devsets.wice() if y == 1]
                 + [(c, [ev]) for c, ev, y in devsets.factcheck_stance() if y == 1])
    names = sorted({name for claim, _ in supported for name in NAME.findall(claim)})
    out = []
    for claim, evidence in supported:
        text = " ".join(evidence)
        shared = [name for name in NAME.findall(claim) if name in text]
        if not shared:
            continue
        target = rng.choice(shared)
        other = next((n for n in (rng.choice(names) for _ in range(20)) if n not in text and n != target), None)
        if other is not None:
            out.append((evidence, claim, claim.replace(target, other)))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    from ragmeter.judges.base import SupportItem
    from ragmeter.judges.local.judge import LocalJudge

    found = probes(args.seed)
    print(f"probes: {len(found)}")
    for judge in (LocalJudge(), LocalJudge(contextual=False)):
        verdicts = asyncio.run(judge.support([SupportItem(tuple(ev), (a, b)) for ev, a, b in found]))
        p = np.array([[v.probability for v in vs] for vs in verdicts])
        print(f"{judge.name:>10}: swapped scores lower in {(p[:, 0] > p[:, 1]).sum()} of {len(p)} probes, "
              f"mean drop {(p[:, 0] - p[:, 1]).mean():.3f}, swapped mean probability {p[:, 1].mean():.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
