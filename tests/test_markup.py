"""Markdown answers and texts without spaces between words (Chinese, Japanese) are read as the
prose they stand for."""

import asyncio

import pytest
from extras import need_local

from ragmeter import evaluate
from ragmeter.judges.base import AnswerRelevanceItem, SupportItem
from ragmeter.judges.lexical import split_into_claims
from ragmeter.judges.local.judge import LocalJudge
from ragmeter.metrics import answer_relevancy, faithfulness
from ragmeter.text.markup import has_markup, is_label, plain
from ragmeter.text.segments import answer_body, content_set, numbers, split_sentences, tokens

QUESTION = "When was the Eiffel Tower built?"
CONTEXT = ("The Eiffel Tower was completed in 1889 for the World's Fair in Paris. Gustave Eiffel's company "
           "designed and built the tower, which is 330 metres tall.")
PROSE = "The Eiffel Tower was built in 1889. It was designed by Gustave Eiffel's company. It is 330 m tall."
MARKDOWN = ("## Answer\n\n**Summary:**\n\n- The Eiffel Tower was built in **1889**.\n"
            "- It was designed by *Gustave Eiffel's* company.\n\n---\n\n1. It is 330 m tall.")


@pytest.fixture(scope="module")
def judge():
    need_local()
    return LocalJudge()


def test_plain_drops_marks_and_keeps_words():
    text = plain("# Title\n> quoted **bold** and `code` with [a link](http://x.y)\n```py\nx = 1\n```\n\n2) Step two")
    assert text.split("\n") == ["Title:", "quoted bold and code with a link", "x = 1", "", "Step two"]
    assert plain("Steps:\n1. Mix.\n2. Bake.") == "Steps:\nMix.\nBake."
    # a German date, and a chemical subscript broken onto its own line, are not list items
    assert plain("23. September 1896") == "23. September 1896"
    assert plain("dioxygen, O\n2. It is the form") == "dioxygen, O\n2. It is the form"
    assert plain("Prose with no marks, 3.5 m - wide.") == "Prose with no marks, 3.5 m - wide."
    assert not has_markup("A sentence. Another one.")


def test_headings_and_introductions_are_labels_not_claims():
    assert is_label("Summary:") and is_label("The main causes are:")
    assert not is_label("Cost: 5 dollars.")
    claims = split_into_claims(MARKDOWN)
    assert claims == ["The Eiffel Tower was built in 1889.", "It was designed by Gustave Eiffel's company.",
                      "It is 330 m tall."]
    # a list of fragments is read with the sentence that introduces it; full sentences stand alone
    assert split_into_claims("The causes are:\n- drought\n- A war") == ["The causes are drought.",
                                                                         "The causes are a war."]
    assert split_into_claims("The steps are:\n1. Mix the flour.\n2. Bake") == ["Mix the flour.", "Bake"]
    assert split_into_claims("Causes:\n- drought") == ["drought"]  # a label, not a sentence
    assert plain("Key causes were:\n\n- **Economic decline**\n- Invasions") == (
        "\nKey causes were Economic decline.\nKey causes were Invasions.")


@pytest.mark.slow
def test_a_list_of_fragments_answers_through_its_lead_in(judge):
    question = "What are the side effects of metformin?"
    listed = ("Common side effects of metformin include:\n- Nausea\n- Diarrhea\n- Stomach upset\n\n"
              "Rarely, it can cause lactic acidosis.")
    off = "Metformin is a medication used to treat type 2 diabetes. It was first approved in the US in 1994."
    good, other = asyncio.run(judge.answer_relevance([AnswerRelevanceItem(question, listed),
                                                      AnswerRelevanceItem(question, off)]))
    # read without its lead-in ("Nausea", "Diarrhea", ...) the list scored 0.04
    assert good.score > 0.8 and good.score > other.score + 0.3


def test_answer_body_leaves_prose_as_it_is():
    assert answer_body(PROSE) == PROSE
    assert answer_body(MARKDOWN).split("\n") == split_into_claims(MARKDOWN)


def test_markdown_answer_scores_as_its_prose(judge):
    rows = [{"question": QUESTION, "answer": a, "contexts": [CONTEXT]} for a in (PROSE, MARKDOWN)]
    result = evaluate(rows, metrics=[faithfulness, answer_relevancy], judge=judge).to_pandas()
    assert result["faithfulness_status"].tolist() == ["ok", "ok"]
    assert result["faithfulness"][1] == pytest.approx(result["faithfulness"][0], abs=0.02)
    assert result["answer_relevancy"][1] == pytest.approx(result["answer_relevancy"][0], abs=0.02)
    assert result["faithfulness"][1] > 0.85


