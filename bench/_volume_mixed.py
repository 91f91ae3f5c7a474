"""The volume bench's mixed load (bench/bench_volume.py --mixed): gunicorn (2 processes, gthread, 4 threads each, the
tree's gunicorn.conf.py) on the seeded database, closed-loop clients on keep-alive connections with the big
company's API key, the mix 70 % reads, 20 % creates, 10 % CIOT create + validate. Prints requests/s, p50/p99, errors
and the web processes' memory (RSS) before and after each step."""
import http.client
import json
import os
import random
import sys
import tempfile
import threading
import time
from collections import Counter

import psycopg
from _common import percentile, start_process, stop_processes, wait_http_ready
from _volume_seed import NAMES
from bench_vehicle_list import free_port

API = "/api/public/v1"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# (kind, weight): the reads are the API's lists at volume and records by id; a CIOT item is two requests.
MIX = (("read", 70), ("create", 20), ("ciot", 10))
READS = ("/freights?limit=20", "/ciot/operations?limit=20", "/partners?role=cliente_frete&limit=20",
         "/vehicles?limit=20", "/billing/documents?limit=20", "/finance/receivables?limit=20",
         "/finance/payables?limit=20", "/leads?limit=20", "/freights?q=chapeco&limit=20", "/freights/{freight}",
         "/ciot/operations/{operation}", "/partners/{partner}")


def _cnpj(rng: random.Random) -> str:
    from core.validators import cnpj_check_digits
    base = f"{rng.randrange(10 ** 8):08d}0001"
    return base + cnpj_check_digits(base)


class Client(threading.Thread):
    """One closed-loop client; records (kind, seconds, error or None) per request until `stop`."""

    def __init__(self, port: int, data: dict, stop: threading.Event, results: list, number: int):
        super().__init__(daemon=True)
        self.port, self.data, self.stop, self.results = port, data, stop, results
        self.rng = random.Random(number * 7919 + time.time_ns())
        self.number, self.sequence, self.conn = number, 0, None

    def call(self, kind: str, method: str, path: str, body=None, expect=200):
        headers = {"X-API-Key": self.data["key"], **({"Content-Type": "application/json"} if body is not None else {})}
        started = time.perf_counter()
        for attempt in (1, 2):  # a keep-alive connection the server closed is reopened once
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                self.conn.request(method, API + path, body=None if body is None else json.dumps(body),
                                  headers=headers)
                response = self.conn.getresponse()
                payload = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        error = None if response.status == expect else f"{method} {path}: {response.status} {payload[:200]!r}"
        self.results.append((kind, time.perf_counter() - started, error))
        return json.loads(payload) if error is None and payload else None

    def one(self) -> None:
        from tests.fixtures.ciot import ciot_body
        from tests.fixtures.freights import freight_body
        kind = self.rng.choices([k for k, _ in MIX], [w for _, w in MIX])[0]
        self.sequence += 1
        unique = f"{self.number}-{self.sequence}-{time.time_ns()}"
        if kind == "read":
            path = self.rng.choice(READS).format(**{k: self.rng.choice(v) for k, v in self.data["ids"].items()})
            self.call("read", "GET", path)
        elif kind == "create":
            what = self.rng.choice(("freight", "partner", "vehicle"))
            if what == "freight":
                self.call("create", "POST", "/freights", freight_body(), expect=201)
            elif what == "partner":
                self.call("create", "POST", "/partners", {"person_kind": "pj", "cpf_cnpj": _cnpj(self.rng),
                                                          "legal_name": f"Parceiro {unique}", "roles": ["tomador"]},
                          expect=201)
            else:
                plate = "".join(self.rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(3)) + \
                    f"{self.rng.randrange(10)}{self.rng.choice('ABCDEFGHIJ')}{self.rng.randrange(100):02d}"
                self.call("create", "POST", "/vehicles", {"plate": plate, "vehicle_type": "carreta"}, expect=201)
        else:
            # named as the seeded operations are (one in twenty of each surname): a fixed name on every operation
            # the mix adds would, run after run, push the seeded names out of the newest rows the searches read first
            name = f"{self.rng.choice(NAMES)} Transportes {self.rng.randrange(1, 5000)} Ltda"
            created = self.call("ciot", "POST", "/ciot/operations",
                                ciot_body(external_id=f"MIX-{unique}", contratado_nome=name), expect=201)
            if created:
                self.call("ciot", "POST", f"/ciot/operations/{created['data']['id']}/validate")

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                self.one()
            except Exception as exc:  # noqa: BLE001  an error of the step, never a crash of the bench
                self.results.append(("exception", 0.0, repr(exc)))
        if self.conn is not None:
            self.conn.close()


def _ids(db_url: str, company_id: str) -> dict:
    with psycopg.connect(db_url.replace("+psycopg", ""), autocommit=True) as conn:
        def sample(table):
            return [str(r[0]) for r in conn.execute(
                f"SELECT id FROM {table} WHERE company_id = %s ORDER BY created_at DESC LIMIT 200",  # noqa: S608
                (company_id,))]
        return {"freight": sample("freights"), "operation": sample("ciot_operations"), "partner": sample("partners")}


