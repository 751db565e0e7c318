"""Build the word-relations table the local judge reads (models/assets/wordnet/relations.npz).

    apt-get install wordnet-base        # Princeton WordNet 3.0, in /usr/share/wordnet
    python training/wordnet_table.py [--wordnet /usr/share/wordnet] [--out src/ragmeter/models/assets/wordnet]

From WordNet's index, data, exception and sense-count files it keeps, for every lemma, its
senses in WordNet's order (most frequent first) and its commonest part of speech (by the tagged
counts of cntlist.rev, else by its number of senses); for every synset, its part of speech, its
hypernyms (class and instance), antonyms, similar-to heads (adjectives) and how many synsets lie
below it. No glosses, no examples. The same input gives the same file, byte for byte.
"""

from __future__ import annotations

import argparse
import io
import shutil
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "ragmeter" / "models" / "assets" / "wordnet"
FILES = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
POS_CODE = {"n": 0, "v": 1, "a": 2, "r": 3}
SENSE_KEY_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}  # 5: adjective satellite


def read(folder: Path):
    senses: dict[str, list[str]] = defaultdict(list)  # lemma -> synset keys ("n02084071"), WordNet's order
    pointers: dict[str, dict[str, set[str]]] = {"hyper": defaultdict(set), "anto": defaultdict(set),
                                               "similar": defaultdict(set)}
    exceptions: dict[str, str] = {}
    for name, tag in FILES.items():
        for line in (folder / f"index.{name}").read_text(encoding="latin-1").splitlines():
            if not line or line.startswith(" "):
                continue
            f = line.split()
            lemma, n_synsets, n_pointers = f[0], int(f[2]), int(f[3])
            senses[lemma] += [tag + offset for offset in f[6 + n_pointers:6 + n_pointers + n_synsets]]
        for line in (folder / f"data.{name}").read_text(encoding="latin-1").splitlines():
            if not line or line.startswith(" "):
                continue
            f = line.split(" | ")[0].split()
            key, i = tag + f[0], 4 + 2 * int(f[3], 16)
            for _ in range(int(f[i])):
                symbol, offset, pos = f[i + 1], f[i + 2], f[i + 3]
                i += 4
                target = ("a" if pos == "s" else pos) + offset
                kind = {"@": "hyper", "@i": "hyper", "!": "anto", "&": "similar"}.get(symbol)
                if kind:
                    pointers[kind][key].add(target)
        for line in (folder / f"{name}.exc").read_text(encoding="latin-1").splitlines():
            parts = line.split()
            if len(parts) >= 2:
                exceptions.setdefault(parts[0], parts[1])
    counts: dict[str, Counter] = defaultdict(Counter)
    for line in (folder / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _, n = line.split()
        lemma, rest = key.split("%", 1)
        counts[lemma][SENSE_KEY_POS[rest[0]]] += int(n)
    return senses, pointers, exceptions, counts


def main_pos(lemma: str, senses: list[str], counts: Counter) -> str:
    """The lemma's commonest part of speech: by tagged counts where there are at least 3, else
    by its number of senses (ties to the order noun, verb, adjective, adverb)."""
    if sum(counts.values()) >= 3:
        return max("nvar", key=lambda p: (counts[p], -"nvar".index(p)))
    tags = Counter(s[0] for s in senses)
    return max("nvar", key=lambda p: (tags[p], -"nvar".index(p)))


def below(synsets: list[str], hyper: dict[str, set[str]]) -> dict[str, int]:
    """How many synsets lie below each (its hyponyms, theirs, and so on, each counted once)."""
    children = defaultdict(set)
    for s, parents in hyper.items():
        for p in parents:
            children[p].add(s)
    out = {}
    for s in synsets:
        seen, stack = set(), [s]
        while stack:
            for c in children.get(stack.pop(), ()):
                if c not in seen:
                    seen.add(c)
                    stack.append(c)
        out[s] = len(seen)
    return out


def csr(rows: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    starts = np.zeros(len(rows) + 1, dtype=np.int32)
    starts[1:] = np.cumsum([len(r) for r in rows])
    return starts, np.array([x for r in rows for x in r], dtype=np.int32)


def build(folder: Path) -> dict[str, np.ndarray]:
    senses, pointers, exceptions, counts = read(folder)
    synsets = sorted({s for ss in senses.values() for s in ss} | {t for p in pointers.values() for ts in p.values() for t in ts})
    index = {s: k for k, s in enumerate(synsets)}
    lemmas = sorted(senses)
    sizes = below(synsets, pointers["hyper"])
    arrays = {
        "lemmas": np.array("\n".join(lemmas).encode()),
        "lemma_pos": np.array([POS_CODE[main_pos(w, senses[w], counts[w])] for w in lemmas], dtype=np.uint8),
        "synset_pos": np.array([POS_CODE[s[0]] for s in synsets], dtype=np.uint8),
        "synset_below": np.array([sizes[s] for s in synsets], dtype=np.int32),
        "exceptions": np.array("\n".join(f"{a} {b}" for a, b in sorted(exceptions.items())).encode()),
    }
    arrays["senses_starts"], arrays["senses"] = csr([[index[s] for s in senses[w]] for w in lemmas])
    for kind, table in pointers.items():
        arrays[f"{kind}_starts"], arrays[kind] = csr([sorted(index[t] for t in table.get(s, ())) for s in synsets])
    return arrays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", default="/usr/share/wordnet", help="folder of WordNet 3.0's database files")
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    folder, out = Path(args.wordnet), Path(args.out)
    arrays = build(folder)
    out.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)
    (out / "relations.npz").write_bytes(buffer.getvalue())
    licence = Path("/usr/share/doc/wordnet-base/copyright")
    if licence.exists():
        shutil.copyfile(licence, out / "WORDNET_LICENSE.txt")
    n_lemmas = len(arrays["lemma_pos"])
    print(f"{n_lemmas} lemmas, {len(arrays['synset_pos'])} synsets -> {out / 'relations.npz'} "
          f"({len(buffer.getvalue()) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
