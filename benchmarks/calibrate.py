"""Fit the LocalJudge's logistic models on the development sets and write calibration.json.

    python benchmarks/calibrate.py

Support (claim, premises -> supported): WiCE dev (supported vs not supported) and
Factcheck-GPT stance (completely supports vs the rest), weighted to count equally, each set
with its own intercept while fitting (see fit); three times: "support_verified" for the default
judge, with its token-state coverage and the claim verifier's logit, and the near misses of the
SQuAD articles the verifier was not trained on as a third set (held_out_contrasts, counting a
quarter: CONTRAST_WEIGHT); "support_contextual" without the verifier (LocalJudge(verifier=False));
and "support" for the fast judge (contextual=False).
Sentence relevance (question, sentence -> relevant): SQuAD 2.0 dev, the sentence holding the
answer vs the other sentences of its paragraph and of another article.
Answer relevance (question, answer -> addresses it): EVOUNA TriviaQA answers of five systems
to their own question vs to a random other question, and the SQuAD 2.0 answer pairs of
devsets.squad_answer_relevance_pairs (complete vs incomplete, withheld, padded, off-topic
answers) and squad_elliptical_pairs (for the default judge's "answer_judged", only those of the
half of the articles the answer-relevance model never read: unseen_titles), each SQuAD answer
given its paragraph as context, the
two sources weighted to count equally (--written-weight W adds the answer-relevancy pairs of our
own hand-written suites, devsets.FITTED_SUITES, as a third source: an experiment, not the shipped
fit; docs/judges.md, "Tried and not kept"); fitted as a ranking (better answer
first) with sign-constrained weights, then Platt-scaled; twice: "answer" with the answer's
closeness to its question from the judge's answer embedder (int8 all-MiniLM-L6-v2), and
"answer_static" with the static model's, for a judge without onnxruntime; and "answer_judged"
for the default judge, with the trained answer-relevance model's logit as one more column. Every weight keeps
the sign its feature's meaning gives (feature_signs).
WikiEval is never read here. Prints 5-fold cross-validated AUROC, folds grouped by claim or question
(pairwise accuracy for answers), and the answer model's pairwise accuracy on answers that do not
restate the question when given without contexts (elliptical_diagnostic: a known weakness).
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devsets  # noqa: E402
from answer_fit import WRITTEN_WEIGHT, feature_signs, fit_ranking  # noqa: E402

from ragmeter.judges.base import SentenceRelevanceItem  # noqa: E402
from ragmeter.judges.local.calibration import CALIBRATION_FILE, LogisticModel  # noqa: E402
from ragmeter.judges.local.features import (  # noqa: E402
    ANSWER_MODEL_FEATURES,
    CONTEXTUAL_SUPPORT_FEATURES,
    JUDGED_ANSWER_FEATURES,
    MODEL_FEATURES,
    RELEVANCE_FEATURES,
    SUPPORT_FEATURES,
    VERIFIED_SUPPORT_FEATURES,
)
from ragmeter.judges.local.judge import LocalJudge  # noqa: E402
from ragmeter.models.cross_encoder import SHIPPED  # noqa: E402

CONTRAST_ROWS = 1500  # held-out near misses in the default judge's support fit
# ... counting a quarter as much as WiCE dev or Factcheck-GPT. Out-of-fold AUROC (near misses /
# Factcheck-GPT / WiCE) by this weight: 0 (near misses not fitted on): 0.616 / 0.8075 / 0.9825;
# 0.25: 0.784 / 0.8074 / 0.9827; 0.5: 0.823 / 0.8031 / 0.9782; 1: 0.854 / 0.7949 / 0.9695. The
# feature judge without the verifier: 0.595 / 0.8074 / 0.9831. A quarter buys most of the near
# misses at no cost on the natural claims. (Measured with an earlier verifier: with version 26's,
# benchmarks/verifier_weight.py reads near misses 0.8085 / 0.8106 at 0 / 0.25, after the
# contradiction cap, and the weight changes little either way; docs/benchmarks.md.)
CONTRAST_WEIGHT = 0.25
RELEVANCE_ASSET = SHIPPED["relevance"]


def fit_logistic(z: np.ndarray, y: np.ndarray, weights: np.ndarray, signs: np.ndarray, c: float = 1.0):
    """Weighted L2 logistic regression (as sklearn's, C = c) with each weight held to its sign."""
    from scipy.optimize import minimize

    n, target = z.shape[1], 2.0 * y - 1.0

    def loss(params):
        margin = target * (z @ params[:n] + params[n])
        grad_margin = -target * weights / (1.0 + np.exp(margin))
        value = float(np.sum(weights * np.logaddexp(0.0, -margin)) + 0.5 / c * params[:n] @ params[:n])
        return value, np.concatenate([z.T @ grad_margin + params[:n] / c, [grad_margin.sum()]])

    bounds = [(0, None) if s > 0 else (None, 0) if s < 0 else (None, None) for s in signs] + [(None, None)]
    params = minimize(loss, np.zeros(n + 1), jac=True, bounds=bounds, method="L-BFGS-B").x
    return params[:n], float(params[n])


def pooled_intercept(score: np.ndarray, y: np.ndarray, weights: np.ndarray) -> float:
    """The intercept of least weighted log-loss for these scores (the weights of the features held)."""
    from scipy.optimize import minimize_scalar

    target = 2.0 * y - 1.0
    return float(minimize_scalar(lambda b: float(np.sum(weights * np.logaddexp(0.0, -target * (score + b)))),
                                 bounds=(-20.0, 20.0), method="bounded").x)


def fit(x: np.ndarray, y: np.ndarray, weights: np.ndarray, names, groups, folds) -> tuple[LogisticModel, float, dict]:
    """Logistic model on standardised features, each weight held to the sign its meaning gives
    (feature_signs). Left free, the weights of these correlated features took opposite signs
    that cancel (soft_weighted +1.5, soft_best -1.4), a fit to the dev sets that need not hold
    beyond them; held to their signs the support model does as well or better there (CV AUROC:
    WiCE 0.975 free, 0.979 signed; Factcheck-GPT 0.767 both).

    With ``groups`` (the dev set of each row) every set gets its own intercept while fitting:
    the sets differ in how often a claim is supported (WiCE 3 in 4, Factcheck-GPT 1 in 5),
    and with one intercept a feature that tells the sets apart (claim length: WiCE's claims
    are longer) earned weight for that alone (claim_len +0.84; out-of-fold AUROC WiCE 0.979,
    Factcheck-GPT 0.767; with an intercept per set 0.983 and 0.783). The shipped intercept is
    refitted on all rows with those weights held (the sets counting equally). The out-of-fold
    AUROC keeps all rows of one claim (or question) in the same fold, so no claim is scored by
    a model that saw it; with groups the figure returned is the mean of the sets' AUROCs
    (pooled, it would reward base-rate cues)."""
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import StratifiedGroupKFold

    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    signs = feature_signs(names)
    sets = list(np.unique(groups)) if groups is not None else []
    offsets = np.stack([groups == g for g in sets[1:]], axis=1).astype(float) if len(sets) > 1 \
        else np.zeros((len(y), 0))
    zo, so = np.hstack([z, offsets]), np.concatenate([signs, np.zeros(offsets.shape[1])])
    oof = np.zeros(len(y))
    for train, test in StratifiedGroupKFold(5, shuffle=True, random_state=0).split(z, y, folds):
        coef, intercept = fit_logistic(zo[train], y[train], weights[train], so)
        oof[test] = zo[test] @ coef + intercept
    per_set = {str(g): round(float(roc_auc_score(y[groups == g], oof[groups == g])), 4) for g in sets}
    for g, auc in per_set.items():
        print(f"  out-of-fold AUROC on {g}: {auc:.4f}")
    coef, intercept = fit_logistic(zo, y, weights, so)
    n = z.shape[1]
    if len(sets) > 1:  # one intercept for all sets, refitted with the weights held
        intercept = pooled_intercept(z @ coef[:n], y, weights)
    figure = float(np.mean(list(per_set.values()))) if per_set else float(roc_auc_score(y, oof))
    return LogisticModel(tuple(names), mean, scale, coef[:n], intercept), figure, per_set


def held_out_contrasts(n: int = CONTRAST_ROWS, seed: int = 0) -> list[tuple[str, str, int]]:
    """(paragraph, claim, label): near-miss pairs (training/contrasts.py) from the SQuAD articles
    the claim verifier was not trained on (training/verifier_data.held_out_titles), each claim
    with its whole paragraph as the premise; a seeded sample of n."""
    import random

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))
    from contrasts import squad_pairs
    from verifier_data import held_out_titles, squad_paragraphs

    held = [p for p in squad_paragraphs() if p["title"] in held_out_titles()]
    found = [(e, c, y) for e, c, y, _ in squad_pairs(held, seed, whole_paragraph=True)]
    return random.Random(seed).sample(found, min(n, len(found)))


