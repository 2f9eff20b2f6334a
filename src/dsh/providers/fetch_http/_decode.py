"""Bytes to text: which charset, and decoding that never fails on bad bytes.

Order: a byte-order mark (as browsers do: it outweighs a label); else the ``charset`` of the
``Content-Type`` header (SPEC §3); else a ``<meta charset>`` / ``<meta http-equiv>`` in the first
4 KiB of HTML or later in its head (or the XML declaration of XML); else UTF-8 when the bytes are
valid UTF-8; else the legacy encoding of a non-Latin script that charset-normalizer detects with
certainty in 64 KiB from the first non-ASCII byte (Shift_JIS, GBK, Big5, EUC, windows-1251 ...), as
browsers detect unlabelled pages; else windows-1252 (the common legacy encoding of unlabelled
Western pages).
Labels are resolved like browsers do (WHATWG Encoding Standard aliases: ``iso-8859-1`` and
``us-ascii`` mean windows-1252, ``gb2312`` means GB18030, ...). A label that names no text
encoding is a clear error in the header or the XML declaration, and skipped in a ``<meta>`` (as
browsers do); invalid bytes become U+FFFD, never an exception.
"""

from __future__ import annotations

import codecs
import itertools
import re
from collections.abc import Iterator

import charset_normalizer

from dsh.providers.fetch_http._content import ContentType
from dsh.web import WEB_UNSUPPORTED_CONTENT_TYPE, WebError

META_SCAN_BYTES = 4096
# A <meta> later in the head still counts (see _meta_prefix); the head is followed this far.
HEAD_SCAN_BYTES = 64 * 1024
# Encoding detection reads this much of an unlabelled body: plenty of text for the detector, and
# its cost stays bounded whatever max_response_bytes allows (measured: about 10 ms for 64 KiB of
# Shift_JIS; the whole of a 5 MB body took four times as long, growing with the body).
DETECT_BYTES = 64 * 1024

# WHATWG label -> Python codec, for the labels where the two disagree or Python lacks the name.
_WHATWG = {
    **dict.fromkeys(
        (
            "ascii",
            "us-ascii",
            "ansi_x3.4-1968",
            "cp819",
            "csisolatin1",
            "ibm819",
            "iso-8859-1",
            "iso-ir-100",
            "iso8859-1",
            "iso88591",
            "iso_8859-1",
            "iso_8859-1:1987",
            "l1",
            "latin1",
            "x-cp1252",
            "windows-1252",
            "cp1252",
        ),
        "cp1252",
    ),
    **dict.fromkeys(
        ("gb2312", "gbk", "x-gbk", "chinese", "csgb2312", "csiso58gb231280", "iso-ir-58"),
        "gb18030",
    ),
    **dict.fromkeys(
        (
            "shift_jis",
            "shift-jis",
            "sjis",
            "x-sjis",
            "ms_kanji",
            "ms932",
            "windows-31j",
            "csshiftjis",
        ),
        "cp932",
    ),
    **dict.fromkeys(
        (
            "euc-kr",
            "ks_c_5601-1987",
            "ks_c_5601-1989",
            "korean",
            "windows-949",
            "cseuckr",
            "csksc56011987",
            "iso-ir-149",
            "ksc5601",
            "ksc_5601",
        ),
        "cp949",
    ),
    **dict.fromkeys(("big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"), "big5hkscs"),
    **dict.fromkeys(
        ("tis-620", "iso-8859-11", "iso8859-11", "iso885911", "windows-874", "dos-874"), "cp874"
    ),
    **dict.fromkeys(
        (
            "iso-8859-9",
            "iso8859-9",
            "iso88599",
            "iso_8859-9",
            "iso_8859-9:1989",
            "iso-ir-148",
            "csisolatin5",
            "latin5",
            "l5",
            "windows-1254",
            "x-cp1254",
        ),
        "cp1254",
    ),
    **{f"x-cp125{n}": f"cp125{n}" for n in (0, 1, 3, 5, 6, 7, 8)},
    # Latin/Greek/Cyrillic/Arabic/Hebrew labels Python does not know.
    **{f"iso8859{n}": f"iso8859-{n}" for n in (2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15)},
    **dict.fromkeys(("csiso88596e", "csiso88596i", "iso-8859-6-e", "iso-8859-6-i"), "iso8859-6"),
    "sun_eu_greek": "iso8859-7",
    **dict.fromkeys(
        ("csiso88598e", "iso-8859-8-e", "visual", "csiso88598i", "iso-8859-8-i", "logical"),
        "iso8859-8",
    ),
    "csisolatin9": "iso8859-15",
    **dict.fromkeys(("koi", "koi8"), "koi8-r"),
    "koi8-ru": "koi8-u",
    **dict.fromkeys(("x-mac-cyrillic", "x-mac-ukrainian"), "mac-cyrillic"),
    **dict.fromkeys(("gb_2312", "gb_2312-80"), "gb18030"),
    **dict.fromkeys(("x-euc-jp", "cseucpkdfmtjapanese"), "euc_jp"),
    **dict.fromkeys(
        ("utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"),
        "utf-8",
    ),
    **dict.fromkeys(
        ("utf-16", "utf-16le", "unicode", "ucs-2", "csunicode", "iso-10646-ucs-2", "unicodefeff"),
        "utf-16-le",
    ),
    **dict.fromkeys(("utf-16be", "unicodefffe"), "utf-16-be"),
    "x-mac-roman": "mac-roman",
    "macintosh": "mac-roman",
    "csmacintosh": "mac-roman",
    "mac": "mac-roman",
}
# What detection may choose for an unlabelled body that is not UTF-8 (see _detected): the
# default, windows-1252, and the legacy encodings of the non-Latin scripts browsers detect.
_DETECTABLE = (
    "cp1252",
    *("cp932", "euc_jp", "gb18030", "big5", "cp949"),
    *("cp1251", "koi8_r", "koi8_u", "iso8859_5", "cp866"),
    *("cp1253", "iso8859_7", "cp1255", "iso8859_8", "cp1256", "iso8859_6", "cp874"),
)
_NON_ASCII = re.compile(rb"[\x80-\xff]")
_MULTI_BYTE = frozenset({"cp932", "euc_jp", "gb18030", "big5hkscs", "cp949"})
# charset-normalizer's coherence: how much of the text reads as words of one language. Real
# Cyrillic, Greek ... paragraphs score 0.4-0.7; Latin text misread as one of them scores 0.
_MIN_COHERENCE = 0.2
# Python codecs that are not character encodings of documents (or are unsafe to honour).
_REFUSED = frozenset(
    {"utf-7", "unicode-escape", "raw-unicode-escape", "undefined", "idna", "punycode", "mbcs"}
)


