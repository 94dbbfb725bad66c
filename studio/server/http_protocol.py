"""uvicorn's HTTP protocol with two header names in their usual spelling. uvicorn writes every
header name in lower case, which HTTP allows, but Escape's client matches ``Content-Length:``
and ``Connection:`` by exact case: without them it drops a keep-alive answer or reads an
empty body. So the head of each answer gets those two spelt as browsers and proxies send them.
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

SPELLINGS = ((b"\r\ncontent-length: ", b"\r\nContent-Length: "), (b"\r\nconnection: ", b"\r\nConnection: "))


def spelt(data: bytes) -> bytes:
    """An answer's head (status line and headers) with the two names re-spelt; other writes
    (bodies, and the rest of a head split over writes) unchanged."""
    if not data.startswith(b"HTTP/1."):
        return data
    end = data.find(b"\r\n\r\n")
    head, rest = (data, b"") if end < 0 else (data[:end + 2], data[end + 2:])
    for lower, usual in SPELLINGS:
        head = head.replace(lower, usual)
    return head + rest


class _SpellingTransport:
    """The connection's transport, its writes passed through ``spelt``."""

    def __init__(self, transport):
        self._transport = transport

    def write(self, data) -> None:
        self._transport.write(spelt(bytes(data)))

    def __getattr__(self, name):
        return getattr(self._transport, name)


class ClientFriendlyHttp(HttpToolsProtocol):
    def connection_made(self, transport) -> None:
        super().connection_made(_SpellingTransport(transport))
