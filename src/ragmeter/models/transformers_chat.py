"""A local Hugging Face transformers causal LM as a chat model (seed 000, exercise 2).

Give a model folder or id (``transformers:Qwen/Qwen2.5-0.5B-Instruct`` needs the files on
disk here, since nothing is downloaded), or a GGUF file with ``gguf_file=`` (needs the
``gguf`` package). Generation is greedy and runs on a worker thread, one call at a time.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any, Sequence, cast

from ..errors import ConfigError, MissingExtraError
from .base import ChatModel, Completion, Message


class TransformersChat(ChatModel):
    def __init__(self, model: str | Path, gguf_file: str | None = None, max_new_tokens: int = 512, device: str = "cpu"):
        try:
            import transformers  # noqa: F401
        except ImportError:
            raise MissingExtraError("transformers", "transformers", "A local transformers model") from None
        from transformers import AutoModelForCausalLM, AutoTokenizer

        kwargs = {"gguf_file": gguf_file} if gguf_file else {}
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(str(model), **kwargs)
            loaded: Any = AutoModelForCausalLM.from_pretrained(str(model), **kwargs)
            self.model = loaded.to(device)
        except (OSError, ValueError) as exc:
            raise ConfigError(f"could not load the transformers model '{model}': {exc}") from None
        self.model.eval()
        self.id = f"transformers:{Path(str(model)).name}{'/' + gguf_file if gguf_file else ''}"
        self.max_new_tokens = max_new_tokens
        self.device = device
        self._lock = threading.Lock()

    def _prompt(self, messages: Sequence[Message]) -> str:
        chat = [{"role": m.role, "content": m.content} for m in messages]
        if getattr(self.tokenizer, "chat_template", None):
            return cast(str, self.tokenizer.apply_chat_template(chat, tokenize=False, add_generation_prompt=True))
        return "\n\n".join(f"{m.role.upper()}: {m.content}" for m in messages) + "\n\nASSISTANT:"

    def _generate(self, messages: Sequence[Message], max_tokens: int | None) -> Completion:
        import torch

        prompt = self._prompt(messages)
        inputs = self.tokenizer(prompt, return_tensors="pt").to(self.device)
        inputs.pop("token_type_ids", None)  # BERT-style tokenizers add them; causal LMs take none
        limit = max_tokens or self.max_new_tokens
        with self._lock, torch.no_grad():
            output = self.model.generate(**inputs, max_new_tokens=limit, do_sample=False,
                                         pad_token_id=self.tokenizer.pad_token_id or self.tokenizer.eos_token_id or 0)
        new = output[0][inputs["input_ids"].shape[1]:]
        text = cast(str, self.tokenizer.decode(new, skip_special_tokens=True))  # one sequence: one text
        finish = "length" if len(new) >= limit else "stop"
        return Completion(text, int(inputs["input_ids"].shape[1]), int(len(new)), finish)

    async def complete(self, messages: Sequence[Message], schema: dict[str, Any] | None = None,
                       temperature: float = 0.0, max_tokens: int | None = None) -> Completion:
        return await asyncio.to_thread(self._generate, messages, max_tokens)
