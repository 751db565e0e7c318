"""ragmeter: evaluate retrieval-augmented generation pipelines, offline by default.

    from ragmeter import evaluate
    from ragmeter.metrics import faithfulness, answer_relevancy, context_precision, context_recall
    result = evaluate(dataset=rows, metrics=[faithfulness, answer_relevancy])
"""

__version__ = "0.1.0"

from .data import EvaluationDataset, Sample  # noqa: E402
from .engine import aevaluate, evaluate  # noqa: E402
from .errors import ConfigError, DatasetError, JudgeError, MissingExtraError, RagmeterError, RagmeterWarning  # noqa: E402
from .results import Result  # noqa: E402
from .user_calibration import Calibration, calibrate  # noqa: E402

__all__ = [
    "__version__", "evaluate", "aevaluate", "Sample", "EvaluationDataset", "Result",
    "RagmeterError", "DatasetError", "ConfigError", "MissingExtraError", "JudgeError", "RagmeterWarning",
    "calibrate", "Calibration",
]
