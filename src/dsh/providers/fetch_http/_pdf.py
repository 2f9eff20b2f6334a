"""PDF to text with pypdf, page by page, bounded by the character cap and a stop flag.

pypdf was chosen by measurement (docs/decisions/0040-fetch-pdf-and-bombs.md): the same text as
PDFium and pdfminer.six on the generated test documents, pure Python (memory-safe on hostile
files, no native library to ship), and usable from several threads at once. Extraction is
CPU-bound, so the provider runs it in a worker thread; ``stop`` is checked before every
content-stream operator (pypdf's ``visitor_operand_before``, called inside form XObjects too),
so once a fetch has ended for any reason the thread ends within one operator's work: one page
can hold billions of operations (a form drawn 5,000 times), which a check between pages left
running for hours after the call returned.
"""

from __future__ import annotations

import io
import logging
import threading
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.errors import DependencyError, FileNotDecryptedError

from dsh._text import quoted_message, strip_controls, without_surrogates
from dsh.web import WEB_UNSUPPORTED_CONTENT_TYPE, WebError

PAGE_SEPARATOR = "\f"

_log = logging.getLogger(__name__)
# The parser's own words in an unreadable-PDF error: enough to say what was wrong.
_MAX_PARSER_MESSAGE_CHARS = 200


class StoppedError(BaseException):
    """The caller stopped waiting (deadline or abort): extraction ended early.

    A ``BaseException``, as ``CancelledError`` is: pypdf catches ``Exception`` around each form
    XObject (logging it and going on), which would turn one stop into one per nesting level.
    """


@dataclass(frozen=True)
class PdfText:
    content: str
    page_count: int
    truncated: bool


def extract(data: bytes, *, max_chars: int, stop: threading.Event, url: str) -> PdfText:
    """Text of every page, separated by form feeds, cut at ``max_chars``."""
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            _decrypt(reader, url)
        pages = reader.pages
        page_count = len(pages)
    except WebError:
        raise
    except Exception as error:  # a hostile file can make pypdf raise almost anything
        raise _unreadable(url, error) from None

    def check_stop(*_operation: object) -> None:
        if stop.is_set():
            raise StoppedError

    parts: list[str] = []
    length = 0
    truncated = False
    for index in range(page_count):
        check_stop()
        try:
            text = pages[index].extract_text(visitor_operand_before=check_stop) or ""
        except (FileNotDecryptedError, DependencyError) as error:
            raise _encrypted(url) from error
        except Exception as error:  # a damaged page: keep the others (pypdf raises broadly)
            _log.debug("page %d of %s: %r", index + 1, url, error)
            text = ""
        # Controls go before counting (the cap counts what is returned) and before the
        # "no text" check; a form feed inside a page would read as a page separator.
        text = strip_controls(without_surrogates(text)).strip("\n")
        separator = PAGE_SEPARATOR if index else ""
        parts.append(separator + text)
        length += len(separator) + len(text)
        if length > max_chars:
            truncated = True
            break
    content = "".join(parts)
    if not content.replace(PAGE_SEPARATOR, "").strip():
        raise WebError(
            WEB_UNSUPPORTED_CONTENT_TYPE,
            f"The PDF at {url} has {page_count} page{'s' if page_count != 1 else ''} but no "
            "extractable text: it is probably scanned images, and text recognition (OCR) is not "
            "supported.",
        )
    if len(content) > max_chars:
        content = content[:max_chars]
        truncated = True
    return PdfText(content, page_count, truncated)


def _decrypt(reader: PdfReader, url: str) -> None:
    # Many "encrypted" PDFs only restrict printing or copying and open with the empty password;
    # those are read like any other. A real password means the text is not ours to read.
    try:
        opened = reader.decrypt("")
    except Exception as error:  # an unsupported algorithm (DependencyError) or a broken dict
        raise _encrypted(url) from error
    if not opened:
        raise _encrypted(url)


def _encrypted(url: str) -> WebError:
    return WebError(
        WEB_UNSUPPORTED_CONTENT_TYPE,
        f"The PDF at {url} is encrypted (password-protected), so its text cannot be extracted.",
    )


def _unreadable(url: str, error: Exception) -> WebError:
    return WebError(
        WEB_UNSUPPORTED_CONTENT_TYPE,
        f"The PDF at {url} could not be read ({_parser_message(error)}); it may be damaged or "
        "not a PDF.",
    )


def _parser_message(error: Exception) -> str:
    # pypdf quotes the bytes it choked on (a bytes repr, four characters a byte): the shared
    # rule keeps it one line, masked and visibly cut, at 200 characters, type name included.
    return quoted_message(f"{type(error).__name__}: {error}", _MAX_PARSER_MESSAGE_CHARS)