def _rss_mb(server) -> float:
    """The web processes' resident memory: the gunicorn master's children."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as fh:
                parent = int(fh.read().rsplit(")", 1)[1].split()[1])
            if parent == server.pid:
                with open(f"/proc/{pid}/status") as fh:
                    total += next(int(line.split()[1]) for line in fh if line.startswith("VmRSS"))
        except (OSError, StopIteration, ValueError):
            continue
    return total / 1024


# The pages measured while the mix runs (`--pages-under-mix`): the logged-in admin of the big company, one at a time.
PAGES = ("/", "/ciot/", "/ciot/?q=oliveira", "/fretes-operacao/", "/fretes-operacao/?view=quadro", "/parceiros",
         "/veiculos", "/motoristas", "/financeiro/documentos", "/financeiro/faturas", "/financeiro/receber",
         "/financeiro/pagar", "/financeiro/configuracoes", "/leads")


class PageReader(threading.Thread):
    """Reads PAGES in turn as a logged-in user on its own keep-alive connection until `stop`; records ms per page."""

    def __init__(self, port: int, email: str, password: str, stop: threading.Event):
        super().__init__(daemon=True)
        self.port, self.email, self.password, self.stop = port, email, password, stop
        self.samples = {page: [] for page in PAGES}
        self.cookie = ""

    def _get(self, conn, path: str, body: str | None = None):
        headers = {"Cookie": self.cookie}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request("POST" if body is not None else "GET", path, body=body, headers=headers)
        response = conn.getresponse()
        payload = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                self.cookie = value.split(";", 1)[0]
        return response.status, payload.decode("utf-8", "replace")

    def run(self) -> None:
        import re
        from urllib.parse import urlencode
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        _, page = self._get(conn, "/login")
        token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
        status, _ = self._get(conn, "/login", urlencode({"email": self.email, "password": self.password,
                                                          "csrf_token": token}))
        assert status == 302, status
        while not self.stop.is_set():
            for path in PAGES:
                started = time.perf_counter()
                status, _ = self._get(conn, path)
                if status == 200:
                    self.samples[path].append((time.perf_counter() - started) * 1000)
        conn.close()


def mixed_load(db_url: str, tenant: dict, clients: list[int], seconds: float, pages: tuple | None = None) -> None:
    """`pages`: (email, password) of the big company's admin: its pages are read during each step (PageReader)."""
    port = free_port()
    instance = tempfile.mkdtemp(prefix="bench-mixed-")
    env = dict(os.environ, DATABASE_URL=db_url, REDIS_URL="", JOBS_INLINE="1", SECRET_KEY="bench-volume-mixed",  # noqa: S106  a scratch run
               INSTANCE_PATH=instance, LOG_LEVEL="WARNING", PYTHONPATH=ROOT)
    # The server's log goes to a file: a pipe nobody reads would fill with tracebacks and block the workers.
    log_path = os.path.join(instance, "gunicorn.log")
    log = open(log_path, "wb")  # noqa: SIM115  closed in the finally below
    server = start_process([sys.executable, "-m", "gunicorn", "-w", "2", "-k", "gthread", "--threads", "4", "-b",
                            f"127.0.0.1:{port}", "--log-level", "warning", "app:create_app()"], cwd=ROOT, env=env,
                           stderr=log)
    print(f"server log: {log_path}")
    try:
        wait_http_ready(port, "/healthz", server)
        data = {"key": tenant["key"], "ids": _ids(db_url, tenant["id"])}
        warm = threading.Event()
        warmers = [Client(port, data, warm, [], 1000 + n) for n in range(2)]
        for thread in warmers:
            thread.start()
        time.sleep(min(5.0, seconds))
        warm.set()
        for thread in warmers:
            thread.join(60)
        print(f"\nmixed load: 2 web processes (gthread, 4 threads), {seconds:.0f} s per step, mix {dict(MIX)} %")
        print(f"{'clients':>7} {'req/s':>7} {'p50':>7} {'p99':>7} {'requests':>8} {'errors':>6} "
              f"{'RSS MB before→after':>20} {'load':>5}  by kind")
        for count in clients:
            rss_before = _rss_mb(server)
            stop, results = threading.Event(), []
            threads = [Client(port, data, stop, results, n) for n in range(count)]
            reader = PageReader(port, *pages, stop) if pages else None
            started = time.perf_counter()
            for thread in threads + ([reader] if reader else []):
                thread.start()
            time.sleep(seconds)
            stop.set()
            for thread in threads + ([reader] if reader else []):
                thread.join(120)
            elapsed = time.perf_counter() - started
            latencies = [r[1] * 1000 for r in results if r[0] != "exception"]
            errors = [r[2] for r in results if r[2]]
            by_kind = Counter(r[0] for r in results)
            print(f"{count:7} {len(results) / elapsed:7.1f} {percentile(latencies, 50):7.1f} "
                  f"{percentile(latencies, 99):7.1f} {len(results):8} {len(errors):6} "
                  f"{rss_before:9.0f} → {_rss_mb(server):6.0f} {os.getloadavg()[0]:5.1f}  {dict(by_kind)}",
                  flush=True)
            for error in errors[:3]:
                print(f"    error: {error}")
            if reader:
                print(f"    pages read during the step by one logged-in user (ms), load {os.getloadavg()[0]:.1f}:")
                for path, samples in reader.samples.items():
                    if samples:
                        print(f"    {path:32} n={len(samples):3} p50 {percentile(samples, 50):7.1f}  "
                              f"p95 {percentile(samples, 95):7.1f}", flush=True)
    finally:
        stop_processes(server)
        log.close()
