"""Markdown and citation marks in generated answers and retrieved chunks, read as the prose
they stand for.

LLM answers often come as Markdown: a bold heading, bullet points, numbered steps, a table,
links and "[1]" marks. Read as plain text, "**Summary:**" becomes a claim that no context
supports, "1." a sentence of its own and "[1]" a number. ``plain`` removes the marks and
keeps the words (a table row becomes a sentence, a closing list of sources goes); a heading,
or a line that is bold all through, becomes a label ending in a colon, and ``is_label`` tells
such a line (or any sentence that only introduces what follows, "The causes are:") from a
statement.
"""

from __future__ import annotations

import re

# anything that needs reading as Markdown: a list, heading or quote mark opening a line, bold,
# code, a link, a citation mark
_HAS_MARKUP = re.compile(r"(?m)^[ \t]*(?:[-*+•>#|]|\d{1,3}[.)][ \t])|\*\*|__|`|\]\(|【|\[(?:doc|source|ref)?\s*\d"
                         r"|\((?:source|doc|ref)|https?://|^\W*(?:sources?|references?|citations?)\W*:", re.I)
# a citation mark of a RAG answer or a Wikipedia text: "[1]", "[2, 3]", "[doc1]", "(Source 2)",
# "【4:0†source】"; it names where a statement comes from, not what it says (left in, "[1]"
# is a number the context does not state)
_CITATION = re.compile(r"[ \t]?(?:\[(?:(?:doc|source|ref)\s*)?\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]|【[^】\n]{0,40}】"
                       r"|\((?:source|doc|ref)s?\s*\d{1,3}(?:\s*,\s*\d{1,3})*\))", re.I)
_FENCE = re.compile(r"^[ \t]*(?:```|~~~)")
_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")
_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+")
_BULLET = re.compile(r"^[ \t]*[-*+•▪◦‣][ \t]+")
# "2. " opens a numbered item after a blank line, a colon or another item, or in a text with two
# or more such lines after a finished sentence; not in "23. September 1896" (a German date) or
# "O\n2. It is the form ..." (a subscript broken onto its own line)
_NUMBERED = re.compile(r"^[ \t]*\(?\d{1,3}[.)][ \t]+")
_NUMBERED_LINES = re.compile("(?m)" + _NUMBERED.pattern)
_RULE = re.compile(r"^[ \t]*(?:[-*_=][ \t]*){3,}$")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_URL = re.compile(r"[ \t]?<?https?://[^\s<>]*[^\s<>.,;:!?)\]]>?")
_TABLE_RULE = re.compile(r"^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*(?::?-{3,}:?)?[ \t]*$")
_EMPTY_BRACKETS = re.compile(r"[ \t]*[(\[](?:see|source|via|from)?:?[ \t]*[)\]]", re.I)  # what a link leaves
# a list of the answer's sources ("Sources:", "References: [1] ...") names where it comes from
_SOURCES = re.compile(r"^(?:sources?|references?|citations?|bibliography)\s*(?::|$)", re.I)
_BOLD = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_WHOLE_BOLD = re.compile(r"[ \t]*(\*\*|__).+\1[ \t]*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])")
_CLOSING = ".!?:;。！？"


def has_markup(text: str) -> bool:
    return bool(_HAS_MARKUP.search(text))


