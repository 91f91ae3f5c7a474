"""Writes the OpenAPI document the app serves (with its recorded examples) to the file given as argument."""
import json
import sys

from app import create_app


def main(out_path: str) -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "openapi-dump", "REDIS_URL": ""})
    with app.test_client() as client:
        response = client.get("/api/public/v1/openapi.json")
        if response.status_code != 200:
            raise SystemExit(f"GET /api/public/v1/openapi.json answered {response.status_code}")
        with open(out_path, "w", encoding="utf-8") as fh:
            json.dump(response.get_json(), fh, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
