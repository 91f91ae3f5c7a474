"""Writes the OpenAPI document the app serves (with its recorded examples) to the file given as argument. The CIOT
creation example's dates are relative to the day the document is served; here they are those of a fixed day, so
that the clients generated from this file (the Postman collection carries the examples) are the same any day."""
import json
import sys
from datetime import date

from app import create_app
from blueprints.api.docs import document_of

REFERENCE_DAY = date(2026, 11, 27)


def main(out_path: str) -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "openapi-dump", "REDIS_URL": ""})
    with app.test_client() as client:
        response = client.get("/api/public/v1/openapi.json")  # the app serves it (routes and schemas all load)
        if response.status_code != 200:
            raise SystemExit(f"GET /api/public/v1/openapi.json answered {response.status_code}")
    with app.app_context(), open(out_path, "w", encoding="utf-8") as fh:
        json.dump(document_of(REFERENCE_DAY), fh, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
