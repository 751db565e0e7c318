"""How often the contradiction checks flag claims a careful reader calls supported, on the
hand-written probes of `benchmarks/probes/check_probes.jsonl`.

Each probe names a check, a passage and a claim, and whether the claim is faithful to the passage.
Helpers wrote them (version 48) to find false alarms of `added_words`, `transplanted` and
`negated_phrase`: faithful near copies with harmless words added, two sentences joined, a
denial said another way, a phrase denied of another subject; and a few unfaithful claims, to show
each check still fires. A third helper (version 49) wrote probes of `negation_moved`,
`part_negation` and `changed_slot`, both labels about equally: denials in other words, orders
restated, names the passage links, and unfaithful claims made to slip past those readings
("Members are exempt" where "not exempt"). A dev probe, used for choosing, like the paraphrase probe: a reading is
narrowed until its faithful probes pass, so its figure here is in-sample.

    python benchmarks/check_probes.py [--check NAME] [--every] [--show 5]

--every runs every check of slot_check.py on every faithful probe (a reading's false alarms on
the other readings' probes).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from slot_check import CHECKS

from ragmeter.text.segments import premise_sentences

PROBES = Path(__file__).resolve().parent / "probes" / "check_probes.jsonl"


def load(path: Path = PROBES) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def flagged(check: str, probe: dict) -> bool:
    return bool(CHECKS[check](probe["claim"], premise_sentences(probe["passage"])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", choices=sorted(CHECKS), default=None, help="only this check's probes")
    parser.add_argument("--every", action="store_true", help="every check on every faithful probe")
    parser.add_argument("--show", type=int, default=3, help="flagged faithful probes shown per check")
    args = parser.parse_args()
    probes = load()
    written_for = sorted({p["check"] for p in probes} if args.check is None else {args.check})
    print("| check | faithful probes | flagged | unfaithful probes | caught |")
    print("|---|---|---|---|---|")
    shown: dict[str, list[dict]] = defaultdict(list)
    patterns: dict[str, Counter] = defaultdict(Counter)
    for check in written_for:
        own = [p for p in probes if p["check"] == check]
        faithful = [p for p in own if p["faithful"]]
        unfaithful = [p for p in own if not p["faithful"]]
        false_alarms = [p for p in faithful if flagged(check, p)]
        caught = sum(flagged(check, p) for p in unfaithful)
        shown[check] = false_alarms
        patterns[check].update(p["pattern"] for p in false_alarms)
        print(f"| {check} | {len(faithful)} | {len(false_alarms)} | {len(unfaithful)} | {caught} |")
    for check in written_for:
        if patterns[check]:
            print(f"\n{check}, flagged faithful probes by pattern: "
                  + ", ".join(f"{name} {n}" for name, n in patterns[check].most_common()))
        for p in shown[check][:args.show]:
            print(f"  - {p['claim']}")
    if args.every:
        faithful = [p for p in probes if p["faithful"]]
        print(f"\nevery check on all {len(faithful)} faithful probes:")
        for check in sorted(CHECKS):
            n = sum(flagged(check, p) for p in faithful)
            if n:
                print(f"  {check}: {n}")


if __name__ == "__main__":
    main()
