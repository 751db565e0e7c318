"""The offline default judge: its model loading paths and its primitives on small examples."""

import asyncio
import shutil
import subprocess
import sys

import numpy as np
import pytest
from extras import need_local

from ragmeter import evaluate
from ragmeter.demo import bad_rows, good_rows
from ragmeter.judges import resolve_judge
from ragmeter.judges.base import AnswerRelevanceItem, SentenceRelevanceItem, SupportItem, UsefulnessItem
from ragmeter.judges.local.checks.negation import negation_flip
from ragmeter.judges.local.features import name_closeness
from ragmeter.judges.local.judge import LocalJudge
from ragmeter.models.static_embedder import DEFAULT_STATIC_MODEL
from ragmeter.text.segments import content_and_negation, number_agreement, split_clauses

need_local()


@pytest.fixture(scope="module")
def judge():
    return LocalJudge()


def run(coro):
    return asyncio.run(coro)


@pytest.mark.slow
def test_default_judge_is_local_and_loads_the_shipped_model(judge):
    default = resolve_judge(None)
    assert default.name == "local"
    desc = judge.describe()
    assert desc["sentence_embedder"]["embedder"] == "static:minilm-static-256"
    assert desc["calibration"]["fitted_on"]["wice_dev"] > 0  # weights record what they were fitted on
    vectors = run(judge.embed(["a cat sat on the mat", "a kitten rested on the rug", "stock prices fell"]))
    assert vectors.shape == (3, 256)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]  # real semantics, not a hash


@pytest.mark.slow
def test_custom_static_model_path(tmp_path):
    copy = tmp_path / "my-static"
    shutil.copytree(DEFAULT_STATIC_MODEL, copy)
    custom = LocalJudge(static_model=copy)
    assert custom.describe()["sentence_embedder"]["embedder"] == "static:my-static"
    with pytest.raises(Exception, match="not a model2vec model folder"):
        LocalJudge(static_model=tmp_path)


@pytest.mark.slow
def test_sentence_transformers_model_from_a_local_folder(tmp_path):
    pytest.importorskip("sentence_transformers")
    from ragmeter.models.sentence_transformer_embedder import default_model_path

    folder = tmp_path / "minilm"
    shutil.copytree(default_model_path(), folder)
    local = LocalJudge(embedder=str(folder))
    assert local.describe()["sentence_embedder"]["dim"] == 384
    v = run(local.embed(["Paris is the capital of France.", "France's capital city is Paris."]))
    assert v[0] @ v[1] > 0.8
    by_name = resolve_judge(f"local:{folder}")
    assert by_name.sentence_embedder.dim == 384


@pytest.mark.slow
def test_nli_cross_encoder_from_a_local_folder(tmp_path):
    """A tiny randomly initialised BERT cross-encoder with NLI labels, saved in the test: it
    checks the loading and wiring, not the quality (random weights)."""
    transformers = pytest.importorskip("transformers")
    from ragmeter.models.sentence_transformer_embedder import default_model_path

    config = transformers.BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                                     intermediate_size=64, num_labels=3,
                                     id2label={0: "contradiction", 1: "entailment", 2: "neutral"},
                                     label2id={"contradiction": 0, "entailment": 1, "neutral": 2})
    model = transformers.BertForSequenceClassification(config)
    model.save_pretrained(tmp_path / "nli")
    transformers.AutoTokenizer.from_pretrained(default_model_path()).save_pretrained(tmp_path / "nli")
    nli_judge = LocalJudge(nli_model=tmp_path / "nli")
    assert nli_judge.nli.entailment_index == 1
    (verdicts,) = run(nli_judge.support([SupportItem(("Paris is in France.",), ("Paris is in France.",))]))
    assert 0.0 <= verdicts[0].probability <= 1.0
    assert nli_judge.describe()["nli"]["labels"][1] == "entailment"


