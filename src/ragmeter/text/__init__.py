"""Reading text as it comes from an LLM or a retriever: words, sentences, numbers and negations
(segments), Markdown and citation marks (markup), answers that talk about their sources
(framing), acronyms, evasive answers (noncommittal) and the kind of answer a question asks for
(answer_type). Pure functions, no models: the offline judges and the embedders build on them."""
