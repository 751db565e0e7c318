"""ragas' side of benchmarks/llm_cost.py: run by a Python that has ragas installed (ragas is not
a dependency of ragmeter; see docs/benchmarks.md for the separate environment).

    PYTHON llm_cost_ragas.py URL ROWS.json [--workers N] [--embeddings local|server]

Scores the rows with ragas.evaluate() and the four core metrics (faithfulness, answer_relevancy,
context_precision, context_recall), its LLM a LangChain ChatOpenAI pointed at URL (the benchmark's
local server). Its embeddings (answer relevancy) are computed in process by default (LangChain's
DeterministicFakeEmbedding: no calls, like ragmeter's local embedder), or with ``--embeddings
server`` by LangChain OpenAIEmbeddings on URL's /v1/embeddings (ragas 0.4.3's answer relevancy
calls the synchronous embed_query/embed_documents inside its event loop, so each of those requests
holds up every other request in flight). One sample is scored first, untimed (imports, first
connections). Prints one JSON line: the timed run's start and end (time.time(), so the caller can
count the server's requests in between), wall seconds, and the samples each metric failed (NaN).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
import types
import warnings

os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")  # no analytics calls (there is no network here anyway)
warnings.simplefilter("ignore")


def stub_vertexai() -> None:
    """ragas 0.4.3 imports ``langchain_community.chat_models.vertexai.ChatVertexAI`` at import time
    (for isinstance checks only); langchain-community 0.4, the release that installs beside
    langchain-core 1.x, no longer has that module. An empty class stands in for it."""
    try:
        import langchain_community.chat_models.vertexai  # noqa: F401
    except ImportError:
        stub = types.ModuleType("langchain_community.chat_models.vertexai")
        stub.ChatVertexAI = type("ChatVertexAI", (), {})
        sys.modules["langchain_community.chat_models.vertexai"] = stub


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("rows")
    parser.add_argument("--workers", type=int, default=16, help="RunConfig.max_workers (ragas' default: 16)")
    parser.add_argument("--embeddings", choices=("local", "server"), default="local",
                        help="local: LangChain's DeterministicFakeEmbedding in process (no calls, as ragmeter's "
                             "local embedder); server: OpenAIEmbeddings on URL's /v1/embeddings")
    args = parser.parse_args()
    stub_vertexai()
    from datasets import Dataset
    from langchain_openai import ChatOpenAI, OpenAIEmbeddings
    from ragas import __version__, evaluate
    from ragas.embeddings import LangchainEmbeddingsWrapper
    from ragas.llms import LangchainLLMWrapper
    from ragas.metrics import (
        answer_relevancy,
        context_precision,
        context_recall,
        faithfulness,
    )
    from ragas.run_config import RunConfig

    with open(args.rows) as fh:
        rows = json.load(fh)
    llm = LangchainLLMWrapper(ChatOpenAI(model="judge-model", base_url=args.url, api_key="sk-bench", temperature=0))
    if args.embeddings == "server":
        embedder = OpenAIEmbeddings(model="emb", base_url=args.url, api_key="sk-bench", check_embedding_ctx_length=False)
    else:
        from langchain_core.embeddings import DeterministicFakeEmbedding

        embedder = DeterministicFakeEmbedding(size=256)
    emb = LangchainEmbeddingsWrapper(embedder)
    metrics = [faithfulness, answer_relevancy, context_precision, context_recall]

    def run(data):
        return evaluate(Dataset.from_list(data), metrics=metrics, llm=llm, embeddings=emb,
                        run_config=RunConfig(max_workers=args.workers), show_progress=False, raise_exceptions=False)

    run(rows[:1])  # warm-up, not timed nor counted
    start = time.time()
    t0 = time.perf_counter()
    result = run(rows)
    wall = time.perf_counter() - t0
    end = time.time()
    frame = result.to_pandas()
    failed = {m.name: int(sum(1 for v in frame[m.name] if v is None or (isinstance(v, float) and math.isnan(v))))
              for m in metrics}
    print(json.dumps({"version": __version__, "start": start, "end": end, "wall": wall, "failed": failed,
                      "workers": args.workers, "embeddings": args.embeddings}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
