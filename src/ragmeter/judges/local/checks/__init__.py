"""Contradiction checks of the local judge: each reads a claim against its closest premise and
says whether one slot of it states something else (features.CONTRADICTION_CHECKS names them).
Kept because the ablation in benchmarks/ABLATION.md shows each adds on the dev sets."""
