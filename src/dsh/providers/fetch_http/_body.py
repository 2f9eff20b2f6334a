"""Reading a response body within a byte cap counted on *decoded* bytes.

httpx's own decoders inflate each network chunk in one call: a 64 KiB gzip chunk can become
64 MiB, and a few KiB of brotli can become gigabytes, before any cap is checked. So the body is
read raw (``aiter_raw``) and inflated here with output-bounded calls (zlib's ``max_length``,
brotli's ``output_buffer_limit``): no call produces more than the bytes still wanted, so a
compression bomb cannot allocate past the cap (docs/decisions/0040-fetch-pdf-and-bombs.md).

A compressed stream that stops before its end marker is an error, not a short body: the server
sent a cut response (docs/decisions/0041-fetch-http-behaviour.md). A gzip body of several members
(concatenated ``.gz`` files) is decoded to the end, as browsers do.
"""

from __future__ import annotations

import zlib
from collections.abc import AsyncGenerator
from contextlib import aclosing
from typing import Protocol, cast

import brotli
import httpx

from dsh.providers.fetch_http._url import quoted
from dsh.web import WEB_PROVIDER_ERROR, WebError

# What we ask for; a server that sends anything else gets a clear error.
ACCEPT_ENCODING = "gzip, deflate, br"
_GZIP_MAGIC = b"\x1f\x8b"
_STEP = 64 * 1024  # most output asked of a decoder per call
# Compressed input read per decoded byte of the cap, at most. Real compression never expands
# data by more than a fraction of a percent; a server that sends far more than its decoded size
# (padding after the last gzip member, empty members or empty deflate blocks, forever) would
# otherwise keep us downloading until the deadline.
_RAW_PER_DECODED = 2


class UndecodableBodyError(Exception):
    """The body cannot be decoded; :func:`read_bounded`, which knows the URL, words the error
    (:func:`_undecodable`): the message is the decoder's words, or for an unknown encoding the
    end of a sentence naming it."""

    def __init__(self, message: str, *, corrupt: str | None = None) -> None:
        super().__init__(message)
        self.corrupt = corrupt  # the encoding whose data was bad, or None: an unknown encoding


class _Decoder(Protocol):
    """Push compressed bytes in; pull at most ``limit`` decoded bytes out per call."""

    def feed(self, data: bytes) -> None: ...

    def read(self, limit: int) -> bytes:
        """Up to ``limit`` decoded bytes; ``b""`` when it needs more input (or is finished)."""
        ...

    def finished(self) -> bool:
        """Whether the input so far is a complete stream (no input at all counts as complete:
        servers label empty bodies ``gzip`` too)."""
        ...


class _Identity:
    def __init__(self) -> None:
        self._pending = b""

    def finished(self) -> bool:
        return True

    def feed(self, data: bytes) -> None:
        self._pending += data

    def read(self, limit: int) -> bytes:
        out, self._pending = self._pending[:limit], self._pending[limit:]
        return out


class _Zlib:
    """gzip and deflate. ``deflate`` is meant to be zlib-wrapped, but some servers send it raw."""

    def __init__(self, encoding: str) -> None:
        self._encoding = encoding
        self._wbits = zlib.MAX_WBITS | 16 if encoding == "gzip" else zlib.MAX_WBITS
        self._inflater = zlib.decompressobj(self._wbits)
        self._pending = b""
        self._started = False
        self._fed = False
        self._ignoring = False  # past the end of the stream: what follows is not decoded

    def feed(self, data: bytes) -> None:
        if data and not self._ignoring:
            self._fed = True
            self._pending += data

    def read(self, limit: int) -> bytes:
        while self._pending:
            if self._inflater.eof and not self._next_member():
                return b""
            data, self._pending = self._pending, b""
            try:
                out = self._inflater.decompress(data, limit)
            except zlib.error as error:
                if self._encoding == "deflate" and not self._started:
                    # Raw deflate (no zlib header): retry once, as browsers and httpx do.
                    self._inflater = zlib.decompressobj(-zlib.MAX_WBITS)
                    self._started = True
                    self._pending = data
                    continue
                raise _corrupt(self._encoding, error) from None
            self._started = True
            # Input not consumed because the output limit was hit comes back next call; input
            # past the end of the stream may be the next gzip member. At the end, zlib can leave
            # a stale copy of that input in unconsumed_tail too: unused_data is the one to keep.
            inflater = self._inflater
            left = inflater.unused_data if inflater.eof else inflater.unconsumed_tail
            self._pending = left + self._pending
            if out:
                return out
        return b""

    def finished(self) -> bool:
        return not self._fed or self._inflater.eof

    def _next_member(self) -> bool:
        """After the end of a stream: start the next gzip member if one follows."""
        if self._encoding == "gzip" and len(self._pending) < len(_GZIP_MAGIC):
            return False  # too little to tell yet; at the end of the body it is ignored
        if self._encoding == "gzip" and self._pending.startswith(_GZIP_MAGIC):
            self._inflater = zlib.decompressobj(self._wbits)
            return True
        # Trailing bytes that start no member (padding, junk) are ignored, as zlib, httpx
        # and curl ignore them.
        self._ignoring = True
        self._pending = b""
        return False


