"""A near copy of the passage with a detail put in that the passage never gives
(judges/local/checks/added_words.py), and one whose part is taken from another sentence
(judges/local/checks/transplanted.py)."""

import pytest

from ragmeter.judges.local.checks.added_words import added_words
from ragmeter.judges.local.checks.transplanted import transplanted
from ragmeter.text.segments import premise_sentences

CELLS = ("Mitochondria are membrane-bound organelles found in most eukaryotic cells. They generate most of the "
         "cell's supply of adenosine triphosphate (ATP), which is used as a source of chemical energy. "
         "Mitochondria contain their own DNA, which is inherited in most animals from the mother.")
GIT = ("Git's rebase command rewrites commit history by replaying commits onto a new base. Because it creates new "
       "commit hashes, rebasing commits that have already been pushed to a shared branch can cause problems for "
       "collaborators. Merging, by contrast, preserves existing history and adds a merge commit.")
HTTP = ("HTTP status code 404 indicates that the server cannot find the requested resource. Code 403 means the "
        "server understood the request but refuses to authorize it. A 500 code signals an unexpected condition on "
        "the server that prevented it from fulfilling the request.")
MAMMALS = ("Almost all mammals give birth to live young. The exceptions are the monotremes, the platypus and four "
           "species of echidna, which lay eggs.")


def added(claim: str, passage: str) -> bool:
    return added_words(claim, premise_sentences(passage))


@pytest.mark.parametrize("claim,passage", [
    ("Mitochondria are membrane-bound organelles found in most eukaryotic cells that generate most of the cell's "
     "supply of adenosine triphosphate (ATP) through photosynthesis, which is used as a source of chemical energy.",
     CELLS),
    ("Git's rebase command rewrites commit history on the remote server by replaying commits onto a new base.", GIT),
])
def test_a_detail_put_into_a_copy_is_flagged(claim, passage):
    assert added(claim, passage)


@pytest.mark.parametrize("claim,passage", [
    # the copy itself, and two sentences joined
    ("Mitochondria are membrane-bound organelles found in most eukaryotic cells that generate most of the cell's "
     "supply of adenosine triphosphate (ATP), which is used as a source of chemical energy.", CELLS),
    # an adverb or an adjective put in: people call such claims supported as often as not
    ("Because it creates new commit hashes, rebasing commits that have already been pushed to a shared branch can "
     "still cause serious problems for collaborators.", GIT),
    # words that name what the passage lists ("meaning"), or open its list ("such as")
    ("The exceptions are the monotremes, meaning the platypus and four species of echidna, which lay eggs.", MAMMALS),
    # a paraphrase: no copied run on each side of the new words
    ("Rebasing swaps those commits for new ones with different hashes, which can cause trouble for other people "
     "working from the same branch.", GIT),
    # too short to be read as a copy
    ("Merging adds a merge commit.", GIT),
])
def test_a_copy_with_no_detail_of_its_own_is_not_flagged(claim, passage):
    assert not added(claim, passage)


def test_a_part_taken_from_another_sentence_is_flagged():
    claim = "Code 403 means the server understood the request but cannot find the requested resource."
    assert transplanted(claim, premise_sentences(HTTP))


@pytest.mark.parametrize("claim", [
    "Code 403 means the server understood the request but refuses to authorize it.",
    # two sentences joined, each part kept
    "Code 403 means the server understood the request but refuses to authorize it, while 404 means the server "
    "cannot find the requested resource.",
    "A 404 means the server cannot find the requested resource.",
])
def test_a_copy_that_keeps_its_own_parts_is_not_flagged(claim):
    assert not transplanted(claim, premise_sentences(HTTP))


def test_one_sentence_has_no_other_to_take_a_part_from():
    assert not transplanted("Code 403 means the server understood the request but cannot find it.",
                            ["Code 403 means the server understood the request but refuses to authorize it."])


def test_a_part_said_of_the_claim_s_own_subject_is_no_transplant():
    passage = ("Aspirin reduces fever in adults and children over twelve and relieves mild pain. "
               "It also lowers the risk of heart attack.")
    claim = "Aspirin reduces fever in adults and children over twelve and lowers the risk of heart attack."
    assert not transplanted(claim, premise_sentences(passage))


ROUTER = ("To reset the device, hold the button for ten seconds and then plug the cable into the port at the back "
          "of the unit.")
PAYMENTS = "Payments are made to the applicant after the review is complete and the form is signed."


def test_each_word_is_read_where_it_is_written():
    # "router" twice: the second, beside "Netgear", is its kind; a noun ending in -ly is a noun
    claim = ("For the router: to reset the device, hold the button for ten seconds and then plug the cable into the "
             "Netgear router port at the back of the unit.")
    assert not added(claim, ROUTER)
    assert added("Payments are made to the applicant and family after the review is complete and the form is "
                 "signed.", PAYMENTS)