def test_answer_closeness_uses_int8_minilm_from_pypi(judge):
    desc = judge.describe()["answer_embedder"]
    assert desc["embedder"] == "onnx-int8:all-MiniLM-L6-v2" and desc["dim"] == 384 and desc["weights"] == "answer_judged"
    assert len(desc["sha256"]) == 12 and set(desc["sha256"]) <= set("0123456789abcdef")
    texts = ["Who wrote Hamlet?", "Hamlet was written by William Shakespeare.", "The stock market fell sharply today."]
    v = judge.vectors(texts, answer=True)
    assert all(abs(np.linalg.norm(v[t]) - 1.0) < 1e-5 for t in texts)
    assert v[texts[0]] @ v[texts[1]] > v[texts[0]] @ v[texts[2]] + 0.3
    # batching and padding do not change a text's vector
    alone = judge.answer_embedder.embed([texts[1]])[0]
    padded = judge.answer_embedder.embed([texts[1], " ".join(["word"] * 120)])[0]
    assert np.allclose(alone, padded, atol=1e-4)


@pytest.mark.slow
def test_local_judge_survives_pickling(judge):
    """A judge instance passed to evaluate_ray is pickled to the actors."""
    import pickle

    copy = pickle.loads(pickle.dumps(judge))
    texts = ["Who wrote Hamlet?", "Shakespeare wrote Hamlet."]
    assert np.allclose(copy.answer_embedder.embed(texts), judge.answer_embedder.embed(texts), atol=1e-6)
    assert copy.describe() == judge.describe()


@pytest.mark.slow
def test_onnx_answer_embedder_from_a_local_file(tmp_path):
    from ragmeter.models.onnx_embedder import default_model_path

    shutil.copy(default_model_path(), tmp_path / "encoder.onnx")
    custom = LocalJudge(answer_embedder=tmp_path / "encoder.onnx")
    assert custom.describe()["answer_embedder"]["embedder"] == "onnx:encoder.onnx"
    (rel,) = run(custom.answer_relevance([AnswerRelevanceItem("Who wrote Hamlet?", "William Shakespeare wrote it.")]))
    assert rel.score > 0.5
    (tmp_path / "broken.onnx").write_bytes(b"not an onnx graph")
    with pytest.raises(Exception, match="could not load the ONNX model"):
        LocalJudge(answer_embedder=tmp_path / "broken.onnx")
    with pytest.raises(Exception, match="not found"):
        LocalJudge(answer_embedder=tmp_path / "missing.onnx")


@pytest.mark.slow
def test_without_onnxruntime_answers_use_the_static_model_and_its_own_weights():
    code = ("import sys, warnings; sys.modules['onnxruntime'] = None\n"
            "warnings.simplefilter('always')\n"
            "from ragmeter.judges.local.judge import LocalJudge\n"
            "j = LocalJudge(); d = j.describe()['answer_embedder']\n"
            "print(d['embedder'], d['weights'])")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["static:minilm-static-256", "answer_static"]
    assert "pip install 'ragmeter[local]'" in proc.stderr


