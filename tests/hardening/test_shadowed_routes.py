"""A static API path is not taken for an id by its variable sibling: PATCH /leads/count and PATCH /drivers/bulk are
405 with `Allow` naming the path's methods (they were routed to /leads/<id> and /drivers/<id>)."""
import pytest

from core.api import REGISTRY
from core.api_routing import refuse_shadowed_methods
from tests.fixtures.core import API


@pytest.mark.parametrize("method,path,allowed", [("PATCH", "/leads/count", {"GET"}),
                                                 ("DELETE", "/drivers/bulk", {"POST"}),
                                                 ("PATCH", "/drivers/bulk", {"POST"})])
def test_a_static_path_answers_405_for_its_siblings_methods(api, method, path, allowed):
    response = api.client.open(API + path, method=method, json={"status": "novo"}, headers={"X-API-Key": api.key})
    assert response.status_code == 405, response.get_json()
    assert response.get_json()["error"]["code"] == "method_not_allowed"
    assert allowed <= set(response.headers["Allow"].split(", "))


def test_the_static_paths_still_answer_their_own_methods(api):
    assert api.get("/leads/count").status_code == 200
    bulk = api.post("/drivers/bulk", json={"drivers": []})  # reached: its own 400 naming `items`, not a 405
    assert bulk.status_code == 400 and [d["field"] for d in bulk.get_json()["error"]["details"]] == ["items"]


def test_every_shadowed_static_path_is_covered():
    from flask import Blueprint
    added = dict(refuse_shadowed_methods(Blueprint("probe", __name__), REGISTRY))
    assert added["/leads/count"] == ("PATCH",) and "PATCH" in added["/drivers/bulk"]
