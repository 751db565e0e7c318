"""ragmeter's trained cross-encoders (claim verifier, answer relevance) as shipped: int8 ONNX,
run by onnxruntime, and the default judge's use of them on the cases the feature judge missed."""

import asyncio
import pickle

import pytest
from extras import need_local

from ragmeter import evaluate
from ragmeter.errors import ConfigError
from ragmeter.judges.base import SupportItem
from ragmeter.judges.local.judge import LocalJudge
from ragmeter.models.cross_encoder import SHIPPED, OnnxCrossEncoder

need_local()

CANBERRA = "Canberra is the capital of Australia. Sydney is its largest city."
WARFARIN = ("Warfarin is contraindicated in pregnancy because it can cause birth defects and bleeding in the fetus. "
            "Low-molecular-weight heparin is preferred for anticoagulation during pregnancy.")


@pytest.fixture(scope="module")
def judge():
    return LocalJudge()


def test_shipped_models_are_small_int8_files_with_their_cards():
    for kind, path in SHIPPED.items():
        assert path.is_file(), kind
        assert path.stat().st_size < 30 * 2**20  # the word table and weight products are int8
        assert (path.parent / "MODEL_CARD.md").is_file()


def test_verifier_reads_a_changed_number():
    verifier = OnnxCrossEncoder("verifier")
    bridge = "The bridge opened in 1932. Its main span is 503 metres long."
    stated, moved = verifier.logits([("The main span of the bridge is 503 metres long.", bridge),
                                     ("The main span of the bridge is 603 metres long.", bridge)])
    assert stated > 0 > moved
    # "Sydney is the capital of Australia." against CANBERRA: version 18's model puts it level
    # with the right claim (1.36 against 1.29; version 17's 0.74 against 0.79 as probabilities),
    # a limit on its model card; the judge's changed-slot check decides it
    # (test_contradictions.test_sydney_is_decided_by_the_changed_slot_check)
    assert verifier.describe()["model"] == "verifier:minilm-l6-int8" and len(verifier.describe()["sha256"]) == 12


def test_verifier_reads_a_negation_dropped_from_the_evidence():
    # version 18's model: trained with sentences negated in the evidence too, so "not" in a
    # claim is no sign of a false one and a claim that drops the evidence's "not" is not stated
    # (version 17's read "Your password is stored in plain text." as stated, logit 2.4)
    verifier = OnnxCrossEncoder("verifier")
    for evidence, kept, dropped in (
            ("The medication is not approved for children under 12.",
             "The medication is not approved for children under 12.", "The medication is approved for children under 12."),
            ("The service does not store your password in plain text.",
             "Your password is not stored in plain text.", "Your password is stored in plain text.")):
        stated, flipped = verifier.logits([(kept, evidence), (dropped, evidence)])
        assert stated > 0 > flipped, (kept, stated, flipped)


def test_a_pair_scores_the_same_alone_and_in_a_batch():
    verifier = OnnxCrossEncoder("verifier")
    pairs = [("The Eiffel Tower is in Paris.", "The Eiffel Tower, completed in 1889, stands in Paris."),
             ("Water boils at 100 degrees Celsius at sea level.", "At sea level water boils at 100 C. " * 8)]
    together = verifier.logits(pairs)
    alone = [verifier.logits([p])[0] for p in pairs]
    assert together == pytest.approx(alone, abs=1e-4)


def test_a_cross_encoder_travels_to_other_processes_as_its_path():
    copy = pickle.loads(pickle.dumps(OnnxCrossEncoder("relevance")))
    assert copy.name == "relevance:minilm-l6-int8"


def test_a_missing_model_file_says_how_to_get_it(tmp_path):
    with pytest.raises(ConfigError, match="missing.*training/"):
        OnnxCrossEncoder(tmp_path / "nothing.onnx")


@pytest.mark.slow
def test_default_judge_records_both_models_and_local_fast_neither(judge):
    desc = judge.describe()
    assert desc["support_weights"] == "support_verified"
    assert desc["verifier"]["model"] == "verifier:minilm-l6-int8" and desc["verifier"]["windows"] >= 1
    assert desc["relevance_model"]["model"] == "relevance:minilm-l6-int8"
    fast = LocalJudge(contextual=False)
    assert fast.verifier is None and fast.relevance_model is None
    with pytest.raises(ConfigError, match="contextual"):
        LocalJudge(contextual=False, verifier=True)


def test_support_evidence_is_the_window_the_verifier_read(judge):
    (verdicts,) = asyncio.run(judge.support([SupportItem(
        ("The bridge opened in 1932. It carries eight lanes. Its main span is 503 metres long.",),
        ("The main span of the bridge is 503 metres long.",))]))
    assert verdicts[0].yes and "503" in verdicts[0].evidence


@pytest.mark.parametrize("answer,context,careful_reader", [
    ("The capital of Australia is Sydney.", CANBERRA, "no"),
    ("The capital of Australia is Canberra.", CANBERRA, "yes"),
    ("Yes, warfarin is safe during pregnancy.", WARFARIN, "no"),
    ("No. Warfarin should not be used in pregnancy because it can harm the fetus.", WARFARIN, "yes"),
])
def test_faithfulness_as_a_careful_reader_reads_it(judge, answer, context, careful_reader):
    result = evaluate([{"question": "q", "answer": answer, "contexts": [context]}], metrics=["faithfulness"],
                      judge=judge)
    score = result["faithfulness"]
    assert (score >= 0.6) if careful_reader == "yes" else (score <= 0.4), score


def test_a_reference_the_context_states_is_recalled(judge):
    result = evaluate([{"question": "Can warfarin be taken during pregnancy?",
                        "answer": "No.", "contexts": [WARFARIN],
                        "ground_truth": "No. Warfarin is contraindicated in pregnancy."}],
                      metrics=["context_recall"], judge=judge)
    assert result["context_recall"] >= 0.8
