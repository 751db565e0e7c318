"""Calls, tokens and wall time of the LLM judge, against a local chat-completions server.

    python benchmarks/llm_cost.py [--n 20] [--latency 0.2] [--ragas-python PATH]

The server (tests/openai_server.py, HTTP/1.1 with persistent connections, as real servers are)
answers every request after ``--latency`` seconds. For
K = 1, 3 and 10 retrieved chunks we score n samples with the four core metrics and report
calls, prompt tokens, wall time (per sample and for the whole run) and the most calls the server
saw in flight, then run the same evaluation again to show the cache (zero calls). With ``--ragas-python`` (a Python with ragas installed, e.g. a separate
venv) ragas scores the same samples against the same server and the ratios are printed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from openai_server import FakeOpenAIServer  # noqa: E402

from ragmeter import evaluate  # noqa: E402
from ragmeter.cache import Cache  # noqa: E402
from ragmeter.demo import good_rows  # noqa: E402
from ragmeter.llms import OpenAICompatible  # noqa: E402

CORE = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"]

RAGAS_SCRIPT = r"""
import json, sys, time, warnings
warnings.simplefilter("ignore")
from datasets import Dataset
from ragas import evaluate
from ragas.metrics import faithfulness, answer_relevancy, context_precision, context_recall
from ragas.llms import LangchainLLMWrapper
from ragas.embeddings import LangchainEmbeddingsWrapper
from ragas.run_config import RunConfig
from langchain_openai import ChatOpenAI, OpenAIEmbeddings
url, rows = sys.argv[1], json.load(open(sys.argv[2]))
llm = LangchainLLMWrapper(ChatOpenAI(model="judge-model", base_url=url, api_key="sk-bench", temperature=0))
emb = LangchainEmbeddingsWrapper(OpenAIEmbeddings(model="emb", base_url=url, api_key="sk-bench",
                                                  check_embedding_ctx_length=False))
start = time.perf_counter()
evaluate(Dataset.from_list(rows), metrics=[faithfulness, answer_relevancy, context_precision, context_recall],
         llm=llm, embeddings=emb, run_config=RunConfig(max_workers=16), show_progress=False, raise_exceptions=False)
print(json.dumps({"wall": time.perf_counter() - start}))
"""


def rows_with_k(k: int, n: int) -> list[dict]:
    base = good_rows()
    rows = []
    for i in range(n):
        r = base[i % len(base)]
        filler = [f"Background note {j} on {r['question']}: unrelated detail number {j}." for j in range(k)]
        rows.append({**r, "question": f"{r['question']} (case {i})", "contexts": (r["contexts"] + filler)[:k]})
    return rows


def run_ragas(python: str, server: FakeOpenAIServer, rows: list[dict]) -> dict | None:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(rows, fh)
    before = len(server.chat_requests())
    proc = subprocess.run([python, "-c", RAGAS_SCRIPT, server.url, fh.name], capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        print(f"ragas failed: {proc.stderr[-500:]}")
        return None
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["calls"] = len(server.chat_requests()) - before
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--ragas-python", default=None)
    parser.add_argument("--out", default=str(HERE / "LLM_COST.md"))
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    lines = [f"{args.n} samples per K, four core metrics, server latency {args.latency * 1000:.0f} ms",
             f"{'K':>3} {'calls/sample':>13} {'prompt tok/sample':>18} {'wall s/sample':>14} {'wall s':>7} "
             f"{'peak in flight':>15} {'2nd run calls':>14}"
             f"{'  ragas calls/sample   ragas wall s/sample   wall ratio' if args.ragas_python else ''}"]
    print("\n".join(lines))
    with FakeOpenAIServer(latency=args.latency, keep_alive=True) as server, tempfile.TemporaryDirectory() as tmp:
        warm = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-bench")
        evaluate(rows_with_k(1, 1), metrics=CORE, llm=warm, cache=False)  # imports and the embedder, not timed
        for k in (1, 3, 10):
            rows = rows_with_k(k, args.n)
            cache = Cache(Path(tmp) / f"k{k}.sqlite")
            model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-bench")
            before = len(server.chat_requests())
            server.peak_in_flight = 0
            start = time.perf_counter()
            result = evaluate(rows, metrics=CORE, llm=model, cache=cache)
            wall = time.perf_counter() - start
            calls = len(server.chat_requests()) - before
            usage = result.provenance["judge"]["usage"]
            again = evaluate(rows, metrics=CORE, llm=model, cache=cache)
            second = again.provenance["judge"]["usage"]["calls"]
            line = (f"{k:>3} {calls / args.n:>13.2f} {usage['prompt_tokens'] / args.n:>18.0f} {wall / args.n:>14.3f} "
                    f"{wall:>7.2f} {server.peak_in_flight:>15d} {second:>14d}")
            if args.ragas_python:
                ragas = run_ragas(args.ragas_python, server, rows)
                if ragas:
                    line += (f"  {ragas['calls'] / args.n:>19.2f} {ragas['wall'] / args.n:>21.3f} "
                             f"{ragas['wall'] / wall:>12.2f}x")
            print(line, flush=True)
            lines.append(line)
    ragas_note = (f"ragas: {subprocess.run([args.ragas_python, '-c', 'import ragas; print(ragas.__version__)'], capture_output=True, text=True).stdout.strip()}"
                  if args.ragas_python else "ragas: not run (pass --ragas-python)")
    Path(args.out).write_text("# LLM judge: calls, tokens and time\n\nMeasured by `python benchmarks/llm_cost.py "
                              + " ".join(argv or sys.argv[1:]) + f"` ({ragas_note}).\n\n```\n" + "\n".join(lines) + "\n```\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