def _whatwg_table(codec: str, extra: dict[int, str] | None = None) -> str:
    """``codec``'s charmap as the WHATWG index has it: a byte Python leaves undefined in
    0x80-0x9F is the C1 control of the same value; ``extra`` adds the characters WHATWG defines
    beyond that; any other undefined byte stays invalid (U+FFFE: the error handler's)."""
    chars = [
        bytes([b]).decode(codec, "ignore") or (chr(b) if 0x80 <= b < 0xA0 else "\ufffe")
        for b in range(256)
    ]
    for byte, char in (extra or {}).items():
        chars[byte] = char
    return "".join(chars)


# The WHATWG indexes of windows-874 and windows-1250 ... 1258 (encoding.spec.whatwg.org,
# index-windows-*.txt) differ from Python's codecs only where Python calls a byte invalid: the
# gaps in 0x80-0x9F are C1 controls there (stripped with the other controls instead of showing as
# U+FFFD), and windows-1255 0xCA is U+05BA HEBREW POINT HOLAM HASER FOR VAV (Python's cp1255 lost
# the vowel point to a U+FFFD). The bytes WHATWG leaves undefined too (windows-1253 0xAA, 0xD2,
# 0xFF; windows-1255 0xD9-0xDF, 0xFB, 0xFC, 0xFF; windows-1257 0xA1, 0xA5; windows-874 0xDB-0xDE,
# 0xFC-0xFF) stay invalid. A single-byte charmap decode never splits a character.
_WHATWG_SINGLE_BYTE = {
    codec: _whatwg_table(codec, {0xCA: "\u05ba"} if codec == "cp1255" else None)
    for codec in ("cp874", *(f"cp125{n}" for n in range(9)))
}

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_COMMENT = re.compile(rb"<!--.*?(?:-->|$)", re.DOTALL)
# A <meta> or <base> tag's attributes; quoted values may hold ">" (the WHATWG prescan reads
# them so too).
_HEAD_TAG = re.compile(rb"<(meta|base)[\s/]((?:[^>\"']|\"[^\"]*\"|'[^']*')*)", re.IGNORECASE)
_ATTRIBUTE = re.compile(rb"([^\s/>=]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>]*)))?")
_CONTENT_CHARSET = re.compile(
    rb"charset\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s;\"']*))", re.IGNORECASE
)
# The last ASCII byte but a digit, and what follows it (bytes of multi-byte characters).
_LAST_BOUNDARY = re.compile(rb"[\x00-\x2f\x3a-\x7f][\x30-\x39\x80-\xff]*\Z")
_XML_DECL = re.compile(rb"^<\?xml\b[^>]*?\bencoding\s*=\s*[\"']([A-Za-z0-9_.:()+-]+)[\"']")


