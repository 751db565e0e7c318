"""A terse answer is read against the context sentence it comes from (features.grounding_gain)."""

import asyncio

import pytest
from extras import need_local

from ragmeter import evaluate
from ragmeter.judges.base import AnswerRelevanceItem
from ragmeter.judges.local.features import grounding_gain
from ragmeter.judges.local.judge import LocalJudge
from ragmeter.metrics import answer_relevancy

QUESTION = "How was the ctenophore introduced into the Black Sea?"
CONTEXT = ("Mnemiopsis leidyi is a ctenophore native to the western Atlantic. The ctenophore was introduced into the "
           "Black Sea via the ballast tanks of ships in the early 1980s. It caused a collapse of the anchovy fishery.")
TERSE = "Via the ballast tanks of ships."


@pytest.fixture(scope="module")
def judge():
    need_local()
    return LocalJudge()


def test_the_gain_needs_a_relevant_sentence_that_holds_the_answer():
    q = frozenset({"ctenophor", "introduc", "black", "sea"})
    relevant = [("The ctenophore was introduced into the Black Sea via the ballast tanks of ships.", 0.9),
                ("It caused a collapse of the anchovy fishery.", 0.1)]
    assert grounding_gain(q, [(TERSE, 0.05)], relevant) == pytest.approx(0.85)
    assert grounding_gain(q, [("Via migrating birds.", 0.05)], relevant) == 0.0   # not in the context
    assert grounding_gain(q, [("A collapse of the anchovy fishery.", 0.05)], relevant) == pytest.approx(0.05)
    assert grounding_gain(q, [(TERSE, 0.05)], []) == 0.0  # no contexts, no gain


@pytest.mark.slow
def test_a_terse_answer_scores_higher_with_its_context(judge):
    items = [AnswerRelevanceItem(QUESTION, TERSE), AnswerRelevanceItem(QUESTION, TERSE, (CONTEXT,)),
             AnswerRelevanceItem(QUESTION, "It caused a collapse of the anchovy fishery.", (CONTEXT,)),
             AnswerRelevanceItem(QUESTION, "The ctenophore was introduced into the Black Sea by a number of factors.",
                                 (CONTEXT,))]
    alone, grounded, aside, vague = asyncio.run(judge.answer_relevance(items))
    assert grounded.score > alone.score + 0.3
    assert grounded.score > aside.score and grounded.score > vague.score
    assert grounded.detail["grounded_in_context"] > 0.5 and alone.detail["grounded_in_context"] == 0.0


def test_the_metric_passes_the_retrieved_contexts(judge):
    rows = [{"question": QUESTION, "answer": TERSE, "contexts": [CONTEXT]}, {"question": QUESTION, "answer": TERSE}]
    scores = evaluate(rows, metrics=[answer_relevancy], judge=judge).scores("answer_relevancy")
    assert scores[0] > scores[1] + 0.3


def test_a_full_answer_scores_the_same_with_or_without_its_context(judge):
    full = "The ctenophore was introduced into the Black Sea via the ballast tanks of ships."
    without, with_context = asyncio.run(judge.answer_relevance(
        [AnswerRelevanceItem(QUESTION, full), AnswerRelevanceItem(QUESTION, full, (CONTEXT,))]))
    assert with_context.score == pytest.approx(without.score, abs=0.02)


def test_an_answer_stitched_from_two_neighbouring_sentences_is_read_against_both():
    """"Voltage-gated sodium channels open when the membrane depolarises past threshold." takes
    its words from two neighbouring sentences, the first relevant to the question: read against
    each alone it finds neither (before judge version 20 its answer relevancy was 0.28); one
    common word the neighbour happens to share ("take") does not open the window."""
    q = frozenset({"start", "neuron", "action", "potenti"})
    answer = "Voltage-gated sodium channels open when the membrane depolarises past threshold."
    neighbours = [("A neuron action potential depends on voltage-gated sodium channels.", 0.7),
                  ("When the membrane depolarises past threshold, sodium channels open.", 0.1)]
    assert grounding_gain(q, [(answer, 0.05)], neighbours) == pytest.approx(0.65)
    assert grounding_gain(q, [(answer, 0.05)], neighbours[:1]) < 0.05
    assert grounding_gain(q, [(answer, 0.05)], neighbours[::-1]) == pytest.approx(0.65)  # in either order
    q = frozenset({"payment", "method", "accept"})
    listed = [("We accept Visa, Mastercard, PayPal and bank transfer.", 0.6),
              ("Bank transfers can take up to three business days to clear.", 0.1)]
    assert grounding_gain(q, [("We take Visa and Mastercard.", 0.3)], listed) < 0.05
