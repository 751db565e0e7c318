"""Any LLM judge on the human-labelled sets of metaeval.py: the same figures, with their cost.

    ragmeter bench --llm openai:gpt-4o-mini [--limit N] [--dry-run] [--out FILE]
    python benchmarks/metaeval.py --llm openai:gpt-4o-mini [--limit N] [--dry-run]

First a dry run of every set (no call: stand-in replies, the call runner counts) prints the
calls, tokens and cost each set will take; with --dry-run that is all. Otherwise the sets are
run, each figure printed as it comes (a 95% bootstrap interval, as for the offline judges), and
RESULTS-style Markdown is written with the cost per set and the RAGAS paper's figures beside.
Replies are cached, so a second run (or a larger --limit) pays only for what is new. Prices:
the built-in table, or RAGMETER_PRICES=prices.json for a model it does not list.
"""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path
from typing import Any, Callable

import devsets
import metaeval

import ragmeter
from ragmeter.judges import llm_judge

SAS = ("SQuAD", "NQ-open", "GermanQuAD")


def sets() -> list[tuple[str, Callable[[Any], dict[str, tuple]]]]:
    """(name, run on a judge -> figures) of every set, in metaeval's order."""
    out: list[tuple[str, Callable[[Any], dict[str, tuple]]]] = [
        ("WikiEval", metaeval.wikieval_figures),
        ("WiCE dev", lambda j: {"wice_auroc": metaeval.support_auroc(j, devsets.wice(), as_list=True)}),
        ("Factcheck-GPT", lambda j: {"factcheck_auroc": metaeval.support_auroc(j, devsets.factcheck_stance(), False)}),
        ("EVOUNA TriviaQA", lambda j: {"evouna_auroc": metaeval.evouna_auroc(j)}),
        ("SAS", lambda j: {f"sas_{n.lower().replace('-', '_')}_spearman": metaeval.sas_spearman(j, n) for n in SAS}),
    ]
    for name in devsets.VALIDATION_SETS:
        out.append((f"{name} (validate only)", lambda j, name=name: {
            f"validation_{name}_auroc": metaeval.support_auroc(j, devsets.grounding_validation(name), True)}))
    return out


CUMULATIVE = {"dry": ("calls", "prompt_tokens_estimate", "completion_tokens_estimate", "cost_usd_estimate",
                      "cost_usd_max"),
              "real": ("calls", "cache_hits", "prompt_tokens", "completion_tokens", "cost_usd")}


def _totals(provenance: dict, dry: bool) -> dict[str, Any]:
    source = provenance.get("dry_run", {}) if dry else provenance["judge"]["usage"]
    return {k: source.get(k) for k in CUMULATIVE["dry" if dry else "real"]}


def measure(judge: Any, dry: bool, on_set: Callable[[str, dict, dict], None] | None = None) -> list[dict[str, Any]]:
    """Run every set on ``judge``; per set: its figures, items scored and what its calls took."""
    metaeval.TALLY, metaeval.DRY_RUN, metaeval.TOLERATE_ERRORS = [], dry, True
    before = {k: 0 for k in CUMULATIVE["dry" if dry else "real"]}
    rows = []
    try:
        for name, run in sets():
            start, t0 = len(metaeval.TALLY), time.perf_counter()
            figures = run(judge)
            entries = metaeval.TALLY[start:]
            now = _totals(entries[-1][2], dry)
            spent = {k: None if now[k] is None or before[k] is None else now[k] - before[k] for k in now}
            row = {"set": name, "figures": figures, "evaluations": sum(e[1] for e in entries),
                   "errors": sum(e[3] for e in entries),
                   "seconds": time.perf_counter() - t0, **spent}
            rows.append(row)
            before = now
            if on_set is not None:
                on_set(name, row, figures)
    finally:
        metaeval.TALLY, metaeval.DRY_RUN, metaeval.TOLERATE_ERRORS = None, False, False
    return rows


def _usd(value: float | None) -> str:
    return "?" if value is None else f"${value:.4f}"


