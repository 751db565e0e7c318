"""Compare two runs honestly: paired differences with a bootstrap CI and a permutation test.

Samples are paired by their question text (and, for repeated questions, by occurrence), or
by id when a run has no questions; samples present in only one run are counted, not paired.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .errors import ConfigError
from .results import Result
from .stats import PairedComparison, compare_paired
from .store import changes, identity


def _keys(result: Result) -> list[tuple]:
    seen: Counter = Counter()
    keys = []
    for sample in result.samples:
        text = sample.get("user_input")
        base = ("q", text) if text is not None else ("id", sample.get("id"))
        keys.append((*base, seen[base]))
        seen[base] += 1
    return keys


@dataclass
class MetricComparison:
    metric: str
    paired: PairedComparison | None
    n_only_a: int
    n_only_b: int
    n_unscored: int  # paired samples that one of the runs could not score (skipped/error)
    alpha: float = 0.05

    @property
    def significant(self) -> bool:
        return self.paired is not None and self.paired.p_value < self.alpha

    def verdict(self, name_a: str = "A", name_b: str = "B") -> str:
        p = self.paired
        if p is None:
            return f"{self.metric}: no sample scored in both runs"
        if not self.significant:
            return f"{self.metric}: no significant difference (Δ = {p.difference:+.3f}, p = {p.p_value:.3g}, n = {p.n})"
        better, worse = (name_b, name_a) if p.difference > 0 else (name_a, name_b)
        return (f"{better} is better than {worse} on {self.metric}: Δ = {p.difference:+.3f} "
                f"[{p.ci_low:+.3f}, {p.ci_high:+.3f}], p = {p.p_value:.3g}, n = {p.n}")

    def to_dict(self) -> dict[str, Any]:
        return {"metric": self.metric, "n_only_a": self.n_only_a, "n_only_b": self.n_only_b,
                "n_unscored": self.n_unscored, "significant": self.significant,
                **({k: getattr(self.paired, k) for k in self.paired.__dataclass_fields__} if self.paired else {})}


@dataclass
class Comparison:
    name_a: str
    name_b: str
    metrics: dict[str, MetricComparison] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)  # why the runs may not be comparable

    def verdicts(self) -> list[str]:
        return [m.verdict(self.name_a, self.name_b) for m in self.metrics.values()]

    def __str__(self) -> str:
        return "\n".join([f"warning: {w}" for w in self.warnings] + self.verdicts())

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.name_a, "b": self.name_b, "warnings": self.warnings,
                "metrics": {k: v.to_dict() for k, v in self.metrics.items()}}


def comparability(a: Result, b: Result, metrics: list[str], both: list[tuple], index_a: dict, index_b: dict,
                  name_a: str = "A", name_b: str = "B") -> list[str]:
    """Why a difference between a and b may not be the pipelines': another judge, other metric
    versions or settings, other questions or references."""
    out = []
    judge_a, judge_b = a.provenance.get("judge"), b.provenance.get("judge")
    if judge_a and judge_b:
        diff = changes(identity({}, judge_a)["judge"], identity({}, judge_b)["judge"], "judge")
        if diff:
            out.append(f"{name_a} and {name_b} were scored by different judges ({'; '.join(diff)}): "
                       "a difference may be the judge's, not the pipeline's.")
    for m in metrics:
        ma, mb = (a.provenance.get("metrics") or {}).get(m), (b.provenance.get("metrics") or {}).get(m)
        diff = changes(identity(ma, {})["metrics"], identity(mb, {})["metrics"], m) if ma and mb else []
        if diff:
            out.append(f"{m} differs between the runs ({'; '.join(diff)}): its scores are not comparable.")
    only_a, only_b = len(index_a) - len(both), len(index_b) - len(both)
    if only_a or only_b:
        out.append(f"the runs were not scored on the same dataset: {only_a} samples only in {name_a}, "
                   f"{only_b} only in {name_b} (paired by question); only the {len(both)} in both are compared.")
    refs = sum(a.samples[index_a[k]].get("reference") != b.samples[index_b[k]].get("reference") for k in both)
    if refs:
        out.append(f"{refs} of the {len(both)} paired samples have a different reference in {name_a} and {name_b}: "
                   "the datasets differ.")
    return out


def compare(a: Result, b: Result, metrics: list[str] | None = None, name_a: str = "A", name_b: str = "B",
            alpha: float = 0.05, seed: int = 0) -> Comparison:
    """B minus A, per metric, on the samples both runs scored."""
    shared = [m for m in a.metrics if m in b.metrics] if metrics is None else list(metrics)
    missing = [m for m in shared if m not in a.metrics or m not in b.metrics]
    if missing or not shared:
        raise ConfigError(f"metrics {missing or 'in common'} not in both runs; run A has {a.metrics}, B has {b.metrics}.")
    index_a = {k: i for i, k in enumerate(_keys(a))}
    index_b = {k: i for i, k in enumerate(_keys(b))}
    both = [k for k in index_a if k in index_b]
    out = Comparison(name_a, name_b, warnings=comparability(a, b, shared, both, index_a, index_b, name_a, name_b))
    for metric in shared:
        xs, ys, unscored = [], [], 0
        for key in both:
            ra, rb = a.metric_results[index_a[key]][metric], b.metric_results[index_b[key]][metric]
            if ra.score is None or rb.score is None:
                unscored += 1
                continue
            xs.append(ra.score)
            ys.append(rb.score)
        paired = compare_paired(xs, ys, seed=seed) if xs else None
        out.metrics[metric] = MetricComparison(metric, paired, len(index_a) - len(both), len(index_b) - len(both),
                                               unscored, alpha)
    return out
