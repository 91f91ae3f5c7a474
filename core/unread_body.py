"""An answer given before the request's body was read (413 over the size limit, 401 without a key, 415, ...) must
not leave the rest of that body in the connection.

On a kept-alive connection the server would otherwise read those bytes as the next request, or (gunicorn) give up
draining them and drop the connection it had just announced as `keep-alive`: the client's next request on it then
fails. So the WSGI middleware counts what the application read of the body; when the answer starts with bytes still
unread it reads a small remainder (up to DRAIN_BYTES, cheap, and the connection stays usable), and otherwise asks
the server to close the connection after the answer: gunicorn's own `force_close` (its answer then says
`Connection: close` and it closes gracefully, draining what arrives meanwhile), and the `Connection: close` header
for servers that honour it. docs/api/README.md, "Headers on every answer".
"""
DRAIN_BYTES = 64 * 1024


class _CountingInput:
    """`wsgi.input` that counts the bytes the application read."""

    def __init__(self, stream):
        self.stream = stream
        self.consumed = 0

    def read(self, *args):
        data = self.stream.read(*args)
        self.consumed += len(data)
        return data

    def readline(self, *args):
        line = self.stream.readline(*args)
        self.consumed += len(line)
        return line

    def readlines(self, *args):
        lines = self.stream.readlines(*args)
        self.consumed += sum(len(line) for line in lines)
        return lines

    def __iter__(self):
        return iter(self.readline, b"")


def _declared_length(environ) -> int | None:
    try:
        return int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None


def _drain(stream: _CountingInput, remaining: int) -> bool:
    """Read and discard `remaining` bytes; False when the body ended early (the client is gone or lied)."""
    while remaining > 0:
        chunk = stream.read(min(remaining, 16 * 1024))
        if not chunk:
            return False
        remaining -= len(chunk)
    return True


class CloseOnUnreadBody:
    def __init__(self, app, drain_bytes: int = DRAIN_BYTES):
        self.app = app
        self.drain_bytes = drain_bytes

    def __call__(self, environ, start_response):
        length = _declared_length(environ)
        chunked = "chunked" in (environ.get("HTTP_TRANSFER_ENCODING") or "").lower()
        if not length and not chunked:
            return self.app(environ, start_response)
        counted = environ["wsgi.input"] = _CountingInput(environ["wsgi.input"])

        def start(status, headers, exc_info=None):
            if not self._settled(counted, length, status):
                server_response = getattr(start_response, "__self__", None)
                force_close = getattr(server_response, "force_close", None)
                if callable(force_close):  # gunicorn: "Connection: close", then a graceful close
                    force_close()
                headers = [(k, v) for k, v in headers if k.lower() != "connection"] + [("Connection", "close")]
            return start_response(status, headers, exc_info)

        return self.app(environ, start)

    def _settled(self, counted: _CountingInput, length: int | None, status: str) -> bool:
        """True when no unread body remains (after draining a small remainder)."""
        if length is None:
            return False
        if not length:  # chunked: its end is unknown here; an answer refusing the body closes
            return not status.startswith("413")
        remaining = length - counted.consumed
        if remaining <= 0:
            return True
        return remaining <= self.drain_bytes and _drain(counted, remaining)
