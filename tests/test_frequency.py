"""A claim that states another frequency than its evidence ("weekly" where the evidence says
"every 4 weeks") is not supported."""

from ragmeter.judges.local.checks.frequency import frequency_swap, periods


def test_frequencies_are_read_as_periods_in_days():
    assert periods("checked weekly") == {7.0} and periods("every 4 weeks") == {28.0}
    assert periods("every two weeks") == {14.0} and periods("every other year") == {730.5}
    assert periods("Take 500 mg twice daily.") == {0.5} and periods("three times a day") == {0.3333}
    assert periods("once a month") == {30.4} and periods("every day") == {1.0}
    # a rate is read by its unit of time: "per minute", or "a day" after a number
    assert periods("600 requests per minute") == {0.0006944} and periods("He works 8 hours a day.") == {1.0}
    assert periods("It arrives within a day.") == frozenset() and periods("It takes a day.") == frozenset()


def test_a_rate_per_another_unit_of_time_is_another_statement():
    sentences = ["The API enforces a rate limit of 600 requests per minute per API key."]
    assert frequency_swap("The API enforces a rate limit of 600 requests per hour per API key.", sentences) == 1.0
    assert frequency_swap("Each API key may send 600 requests a minute.", sentences) == 0.0


def test_another_frequency_in_the_sentence_that_covers_the_claim():
    sentences = ["INR should be checked every 4 weeks once stable.", "Take warfarin once daily in the evening."]
    assert frequency_swap("INR should be checked weekly.", sentences) == 1.0
    assert frequency_swap("Take warfarin twice daily.", sentences) == 1.0
    assert frequency_swap("INR should be checked monthly once stable.", sentences) == 0.0  # within 10%
    assert frequency_swap("INR should be checked every four weeks.", sentences) == 0.0
    assert frequency_swap("Take warfarin in the evening.", sentences) == 0.0  # the claim states none
    # the claim's other words must be in the sentence
    assert frequency_swap("The journal is published weekly.", sentences) == 0.0
