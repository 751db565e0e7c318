"""pytest plugin: gate RAG quality inside a project's own test suite.

    def test_rag_quality(ragmeter_gate):
        result = evaluate(my_rows)
        ragmeter_gate(result, {"faithfulness": 0.9})      # or ragmeter_gate(result, "clinical")

A failing gate fails the test with the diagnosis and the worst samples. Registered through
the ``pytest11`` entry point, so it is active wherever ragmeter is installed.
"""

from __future__ import annotations

import pytest

from ..gate import assert_passes


@pytest.fixture
def ragmeter_gate():
    return assert_passes