def codec_for(label: str) -> str | None:
    """The Python codec for a charset label, or ``None`` if it names no text encoding."""
    key = label.strip().lower()
    if not key:
        return None
    if key in _WHATWG:
        return _WHATWG[key]
    try:
        info = codecs.lookup(key)
    except LookupError:
        return None
    name = info.name.replace("_", "-")
    # bytes-to-bytes codecs (base64, zlib, rot13...) are not charsets.
    if name in _REFUSED or not getattr(info, "_is_text_encoding", True):
        return None
    return info.name


def choose_encoding(
    data: bytes, kind: str, content_type: ContentType, *, url: str, cut: bool = False
) -> str:
    """The codec to decode ``data`` with; raises for a label that names no text encoding.

    ``cut``: ``data`` was cut by the byte cap (see ``decode``).
    """
    # A BOM first, as browsers do (WHATWG "decode"): the bytes say what they are, and a header
    # label that disagrees is a server's default charset (Apache's AddDefaultCharset over a
    # Notepad file). Read by the label, a UTF-8 page was mojibake from "ï»¿" on and a UTF-16
    # one was refused as binary. A BOM also gives the byte order "utf-16" leaves open.
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return codec
    if content_type.charset is not None:
        return _resolve(content_type.charset, url=url, where="the Content-Type header")
    declared: str | None = None
    if kind == "html" and not content_type.is_xml:
        # As browsers do (WHATWG prescan), a label that names no encoding is skipped: the next
        # declaration counts, or the default below.
        labels = itertools.chain(
            _meta_charsets(without_comments(data[:META_SCAN_BYTES])),
            _meta_charsets(b"".join(_late_metas(data))),
        )
        declared = next(
            filter(None, (codec_for(label.decode("ascii", "replace")) for label in labels)), None
        )
    elif content_type.is_xml:
        match = _XML_DECL.match(data[:META_SCAN_BYTES])
        if match is not None:
            declared = _resolve(
                match.group(1).decode("ascii"), url=url, where="the XML declaration"
            )
    if declared is not None:
        # A document that could declare its charset in ASCII is not UTF-16 (WHATWG rule).
        return "utf-8" if declared.startswith("utf-16") else declared
    if content_type.is_json or _is_utf8(data, cut=cut):
        return "utf-8"
    # ASCII reads alike in every candidate: the detector's evidence starts at the first byte
    # that is not (a character boundary in all of them), past a page's inline scripts.
    first = _NON_ASCII.search(data)
    start = 0 if first is None else first.start()
    window = data[start : start + DETECT_BYTES]
    # A window running to the end of a body the cap cut ends where the body does, maybe inside
    # a character too.
    return _detected(window, cut=cut or len(data) > start + DETECT_BYTES) or "cp1252"


def _detected(prefix: bytes, *, cut: bool) -> str | None:
    """The legacy non-Latin encoding an unlabelled, non-UTF-8 body is in, when the detector is
    sure of it (as browsers detect unlabelled pages); ``None`` leaves the windows-1252 default.

    Read by that default, a Shift_JIS, GBK, Big5, EUC or windows-1251 page reached the model as
    mojibake ("“ú–{Œê"), which the binary check does not catch. The detector only weighs
    windows-1252 against the non-Latin encodings: among Latin-script encodings a few letters
    differ and its guesses are poor (German text came back as windows-1250 or Shift_JIS), so
    there the default stays. "Sure" means windows-1252 reads the bytes as a mess (a plausible
    windows-1252 reading wins: "café" must not become "cafщ"), and a single-byte guess also
    recognised words of its language (Finnish "päivää" read as Arabic had none). A multi-byte
    guess decoded the whole prefix without an invalid sequence, which Latin text rarely does.
    """
    if cut:
        # The prefix may end inside a character, which would fail the multi-byte candidates.
        prefix = _whole_characters(prefix)
    matches = charset_normalizer.from_bytes(prefix, cp_isolation=list(_DETECTABLE))
    best = matches.best()
    # A match stands for every encoding that decodes the bytes alike (could_be_from_charset):
    # windows-1252 among them is as plausible a reading as the one named.
    if best is None or any("cp1252" in match.could_be_from_charset for match in matches):
        return None
    codec = codec_for(best.encoding.replace("_", "-"))
    if codec is None:
        return None
    return codec if codec in _MULTI_BYTE or best.coherence >= _MIN_COHERENCE else None


