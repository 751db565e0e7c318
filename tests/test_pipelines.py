"""Whole pipelines: seed 003's RAGPipeline, LlamaIndex (seed 002) and LangChain, run for real."""

import asyncio
import threading
import time

import pytest

from ragmeter.demo import QA
from ragmeter.integrations import RAGPipeline, evaluate_pipeline, evaluate_rag_pipeline

QUESTIONS = [q["q"] for q in QA]
REFERENCES = [q["ref"] for q in QA]
CONTEXTS = {q["q"]: q["good_ctx"] for q in QA}


@pytest.mark.slow
def test_seed003_evaluate_rag_pipeline():
    pipeline = RAGPipeline(retrieve=lambda q: CONTEXTS[q], generate=lambda q, ctx: ctx[0])
    scores = evaluate_rag_pipeline(pipeline, QUESTIONS, REFERENCES)
    assert set(scores) == {"faithfulness", "answer_relevancy", "context_precision", "context_recall", "mean_score"}
    core = [scores[k] for k in ("faithfulness", "answer_relevancy", "context_precision", "context_recall")]
    assert scores["mean_score"] == pytest.approx(sum(core) / 4)
    assert scores["faithfulness"] > 0.6


@pytest.mark.slow
def test_pipeline_runs_concurrently_records_latency_and_survives_a_failure():
    active, peak = [0], [0]
    lock = threading.Lock()

    def retrieve(q):
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.05)
        with lock:
            active[0] -= 1
        if "reynolds" in q:
            raise TimeoutError("vector store timed out")
        return CONTEXTS[q]

    result = evaluate_pipeline(RAGPipeline(retrieve, lambda q, c: c[0]), QUESTIONS, REFERENCES, concurrency=8)
    assert peak[0] > 1  # calls overlapped
    df = result.to_pandas()
    assert (df["latency_s"] >= 0.05).all()
    failed = df[df["user_input"].str.contains("reynolds")]
    assert list(failed["faithfulness_status"]) == ["error"]
    assert "vector store timed out" in failed["faithfulness_reason"].iloc[0]
    assert (df["faithfulness_status"] == "ok").sum() == 7


@pytest.mark.slow
def test_async_pipeline_functions():
    async def retrieve(q):
        await asyncio.sleep(0.01)
        return CONTEXTS[q]

    async def generate(q, ctx):
        return ctx[0]

    result = evaluate_pipeline(RAGPipeline(retrieve, generate), QUESTIONS, REFERENCES, metrics=["faithfulness"])
    assert result["faithfulness"] > 0.6


@pytest.mark.slow
def test_llama_index_query_engine_as_in_seed002(tmp_path):
    pytest.importorskip("llama_index.core")
    from llama_index.core import Document, Settings, VectorStoreIndex
    from llama_index.core.embeddings import MockEmbedding
    from llama_index.core.llms import MockLLM

    from ragmeter.integrations.llama_index import evaluate
    from ragmeter.metrics import answer_relevancy, context_precision, context_recall, context_relevancy, faithfulness

    Settings.embed_model = MockEmbedding(embed_dim=8)
    Settings.llm = MockLLM(max_tokens=16)
    documents = [Document(text=" ".join(q["good_ctx"])) for q in QA]
    index = VectorStoreIndex.from_documents(documents)
    query_engine = index.as_query_engine(similarity_top_k=2)

    eval_questions = QUESTIONS[:4]
    eval_answers = [[a] for a in REFERENCES[:4]]  # ragas 0.0.x shape: a list per question
    metrics = [faithfulness, answer_relevancy, context_relevancy, context_precision, context_recall]
    result = evaluate(query_engine, metrics, eval_questions, eval_answers)
    df = result.to_pandas()
    df.to_csv(tmp_path / "scores.csv", sep=",")
    assert len(df) == 4
    assert all(len(c) == 2 for c in df["retrieved_contexts"])  # top-2 source nodes as contexts
    assert all(isinstance(r, str) and r for r in df["response"])
    assert set(df["faithfulness_status"]) <= {"ok", "skipped"}
    assert (df["context_recall_status"] == "ok").all()


@pytest.mark.slow
def test_langchain_retriever_and_chain():
    pytest.importorskip("langchain_core")
    from langchain_core.documents import Document
    from langchain_core.embeddings import DeterministicFakeEmbedding
    from langchain_core.language_models import FakeListChatModel
    from langchain_core.output_parsers import StrOutputParser
    from langchain_core.prompts import ChatPromptTemplate
    from langchain_core.vectorstores import InMemoryVectorStore

    from ragmeter.integrations.langchain import evaluate

    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=16))
    store.add_documents([Document(page_content=c) for q in QA for c in q["good_ctx"]])
    retriever = store.as_retriever(search_kwargs={"k": 2})
    prompt = ChatPromptTemplate.from_template("Answer from the context.\n{context}\nQuestion: {question}")
    chain = prompt | FakeListChatModel(responses=REFERENCES[:3]) | StrOutputParser()
    result = evaluate(chain, ["faithfulness", "context_recall"], QUESTIONS[:3], REFERENCES[:3], retriever=retriever,
                      concurrency=1)
    df = result.to_pandas()
    assert len(df) == 3 and all(len(c) == 2 for c in df["retrieved_contexts"])
    assert set(df["response"]) <= set(REFERENCES[:3])
    assert (df["context_recall_status"] == "ok").all()


@pytest.mark.slow
def test_langchain_runnable_returning_its_sources():
    pytest.importorskip("langchain_core")
    from langchain_core.runnables import RunnableLambda

    from ragmeter.integrations.langchain import evaluate

    chain = RunnableLambda(lambda q: {"input": q, "context": CONTEXTS[q], "answer": CONTEXTS[q][0]})
    result = evaluate(chain, ["faithfulness"], QUESTIONS, REFERENCES)
    assert result["faithfulness"] > 0.6
    bad = RunnableLambda(lambda q: "just text")
    failed = evaluate(bad, ["faithfulness"], QUESTIONS[:2], REFERENCES[:2])
    assert all(r["faithfulness"].status == "error" for r in failed.metric_results)
    assert "sources" in failed.metric_results[0]["faithfulness"].reason