class _Brotli:
    """brotli 1.2's streaming API. ``output_buffer_limit`` stops the output buffer growing once
    it reaches the limit (it grows in blocks, so one call may return up to about twice the limit
    plus 32 KiB); the rest stays inside the decompressor and comes out of later calls with
    empty input, which is why every read first drains before feeding more.
    """

    def __init__(self) -> None:
        self._inflater = brotli.Decompressor()
        self._pending = b""
        self._fed = False

    def feed(self, data: bytes) -> None:
        if data:
            self._fed = True
            self._pending += data

    def finished(self) -> bool:
        return not self._fed or bool(self._inflater.is_finished())

    def read(self, limit: int) -> bytes:
        try:
            while not self._inflater.is_finished():
                if self._pending and self._inflater.can_accept_more_data():
                    data, self._pending = self._pending, b""
                    out: bytes = self._inflater.process(data, output_buffer_limit=limit)
                else:
                    out = self._inflater.process(b"", output_buffer_limit=limit)
                    if not out:
                        return b""  # everything buffered is out: it needs more input
                if out:
                    return out
        except brotli.error as error:
            raise _corrupt("br", error) from None
        return b""


class _Chain:
    """``Content-Encoding: gzip, br`` means br(gzip(body)): decode from the last listed."""

    def __init__(self, outer: _Decoder, inner: _Decoder) -> None:
        self._outer = outer  # applied last by the server, so decoded first
        self._inner = inner

    def feed(self, data: bytes) -> None:
        self._outer.feed(data)

    def finished(self) -> bool:
        return self._outer.finished() and self._inner.finished()

    def read(self, limit: int) -> bytes:
        while True:
            out = self._inner.read(limit)
            if out:
                return out
            step = self._outer.read(_STEP)
            if not step:
                return b""
            self._inner.feed(step)


def decoder_for(content_encoding: str | None) -> _Decoder:
    """A bounded decoder for a ``Content-Encoding`` header value (``None``: identity)."""
    # "none" is no coding either: PHP's `header("Content-Encoding: none")`, a common way to
    # stream output unbuffered, labels a plain body (browsers show it).
    codings = [
        c.strip().lower()
        for c in (content_encoding or "").split(",")
        if c.strip() and c.strip().lower() not in ("identity", "none")
    ]
    decoder: _Decoder | None = None
    for coding in codings:  # listed in the order applied; the last one is undone first
        if coding in ("gzip", "x-gzip", "deflate"):
            stage: _Decoder = _Zlib("deflate" if coding == "deflate" else "gzip")
        elif coding == "br":
            stage = _Brotli()
        else:
            raise UndecodableBodyError(
                f"with {quoted(coding)}, which was not asked for and cannot be decoded "
                f"(supported: {ACCEPT_ENCODING})"
            )
        decoder = stage if decoder is None else _Chain(stage, decoder)
    return decoder or _Identity()


async def read_bounded(response: httpx.Response, limit: int, *, url: str) -> tuple[bytes, bool]:
    """Read at most ``limit`` decoded bytes of ``response`` (fetched from ``url``).

    Returns the bytes and whether the body had more (so a body of exactly ``limit`` bytes is not
    reported as cut). Stops reading as soon as one byte past the limit is decoded, or once the
    compressed input passes twice the limit (plus 64 KiB) without decoding to it: what it
    decoded is returned as cut. A compressed body that ends inside its compressed stream is
    ``WEB_PROVIDER_ERROR``.
    """
    try:
        return await _read_bounded(response, limit, url=url)
    except UndecodableBodyError as error:
        raise _undecodable(url, error) from None


async def _read_bounded(response: httpx.Response, limit: int, *, url: str) -> tuple[bytes, bool]:
    decoder = decoder_for(response.headers.get("content-encoding"))
    out = bytearray()
    wanted = limit + 1  # one extra byte tells "exactly at the cap" from "more"
    raw_budget = _RAW_PER_DECODED * limit + _STEP
    # aclosing: leaving the loop early must close the generator now, not in a finaliser task
    # scheduled on the loop whenever it is garbage-collected.
    raw_chunks = cast(AsyncGenerator[bytes, None], response.aiter_raw())  # it is a generator
    async with aclosing(raw_chunks) as chunks:
        async for raw in chunks:
            decoder.feed(raw)
            while True:
                chunk = decoder.read(min(wanted - len(out), _STEP))
                if not chunk:
                    break
                out += chunk
                if len(out) >= wanted:
                    return bytes(out[:limit]), True
            raw_budget -= len(raw)
            if raw_budget < 0:
                return bytes(out), True
    if not decoder.finished():
        raise WebError(
            WEB_PROVIDER_ERROR,
            f"The compressed body of {url} ended before the end of its compressed stream "
            f"(Content-Encoding: {response.headers.get('content-encoding', '').strip()[:60]}), "
            "so the response is incomplete; fetch it again later.",
            details={"url": url},
        )
    return bytes(out), False


def _corrupt(encoding: str, error: Exception) -> UndecodableBodyError:
    return UndecodableBodyError(str(error), corrupt=encoding)


def _undecodable(url: str, error: UndecodableBodyError) -> WebError:
    # The URL is named as in every other fetch error: the model may have fetched several.
    if error.corrupt is None:
        message = f"The server compressed the response from {url} {error}."
    else:
        message = (
            f"The response body from {url} could not be decompressed ({error.corrupt}): {error}."
        )
    return WebError(WEB_PROVIDER_ERROR, message, details={"url": url})
