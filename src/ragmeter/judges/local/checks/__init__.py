"""Contradiction checks of the local judge: each reads a claim against its closest premise and
says whether one slot of it states something else (a changed slot, two slots exchanged, a
number, an opposite word, a direction, a frequency; features.CONTRADICTION_CHECKS lists them
with the negation check). One that fires caps the claim's support and is named in its verdict
(decided_by). What each adds on the dev sets: benchmarks/ablation.py, results in
benchmarks/ABLATION.md."""
