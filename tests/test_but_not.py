"""What a premise sets aside with "but not", said as if it held (checks/but_not.py)."""

from ragmeter.judges.local.checks.but_not import set_aside_said
from ragmeter.text.segments import premise_sentences

QUEUE = ("Ferrule Queue 3.x guarantees at-least-once delivery. Message ordering is preserved within a partition "
         "but not across partitions.")
POLICY = "The Harbor Home policy covers flood damage but not earthquake damage."


def flags(claim: str, context: str) -> bool:
    return set_aside_said(claim, premise_sentences(context)) == 1.0


def test_what_but_not_sets_aside_said_to_hold_is_flagged():
    assert flags("On 3.x Ferrule keeps messages in order both within and across partitions.", QUEUE)
    assert flags("Message ordering is preserved across partitions.", QUEUE)
    assert flags("The Harbor Home policy covers earthquake damage.", POLICY)


def test_the_statement_itself_or_the_set_aside_denied_is_not_flagged():
    assert not flags("Message ordering is preserved within a partition.", QUEUE)
    assert not flags("Ordering is not guaranteed across partitions.", QUEUE)
    assert not flags("The Harbor Home policy covers flood damage.", POLICY)
    # the claim sets it aside in other words, or says the phrase of something else
    assert not flags("The Harbor Home policy covers flood damage, excluding earthquake damage.", POLICY)
    assert not flags("Message ordering is preserved within a partition, but ordering across partitions is lost.", QUEUE)
    assert not flags("The museum is open on Saturdays and closed on Sundays.",
                     "The museum is open on Saturdays but not on Sundays.")
    assert not flags("The firm hired at least two engineers.",
                     "The firm hired engineers, designers and, last but not least, a chef.")
    # a phrase with a verb after "but not" is a clause, the negation check's to read
    assert not flags("Refunds are issued.", "Credits are issued within 5 days, but not if refunds are issued.")


BOARD = ("Appeals are decided by the licensing board rather than the county court, and a decision takes about "
         "eight weeks.")
SOIL = "On the moor the rain runs off into the streams rather than soaking in, so the peat stays thin."


def test_what_rather_than_or_instead_of_sets_aside_said_to_hold_is_flagged():
    assert flags("Appeals are decided by the county court, which takes about eight weeks.", BOARD)
    # said with another small word of place: "soaking into" for "soaking in"
    assert flags("On the moor the rain soaking into the peat feeds the streams.", SOIL)
    assert flags("Appeals are decided by the county court.", BOARD.replace("rather than", "instead of"))


def test_what_rather_than_keeps_is_not_flagged():
    assert not flags("Appeals are decided by the licensing board.", BOARD)
    assert not flags("Appeals go to the licensing board rather than the county court.", BOARD)
    assert not flags("On the moor the rain runs off rather than soaking into the peat.", SOIL)


def test_rather_than_of_what_is_usual_or_said_plainly_elsewhere_is_not_flagged():
    assert not flags("Patients with complications are treated in hospital.",
                     "Patients are often treated at home rather than in hospital. Patients with complications "
                     "are treated in hospital.")
    assert not flags("The bird migrates south in winter.",
                     "The bird stays in the north rather than migrating south, although some populations do "
                     "migrate south.")
    # said of a case the claim picks out, of most, or of a subject the statement does not name
    assert not flags("Visitors who arrive by car can use the parking garage.",
                     "Visitors arrive by train rather than by car. The parking garage has 200 spaces.")
    assert not flags("Some visitors arrive by car.", "Most visitors arrive by train rather than by car.")
    assert not flags("Patients with complications recover in hospital.",
                     "Patients with mild symptoms recover at home rather than in hospital. Those with complications "
                     "are admitted.")
