"""The report's data: each run's samples once, compact, for report.js to draw.

A sample is ``{"id", "q", "a", "ctx", "ref", "err", "r"}`` with ``r`` one entry per metric of
its run, in the run's metric order: ``[score, reason, status, evidence]`` where status is 0
(ok, the default), 1 (skipped) or 2 (error) and trailing defaults are left out. Scores and
probabilities are rounded to 4 digits. Evidence never repeats a text: a chunk's usefulness is a
flag in rank order, a sentence found in context k at [start, end) is ``[k, start, end]``, and a
claim found in the answer is ``[-1, start, end]``.
A run whose scores a calibration mapped names those metrics in ``mapped``, and each sample holds
the judge's own scores of them in ``j``, in that order (null where the judge did not score it).
A comparison holds its pairs as indices into the two runs.
"""

from __future__ import annotations

from typing import Any, Callable

from ..results import Result

DIGITS = 4
STATUS = {"ok": 0, "skipped": 1, "error": 2}


def _round(x: Any) -> Any:
    return round(x, DIGITS) if isinstance(x, float) else x


def locate(text: str | None, contexts: list[str], hint: int | None = None) -> Any:
    """[k, start, end] of text in contexts (context ``hint`` first), else the text itself."""
    if not text:
        return None
    order = ([hint] if hint is not None and 0 <= hint < len(contexts) else []) + list(range(len(contexts)))
    for k in order:
        at = contexts[k].find(text) if isinstance(contexts[k], str) else -1
        if at >= 0:
            return [k, at, at + len(text)]
    return text


def _claims(items: list[dict], contexts: list[str] | None, answer: str | None) -> list[list]:
    """[text, verdict, probability, evidence] per claim; a claim that is a sentence of the answer as
    [-1, start, end] in the answer."""
    def claim(text: Any) -> Any:
        at = answer.find(text) if isinstance(answer, str) and isinstance(text, str) and text else -1
        return [-1, at, at + len(text)] if at >= 0 else text
    return [[claim(c.get("text")), int(bool(c.get("verdict"))), _round(c.get("probability")),
             locate(c.get("evidence"), contexts) if contexts is not None else c.get("evidence")] for c in items]


def _chunks(items: list[dict], contexts: list[str] | None, answer: str | None = None) -> list[list] | None:
    """[verdict, probability] per chunk, rank order; the judged text only when it is not the context
    at that rank (nor the start of it: judges keep a preview)."""
    if contexts is None:
        return None
    return [[int(bool(c.get("verdict"))), _round(c.get("probability"))]
            + ([] if k < len(contexts) and contexts[k].startswith(c.get("text") or "\0") else [c.get("text")])
            for k, c in enumerate(items)]


def _relevant(per_context: list[list[str]], contexts: list[str] | None, answer: str | None = None) -> list[list] | None:
    if contexts is None:
        return None
    return [[locate(s, contexts, k) for s in sentences] for k, sentences in enumerate(per_context)]


EVIDENCE: dict[str, tuple[str, Callable[..., Any]]] = {"faithfulness": ("claims", _claims), "context_precision": ("chunks", _chunks),
            "context_relevancy": ("relevant_sentences", _relevant)}


def _entry(metric: str, r: Any, contexts: list[str] | None, answer: str | None) -> list:
    entry: list[Any] = [_round(r.score), r.reason, STATUS.get(r.status, 2), None]
    evidence = EVIDENCE.get(metric)
    if evidence is not None and isinstance(r.evidence, dict) and r.evidence.get(evidence[0]):
        key, encode = evidence
        entry[3] = encode(r.evidence[key], contexts, answer)
    if entry[3] is None:  # trailing defaults left out: no evidence, then status ok
        entry.pop()
        if entry[2] == 0:
            entry.pop()
    return entry


def judge_scores(scores: dict, mapped: list[str]) -> list[Any] | None:
    """The judge's own score of each mapped metric (kept as evidence "judge_score" when a calibration
    mapped it), None where the judge did not score the sample."""
    if not mapped:
        return None
    out = []
    for m in mapped:
        r = scores[m]
        raw = r.evidence.get("judge_score") if isinstance(r.evidence, dict) else None
        out.append(_round(float(raw)) if isinstance(raw, (int, float)) and r.status == "ok" else None)
    return out


def sample_json(sample: dict[str, Any], scores: dict, metrics: list[str], contexts: bool = True,
                mapped: list[str] | None = None) -> dict[str, Any]:
    ctx = sample.get("retrieved_contexts")
    ctx = [c if isinstance(c, str) else str(c) for c in ctx] if isinstance(ctx, list) else None
    out = {"id": sample.get("id"), "q": sample.get("user_input"), "a": sample.get("response"),
           "ref": sample.get("reference")}
    if contexts and ctx is not None:
        out["ctx"] = ctx
    elif ctx:
        out["nctx"] = len(ctx)  # contexts left out of the file (--no-contexts)
    if sample.get("error"):
        out["err"] = sample["error"]
    out["r"] = [_entry(m, scores[m], ctx if contexts else None, out.get("a")) for m in metrics]
    out["j"] = judge_scores(scores, mapped or [])
    return {k: v for k, v in out.items() if v is not None}


def badness(scores: dict, metrics: list[str]) -> float:
    """Mean score of a sample with an unscored metric counted as 0: the order of --max-samples."""
    return sum((r.score or 0.0) if r.status == "ok" else 0.0 for r in (scores[m] for m in metrics)) / max(1, len(metrics))


def run_json(name: str, result: Result, keep: list[int] | None = None, contexts: bool = True) -> dict[str, Any]:
    """One run's samples (those at ``keep`` when given, in that order)."""
    idx = range(len(result.samples)) if keep is None else keep
    maps = ((result.provenance or {}).get("calibration") or {}).get("maps") or {}
    mapped = [m for m in result.metrics if m in maps]
    out: dict[str, Any] = {"name": name, "metrics": result.metrics, "total": len(result.samples),
                           "samples": [sample_json(result.samples[i], result.metric_results[i], result.metrics,
                                                   contexts, mapped) for i in idx]}
    if mapped:
        out["mapped"] = mapped
    return out


def worst_first(result: Result, n: int) -> list[int]:
    order = sorted(range(len(result.samples)), key=lambda i: badness(result.metric_results[i], result.metrics))
    return order[:n]


def _change(before: float | None, after: float | None) -> float:
    """after - before; -1 (a drop as large as can be) when either is unscored."""
    return after - before if before is not None and after is not None else -1.0


def worst_pairs(a: Result, b: Result, pairs: list[tuple[int, int]], metrics: list[str], n: int) -> list[tuple[int, int]]:
    """The n pairs with the biggest drop from a to b on any metric (a pair unscored on one side first)."""
    def drop(pair: tuple[int, int]) -> float:
        ra, rb = a.metric_results[pair[0]], b.metric_results[pair[1]]
        deltas = [_change(ra[m].score, rb[m].score) for m in metrics]
        return min(deltas) if deltas else 0.0
    return sorted(pairs, key=drop)[:n]
