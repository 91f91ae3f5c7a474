from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.download_ciot_agregado_pdf_x_service_signature_version import DownloadCiotAgregadoPdfXServiceSignatureVersion
from ...models.server_error import ServerError
from ...types import File, FileTypes
from ...types import UNSET, Unset
from io import BytesIO
from typing import cast
from uuid import UUID



def _get_kwargs(
    agregado_id: UUID,
    *,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DownloadCiotAgregadoPdfXServiceSignatureVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_service_signature, Unset):
        headers["X-Service-Signature"] = x_service_signature

    if not isinstance(x_service_timestamp, Unset):
        headers["X-Service-Timestamp"] = x_service_timestamp

    if not isinstance(x_service_signature_version, Unset):
        headers["X-Service-Signature-Version"] = str(x_service_signature_version)




    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/v1/ciot-agregado/operations/{agregado_id}/pdf".format(agregado_id=quote(str(agregado_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | File | ServerError | None:
    if response.status_code == 200:
        response_200 = File(
             payload = BytesIO(response.content),
             file_name = response.headers.get("content-disposition", "").partition('filename="')[2].partition('"')[0] or None,
             mime_type = response.headers.get("content-type"),
        )



        return response_200

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ApiError.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ApiError.from_dict(response.json())



        return response_404

    if response.status_code == 414:
        response_414 = ApiError.from_dict(response.json())



        return response_414

    if response.status_code == 500:
        response_500 = ServerError.from_dict(response.json())



        return response_500

    if response.status_code == 503:
        response_503 = ServerError.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | File | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agregado_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DownloadCiotAgregadoPdfXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | File | ServerError]:
    """ PDF do contrato em qualquer status (homologação com marca d'água).

     PDF do contrato em qualquer status (homologação com marca d'água).

    Escopo da chave: `read`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DownloadCiotAgregadoPdfXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | File | ServerError]
     """


    kwargs = _get_kwargs(
        agregado_id=agregado_id,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agregado_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DownloadCiotAgregadoPdfXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | File | ServerError | None:
    """ PDF do contrato em qualquer status (homologação com marca d'água).

     PDF do contrato em qualquer status (homologação com marca d'água).

    Escopo da chave: `read`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DownloadCiotAgregadoPdfXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | File | ServerError
     """


    return sync_detailed(
        agregado_id=agregado_id,
client=client,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    ).parsed

async def asyncio_detailed(
    agregado_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DownloadCiotAgregadoPdfXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | File | ServerError]:
    """ PDF do contrato em qualquer status (homologação com marca d'água).

     PDF do contrato em qualquer status (homologação com marca d'água).

    Escopo da chave: `read`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DownloadCiotAgregadoPdfXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | File | ServerError]
     """


    kwargs = _get_kwargs(
        agregado_id=agregado_id,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agregado_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DownloadCiotAgregadoPdfXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | File | ServerError | None:
    """ PDF do contrato em qualquer status (homologação com marca d'água).

     PDF do contrato em qualquer status (homologação com marca d'água).

    Escopo da chave: `read`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DownloadCiotAgregadoPdfXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | File | ServerError
     """


    return (await asyncio_detailed(
        agregado_id=agregado_id,
client=client,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )).parsed
