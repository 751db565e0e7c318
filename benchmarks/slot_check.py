"""How often a copy-reading check flags a claim, by human label: the changed-slot check
(judges/local/checks/substitution.py), the exchanged-slots check (checks/exchange.py), the
number-slot check (checks/number_slots.py), the order-of-steps check (checks/sequence.py) or the
self-contradicting comparison (checks/comparison.py).

The local judge holds a flagged claim to a low support probability, as it does a negated one; this
prints, for each labelled claim set, how many claims it flags and how many of those people called
supported (the check's false alarms), beside the set's share of unsupported claims. Dev and train
sets choose; the validate-only sets are shown as out-of-domain checks.

    python benchmarks/slot_check.py [--check changed_slot|another_doer|comparison|exchanged|number_slot|sequence|...] [--limit 3000]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devsets

from ragmeter.judges.lexical import split_into_claims
from ragmeter.judges.local.checks.added_words import added_words
from ragmeter.judges.local.checks.agent import agent_swapped
from ragmeter.judges.local.checks.another_kind import another_kind
from ragmeter.judges.local.checks.but_not import set_aside_said
from ragmeter.judges.local.checks.compared_sides import compared_sides
from ragmeter.judges.local.checks.compared_values import compared_otherwise
from ragmeter.judges.local.checks.comparison import comparison_flip
from ragmeter.judges.local.checks.condition import condition_flip
from ragmeter.judges.local.checks.deed import another_doer
from ragmeter.judges.local.checks.denied_said import denied_said
from ragmeter.judges.local.checks.direction import direction_flip, moved_otherwise
from ragmeter.judges.local.checks.exchange import exchanged
from ragmeter.judges.local.checks.existence import none_said_some
from ragmeter.judges.local.checks.frequency import frequency_swap
from ragmeter.judges.local.checks.included import included_exception
from ragmeter.judges.local.checks.negated_phrase import negated_phrase
from ragmeter.judges.local.checks.negation import claim_negation_flip
from ragmeter.judges.local.checks.negation_scope import negation_moved
from ragmeter.judges.local.checks.number_slots import number_moved, number_slot_swap
from ragmeter.judges.local.checks.only import all_said_of_some, only_some
from ragmeter.judges.local.checks.only_listed import only_part_listed
from ragmeter.judges.local.checks.opposites import opposite_flip
from ragmeter.judges.local.checks.part_negation import negation_in_part
from ragmeter.judges.local.checks.proportions import proportion_otherwise
from ragmeter.judges.local.checks.quantifier_scale import quantifier_otherwise
from ragmeter.judges.local.checks.quantities import number_swap
from ragmeter.judges.local.checks.restricted import all_of_restricted
from ragmeter.judges.local.checks.roles import roles_swapped
from ragmeter.judges.local.checks.sequence import sequence_swap
from ragmeter.judges.local.checks.set_against import values_exchanged
from ragmeter.judges.local.checks.step_order import steps_reordered
from ragmeter.judges.local.checks.substitution import slot_substitution
from ragmeter.judges.local.checks.traded_numbers import numbers_traded
from ragmeter.judges.local.checks.transplanted import transplanted
from ragmeter.text.segments import content_and_negation, numbers, premise_sentences, split_clauses

GROUNDING_FILES = {  # set: (file, use)
    "begin": ("dev.jsonl", "train"), "begin_v1_wow": ("dev.jsonl", "train"), "dialfact": ("testsmall.jsonl", "train"),
    "expertqa": ("train.jsonl", "train"), "faithdial_audit": ("train.jsonl", "train"), "q2_wow": ("train.jsonl", "train"),
    "xsumfaith": ("train.jsonl", "train"), "anli_dev": ("dev.jsonl", "validate"),
    "healthver": ("dev.jsonl", "validate"), "attributionbench": ("dev.jsonl", "validate"),
    "lfqa_verification": ("train.jsonl", "validate"), "qags": ("train.jsonl", "validate"),
}


def grounding(name: str, file: str, limit: int) -> list[tuple[str, list[str], int]]:
    rows = []
    with (devsets.GROUNDING / name / file).open(encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            evidence = r["evidence"] if isinstance(r["evidence"], list) else [str(r["evidence"])]
            if r.get("claim") and r.get("label") in ("supported", "not_supported"):
                rows.append((r["claim"], evidence, int(r["label"] == "supported")))
    return random.Random(0).sample(rows, min(limit, len(rows)))


CHECKS = {"changed_slot": slot_substitution, "all_of_restricted": all_of_restricted, "agent_swapped": agent_swapped, "set_aside_said": set_aside_said, "another_kind": another_kind, "none_said_some": none_said_some, "exchanged": exchanged, "sequence": sequence_swap,
          "negation_moved": negation_moved, "part_negation": negation_in_part, "compared_otherwise": compared_otherwise, "compared_sides": compared_sides,
          "another_doer": another_doer, "condition": condition_flip, "numbers_traded": numbers_traded, "only_part_listed": only_part_listed, "only_some": only_some, "all_said_of_some": all_said_of_some, "proportion": proportion_otherwise, "steps_reordered": steps_reordered,
          "included_exception": included_exception, "values_exchanged": values_exchanged, "roles_swapped": roles_swapped,
          "added_words": added_words, "transplanted": transplanted, "negated_phrase": negated_phrase, "denied_said": denied_said,
          "quantifier_scale": quantifier_otherwise,
          "opposites": opposite_flip, "frequency": frequency_swap, "number_moved": number_moved, "direction": direction_flip, "moved_otherwise": moved_otherwise,
          "comparison": lambda claim, sentences: comparison_flip(claim),
          "negation": lambda claim, sentences: claim_negation_flip(
              claim, [content_and_negation(c) for s in sentences for c in split_clauses(s)],
              [c for s in sentences for c in split_clauses(s)]),
          "number_slot": lambda claim, sentences: number_slot_swap(claim, sentences,
                                                                   frozenset().union(*map(numbers, sentences))),
          "numbers": lambda claim, sentences: number_swap(claim, sentences, frozenset().union(*map(numbers, sentences)))}


def flagged(claim: str, evidence: list[str], check=slot_substitution) -> bool:
    sentences = [s for e in evidence for s in premise_sentences(e)]
    return any(check(c, sentences) for c in split_into_claims(claim) or [claim])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=3000, help="rows per set at most (seeded sample)")
    parser.add_argument("--check", choices=sorted(CHECKS), default="changed_slot")
    parser.add_argument("--show", action="store_true", help="print the flagged claims people called supported")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from calibrate import held_out_contrasts

    sets = {"wice_dev": ("dev", [(c, ev, y) for c, ev, y in devsets.wice()]),
            "factcheck_gpt": ("dev", [(c, [ev], y) for c, ev, y in devsets.factcheck_stance()]),
            "squad_near_misses": ("dev", [(c, [p], y) for p, c, y in held_out_contrasts(args.limit)])}
    for name, (file, use) in GROUNDING_FILES.items():
        sets[name] = (use, grounding(name, file, args.limit))
    print("| set | use | claims | unsupported | flagged | flagged and supported | share of flags unsupported |")
    print("|---|---|---|---|---|---|---|")
    totals = [0, 0, 0]
    start = time.perf_counter()
    for name, (use, rows) in sets.items():
        flags = [flagged(c, ev, CHECKS[args.check]) for c, ev, _ in rows]
        hit = sum(flags)
        false = sum(f and y == 1 for f, (_, _, y) in zip(flags, rows))
        unsupported = sum(y == 0 for *_, y in rows) / max(1, len(rows))
        share = f"{(hit - false) / hit:.2f}" if hit else "-"
        print(f"| {name} | {use} | {len(rows)} | {unsupported:.2f} | {hit} | {false} | {share} |")
        if args.show:
            for f, (claim, evidence, y) in zip(flags, rows):
                if f and y == 1:
                    print(f"  supported, flagged ({name}): {claim}\n    evidence: {' '.join(evidence)[:600]}")
        if use != "validate":
            totals = [totals[0] + len(rows), totals[1] + hit, totals[2] + false]
    print(f"\ndev and train sets: {totals[1]} of {totals[0]} claims flagged, {totals[2]} of them supported "
          f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
