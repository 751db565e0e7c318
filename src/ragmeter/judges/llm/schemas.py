"""JSON schemas of the LLM judge's replies (sent as response_format where supported)."""

STR_OR_NULL = {"type": ["string", "null"]}

CLAIMS_SUPPORT = {
    "title": "claims_support", "type": "object", "required": ["texts"],
    "properties": {"texts": {"type": "array", "items": {
        "type": "object", "required": ["id", "claims"],
        "properties": {"id": {"type": "string"}, "claims": {"type": "array", "items": {
            "type": "object", "required": ["claim", "supported"],
            "properties": {"claim": {"type": "string"}, "supported": {"type": "boolean"}, "evidence": STR_OR_NULL}}}}}}},
}

CLAIMS = {
    "title": "claims", "type": "object", "required": ["texts"],
    "properties": {"texts": {"type": "array", "items": {
        "type": "object", "required": ["id", "claims"],
        "properties": {"id": {"type": "string"}, "claims": {"type": "array", "items": {"type": "string"}}}}}},
}

SUPPORT = {
    "title": "support", "type": "object", "required": ["verdicts"],
    "properties": {"verdicts": {"type": "array", "items": {
        "type": "object", "required": ["index", "supported"],
        "properties": {"index": {"type": "integer"}, "supported": {"type": "boolean"}, "evidence": STR_OR_NULL}}}},
}

USEFULNESS = {
    "title": "usefulness", "type": "object", "required": ["verdicts"],
    "properties": {"verdicts": {"type": "array", "items": {
        "type": "object", "required": ["index", "useful"],
        "properties": {"index": {"type": "integer"}, "useful": {"type": "boolean"}, "reason": STR_OR_NULL}}}},
}

RELEVANT_SENTENCES = {
    "title": "relevant_sentences", "type": "object", "required": ["relevant"],
    "properties": {"relevant": {"type": "array", "items": {"type": "integer"}}},
}

ANSWER_RELEVANCE = {
    "title": "answer_relevance", "type": "object", "required": ["questions", "noncommittal"],
    "properties": {"questions": {"type": "array", "items": {"type": "string"}}, "noncommittal": {"type": "boolean"}},
}
