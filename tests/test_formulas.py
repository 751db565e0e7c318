"""Each metric's formula on hand-computed cases."""

import pytest

from ragmeter.errors import ConfigError
from ragmeter.metrics.answer_correctness import AnswerCorrectness, answer_correctness_score, beyond_question, f_beta
from ragmeter.metrics.answer_relevancy import answer_relevancy_score
from ragmeter.metrics.answer_similarity import answer_similarity_score
from ragmeter.metrics.base import MetricResult
from ragmeter.metrics.context_precision import average_precision
from ragmeter.metrics.context_recall import context_recall_score
from ragmeter.metrics.context_relevancy import context_relevancy_score
from ragmeter.metrics.faithfulness import faithfulness_score


def test_context_precision_is_rank_aware():
    # [1,0,1]: (1/1 + 2/3) / 2 = 0.8333 ; [0,1,1]: (1/2 + 2/3) / 2 = 0.5833
    assert average_precision([1, 0, 1]) == pytest.approx(5 / 6)
    assert average_precision([0, 1, 1]) == pytest.approx(7 / 12)
    assert average_precision([1, 0, 1]) > average_precision([0, 1, 1])


def test_context_precision_edges():
    assert average_precision([0, 0, 0]) == 0.0
    assert average_precision([1, 1, 1]) == pytest.approx(1.0)
    assert average_precision([0, 0, 1]) == pytest.approx(1 / 3)
    assert average_precision([]) == 0.0


def test_faithfulness_and_recall_fractions():
    # seed 003's example: one of two claims supported
    assert faithfulness_score([1, 0]) == 0.5
    assert context_recall_score([1, 1, 0, 1]) == 0.75
    assert faithfulness_score([0.9, 0.1]) == pytest.approx(0.5)


def test_context_relevancy_fraction():
    assert context_relevancy_score([1, 0, 0, 0]) == 0.25


def test_f_beta_matches_precision_recall_definition():
    tp, fp, fn = 3, 1, 2
    p, r = tp / (tp + fp), tp / (tp + fn)
    assert f_beta(tp, fp, fn, 1.0) == pytest.approx(2 * p * r / (p + r))
    beta = 2.0
    expected = (1 + beta**2) * p * r / (beta**2 * p + r)
    assert f_beta(tp, fp, fn, beta) == pytest.approx(expected)
    assert f_beta(0, 0, 0) == 0.0


def test_answer_correctness_counts_what_a_claim_says_beyond_the_question():
    # implied by the question alone: weight 0, neither right nor wrong
    assert beyond_question(0.9, 1.0) == (0.0, 0.0)
    # nothing from the question: the support as it is
    assert beyond_question(0.8, 0.0) == (1.0, pytest.approx(0.8))
    # half implied, fully supported with the reference: weight 0.5, support 1
    assert beyond_question(1.0, 0.5) == (0.5, pytest.approx(1.0))
    # the reference adds nothing (or less than the question did): support 0
    assert beyond_question(0.3, 0.5) == (0.5, 0.0)


def test_answer_correctness_blend():
    assert answer_correctness_score(1.0, 0.0, (0.75, 0.25)) == pytest.approx(0.75)
    assert answer_correctness_score(0.4, 0.8, (0.75, 0.25)) == pytest.approx(0.75 * 0.4 + 0.25 * 0.8)
    assert answer_correctness_score(None, 0.6, (0.75, 0.25)) == pytest.approx(0.6)
    with pytest.raises(ConfigError):
        AnswerCorrectness(weights=(0, 0))
    with pytest.raises(ConfigError):
        AnswerCorrectness(weights=(0.5, -1))


def test_similarity_and_relevancy():
    assert answer_similarity_score(-0.3) == 0.0
    assert answer_similarity_score(0.7, threshold=0.5) == 1.0
    assert answer_similarity_score(0.4, threshold=0.5) == 0.0
    assert answer_relevancy_score(0.9, noncommittal=True) == 0.0
    assert answer_relevancy_score(0.9, noncommittal=False) == 0.9


def test_metric_result_never_holds_nan():
    with pytest.raises(ValueError):
        MetricResult(float("nan"))
    with pytest.raises(ValueError):
        MetricResult(None, "skipped")  # no reason
    r = MetricResult.skipped("no contexts")
    assert r.score is None and r.reason == "no contexts"


def test_an_out_of_range_score_is_an_error_not_clamped():
    wrong = MetricResult(1.5, reason="2 of 1 claims supported", evidence={"claims": []})
    assert wrong.status == "error" and wrong.score is None
    assert "1.5" in wrong.reason and "outside [0, 1]" in wrong.reason and "2 of 1 claims supported" in wrong.reason
    assert wrong.evidence == {"claims": [], "out_of_range_score": 1.5}
    assert MetricResult(-0.25).status == "error"
    # float noise (float32 embeddings' cosines too) is clipped, not an error
    assert MetricResult(1.0000000002).score == 1.0 and MetricResult(1.0000000002).status == "ok"
    assert MetricResult(1.0000001).score == 1.0 and MetricResult(-1e-12).score == 0.0
    assert MetricResult(1.00001).status == "error"
    assert MetricResult(0.5).score == 0.5
