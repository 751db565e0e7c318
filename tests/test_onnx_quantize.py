"""MiniLM with integer products, quantised per token (models/onnx_quantize.py): real onnxruntime,
the real PyPI graph and a small graph built here; no mocks."""

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
onnxruntime = pytest.importorskip("onnxruntime")

from ragmeter.models.onnx_embedder import OnnxSentenceEmbedder, default_model_path  # noqa: E402
from ragmeter.models.onnx_quantize import WEIGHT_LEVELS, quantise_weights, rewrite  # noqa: E402

SENTENCES = ["The Eiffel Tower was completed in 1889 for the World's Fair.",
             "Bananas are rich in potassium.", "Warfarin toxicity presents with excessive bleeding."]


@pytest.fixture(scope="module")
def quantised():
    return OnnxSentenceEmbedder()


def test_default_embedder_runs_integer_products_close_to_the_float_graph(quantised):
    desc = quantised.describe()
    assert desc["products"] == "int8 per token" and desc["sha256"] != desc["source_sha256"]
    float_graph = OnnxSentenceEmbedder(default_model_path())  # the PyPI file as it is
    assert "products" not in float_graph.describe()
    agreement = (quantised.embed(SENTENCES) * float_graph.embed(SENTENCES)).sum(axis=1)
    assert agreement.min() > 0.99


def test_a_texts_vectors_do_not_depend_on_its_batch(quantised):
    """A scale per token: the same numbers alone, beside a long text and beside a short one."""
    alone = quantised.token_states([SENTENCES[0]])[0][0]
    for other in ("word " * 200, "Hi."):
        beside = quantised.token_states([SENTENCES[0], other])[0][0]
        assert np.allclose(alone, beside, atol=1e-6)


def test_rewrite_turns_a_weight_product_into_an_integer_one():
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(0)
    w = rng.normal(size=(16, 8)).astype(np.float32)
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["y"])], "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [None, None, 16])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [None, None, 8])],
        [numpy_helper.from_array(w, "w")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    assert rewrite(model) == 1
    assert {n.op_type for n in model.graph.node} >= {"MatMulInteger", "QuantizeLinear"}
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    x = rng.normal(size=(2, 3, 16)).astype(np.float32)
    x[1, 2] *= 100.0  # one loud token does not coarsen the others' scale
    (y,) = session.run(None, {"x": x})
    exact = x @ w
    assert np.abs(y - exact).max() / np.abs(exact).max() < 0.02
    # 7-bit weights: within about 1% of the largest output (0.1 of 8 here)
    assert np.allclose(y[0], (x[0] @ w), rtol=0.05, atol=0.1)


def test_weights_are_quantised_per_output_column():
    w = np.array([[1.0, -0.01], [-0.5, 0.02]], dtype=np.float32)
    q, scale = quantise_weights(w)
    # each column's largest value at WEIGHT_LEVELS (63: no int16 overflow on AVX2-only CPUs)
    assert q.dtype == np.int8 and q[0, 0] == WEIGHT_LEVELS and q[1, 1] == WEIGHT_LEVELS
    assert np.allclose(q * scale, w, atol=scale.max() / 2)


def test_a_failed_quantisation_leaves_the_float_graph_with_a_warning(tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("RAGMETER_CACHE_DIR", str(blocked))
    with pytest.warns(UserWarning, match="float products"):
        embedder = OnnxSentenceEmbedder()
    assert embedder.describe()["products"] == "float"
    assert embedder.embed(["Paris is in France."]).shape == (1, 384)


@pytest.mark.slow
def test_model_calls_on_several_threads_give_the_same_vectors_as_on_one(monkeypatch):
    """Model calls run on one thread each, as many at once as the process has cores; the
    batches are the same either way, so the vectors must be identical, in the texts' order."""
    from ragmeter.models import onnx_embedder

    texts = [f"Sentence number {i} is about {'long ' * (i % 7)}rivers." for i in range(120)]
    monkeypatch.setattr(onnx_embedder, "TOKEN_BUDGET", 64)  # many small calls
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    one = OnnxSentenceEmbedder()
    monkeypatch.setenv("OMP_NUM_THREADS", "2")
    two = OnnxSentenceEmbedder()
    assert (one.workers, two.workers) == (1, 2)
    assert np.array_equal(one.embed(texts), two.embed(texts))
    assert two._pool is not None  # the calls did run on the pool
    by_one, by_two = one.token_states(texts), two.token_states(texts)
    assert all(np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1]) for a, b in zip(by_one, by_two))


def test_without_the_onnx_package_the_float_graph_runs_and_the_warning_names_the_extra(tmp_path, monkeypatch):
    """A missing package is simulated (sys.modules entry None), as it cannot be uninstalled in
    the test run; the cache folder is empty so the graph would have to be rewritten."""
    monkeypatch.setenv("RAGMETER_CACHE_DIR", str(tmp_path))
    monkeypatch.setitem(__import__("sys").modules, "onnx", None)
    with pytest.warns(UserWarning, match=r"'onnx' package.*ragmeter\[local\]"):
        embedder = OnnxSentenceEmbedder()
    assert embedder.describe()["products"] == "float" and not list(tmp_path.rglob("*.onnx"))
    float_graph = OnnxSentenceEmbedder(default_model_path())
    assert np.allclose(embedder.embed(SENTENCES), float_graph.embed(SENTENCES), atol=1e-6)


def test_no_pair_of_products_overflows_int16():
    """uint8 activations times 7-bit weights: two adjacent products never pass 32,767, the
    int16 sum AVX2-only CPUs use, so every CPU gets the same integer sums."""
    assert 2 * 255 * WEIGHT_LEVELS <= 32767


def test_shipped_cross_encoders_hold_7_bit_weights():
    import onnx
    from onnx import numpy_helper

    from ragmeter.models.cross_encoder import SHIPPED

    for path in SHIPPED.values():
        weights = [numpy_helper.to_array(i) for i in onnx.load(str(path)).graph.initializer
                   if i.name.startswith("q") and i.name.endswith("_w")]
        assert weights and max(int(abs(w).max()) for w in weights) <= WEIGHT_LEVELS
