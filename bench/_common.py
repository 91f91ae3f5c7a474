"""Shared by the benchmarks: an app on a scratch database, and percentile/ratio reporting."""
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere, no install needed


def bench_app():
    """The real app on DATABASE_URL (point it at a scratch database) or a throwaway SQLite file."""
    from app import create_app
    from core.db import db

    tmp = tempfile.mkdtemp(prefix="fretes-bench-")
    app = create_app({"SQLALCHEMY_DATABASE_URI": os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/bench.db",
                      "INSTANCE_PATH": tmp, "JOBS_INLINE": True, "REDIS_URL": ""})
    with app.app_context():
        db.create_all()
    return app


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(name_a: str, a: list[float], name_b: str, b: list[float]) -> None:
    """Times in seconds; prints ms per call and the a/b ratio at p50 and p99."""
    width = max(len(name_a), len(name_b))
    for name, samples in ((name_a, a), (name_b, b)):
        print(f"{name:<{width}}  p50 {percentile(samples, 50) * 1000:8.3f} ms"
              f"   p99 {percentile(samples, 99) * 1000:8.3f} ms"
              f"   mean {statistics.fmean(samples) * 1000:8.3f} ms   n={len(samples)}")
    print(f"ratio {name_a} / {name_b}:  p50 {percentile(a, 50) / percentile(b, 50):.2f}x   "
          f"p99 {percentile(a, 99) / percentile(b, 99):.2f}x")
