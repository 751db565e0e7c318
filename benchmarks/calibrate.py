"""Fit the LocalJudge's logistic models on the development sets and write calibration.json.

    python benchmarks/calibrate.py

Support (claim, premises -> supported): WiCE dev (supported vs not supported) and
Factcheck-GPT stance (completely supports vs the rest), weighted to count equally.
Sentence relevance (question, sentence -> relevant): SQuAD 2.0 dev, the sentence holding the
answer vs the other sentences of its paragraph and of another article.
Answer relevance (question, answer -> addresses it): EVOUNA TriviaQA answers of five systems
to their own question vs to a random other question.
WikiEval is never read here. Prints 5-fold cross-validated AUROC for each model.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devsets  # noqa: E402

from ragmeter.judges.base import SentenceRelevanceItem  # noqa: E402
from ragmeter.judges.calibration import CALIBRATION_FILE, LogisticModel  # noqa: E402
from ragmeter.judges.features import ANSWER_FEATURES, RELEVANCE_FEATURES, SUPPORT_FEATURES  # noqa: E402
from ragmeter.judges.local import LocalJudge  # noqa: E402


def fit(x: np.ndarray, y: np.ndarray, weights: np.ndarray, names, groups=None) -> tuple[LogisticModel, float]:
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import StratifiedKFold

    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    oof = np.zeros(len(y))
    for train, test in StratifiedKFold(5, shuffle=True, random_state=0).split(z, y):
        lr = LogisticRegression(C=1.0, max_iter=2000).fit(z[train], y[train], sample_weight=weights[train])
        oof[test] = lr.predict_proba(z[test])[:, 1]
    if groups is not None:
        for g in np.unique(groups):
            print(f"  out-of-fold AUROC on {g}: {roc_auc_score(y[groups == g], oof[groups == g]):.4f}")
    lr = LogisticRegression(C=1.0, max_iter=2000).fit(z, y, sample_weight=weights)
    model = LogisticModel(tuple(names), mean, scale, lr.coef_[0], float(lr.intercept_[0]))
    return model, float(roc_auc_score(y, oof))


def support_data(judge: LocalJudge):
    wice = devsets.wice()
    fc = devsets.factcheck_stance()
    pairs = [(ev, [claim]) for claim, ev, _ in wice] + [([ev], [claim]) for claim, ev, _ in fc]
    y = np.array([lab for *_, lab in wice] + [lab for *_, lab in fc])
    w = np.array([1.0 / len(wice)] * len(wice) + [1.0 / len(fc)] * len(fc)) * len(y) / 2
    rows, _ = judge.support_rows(pairs)
    groups = np.array(["wice"] * len(wice) + ["factcheck"] * len(fc))
    return np.asarray(rows), y, w, {"wice_dev": len(wice), "factcheck_gpt_stance": len(fc)}, groups


def relevance_data(judge: LocalJudge):
    data = devsets.squad_sentence_relevance()
    items = [SentenceRelevanceItem(q, s) for q, s, _ in data]
    rows, owners = judge.relevance_rows(items)
    y = np.array([data[i][2] for i, _ in owners])
    return np.asarray(rows), y, np.ones(len(y)), {"squad_v2_dev_sentences": len(y)}, None


def answer_data(judge: LocalJudge):
    """EVOUNA answers to their own question (on topic, right or wrong) vs to another question."""
    import random

    from ragmeter.judges.base import AnswerRelevanceItem

    rng = random.Random(0)
    data = [r for r in devsets.evouna() if (r["answer"] or "").strip()]
    questions = sorted({r["question"] for r in data})
    items, y = [], []
    for r in data[::2]:
        items.append(AnswerRelevanceItem(r["question"], r["answer"]))
        y.append(1)
        other = rng.choice(questions)
        if other != r["question"]:
            items.append(AnswerRelevanceItem(other, r["answer"]))
            y.append(0)
    rows = judge.answer_rows(items)
    return np.asarray(rows), np.asarray(y), np.ones(len(y)), {"evouna_answer_pairs": len(y)}, None


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="fit the LocalJudge's calibration")
    parser.add_argument("--embedder", default=None, help="sentence embedder (default: the shipped static model)")
    parser.add_argument("--dry-run", action="store_true", help="print the figures, write nothing")
    args = parser.parse_args()
    judge = LocalJudge(embedder=args.embedder)
    meta = {"fitted_on": {}, "cv_auroc": {}, "fitted_at": dt.date.today().isoformat(),
            "embedder": judge.sentence_embedder.describe()["embedder"]}
    models = {}
    for name, maker, names in (("support", support_data, SUPPORT_FEATURES),
                               ("relevance", relevance_data, RELEVANCE_FEATURES),
                               ("answer", answer_data, ANSWER_FEATURES)):
        x, y, w, sizes, groups = maker(judge)
        model, auc = fit(x, y, w, names, groups)
        models[name] = model.to_dict()
        meta["fitted_on"].update(sizes)
        meta["cv_auroc"][name] = round(auc, 4)
        print(f"{name}: {len(y)} rows, 5-fold CV AUROC {auc:.4f}")
        for f, c in zip(names, model.coef):
            print(f"  {f:>14s} {c:+.3f}")
    if args.dry_run:
        return
    CALIBRATION_FILE.write_text(json.dumps({"meta": meta, "models": models}, indent=1) + "\n")
    print(f"wrote {CALIBRATION_FILE}")


if __name__ == "__main__":
    main()
