"""Which hand-written features and rules still earn their place in the default judge.

    python benchmarks/ablation.py            # about 10 minutes on 2 cores

Claim support: the default judge's rows of WiCE dev, Factcheck-GPT and the held-out SQuAD near
misses (as benchmarks/calibrate.py fits them), with the columns of its model
(features.VERIFIED_SUPPORT_COLUMNS), refitted with one column left out, with each column the
judge computes but its model leaves out added back, or with one of the contradiction rules
behind ``neg_mismatch`` left out (negation, direction, opposites,
numbers, frequency, changed slot). Each variant is scored out of fold (5 folds grouped by
claim), the contradiction cap applied as the judge applies it, and printed as AUROC per set
with the change against the full model. Answer relevance: the default judge's answer pairs
(EVOUNA and the SQuAD pairs of the articles the relevance model never read), out-of-fold
pairwise accuracy with one column left out.

A column or rule "earns its place" when leaving it out lowers some set's figure by more than
noise (here: 0.002 AUROC or 0.002 pairwise accuracy); the verdicts are printed. Dev sets only:
WikiEval and the validate-only sets are never read here.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import calibrate  # noqa: E402

from ragmeter.judges.local import features as F  # noqa: E402
from ragmeter.judges.local import judge as L  # noqa: E402
from ragmeter.judges.local.features import (  # noqa: E402
    JUDGED_ANSWER_FEATURES,
    VERIFIED_SUPPORT_COLUMNS,
    VERIFIED_SUPPORT_FEATURES,
)
from ragmeter.judges.local.judge import NEGATION_CAP, LocalJudge  # noqa: E402

RULES = F.CONTRADICTION_CHECKS
NOISE = 0.002
# columns that come from one model, left out together (MiniLM's token states: about a third of
# the default judge's time in speed.py)
GROUPS = {"contextual token states": ["ctx_recall", "ctx_name"]}


def support_rows_with_rules(judge: LocalJudge):
    """calibrate.support_data's rows, and each row's value of every rule (in RULES' order)."""
    recorded: list[list[float]] = []
    original = L.support_features

    def recording(claim, *args):
        view = args[3]
        recorded.append([float(rule(claim, view)) if view.windows else 0.0 for rule in RULES.values()])
        return original(claim, *args)

    L.support_features = recording
    try:
        x, y, w, _, groups, claims = calibrate.support_data(judge, contrasts=True)
    finally:
        L.support_features = original
    rules = np.asarray(recorded)
    assert len(rules) == len(x), "one rule record per row"
    return x, y, w, groups, claims, rules


def out_of_fold(x, y, w, names, groups, folds) -> np.ndarray:
    """Out-of-fold logits as calibrate.fit computes them (an intercept per set while fitting)."""
    from sklearn.model_selection import StratifiedGroupKFold

    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    sets = list(np.unique(groups))
    offsets = np.stack([groups == g for g in sets[1:]], axis=1).astype(float)
    zo = np.hstack([z, offsets])
    signs = np.concatenate([calibrate.feature_signs(names), np.zeros(offsets.shape[1])])
    oof = np.zeros(len(y))
    for train, test in StratifiedGroupKFold(5, shuffle=True, random_state=0).split(z, y, folds):
        coef, intercept = calibrate.fit_logistic(zo[train], y[train], w[train], signs)
        oof[test] = zo[test] @ coef + intercept
    return oof


def support_figures(x, y, w, names, groups, folds) -> dict[str, float]:
    from sklearn.metrics import roc_auc_score

    p = 1 / (1 + np.exp(-out_of_fold(x, y, w, names, groups, folds)))
    if "neg_mismatch" in names:
        p = np.minimum(p, np.where(x[:, names.index("neg_mismatch")] > 0, NEGATION_CAP, 1.0))
    return {str(g): float(roc_auc_score(y[groups == g], p[groups == g])) for g in np.unique(groups)}


def verdict(delta: dict[str, float]) -> str:
    """Of a part left out: does some set lose more than noise without it?"""
    return "earns its place" if min(delta.values()) < -NOISE else "adds nothing measurable"


def added_verdict(delta: dict[str, float]) -> str:
    """Of a column added back to the model."""
    gains, losses = max(delta.values()) > NOISE, min(delta.values()) < -NOISE
    return {(True, False): "would add", (False, True): "costs", (True, True): "a trade"}.get((gains, losses),
                                                                                          "adds nothing measurable")


def print_row(label: str, figures: dict[str, float], base: dict[str, float] | None, judge=verdict) -> dict[str, float]:
    cells = " | ".join(f"{figures[k]:.4f}" + (f" ({figures[k] - base[k]:+.4f})" if base else "") for k in sorted(figures))
    delta = {k: figures[k] - base[k] for k in figures} if base else {}
    print(f"| {label} | {cells} | {judge(delta) if base else ''} |", flush=True)
    return delta


def main() -> None:
    judge = LocalJudge(contextual=True)
    x_all, y, w, groups, folds, rules = support_rows_with_rules(judge)
    computed = list(VERIFIED_SUPPORT_FEATURES)
    names = list(VERIFIED_SUPPORT_COLUMNS)  # the shipped model's columns; the others are tried added back below
    x = x_all[:, [computed.index(n) for n in names]]
    neg = names.index("neg_mismatch")
    print(f"claim support: {len(y)} rows; out-of-fold AUROC by set "
          f"({', '.join(sorted(np.unique(groups)))}), the contradiction cap applied\n")
    print("| left out | " + " | ".join(sorted(np.unique(groups))) + " | verdict |")
    print("|---|" + "---|" * (len(np.unique(groups)) + 1))
    base = support_figures(x, y, w, names, groups, folds)
    print_row("nothing", base, None)
    for k, rule in enumerate(RULES):
        fewer = x.copy()
        fewer[:, neg] = np.delete(rules, k, axis=1).max(axis=1)
        print_row(f"rule: {rule} (fires on {int((rules[:, k] > 0).sum())} rows)",
                  support_figures(fewer, y, w, names, groups, folds), base)
    idle = []
    for k, name in enumerate(names):
        kept = [n for n in names if n != name]
        delta = print_row(f"column: {name}", support_figures(np.delete(x, k, axis=1), y, w, kept, groups, folds), base)
        if name != "neg_mismatch" and verdict(delta) != "earns its place":
            idle.append(name)
    for label, group in GROUPS.items():  # parts that each cost model time: what they add together
        group = [n for n in group if n in names]
        kept = [n for n in names if n not in group]
        print_row(f"{label}: {', '.join(group)}", support_figures(x[:, [names.index(n) for n in kept]], y, w, kept,
                                                                   groups, folds), base)
    kept = [n for n in names if n not in idle]  # columns that add nothing alone may add together
    print_row(f"columns that add nothing alone, together: {', '.join(idle)}",
              support_figures(x[:, [names.index(n) for n in kept]], y, w, kept, groups, folds), base)
    for name in [n for n in computed if n not in names]:  # computed, left out of the model: would it add?
        more = names + [name]
        print_row(f"added back: {name}", support_figures(x_all[:, [computed.index(n) for n in more]], y, w, more,
                                                         groups, folds), base, added_verdict)

    print("\nanswer relevance: out-of-fold pairwise accuracy\n")
    answers = LocalJudge(verifier=False)
    ax, kinds, _ = calibrate.answer_data(answers, calibrate.unseen_titles())
    names = list(JUDGED_ANSWER_FEATURES)

    def accuracy(cols: list[str]) -> float:
        with contextlib.redirect_stdout(io.StringIO()):
            _, acc = calibrate.fit_ranking(ax[:, [names.index(c) for c in cols]], kinds, cols)
        return acc

    full = accuracy(names)
    print("| left out | pairwise accuracy | verdict |\n|---|---|---|")
    print(f"| nothing | {full:.4f} | |")
    idle = []
    for name in names:
        acc = accuracy([n for n in names if n != name])
        print(f"| column: {name} | {acc:.4f} ({acc - full:+.4f}) | {verdict({'a': acc - full})} |", flush=True)
        if acc - full >= -NOISE:
            idle.append(name)
    acc = accuracy([n for n in names if n not in idle])
    print(f"| columns that add nothing alone, together: {', '.join(idle)} | {acc:.4f} ({acc - full:+.4f}) "
          f"| {verdict({'a': acc - full})} |", flush=True)


if __name__ == "__main__":
    main()