def _whole_characters(prefix: bytes) -> bytes:
    """``prefix`` up to its last ASCII byte that ends a character in every candidate: one is a
    character or a trail byte in Shift_JIS, GBK and Big5, so a character starts after it, except
    after a digit, which may be the second byte of a four-byte GB18030 one."""
    match = _LAST_BOUNDARY.search(prefix)
    return prefix if match is None else prefix[: match.start() + 1]


# Chrome's HTMLMetaCharsetParser: the tags a head may hold, and the elements whose content is
# text, not tags (scripting on, so <noscript> is one).
_HEAD_ELEMENTS = frozenset(
    (b"script", b"noscript", b"style", b"link", b"meta", b"object", b"title", b"base")
)
_RAW_TEXT = frozenset(
    (
        *(b"script", b"style", b"title", b"textarea", b"noscript"),
        *(b"xmp", b"iframe", b"noembed", b"noframes"),
    )
)
_TAG_OR_COMMENT = re.compile(rb"<!--|<(/?)([a-z][^\s/>]*)")
_TAG_REST = re.compile(rb"(?:[^>\"']+|\"[^\"]*\"|'[^']*')*>?")


def _late_metas(data: bytes) -> Iterator[bytes]:
    """The ``<meta>`` tags of an HTML page's head that end past its first 4 KiB (within
    ``HEAD_SCAN_BYTES``): there too a ``<meta>`` declares the page's charset.

    The WHATWG prescan reads 1,024 bytes, but browsers read on: Chrome scans the whole head
    (until a tag a head cannot hold, and at least 1,024 bytes), where what is inside
    ``<script>``, ``<style>``, ``<title>`` or ``<noscript>`` is text, not tags; Firefox reloads a
    page whose head declares its charset late. A page with kilobytes of inline style and script
    before its ``<meta charset>`` was read as windows-1252.
    """
    lowered = data[:HEAD_SCAN_BYTES].lower()
    position = 0
    while (tag := _TAG_OR_COMMENT.search(lowered, position)) is not None:
        if tag.group(2) is None:  # a comment, to its end
            end = lowered.find(b"-->", tag.end())
            if end < 0:
                break
            position = end + 3
            continue
        closing, name = tag.group(1) == b"/", tag.group(2)
        if name not in _HEAD_ELEMENTS and (closing or name not in (b"html", b"head")):
            break  # the head has ended
        rest = _TAG_REST.match(lowered, tag.end())
        position = tag.end() if rest is None else rest.end()
        if name == b"meta" and not closing and position > META_SCAN_BYTES:
            yield data[tag.start() : position]
        elif not closing and name in _RAW_TEXT:
            end = lowered.find(b"</" + name, position)
            if end < 0:
                break
            position = end


def head_tags(prefix: bytes) -> Iterator[tuple[bytes, dict[bytes, bytes]]]:
    """Each ``<meta>`` and ``<base>`` tag in ``prefix`` (a page's start, comments already cut),
    in document order: its name (``b"meta"``, ``b"base"``) and its attributes, names
    lowercased; of a repeated attribute the first counts (WHATWG prescan).
    """
    for tag in _HEAD_TAG.finditer(prefix):
        attributes: dict[bytes, bytes] = {}
        for attribute in _ATTRIBUTE.finditer(tag.group(2)):
            name = attribute.group(1).lower()
            value = next((v for v in attribute.group(2, 3, 4) if v is not None), b"")
            attributes.setdefault(name, value)
        yield tag.group(1).lower(), attributes


