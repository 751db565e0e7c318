"""LocalJudge: the offline default. Small real models on the CPU, deterministic, no API key.

Claim support, sentence relevance and answer relevance are each a logistic model (fitted by
benchmarks/calibrate.py, weights in calibration.json) over what the judge reads: features of
the text and of sentence vectors (features.py), MiniLM's token states (contextual.py), and the
logits of ragmeter's own cross-encoders (trained.py: the claim verifier and the answer-relevance
model); a contradiction check that fires caps a claim's support (checks/). ``local-fast`` is the
same judge without token states and cross-encoders. How each part was chosen, and what it scores:
docs/judges.md.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ...models.hash_embedder import HashEmbedder
from ...text.acronyms import resolve_acronyms
from ...text.answer_type import is_bare, read_answer, takes_up, type_miss, verdict_at
from ...text.markup import plain
from ...text.measures import in_premise_units
from ...text.noncommittal import is_noncommittal
from ...text.question_parts import part_left_out
from ...text.restatement import restates_question, withholds_answer
from ...text.segments import (
    capitalised,
    content_set,
    coverage,
    numbers,
    premise_windows,
    split_sentences,
    tokens,
    without_words,
)
from ..base import (
    AnswerRelevanceItem,
    ClaimsItem,
    ClaimsSupportItem,
    Judge,
    Relevance,
    SentenceRelevanceItem,
    SupportItem,
    UsefulnessItem,
    Verdict,
)
from ..lexical import ramp, split_into_claims
from .calibration import CALIBRATION_FILE, checked_model, load_calibration
from .contextual import closest_sentences
from .cores import CallsAhead, one_blas_thread
from .features import (
    ANSWER_DETAIL,
    ANSWER_FEATURES,
    CONTEXTUAL_SUPPORT_FEATURES,
    MODEL_FEATURES,
    SUPPORT_FEATURES,
    VERIFIED_SUPPORT_FEATURES,
    answer_features,
    answer_model_row,
    carried_similarity,
    contradiction,
    grounding_gain,
    relevance_features,
    support_features,
)
from .loading import answer_embedder_for, claim_verifier, contextual_coverage, runtime_versions, sentence_embedder
from .names import opening_names
from .premises import PremiseView, premise_view
from .similarity import DENSE_FLOOR, lifted_similarity
from .trained import best_entailment, best_verified, cross_encoder
from .verdicts import claims_with_verdicts

VERIFIER_WINDOWS = 1  # the claim verifier reads each claim against its closest premise window(s)
USEFUL_SHARE = 0.3  # share of the target's content words that makes a chunk useful (seed 000)
# a claim whose best-covering premise clause says the opposite (one negated, the other not) is held
# to at most this probability: on the support dev sets 1 of the 8 such claims was supported; the
# logistic weight of so rare a feature is set by those rows and stays weak. So is a claim going the
# other way, with an opposite word, another number or frequency, or one slot of a copied clause
# changed or two exchanged (the checks in checks/). The cap is the share of flagged dev claims
# people called supported (54 of 518; docs/judges.md, "Contradictions")
NEGATION_CAP = 0.1
# an answer that only says the question back (text.restatement) keeps this share of its relevance,
# and one that takes up the whole question and gives none of the number, time, name or place it
# asks for keeps WITHHELD_SCALE, one that leaves out a part of a two-part question PART_SCALE
# (text.question_parts; words as close as "charges" to "fees", CLOSE_WORDS, count as said)
RESTATEMENT_SCALE, WITHHELD_SCALE, PART_SCALE, CLOSE_WORDS = 0.1, 0.5, 0.5, 0.5
NEG_COLUMN = SUPPORT_FEATURES.index("neg_mismatch")


class LocalJudge(Judge):
    name = "local"
    version = "61"
    fused_claims_support = True  # splitting reads the question: an answer's yes or no (verdicts.py)

    def __init__(self, embedder: str | Path | None = None, static_model: str | Path | None = None,
                 calibration: str | Path | None = None, nli_model: str | Path | None = None,
                 nli_windows: int = 3, max_cache: int = 200_000, answer_embedder: str | Path | None = None,
                 contextual: bool | None = None, verifier: bool | str | Path | None = None,
                 relevance_model: bool | str | Path | None = None):
        from ...models.static_embedder import StaticEmbedder

        self.static = StaticEmbedder(static_model)
        self.sentence_embedder: Any = sentence_embedder(embedder, self.static)
        self.answer_embedder: Any = answer_embedder_for(answer_embedder, self.static)
        self._calibration_path = Path(calibration) if calibration else CALIBRATION_FILE
        self._models: dict[str, Any] | None = None
        self._calibration_meta: dict[str, Any] = {}
        self.lexical = HashEmbedder()
        self.nli = None
        self.nli_windows = nli_windows
        if nli_model is not None:
            from ...models.nli import NLICrossEncoder

            self.nli = NLICrossEncoder(nli_model)
        if contextual is None:  # by default whenever the answer embedder is a transformer
            from ...models.onnx_embedder import OnnxSentenceEmbedder

            contextual = isinstance(self.answer_embedder, OnnxSentenceEmbedder)
        self.contextual = contextual_coverage(self.answer_embedder, self.static) if contextual else None
        if self.contextual is None:
            self.name = "local-fast"  # the name it is asked for by, in tables and provenance
        # the trained claim verifier (models/cross_encoder.py): by default wherever token states are read
        self.verifier = claim_verifier(verifier if verifier is not None else self.contextual is not None,
                                       self.contextual is not None)
        # and the trained answer-relevance model, likewise
        self.relevance_model = cross_encoder(
            "relevance", relevance_model if relevance_model is not None else self.contextual is not None)
        self._cache: dict[str, np.ndarray] = {}
        self._answer_cache: dict[str, np.ndarray] = {}
        self._ids: dict[str, np.ndarray] = {}
        self._verified: dict[tuple[str, str], float] = {}  # the verifier's logit of each (claim, window) read
        self._ahead = CallsAhead()  # model calls started before their batch runs (prefetch)
        self._max_cache = max_cache

    @property
    def support_model(self) -> str:
        """The support weights that match the features this judge computes."""
        if self.verifier is not None:
            return "support_verified"
        return "support_contextual" if self.contextual is not None else "support"

    @property
    def answer_model(self) -> str:
        """The answer-relevance weights that match the answer embedder (and the relevance model)."""
        if self.relevance_model is not None:
            return "answer_judged"
        return "answer_static" if self.answer_embedder is self.static else "answer"

    def _support_columns(self) -> list[int]:
        """Where the support model's columns are in this judge's support rows."""
        computed = (VERIFIED_SUPPORT_FEATURES if self.verifier is not None else
                    CONTEXTUAL_SUPPORT_FEATURES if self.contextual is not None else SUPPORT_FEATURES)
        return [computed.index(name) for name in MODEL_FEATURES[self.support_model]]

    def model(self, name: str):
        """The calibrated logistic model for 'support' or 'relevance' (loaded on first use)."""
        if self._models is None:
            self._models, self._calibration_meta = load_calibration(self._calibration_path)
        return checked_model(self._models, name, MODEL_FEATURES[name], self._calibration_path)

    def describe(self) -> dict[str, Any]:
        self.model("support")
        return {
            "name": self.name, "version": self.version,
            "sentence_embedder": self.sentence_embedder.describe(),
            "answer_embedder": {**self.answer_embedder.describe(), "weights": self.answer_model},
            "token_vectors": self.static.describe(),
            "similarity": {"lexical": self.lexical.describe(), "dense_floor": DENSE_FLOOR},
            "support_weights": self.support_model,
            **({"contextual": self.contextual.describe()} if self.contextual else {}),
            **({"verifier": {**self.verifier.describe(), "windows": VERIFIER_WINDOWS}} if self.verifier else {}),
            **({"relevance_model": self.relevance_model.describe()} if self.relevance_model else {}),
            **({"nli": self.nli.describe(), "nli_windows": self.nli_windows} if self.nli else {}),
            "calibration": {"file": self._calibration_path.name, **self._calibration_meta},
            "runtime": runtime_versions(),
        }

    # ---- vectors ----------------------------------------------------------------------
    def vectors(self, texts: Sequence[str], answer: bool = False) -> dict[str, np.ndarray]:
        """Unit sentence vectors of distinct texts, each text embedded once per judge (by the
        answer embedder when answer=True)."""
        embedder = self.answer_embedder if answer else self.sentence_embedder
        cache = self._cache if embedder is self.sentence_embedder else self._answer_cache
        # questions and whole answers rarely repeat across samples: a tenth of the room
        limit = self._max_cache if cache is self._cache else max(1, self._max_cache // 10)
        distinct = list(dict.fromkeys(texts))
        if len(cache) + len(distinct) > limit:
            cache.clear()  # bounded memory; whatever this call needs is computed below
        new = [t for t in distinct if t not in cache]
        if new and answer:
            cache.update(self._ahead.take("answer", new))  # type: ignore[arg-type]  # what prefetch started
            new = [t for t in new if t not in cache]
        if new:
            cache.update(zip(new, embedder.embed(new)))
        return {t: cache[t] for t in texts}

    def batch_context(self) -> AbstractContextManager:
        return one_blas_thread()  # cores.py

    def prefetch(self, primitive: str, items: Sequence[Any]) -> None:
        """For a batch of answer relevance: start the answer embedder's vectors and the relevance
        model's logits on a thread of their own (cores.py), to overlap the batches before it."""
        # nothing to overlap on one core (a worker process limited to one, as Ray's often are)
        if primitive != "answer_relevance" or not items or getattr(self.answer_embedder, "workers", 1) < 2:
            return
        read_items, beyond = self._read_answers(items)
        # an ONNX answer embedder (models/onnx_embedder.py); the static model is quick: nothing to overlap
        if hasattr(self.answer_embedder, "on_this_thread"):
            texts = [t for item, rest in zip(read_items, beyond) for t in (item.question, item.answer, rest)
                     if t and t not in self._answer_cache]
            self._ahead.start_model("answer", texts, self.answer_embedder, "embed")
        if self.relevance_model is not None:
            self._ahead.start_model("relevance", [(item.question, item.answer) for item in read_items],
                                    self.relevance_model, "logits")

    def token_ids(self, texts: Sequence[str]) -> list[np.ndarray]:
        """Content-token ids of each text, each distinct text tokenised once per judge."""
        distinct = list(dict.fromkeys(texts))
        if len(self._ids) + len(distinct) > self._max_cache:
            self._ids.clear()
        new = [t for t in distinct if t not in self._ids]
        if new:
            self._ids.update(zip(new, self.static.content_token_ids(new)))
        return [self._ids[t] for t in texts]

    def _token_vectors_and_weights(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        ids = self.token_ids([text])[0]
        return self.static.token_vectors(ids), self.static.token_weights[ids]

    def support_rows(self, pairs: list[tuple[Sequence[str], Sequence[str]]]) -> tuple[list, list]:
        """Feature rows of every (premises, claim), and for each (pair index, claim, best window,
        the contradiction check that fired or None)."""
        # each claim as the premises would word it (an acronym they spell out, spelt out; a
        # duration or share they give in other units, in theirs), read as plain text (a claim
        # given with Markdown or a citation mark, "... [7].")
        joined = [" ".join(premises) for premises, _ in pairs]
        worded = [[in_premise_units(resolve_acronyms(plain(c).replace("\n", " ").strip() or c, text), text)
                   for c in claims] for text, (_, claims) in zip(joined, pairs)]
        texts = [w for premises, _ in pairs for w in premise_windows(premises)] + [c for cs in worded for c in cs]
        vecs = self.vectors(texts)
        self.token_ids(texts + [p for premises, _ in pairs for p in premises])  # tokenised in one batch
        rows, owners, closest = [], [], []
        views: dict[tuple[str, ...], PremiseView] = {}
        for i, ((premises, claims), claims_worded) in enumerate(zip(pairs, worded)):
            key = tuple(premises)
            view = views.get(key) or views.setdefault(key, premise_view(premises, vecs, self.static, self.token_ids))
            for claim, text in zip(claims, claims_worded):
                names = capitalised(text) | opening_names(text, view, self.static)
                check = contradiction(text, view)
                rows.append(support_features(text, vecs[text], *self._token_vectors_and_weights(text), view, names,
                                             self.static.word_vectors(names), check))
                order: Any = np.argsort(-(view.window_vectors @ vecs[text]))[:VERIFIER_WINDOWS] if view.windows else []
                closest.append((text, [view.windows[int(k)] for k in order]))
                owners.append((i, claim, closest[-1][1][0] if view.windows else None, check))
        if self.contextual is not None and rows:
            ctx = self.contextual.coverage([(closest_sentences(premises, vecs, vecs[text]), text)
                                            for (premises, _), texts in zip(pairs, worded) for text in texts])
            rows = [row + [float(c) for c in columns] for row, columns in zip(rows, ctx)]
        if self.verifier is not None and rows:
            read = best_verified(self.verifier, closest, self._verified)
            rows = [row + [logit] for row, (logit, _) in zip(rows, read)]
            owners = [(i, claim, window or evidence, check)
                      for (i, claim, evidence, check), (_, window) in zip(owners, read)]
        return rows, owners

    def _support_probabilities(self, pairs: list[tuple[Sequence[str], Sequence[str]]]) -> list[list[Verdict]]:
        rows, owners = self.support_rows(pairs)
        probs, fitted = np.zeros(0), np.zeros(0)
        if rows:
            x = np.asarray(rows, dtype=np.float64)
            fitted = self.model(self.support_model).predict(x[:, self._support_columns()])
            probs = np.minimum(fitted, np.where(x[:, NEG_COLUMN] > 0, NEGATION_CAP, 1.0))
        model = f"model:{self.support_model}"
        if self.nli is not None and rows:
            claims = [(premise_windows(pairs[i][0]), claim) for i, claim, _, _ in owners]
            probs = (probs + best_entailment(self.nli, claims, self.vectors, self.nli_windows)) / 2
            model += "+nli"
        out: list[list[Verdict]] = [[] for _ in pairs]
        for (i, claim, evidence, check), p, f in zip(owners, probs, fitted):
            # a check decided the verdict where its cap lowered what the model gave
            decided = f"check:{check}{'+nli' if self.nli else ''}" if check and f > NEGATION_CAP else model
            out[i].append(Verdict(float(p), claim, evidence, decided))
        return out

    # ---- primitives -------------------------------------------------------------------
    async def split_claims(self, items: Sequence[ClaimsItem]) -> list[list[str]]:
        return [split_into_claims(item.text) for item in items]

    async def support(self, items: Sequence[SupportItem]) -> list[list[Verdict]]:
        return self._support_probabilities([(item.premises, item.claims) for item in items])

    async def claims_support(self, items: Sequence[ClaimsSupportItem]) -> list[list[Verdict]]:
        """Split and check, with the yes or no of an answer to a yes/no question read where a
        check reads the statement it makes (verdicts.py)."""
        return claims_with_verdicts(items, self._support_probabilities)

    async def usefulness(self, items: Sequence[UsefulnessItem]) -> list[list[Verdict]]:
        """A chunk is useful when it supports a claim of the target answer, or holds a good
        share of the target's content words (partial information counts, as in ragas). A chunk
        whose share alone makes it useful is not read by the models (its score would be 1.0
        whatever they said)."""
        pairs: list[tuple[Sequence[str], Sequence[str]]] = []
        index: list[tuple[int, int, float]] = []
        out: list[list[Verdict]] = [[None] * len(item.chunks) for item in items]  # type: ignore[list-item]
        for i, item in enumerate(items):
            claims = split_into_claims(item.target) or [item.target]
            target = content_set(item.target) or content_set(item.question)
            for j, chunk in enumerate(item.chunks):
                share = coverage(target, content_set(chunk))
                by_share = ramp(share, USEFUL_SHARE)
                if by_share >= 1.0:
                    out[i][j] = Verdict(1.0, chunk[:200], f"holds {share:.0%} of the target's content words",
                                        "rule:target_word_share")
                    continue
                pairs.append(((chunk,), claims))
                index.append((i, j, by_share))
        for (i, j, by_share), vs in zip(index, self._support_probabilities(pairs)):
            best = max(vs, key=lambda v: v.probability)
            decided = "rule:target_word_share" if by_share > best.probability else best.decided_by
            out[i][j] = Verdict(max(best.probability, by_share), items[i].chunks[j][:200], best.evidence or best.text,
                                decided)
        return out

    def relevance_rows(self, items: Sequence[SentenceRelevanceItem]) -> tuple[list, list]:
        per_item = [split_sentences(item.context) for item in items]
        texts = [item.question for item in items] + [s for ss in per_item for s in ss]
        vecs = self.vectors(texts)
        self.token_ids(texts)  # tokenised in one batch
        rows, owners = [], []
        for i, (item, sentences) in enumerate(zip(items, per_item)):
            (q_ids,) = self.token_ids([item.question])
            q_tokens = content_set(item.question)
            s_ids = self.token_ids(sentences) if sentences else []
            for sentence, ids in zip(sentences, s_ids):
                rows.append(relevance_features(vecs[item.question], q_tokens, q_ids, sentence, vecs[sentence], ids,
                                               self.static.token_vectors))
                owners.append((i, sentence))
        return rows, owners

    async def relevant_sentences(self, items: Sequence[SentenceRelevanceItem]) -> list[list[Verdict]]:
        rows, owners = self.relevance_rows(items)
        probs = self.model("relevance").predict(rows) if rows else np.zeros(0)
        out: list[list[Verdict]] = [[] for _ in items]
        for (i, sentence), p in zip(owners, probs):
            out[i].append(Verdict(float(p), sentence, decided_by="model:relevance"))
        return out

    def answer_rows(self, items: Sequence[AnswerRelevanceItem]) -> tuple[list[list[float]], list[list[float]]]:
        """Answer-relevance features (see features.answer_features) for a batch of items, each
        answer read as text.answer_type.read_answer has it; and the answer model's input made from them
        (features.answer_model_row: a bare answer in columns of its own)."""
        read = [read_answer(item.question, item.answer) for item in items]  # (text, opens with a yes or no)
        items, beyond = self._read_answers(items, read)
        # the relevance of each answer sentence, and of each sentence of each distinct context
        contexts = list(dict.fromkeys((item.question, c) for item in items for c in item.contexts))
        rows, owners = self.relevance_rows([SentenceRelevanceItem(item.question, item.answer) for item in items]
                                           + [SentenceRelevanceItem(q, c) for q, c in contexts])
        probs = self.model("relevance").predict(rows) if rows else np.zeros(0)
        per_item: list[list[tuple[str, float]]] = [[] for _ in items]
        per_context: dict[tuple[str, str], list[tuple[str, float]]] = {key: [] for key in contexts}
        for (i, sentence), p in zip(owners, probs):
            (per_item[i] if i < len(items) else per_context[contexts[i - len(items)]]).append((sentence, float(p)))
        vecs = self.vectors([t for item, sentences in zip(items, per_item)
                             for t in (item.question, *(s for s, _ in sentences))])
        whole = self.vectors([t for item, rest in zip(items, beyond) for t in (item.question, item.answer, rest) if t],
                             answer=True)
        out = []
        for item, sentences, rest, (_, verdict_first) in zip(items, per_item, beyond, read):
            seen = set(self.token_ids([item.question])[0].tolist())
            known_numbers = set(numbers(item.question))
            added = [self._added_weights(s, seen, known_numbers) for s, _ in sentences]
            verdict = verdict_at(item.question, [s for s, _ in sentences], verdict_first)
            if verdict is not None:  # what a yes/no answer adds: as specific as a rare word
                added[verdict].append(self.static.rare_weight)
            q = vecs[item.question]
            closeness = float(whole[item.question] @ whole[item.answer])
            similarity = carried_similarity([s for s, _ in sentences], [float(q @ vecs[s]) for s, _ in sentences])
            grounding = grounding_gain(content_set(item.question), sentences,
                                       [s for c in item.contexts for s in per_context[(item.question, c)]])
            out.append(answer_features(closeness, content_set(item.question),
                                       takes_up(item.question, item.answer, verdict_first),
                                       [p for _, p in sentences], similarity, added,
                                       type_miss(item.question, item.answer), grounding,
                                       float(whole[item.question] @ whole[rest]) if rest else 0.0))
        bare = [is_bare(item.answer) for item in items]
        model_rows = [answer_model_row(row, b) for row, b in zip(out, bare)]
        if self.relevance_model is not None:  # its logit: a full answer's column, or a bare answer's own
            pairs = [(item.question, item.answer) for item in items]
            started = self._ahead.take("relevance", pairs)
            missing = [pair for pair in dict.fromkeys(pairs) if pair not in started]
            started.update(zip(missing, self.relevance_model.logits(missing) if missing else []))
            logits = [started[pair] for pair in pairs]
            for row, b, logit in zip(model_rows, bare, logits):
                row.extend([0.0, float(logit)] if b else [float(logit), 0.0])
        return out, model_rows

    @staticmethod
    def _read_answers(items: Sequence[AnswerRelevanceItem], read: Sequence[tuple[str, Any]] | None = None
                      ) -> tuple[list[AnswerRelevanceItem], list[str]]:
        """Each item with its answer as text.answer_type.read_answer reads it, and what the answer
        says beyond the question's words ("" if nothing)."""
        read = read if read is not None else [read_answer(item.question, item.answer) for item in items]
        items = [AnswerRelevanceItem(item.question, text, item.contexts) for item, (text, _) in zip(items, read)]
        beyond = [rest if tokens(rest) else "" for rest in
                  (without_words(item.answer, content_set(item.question)) for item in items)]
        return items, beyond

    def _added_weights(self, text: str, seen_ids: set[int], seen_numbers: set[str]) -> list[float]:
        """Informativeness of each word the text adds to those seen (updated in place): a content
        token's frequency weight, and for a new number that of a rare word (the 90th percentile:
        digits are frequent tokens, but a number in an answer is as specific as a rare word)."""
        (ids,) = self.token_ids([text])
        fresh = [int(t) for t in ids if int(t) not in seen_ids and not self.static.is_digit_token[int(t)]]
        seen_ids.update(fresh)
        new_numbers = numbers(text) - seen_numbers
        seen_numbers.update(new_numbers)
        return [float(w) for w in self.static.token_weights[fresh]] + [self.static.rare_weight] * len(new_numbers)

    async def answer_relevance(self, items: Sequence[AnswerRelevanceItem]) -> list[Relevance]:
        """P(the answer addresses the question, fully and directly), from a logistic model fitted
        to rank answer pairs (EVOUNA answers to their own vs another question; SQuAD complete vs
        incomplete, vague, padded and off-topic answers); evasive answers score 0, and one that
        only says the question back a tenth of that (text.restatement)."""
        rows, model_rows = self.answer_rows(items)
        probs = self.model(self.answer_model).predict(model_rows) if rows else np.zeros(0)
        out = []
        for item, row, model_row, p in zip(items, rows, model_rows, probs):
            if is_noncommittal(item.answer):
                out.append(Relevance(0.0, True, {"noncommittal": True}))
                continue
            named = dict(zip(ANSWER_FEATURES, row))
            detail = {label: round(named[feature], 4) for feature, label in ANSWER_DETAIL.items()}
            if self.relevance_model is not None:
                detail["relevance_model_logit"] = round(model_row[-2] + model_row[-1], 4)  # one of the two is 0
            if restates_question(item.question, item.answer):
                detail["restates_question"], p = True, p * RESTATEMENT_SCALE
            elif withholds_answer(item.question, read_answer(item.question, item.answer)[0]):
                detail["withholds_answer"], p = True, p * WITHHELD_SCALE
            elif part_left_out(item.question, item.answer, self._close_words):
                detail["leaves_a_part_out"], p = True, p * PART_SCALE
            out.append(Relevance(float(p), False, detail))
        return out

    def _close_words(self, words: list[str], others: list[str]) -> bool:
        near, far = self.static.word_vectors(words), self.static.word_vectors(others)
        return bool(len(near) and len(far) and float((near @ far.T).max()) >= CLOSE_WORDS)

    async def similarity(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """Lexical similarity, raised toward 1 where the dense vectors are nearly identical, and
        scaled by the agreement of the numbers the two texts state (similarity.py)."""
        texts = list(dict.fromkeys(t for pair in pairs for t in pair))
        dense = self.vectors(texts)
        lexical = dict(zip(texts, self.lexical.embed(texts)))
        return [lifted_similarity(float(lexical[a] @ lexical[b]), float(dense[a] @ dense[b]), a, b) for a, b in pairs]

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        vecs = self.vectors(list(texts))
        return np.stack([vecs[t] for t in texts]) if texts else np.zeros((0, 1), np.float32)
