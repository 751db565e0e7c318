"""A two-part question answered in part: the answer says nothing of what the later part asks
(text.question_parts), so its relevance is scaled down; a complete answer, one that answers in
close words, and a part that names only the kind of thing asked are left alone."""

import pytest

from ragmeter.text.question_parts import part_left_out, question_parts

SAVER = "What is the minimum opening deposit for the Youth Saver account, and does it have monthly fees?"


def never_close(words, others):
    return False


def test_a_question_is_split_where_a_second_question_opens():
    assert question_parts(SAVER) == ["What is the minimum opening deposit for the Youth Saver account?",
                                     "Does it have monthly fees?"]
    assert question_parts("What are the causes and symptoms of scurvy?") == ["What are the causes and symptoms of "
                                                                             "scurvy?"]


@pytest.mark.parametrize("answer, left_out", [
    ("The minimum opening deposit for the Youth Saver is $25.", True),
    ("You need $25 to open it, and there is no monthly maintenance fee.", False),
    ("You need $25; the account has no fees.", False),
])
def test_a_later_part_left_out(answer, left_out):
    assert part_left_out(SAVER, answer, never_close) is left_out


def test_close_words_and_amounts_count_as_an_answer():
    assert not part_left_out(SAVER, "You need $25, and nothing is charged each month.",
                             lambda words, others: "monthly" in words and "month" in others)
    assert not part_left_out("Where is the Corran range, and how high is its highest point?",
                             "It lies in the north, rising to 621 m.", never_close)


def test_a_number_that_answers_an_earlier_part_does_not_answer_how_many():
    delta = "What is the area of the Rhenna Delta, and how many people live there?"
    assert part_left_out(delta, "The delta spans roughly 4,200 km².", never_close)
    assert not part_left_out(delta, "It spans roughly 4,200 km² and is home to about 1.3 million.", never_close)
    # a first part that asks for no number leaves the answer's number to the second
    assert not part_left_out("Which two countries share the longest land border, and how long is it?",
                             "Canada and the United States; their border runs about 8,890 km.", never_close)


def test_the_kind_asked_need_not_be_named():
    assert not part_left_out("Which file stores the settings, and what format is it in?",
                             "Settings live in loomis.config, written in TOML.", never_close)
    # one question asks one thing: nothing to leave out
    assert not part_left_out("What is the capital of Australia?", "Sydney is its largest city.", never_close)


def test_the_local_judge_prefers_the_complete_answer():
    from ragmeter import evaluate

    question = "What is the minimum age to serve on a jury in Calvaria, and can someone over 70 be excused?"
    rows = [{"question": question, "answer": answer, "contexts": ["Jurors in Calvaria must be at least 21."]}
            for answer in ("You must be at least 21, and anyone aged 70 or older can ask to be excused.",
                           "Jurors in Calvaria must be at least 21 years old and registered to vote.")]
    scores = evaluate(rows, metrics=["answer_relevancy"]).to_pandas()
    (complete, half), (_, why) = scores["answer_relevancy"], scores["answer_relevancy_reason"]
    assert complete > half and why.endswith("the response leaves a part of the question unanswered")
