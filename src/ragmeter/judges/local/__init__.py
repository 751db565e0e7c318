"""The offline local judge and the parts it is built from.

- judge.py: LocalJudge, the primitives answered from the parts below;
- trained.py: how it asks ragmeter's own trained cross-encoders (claim verifier, answer
  relevance; models/assets/);
- features.py, premises.py, contextual.py, names.py: what it reads of a claim and its premises;
- checks/: the contradiction checks (a changed slot, two slots exchanged, a number, an
  opposite, a direction, a frequency) that each may cap a claim's support, named in the
  verdict they decide;
- calibration.py and calibration.json: the fitted logistic models that turn all of it into
  probabilities (benchmarks/calibrate.py refits them).

The judge is imported on first use, so that its parts can be read without loading it.
"""

from typing import Any

__all__ = ["LocalJudge"]


def __getattr__(name: str) -> Any:
    if name == "LocalJudge":
        from .judge import LocalJudge

        return LocalJudge
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
