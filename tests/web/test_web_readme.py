"""src/dsh/web/README.md's example selection messages, as the real seam words them.

The model reads them as `Error: <message>`; the README quotes three, produced here by a real
`WebRuntime` and compared with the README's text (its lines joined), as
tests/app/test_app_readme.py does for README.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dsh.web import WebError, WebRuntime
from web.web_seam_stubs import FETCH, SEARCH, Cap, ExplainedStub, Stub

ROOT = Path(__file__).resolve().parents[2]
README = " ".join((ROOT / "src" / "dsh" / "web" / "README.md").read_text("utf-8").split())


async def message(cap: Cap, web: WebRuntime) -> str:
    with pytest.raises(WebError) as caught:
        await cap.call(web)
    return caught.value.message


async def test_the_ambiguous_example(web: WebRuntime) -> None:
    SEARCH.register(web, Stub("exa"))
    SEARCH.register(web, Stub("perplexity"))
    assert f"- `{await message(SEARCH, web)}`" in README


async def test_the_none_registered_example(web: WebRuntime) -> None:
    assert f"- `{await message(FETCH, web)}`" in README


async def test_the_unavailable_with_reasons_example(web: WebRuntime) -> None:
    SEARCH.register(web, ExplainedStub("exa", "EXA_API_KEY is not set"))
    SEARCH.register(web, ExplainedStub("perplexity", "PERPLEXITY_API_KEY is not set"))
    assert f"- `{await message(SEARCH, web)}`" in README
