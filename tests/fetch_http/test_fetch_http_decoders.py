"""The bounded decoders and charset resolution, in isolation (any chunking, any limit)."""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Callable

import brotli
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dsh.providers.fetch_http._body import decoder_for
from dsh.providers.fetch_http._decode import codec_for, decode

ENCODERS: dict[str, Callable[[bytes], bytes]] = {
    "gzip": gzip.compress,
    "deflate": zlib.compress,
    "br": lambda data: bytes(brotli.compress(data)),
    "gzip, br": lambda data: bytes(brotli.compress(gzip.compress(data))),
    "identity": lambda data: data,
}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.binary(max_size=20_000) | st.just(b"\0" * 300_000),
    encoding=st.sampled_from(sorted(ENCODERS)),
    cuts=st.lists(st.integers(min_value=1, max_value=5000), max_size=20),
    limit=st.integers(min_value=1, max_value=70_000),
)
def test_any_chunking_and_limit_gives_back_the_original(
    data: bytes, encoding: str, cuts: list[int], limit: int
) -> None:
    wire = ENCODERS[encoding](data)
    decoder = decoder_for(encoding)
    out = bytearray()
    position = 0
    for size in [*cuts, len(wire)]:
        decoder.feed(wire[position : position + size])
        position += size
        while chunk := decoder.read(limit):
            # The bound that makes a bomb harmless: no call returns more than a small multiple
            # of what was asked (brotli grows its output buffer in blocks of 32 KiB and up).
            assert len(chunk) <= 2 * limit + 65_536
            out += chunk
        # A compressed stream is complete only once all of it is in.
        assert decoder.finished() == (encoding == "identity" or position >= len(wire))
    assert bytes(out) == data


@settings(max_examples=40, deadline=None)
@given(
    members=st.lists(st.binary(max_size=3000), min_size=1, max_size=4),
    cuts=st.lists(st.integers(min_value=1, max_value=500), max_size=20),
    limit=st.integers(min_value=1, max_value=5000),
)
def test_gzip_members_are_all_decoded(members: list[bytes], cuts: list[int], limit: int) -> None:
    wire = b"".join(gzip.compress(member) for member in members)
    decoder = decoder_for("gzip")
    out = bytearray()
    position = 0
    for size in [*cuts, len(wire)]:
        decoder.feed(wire[position : position + size])
        position += size
        while chunk := decoder.read(limit):
            assert len(chunk) <= limit
            out += chunk
    assert decoder.finished()
    assert bytes(out) == b"".join(members)


@pytest.mark.parametrize(
    ("label", "codec"),
    [
        ("utf-8", "utf-8"),
        (" UTF8 ", "utf-8"),
        ("iso-8859-1", "cp1252"),
        ("US-ASCII", "cp1252"),
        ("gb2312", "gb18030"),
        ("Shift_JIS", "cp932"),
        ("euc-kr", "cp949"),
        ("koi8-r", "koi8-r"),
        ("utf-16", "utf-16-le"),
        ("windows-1251", "cp1251"),
    ],
)
def test_labels_resolve_like_browsers(label: str, codec: str) -> None:
    assert codec_for(label) == codec


@pytest.mark.parametrize("label", ["", "klingon", "base64", "rot13", "zlib", "utf-7", "hex"])
def test_labels_that_are_no_text_encoding(label: str) -> None:
    assert codec_for(label) is None


def test_windows_1252_decodes_like_the_whatwg_index() -> None:
    every_byte = bytes(range(256))
    text = decode(every_byte, codec_for("windows-1252") or "", cut=False)
    assert len(text) == 256
    assert "\ufffd" not in text
    for byte in (0x81, 0x8D, 0x8F, 0x90, 0x9D):  # undefined in Python's cp1252
        assert text[byte] == chr(byte)
    assert text[0x80] == "€"
    assert text[0x93] == "“"
    assert text[0xE9] == "é"
    assert decode(every_byte, "cp1252", cut=True) == text  # single-byte: no partial character