@pytest.mark.parametrize("missing", ["tokenizers", "onnxruntime"])
def test_missing_extra_falls_back_to_lexical_with_a_notice(missing):
    """tokenizers alone (it also comes with transformers) is not the [local] extra: without
    onnxruntime the default is the lexical judge with the notice, not a local judge without its
    models."""
    code = (f"import sys; sys.modules['{missing}'] = None\n"
            "from ragmeter.judges import resolve_judge\n"
            "print(resolve_judge(None).name)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "lexical"
    assert "pip install 'ragmeter[local]'" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_support_prefers_supported_claims(judge):
    premises = ("Marie Curie won the Nobel Prize in Physics in 1903 and in Chemistry in 1911.",
                "She was born in Warsaw.")
    claims = ("Marie Curie was born in Warsaw.", "Curie won a Nobel Prize in Chemistry in 1911.",
              "Curie won the Nobel Prize in Chemistry in 1925.", "Curie invented the telephone in Boston.")
    (v,) = run(judge.support([SupportItem(premises, claims)]))
    p = [x.probability for x in v]
    assert v[0].yes and v[1].yes and not v[3].yes
    assert p[1] > p[2]  # the wrong year lowers support
    assert v[0].evidence == "She was born in Warsaw."


def test_usefulness_and_sentence_relevance(judge):
    q = "What is the boiling point of water at sea level?"
    (useful,) = run(judge.usefulness([UsefulnessItem(q, "Water boils at 100 degrees Celsius at sea level.",
                                                     ("At sea level water boils at 100 degrees Celsius.",
                                                      "The Amazon is the largest rainforest."))]))
    assert useful[0].yes and not useful[1].yes
    (sentences,) = run(judge.relevant_sentences([SentenceRelevanceItem(
        q, "Water boils at 100 °C at sea level. Penguins live in Antarctica. Bananas are rich in potassium.")]))
    assert [s.yes for s in sentences] == [True, False, False]


def test_answer_relevance_and_noncommittal(judge):
    q = "Who wrote the novel Nineteen Eighty-Four?"
    on, off, evasive = run(judge.answer_relevance([
        AnswerRelevanceItem(q, "The novel Nineteen Eighty-Four was written by George Orwell."),
        AnswerRelevanceItem(q, "Photosynthesis converts light into chemical energy."),
        AnswerRelevanceItem(q, "I don't know, the context does not say."),
    ]))
    assert on.score > off.score + 0.2
    assert evasive.noncommittal and evasive.score == 0.0


def test_a_bare_answer_of_the_kind_asked_for_is_relevant(judge):
    """A bare answer ("1889") shares no word with its question. Judge version 4 scored it
    below a vague restatement and below a sentence about something else (0.33 against 0.67
    and 0.66 here); it is now ranked by its own features (features.answer_model_row)."""
    q = "When was the Eiffel Tower built?"
    bare, vague, aside, wrong_kind = run(judge.answer_relevance([
        AnswerRelevanceItem(q, "1889."),
        AnswerRelevanceItem(q, "The Eiffel Tower was built at a particular time."),
        AnswerRelevanceItem(q, "The Eiffel Tower is in Paris."),
        AnswerRelevanceItem(q, "Gustave Eiffel."),
    ]))
    assert bare.score > vague.score and bare.score > aside.score
    assert bare.score > wrong_kind.score  # a name where a time was asked for
    q = "Who wrote Hamlet?"
    name, aside = run(judge.answer_relevance([AnswerRelevanceItem(q, "Shakespeare."),
                                              AnswerRelevanceItem(q, "Hamlet is a tragedy.")]))
    assert name.score > aside.score
    (evasive,) = run(judge.answer_relevance([AnswerRelevanceItem(q, "No idea.")]))
    assert evasive.noncommittal and evasive.score == 0.0
    # a short sentence about something else is read as a sentence (version 19, as a bare answer: 0.63)
    (aside,) = run(judge.answer_relevance([AnswerRelevanceItem("What is the capital of Australia?",
                                                               "I like cheese sandwiches.")]))
    assert aside.score < 0.3


def test_a_yes_or_no_answers_a_yes_no_question(judge):
    """The verdict is what an answer to a yes/no question adds: before judge version 20,
    "Yes, warfarin is safe during pregnancy." read as the question said back (0.42), below an
    aside about warfarin (0.50), and "No, it is contraindicated ..." took up none of its words
    (0.36)."""
    q = "Is warfarin safe during pregnancy?"
    yes, no, reasoned, bare, aside, echo, evasive = run(judge.answer_relevance([
        AnswerRelevanceItem(q, "Yes, warfarin is safe during pregnancy."),
        AnswerRelevanceItem(q, "Warfarin is not safe during pregnancy."),
        AnswerRelevanceItem(q, "No, it is contraindicated because it can cause birth defects."),
        AnswerRelevanceItem(q, "No."),
        AnswerRelevanceItem(q, "Warfarin is a blood thinner."),
        AnswerRelevanceItem(q, "Whether warfarin is safe during pregnancy is a common question."),
        AnswerRelevanceItem(q, "It depends."),
    ]))
    for answer in (yes, no, reasoned, bare):
        assert answer.score >= 0.8 and answer.score > aside.score + 0.2, (answer, aside)
    # the echo: 0.41 with version 54 (its three-epoch relevance model), 0.04 since version 55
    # reads the question held in a "whether" clause as said back
    assert echo.score < 0.3 and echo.score < aside.score and evasive.noncommittal and evasive.score == 0.0


def test_a_definition_without_the_defined_words_answers_a_what_is_question(judge):
    """The demo's good answers (judge version 19: 0.53 and 0.36; a careful reader ~0.9), beside a
    restatement and an answer to another question."""
    q = "What is an event horizon?"
    phrase, other = run(judge.answer_relevance([
        AnswerRelevanceItem(q, "The boundary around a black hole beyond which nothing escapes."),
        AnswerRelevanceItem(q, "Black holes form when massive stars collapse."),
    ]))
    assert phrase.score > 0.7 and phrase.score > other.score + 0.2
    q = "What is the PAM motif?"
    shorter, echo = run(judge.answer_relevance([
        AnswerRelevanceItem(q, "PAM is a short DNA sequence flanking the Cas9 target."),
        AnswerRelevanceItem(q, "The PAM motif is a motif."),
    ]))
    # 0.62 with version 25, 0.59 with 26, whose relevance model gives this statement a lower
    # logit (-0.55 -> -1.01; CHANGELOG.md, version 26); a careful reader ~0.9
    assert shorter.score > 0.55 and shorter.score > echo.score + 0.15


def test_answer_relevance_prefers_complete_specific_focused_answers(judge):
    compound = "When was the Eiffel Tower completed and who designed it?"
    full, half = run(judge.answer_relevance([
        AnswerRelevanceItem(compound, "The Eiffel Tower was completed in 1889. It was designed by the engineering "
                                      "company of Gustave Eiffel, with Maurice Koechlin and Emile Nouguier."),
        AnswerRelevanceItem(compound, "The Eiffel Tower was completed in 1889."),
    ]))
    assert full.score > half.score
    assert full.detail["answer_type_missing"] == 0.0 and half.detail["answer_type_missing"] == 0.5

    q = "When did the Apollo 11 mission land on the Moon?"
    dated, vague, padded = run(judge.answer_relevance([
        AnswerRelevanceItem(q, "Apollo 11 landed on the Moon on July 20, 1969."),
        AnswerRelevanceItem(q, "Apollo 11 landed on the Moon at a particular time."),
        AnswerRelevanceItem(q, "Apollo 11 landed on the Moon on July 20, 1969. Bananas are rich in potassium. "
                               "The stock market closed higher on Friday."),
    ]))
    assert dated.score > vague.score
    assert dated.score > padded.score
    assert padded.detail["on_topic_share"] < dated.detail["on_topic_share"]
    # what the vague answer adds to the question's words ("landed at a particular time") is
    # further from the question than the date the dated one adds
    assert dated.detail["similarity_beyond_question_words"] > vague.detail["similarity_beyond_question_words"]
    (echo,) = run(judge.answer_relevance([AnswerRelevanceItem(q, "The Apollo 11 mission landed on the Moon.")]))
    # nothing beyond the question's words but "the ... on the": close to nothing
    assert echo.detail["similarity_beyond_question_words"] < min(0.3, dated.detail["similarity_beyond_question_words"])


def test_noncommittal_apologies_score_zero(judge):
    (sorry,) = run(judge.answer_relevance([AnswerRelevanceItem(
        "How many people were hurt in the storm?",
        "I'm sorry, but I couldn't find any information about the storm.")]))
    assert sorry.noncommittal and sorry.score == 0.0


def test_similarity_handles_acronyms_numbers_and_paraphrase(judge):
    s = run(judge.similarity([("World Meteorological Organization", "WMO"), ("3", "three"),
                              ("66 million years ago", "515 million years ago"), ("Paris", "Berlin"),
                              ("World Meteorological Organization", "UNEP")]))
    assert s[0] > 0.3 and s[0] > s[4] + 0.3
    assert s[1] > 0.9
    assert s[2] < 0.5 and s[3] < 0.2


def test_similarity_scales_by_the_numbers_both_state(judge):
    same, other, partly, one_side = run(judge.similarity([
        ("TLS 1.3", "TLS 1.3"), ("TLS 1.3", "TLS 1.1"),
        ("16 October 2018", "October 17, 2018"), ("October 2018", "in October")]))
    assert same > 0.99
    assert other == 0.0  # different version numbers: a different answer
    assert 0.2 < partly < 0.75  # the year agrees, the day does not
    assert one_side > 0.3  # a number on one side only is not a disagreement
    assert number_agreement("since 1978", "1978") == 1.0
    assert number_agreement("16 October 2018", "17 October 2018") == 0.5
    assert number_agreement("$5 million", "5,000,000 dollars") == 1.0  # scale words written out
    assert number_agreement("1.1 million", "1,100,000") == 1.0
    # in two long answers one number is not the whole meaning
    long_a = "Marie Curie, a Polish physicist and chemist, won two Nobel Prizes for research on radioactivity."
    long_b = "Marie Curie was born in Warsaw in 1867 and moved to Paris to study physics and chemistry there."
    assert number_agreement(long_a, long_b) == 1.0


def test_seed000_checks_with_the_local_judge(judge):
    good = evaluate(good_rows(), judge=judge)
    bad = evaluate(bad_rows(), judge=judge)
    assert good["faithfulness"] >= 0.70 and bad["faithfulness"] < good["faithfulness"]
    assert good["context_precision"] >= 0.80 and bad["context_precision"] < good["context_precision"]
    assert good["context_recall"] > 0.5
    assert good["answer_relevancy"] > 0 and bad["answer_relevancy"] > 0


@pytest.mark.slow
def test_local_judge_is_deterministic(judge):
    a = evaluate(good_rows(), judge=LocalJudge())
    b = evaluate(good_rows(), judge=LocalJudge())
    assert a.means() == b.means()


@pytest.mark.slow
def test_results_do_not_depend_on_cache_size_or_batching():
    """Bounded caches are cleared mid-run on long runs; scores must not change (a bug once
    turned the cleared entries into errors). Up to 1e-4: MiniLM's integer products round each
    token's activations to 255 steps, and a texts' batch of another width can move a last-bit
    float difference across a step (seen: 1.4e-5 in faithfulness)."""
    rows = [{**r, "question": f"{r['question']} {i}"} for i, r in enumerate((good_rows() + bad_rows()) * 6)]
    metrics = ["faithfulness", "context_recall", "answer_relevancy"]
    a = evaluate(rows, metrics=metrics, judge=LocalJudge())
    b = evaluate(rows, metrics=metrics, judge=LocalJudge(max_cache=20), window=7)
    for m in metrics:
        assert [r[m].status for r in b.metric_results] == ["ok"] * len(rows)
        assert b.scores(m) == pytest.approx(a.scores(m), abs=1e-4)


def test_a_swapped_name_scores_well_below_the_right_name(judge):
    """Known limit: with one of two names swapped the claim still scores above 0.5 (default
    0.82, the right name 0.98; local-fast 0.70 and 0.97). Judge v3 scored it 0.40, but only
    because its weights lowered every short claim (claim length +0.84), which the dev sets did
    not bear out (README). On 589 supported dev-set claims with one name swapped for a name
    the evidence lacks, the swapped claim scores lower in 586 for both judges
    (benchmarks/name_swaps.py)."""
    item = SupportItem(["Canberra is the capital city of Australia."], (
        "The capital of Australia is Sydney.", "The capital of Australia is Canberra."))
    for tried, gap in ((judge, 0.1), (LocalJudge(contextual=False), 0.2)):
        (verdicts,) = run(tried.support([item]))
        wrong, right = (v.probability for v in verdicts)
        assert right > 0.9 and wrong < right - gap
    premises = judge.static.word_vectors(["canberra", "capital", "city", "australia"])
    same, swapped, none = (name_closeness(judge.static.word_vectors(names), premises)
                           for names in (["australia"], ["australia", "sydney"], []))
    assert same == pytest.approx(1.0, abs=1e-5) and swapped < 0.9 and none == 1.0
    assert name_closeness(judge.static.word_vectors(["sydney"]), premises[:0]) == 0.0


def test_a_negated_claim_is_not_supported_by_its_positive_clause(judge):
    context = ["The Eiffel Tower was completed in 1889 for the World's Fair in Paris. It is 330 metres tall."]
    (verdicts,) = run(judge.support([SupportItem(context, ("The Eiffel Tower was completed in 1889.",
                                                           "The Eiffel Tower was not completed in 1889."))]))
    assert verdicts[0].probability > 0.7 and verdicts[1].probability < 0.3
    # a negation in another clause of the sentence is no contradiction
    peaches = ["Although peaches are not native to Georgia, peaches are the official state fruit."]
    clauses = [content_and_negation(x) for x in split_clauses(peaches[0])]
    flip, kept = (negation_flip(content_and_negation(c), clauses)
                  for c in ("Peaches are native to Georgia.", "Peaches are the official state fruit."))
    assert flip == 1.0 and kept == 0.0


def test_a_claim_that_sets_something_aside_with_not_is_not_a_negated_claim(judge):
    # ", not to the district court" says "rather than": the claim is what the passage says
    context = ["Disputes over deductions are heard by the Regional Housing Tribunal rather than the district court."]
    (verdicts,) = run(judge.support([SupportItem(context, (
        "Those disputes go to the Regional Housing Tribunal, not to the district court.",
        "Disputes over deductions are not heard by the Regional Housing Tribunal."))]))
    assert verdicts[0].decided_by.startswith("model:") and verdicts[0].probability > 0.5
    assert verdicts[1].decided_by == "check:negation" and verdicts[1].probability <= 0.1


def test_answer_correctness_reads_a_short_reference_as_the_answer_to_its_question(judge):
    answers = ("The Eiffel Tower is 330 metres tall.", "The Eiffel Tower is 200 metres tall.",
               "The Eiffel Tower is tall.")
    rows = [dict(question="How tall is the Eiffel Tower?", answer=a, ground_truth="330 metres", contexts=["x"])
            for a in answers]
    scores = evaluate(rows, metrics=["answer_correctness"], judge=judge).to_pandas()["answer_correctness"].tolist()
    assert scores[0] > 0.7  # right, in a full sentence
    assert scores[1] < 0.3 and scores[2] < 0.3  # wrong number; restating the question


@pytest.mark.slow
def test_provenance_names_the_exact_calibration(tmp_path):
    from ragmeter.judges.local.calibration import CALIBRATION_FILE

    shipped = LocalJudge().describe()["calibration"]["sha256"]
    assert len(shipped) == 12 and set(shipped) <= set("0123456789abcdef")
    copy = tmp_path / "calibration.json"
    copy.write_text(CALIBRATION_FILE.read_text() + "\n")  # same weights, different bytes
    assert LocalJudge(calibration=copy).describe()["calibration"]["sha256"] != shipped


@pytest.mark.slow
def test_a_calibration_file_fitted_for_other_columns_is_refused_with_what_to_do(tmp_path):
    """A file fitted before a column was deleted (here: one with an extra support column) must
    not score with its weights shifted by a column: it is refused, naming the model and the fix."""
    import json

    from ragmeter.errors import ConfigError
    from ragmeter.judges.local.calibration import CALIBRATION_FILE

    data = json.loads(CALIBRATION_FILE.read_text())
    old = data["models"]["support_verified"]
    for key, value in (("features", "soft_min"), ("mean", 0.5), ("scale", 1.0), ("coef", 0.0)):
        old[key].insert(1, value)
    path = tmp_path / "calibration.json"
    path.write_text(json.dumps(data))
    judge = LocalJudge(calibration=path)
    with pytest.raises(ConfigError, match=r"support_verified.*soft_min.*Refit the file"):
        asyncio.run(judge.support([SupportItem(("Paris is in France.",), ("Paris is in France.",))]))
    assert asyncio.run(LocalJudge().support([SupportItem(("Paris is in France.",), ("Paris is in France.",))]))
