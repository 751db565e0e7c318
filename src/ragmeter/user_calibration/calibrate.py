"""calibrate(result, labels): per metric, how the judge agrees with a team's labels, the mean the
labels alone give, and the PPI++ corrected mean over the whole run (see ppi.py), each with its
interval; a map of scores onto the labels' scale; and a warning when the labelled samples do not
look like a random subset of the run."""

from __future__ import annotations

import datetime as dt
import math
import warnings
from statistics import NormalDist
from typing import Any, Iterable

import numpy as np

from ..errors import ConfigError, DatasetError, RagmeterWarning
from ..stats import bootstrap_ci
from .agreement import agreement, reliability
from .corrected import corrected_means
from .labels import read_labels
from .mapping import METHODS, fit_map
from .match import match_samples
from .ppi import labels_mean
from .record import SCHEMA, Calibration

FEW_LABELS = 30          # below this the normal intervals are rough
SELECTION_P = 0.001      # a random subset looks this different one time in a thousand
SELECTION_EFFECT = 0.2   # ... and the difference must matter: a fifth of a standard deviation


def selection_check(labelled: np.ndarray, unlabelled: np.ndarray) -> dict[str, Any]:
    """Do the labelled samples' judge scores look like the unlabelled ones'? A two-sample z test of
    the means (Welch's standard error) and the standardised difference; ``looks_random`` is False
    when both are large."""
    out: dict[str, Any] = {"labelled_judge_mean": float(labelled.mean()) if labelled.size else None,
                           "unlabelled_judge_mean": float(unlabelled.mean()) if unlabelled.size else None,
                           "z": None, "p_value": None, "std_difference": None, "looks_random": True}
    if labelled.size < 2 or unlabelled.size < 2:
        return out
    difference = float(labelled.mean() - unlabelled.mean())
    se = math.sqrt(labelled.var(ddof=1) / labelled.size + unlabelled.var(ddof=1) / unlabelled.size)
    pooled = math.sqrt((labelled.var(ddof=1) + unlabelled.var(ddof=1)) / 2)
    if se == 0.0 or pooled == 0.0:
        same = difference == 0.0  # no spread on either side: equal, or different beyond doubt
        out.update(z=0.0 if same else None, p_value=1.0 if same else 0.0, std_difference=0.0 if same else None,
                   looks_random=same)
        return out
    z = difference / se
    p = 2 * (1 - NormalDist().cdf(abs(z)))
    effect = difference / pooled
    out.update(z=z, p_value=p, std_difference=effect, looks_random=not (p < SELECTION_P and abs(effect) >= SELECTION_EFFECT))
    return out


def judge_score(r: Any) -> float:
    """The judge's own score of a result, also when a calibration has mapped it (kept as evidence)."""
    raw = (r.evidence or {}).get("judge_score")
    return float(r.score if raw is None else raw)


def scored(result: Any, metric: str) -> tuple[np.ndarray, np.ndarray]:
    """(indices, judge scores) of the samples the judge scored ok on ``metric``."""
    idx, scores = [], []
    for i, row in enumerate(result.metric_results):
        r = row[metric]
        if r.status == "ok" and r.score is not None:
            idx.append(i)
            scores.append(judge_score(r))
    return np.array(idx, dtype=int), np.array(scores, dtype=float)


def notes(metric: str, n: int, unscored: int, selection: dict, y: np.ndarray, n_unlabelled: int) -> list[str]:
    notes = []
    if unscored:
        notes.append(f"{metric}: {unscored} labelled samples were not scored by the judge (skipped or error) and are "
                     "left out of every figure.")
    if n < FEW_LABELS:
        notes.append(f"{metric}: only {n} labelled samples; the intervals assume about {FEW_LABELS} or more and are rough.")
    if np.all(y == y[0]):
        notes.append(f"{metric}: every label is {y[0]:g}, so the labels' spread is unknown and both intervals "
                     "are too narrow (0 wide when the judge cannot help); label more samples.")
    elif np.all(y >= 0.5) or np.all(y < 0.5):
        notes.append(f"{metric}: every label is on one side of 0.5, so accuracy, kappa and AUROC say little or nothing.")
    if n_unlabelled == 0:
        notes.append(f"{metric}: every scored sample is labelled; the corrected mean is the labels' mean.")
    if not selection["looks_random"]:
        notes.append(
            f"{metric}: the labelled samples do not look like a random subset of the run: their judge mean is "
            f"{selection['labelled_judge_mean']:.3f} against {selection['unlabelled_judge_mean']:.3f} for the others "
            f"(p = {selection['p_value']:.2g}). The corrected mean is only valid for labels on a random sample; "
            "label a random sample of the run (not just its failures).")
    return notes


def split(result: Any, metric: str, labelled: dict[int, float]) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """(labels, their samples' judge scores, the unlabelled samples' judge scores, labelled but unscored)."""
    idx, scores = scored(result, metric)
    is_labelled = np.array([i in labelled for i in idx], dtype=bool)
    y = np.array([labelled[i] for i in idx[is_labelled]], dtype=float)
    return y, scores[is_labelled], scores[~is_labelled], len(labelled) - int(is_labelled.sum())


