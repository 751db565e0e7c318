"""A copied clause with a word of another kind or its opposite put in (checks/another_kind.py),
and the WordNet relations it reads (text/wordnet.py, the shipped table)."""

import pytest

from ragmeter.judges.local.checks.another_kind import another_kind
from ragmeter.text.segments import premise_sentences
from ragmeter.text.wordnet import KIND, OPPOSITE, OTHER, SAME, SIBLING, relation

PITCHER = ("Wild populations of the Selva pitcher plant, Nepenthes orvalis, are found only on two limestone peaks "
           "in central Borneo. The plant traps insects in fluid-filled pitchers.")
WILLS = ("A will must normally be signed in the presence of two witnesses. A handwritten will without witnesses is "
         "accepted only for members of the armed forces on active service.")
WATCH = ("Store the watch in a cool, dry place; high temperatures above 45°C can permanently reduce battery "
         "capacity.")
CAPITAL = "Canberra is the capital of Australia. It was chosen as a compromise between two rival cities."
DANUBE = "The Danube is Europe's second-longest river. It flows through ten countries on its way to the Black Sea."
VERSAILLES = ("The treaty limited the German army to 100,000 men. Germany was forbidden to have an air force, tanks "
              "or submarines.")


def flags(claim: str, context: str) -> bool:
    return another_kind(claim, premise_sentences(context)) == 1.0


@pytest.mark.parametrize("x,y,expected", [
    ("granite", "limestone", SIBLING), ("police", "armed forces", SIBLING), ("Austria", "Germany", SIBLING),
    ("coffee", "grapefruit juice", SIBLING), ("Sydney", "Canberra", SIBLING),
    ("warm", "cool", OPPOSITE), ("rose", "fell", OPPOSITE), ("higher", "lower", OPPOSITE),
    ("quotations", "citations", SAME), ("used", "utilized", SAME),
    ("dog", "animal", KIND), ("reasons", "motivations", KIND),
    ("aspects", "parts", OTHER), ("empagliflozin", "metformin", None),
])
def test_wordnet_relations(x, y, expected):
    assert relation(x, y) == expected


@pytest.mark.parametrize("claim,context", [
    ("Wild populations of the Selva pitcher plant are found only on two granite peaks in central Borneo.", PITCHER),
    ("A handwritten will without witnesses is accepted only for members of the police on active service.", WILLS),
    ("Store the watch in a warm, dry place.", WATCH),
    ("Sydney is the capital of Australia.", CAPITAL),
    ("The capital of Australia is Sydney.", CAPITAL),  # the copula turned round
    ("The Danube flows through ten countries on its way to the North Sea.", DANUBE),  # "it" named
])
def test_another_of_the_kind_or_the_opposite_is_flagged(claim, context):
    assert flags(claim, context)


@pytest.mark.parametrize("claim,context", [
    # the same words, a part left out, a synonym: supported
    ("Wild populations of the Selva pitcher plant are found only on two limestone peaks.", PITCHER),
    ("Store the watch somewhere cool and dry.", WATCH),
    ("Canberra is the capital of Australia.", CAPITAL),
    ("The Danube flows through ten nations on its way to the Black Sea.", DANUBE),
    # a negated opposite says the same ("not allowed" for "forbidden")
    ("Germany was also not allowed to have an air force, tanks or submarines.", VERSAILLES),
    # a word WordNet does not know, or relates otherwise: left to the other readers
    ("A handwritten will without witnesses is accepted only for members of the Zorvath guild on active service.",
     WILLS),
    # a claim that adds a statement is not a copy with a slot changed
    ("Store the watch in a cool, dry place and charge it weekly.", WATCH),
])
def test_copies_rewordings_and_unknown_words_are_not_flagged(claim, context):
    assert not flags(claim, context)


def test_the_table_builder_reads_wordnets_own_files(tmp_path):
    """training/wordnet_table.py on a miniature WordNet in the database's own format: the reader
    finds what the builder wrote (a kind, siblings, opposites, an inflection)."""
    import sys
    from pathlib import Path

    import numpy as np

    from ragmeter.text.wordnet import WordRelations

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "training"))
    import wordnet_table

    files = {
        "data.noun": "00000001 03 n 01 rock 0 000 | a stone\n"
                     "00000002 03 n 01 granite 0 001 @ 00000001 n 0000 | an igneous rock\n"
                     "00000003 03 n 01 limestone 0 001 @ 00000001 n 0000 | a sedimentary rock\n",
        "index.noun": "granite n 1 1 @ 1 0 00000002\nlimestone n 1 1 @ 1 0 00000003\nrock n 1 0 1 0 00000001\n",
        "data.adj": "00000010 00 a 01 warm 0 001 ! 00000011 a 0101 | warm\n"
                    "00000011 00 a 01 cool 0 001 ! 00000010 a 0101 | cool\n",
        "index.adj": "cool a 1 1 ! 1 0 00000011\nwarm a 1 1 ! 1 0 00000010\n",
        "noun.exc": "", "adj.exc": "", "data.verb": "", "index.verb": "", "verb.exc": "",
        "data.adv": "", "index.adv": "", "adv.exc": "", "cntlist.rev": "",
    }
    for name, text in files.items():
        (tmp_path / name).write_text("  1 This software and database is provided by Princeton.\n" + text
                                     if name.startswith(("data.", "index.")) else text)
    table = tmp_path / "relations.npz"
    np.savez_compressed(table, **wordnet_table.build(tmp_path))
    words = WordRelations(table)
    assert words.relation("granite", "limestone") == SIBLING
    assert words.relation("granite", "rock") == KIND
    assert words.relation("warm", "cool") == OPPOSITE
    assert words.relation("rocks", "rock") == SAME
    assert words.relation("granite", "basalt") is None
