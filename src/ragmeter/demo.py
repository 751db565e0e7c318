"""The demo of seed 000: eight factoid questions, a good pipeline against a bad one.

The good pipeline retrieves the passages that hold the answer and answers from them. The
bad pipeline ranks an unrelated passage first and adds a hallucinated claim to its answer.
The questions and passages are those of seed 000 (a RAGAS tutorial notebook).
"""

from __future__ import annotations

from typing import Any

QA: list[dict[str, Any]] = [
    {"q": "where is atp produced in the cell",
     "ref": "mitochondria produce atp via oxidative phosphorylation",
     "good_ctx": ["mitochondria generate atp through oxidative phosphorylation",
                  "the inner mitochondrial membrane folds into crista"],
     "bad_ctx": ["chlorophyll absorbs red and blue wavelengths"]},
    {"q": "what does the reynolds number measure",
     "ref": "reynolds number is the ratio of inertial to viscous forces",
     "good_ctx": ["the reynolds number characterises the ratio of inertial forces to viscous forces in fluid flow"],
     "bad_ctx": ["cas9 uses a guide rna to find dna"]},
    {"q": "what is the pam motif",
     "ref": "pam is a short dna sequence flanking the cas9 target",
     "good_ctx": ["a pam motif must flank the target sequence for cas9 to bind"],
     "bad_ctx": ["photosystem ii splits water"]},
    {"q": "what absorbs light in plants",
     "ref": "chlorophyll absorbs red and blue light wavelengths",
     "good_ctx": ["chlorophyll absorbs red and blue wavelengths of light"],
     "bad_ctx": ["mitochondria have crista folds"]},
    {"q": "where is new oceanic crust formed",
     "ref": "at mid-ocean ridges, divergent boundaries",
     "good_ctx": ["mid-ocean ridges are divergent boundaries where new crust forms"],
     "bad_ctx": ["saltatory conduction along myelin accelerates neurons"]},
    {"q": "what starts a neuron action potential",
     "ref": "voltage-gated sodium channels open when the membrane depolarises past threshold",
     "good_ctx": ["a neuron action potential depends on voltage-gated sodium channels",
                  "when the membrane depolarises past threshold sodium channels open"],
     "bad_ctx": ["rubisco is the enzyme responsible for carbon fixation"]},
    {"q": "what is km in enzyme kinetics",
     "ref": "km is the substrate concentration at half-maximal velocity",
     "good_ctx": ["km is the substrate concentration at which reaction velocity is half of vmax"],
     "bad_ctx": ["black holes have event horizons"]},
    {"q": "what is an event horizon",
     "ref": "the boundary around a black hole beyond which nothing escapes",
     "good_ctx": ["the event horizon is the boundary beyond which escape becomes impossible"],
     "bad_ctx": ["the calvin cycle fixes carbon dioxide"]},
]

HALLUCINATION = "this was confirmed in a 2019 nature paper by smith and jones"


def good_rows() -> list[dict[str, Any]]:
    return [{"question": q["q"], "answer": q["ref"], "contexts": list(q["good_ctx"]), "ground_truth": q["ref"]}
            for q in QA]


def bad_rows() -> list[dict[str, Any]]:
    return [{"question": q["q"], "answer": f"{q['ref']}. {HALLUCINATION}",
             "contexts": list(q["bad_ctx"]) + list(q["good_ctx"]), "ground_truth": q["ref"]}
            for q in QA]
