"""The seam's vocabulary: frozen, snake_case dataclasses and a closed body union that mypy
enforces at every consumer (`match` + `assert_never`)."""

from __future__ import annotations

import dataclasses
import re
import typing
from pathlib import Path

import pytest
from mypy import api as mypy_api

import dsh.web
from dsh.harness import HarnessError
from dsh.web import (
    HtmlBody,
    PdfBody,
    TextBody,
    WebError,
    WebFetchBody,
    WebFetchRequest,
    WebFetchResult,
    WebSearchRequest,
    WebSearchResult,
    WebSearchSource,
    source_label,
)

TYPES = [
    WebSearchRequest,
    WebSearchSource,
    WebSearchResult,
    WebFetchRequest,
    HtmlBody,
    TextBody,
    PdfBody,
    WebFetchResult,
]


@pytest.mark.parametrize("cls", TYPES, ids=lambda c: c.__name__)
def test_types_are_frozen_dataclasses_with_snake_case_fields(cls: type) -> None:
    assert dataclasses.is_dataclass(cls)
    assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    for field in dataclasses.fields(cls):
        assert re.fullmatch(r"[a-z][a-z0-9_]*", field.name), field.name


def test_the_spec_signatures() -> None:
    assert WebSearchRequest("q") == WebSearchRequest(query="q", max_results=None)
    assert WebSearchSource("https://a.example/") == WebSearchSource(
        url="https://a.example/", title=None, snippet=None, summary=None, published_at=None
    )
    result = WebSearchResult(sources=())
    assert (result.content, result.truncated) == (None, False)
    fetched = WebFetchResult("https://a.example/", 404, TextBody("gone"), True)
    assert (fetched.status_code, fetched.truncated) == (404, True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fetched.url = "https://b.example/"  # type: ignore[misc]


def test_the_body_union_is_closed_with_one_literal_kind_per_arm() -> None:
    arms = typing.get_args(WebFetchBody)
    assert arms == (HtmlBody, TextBody, PdfBody)
    assert [HtmlBody("x").kind, TextBody("x").kind, PdfBody("x", page_count=1).kind] == [
        "html",
        "text",
        "pdf",
    ]
    assert PdfBody("a\fb", page_count=2).page_count == 2


def test_web_error_is_a_harness_error_with_an_open_code() -> None:
    error = WebError("WEB_SOMETHING_NEW", "text for the model", details={"k": 1})
    assert isinstance(error, HarnessError)
    assert (error.code, error.message, dict(error.details), str(error)) == (
        "WEB_SOMETHING_NEW",
        "text for the model",
        {"k": 1},
        "text for the model",
    )


def test_every_spec_code_is_exported_under_its_own_name() -> None:
    codes = [
        "WEB_PROVIDER_UNAVAILABLE",
        "WEB_PROVIDER_CONFIGURED_MISSING",
        "WEB_PROVIDER_CONFIGURED_UNAVAILABLE",
        "WEB_PROVIDER_AMBIGUOUS",
        "WEB_DUPLICATE_PROVIDER",
        "WEB_ABORTED",
        "WEB_PROVIDER_ERROR",
        "WEB_INVALID_URL",
        "WEB_BLOCKED_URL",
        "WEB_REDIRECT_BLOCKED",
        "WEB_FETCH_TOO_LARGE",
        "WEB_FETCH_TIMEOUT",
        "WEB_UNSUPPORTED_CONTENT_TYPE",
    ]
    for code in codes:
        assert getattr(dsh.web, code) == code
        assert code in dsh.web.__all__


@pytest.mark.parametrize(
    ("source", "label"),
    [
        (WebSearchSource("https://docs.example.org/a", title="  The Title "), "The Title"),
        (WebSearchSource("https://docs.example.org/a", title="  "), "docs.example.org"),
        (WebSearchSource("https://docs.example.org/a"), "docs.example.org"),
        (WebSearchSource("not a url"), "not a url"),
    ],
)
def test_source_label_never_invents_a_title(source: WebSearchSource, label: str) -> None:
    assert source_label(source) == label


CONSUMER = """\
from typing import assert_never

from dsh.web import HtmlBody, PdfBody, TextBody, WebFetchBody


def render(body: WebFetchBody) -> str:
    match body:
        case HtmlBody(content=content):
            return content
        case TextBody(content=content):
            return content
{pdf_arm}        case _:
            assert_never(body)
"""
PDF_ARM = """\
        case PdfBody(content=content, page_count=pages):
            return f"{pages} pages: {content}"
"""


def test_mypy_rejects_a_consumer_that_misses_a_body_kind(tmp_path: Path) -> None:
    # A consumer that does not handle one kind is exactly what adding a kind does to every
    # existing consumer; the complete consumer is the control. One mypy run.
    (tmp_path / "complete_consumer.py").write_text(CONSUMER.format(pdf_arm=PDF_ARM))
    (tmp_path / "stale_consumer.py").write_text(CONSUMER.format(pdf_arm=""))
    config = tmp_path / "mypy.ini"
    # Skipping the harness's heavy third-party imports keeps this near 2 s on an idle machine.
    config.write_text(
        "[mypy]\nstrict = True\nfollow_imports = silent\n"
        "[mypy-pydantic.*,pydantic_core.*,yaml.*]\nfollow_imports = skip\n"
    )
    stdout, stderr, status = mypy_api.run(
        [
            "--config-file",
            str(config),
            "--cache-dir",
            str(tmp_path / "cache"),
            str(tmp_path / "complete_consumer.py"),
            str(tmp_path / "stale_consumer.py"),
        ]
    )
    errors = [line for line in stdout.splitlines() if ": error:" in line]
    assert status == 1, stdout + stderr
    assert len(errors) == 1, stdout
    assert "stale_consumer.py:" in errors[0]
    assert 'Argument 1 to "assert_never" has incompatible type "PdfBody"' in errors[0]
