"""Run with the `fretes-client` wheel installed (scripts/check_openapi.sh): a downloaded PDF comes back as a File with
the name the server gave it in Content-Disposition and the answer's type; without the header, no name."""
from http import HTTPStatus

import httpx
from fretes_api_client import AuthenticatedClient
from fretes_api_client.api.ciot import download_ciot_operation_pdf
from fretes_api_client.types import File


def check(condition: bool, detail: object) -> None:
    if not condition:
        raise SystemExit(f"fretes-client file name check failed: {detail}")


def pdf_answer(disposition: str | None) -> httpx.Response:
    headers = {"Content-Type": "application/pdf"} | ({"Content-Disposition": disposition} if disposition else {})
    return httpx.Response(HTTPStatus.OK, headers=headers, content=b"%PDF-1.4 ...")


client = AuthenticatedClient(base_url="http://127.0.0.1", token="flk_x.y")  # noqa: S106 (no call is made)
named = download_ciot_operation_pdf._parse_response(
    client=client, response=pdf_answer('attachment; filename="ciot-000123.pdf"'))
check(isinstance(named, File), named)
check((named.file_name, named.mime_type, named.payload.read()) == ("ciot-000123.pdf", "application/pdf",
                                                                   b"%PDF-1.4 ..."), named)
unnamed = download_ciot_operation_pdf._parse_response(client=client, response=pdf_answer(None))
check(isinstance(unnamed, File) and unnamed.file_name is None, unnamed)
print("fretes-client: a downloaded PDF keeps its file name (Content-Disposition)")
