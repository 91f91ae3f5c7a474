"""The Python SDK (clients/python, package `fretes-client`): its version is the API's, it ships its types, and CI
builds its wheel, installs it in a fresh virtual environment (where httpx is) and there runs its ERP example and
scripts/api_clients/sdk_file_name_check.py (a PDF keeps the server's file name): scripts/check_openapi.sh."""
import tomllib
from pathlib import Path

from core.openapi import VERSION

SDK = Path(__file__).parents[2] / "clients" / "python"


def test_the_package_is_versioned_as_the_api_and_ships_its_types():
    project = tomllib.loads((SDK / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == "fretes-client"
    assert project["version"] == VERSION
    assert (SDK / "fretes_api_client" / "py.typed").is_file()
