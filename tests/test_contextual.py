"""Claim support that also reads MiniLM's token states, the local judge's default (real int8
ONNX model from the [local] extra, no mocks); "local-fast" leaves it out."""

import asyncio

import numpy as np
import pytest
from extras import need_local

from ragmeter import evaluate
from ragmeter.demo import bad_rows, good_rows
from ragmeter.errors import ConfigError
from ragmeter.judges import resolve_judge
from ragmeter.judges.base import SupportItem
from ragmeter.judges.local.contextual import CLOSEST_SENTENCES, ContextualCoverage, closest_sentences, premise_pieces
from ragmeter.judges.local.features import (
    CONTEXTUAL_SUPPORT_FEATURES,
    SUPPORT_FEATURES,
    VERIFIED_SUPPORT_COLUMNS,
    VERIFIED_SUPPORT_FEATURES,
)
from ragmeter.judges.local.judge import LocalJudge

need_local()

TOWER = "The Eiffel Tower was completed in 1889 for the World's Fair in Paris. It is 330 metres tall."


@pytest.fixture(scope="module")
def judge():
    return LocalJudge()


@pytest.mark.slow
def test_token_states_are_read_for_the_claims_closest_premise_sentences_only(judge):
    premises = ["Bananas are yellow. The Eiffel Tower was completed in 1889.", "Paris is in France. Rain is wet."]
    sentences = [s for p in premises for s in p.split(". ")]
    vecs = judge.vectors([s if s.endswith(".") else s + "." for s in sentences] + ["The tower in Paris dates from 1889."])
    kept = closest_sentences(premises, vecs, vecs["The tower in Paris dates from 1889."], k=2)
    assert kept == ["The Eiffel Tower was completed in 1889.", "Paris is in France."]  # in their order
    assert closest_sentences(premises[:1], vecs, vecs["Bananas are yellow."], k=2) == [
        "Bananas are yellow.", "The Eiffel Tower was completed in 1889."]  # no more than there are: all of them


@pytest.mark.slow
def test_support_reads_token_states_of_the_closest_sentences_and_the_claim_only():
    fresh = LocalJudge()  # its token-state memo starts empty
    premise = ("Bananas are yellow. The Eiffel Tower was completed in 1889. Rain is wet. "
               "Paris is the capital of France. Cats sleep a lot.")
    claim = "The Eiffel Tower in Paris was completed in 1889."
    fresh.support_rows([([premise], [claim])])
    read = set(fresh.contextual._states)
    assert claim in read and len(read) == 1 + CLOSEST_SENTENCES < 1 + 5  # not all five sentences
    assert {"The Eiffel Tower was completed in 1889.", "Paris is the capital of France."} < read


def test_long_premises_are_read_in_pieces_of_whole_sentences():
    text = " ".join(f"Sentence number {i} has exactly eight words here." for i in range(60))
    pieces = premise_pieces(text, limit=50)
    assert " ".join(pieces) == text
    assert [len(p.split()) for p in pieces] == [48] * 10  # 6 sentences of 8 words a piece
    assert premise_pieces("One short sentence.") == ["One short sentence."]


def test_token_states_leave_out_the_special_marks_and_are_unit_rows(judge):
    encoder = judge.answer_embedder
    (states, ids), (long_states, _) = encoder.token_states(["Paris is in France.", "word " * 400])
    pieces = encoder._tokenizer.encode("Paris is in France.", add_special_tokens=False).ids
    assert list(ids) == pieces and states.shape == (len(pieces), 384)
    assert np.allclose(np.linalg.norm(states, axis=1), 1.0, atol=1e-4)
    assert long_states.shape[0] == 254  # 256 tokens read, less [CLS] and [SEP]


def test_coverage_is_high_for_a_restated_claim_and_low_for_an_unrelated_one(judge):
    recall, names = judge.contextual.coverage([
        ([TOWER], "The Eiffel Tower was completed in 1889."),
        ([TOWER], "Bananas are rich in potassium."),
        ([], "The Eiffel Tower was completed in 1889."),
    ]).T
    assert recall[0] > 0.9 and recall[1] < recall[0] - 0.25 and recall[2] == 0.0
    assert names[0] > 0.9 and names[1] == 1.0 and names[2] == 0.0  # "Tower" matched; no names; no premises


