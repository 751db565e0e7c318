"""The verifier's word-embedding table stored as int8, one scale per row.

The table (30,522 x 384 floats, 47 MB) is most of the exported graph. Stored as int8 with a
float scale per word it takes 12 MB; the graph looks up a word's int8 row and its scale and
multiplies them back (Gather, Cast, Gather, Mul), so onnxruntime needs nothing special.
"""

from __future__ import annotations

import numpy as np


def quantise_word_table(model, min_rows: int = 10_000) -> int:
    """Rewrite, in place, each Gather from a float initialiser of at least `min_rows` rows;
    returns how many were rewritten."""
    from onnx import TensorProto, helper, numpy_helper

    graph = model.graph
    inits = {init.name: init for init in graph.initializer}
    nodes, count, replaced = [], 0, set()
    for node in graph.node:
        table = inits.get(node.input[0]) if node.op_type == "Gather" else None
        if table is None or len(table.dims) != 2 or table.dims[0] < min_rows:
            nodes.append(node)
            continue
        weights = numpy_helper.to_array(table).astype(np.float32)
        scale = np.maximum(np.abs(weights).max(axis=1, keepdims=True), 1e-12) / 127.0
        q = np.clip(np.round(weights / scale), -127, 127).astype(np.int8)
        p = f"wt{count}_"
        count += 1
        replaced.add(table.name)
        graph.initializer.extend([numpy_helper.from_array(q, p + "q"),
                                  numpy_helper.from_array(scale.astype(np.float32), p + "scale")])
        ids, out = node.input[1], node.output[0]
        nodes += [helper.make_node("Gather", [p + "q", ids], [p + "rows"], axis=0),
                  helper.make_node("Cast", [p + "rows"], [p + "rows_f"], to=TensorProto.FLOAT),
                  helper.make_node("Gather", [p + "scale", ids], [p + "row_scale"], axis=0),
                  helper.make_node("Mul", [p + "rows_f", p + "row_scale"], [out])]
    kept = [init for init in graph.initializer if init.name not in replaced]
    del graph.initializer[:]
    graph.initializer.extend(kept)
    del graph.node[:]
    graph.node.extend(nodes)
    return count
