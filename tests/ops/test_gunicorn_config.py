"""core/gunicorn_settings.py (./gunicorn.conf.py in a checkout): what two instances on one machine must not share."""
import os
import runpy
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def settings(monkeypatch, instance_path: str | None) -> dict:
    # set (not deleted) so that monkeypatch removes it again: the file sets it when absent, and a leftover value
    # would put every later test of this process in Prometheus' multiprocess mode
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", os.path.join(os.path.dirname(__file__), "unused"))
    if instance_path is None:
        monkeypatch.delenv("INSTANCE_PATH", raising=False)
    else:
        monkeypatch.setenv("INSTANCE_PATH", instance_path)
    return runpy.run_module("core.gunicorn_settings")  # evaluated afresh each time, as each gunicorn start does


def test_each_instance_has_its_own_control_socket(monkeypatch, tmp_path):
    first = settings(monkeypatch, str(tmp_path / "a"))["control_socket"]
    second = settings(monkeypatch, str(tmp_path / "b"))["control_socket"]
    assert first == str(tmp_path / "a" / "gunicorn.ctl") and second == str(tmp_path / "b" / "gunicorn.ctl")
    # gunicorn's own default is one path per user ($XDG_RUNTIME_DIR or ~/.gunicorn), shared by every instance
    assert not first.startswith(os.path.expanduser("~/.gunicorn"))


def test_without_an_instance_path_the_socket_is_the_master_process_own(monkeypatch):
    socket = settings(monkeypatch, None)["control_socket"]
    assert socket.endswith(f"gunicorn-{os.getuid()}-{os.getpid()}.ctl")


def test_each_worker_collects_garbage_less_often_than_pythons_default(monkeypatch):
    import gc
    before = gc.get_threshold()
    monkeypatch.delenv("GC_THRESHOLD", raising=False)
    conf = settings(monkeypatch, None)
    try:
        conf["post_worker_init"](None)
        assert gc.get_threshold() == (50_000, 20, 20)
        monkeypatch.setenv("GC_THRESHOLD", "1000,10,10")
        conf = settings(monkeypatch, None)
        conf["post_worker_init"](None)
        assert gc.get_threshold() == (1000, 10, 10)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_a_malformed_gc_threshold_stops_gunicorn_naming_the_variable(monkeypatch):
    import pytest
    for bad in ("0,10,10", "50000,20", "abc,1,1", "-1,10,10"):  # 0 would turn the collector off
        monkeypatch.setenv("GC_THRESHOLD", bad)
        with pytest.raises(SystemExit, match="GC_THRESHOLD"):
            settings(monkeypatch, None)  # when gunicorn loads the file, before any worker starts


def test_the_checkout_config_file_is_the_packages_settings(monkeypatch, tmp_path):
    settings(monkeypatch, str(tmp_path))  # the environment the settings set, set through monkeypatch (undone after)
    names = runpy.run_path(str(REPO / "gunicorn.conf.py"))
    for hook in ("on_starting", "post_worker_init", "child_exit", "on_exit", "control_socket", "GC_THRESHOLDS"):
        assert hook in names, hook
