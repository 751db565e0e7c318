"""A sample's offline scores do not depend on the samples scored beside it, to the last bit:
a run in pieces (as a resumed run scores what was left) equals an uninterrupted one. The
model calls pad each text to its own width and never run a lone text alone (onnxruntime's
single-row routine sums in another order), and the logistic models sum each row on its own."""

import numpy as np
import pytest
from extras import need_local

from ragmeter import evaluate
from ragmeter.demo import bad_rows, good_rows

need_local()

METRICS = ["faithfulness", "answer_relevancy", "context_precision", "context_recall", "context_relevancy",
           "answer_correctness", "answer_similarity"]


@pytest.mark.slow
def test_scores_in_pieces_equal_scores_in_one_run_bit_for_bit():
    rows = good_rows() + bad_rows()
    whole = evaluate(rows, metrics=METRICS)
    pieces = []
    for start, end in ((0, 1), (1, 6), (6, 11), (11, len(rows))):
        pieces += evaluate(rows[start:end], metrics=METRICS).metric_results
    differ = [(i, m, a[m].score, b[m].score) for i, (a, b) in enumerate(zip(whole.metric_results, pieces))
              for m in METRICS if a[m].score != b[m].score]
    assert not differ, differ
    assert all(a[m].status == "ok" for a in whole.metric_results for m in METRICS)


def test_a_lone_pair_gives_the_logit_it_gives_in_a_batch():
    from ragmeter.models.cross_encoder import OnnxCrossEncoder

    verifier = OnnxCrossEncoder("verifier")
    pairs = [("The capital of Australia is Sydney.", "Canberra is the capital of Australia. Sydney is its largest city."),
             ("A much longer claim about the capital city of the country of Australia and its history.",
              "Canberra is the capital of Australia. Sydney is its largest city. Melbourne is the second.")]
    together = verifier.logits(pairs)
    alone = np.array([verifier.logits([p])[0] for p in pairs])
    assert np.array_equal(together, alone)
