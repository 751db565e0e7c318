"""The README's quickstart runs as written and prints the numbers the README shows."""

import ast
import contextlib
import io
import re

from conftest import REPO


def quickstart_blocks() -> tuple[str, str]:
    """The python block under '## Quickstart' and the text block that shows what it prints."""
    section = (REPO / "README.md").read_text(encoding="utf-8").split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    printed = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    return code, printed


def test_quickstart_prints_what_the_readme_shows(tmp_path, monkeypatch):
    code, printed = quickstart_blocks()
    monkeypatch.chdir(tmp_path)  # it saves run/result.json
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README quickstart", "exec"), {})
    shown = ast.literal_eval(printed.strip())
    got = ast.literal_eval(out.getvalue().strip().splitlines()[-1])
    assert got == shown
    assert (tmp_path / "run" / "result.json").is_file()
