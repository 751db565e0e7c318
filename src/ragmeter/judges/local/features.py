"""Features of "is this claim supported by these premises" and "is this sentence relevant to
this question", computed from text and precomputed vectors. Pure functions: no models here.

Each feature is one idea a person would check: are the claim's words there (lexically, or
as near-synonyms in embedding space), is one passage about the same thing, do its numbers
and names appear, does one side negate what the other affirms.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from ...text.segments import content_set, coverage, numbers
from .checks.added_words import added_words
from .checks.agent import agent_swapped
from .checks.another_kind import another_kind
from .checks.but_not import set_aside_said
from .checks.compared_sides import compared_sides
from .checks.compared_values import compared_otherwise
from .checks.comparison import comparison_flip
from .checks.condition import condition_flip
from .checks.deed import another_doer
from .checks.denied_said import denied_said
from .checks.direction import direction_flip, moved_otherwise
from .checks.exchange import exchanged
from .checks.existence import none_said_some
from .checks.frequency import frequency_swap
from .checks.included import included_exception
from .checks.negated_phrase import negated_phrase
from .checks.negation import claim_negation_flip
from .checks.negation_scope import negation_moved
from .checks.number_slots import number_moved, number_slot_swap
from .checks.only import all_said_of_some, only_some
from .checks.only_listed import only_part_listed
from .checks.opposites import opposite_flip
from .checks.part_negation import negation_in_part
from .checks.proportions import proportion_otherwise
from .checks.quantifier_scale import quantifier_otherwise
from .checks.quantities import number_swap
from .checks.restricted import all_of_restricted
from .checks.roles import roles_swapped
from .checks.sequence import sequence_swap
from .checks.set_against import values_exchanged
from .checks.step_order import steps_reordered
from .checks.substitution import slot_substitution
from .checks.traded_numbers import numbers_traded
from .checks.transplanted import transplanted
from .checks.word_forms import word_tuple
from .premises import PremiseView

SUPPORT_FEATURES = ("cov_all", "emb_best", "soft_mean", "soft_weighted", "soft_best", "num_miss", "name_miss",
                    "neg_mismatch", "claim_len", "name_soft")
# the contextual judge adds the claim's coverage by the premises' token states, and its names'
# least close match among them (contextual.py)
CONTEXTUAL_SUPPORT_FEATURES = SUPPORT_FEATURES + ("ctx_recall", "ctx_name")
# the default judge adds the trained claim verifier's logit (models/cross_encoder.py)
VERIFIED_SUPPORT_FEATURES = CONTEXTUAL_SUPPORT_FEATURES + ("verifier",)
# and its model reads only the columns that add to it (version 17): left out together, emb_best,
# soft_mean, soft_weighted, soft_best, claim_len and ctx_name changed its out-of-fold AUROC by
# +0.002 / +0.000 / -0.000 on the near misses / Factcheck-GPT / WiCE (benchmarks/ABLATION.md);
# local-fast's model keeps them
VERIFIED_SUPPORT_COLUMNS = ("cov_all", "num_miss", "name_miss", "neg_mismatch", "name_soft", "ctx_recall", "verifier")
RELEVANCE_FEATURES = ("emb", "cov_question", "soft_question", "sentence_len")
# answer relevance: is the answer about the question (similarity, the question's words, its
# best sentence), does it stay on the topic (share of on-topic sentences), how much on-topic
# information it gives, and does it contain the kind of thing asked for (a date for "when", ...)
ANSWER_FEATURES = ("emb", "cov_question", "rel_best", "focus", "info", "type_miss", "specificity",
                   "best_specificity", "specific_answer", "emb_beyond", "grounding")
# answer-relevance features shown in a sample's evidence, by the name the report shows
ANSWER_DETAIL = {"emb": "similarity", "cov_question": "question_words_covered", "rel_best": "best_sentence_relevance",
                 "focus": "on_topic_share", "type_miss": "answer_type_missing",
                 "specificity": "specificity", "best_specificity": "answering_sentence_specificity",
                 "specific_answer": "specific_answer", "emb_beyond": "similarity_beyond_question_words",
                 "grounding": "grounded_in_context"}
# A bare answer ("1889", "Guo Shoujing") shares no word with its question and has no sentence of
# its own to be on the topic, so coverage, focus and information say nothing about it; it is
# ranked by its closeness to the question, whether it is the kind of thing asked for, and how
# specific it is, with an offset of its own fitted on pairs of bare and full answers (dev pairs,
# out-of-fold, version 4 -> 5: a bare span against the same sentence with the span made vague
# 0.02 -> 0.65 right; against another sentence of its paragraph 0.26 -> 0.99)
BARE_FEATURES = ("emb", "type_miss", "specificity", "grounding")
ANSWER_MODEL_FEATURES = ANSWER_FEATURES + tuple(f"bare_{name}" for name in BARE_FEATURES) + ("bare",)
# the default judge adds the trained answer-relevance model's logit: a column for full answers,
# one for bare answers (fitted with the other bare columns; version 16: it tells "1889" from
# "Gustave Eiffel" for "When was the Eiffel Tower built?", logits +1.9 and -2.6)
JUDGED_ANSWER_FEATURES = ANSWER_MODEL_FEATURES + ("relevance_ce", "bare_relevance_ce")
# the columns each fitted model of calibration.json reads, in order (from the judge's rows, by name)
MODEL_FEATURES = {"support": SUPPORT_FEATURES, "support_contextual": CONTEXTUAL_SUPPORT_FEATURES,
                  "support_verified": VERIFIED_SUPPORT_COLUMNS, "relevance": RELEVANCE_FEATURES,
                  "answer": ANSWER_MODEL_FEATURES, "answer_static": ANSWER_MODEL_FEATURES,
                  "answer_judged": JUDGED_ANSWER_FEATURES}
# a sentence's cosine to the question (static MiniLM vectors) maps to "on the topic" between
# these: on SQuAD 2.0 dev the median is 0.23 for a sentence of another article, 0.47 for another
# sentence of the answer's paragraph and 0.67 for the answer sentence
TOPIC_FLOOR, TOPIC_FULL = 0.25, 0.5


def soft_coverage(claim_vectors: np.ndarray, premise_vectors: np.ndarray) -> float:
    """The mean over claim tokens of the best cosine to any premise token."""
    if claim_vectors.shape[0] == 0:
        return 1.0
    if premise_vectors.shape[0] == 0:
        return 0.0
    return float((claim_vectors @ premise_vectors.T).max(axis=1).mean())


def weighted_soft_coverage(claim_vectors: np.ndarray, weights: np.ndarray, premise_vectors: np.ndarray) -> float:
    """Soft coverage where informative (rare) claim tokens count more."""
    if claim_vectors.shape[0] == 0:
        return 1.0
    if premise_vectors.shape[0] == 0:
        return 0.0
    best = (claim_vectors @ premise_vectors.T).max(axis=1)
    return float((best * weights).sum() / max(float(weights.sum()), 1e-9))


def best_window_soft_coverage(claim_vectors: np.ndarray, weights: np.ndarray, view: PremiseView) -> float:
    """The highest weighted_soft_coverage of the claim by any one window, in one product."""
    if claim_vectors.shape[0] == 0:
        return 1.0
    if view.window_starts.shape[0] == 0:
        return 0.0
    best = np.maximum.reduceat(claim_vectors @ view.window_token_vectors.T, view.window_starts, axis=1)
    return float((weights @ best).max() / max(float(weights.sum()), 1e-9))


def name_closeness(name_vectors: np.ndarray, premise_vectors: np.ndarray) -> float:
    """The least close of the claim's names to any premise token: 1.0 when every name is there,
    lower for a name whose nearest premise word is another of its kind ("Sydney" beside
    "Canberra"); 1.0 for a claim without (one-token) names, 0.0 for no premises."""
    if name_vectors.shape[0] == 0:
        return 1.0
    if premise_vectors.shape[0] == 0:
        return 0.0
    return float((name_vectors @ premise_vectors.T).max(axis=1).min())


# A negation (checks/negation.py), a negation moved to another word of a copied sentence (checks/negation_scope.py),
# a negation added or dropped in one part of a claim that joins several (checks/part_negation.py),
# what the premise says there is none of said to be there (checks/existence.py),
# a change of direction ("fell" where the premise says "up"; or of one thing, "bonds rise" where
# it says "bonds fall"), an opposite ("won" for "lost"), another number in the same place ("July
# 21" where the premise says "July 20"), another frequency ("weekly" for "every 4 weeks"), a
# premise clause copied with one slot filled otherwise (checks/substitution.py), with a word of
# another kind or its opposite as WordNet reads them (checks/another_kind.py) or with two slots
# exchanged (checks/exchange.py), two steps told in the other order (checks/sequence.py), a
# comparative that the claim's own numbers contradict (checks/comparison.py) or the premise's
# (checks/compared_values.py), a comparison the premise makes the other way round
# (checks/compared_sides.py), a deed the premise gives to another name (checks/deed.py), all
# where the premise says only some (checks/only.py), steps of a procedure told in another order in
# other words (checks/step_order.py), "including" what the premise leaves out (checks/included.py),
# two numbers set against each other given to each other's side (checks/set_against.py), a deed
# whose doer and object the premise tells the other way round (checks/roles.py), a denial of what
# the premise says plainly, read at the denied word and its object (checks/denied_said.py), a
# quantifier on another step of the scale than the passage's (checks/quantifier_scale.py), a
# condition, or what it holds, said the other way, negated or not (checks/condition.py), "only" of
# part of a list the premise gives whole (checks/only_listed.py), a deed done "by" one doer that
# the premise says was done by another (checks/agent.py), or what the premise sets aside with "but
# not" said as if it held (checks/but_not.py), or said of all what the premise says only of some
# (checks/restricted.py): the claim is contradicted. Each (claim, premise view) -> 0 or 1; neg_mismatch is 1 when any fires
# (benchmarks/ablation.py leaves each out in turn).
CONTRADICTION_CHECKS = {
    "negation": lambda claim, view: claim_negation_flip(claim, view.clauses, view.clause_texts),
    "negation_moved": lambda claim, view: negation_moved(claim, view.sentences),
    "part_negation": lambda claim, view: negation_in_part(claim, view.sentences),
    "none_said_some": lambda claim, view: none_said_some(claim, view.sentences),
    "direction": lambda claim, view: direction_flip(claim, view.sentences),
    "moved_otherwise": lambda claim, view: moved_otherwise(claim, view.sentences),
    "opposites": lambda claim, view: opposite_flip(claim, view.sentences),
    "numbers": lambda claim, view: number_swap(claim, view.sentences, view.all_numbers),
    "number_slot": lambda claim, view: number_slot_swap(claim, view.sentences, view.all_numbers),
    "number_moved": lambda claim, view: number_moved(claim, view.sentences),
    "frequency": lambda claim, view: frequency_swap(claim, view.sentences),
    "changed_slot": lambda claim, view: slot_substitution(claim, view.sentences),
    "another_kind": lambda claim, view: another_kind(claim, view.sentences),
    "exchanged": lambda claim, view: exchanged(claim, view.sentences),
    "sequence": lambda claim, view: sequence_swap(claim, view.sentences),
    "comparison": lambda claim, view: comparison_flip(claim),
    "compared_otherwise": lambda claim, view: compared_otherwise(claim, view.sentences),
    "compared_sides": lambda claim, view: compared_sides(claim, view.sentences),
    "another_doer": lambda claim, view: another_doer(claim, view.sentences),
    "only_some": lambda claim, view: only_some(claim, view.sentences),
    "all_said_of_some": lambda claim, view: all_said_of_some(claim, view.sentences),
    "proportion": lambda claim, view: proportion_otherwise(claim, view.sentences),
    "steps_reordered": lambda claim, view: steps_reordered(claim, view.sentences),
    "included_exception": lambda claim, view: included_exception(claim, view.sentences),
    "values_exchanged": lambda claim, view: values_exchanged(claim, view.sentences),
    "roles_swapped": lambda claim, view: roles_swapped(claim, view.sentences),
    "added_words": lambda claim, view: added_words(claim, view.sentences),
    "transplanted": lambda claim, view: transplanted(claim, view.sentences),
    "negated_phrase": lambda claim, view: negated_phrase(claim, view.sentences),
    "denied_said": lambda claim, view: denied_said(claim, view.sentences),
    "quantifier_scale": lambda claim, view: quantifier_otherwise(claim, view.sentences),
    "condition": lambda claim, view: condition_flip(claim, view.sentences),
    "numbers_traded": lambda claim, view: numbers_traded(claim, view.sentences),
    "only_part_listed": lambda claim, view: only_part_listed(claim, view.sentences),
    "agent_swapped": lambda claim, view: agent_swapped(claim, view.sentences),
    "set_aside_said": lambda claim, view: set_aside_said(claim, view.sentences),
    "all_of_restricted": lambda claim, view: all_of_restricted(claim, view.sentences),
}


COPIED_WORDS = 4  # a claim of at least this many words that a premise sentence says word for word


@lru_cache(maxsize=16384)
def _sentence_text(sentence: str) -> str:
    return f" {' '.join(word_tuple(sentence))} "


def said_word_for_word(claim: str, sentences: Sequence[str]) -> bool:
    """Does a premise sentence hold the claim word for word (word_forms.words)? The passage then
    states it, whatever else it says ("Firmware 4.2 supports two-factor authentication." beside
    "The old firmware did not support two-factor authentication."), and no check reads it as
    contradicted."""
    said = word_tuple(claim)
    return len(said) >= COPIED_WORDS and any(f" {' '.join(said)} " in _sentence_text(s) for s in sentences)


def contradiction(claim: str, view: PremiseView) -> str | None:
    """The name of the first contradiction check that reads the claim as contradicted by its
    premises (CONTRADICTION_CHECKS' order), None when none does or a premise sentence says the
    claim word for word."""
    if not view.windows or said_word_for_word(claim, view.sentences):
        return None
    return next((name for name, check in CONTRADICTION_CHECKS.items() if check(claim, view)), None)


def support_features(claim: str, claim_vector: np.ndarray, claim_tokens: np.ndarray, claim_weights: np.ndarray,
                     view: PremiseView, names: frozenset[str], name_vectors: np.ndarray,
                     check: str | None) -> list[float]:
    """The SUPPORT_FEATURES row of a claim against its premises; names: the claim's names
    (names.py), name_vectors: their static vectors, check: contradiction(claim, view)."""
    tokens = content_set(claim)
    if view.windows:
        sims = view.window_vectors @ claim_vector
        best = int(np.argmax(sims))
        emb_best = float(sims[best])
        neg_mismatch = float(check is not None)
        soft_best = best_window_soft_coverage(claim_tokens, claim_weights, view)
    else:
        emb_best, neg_mismatch, soft_best = 0.0, 0.0, 0.0
    soft_mean = soft_coverage(claim_tokens, view.token_vectors)
    soft_weighted = weighted_soft_coverage(claim_tokens, claim_weights, view.token_vectors)
    claim_numbers = numbers(claim)
    num_miss = len(claim_numbers - view.all_numbers) / len(claim_numbers) if claim_numbers else 0.0
    name_miss = len(names - view.raw_words) / len(names) if names else 0.0
    return [coverage(tokens, view.all_tokens), emb_best, soft_mean, soft_weighted, soft_best,
            num_miss, name_miss, neg_mismatch, math.log1p(len(tokens)),
            name_closeness(name_vectors, view.token_vectors)]


def relevance_features(question_vector: np.ndarray, question_tokens: frozenset[str], question_ids: np.ndarray,
                       sentence: str, sentence_vector: np.ndarray, sentence_ids: np.ndarray,
                       token_vectors) -> list[float]:
    """Is this sentence about what the question asks?"""
    soft = soft_coverage(token_vectors(question_ids), token_vectors(sentence_ids))
    return [float(question_vector @ sentence_vector), coverage(question_tokens, content_set(sentence)), soft,
            math.log1p(len(content_set(sentence)))]


# a sentence opening with one of these is about what was just spoken of
_CARRYING = frozenset("it its he his she her they their them this these that those".split())


def carried_similarity(sentences: list[str], similarity: list[float]) -> list[float]:
    """Each sentence's similarity to the question, where a sentence that opens with a pronoun
    ("It was built between 1887 and 1889") keeps the topic of the sentence before it, or of
    the question for the first one (TOPIC_FULL): a reader resolves "it" to what was asked about."""
    out: list[float] = []
    for sentence, sim in zip(sentences, similarity):
        words = sentence.split(maxsplit=1)
        if words and words[0].lower().strip(",.;:'\"") in _CARRYING:
            sim = max(sim, out[-1] if out else TOPIC_FULL)
        out.append(sim)
    return out


def on_topic(similarity: float) -> float:
    return min(1.0, max(0.0, (similarity - TOPIC_FLOOR) / (TOPIC_FULL - TOPIC_FLOOR)))


def answer_features(similarity: float, question_tokens: frozenset[str], answer: str,
                    sentence_relevance: list[float], sentence_similarity: list[float],
                    sentence_added: list[list[float]], miss: float, grounding: float = 0.0,
                    similarity_beyond: float = 0.0) -> list[float]:
    """Features of "does this answer address this question, fully and directly".

    sentence_relevance: P(this answer sentence answers the question), from the sentence
    relevance model; sentence_similarity: its cosine to the question; sentence_added: the
    informativeness (token weights) of each word it adds that neither the question nor an
    earlier sentence has. Information counts where the sentence is on the topic, so an answer
    padded with unrelated sentences gains none, and one that restates the question gives
    little. specificity: the mean informativeness of all the words the answer adds;
    best_specificity: that of the words added by its sentence most relevant to the question,
    so that "it was caused by a number of factors" stays vague however much is said after it;
    specific_answer: the question's words covered times best_specificity, high only for an
    answer that takes up the question and says something specific about it (a restatement
    covers the words and adds nothing specific; dev pairwise accuracy 0.947 -> 0.951, vague
    answers 0.824 -> 0.840). similarity_beyond: the closeness to the question of what the
    answer says beyond the question's words (text.segments.without_words): "Metformin commonly causes
    nausea and diarrhea." keeps "commonly causes nausea and diarrhea", close to a question on
    side effects; a restatement, "Metformin can cause some side effects.", keeps "can cause
    some", close to nothing (dev pairwise accuracy 0.9011 -> 0.9072; vague answers 0.851 ->
    0.869). grounding: see grounding_gain (0 without contexts).
    """
    topic = [on_topic(s) for s in sentence_similarity]
    info = sum(t * sum(w) for t, w in zip(topic, sentence_added))
    every = [w for added in sentence_added for w in added]
    specificity = sum(every) / len(every) if every else 0.0
    best = max(range(len(sentence_relevance)), key=sentence_relevance.__getitem__, default=None)
    best_added = sentence_added[best] if best is not None else []
    best_specificity = sum(best_added) / len(best_added) if best_added else 0.0
    covered = coverage(question_tokens, content_set(answer))
    return [similarity, covered, max(sentence_relevance, default=0.0), sum(topic) / len(topic) if topic else 0.0,
            math.log1p(info), miss, specificity, best_specificity, covered * best_specificity, similarity_beyond,
            grounding]


# the share of an answer sentence's added words that a context sentence holds counts to this
# power: the context sentence must hold nearly all of them (0.9 counts 0.66, 0.7 counts 0.24),
# so that a vague restatement ("... by a number of factors"), whose added words the source
# sentence lacks in part, gains little. Dev pairs (SQuAD, with their paragraphs) where the
# worse answer gains more than the better, power 1 -> 4: the vague restatement 6% -> 2%,
# another sentence of the paragraph 41% -> 3%; elliptical answers gain more than the other
# answer of their pair in 98% -> 100%.
GROUNDING_POWER = 4


# an answer sentence is read against two neighbouring context sentences together where each
# gives it at least this many words the other lacks (one shared common word, "take", is chance)
WINDOW_WORDS = 2


def grounding_gain(question_tokens: frozenset[str], answer_sentences: list[tuple[str, float]],
                   context_sentences: list[tuple[str, float]]) -> float:
    """How much more relevant to the question an answer sentence becomes when read as the
    context sentence it was taken from: for each answer sentence, the best over context
    sentences of P(relevant) times the share of the words it adds to the question that the
    context sentence holds (to GROUNDING_POWER), less the answer sentence's own P(relevant);
    the best such gain.

    A terse answer that leaves the question unsaid ("Via the ballast tanks of ships." for "How
    was the ctenophore introduced into the Black Sea?") is the relevant part of a relevant
    sentence, and gains; a full answer sentence gains nothing it does not already have; a
    vague one ("... by a number of factors") finds its added words in no sentence; an
    off-topic one finds no relevant sentence. Pairs: (sentence, P(relevant))."""
    best = 0.0
    read = [(content_set(s), p) for s, p in context_sentences]
    for sentence, own in answer_sentences:
        added = content_set(sentence) - question_tokens
        if not added:
            continue
        grounded = max((p * coverage(added, words) ** GROUNDING_POWER for words, p in read), default=0.0)
        for (a, pa), (b, pb) in zip(read, read[1:]):  # two neighbours, where the answer needs both
            if min(len((added & b) - a), len((added & a) - b)) >= WINDOW_WORDS:
                grounded = max(grounded, max(pa, pb) * coverage(added, a | b) ** GROUNDING_POWER)
        best = max(best, grounded - own)
    return best


def answer_model_row(features: list[float], bare: bool) -> list[float]:
    """The answer model's columns (ANSWER_MODEL_FEATURES) from answer_features' row: a full
    answer's features and zeros, or zeros and a bare answer's features and its offset."""
    if not bare:
        return list(features) + [0.0] * (len(BARE_FEATURES) + 1)
    named = dict(zip(ANSWER_FEATURES, features))
    return [0.0] * len(ANSWER_FEATURES) + [named[name] for name in BARE_FEATURES] + [1.0]