def plain(text: str) -> str:
    """The text without Markdown marks, one line per line of the input (code fences and
    horizontal rules dropped); headings and wholly bold lines end in a colon. A list item that
    is a fragment is written after the sentence that introduces its list, which then goes:
    "Common side effects include:\n- Nausea\n- Diarrhea" reads "Common side effects include
    Nausea.\nCommon side effects include Diarrhea." (read alone, "Nausea" says nothing: an
    answer made of such items scored answer relevancy 0.04, its lead-in being a label)."""
    if not has_markup(text):
        return text
    lines: list[str] = []
    numbered = len(_NUMBERED_LINES.findall(text)) >= 2
    after = "start"  # what the line before was: start, blank, item, colon, finished or open
    sources = False  # in a list of sources
    header: list[str] = []  # the header cells of the table being read
    lead: int | None = None  # where the sentence that introduces the current list is, in lines
    merged: set[int] = set()  # lead-ins written into their items, dropped at the end
    first_item = False  # the next item is the first after the lead-in
    raw = text.split("\n")
    for n, line in enumerate(raw):
        if _FENCE.match(line) or _RULE.match(line) or _TABLE_RULE.match(line):
            continue
        if n + 1 < len(raw) and _TABLE_RULE.match(raw[n + 1]) and "|" in line:
            header = _cells(line)
            continue
        if header and line.strip().startswith("|"):
            line = table_row(header, _cells(line))
        else:
            header = []
        line = _QUOTE.sub("", line)
        heading = bool(_HEADING.match(line))
        item_here = after in ("blank", "item", "colon") or (numbered and after in ("start", "finished"))
        marked = _BULLET.match(line) or (item_here and _NUMBERED.match(line))
        line = line[marked.end():] if marked else _HEADING.sub("", line)
        whole_bold = bool(_WHOLE_BOLD.fullmatch(line))
        line = _LINK.sub(r"\1", _URL.sub("", _CITATION.sub("", line)))
        line = _ITALIC.sub(r"\1", _BOLD.sub(r"\2", _EMPTY_BRACKETS.sub("", line)))
        line = line.replace("`", "").strip()
        if _SOURCES.match(line) or (sources and (marked or not line)):
            sources = True
            continue
        sources = False
        if (heading or (whole_bold and not marked)) and line and line[-1] not in _CLOSING:
            line += ":"
        if marked and lead is not None:
            if is_fragment(line) and (lead in merged or first_item):  # the list's first item decides
                merged.add(lead)
                line = f"{lines[lead][:-1].rstrip()} {_continued(line.rstrip(';,'))}."
            elif lead not in merged:
                lead = None
            first_item = False
        elif not marked and line:
            lead = len(lines) if is_lead_in(line) and not (heading or whole_bold) else None
            first_item = True
        lines.append(line)
        after = ("item" if marked else "blank" if not line else "colon" if line.endswith(":")
                 else "finished" if line[-1] in _CLOSING else "open")
    return "\n".join(line for n, line in enumerate(lines) if n not in merged)


# a list item of up to this many words without a closing mark is a fragment ("Nausea",
# "pressure from invading tribes"), not a sentence of its own ("Bake." is one)
LONGEST_FRAGMENT = 10
_LEADING_WORD = re.compile(r"^(?:A|An|The|Some|Its|Their|His|Her|Other|More|Less|Most|Any|All|Each|One|Two|Three)\b")


def is_fragment(item: str) -> bool:
    """A list item that only makes sense after its lead-in: a few words without a closing mark,
    and no term with its definition ("Nausea: feeling sick" is read as it stands)."""
    return 0 < len(item.split()) <= LONGEST_FRAGMENT and item[-1] not in _CLOSING and ": " not in item


def _continued(item: str) -> str:
    """An item as the rest of its lead-in's sentence: "A metallic taste" -> "a metallic taste"
    (only a leading article or the like; "Nausea" may be a name and keeps its capital)."""
    return _LEADING_WORD.sub(lambda m: m.group().lower(), item)


def is_lead_in(line: str) -> bool:
    """A sentence that introduces a list ("Common side effects of metformin include:"): it ends in
    a colon and has three or more words; "Causes:" is only a label."""
    return line.endswith(":") and len(line.split()) >= 3


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def table_row(header: list[str], cells: list[str]) -> str:
    """A row of a Markdown table as a sentence: its first cell, the row's subject, then each
    other cell after its column's name: "Warfarin, target INR: 2.0-3.0." (the header row and
    the rule under it are not sentences)."""
    names = header + [""] * len(cells)
    pairs = [cells[0]] + [f"{name}: {cell}" if name else cell for name, cell in zip(names[1:], cells[1:]) if cell]
    text = ", ".join(p for p in pairs if p)
    return text + "." if text else ""


def is_label(sentence: str) -> bool:
    """A heading or an introduction to what follows ("Summary:", "The main causes are:"): it
    ends in a colon and states nothing by itself."""
    return sentence.rstrip().endswith(":")
