"""Throughput and memory of the offline judges on synthetic RAG samples.

    python benchmarks/speed.py [--n 1000] [--fast] [--unrelated-reference | --squad]

Each sample: a question, 3 contexts of about 60 words, a 3-sentence answer and a reference,
scored with the four core metrics. Reports samples per second cold (new judge, models
loaded but nothing seen before) and warm (the same judge again: its vector cache is warm),
peak memory, and the ratio to the lexical judge measured in the same process. The samples'
words come from a small list, so most chunks hold half of the reference's words and count as
useful without a model (2,919 of 3,000; on WikiEval's answers and contexts 99 of 100, on the
demo's 16 of 28); --unrelated-reference measures the case where none does. --squad measures real text instead
(SQuAD 2.0 dev paragraphs, ../shared/data/metaeval): longer contexts, whose sentences the
contradiction checks read one by one.
"""

from __future__ import annotations

import argparse
import random
import re
import resource
import sys
import time
import warnings

WORDS = ("river mountain engine protein market treaty galaxy enzyme harbour algorithm senate glacier "
         "voltage vaccine satellite dynasty molecule turbine archive coral membrane orbit tariff canal "
         "reactor fossil pigment quartz lattice nebula").split()
VERBS = "produces measures contains regulates connects describes supports limits".split()


def sentence(rng: random.Random, n_words: int = 12, words: list[str] = WORDS) -> str:
    words = [rng.choice(words) for _ in range(n_words - 2)]
    return f"The {words[0]} {rng.choice(VERBS)} " + " ".join(words[1:]) + f" in {rng.randint(1800, 2024)}."


# a reference in these words shares none with the contexts: every chunk is then read by the models
OTHER_WORDS = ("copper valley saddle lantern orchard meadow cobalt falcon timber willow beacon ember "
               "garnet harvest island jasper kettle ledger marble nectar").split()


def synthetic_rows(n: int, seed: int = 0, unrelated_reference: bool = False) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        contexts = [" ".join(sentence(rng) for _ in range(5)) for _ in range(3)]  # ~60 words each
        answer = " ".join(sentence(rng) for _ in range(3))
        reference = sentence(rng, words=OTHER_WORDS) if unrelated_reference else sentence(rng)
        rows.append({"question": f"What does the {rng.choice(WORDS)} {rng.choice(VERBS)}?", "answer": answer,
                     "contexts": contexts, "ground_truth": reference})
    return rows


def squad_rows(n: int, seed: int = 0) -> list[dict]:
    """Samples of real text (--squad): a SQuAD 2.0 dev question, its paragraph and two others
    as contexts (about 130 words each), the sentence that holds the answer and one more of the
    paragraph as the answer, the first gold answer as the reference."""
    import devsets

    rng = random.Random(seed)
    answered = [(p, [q for q in p["qas"] if not q["is_impossible"] and q["answers"]])
                for p in devsets.read_jsonl("squad_v2/dev_by_paragraph.jsonl")]
    answered = [(p, qs) for p, qs in answered if qs]
    paragraphs = [p for p, _ in answered]
    rows = []
    for _ in range(n):
        paragraph, questions = rng.choice(answered)
        qa = rng.choice(questions)
        gold = qa["answers"][0]
        sentences, starts, at = re.split(r"(?<=[.!?])\s+", paragraph["context"]), [], 0
        for sentence in sentences:
            starts.append(paragraph["context"].find(sentence, at))
            at = starts[-1] + len(sentence)
        holds = max(k for k, start in enumerate(starts) if start <= gold["answer_start"])
        other = rng.randrange(len(sentences))
        answer = " ".join(sentences[k] for k in sorted({holds, other}))
        others = [p["context"] for p in rng.sample(paragraphs, 3) if p is not paragraph][:2]
        contexts = [paragraph["context"], *others]
        rows.append({"question": qa["question"], "answer": answer, "contexts": contexts,
                     "ground_truth": gold["text"]})
    return rows


def useful_by_share(rows) -> tuple[int, int]:
    """Chunks that hold enough of the reference's words to be useful whatever the models say
    (the local judge does not run its models on them, version 17), and all chunks."""
    from ragmeter.judges.lexical import ramp
    from ragmeter.judges.local.judge import USEFUL_SHARE
    from ragmeter.text.segments import content_set, coverage

    shares = [coverage(content_set(r["ground_truth"]), content_set(c)) for r in rows for c in r["contexts"]]
    return sum(ramp(x, USEFUL_SHARE) >= 1.0 for x in shares), len(shares)


def forget_text_caches() -> None:
    """Empty every memo table of ragmeter's modules (what was read of each text: sentences,
    stems, content words, numbers, premises, what each contradiction check read), so that a
    cold run does not profit from the texts an earlier judge in this process read. It empties
    the memos of loaded models and prompts too; the judges timed here hold their models
    already, so nothing is loaded again within a timed run."""
    for name, module in list(sys.modules.items()):
        if name.startswith("ragmeter."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def timed(rows, judge, cold: bool = True) -> float:
    from ragmeter import evaluate

    if cold:
        forget_text_caches()
    start = time.perf_counter()
    evaluate(rows, judge=judge)
    return time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--fast", action="store_true",
                        help="also time the local-fast judge, without token states (after the others)")
    samples = parser.add_mutually_exclusive_group()
    samples.add_argument("--unrelated-reference", action="store_true",
                        help="references that share no word with the contexts: every chunk is read by the models "
                             "for context precision (the work of judge versions before 17)")
    samples.add_argument("--squad", action="store_true",
                        help="real text instead of the word-list samples: SQuAD 2.0 dev questions with their "
                             "paragraph and two others (../shared/data/metaeval); the checks read more there")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    from ragmeter.judges import LexicalJudge
    from ragmeter.judges.local.judge import LocalJudge

    rows = squad_rows(args.n) if args.squad else synthetic_rows(args.n, unrelated_reference=args.unrelated_reference)
    skipped, chunks = useful_by_share(rows)
    lexical = timed(rows, LexicalJudge())
    load_start = time.perf_counter()
    judge = LocalJudge()
    load = time.perf_counter() - load_start
    cold = timed(rows, judge)
    warm = timed(rows, judge, cold=False)
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"samples: {args.n}, metrics: faithfulness, answer_relevancy, context_precision, context_recall")
    print(f"chunks useful by their share of the reference's words alone (not read by the models): "
          f"{skipped} of {chunks}")
    print(f"lexical judge:      {args.n / lexical:8.1f} samples/s")
    print(f"local judge, cold:  {args.n / cold:8.1f} samples/s  (model load {load:.2f} s, not counted)")
    print(f"local judge, warm:  {args.n / warm:8.1f} samples/s")
    print(f"local / lexical time ratio (cold): {cold / lexical:.2f}")
    print(f"peak memory (RSS): {peak_mib:.0f} MiB")
    if args.fast:
        fast = timed(rows, LocalJudge(contextual=False))
        print(f"local-fast judge, cold: {args.n / fast:8.1f} samples/s")
        print(f"local-fast / lexical time ratio (cold): {fast / lexical:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