def meta_attributes(prefix: bytes) -> Iterator[dict[bytes, bytes]]:
    """Each ``<meta>`` tag's attributes in ``prefix``, as :func:`head_tags` reads them."""
    for name, attributes in head_tags(prefix):
        if name == b"meta":
            yield attributes


def without_comments(prefix: bytes) -> bytes:
    """``prefix`` without its HTML comments (an unclosed one runs to the end)."""
    return _COMMENT.sub(b"", prefix)


def _meta_charsets(prefix: bytes) -> Iterator[bytes]:
    """The charset labels ``<meta>`` tags declare, in document order (WHATWG prescan).

    Only a ``charset`` attribute, or the ``content`` of an ``http-equiv="content-type"`` meta,
    declares one: ``charset=`` inside any other attribute or meta (a description, a refresh)
    does not. Of repeated attributes the first counts, and so does the first of ``charset`` and
    ``content``.
    """
    for attributes in meta_attributes(prefix):
        label: bytes | None = None
        for name in attributes:
            if name == b"charset":
                label = attributes[name]
                break
            if name == b"content":
                if attributes.get(b"http-equiv", b"").strip().lower() != b"content-type":
                    continue
                match = _CONTENT_CHARSET.search(attributes[name])
                if match is not None:
                    label = next(v for v in match.group(1, 2, 3) if v is not None)
                    break
        if label is not None and label.strip():
            yield label


def decode(data: bytes, encoding: str, *, cut: bool = False) -> str:
    """Decode with replacement characters for invalid bytes; drop a leading BOM.

    ``cut``: ``data`` was cut by the byte cap, so an incomplete character at its end is the
    cap's doing, not invalid bytes: it is dropped rather than shown as U+FFFD.
    """
    table = _WHATWG_SINGLE_BYTE.get(encoding)
    if table is not None:
        text = codecs.charmap_decode(data, "replace", table)[0]
    elif cut:
        decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        text = decoder.decode(data, final=False)
    else:
        text = data.decode(encoding, errors="replace")
    return text[1:] if text.startswith("\ufeff") else text


# A body whose start is no text: binary data served as text/html or text/plain (an image, an
# archive, a compressed body sent without its Content-Encoding), or text read in a charset it is
# not in. Shown, it flooded the model's context with up to max_body_chars of junk. Binary data
# holds NUL bytes (random bytes: one in 256) and, read as windows-1252, which maps nearly every
# byte to a character, still about 13 % control characters; read as UTF-8, mostly U+FFFD. Text
# has neither: Latin-1 accents in a page labelled UTF-8 make a few U+FFFD, never a third.
_SAMPLE_CHARS = 4096
_MIN_SAMPLE_CHARS = 256  # a short body costs little, and a few stray bytes dominate it
_MIN_NULS = 4
_CONTROL_SHARE = 0.10  # with NULs
_INVALID_SHARE = 0.30  # U+FFFD alone
_UNREADABLE = re.compile("[\\x00-\\x08\\x0b\\x0e-\\x1f\\x7f-\\x9f\\ufffd]")


def unreadable_share(text: str) -> float | None:
    """The share of control characters and U+FFFD in the start of `text` when it is binary data
    or text in another charset (see above), else ``None``."""
    sample = text[:_SAMPLE_CHARS]
    if len(sample) < _MIN_SAMPLE_CHARS:
        return None
    share = len(_UNREADABLE.findall(sample)) / len(sample)
    binary = sample.count("\x00") >= _MIN_NULS and share > _CONTROL_SHARE
    if binary or sample.count("\ufffd") > _INVALID_SHARE * len(sample):
        return share
    return None


def _resolve(label: str, *, url: str, where: str) -> str:
    codec = codec_for(label)
    if codec is None:
        raise WebError(
            WEB_UNSUPPORTED_CONTENT_TYPE,
            f"{url} declares the character encoding {label.strip()[:60]!r} in {where}, which is "
            "not a known text encoding, so its text cannot be decoded.",
        )
    return codec


def _is_utf8(data: bytes, *, cut: bool) -> bool:
    # A multi-byte character cut by the byte cap is still UTF-8 (final=False); at the end of the
    # whole body a lead byte is not: unlabelled windows-1252 "café" was read as "caf\ufffd".
    try:
        codecs.getincrementaldecoder("utf-8")().decode(data, final=not cut)
    except UnicodeDecodeError:
        return False
    return True