def test_a_heading_is_not_an_unsupported_claim(judge):
    answer = "**Key facts**\nThe Eiffel Tower was completed in 1889."
    (verdicts,) = asyncio.run(judge.support([SupportItem((CONTEXT,), tuple(split_into_claims(answer)))]))
    assert len(verdicts) == 1 and verdicts[0].probability > 0.8
    (with_heading, without) = asyncio.run(judge.answer_relevance(
        [AnswerRelevanceItem(QUESTION, answer), AnswerRelevanceItem(QUESTION, answer.split("\n")[1])]))
    assert with_heading.score == pytest.approx(without.score, abs=1e-6)


def test_a_unit_with_a_capital_letter_ends_a_sentence_and_an_initial_does_not():
    assert split_sentences("It is oven-safe up to 260°C. The lids may be used. Water boils at 100 °C. Then it cools.") \
        == ["It is oven-safe up to 260°C.", "The lids may be used.", "Water boils at 100 °C.", "Then it cools."]
    assert split_sentences("Mr. J. Smith came. A.J. Ayer wrote it. (J. Doe) said so.") \
        == ["Mr. J. Smith came.", "A.J. Ayer wrote it.", "(J. Doe) said so."]


def test_an_inline_numbered_list_keeps_each_number_with_its_item():
    steps = ("Pairing: 1. Place both earbuds in the case. 2. Press and hold the button for 3 seconds. "
             "3. On your phone, select 'Solace S2'. If the LED flashes amber, charge the case.")
    assert split_sentences(steps) == ["Pairing:", "1. Place both earbuds in the case.",
                                      "2. Press and hold the button for 3 seconds.", "3. On your phone, select 'Solace S2'.",
                                      "If the LED flashes amber, charge the case."]
    # a number that ends a sentence stays where it is, next numbers and a run from 1 too
    assert split_sentences("He scored 12. Then he left. The team won 13. It was late.") == [
        "He scored 12.", "Then he left.", "The team won 13.", "It was late."]
    assert split_sentences("If pairing fails, repeat step 1. Then go back to step 2. Finally restart it.") == [
        "If pairing fails, repeat step 1.", "Then go back to step 2.", "Finally restart it."]


def test_chinese_and_japanese_are_read_character_by_character():
    assert split_sentences("埃菲尔铁塔于1889年建成。它高330米！") == ["埃菲尔铁塔于1889年建成。", "它高330米！"]
    assert tokens("铁塔1889年") == ["铁", "塔", "1889", "年"]
    assert "1889" in numbers("于1889年建成") and "1889" not in numbers("x1889")
    assert content_set("東京タワー") == frozenset("東京タワー")
    assert tokens("Straße l'homme") == ["straße", "l'homme"]


def test_a_chinese_answer_is_checked_against_its_context(judge):
    context = "埃菲尔铁塔于1889年为世界博览会建成。它位于巴黎。"
    claims = ("埃菲尔铁塔于1889年建成。", "埃菲尔铁塔位于伦敦，建于1920年。")
    (verdicts,) = asyncio.run(judge.support([SupportItem((context,), claims)]))
    assert verdicts[0].probability > verdicts[1].probability + 0.3


def test_citation_marks_are_not_claims_or_numbers(judge):
    for answer in ("The Eiffel Tower was completed in 1889 [1].", "The Eiffel Tower was completed in 1889.[2][3]",
                   "The Eiffel Tower was completed in 1889 (Source 2).", "The Eiffel Tower was completed in 1889 【4:0†source】."):
        assert split_into_claims(answer) == ["The Eiffel Tower was completed in 1889."]
    assert numbers(plain("Built in 1889 [12].")) == frozenset({"1889"})
    (marked, bare) = asyncio.run(judge.support([SupportItem((CONTEXT,), ("The tower is 330 metres tall [7].",)),
                                                SupportItem((CONTEXT,), ("The tower is 330 metres tall.",))]))
    assert marked[0].probability == pytest.approx(bare[0].probability, abs=1e-6)


def test_a_list_of_sources_and_links_are_not_claims():
    answer = ("The Eiffel Tower was completed in 1889 [1].\n\nSources:\n- [1] https://en.wikipedia.org/wiki/Eiffel_Tower\n"
              "- eiffel_guide.pdf\n\nIt is 330 m tall (see https://www.toureiffel.paris).")
    assert split_into_claims(answer) == ["The Eiffel Tower was completed in 1889.", "It is 330 m tall."]
    assert plain("Sources of iron include spinach.") == "Sources of iron include spinach."


def test_a_table_row_is_read_as_a_sentence(judge):
    answer = ("Here is a comparison:\n\n| Drug | Target INR |\n|------|:---:|\n| Warfarin | 2.0–3.0 |\n"
              "| Acenocoumarol | 4.0–5.0 |\n\nBoth need monitoring.")
    claims = split_into_claims(answer)
    assert claims == ["Warfarin, Target INR: 2.0–3.0.", "Acenocoumarol, Target INR: 4.0–5.0.", "Both need monitoring."]
    context = "For patients on warfarin, the target INR is 2.0–3.0."
    (verdicts,) = asyncio.run(judge.support([SupportItem((context,), tuple(claims[:2]))]))
    assert verdicts[0].probability > 0.8 > verdicts[1].probability
