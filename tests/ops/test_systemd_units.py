"""deploy/systemd: every unit passes `systemd-analyze verify` (with /opt/fretes mapped onto this checkout and its
virtualenv, so the commands it names exist), warnings included; skipped where systemd-analyze is missing."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "deploy" / "systemd"
pytestmark = pytest.mark.skipif(not shutil.which("systemd-analyze"),
                                reason="systemd-analyze is not installed on this machine: units not verified")


def installed_copy(tmp_path: Path, edit=lambda text: text) -> list[Path]:
    """The units as an install would place them, paths pointing here; the worker template also as an instance."""
    paths = []
    for unit in sorted(UNITS.glob("fretes*")):
        if unit.suffix not in (".service", ".timer", ".target"):
            continue
        text = edit(unit.read_text().replace("/opt/fretes/.venv", sys.prefix).replace("/opt/fretes", str(ROOT)))
        names = [unit.name, "fretes-worker@emission-1.service"] if unit.name == "fretes-worker@.service" \
            else [unit.name]
        for name in names:
            (tmp_path / name).write_text(text)
            paths.append(tmp_path / name)
    return paths


def verify(paths: list[Path]) -> subprocess.CompletedProcess:
    return subprocess.run(["systemd-analyze", "verify", *map(str, paths)], cwd=paths[0].parent,
                          capture_output=True, text=True, timeout=120, check=False)


def test_the_unit_set_is_complete():
    names = {p.name for p in UNITS.iterdir()}
    assert {"fretes-web.service", "fretes-worker@.service", "fretes-cron.service", "fretes-migrate.service",
            "fretes.target", "fretes-backup.service", "fretes-backup.timer", "fretes.env.example"} <= names


def test_every_unit_verifies_without_a_warning(tmp_path):
    result = verify(installed_copy(tmp_path))
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr


def test_a_broken_unit_is_reported(tmp_path):
    result = verify(installed_copy(tmp_path, lambda text: text.replace("ExecStart=", "ExecStrat=", 1)))
    assert "Unknown key" in result.stderr or result.returncode != 0
