"""Expected answer types and the answer-relevance features: pure functions on small examples."""

import math

import pytest

from ragmeter.judges.local.features import (
    ANSWER_FEATURES,
    ANSWER_MODEL_FEATURES,
    BARE_FEATURES,
    answer_features,
    answer_model_row,
    carried_similarity,
    on_topic,
)
from ragmeter.text.answer_type import has_type, is_bare, type_miss, wanted_types
from ragmeter.text.noncommittal import is_noncommittal
from ragmeter.text.segments import content_set, split_sentences, without_words


@pytest.mark.parametrize("question, kinds", [
    ("When and where will the 2023 pageant be held?", ["time", "place"]),
    ("How many people were killed in the crash?", ["quantity"]),
    ("Who is the managing director of the company?", ["name"]),
    ("In which city was she born?", ["place"]),
    ("What caused the crash of the flight?", []),
    # "what is the <measure>" asks for a number; "the speed skater" is no speed
    ("What is the minimum initial investment for the fund?", ["quantity"]),
    ("What is Kestrel Energy's dividend yield?", ["quantity"]),
    ("What are the melting and boiling points of ethanol?", ["quantity"]),
    ("What is the half-life of carbon-14?", ["quantity"]),
    ("What was the name of the speed skater?", []),
    ("What is the rate-limiting step of glycolysis?", []),
])
def test_wanted_types(question, kinds):
    assert wanted_types(question) == kinds


def test_types_must_be_new_not_echoed_from_the_question():
    q = "How many people attended the 2019 festival?"
    assert not has_type("quantity", "Many people attended the 2019 festival.", q)
    assert has_type("quantity", "About 40,000 people attended.", q)
    assert has_type("time", "It opens in March.", "When does it open?")
    assert not has_type("name", "The director is a well-known figure.", "Who is the director?")
    assert has_type("name", "The director is Gigi Lee Chang.", "Who is the director?")


def test_type_miss_is_the_share_of_missing_types():
    q = "When and where was the treaty signed?"
    assert type_miss(q, "It was signed in 1648 in Münster.") == 0.0
    assert type_miss(q, "It was signed in 1648.") == 0.5
    assert type_miss(q, "It was signed by many delegates.") == 1.0
    assert type_miss("Why did it fail?", "Because of the weather.") == 0.0


def test_answer_features_count_information_only_on_the_topic():
    assert on_topic(0.1) == 0.0 and on_topic(0.9) == 1.0 and 0 < on_topic(0.4) < 1
    base = answer_features(0.7, frozenset({"crash"}), "The crash was caused by ice.", [0.9], [0.8], [[2.0]], 0.0)
    padded = answer_features(0.6, frozenset({"crash"}), "The crash was caused by ice. Cats purr.",
                             [0.9, 0.05], [0.8, 0.1], [[2.0], [1.0, 0.5]], 0.0)
    named_base, named_padded = dict(zip(ANSWER_FEATURES, base)), dict(zip(ANSWER_FEATURES, padded))
    assert named_padded["info"] == pytest.approx(named_base["info"])  # the off-topic sentence adds nothing
    assert named_padded["focus"] == 0.5 and named_base["focus"] == 1.0
    assert named_base["info"] == pytest.approx(math.log1p(2.0))
    assert named_padded["specificity"] == pytest.approx(3.5 / 3)
    assert named_padded["best_specificity"] == named_base["best_specificity"] == 2.0
    assert named_base["specific_answer"] == pytest.approx(2.0)  # covers "crash" and says something specific
    restated = dict(zip(ANSWER_FEATURES, answer_features(0.9, frozenset({"crash"}), "There was a crash.", [0.9],
                                                         [0.9], [[]], 0.0)))
    assert restated["cov_question"] == 1.0 and restated["specific_answer"] == 0.0
    empty = answer_features(0.0, frozenset(), "", [], [], [], 0.0)
    assert all(math.isfinite(v) for v in empty)
    assert dict(zip(ANSWER_FEATURES, answer_features(0.7, frozenset(), "Ice.", [0.9], [0.8], [[2.0]], 0.0,
                                                     similarity_beyond=0.4)))["emb_beyond"] == 0.4


def test_what_an_answer_says_beyond_the_question_words():
    question = content_set("What are the side effects of metformin?")
    assert without_words("Metformin commonly causes nausea.", question).split() == ["commonly", "causes", "nausea."]
    # stems match ("effects" / "effect"); stopwords and punctuation stay
    assert without_words("Metformin can cause some side effect.", question).split() == ["can", "cause", "some", "."]


