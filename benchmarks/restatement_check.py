"""How often the restatement rule (text/restatement.py) calls an answer a mere restatement of
its question, by human label: the local judge keeps a tenth of such an answer's relevance, so
every answer it flags that people called relevant or correct is a false alarm.

Sets: the answer-sentence selection sets of the grounding data (SelQA, TrecQA: sentence holds the
answer or not), SQuAD 2.0 dev (the sentence holding each answer span, and the bare span) and
EVOUNA TriviaQA (system answers judged correct or not). Prints, per set and label, the answers
read, the answers flagged, and up to --show flagged examples.

    python benchmarks/restatement_check.py [--show 3]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devsets

from ragmeter.text.restatement import restates_question

SELECTION_FILES = {"selqa": ("dev.jsonl", "test.jsonl"), "trecqa": ("train.jsonl", "dev.jsonl", "test.jsonl")}


def labelled_answers():
    """(set, label, question, answer) of every answer read."""
    for name, files in SELECTION_FILES.items():
        for file in files:
            with (devsets.GROUNDING / name / file).open(encoding="utf-8") as fh:
                for line in fh:
                    row = json.loads(line)
                    yield name, row["label"], row["question"], row["answer"]
    for paragraph in devsets.read_jsonl("squad_v2/dev_by_paragraph.jsonl"):
        for qa in paragraph["qas"]:
            if qa["is_impossible"] or not qa["answers"]:
                continue
            sentence = devsets.answer_sentence(paragraph, qa)
            if sentence:
                yield "squad answer sentence", "answers", qa["question"], sentence
            yield "squad answer span", "answers", qa["question"], qa["answers"][0]["text"]
    for row in devsets.evouna():
        yield "evouna", "correct" if row["human_correct"] else "incorrect", row["question"], row["answer"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=3, help="flagged examples to print per set and label")
    args = parser.parse_args(argv)
    counts: dict[tuple[str, str], list] = defaultdict(lambda: [0, 0, []])
    for name, label, question, answer in labelled_answers():
        entry = counts[(name, label)]
        entry[0] += 1
        if restates_question(question, answer):
            entry[1] += 1
            if len(entry[2]) < args.show:
                entry[2].append((question, answer))
    print("| set | label | answers | flagged as restatements | share |")
    print("|---|---|---|---|---|")
    for (name, label), (n, flagged, _) in sorted(counts.items()):
        print(f"| {name} | {label} | {n:,} | {flagged} | {flagged / n:.4f} |")
    for (name, label), (_, _, shown) in sorted(counts.items()):
        for question, answer in shown:
            print(f"- {name} / {label}: {question!r} -> {answer!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