def cost_table(rows: list[dict[str, Any]], dry: bool) -> list[str]:
    if dry:
        head = ["| set | samples scored | calls | prompt tokens | reply tokens (est.) | cost (est.) | cost (at most) |",
                "|---|---|---|---|---|---|---|"]
        body = [f"| {r['set']} | {r['evaluations']:,} | {r['calls']:,} | {r['prompt_tokens_estimate']:,} | "
                f"{r['completion_tokens_estimate']:,} | {_usd(r['cost_usd_estimate'])} | {_usd(r['cost_usd_max'])} |"
                for r in rows]
        total = {k: sum(r[k] for r in rows) if all(r[k] is not None for r in rows) else None
                 for k in ("evaluations", "calls", "prompt_tokens_estimate", "completion_tokens_estimate",
                           "cost_usd_estimate", "cost_usd_max")}
        body.append(f"| all | {total['evaluations']:,} | {total['calls']:,} | {total['prompt_tokens_estimate']:,} | "
                    f"{total['completion_tokens_estimate']:,} | {_usd(total['cost_usd_estimate'])} | "
                    f"{_usd(total['cost_usd_max'])} |")
        return head + body
    head = ["| set | samples scored | failed | calls | cached | prompt tokens | reply tokens | cost | seconds |",
            "|---|---|---|---|---|---|---|---|---|"]
    return head + [f"| {r['set']} | {r['evaluations']:,} | {r['errors']:,} | {r['calls']:,} | {r['cache_hits']:,} | "
                   f"{r['prompt_tokens']:,} | {r['completion_tokens']:,} | {_usd(r['cost_usd'])} | {r['seconds']:.0f} |"
                   for r in rows]


def figure_table(rows: list[dict[str, Any]], name: str) -> list[str]:
    figures = {k: v for r in rows for k, v in r["figures"].items()}
    lines = [f"| figure | target | {name} | RAGAS paper (GPT-3.5) |", "|---|---|---|---|"]
    for key, label in metaeval.LABELS.items():
        if key not in figures:
            continue
        v, lo, hi = figures[key]
        paper = metaeval.PAPER.get(key.replace("wikieval_", "")) if key.startswith("wikieval") else None
        target = f">= {metaeval.TARGETS[key]:.2f}" if key in metaeval.TARGETS else ""
        lines.append(f"| {label} | {target} | {v:.3f} [{lo:.2f}, {hi:.2f}] | {paper or ''} |")
    return lines


def markdown(spec: str, estimate: list[dict], real: list[dict] | None, describe: dict, limit: int | None) -> str:
    scope = f"at most {limit} items of each set (a seeded sample)" if limit else "every item of each set"
    lines = [f"# LLM judge `{spec}` on the human-labelled sets", "",
             f"Measured {dt.date.today().isoformat()} with ragmeter {ragmeter.__version__} by `ragmeter bench --llm "
             f"{spec}{f' --limit {limit}' if limit else ''}`, {scope}. The offline judges' figures on the same sets "
             "are in benchmarks/RESULTS.md. 95% bootstrap intervals in brackets.", "",
             "## Cost estimate (dry run, before any call)", "", *cost_table(estimate, dry=True), ""]
    if real is not None:
        lines += ["## What the run took", "", *cost_table(real, dry=False), "",
                  "## Figures", "", *figure_table(real, f"`{spec}`"), ""]
    lines += ["Judge:", "", f"`{ {k: v for k, v in describe.items() if k not in ('usage', 'runner')} }`", ""]
    return "\n".join(lines)


def main(args) -> int:
    metaeval.LIMIT = args.limit
    print(f"cost estimate for {args.llm} (dry run: no call is made)", flush=True)
    dry_judge = llm_judge(args.llm, args.embeddings, dry_run=True)
    estimate = measure(dry_judge, dry=True)
    print("\n".join(cost_table(estimate, dry=True)), flush=True)
    real = None
    describe = dry_judge.describe()
    if not args.dry_run:
        judge = llm_judge(args.llm, args.embeddings, budget=args.budget)

        def show(name: str, row: dict, figures: dict) -> None:
            for key, (v, lo, hi) in figures.items():
                print(f"{key:<40s} {v:.3f} [{lo:.3f}, {hi:.3f}]  ({row['calls']} calls, {_usd(row['cost_usd'])})",
                      flush=True)

        real = measure(judge, dry=False, on_set=show)
        describe = judge.describe()
    out = Path(args.out or Path(__file__).with_name("RESULTS_LLM.md"))
    out.write_text(markdown(args.llm, estimate, real, describe, args.limit), encoding="utf-8")
    print(f"wrote {out}")
    return 0
