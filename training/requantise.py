"""Bring a cross-encoder exported with 8-bit weight products down to the 7-bit weights of
ragmeter.models.onnx_quantize (WEIGHT_LEVELS), in place, without training it again.

    python training/requantise.py src/ragmeter/models/assets/verifier/verifier-int8.onnx ...

Why: with uint8 activations, x86 CPUs without VNNI (AVX2 only) add each two adjacent int8
products in int16, which saturates past 32,767; weights of +-127 overflow there, +-63 never do,
so the same graph gives the same logits on every CPU. Each weight matrix (the q<N>_w
initialisers) is read back to float with its per-column scale and quantised again; models
trained after this change are exported with 7-bit weights directly (cross_encoder.export).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))


def requantise(path: Path) -> int:
    """Re-quantise every q<N>_w / q<N>_w_scale pair of the graph at path; returns how many."""
    import onnx
    from onnx import numpy_helper

    from ragmeter.models.onnx_quantize import WEIGHT_LEVELS, quantise_weights

    model = onnx.load(str(path))
    inits = {init.name: init for init in model.graph.initializer}
    count = 0
    for name, init in inits.items():
        scale_name = f"{name}_scale"
        if not (name.startswith("q") and name.endswith("_w") and scale_name in inits):
            continue
        weights = numpy_helper.to_array(init).astype(np.float32) * numpy_helper.to_array(inits[scale_name])
        if np.abs(numpy_helper.to_array(init)).max() <= WEIGHT_LEVELS:
            continue  # already 7-bit
        q, scale = quantise_weights(weights)
        init.CopyFrom(numpy_helper.from_array(q, name))
        inits[scale_name].CopyFrom(numpy_helper.from_array(scale, scale_name))
        count += 1
    onnx.save(model, str(path))
    return count


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(f"{arg}: {requantise(Path(arg))} weight matrices re-quantised")
