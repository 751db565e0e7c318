"""Contrast suite: how often a metric prefers the better sample of a hand-written minimal pair.

    python benchmarks/contrast.py [--judge local] [--judge local-fast]
                                  [--file benchmarks/contrast/pairs.jsonl] [--out benchmarks/CONTRAST.md]

What it measures: each line of the suite is a pair of samples that differ in one thing only (for
faithfulness, answer_relevancy and answer_correctness the answer; for context_recall and
context_precision the retrieved contexts), chosen so that any careful reader prefers one side:
an entity taken from the wrong slot of the passage, a changed number, a "not" added or removed,
an antonym, all/some/none, cause and effect or who-did-what swapped, more/less inverted, a
faithful paraphrase against a high-overlap hallucination, Yes/No flipped, a true but
non-answering sentence, an evasion, a restatement of the question, an answer to another
question, an incomplete answer. Both sides are scored with
``ragmeter.evaluate(rows, metrics=[metric], judge=...)`` (all samples of one metric in one call);
a pair is a win when the better side scores higher, half a win on a tie (|diff| < 1e-9), and a
loss when either side is skipped or errored (their number is reported). Accuracy is printed
overall and per metric, category and domain, with n and a Wilson 95% interval, and the pairs
that were not won are listed with both scores.

The suite was written by hand for this purpose (no text copied from a dataset), and it is never
used for tuning: no weight, threshold, feature or rule of a judge is fitted or chosen on it. It
is a held-out probe of failure modes; keep it that way (a change made because of a figure here
must be reported as such, and new pairs written blind to the judge's scores).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import subprocess
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_FILE = HERE / "contrast" / "pairs.jsonl"
DEFAULT_OUT = HERE / "CONTRAST.md"

# the fields every sample of a metric must have, and the one field in which the two sides differ
REQUIRED = {
    "faithfulness": ("question", "answer", "contexts"),
    "answer_relevancy": ("question", "answer", "contexts"),
    "answer_correctness": ("question", "answer", "contexts", "reference"),
    "context_recall": ("question", "answer", "contexts", "reference"),
    "context_precision": ("question", "answer", "contexts", "reference"),
}
VARIED = {"faithfulness": "answer", "answer_relevancy": "answer", "answer_correctness": "answer",
          "context_recall": "contexts", "context_precision": "contexts"}
SAMPLE_FIELDS = ("question", "answer", "contexts", "reference")
PAIR_FIELDS = ("id", "metric", "category", "domain", "better", "worse", "why")
CATEGORIES = ("entity_swap", "number_change", "negation", "antonym", "quantifier", "order_swap", "comparison_inverted",
              "paraphrase_vs_overlap", "yes_no_polarity", "non_answer_sentence", "evasive", "restatement",
              "another_question", "partial", "exception", "unsupported_addition")
DOMAINS = ("medicine", "law", "finance", "software", "hr_policy", "product_manual", "customer_support", "science",
           "history", "geography")
TIE = 1e-9


class SuiteError(ValueError):
    """A malformed suite file: the message names the file, the line and the field."""


def _check_sample(sample, side: str, metric: str, where: str) -> None:
    if not isinstance(sample, dict):
        raise SuiteError(f"{where}: field '{side}' must be an object, got {type(sample).__name__}")
    for key in sample:
        if key not in SAMPLE_FIELDS:
            raise SuiteError(f"{where}: field '{side}.{key}' is not a sample field (allowed: {', '.join(SAMPLE_FIELDS)})")
    for key in REQUIRED[metric]:
        if key not in sample:
            raise SuiteError(f"{where}: field '{side}.{key}' is missing ({metric} needs {', '.join(REQUIRED[metric])})")
        value = sample[key]
        if key == "contexts":  # answer relevancy and correctness do not read them: an empty list will do
            if not isinstance(value, list) or not (value or metric in ("answer_relevancy", "answer_correctness")):
                raise SuiteError(f"{where}: field '{side}.contexts' must be a non-empty list of strings")
            for i, chunk in enumerate(value):
                if not isinstance(chunk, str) or not chunk.strip():
                    raise SuiteError(f"{where}: field '{side}.contexts[{i}]' must be a non-empty string")
        elif not isinstance(value, str) or not value.strip():
            raise SuiteError(f"{where}: field '{side}.{key}' must be a non-empty string")


def validate_pair(pair, where: str) -> None:
    """Raise SuiteError unless ``pair`` is a well-formed minimal pair."""
    if not isinstance(pair, dict):
        raise SuiteError(f"{where}: a line must hold a JSON object, got {type(pair).__name__}")
    for key in PAIR_FIELDS:
        if key not in pair:
            raise SuiteError(f"{where}: field '{key}' is missing (a pair needs {', '.join(PAIR_FIELDS)})")
    for key in ("id", "metric", "category", "domain", "why"):
        if not isinstance(pair[key], str) or not pair[key].strip():
            raise SuiteError(f"{where}: field '{key}' must be a non-empty string")
    where = f"{where} (id {pair['id']})"
    if pair["metric"] not in REQUIRED:
        raise SuiteError(f"{where}: field 'metric' is '{pair['metric']}', not one of {', '.join(REQUIRED)}")
    if pair["category"] not in CATEGORIES:
        raise SuiteError(f"{where}: field 'category' is '{pair['category']}', not one of {', '.join(CATEGORIES)}")
    if pair["domain"] not in DOMAINS:
        raise SuiteError(f"{where}: field 'domain' is '{pair['domain']}', not one of {', '.join(DOMAINS)}")
    metric = pair["metric"]
    for side in ("better", "worse"):
        _check_sample(pair[side], side, metric, where)
    varied = VARIED[metric]
    for key in set(pair["better"]) | set(pair["worse"]):
        if key != varied and pair["better"].get(key) != pair["worse"].get(key):
            raise SuiteError(f"{where}: field '{key}' differs between better and worse; for {metric} only "
                             f"'{varied}' may differ (a minimal pair)")
    if pair["better"][varied] == pair["worse"][varied]:
        raise SuiteError(f"{where}: field '{varied}' is the same on both sides; the pair contrasts nothing")


def load_pairs(path) -> list[dict]:
    """Read and validate the suite; blank lines are allowed, ids must be unique."""
    path = Path(path)
    if not path.is_file():
        raise SuiteError(f"{path}: no such file")
    pairs, seen = [], {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        try:
            pair = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SuiteError(f"{where}: not valid JSON ({exc.msg} at column {exc.colno})") from None
        validate_pair(pair, where)
        if pair["id"] in seen:
            raise SuiteError(f"{where}: field 'id' '{pair['id']}' repeats line {seen[pair['id']]}")
        seen[pair["id"]] = number
        pairs.append(pair)
    if not pairs:
        raise SuiteError(f"{path}: holds no pairs")
    return pairs


@dataclass
class Outcome:
    """One pair scored by one judge."""

    credit: float          # 1 win, 0.5 tie, 0 loss
    better: float | None
    worse: float | None
    note: str              # "win", "tie", "loss", or why it was not scored


def _outcome(b_score, b_status, b_reason, w_score, w_status, w_reason) -> Outcome:
    failed = [f"{side} {status}: {reason}" for side, status, score, reason in
              (("better", b_status, b_score, b_reason), ("worse", w_status, w_score, w_reason))
              if status != "ok" or score is None]
    if failed:
        return Outcome(0.0, b_score, w_score, "; ".join(failed))
    diff = b_score - w_score
    if abs(diff) < TIE:
        return Outcome(0.5, b_score, w_score, "tie")
    return Outcome(1.0 if diff > 0 else 0.0, b_score, w_score, "win" if diff > 0 else "loss")


def score_pairs(pairs: list[dict], judge_name: str) -> tuple[dict[str, Outcome], dict, float]:
    """Score both sides of every pair with one judge: one evaluate call per metric."""
    from ragmeter import evaluate
    from ragmeter.judges import resolve_judge

    judge = resolve_judge(judge_name)
    start = time.time()
    outcomes: dict[str, Outcome] = {}
    for metric in dict.fromkeys(p["metric"] for p in pairs):
        group = [p for p in pairs if p["metric"] == metric]
        rows = [json.loads(json.dumps(p[side])) for side in ("better", "worse") for p in group]
        n = len(group)
        try:
            result = evaluate(rows, metrics=[metric], judge=judge)
            cells = [(r[metric].score, r[metric].status, r[metric].reason) for r in result.metric_results]
        except Exception as exc:  # a crash of the whole call: every sample of this metric counts as an error
            print(f"{judge_name}: {metric}: evaluate failed: {exc!r}", file=sys.stderr)
            cells = [(None, "error", repr(exc))] * (2 * n)
        for i, pair in enumerate(group):
            outcomes[pair["id"]] = _outcome(*cells[i], *cells[n + i])
    return outcomes, judge.describe(), time.time() - start


def provenance() -> str:
    """ragmeter's version, and the commit of the checkout it was imported from (flagging uncommitted src/)."""
    import ragmeter

    root = Path(ragmeter.__file__).resolve().parents[2]
    text = f"ragmeter {ragmeter.__version__}"

    def git(*args):
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=20)

    try:
        head = git("rev-parse", "--short", "HEAD")
        if head.returncode != 0:
            return text + " (not from a git checkout)"
        dirty = git("status", "--porcelain", "--", "src").stdout.strip()
        return text + f" at commit {head.stdout.strip()}" + (" with uncommitted changes in src/" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        return text


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return float("nan"), float("nan")
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _groups(pairs: list[dict]) -> list[tuple[str, list[str]]]:
    out = [("**overall**", [p["id"] for p in pairs])]
    for key, order in (("metric", list(REQUIRED)), ("category", CATEGORIES), ("domain", DOMAINS)):
        for value in order:
            ids = [p["id"] for p in pairs if p[key] == value]
            if ids:
                out.append((f"{key}: {value}", ids))
    return out


def _fmt(score) -> str:
    return "—" if score is None else f"{score:.4f}"


def markdown(pairs: list[dict], runs: dict[str, tuple[dict[str, Outcome], dict, float]], source: str,
             made_with: str = "") -> str:
    names = list(runs)
    lines = ["# ragmeter contrast suite", "",
             f"Measured {dt.date.today().isoformat()} by `python benchmarks/contrast.py "
             + " ".join(f"--judge {n}" for n in names) + f"` on {len(pairs)} hand-written minimal pairs "
             f"(`{source}`; no weight is fitted on it, see docs/benchmarks.md). A win when the better side scores higher, half a win on a tie "
             f"(|diff| < {TIE:g}), a loss when a side is skipped or errored. Accuracy with n and a Wilson 95% "
             "interval in brackets." + (f" Scored with {made_with}." if made_with else ""), "",
             "| group | n | " + " | ".join(names) + " |", "|---|---|" + "---|" * len(names)]
    for label, ids in _groups(pairs):
        cells = []
        for name in names:
            credit = sum(runs[name][0][i].credit for i in ids)
            low, high = wilson(credit, len(ids))
            cells.append(f"{credit / len(ids):.3f} [{low:.2f}, {high:.2f}]")
        lines.append(f"| {label} | {len(ids)} | " + " | ".join(cells) + " |")
    lines += ["", "Judges:", ""]
    for name in names:
        outcomes, desc, secs = runs[name]
        unscored = [i for i, o in outcomes.items() if o.note not in ("win", "tie", "loss")]
        ties = sum(o.note == "tie" for o in outcomes.values())
        lines.append(f"- `{name}` ({secs:.0f} s): {ties} ties, {len(unscored)} pairs with a skipped or errored "
                     f"sample (counted as losses); version {desc.get('version', '?')}")
    by_id = {p["id"]: p for p in pairs}
    for name in names:
        outcomes = runs[name][0]
        failed = [i for i in by_id if outcomes[i].credit < 1.0]
        lines += ["", f"## Pairs not won: {name} ({len(failed)} of {len(pairs)})", ""]
        if not failed:
            lines.append("None.")
            continue
        lines += ["| id | metric | category | domain | better | worse | note |", "|---|---|---|---|---|---|---|"]
        for i in failed:
            p, o = by_id[i], outcomes[i]
            note = o.note.replace("|", "/").replace("\n", " ")[:160]
            lines.append(f"| {i} | {p['metric']} | {p['category']} | {p['domain']} | {_fmt(o.better)} | "
                         f"{_fmt(o.worse)} | {note} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge", action="append", help="judge name, repeatable (default: local)")
    parser.add_argument("--file", default=str(DEFAULT_FILE), help="the suite, one JSON pair per line")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="where to write the Markdown table")
    args = parser.parse_args(argv)
    try:
        pairs = load_pairs(args.file)
    except SuiteError as exc:
        print(f"contrast.py: {exc}", file=sys.stderr)
        return 2
    warnings.simplefilter("ignore")
    runs = {}
    for name in dict.fromkeys(args.judge or ["local"]):
        runs[name] = score_pairs(pairs, name)
        credit = sum(o.credit for o in runs[name][0].values())
        print(f"{name}: {credit:g} of {len(pairs)} pairs won ({credit / len(pairs):.3f}) in {runs[name][2]:.0f} s",
              file=sys.stderr, flush=True)
    try:
        source = str(Path(args.file).resolve().relative_to(HERE.parent))
    except ValueError:
        source = args.file
    text = markdown(pairs, runs, source, provenance())
    print(text, end="")
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
