"""Escape's own client as the server sees it (../shared/docs/escape-protocol.md), byte for
byte: a new TCP connection per request, HTTP/1.0 with the client's four header lines,
queries URL-encoded as HTTPUtil::URLEncode does, multipart bodies with its boundary and
field order. Answers are read with the client's own rules (http.cc, req_general): the
status must be exactly 200, only ``Content-Length:`` and ``Connection:`` in that case
count, a Connection other than close or keepalive fails, and without a length the body
runs to the end of the connection."""

from __future__ import annotations

import random
import socket
from dataclasses import dataclass

USER_AGENT = "Escape (201609050; linux)"


class ClientError(Exception):
    """What the client would report as a failed request (its "404")."""


def url_encode(text: str) -> str:
    """Space as +, [A-Za-z0-9.] kept, every other byte %XX in upper-case hex."""
    out = []
    for byte in text.encode("utf-8"):
        char = chr(byte)
        if char == " ":
            out.append("+")
        elif char.isascii() and (char.isalnum() or char == "."):
            out.append(char)
        else:
            out.append(f"%{byte:02X}")
    return "".join(out)


def read_answer(raw: bytes) -> bytes:
    """The body as the client takes it, or ClientError when the client would not."""
    head, separator, body = raw.partition(b"\r\n\r\n")
    if not separator:
        raise ClientError("no end of the headers")
    lines = head.split(b"\r\n")
    status = lines[0].split()
    if len(status) < 2 or status[1] != b"200":
        raise ClientError(f"status line {lines[0]!r}")
    length, connection = None, None
    for line in lines[1:]:
        words = line.split()
        if not words:
            continue
        if words[0] == b"Content-Length:":
            length = int(words[1])
        elif words[0] == b"Connection:":
            connection = words[1].lower() if len(words) > 1 else b""
    if connection is not None and connection not in (b"close", b"keepalive"):
        raise ClientError(f"Connection: {connection!r} (the client knows only close and keepalive)")
    if length is None:
        if connection != b"close":
            raise ClientError("neither Content-Length: nor Connection: close")
        return body
    return body[:length] if len(body) >= length else b""  # fewer bytes than promised: an empty body


@dataclass
class GameClient:
    host: str
    port: int
    name: str = "Player"
    web_id: int = 0
    seql: int = 0
    seqh: int = 0

    @classmethod
    def of(cls, url: str, name: str = "Player") -> "GameClient":
        host, port = url.split("//", 1)[1].rsplit(":", 1)
        return cls(host, int(port), name)

    def _exchange(self, request: bytes) -> bytes:
        with socket.create_connection((self.host, self.port), timeout=60) as connection:
            connection.sendall(request)
            answer = b""
            while chunk := connection.recv(65536):
                answer += chunk
        return answer

    def _head(self, method: str, path: str) -> bytes:
        return (f"{method} {path} HTTP/1.0\r\nUser-Agent: {USER_AGENT}\r\nHost: {self.host}\r\n"
                f"Accept: */*\r\n").encode()

    def get(self, path: str) -> bytes:
        return read_answer(self._exchange(self._head("GET", path) + b"\r\n"))

    def get_raw(self, path: str) -> bytes:
        return self._exchange(self._head("GET", path) + b"\r\n")

    def post(self, path: str, fields: list[tuple[str, str]], files: list[tuple[str, str, bytes]]) -> bytes:
        boundary = "-" * 27 + str(random.randrange(10**9, 10**10))
        body = b""
        for name, value in fields:
            body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").encode()
        for name, filename, data in files:
            body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\n"
                     f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + b"\r\n"
        body += f"--{boundary}--\r\n".encode()
        head = self._head("POST", path) + (f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
                                           f"Content-Length: {len(body)}\r\n\r\n").encode()
        return read_answer(self._exchange(head + body))

    # -- the RPCs, answering (ok, the answer's text) as Client::RPC reads them --------------------
    @staticmethod
    def rpc_answer(body: bytes) -> tuple[bool, str]:
        text = body.decode("utf-8", "replace")
        if text.startswith("ok"):
            parts = text.split(None, 1)
            return True, parts[1].strip() if len(parts) > 1 else ""
        return False, text.strip()

    def credentials(self) -> str:
        return f"id={self.web_id}&seql={self.seql}&seqh={self.seqh}"

    def register(self) -> tuple[bool, str]:
        self.seql, self.seqh = random.randrange(2**31), random.randrange(2**31)
        ok, answer = self.rpc_answer(self.get(
            f"/f/a/escape/register?seql={self.seql}&seqh={self.seqh}&name={url_encode(self.name)}"))
        if ok:
            self.web_id = int(answer)
        return ok, answer

    def call(self, action: str, query: str) -> tuple[bool, str]:
        return self.rpc_answer(self.get(f"/f/a/escape/{action}?{self.credentials()}&{query}"))

    def upload(self, level: bytes, solution: bytes, message: str) -> tuple[bool, str]:
        fields = [("dummy", "dummy"), ("id", str(self.web_id)), ("seql", str(self.seql)), ("seqh", str(self.seqh)),
                  ("text", message)]
        return self.rpc_answer(self.post("/f/a/escape/upload", fields,
                                         [("lev", "lev.esx", level), ("sol", "sol.esx", solution)]))

    def upload_solution(self, md5: str, solution: bytes) -> tuple[bool, str]:
        fields = [("dummy", "dummy"), ("id", str(self.web_id)), ("id", str(self.web_id)), ("seql", str(self.seql)),
                  ("seqh", str(self.seqh)), ("md", md5), ("name", "Speed Record"), ("speedonly", "1"), ("desc", "")]
        return self.rpc_answer(self.post("/f/a/escape/upsol", fields, [("sol", "sol.esx", solution)]))
