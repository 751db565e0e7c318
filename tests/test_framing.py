"""How chat models frame answers ("According to the documents, ...", "I hope this helps!", a
hedge beside an answer) does not count as a claim, or against relevance."""

import pytest
from extras import need_local

from ragmeter import evaluate
from ragmeter.judges.lexical import split_into_claims
from ragmeter.judges.local.judge import LocalJudge
from ragmeter.metrics import answer_relevancy, faithfulness
from ragmeter.text.framing import is_chatter, without_attribution
from ragmeter.text.noncommittal import is_noncommittal

QUESTION = "What is the INR target range for AF patients on warfarin?"
CONTEXTS = ["For patients with atrial fibrillation on warfarin, the target INR is 2.0–3.0.",
            "INR monitoring should occur every 4 weeks when stable."]
PLAIN = "The target INR is 2.0–3.0."


@pytest.fixture(scope="module")
def judge():
    need_local()
    return LocalJudge()


@pytest.mark.parametrize("framed", [
    "According to the documents, the target INR is 2.0–3.0.",
    "Based on the provided context, the target INR is 2.0–3.0.",
    "The context states that the target INR is 2.0–3.0.",
    "Answer: The target INR is 2.0–3.0.",
])
def test_attribution_is_taken_off_a_claim(framed):
    assert without_attribution(framed) == PLAIN
    assert split_into_claims(framed) == [PLAIN]


def test_text_that_only_looks_like_framing_is_kept():
    for sentence in ("In the 1880s the tower was built.", "From the start, the plan was to build it.",
                     "The documents were signed in 1889."):
        assert without_attribution(sentence) == sentence


def test_words_to_the_reader_are_not_claims():
    assert is_chatter("I hope this helps!") and is_chatter("Great question!") and is_chatter("Sure!")
    assert not is_chatter("Sure enough, the tower was finished in 1889.")
    assert split_into_claims(f"Great question! {PLAIN} Let me know if you need more.") == [PLAIN]


@pytest.mark.slow
def test_framed_answers_score_as_the_plain_answer(judge):
    answers = [PLAIN, f"According to the documents, t{PLAIN[1:]}", f"{PLAIN} I hope this helps!",
               f"Great question! {PLAIN}"]
    rows = [{"question": QUESTION, "answer": a, "contexts": CONTEXTS} for a in answers]
    result = evaluate(rows, metrics=[faithfulness, answer_relevancy], judge=judge).to_pandas()
    for metric in ("faithfulness", "answer_relevancy"):
        assert result[metric].tolist() == pytest.approx([result[metric][0]] * len(answers), abs=1e-6)


@pytest.mark.parametrize("answer, evasive", [
    ("I don't know.", True),
    ("The context does not specify the INR target range.", True),
    ("Based on the context provided, I cannot determine the answer.", True),
    ("Unfortunately, the provided context does not say when the tower was built.", True),
    ("The document discusses warfarin dosing but does not specify the INR target.", True),
    ("The context does not mention monitoring frequency, but the target INR is 2.0–3.0.", False),
    ("I don't know the exact date, but it was built in the 1880s.", False),
])
def test_a_hedge_beside_an_answer_is_not_evasive(answer, evasive):
    assert is_noncommittal(answer) is evasive


def test_a_partly_hedged_answer_gets_a_relevance_score(judge):
    rows = [{"question": QUESTION, "answer": a} for a in
            ("The context does not mention monitoring frequency, but the target INR is 2.0–3.0.",
             "The context does not specify the INR target range.")]
    result = evaluate(rows, metrics=[answer_relevancy], judge=judge).to_pandas()
    assert result["answer_relevancy"][0] > 0.3 and result["answer_relevancy"][1] == 0.0


def test_connectives_and_asides_are_taken_off_a_claim():
    assert without_attribution("It's also worth noting that spinach can reduce warfarin's effect.") == \
        "Spinach can reduce warfarin's effect."
    assert without_attribution("However, patients with mechanical valves need 2.5-3.5.") == \
        "Patients with mechanical valves need 2.5-3.5."
    assert without_attribution("In summary: the target INR is 2.0-3.0.") == "The target INR is 2.0-3.0."
    # the same words inside a statement stay
    for sentence in ("Remember the Alamo.", "Overall the plan works.", "Notes are kept in the chart."):
        assert without_attribution(sentence) == sentence