def support_data(judge: LocalJudge, contrasts: bool = False):
    """Rows of WiCE dev and Factcheck-GPT, each set weighted to count equally (and, with
    contrasts, those of held_out_contrasts, counting CONTRAST_WEIGHT as much)."""
    sets = {"wice": [(ev, claim, lab) for claim, ev, lab in devsets.wice()],
            "factcheck": [([ev], claim, lab) for claim, ev, lab in devsets.factcheck_stance()]}
    if contrasts:
        sets["contrast"] = [([paragraph], claim, lab) for paragraph, claim, lab in held_out_contrasts()]
    pairs = [(ev, [claim]) for rows in sets.values() for ev, claim, _ in rows]
    y = np.array([lab for rows in sets.values() for *_, lab in rows])
    w = np.concatenate([np.full(len(rows), (CONTRAST_WEIGHT if name == "contrast" else 1.0) / len(rows))
                        for name, rows in sets.items()]) * len(y) / len(sets)
    rows, _ = judge.support_rows(pairs)
    groups = np.array([name for name, rows in sets.items() for _ in rows])
    claims = np.array([claim for rows in sets.values() for _, claim, _ in rows])
    sizes = {"wice_dev": len(sets["wice"]), "factcheck_gpt_stance": len(sets["factcheck"])}
    if contrasts:
        sizes["squad_held_out_contrasts"] = len(sets["contrast"])
    return np.asarray(rows), y, w, sizes, groups, claims


