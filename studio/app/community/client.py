"""Talking to a sharing server (docs/server.md) with Qt's network stack.

Every call is asynchronous: ``CommunityClient.call`` starts the request and returns
a ``Call`` at once, whose signals report progress, the answer or the failure in
words (the server's own reason when it gave one; "cannot reach ..." when offline).
Nothing here blocks the GUI thread, and nothing raises on a network problem.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QByteArray, QObject, QUrl, Signal
from PySide6.QtNetwork import QNetworkAccessManager, QNetworkReply, QNetworkRequest

TIMEOUT_MS = 30_000


class Call(QObject):
    """One request in flight. ``succeeded(body)``: JSON as Python values, or the bytes of a
    file or picture; ``failed(status, message)``: status 0 when the server was not reached."""

    succeeded = Signal(object)
    failed = Signal(int, str)
    progress = Signal(int, int)  # bytes done, bytes in all (0 when unknown)
    done = Signal()  # after either of the above

    def __init__(self, reply: QNetworkReply, what: str, parent: QObject):
        super().__init__(parent)
        self.what = what
        self.reply = reply
        reply.downloadProgress.connect(lambda done, total: self.progress.emit(int(done), max(0, int(total))))
        reply.uploadProgress.connect(lambda done, total: self.progress.emit(int(done), max(0, int(total))))
        reply.finished.connect(self._finished)

    def abort(self) -> None:
        self.reply.abort()

    def _finished(self) -> None:
        reply = self.reply
        status = reply.attribute(QNetworkRequest.Attribute.HttpStatusCodeAttribute) or 0
        data = bytes(reply.readAll().data())
        content_type = str(reply.header(QNetworkRequest.KnownHeaders.ContentTypeHeader) or "")
        body = _decode(data, content_type)
        if status and 200 <= int(status) < 300:
            self.succeeded.emit(body)
        elif status:
            detail = body.get("detail") if isinstance(body, dict) else None
            self.failed.emit(int(status), f"{self.what}: {detail or f'the server answered {status}'}")
        else:
            self.failed.emit(0, f"{self.what}: cannot reach the server ({reply.errorString()}). "
                                "You may be offline, or the server is not running.")
        self.done.emit()
        reply.deleteLater()
        self.deleteLater()


def _decode(data: bytes, content_type: str):
    if content_type.startswith("application/json"):
        try:
            return json.loads(data) if data else None
        except ValueError:
            return None
    return data


class CommunityClient(QObject):
    """The server's address and the signed-in token; ``call`` makes requests with them."""

    def __init__(self, base_url: str = "", parent: QObject | None = None):
        super().__init__(parent)
        self.network = QNetworkAccessManager(self)
        self.network.setTransferTimeout(TIMEOUT_MS)
        self.base_url = base_url.rstrip("/")
        self.token = ""

    def call(self, what: str, method: str, path: str, body=None) -> Call:
        """Start ``method path`` (``body``: JSON); ``what`` names the call in messages ("Sign in")."""
        request = QNetworkRequest(QUrl(self.base_url + path))
        request.setAttribute(QNetworkRequest.Attribute.RedirectPolicyAttribute,
                             QNetworkRequest.RedirectPolicy.NoLessSafeRedirectPolicy)
        if self.token:
            request.setRawHeader(b"Authorization", f"Bearer {self.token}".encode())
        payload = QByteArray()
        if body is not None:
            request.setHeader(QNetworkRequest.KnownHeaders.ContentTypeHeader, "application/json")
            payload = QByteArray(json.dumps(body).encode())
        reply = self.network.sendCustomRequest(request, method.encode(), payload)
        return Call(reply, what, self)


class CallsInFlight(QObject):
    """The calls a view started and that are still running; ``busyChanged(True)`` when the
    first starts, ``busyChanged(False)`` when the last ends (a progress bar follows it)."""

    busyChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._calls: set[Call] = set()

    def add(self, call: Call) -> Call:
        self._calls.add(call)
        call.done.connect(lambda call=call: self._finished(call))
        self.busyChanged.emit(True)
        return call

    def _finished(self, call: Call) -> None:
        self._calls.discard(call)
        if not self._calls:
            self.busyChanged.emit(False)

    def __len__(self) -> int:
        return len(self._calls)
