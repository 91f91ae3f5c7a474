"""Run by bench_freights.py --in-process, in the directory (and on the PYTHONPATH) of the tree measured: the list
request through that tree's app and Flask's test client, CPU time per request (`time.process_time`), and with
`--profile` where it goes (cProfile on the same clock, the functions of largest cumulative time); with `--wall`, the
wall-clock time per request instead (what the caller waits, round trips to the database included).

    python bench/_freights_in_process.py <database url> <api key> <requests> [--profile N | --wall]
"""
import cProfile
import logging
import os
import pstats
import statistics
import sys
import tempfile
import time

PATH = "/api/public/v1/freights?limit=50"


def main() -> None:
    url, key, requests = sys.argv[1], sys.argv[2], int(sys.argv[3])
    profile_lines = int(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[4] == "--profile" else 0
    clock = time.perf_counter if "--wall" in sys.argv[4:] else time.process_time
    sys.path.insert(0, os.getcwd())
    from app import create_app
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench-secret", "REDIS_URL": "",
                      "INSTANCE_PATH": tempfile.mkdtemp(prefix="bench-freights-in-process-"), "JOBS_INLINE": True})
    for handler in logging.getLogger().handlers:  # the request log formatted as in production, written nowhere
        if getattr(handler, "fretes", False):
            handler.setStream(open(os.devnull, "w"))  # noqa: SIM115 (kept open for the process)
    client = app.test_client()

    def call():
        response = client.get(PATH, headers={"X-API-Key": key})
        assert response.status_code == 200, response.data[:300]
    for _ in range(50):  # warm-up: the pool's connection, the compiled statements, the server's prepared ones
        call()
    if profile_lines:
        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
        for _ in range(requests):
            call()
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(profile_lines)
        return
    spent = []
    for _ in range(requests):
        started = clock()
        call()
        spent.append(clock() - started)
    print(f"{statistics.median(spent) * 1000:.3f}")


if __name__ == "__main__":
    main()