def relevance_data(judge: LocalJudge):
    data = devsets.squad_sentence_relevance()
    items = [SentenceRelevanceItem(q, s) for q, s, _ in data]
    rows, owners = judge.relevance_rows(items)
    y = np.array([data[i][2] for i, _ in owners])
    questions = np.array([data[i][0] for i, _ in owners])
    return np.asarray(rows), y, np.ones(len(y)), {"squad_v2_dev_sentences": len(y)}, None, questions


def unseen_titles() -> frozenset[str]:
    """The SQuAD articles the answer-relevance model was not trained on
    (training/relevance_squad.calibration_titles): the answer model is fitted on their pairs only."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))
    from relevance_squad import calibration_titles

    return calibration_titles()


def answer_data(judge: LocalJudge, titles: frozenset[str] | None = None, written_weight: float = WRITTEN_WEIGHT):
    """Pairs (better, worse), stored as consecutive rows: an EVOUNA answer to its own question
    (on topic, right or wrong) vs to another question, the two answers of each SQuAD pair
    (devsets.squad_answer_relevance_pairs and squad_elliptical_pairs, bare answers among them), each
    SQuAD answer with its paragraph as context, and the hand-written answer-relevancy pairs of our
    own contrast suites where written_weight > 0 (devsets.written_pairs; kind "written_<category>"),
    with their contexts."""
    import random

    from ragmeter.judges.base import AnswerRelevanceItem

    rng = random.Random(0)
    data = [r for r in devsets.evouna() if (r["answer"] or "").strip()]
    questions = sorted({r["question"] for r in data})
    items, kinds = [], []
    for r in data[::2]:
        other = rng.choice(questions)
        if other != r["question"]:
            items += [AnswerRelevanceItem(r["question"], r["answer"]), AnswerRelevanceItem(other, r["answer"])]
            kinds.append("evouna")
    squad = devsets.squad_answer_relevance_pairs(n=4500, seed=1, titles=titles)
    elliptical = devsets.squad_elliptical_pairs(titles=titles)
    for kind, question, better, worse, paragraph in squad + elliptical:
        items += [AnswerRelevanceItem(question, text, (paragraph,)) for text in (better, worse)]
        kinds.append(f"squad_{kind}")
    written = devsets.written_pairs("answer_relevancy") if written_weight > 0 else []
    for pair in written:
        items += [AnswerRelevanceItem(pair[side]["question"], pair[side]["answer"], tuple(pair[side]["contexts"]))
                  for side in ("better", "worse")]
        kinds.append(f"written_{pair['category']}")
    kinds_arr = np.asarray(kinds)
    n_evouna = int((kinds_arr == "evouna").sum())
    _, rows = judge.answer_rows(items)
    sizes = {"evouna_answer_pairs": n_evouna, "squad_answer_pairs": len(squad), "squad_elliptical_pairs": len(elliptical)}
    return np.asarray(rows), kinds_arr, {**sizes, **({"written_answer_pairs": len(written)} if written else {})}


def elliptical_diagnostic(judge: LocalJudge, model: LogisticModel) -> dict[str, float]:
    """Pairwise accuracy of a fitted answer model on answers that do not restate the question
    (devsets.squad_elliptical_pairs) given without their paragraph, as when a user gives no
    contexts: a measure of a known weakness. Such an answer ("Via the ballast tanks of ships."
    for "How was the ctenophore introduced into the Black Sea?") takes up none of the
    question's words, and its MiniLM closeness to the question is no higher than that of
    another sentence of the paragraph (median 0.32 against 0.38), so without the paragraph the
    features read it as off the point. Giving these answers columns of their own, fitted on
    these pairs, raised them (vague 0.04 -> 0.38, aspect 0.21 -> 0.64) but cost the other
    kinds (off topic 1.00 -> 0.84, EVOUNA 0.96 -> 0.89): not kept. With the paragraph, the
    grounding feature reads them (features.grounding_gain), and the pairs are fitted on;
    fit_ranking prints their out-of-fold accuracy."""
    from ragmeter.judges.base import AnswerRelevanceItem

    pairs = devsets.squad_elliptical_pairs()
    items = [AnswerRelevanceItem(question, text) for _, question, better, worse, _ in pairs for text in (better, worse)]
    _, rows = judge.answer_rows(items)
    score = model.predict(rows).reshape(-1, 2)
    kinds = np.array([kind for kind, *_ in pairs])
    out = {}
    for kind in np.unique(kinds):
        won = score[kinds == kind]
        out[str(kind)] = round(float(np.mean((won[:, 0] > won[:, 1]) + 0.5 * (won[:, 0] == won[:, 1]))), 4)
        print(f"  without contexts, elliptical answers: pairwise accuracy on {kind}: {out[kind]:.4f} ({len(won)} pairs)")
    return out


def report(name: str, figure: str, model: LogisticModel) -> None:
    print(f"{name}: {figure}")
    for feature, c in zip(model.features, model.coef):
        print(f"  {feature:>14s} {c:+.3f}")


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="fit the LocalJudge's calibration")
    parser.add_argument("--embedder", default=None, help="sentence embedder (default: the shipped static model)")
    parser.add_argument("--dry-run", action="store_true", help="print the figures, write nothing")
    parser.add_argument("--written-weight", type=float, default=WRITTEN_WEIGHT,
                        help="fit the answer models on our own hand-written answer-relevancy pairs too, weighing W in "
                             "all (devsets.FITTED_SUITES; an experiment: 0, the shipped fit, leaves them out)")
    args = parser.parse_args()
    judge = LocalJudge(embedder=args.embedder, contextual=False)  # "support": the fast judge's weights
    static_answers = LocalJudge(embedder=args.embedder, answer_embedder="static")
    meta = {"fitted_on": {}, "cv_auroc": {}, "fitted_at": dt.date.today().isoformat(),
            "method": "L2 logistic (C=1) on standardised features, weights held to feature_signs; support: "
                      "an intercept per dev set while fitting, then one refitted on all rows; "
                      "answer: pairwise ranking then Platt scaling; CV folds grouped by claim or question",
            "embedder": judge.sentence_embedder.describe()["embedder"],
            "answer_embedder": judge.answer_embedder.describe()["embedder"]}
    models = {}
    for name, maker, names in (("support", support_data, SUPPORT_FEATURES),
                               ("relevance", relevance_data, RELEVANCE_FEATURES)):
        x, y, w, sizes, groups, folds = maker(judge)
        model, auc, by_set = fit(x, y, w, names, groups, folds)
        models[name] = model.to_dict()
        for fitted in (judge, static_answers):  # answer features use the relevance just fitted
            fitted.model(name)
            fitted._models[name] = model
        meta["fitted_on"].update(sizes)
        meta["cv_auroc"][name] = round(auc, 4)
        meta["cv_auroc"].update({f"{name}_{g}": a for g, a in by_set.items()})
        report(name, f"{len(y)} rows, 5-fold CV AUROC {auc:.4f}", model)
    # the contextual judge's support weights: the same rows with the token-state coverage added
    x, y, w, _, groups, folds = support_data(LocalJudge(embedder=args.embedder, contextual=True, verifier=False))
    model, auc, by_set = fit(x, y, w, CONTEXTUAL_SUPPORT_FEATURES, groups, folds)
    models["support_contextual"] = model.to_dict()
    meta["cv_auroc"].update({"support_contextual": round(auc, 4),
                             **{f"support_contextual_{g}": a for g, a in by_set.items()}})
    report("support_contextual", f"{len(y)} rows, 5-fold CV AUROC {auc:.4f}", model)
    # the default judge's: the claim verifier's logit added, and near misses it was not trained on
    x, y, w, sizes, groups, folds = support_data(LocalJudge(embedder=args.embedder, contextual=True), contrasts=True)
    columns = MODEL_FEATURES["support_verified"]  # the columns that add to it (ablation.py)
    x = x[:, [VERIFIED_SUPPORT_FEATURES.index(name) for name in columns]]
    model, auc, by_set = fit(x, y, w, columns, groups, folds)
    models["support_verified"] = model.to_dict()
    meta["fitted_on"].update(sizes)
    meta["cv_auroc"].update({"support_verified": round(auc, 4),
                             **{f"support_verified_{g}": a for g, a in by_set.items()}})
    report("support_verified", f"{len(y)} rows, 5-fold CV AUROC {auc:.4f}", model)
    meta["cv_pairwise_accuracy"] = {}
    judged = LocalJudge(embedder=args.embedder, verifier=False) if RELEVANCE_ASSET.is_file() else None
    for name, fitted, names in (("answer", judge, ANSWER_MODEL_FEATURES),
                                ("answer_static", static_answers, ANSWER_MODEL_FEATURES),
                                *([("answer_judged", judged, JUDGED_ANSWER_FEATURES)] if judged else [])):
        fitted.model("relevance")  # answer features use the sentence relevance just fitted
        fitted._models["relevance"] = LogisticModel.from_dict(models["relevance"])
        # the relevance model's column only on the articles it never read; the feature models on all
        x, kinds, sizes = answer_data(fitted, unseen_titles() if name == "answer_judged" else None,
                                      args.written_weight)
        model, accuracy = fit_ranking(x, kinds, names, args.written_weight)
        models[name] = model.to_dict()
        meta["fitted_on"].update(sizes)
        meta["cv_pairwise_accuracy"][name] = round(accuracy, 4)
        if args.written_weight > 0:  # an experiment's weights: say so wherever they are read
            meta["written_answer_weight"] = args.written_weight
        report(name, f"{len(kinds)} pairs, 5-fold CV pairwise accuracy {accuracy:.4f}", model)
        if name == "answer":
            meta["elliptical_pairwise_accuracy"] = elliptical_diagnostic(fitted, model)
    if args.dry_run:
        return
    CALIBRATION_FILE.write_text(json.dumps({"meta": meta, "models": models}, indent=1) + "\n")
    print(f"wrote {CALIBRATION_FILE}")


if __name__ == "__main__":
    main()
