"""An answer given before the body was read, under real gunicorn with threads (the production server,
scripts/start.sh): a 413 says `Connection: close` and closes, so no request is ever sent into a connection the
server drops; a small refused body is drained and the kept-alive connection serves the next request."""
import socket
import threading

API = "/api/public/v1"


def request_bytes(method: str, path: str, body: bytes = b"", headers: dict | None = None) -> bytes:
    head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    head += [f"{k}: {v}" for k, v in (headers or {}).items()]
    if body or method == "POST":
        head += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


def read_answer(sock: socket.socket) -> tuple[int, dict]:
    """One HTTP/1.1 answer (status, lower-cased headers), its body read to its Content-Length."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"connection closed before an answer: {data!r}"
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.decode().split("\r\n")
    headers = {k.lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    while len(rest) < int(headers.get("content-length", 0)):
        rest += sock.recv(65536)
    return int(lines[0].split()[1]), headers


def closed_by_server(sock: socket.socket) -> bool:
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True


def test_a_413_closes_the_connection_it_announces_closed(gthread_server, make_api_key, company, app):
    gthread_server = gthread_server()
    _, key = make_api_key(company)
    over = b'{"legal_name": "' + b"x" * (app.config["MAX_CONTENT_LENGTH"] + 200_000) + b'"}'
    for _ in range(5):
        with socket.create_connection(("127.0.0.1", gthread_server), timeout=60) as sock:
            sending = threading.Thread(target=_send_ignoring_reset, args=(sock, request_bytes(
                "POST", f"{API}/partners", over, {"X-API-Key": key})))
            sending.start()
            status, headers = read_answer(sock)
            assert status == 413
            assert headers["connection"] == "close"  # the client knows not to send another request on it
            assert closed_by_server(sock)
            sending.join(60)
    with socket.create_connection(("127.0.0.1", gthread_server), timeout=60) as sock:  # the server still serves
        sock.sendall(request_bytes("GET", "/healthz"))
        assert read_answer(sock)[0] == 200


def test_a_small_refused_body_is_drained_and_the_connection_serves_the_next_request(gthread_server):
    gthread_server = gthread_server()
    body = b'{"legal_name": "' + b"x" * 20_000 + b'"}'
    with socket.create_connection(("127.0.0.1", gthread_server), timeout=60) as sock:
        for _ in range(20):
            sock.sendall(request_bytes("POST", f"{API}/partners", body))  # no key: 401 before the body is read
            status, headers = read_answer(sock)
            assert (status, headers["connection"]) == (401, "keep-alive")
            sock.sendall(request_bytes("GET", "/healthz"))
            assert read_answer(sock)[0] == 200


def _send_ignoring_reset(sock: socket.socket, data: bytes) -> None:
    try:
        sock.sendall(data)
    except OSError:  # the server closed after answering: the rest of the body is refused, as announced
        pass