def test_glued_sentences_are_split():
    assert split_sentences("It is a prestigious event.The pageant aims to empower women.") == [
        "It is a prestigious event.", "The pageant aims to empower women."]
    assert split_sentences("He moved to the U.S. in 1990.") == ["He moved to the U.S. in 1990."]


def test_a_no_ends_its_sentence_unless_a_number_follows():
    assert split_sentences("No. It was never found there.") == ["No.", "It was never found there."]
    assert split_sentences("The answer is no. It was never found there.") == [
        "The answer is no.", "It was never found there."]
    assert split_sentences("He lives at No. 10 Downing Street.") == ["He lives at No. 10 Downing Street."]
    assert split_sentences("See No. #5 in the list.") == ["See No. #5 in the list."]
    assert split_sentences("Pay Invoice No. INV-2033 today.") == ["Pay Invoice No. INV-2033 today."]
    assert split_sentences("No. #5 is the first item.") == ["No. #5 is the first item."]
    assert split_sentences("Pay invoice no. INV-2033 today.") == ["Pay invoice no. INV-2033 today."]


def test_sentence_splits_are_remembered_only_for_texts_of_bounded_length():
    """Splits are memoised across the metrics of a run, texts longer than MEMO_CHARS are not
    (memory stays bounded); both give the same sentences, and a caller may change its copy."""
    from ragmeter.text import segments as text

    short = "Paris is in France. It is large."
    long = " ".join(["Paris is in France."] * (text.MEMO_CHARS // 19 + 1))
    assert len(long) > text.MEMO_CHARS
    text._sentences.cache_clear()
    first = split_sentences(short)
    first.append("changed by the caller")
    assert split_sentences(short) == ["Paris is in France.", "It is large."]
    assert split_sentences(long) == ["Paris is in France."] * (text.MEMO_CHARS // 19 + 1)
    assert text._sentences.cache_info().currsize == 1  # the short text only


def test_place_phrases_and_uncased_answers_carry_their_type():
    assert type_miss("where is new oceanic crust formed", "at mid-ocean ridges, divergent boundaries") == 0.0
    assert type_miss("Where is ATP produced?", "ATP is produced inside the mitochondria.") == 0.0
    # a generic place word is no answer to "where"
    assert type_miss("Where will the event be held?", "The event will be held at a venue.") == 1.0
    # without capitals a name cannot be seen, so a new word counts; an echo of the question does not
    assert type_miss("who wrote hamlet", "william shakespeare") == 0.0
    assert type_miss("who wrote hamlet", "it was hamlet") == 1.0


def test_a_month_or_a_day_is_no_place_and_no_name():
    assert type_miss("When and where was Magna Carta sealed?", "Magna Carta was sealed on 15 June 1215.") == 0.5
    assert type_miss("When and where was Magna Carta sealed?", "It was sealed on 15 June 1215 at Runnymede.") == 0.0
    assert type_miss("Where is the Eiffel Tower?", "It was finished in March 1889.") == 1.0
    assert type_miss("Who signs the approval?", "It is signed on Monday.") == 1.0


def test_bare_answers_get_columns_of_their_own():
    assert is_bare("1889.") and is_bare("William the Conqueror") and not is_bare("It was built in 1889 by many.")
    assert not is_bare("") and not is_bare("...")
    # a pronoun for a subject makes a sentence, not the completion of the question
    assert not is_bare("I like cheese sandwiches.") and not is_bare("We sell shoes.")
    assert is_bare("I. M. Pei") and is_bare("He Jiankui")  # names
    row = answer_features(0.3, frozenset({"tower"}), "1889.", [0.1], [0.2], [[3.0]], 0.0)
    full, bare = answer_model_row(row, False), answer_model_row(row, True)
    assert len(full) == len(bare) == len(ANSWER_MODEL_FEATURES)
    assert full[:len(ANSWER_FEATURES)] == row and not any(full[len(ANSWER_FEATURES):])
    named = dict(zip(ANSWER_MODEL_FEATURES, bare))
    assert not any(bare[:len(ANSWER_FEATURES)]) and named["bare"] == 1.0
    assert [named[f"bare_{n}"] for n in BARE_FEATURES] == [dict(zip(ANSWER_FEATURES, row))[n] for n in BARE_FEATURES]


@pytest.mark.parametrize("answer, evasive", [
    ("No idea.", True), ("Unknown.", True), ("N/A", True), ("I have no idea!", True), ("Not sure.", True),
    ("No.", False), ("None.", False), ("Na", False), ("The unknown soldier.", False), ("1889.", False),
])
def test_bare_evasions_are_noncommittal(answer, evasive):
    assert is_noncommittal(answer) == evasive


def test_a_sentence_opening_with_a_pronoun_keeps_the_topic():
    sentences = ["It was built between 1887 and 1889.", "Paris hosts it.", "It is 330 m tall.", "Cats purr."]
    assert carried_similarity(sentences, [0.1, 0.6, 0.2, 0.1]) == [0.5, 0.6, 0.6, 0.1]
    assert carried_similarity(["The tower is tall."], [0.2]) == [0.2]  # no pronoun: unchanged
    assert carried_similarity([], []) == []


def test_yes_no_questions_are_told_from_questions_that_ask_for_a_thing():
    from ragmeter.text.answer_type import is_polar, says_more_than_yes_or_no

    for q in ("Are Roth IRA contributions tax-deductible?", "Does Switzerland use the euro?",
              "I have a Roth IRA. Are contributions deductible?", "So, can I take ibuprofen with warfarin?",
              "Isn't the capital Sydney?",
              # a clause that sets the case comes first (version 44)
              "If I opt out of the pension, does my employer still pay its 5% contribution?",
              "As a new employee, am I eligible for the bonus?"):
        assert is_polar(q), q
    for q in ("Who wrote Hamlet?", "What is an event horizon?", "How many moons does Mars have?",
              "Is warfarin safe? What dose should I take?", "", "If I leave, what happens to my pension?",
              "For a claim of $3,200, which court hears it?"):
        assert not is_polar(q), q
    assert not says_more_than_yes_or_no("No.") and not says_more_than_yes_or_no("Yes, that's right.")
    assert says_more_than_yes_or_no("No, it is contraindicated in pregnancy.")


def test_a_verdict_on_a_yes_no_question_is_told_from_the_question_said_back():
    from ragmeter.text.answer_type import states_verdict, verdict_in_full

    q = "Does the warranty cover water damage?"
    for sentence in ("No.", "Yes, it does.", "Not for water damage.", "The warranty covers water damage.",
                     "Water damage is not covered by the warranty."):
        assert states_verdict(q, sentence), sentence
    for sentence in ("Does the warranty cover water damage?", "Whether the warranty covers water damage varies.",
                     "The warranty lasts two years.", "The warranty covers water damage caused by floods in rented "
                     "flats, storms and burst pipes."):
        assert not states_verdict(q, sentence), sentence
    assert not states_verdict("Who wrote Hamlet?", "No.")
    assert verdict_in_full(q, "No.") == "No, does the warranty cover water damage"
    assert verdict_in_full(q, "No, it is excluded.") == "It is excluded."  # as answer_body reads it


def test_a_definition_answers_what_a_what_is_question_asks_about():
    from ragmeter.text.answer_type import defines

    assert defines("What is an event horizon?", "The boundary around a black hole beyond which nothing escapes.")
    assert defines("what is the pam motif", "pam is a short dna sequence flanking the cas9 target")
    assert defines("What is Km in enzyme kinetics?", "Km is the substrate concentration at half-maximal velocity.")
    assert not defines("What is an event horizon?", "Black holes form when massive stars collapse.")
    assert not defines("What is an event horizon?", "The Eiffel Tower was completed in 1889.")  # a verb of being
    assert not defines("What is the capital of Australia?", "Canberra is the capital.")  # another subject
    assert not defines("What are the side effects of metformin?", "Metformin is a medication.")  # not the head
    assert not defines("When was the Eiffel Tower built?", "The year 1889.")  # not a "what is" question


@pytest.mark.slow
def test_a_wrong_polarity_is_wrong_in_answer_correctness_for_a_yes_no_question():
    """The yes/no question is not read as stating its own words: the answer that says the
    opposite of the reference scores well below the one that agrees with it (before, both
    0.47 to 0.48, the right one lower)."""
    from ragmeter import evaluate

    reference = "No. Roth IRA contributions are not deductible; instead, qualified withdrawals are tax-free."
    rows = [{"question": "Are Roth IRA contributions tax-deductible?", "answer": answer, "ground_truth": reference,
             "contexts": ["Contributions to a Roth IRA are made with after-tax money and are not tax-deductible."]}
            for answer in ("Roth contributions are not tax-deductible; qualified withdrawals are tax-free later.",
                           "Roth contributions are tax-deductible; qualified withdrawals are tax-free later.")]
    right, wrong = evaluate(rows, metrics=["answer_correctness"]).to_pandas()["answer_correctness"]
    assert right > 0.8 and wrong < right - 0.25, (right, wrong)



@pytest.mark.parametrize("answer, given", [
    ("No.", False), ("Yes, it is safe.", True), ("Absolutely not, it causes harm.", False),
    ("Not during pregnancy.", False), ("Yes, but not in the first trimester.", True), ("Correct.", True),
    ("Warfarin is not safe.", None),  # a statement, not a verdict: read as a claim
    ("No doubt, it is safe for most patients.", None), ("Not only is it safe, it is recommended.", None),
    ("Yes and no: it depends on the trimester.", None), ("Not sure; ask your doctor.", None),
    ("True warfarin embryopathy is rare.", None), ("Right after delivery it can be restarted.", None),
    ("Yes - there is no evidence of harm.", True), ("Absolutely (no risk).", True), ("Definitely not.", False),
])
def test_the_yes_or_no_an_answer_opens_with(answer, given):
    from ragmeter.text.answer_type import verdict_given

    assert verdict_given("Is warfarin safe during pregnancy?", answer) is given
    assert verdict_given("What is warfarin?", answer) is None  # not a yes/no question


@pytest.mark.slow
def test_a_bare_yes_against_a_no_reference_is_wrong_in_answer_correctness():
    """"Yes. <a true sentence>" to a question whose reference answers no: the sentence is right
    but the verdict is not (before: the bare "No." was no claim, so a "No. ..." reference and
    a "No. ..." answer agreed on nothing, and "Yes." was judged by its word alone)."""
    from ragmeter import evaluate

    question = "Did King John sign Magna Carta willingly?"
    reference = "No. King John sealed Magna Carta at Runnymede in 1215 under pressure from rebel barons."
    rows = [{"question": question, "answer": answer, "ground_truth": reference, "contexts": [reference]}
            for answer in ("No. He sealed it at Runnymede in 1215 because rebel barons forced him to.",
                           "Yes. He sealed it at Runnymede in 1215 because rebel barons forced him to.")]
    result = evaluate(rows, metrics=["answer_correctness"])
    right, wrong = result.to_pandas()["answer_correctness"]
    assert wrong < right - 0.2, (right, wrong)
    verdicts = result.metric_results[1]["answer_correctness"].evidence
    assert "the answer to the question is yes" in verdicts["false_positive"], verdicts
    assert "the reference answers no" in verdicts["false_negative"], verdicts

def test_a_time_word_the_question_has_is_no_answer_to_when():
    question = "When does the spring semester start?"
    assert type_miss(question, "The spring semester starts when the college has scheduled it.") == 1.0
    assert type_miss(question, "It starts in late January.") == 0.0


def test_a_year_after_in_is_no_place():
    question = "Where was the treaty signed?"
    assert type_miss(question, "The treaty was signed in 1648 and ended the war.") == 1.0
    assert type_miss(question, "It was signed in Osnabrück and Münster.") == 0.0


def test_one_word_may_stand_before_the_kind_asked_for():
    assert wanted_types("Which two countries share Lake Titicaca?") == ["place"]
    assert wanted_types("Which pharmaceutical company makes Lipitor?") == ["name"]
    assert wanted_types("What is the place of the treaty in history?") == []
    assert wanted_types("What do people eat for breakfast in Norway?") == []  # a verb between asks for no name


def test_bare_qualifiers_are_no_claims_but_yes_and_statements_are():
    from ragmeter.judges.lexical import split_into_claims
    from ragmeter.text.answer_type import is_bare_qualifier

    for sentence in ("Partly.", "Not yet.", "Generally not.", "Very little.", "Possibly.", "Not always."):
        assert is_bare_qualifier(sentence), sentence
    for sentence in ("Yes.", "Dry.", "Twelve did.", "Always wear gloves when you handle it.", "Rarely in winter."):
        assert not is_bare_qualifier(sentence), sentence
    assert split_into_claims("Partly. It may hedge some of its currency exposure.") == [
        "It may hedge some of its currency exposure."]
    assert split_into_claims("Yes. It can be reported for ten years.") == ["Yes.", "It can be reported for ten years."]


def test_the_verdicts_are_compared_after_a_clause_that_sets_the_case():
    """Version 3 of answer correctness: "If I opt out of the pension, does my employer still pay
    ...?" is a yes/no question; the verdict that agrees with the reference's counts as a true
    positive, the other as a false positive and a false negative."""
    from ragmeter import evaluate

    question = "If I opt out of the Halvern pension, does my employer still pay its 5% contribution?"
    reference = "No. Employees who opt out lose the employer contribution."
    rows = [{"question": question, "answer": answer, "ground_truth": reference,
             "contexts": ["Employees who opt out of the Halvern pension lose the employer's 5% contribution."]}
            for answer in ("No — once you leave the scheme you give up the employer's 5%.",
                           "Yes — your employer keeps paying its 5% even after you leave the scheme.")]
    result = evaluate(rows, metrics=["answer_correctness"])
    right, wrong = result.to_pandas()["answer_correctness"]
    assert right > wrong + 0.2, (right, wrong)
    assert result.provenance["metrics"]["answer_correctness"]["version"] == "3"
