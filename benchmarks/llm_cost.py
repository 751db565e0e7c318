"""Calls, tokens and wall time of the LLM judge against ragas, on a local chat-completions server.

    python benchmarks/llm_cost.py [--n 20,200] [--k 1,3,10] [--latency 0.2] [--ragas-python PATH]
                                  [--ragas-faults] [--ragas-server-embeddings] [--ragas-workers 16]
                                  [--out benchmarks/LLM_COST.md]

The server (tests/openai_server.py: real HTTP/1.1 with persistent connections, as real servers
are) answers every request, chat or embeddings, after ``--latency`` seconds. ragmeter's prompts
get its deterministic word-overlap verdicts; any other tool's prompt that names a JSON Schema (as
every ragas prompt does) gets a valid instance of that schema. For each n and K (retrieved chunks
per sample) the same n samples are scored with the four core metrics:

* ragmeter (``llm=OpenAICompatible``, a fresh cache): wall time, chat and embedding calls,
  prompt tokens, the most requests the server had in flight, samples failed; then the same
  evaluation again on that cache (calls of the second run: 0 expected); then on a new cache with
  every 4th chat request answered 429 (Retry-After 0.05 s): failures and wall time.
* ragas (``--ragas-python``, a Python with ragas installed; benchmarks/llm_cost_ragas.py): its
  ``evaluate()`` with LangChain ChatOpenAI pointed at the same server, ragas' default 16 workers
  (``--ragas-workers``), embeddings computed in process as ragmeter's are (LangChain's
  DeterministicFakeEmbedding); with ``--ragas-faults`` also under the 429s; with
  ``--ragas-server-embeddings`` also with OpenAIEmbeddings on the server's /v1/embeddings.

Prompt tokens are counted the same way for both, on the server: characters / 4 of every chat
request's messages plus any schema it sends (``response_format``, ``tools``). Each tool scores
one sample first, untimed (imports, the embedder, first connections). Samples: the demo's 8 rows,
each sample's question and answer made distinct ("(case i)"), so no two requests are the same
and nothing is shared between samples; K chunks are the row's contexts plus unrelated notes.
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

from openai_server import FakeOpenAIServer

from ragmeter import evaluate
from ragmeter.cache import Cache
from ragmeter.demo import good_rows
from ragmeter.llms import OpenAICompatible

CORE = ["faithfulness", "answer_relevancy", "context_precision", "context_recall"]


def rows_with_k(k: int, n: int) -> list[dict]:
    base = good_rows()
    rows = []
    for i in range(n):
        r = base[i % len(base)]
        filler = [f"Background note {j} on {r['question']}: unrelated detail number {j}." for j in range(k)]
        rows.append({**r, "question": f"{r['question']} (case {i})", "answer": f"{r['answer']} (case {i})",
                     "contexts": (r["contexts"] + filler)[:k]})
    return rows


def ragas_rows(rows: list[dict]) -> list[dict]:
    return [{"user_input": r["question"], "response": r["answer"], "retrieved_contexts": r["contexts"],
             "reference": r["ground_truth"]} for r in rows]


def request_tokens(body: dict) -> int:
    """Prompt tokens of a chat request, estimated as characters / 4 of its messages and of any
    schema it sends (a provider bills both)."""
    def text(content) -> str:
        if isinstance(content, str):
            return content
        return "".join(b.get("text", "") for b in content or [] if isinstance(b, dict))

    chars = sum(len(text(m.get("content"))) for m in body.get("messages", []))
    chars += len(text(body.get("system"))) if "system" in body else 0
    for key in ("response_format", "tools"):
        if body.get(key):
            chars += len(json.dumps(body[key]))
    return chars // 4


def tally(server: FakeOpenAIServer, since: float, until: float | None = None) -> dict:
    """Chat calls (429s included: each is a request the provider answers), embedding calls and prompt
    tokens of the requests the server received in [since, until]."""
    seen = [r for r in list(server.requests) if r["t"] >= since and (until is None or r["t"] <= until)]
    chat = [r for r in seen if r["path"].endswith(("/chat/completions", "/messages"))]
    return {"calls": len(chat), "embedding_calls": len(seen) - len(chat),
            "prompt_tokens": sum(request_tokens(r["body"]) for r in chat)}


def failed(result) -> int:
    return sum(a.n_error for a in result.aggregates.values())


def run_ragmeter(server: FakeOpenAIServer, rows: list[dict], cache_path: Path) -> dict:
    model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-bench")
    cache = Cache(cache_path)
    server.peak_in_flight = 0
    since = time.time()
    start = time.perf_counter()
    result = evaluate(rows, metrics=CORE, llm=model, cache=cache)
    wall = time.perf_counter() - start
    out = {"wall": wall, **tally(server, since), "peak": server.peak_in_flight, "failed": failed(result)}
    since = time.time()
    again = evaluate(rows, metrics=CORE, llm=model, cache=cache)
    out["second_calls"] = tally(server, since)["calls"]
    out["second_failed"] = failed(again)
    return out


def run_ragmeter_faults(server: FakeOpenAIServer, rows: list[dict], cache_path: Path) -> dict:
    server.every, server.counted = (4, "429"), 0
    try:
        model = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-bench")
        since = time.time()
        start = time.perf_counter()
        result = evaluate(rows, metrics=CORE, llm=model, cache=Cache(cache_path))
        wall = time.perf_counter() - start
    finally:
        server.every = None
    return {"wall": wall, "failed": failed(result), **tally(server, since)}


def run_ragas(python: str, server: FakeOpenAIServer, rows: list[dict], workers: int, faults: bool = False,
              embeddings: str = "local") -> dict | None:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(ragas_rows(rows), fh)
    if faults:
        server.every, server.counted = (4, "429"), 0
    server.peak_in_flight = 0
    try:
        proc = subprocess.run([python, str(HERE / "llm_cost_ragas.py"), server.url, fh.name, "--workers", str(workers),
                               "--embeddings", embeddings], check=False, capture_output=True, text=True, timeout=3600)
    finally:
        server.every = None
        Path(fh.name).unlink()
    if proc.returncode != 0:
        print(f"ragas failed: {proc.stderr[-2000:]}", flush=True)
        return None
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out.update(tally(server, out["start"], out["end"]))
    out["peak"] = server.peak_in_flight
    out["failed_total"] = sum(out["failed"].values())
    return out


HEADER = ("| K | tool | wall s | calls | calls/sample | embedding calls | prompt tokens | prompt tok/sample | "
          "peak in flight | failed | 2nd run calls | 1 in 4 calls 429: failed, wall s |")


def rows_of(n: int, k: int, ours: dict, faults: dict, theirs: list[tuple[str, dict | None, dict | None]]) -> list[str]:
    """Table rows: ragmeter, then each ragas variant (label, run, run under 429s) and its ratio to ragmeter."""
    lines = [(f"| {k} | ragmeter | {ours['wall']:.2f} | {ours['calls']} | {ours['calls'] / n:.2f} | "
              f"{ours['embedding_calls']} | {ours['prompt_tokens']:,} | {ours['prompt_tokens'] / n:,.0f} | {ours['peak']} | "
              f"{ours['failed']} | {ours['second_calls']} | {faults['failed']}, {faults['wall']:.2f} |")]
    for label, ragas, ragas_faults in theirs:
        if not ragas:
            continue
        rf = f"{ragas_faults['failed_total']}, {ragas_faults['wall']:.2f}" if ragas_faults else "not run"
        lines.append(f"| {k} | {label} | {ragas['wall']:.2f} | {ragas['calls']} | {ragas['calls'] / n:.2f} | "
                     f"{ragas['embedding_calls']} | {ragas['prompt_tokens']:,} | {ragas['prompt_tokens'] / n:,.0f} | "
                     f"{ragas['peak']} | {ragas['failed_total']} | - | {rf} |")
        lines.append(f"| {k} | {label} / ragmeter | **{ragas['wall'] / ours['wall']:.1f}x** | "
                     f"{ragas['calls'] / max(ours['calls'], 1):.1f}x | {ragas['calls'] / max(ours['calls'], 1):.1f}x | | "
                     f"{ragas['prompt_tokens'] / max(ours['prompt_tokens'], 1):.1f}x | "
                     f"{ragas['prompt_tokens'] / max(ours['prompt_tokens'], 1):.1f}x | | | | |")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", default="20,200", help="sample counts, comma-separated")
    parser.add_argument("--k", default="1,3,10", help="chunks per sample, comma-separated")
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--ragas-python", default=None, help="a Python with ragas installed")
    parser.add_argument("--ragas-workers", type=int, default=16)
    parser.add_argument("--ragas-faults", action="store_true", help="also run ragas with every 4th call a 429")
    parser.add_argument("--ragas-server-embeddings", action="store_true",
                        help="also run ragas with its embeddings on the server's /v1/embeddings (same latency)")
    parser.add_argument("--out", default=str(HERE / "LLM_COST.md"))
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    sizes = [int(x) for x in args.n.split(",")]
    ks = [int(x) for x in args.k.split(",")]
    ragas_version = None
    if args.ragas_python:
        ragas_version = subprocess.run([args.ragas_python, "-c", "import importlib.metadata as m; print(m.version('ragas'))"],
                                       check=False, capture_output=True, text=True).stdout.strip() or None
    out = [f"Server latency {args.latency * 1000:.0f} ms per request; four core metrics; "
           f"ragas {ragas_version or 'not run'}" + (f" with {args.ragas_workers} workers" if ragas_version else "") + "."]
    with FakeOpenAIServer(latency=args.latency, keep_alive=True) as server, tempfile.TemporaryDirectory() as tmp:
        warm = OpenAICompatible("judge-model", base_url=server.url, api_key="sk-bench")
        evaluate(rows_with_k(1, 1), metrics=CORE, llm=warm, cache=False)  # imports and the embedder, not timed
        for n in sizes:
            block = ["", f"{n} samples", "", HEADER, "|" + "---|" * 12]
            print("\n".join(block), flush=True)
            for k in ks:
                rows = rows_with_k(k, n)
                ours = run_ragmeter(server, rows, Path(tmp) / f"n{n}k{k}.sqlite")
                faults = run_ragmeter_faults(server, rows, Path(tmp) / f"n{n}k{k}-429.sqlite")
                theirs = []
                if args.ragas_python:
                    ragas = run_ragas(args.ragas_python, server, rows, args.ragas_workers)
                    ragas_faults = (run_ragas(args.ragas_python, server, rows, args.ragas_workers, faults=True)
                                    if args.ragas_faults else None)
                    theirs.append(("ragas", ragas, ragas_faults))
                    if args.ragas_server_embeddings:
                        remote = run_ragas(args.ragas_python, server, rows, args.ragas_workers, embeddings="server")
                        theirs.append(("ragas, server embeddings", remote, None))
                lines = rows_of(n, k, ours, faults, theirs)
                print("\n".join(lines), flush=True)
                block += lines
            out += block
    command = "python benchmarks/llm_cost.py " + " ".join(argv if argv is not None else sys.argv[1:])
    Path(args.out).write_text("# LLM judge: calls, tokens and time against ragas\n\n"
                              f"Measured by `{command}` (see docs/benchmarks.md, \"LLM judge cost against ragas\").\n\n"
                              + "\n".join(out) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
