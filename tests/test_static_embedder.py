"""The static embedder reads its model2vec folder itself (no model2vec import at run time): its
sentence vectors must be model2vec's to the bit, for the shipped table and for a folder with
token weights and a token mapping; a broken safetensors file is a clear error naming the file."""

from __future__ import annotations

import json
import struct

import numpy as np
import pytest

from ragmeter.errors import ConfigError
from ragmeter.models.safetensors_file import read_tensors

pytest.importorskip("tokenizers", reason="the static embedder needs the [local] extra")
from ragmeter.models.static_embedder import DEFAULT_STATIC_MODEL, StaticEmbedder  # noqa: E402

TEXTS = ["The capital of Australia is Canberra; Sydney is its largest city.", "", "x", "Hello world.",
         "naïve café: 2,300 mg — 45% ⌘ 漢字", "word " * 700, "y" * 5000,
         "Take the tablets with or after food to reduce the risk of stomach upset."]


def test_sentence_vectors_are_model2vecs_to_the_bit():
    model2vec = pytest.importorskip("model2vec", reason="the comparison needs model2vec (the dev extra)")
    ours = StaticEmbedder()
    theirs = model2vec.StaticModel.from_pretrained(str(DEFAULT_STATIC_MODEL))
    expected = theirs.encode(TEXTS, show_progress_bar=False)
    got = ours._pooled(list(TEXTS))
    assert got.dtype == expected.dtype
    assert np.array_equal(got, expected)
    assert np.allclose(np.linalg.norm(ours.embed(TEXTS)[[0, 2, 3]], axis=1), 1.0, atol=1e-5)
    assert not ours.embed([""]).any()  # no token: a zero vector, as model2vec gives


def test_a_folder_with_token_weights_and_a_mapping_reads_as_model2vec_reads_it(tmp_path):
    model2vec = pytest.importorskip("model2vec", reason="the comparison needs model2vec (the dev extra)")
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(DEFAULT_STATIC_MODEL / "tokenizer.json"))
    size = tokenizer.get_vocab_size()
    rng = np.random.default_rng(0)
    vectors = rng.normal(size=(64, 8)).astype(np.float32)  # 64 rows shared by all tokens
    mapping = rng.integers(0, 64, size=size)
    weights = rng.uniform(0.1, 2.0, size=size).astype(np.float32)
    model = model2vec.StaticModel(vectors=vectors, tokenizer=tokenizer, weights=weights, token_mapping=mapping,
                                  normalize=True)
    model.save_pretrained(str(tmp_path))
    expected = model2vec.StaticModel.from_pretrained(str(tmp_path)).encode(TEXTS, show_progress_bar=False)
    ours = StaticEmbedder(tmp_path)
    assert np.array_equal(ours._pooled(list(TEXTS)), expected)
    assert ours.token_vectors(np.array([5])).shape == (1, 8)


def _write(path, header: dict, payload: bytes) -> None:
    raw = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + payload)


def test_the_safetensors_reader_reads_what_it_is_given_and_says_what_is_wrong(tmp_path):
    table = np.arange(6, dtype=np.float16).reshape(2, 3)
    good = tmp_path / "good.safetensors"
    _write(good, {"__metadata__": {"format": "np"}, "t": {"dtype": "F16", "shape": [2, 3], "data_offsets": [0, 12]}},
           table.tobytes())
    assert np.array_equal(read_tensors(good)["t"], table)
    short = tmp_path / "short.safetensors"
    _write(short, {"t": {"dtype": "F16", "shape": [2, 3], "data_offsets": [0, 12]}}, table.tobytes()[:8])
    with pytest.raises(ConfigError, match="short.safetensors: tensor 't' runs past the file"):
        read_tensors(short)
    odd = tmp_path / "odd.safetensors"
    _write(odd, {"t": {"dtype": "BF16", "shape": [2, 3], "data_offsets": [0, 12]}}, table.tobytes())
    with pytest.raises(ConfigError, match="dtype 'BF16'"):
        read_tensors(odd)
    (tmp_path / "junk.safetensors").write_bytes(b"\x05\x00\x00\x00\x00\x00\x00\x00{oops")
    with pytest.raises(ConfigError, match="header is not JSON"):
        read_tensors(tmp_path / "junk.safetensors")


def test_a_folder_without_the_embeddings_tensor_is_refused_with_what_it_holds(tmp_path):
    for name in ("tokenizer.json", "config.json"):
        (tmp_path / name).write_bytes((DEFAULT_STATIC_MODEL / name).read_bytes())
    _write(tmp_path / "model.safetensors", {"other": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}},
           np.zeros(1, dtype=np.float32).tobytes())
    with pytest.raises(ConfigError, match="holds no 'embeddings' tensor \\(found: other\\)"):
        StaticEmbedder(tmp_path)


def _saved(tmp_path, tokenizer, vectors, **config):
    model2vec = pytest.importorskip("model2vec", reason="the comparison needs model2vec (the dev extra)")
    model = model2vec.StaticModel(vectors=vectors, tokenizer=tokenizer, normalize=True)
    model.save_pretrained(str(tmp_path))
    if config:
        path = tmp_path / "config.json"
        path.write_text(json.dumps({**json.loads(path.read_text()), **config}))
    return model2vec.StaticModel.from_pretrained(str(tmp_path))


def test_a_unigram_tokenizers_unknown_token_is_left_out_as_model2vec_leaves_it(tmp_path):
    from tokenizers import Tokenizer, models, pre_tokenizers

    pieces = [("<unk>", 0.0)] + [(c, -1.0) for c in "abcdefghijklmnopqrstuvwxyz"] + [("he", -0.5), ("llo", -0.5)]
    tokenizer = Tokenizer(models.Unigram(pieces, unk_id=0))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    vectors = np.random.default_rng(1).normal(size=(len(pieces), 6)).astype(np.float32)
    theirs = _saved(tmp_path, tokenizer, vectors)
    texts = ["hello wörld 漢", "abc", "漢字"]
    assert np.array_equal(StaticEmbedder(tmp_path)._pooled(texts), theirs.encode(texts, show_progress_bar=False))


def test_no_length_limit_in_the_config_means_no_truncation(tmp_path):
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(DEFAULT_STATIC_MODEL / "tokenizer.json"))
    vectors = np.random.default_rng(2).normal(size=(tokenizer.get_vocab_size(), 4)).astype(np.float32)
    theirs = _saved(tmp_path, tokenizer, vectors, max_length=None)
    texts = ["word " * 700 + "zebra"]
    assert np.array_equal(StaticEmbedder(tmp_path)._pooled(texts), theirs.encode(texts, show_progress_bar=False))


def test_a_table_of_another_size_than_the_vocabulary_is_refused(tmp_path):
    for name in ("tokenizer.json", "config.json"):
        (tmp_path / name).write_bytes((DEFAULT_STATIC_MODEL / name).read_bytes())
    _write(tmp_path / "model.safetensors", {"embeddings": {"dtype": "F32", "shape": [10, 2], "data_offsets": [0, 80]}},
           np.zeros(20, dtype=np.float32).tobytes())
    with pytest.raises(ConfigError, match="has 10 rows for the tokenizer's 29525 tokens"):
        StaticEmbedder(tmp_path)
    (tmp_path / "config.json").write_text("{not json")
    with pytest.raises(ConfigError, match="could not read config.json or tokenizer.json"):
        StaticEmbedder(tmp_path)
