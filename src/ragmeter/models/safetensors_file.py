"""Read the tensors of a .safetensors file into numpy arrays, without the safetensors package.

The format (huggingface/safetensors, Apache-2.0): an 8-byte little-endian header length, a
JSON header naming each tensor's dtype, shape and byte range, then the raw bytes.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np

from ..errors import ConfigError

DTYPES = {"F16": np.float16, "F32": np.float32, "F64": np.float64, "I8": np.int8, "U8": np.uint8,
          "I16": np.int16, "I32": np.int32, "I64": np.int64, "BOOL": np.bool_}


def read_tensors(path: str | Path) -> dict[str, np.ndarray]:
    """Every tensor of the file by name (arrays of their own, not views of the file)."""
    path = Path(path)
    data = path.read_bytes()
    if len(data) < 8:
        raise ConfigError(f"{path}: not a safetensors file (shorter than its 8-byte header length).")
    (size,) = struct.unpack("<Q", data[:8])
    try:
        header = json.loads(data[8:8 + size])
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ConfigError(f"{path}: not a safetensors file (its header is not JSON; a Git LFS pointer not yet "
                          "fetched? run git lfs pull).") from None
    if not isinstance(header, dict):
        raise ConfigError(f"{path}: not a safetensors file (its header is not a JSON object).")
    start = 8 + size
    tensors = {}
    for name, spec in header.items():
        if name == "__metadata__":
            continue
        if not isinstance(spec, dict) or not {"dtype", "shape", "data_offsets"} <= set(spec):
            raise ConfigError(f"{path}: tensor '{name}' lacks its dtype, shape or data_offsets (a damaged file?).")
        if spec.get("dtype") not in DTYPES:
            raise ConfigError(f"{path}: tensor '{name}' has dtype {spec.get('dtype')!r}, which ragmeter does not read "
                              f"(it reads {', '.join(DTYPES)}).")
        begin, end = spec["data_offsets"]
        dtype = np.dtype(DTYPES[spec["dtype"]]).newbyteorder("<")
        if start + end > len(data) or end - begin != dtype.itemsize * int(np.prod(spec["shape"], dtype=np.int64)):
            raise ConfigError(f"{path}: tensor '{name}' runs past the file or does not fill its byte range "
                              "(a truncated download?).")
        array = np.frombuffer(data, dtype=dtype, count=(end - begin) // dtype.itemsize, offset=start + begin)
        tensors[name] = array.reshape(spec["shape"]).astype(dtype.newbyteorder("="))
    return tensors