def test_a_swapped_name_is_a_poor_match_even_in_a_close_context(judge):
    canberra = ["Canberra is the capital city of Australia."]
    (_, wrong), (_, right) = judge.contextual.coverage([(canberra, "The capital of Australia is Sydney."),
                                                       (canberra, "The capital of Australia is Canberra.")])
    assert right > 0.9 and wrong < right - 0.1


def test_token_weights_follow_the_static_model_by_word_piece(judge):
    encoder, static = judge.answer_embedder, judge.static
    weights = static.weights_for(encoder.vocabulary())
    own = static._tokenizer.get_vocab()
    the, paris = encoder.vocabulary()["the"], encoder.vocabulary()["paris"]
    assert weights[the] == static.token_weights[own["the"]] and weights[the] < weights[paris]
    assert isinstance(judge.contextual, ContextualCoverage)


@pytest.mark.slow
def test_contextual_support_rows_add_one_feature_and_use_their_own_weights(judge):
    rows, _ = judge.support_rows([([TOWER], ["The Eiffel Tower was completed in 1889."])])
    assert len(rows[0]) == len(VERIFIED_SUPPORT_FEATURES)  # the default judge adds the verifier's logit
    # its model reads the columns that add to it (features.VERIFIED_SUPPORT_COLUMNS), by name
    assert judge.model(judge.support_model).features == VERIFIED_SUPPORT_COLUMNS
    assert set(VERIFIED_SUPPORT_COLUMNS) <= set(VERIFIED_SUPPORT_FEATURES)
    desc = judge.describe()
    assert desc["support_weights"] == "support_verified"
    assert desc["contextual"]["features"] == ["ctx_recall", "ctx_name"]
    unverified = LocalJudge(verifier=False, relevance_model=False)
    assert len(unverified.support_rows([([TOWER], ["The Eiffel Tower was completed in 1889."])])[0][0]) == len(
        CONTEXTUAL_SUPPORT_FEATURES)
    assert unverified.describe()["support_weights"] == "support_contextual"
    fast = LocalJudge(contextual=False)
    assert fast.name == "local-fast" and fast.describe()["support_weights"] == "support"
    assert len(fast.support_rows([([TOWER], ["The Eiffel Tower was completed in 1889."])])[0][0]) == len(SUPPORT_FEATURES)


def test_contextual_judge_separates_supported_from_contradicted_claims(judge):
    (verdicts,) = asyncio.run(judge.support([SupportItem([TOWER], (
        "The Eiffel Tower was completed in 1889.", "The Eiffel Tower was not completed in 1889.",
        "The Eiffel Tower is 500 metres tall."))]))
    supported, negated, wrong_height = (v.probability for v in verdicts)
    assert supported > 0.8 and negated <= 0.15 and wrong_height < supported - 0.2


@pytest.mark.slow
def test_contextual_judge_by_name_ranks_the_demo_pipelines():
    judge = resolve_judge("local")
    assert isinstance(judge, LocalJudge) and judge.contextual is not None and judge.name == "local"
    assert resolve_judge("local-contextual").contextual is not None  # its name before version 7 made it the default
    assert resolve_judge("local-fast").contextual is None
    good = evaluate(good_rows(), metrics=["faithfulness", "context_precision"], judge=judge)
    bad = evaluate(bad_rows(), metrics=["faithfulness", "context_precision"], judge=judge)
    for metric in ("faithfulness", "context_precision"):
        assert good[metric] > bad[metric] + 0.1
    assert good.provenance["judge"]["support_weights"] == "support_verified"


@pytest.mark.slow
def test_contextual_needs_a_transformer_encoder():
    with pytest.raises(ConfigError, match="contextual judge reads token states"):
        LocalJudge(answer_embedder="static", contextual=True)
    assert LocalJudge(answer_embedder="static").contextual is None  # by default, off without one


@pytest.mark.slow
def test_contextual_judge_pickles_for_worker_processes(judge):
    """evaluate_ray and process pools send the judge to workers: it travels as its settings
    and loads the model again there, with the same results."""
    import pickle

    copy = pickle.loads(pickle.dumps(judge))
    assert copy.contextual is not None and copy.contextual.encoder is copy.answer_embedder
    pairs = [([TOWER], "The Eiffel Tower is 330 metres tall.")]
    assert np.allclose(copy.contextual.coverage(pairs), judge.contextual.coverage(pairs), atol=1e-6)