def means_of(metric: str, y: np.ndarray, f: np.ndarray, g: np.ndarray, unscored: int, confidence: float,
             seed: int) -> dict[str, Any]:
    """Labels-only and corrected means of one metric, the selection check and the notes on them."""
    out: dict[str, Any] = {"n_labelled": int(y.size), "n_labelled_unscored": unscored, "n_unlabelled": int(g.size)}
    if y.size < 2:
        out.update(labels_mean=float(y.mean()) if y.size else None, labels_ci=None, corrected_mean=None,
                   corrected_ci=None, warnings=[f"{metric}: {y.size} labelled and scored samples; "
                                                "calibration needs at least 2 (and 100 or more to be useful)."])
        return out
    plain = labels_mean(y, confidence)
    corrected = corrected_means(y, f, g, confidence, seed)
    selection = selection_check(f, g)
    out.update(labels_mean=plain.mean, labels_ci=plain.ci, **corrected,
               ppi={"lambda": corrected["corrected_plain"]["lambda"], "se": corrected["corrected_plain"]["se"],
                    "labels_se": plain.se, "judge_mean_labelled": float(f.mean())},
               selection=selection, warnings=notes(metric, int(y.size), unscored, selection, y, int(g.size)))
    return out


def judge_mean(result: Any, metric: str, scores: np.ndarray, confidence: float, n_resamples: int,
               seed: int) -> dict[str, Any]:
    """The judge's mean and interval: the run's own aggregate, or, when a calibration mapped the run's
    scores, recomputed from the judge's scores kept as evidence."""
    if "calibration" not in (result.provenance or {}):
        agg = result.aggregates[metric]
        return {"judge_mean": agg.mean, "judge_ci": None if agg.ci_low is None else [agg.ci_low, agg.ci_high]}
    ci = bootstrap_ci(scores, confidence, n_resamples, seed)
    return {"judge_mean": float(scores.mean()) if scores.size else None, "judge_ci": list(ci) if ci else None}


def calibrate_metric(result: Any, metric: str, labelled: dict[int, float], method: str, confidence: float,
                     n_resamples: int, seed: int) -> dict[str, Any]:
    """The calibration of one metric; ``labelled`` maps sample index -> label."""
    y, f, g, unscored = split(result, metric, labelled)
    out: dict[str, Any] = {**judge_mean(result, metric, np.concatenate([f, g]), confidence, n_resamples, seed),
                           **means_of(metric, y, f, g, unscored, confidence, seed)}
    if y.size < 2:
        return {**out, "agreement": {}}
    warnings_ = out.pop("warnings")
    out.update(agreement=agreement(f, y, confidence, n_resamples, seed), reliability=reliability(f, y),
               mapping=fit_map(f, y, method).to_dict(), warnings=warnings_)
    return out


def _run_of(result: Any) -> Any:
    from ..results import Result

    return result if isinstance(result, Result) else Result.load(result)


def calibrate(result: Any, labels: Any, metrics: Iterable[str] | None = None, method: str = "isotonic",
              confidence: float = 0.95, n_resamples: int = 1000, seed: int = 0) -> Calibration:
    """Compare a run's judge scores with your own labels, metric by metric.

    ``result``: a Result, or the path of a run folder / result.json. ``labels``: a CSV or JSONL path,
    a list of dicts or a DataFrame, keyed by sample id (or question), one column per metric with
    0/1 or a number in [0, 1]. Returns a Calibration: ``cal["faithfulness"]["corrected_mean"]``,
    ``cal.to_dict()``, ``cal.save(path)``, ``cal.apply(other_result)``."""
    if method not in METHODS:
        raise ConfigError(f"unknown mapping method '{method}'; use one of {', '.join(METHODS)}.")
    run = _run_of(result)
    table = read_labels(labels, run.metrics)
    chosen = list(metrics) if metrics is not None else [m for m in table.metrics if m in run.metrics]
    extra = [m for m in table.metrics if m not in run.metrics]
    if extra:
        warnings.warn(f"{table.source}: has labels for {', '.join(extra)}, which the run did not score; they are ignored "
                      f"(the run has {', '.join(run.metrics)}).", RagmeterWarning, stacklevel=2)
    for m in chosen:
        if m not in run.metrics or m not in table.metrics:
            raise DatasetError(f"cannot calibrate '{m}': the run scored {', '.join(run.metrics)} and {table.source} "
                               f"labels {', '.join(table.metrics)}; calibrate a metric both have.")
    if not chosen:
        raise DatasetError(f"{table.source} labels {', '.join(table.metrics)} and the run scored "
                           f"{', '.join(run.metrics)}: no metric in common to calibrate.")
    where = match_samples(table, run)
    per_metric = {}
    for m in chosen:
        labelled = {where[row.key]: value for row, value in table.labels_of(m) if row.key in where}
        per_metric[m] = calibrate_metric(run, m, labelled, method, confidence, n_resamples, seed)
        for note in per_metric[m].get("warnings", []):
            warnings.warn(note, RagmeterWarning, stacklevel=2)
    return Calibration({"schema": SCHEMA, "created": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                        "run": _run_facts(run), "labels": {"source": table.source, "key": table.key,
                                                           "rows": len(table.rows)},
                        "labelled": stored_labels(table, chosen),
                        "settings": {"method": method, "confidence": confidence, "n_resamples": n_resamples,
                                     "seed": seed},
                        "metrics": per_metric})


def stored_labels(table: Any, metrics: list[str]) -> dict[str, Any]:
    """The labels themselves, so that a saved calibration can correct the means of another run of
    the same samples (apply.py)."""
    return {"key": table.key, "values": {m: [[row.key, value] for row, value in table.labels_of(m)] for m in metrics}}


def _run_facts(run: Any) -> dict[str, Any]:
    from .. import __version__

    prov = run.provenance or {}
    judge = prov.get("judge") or {}
    return {"n_samples": len(run), "judge": {k: judge.get(k) for k in ("name", "version", "model") if k in judge},
            "dataset_hash": prov.get("dataset_hash"), "ragmeter_version": __version__}
