from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.get_methodology_x_service_signature_version import GetMethodologyXServiceSignatureVersion
from ...models.methodology_response import MethodologyResponse
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    methodology_id: UUID,
    *,
    version: int | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: GetMethodologyXServiceSignatureVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_service_signature, Unset):
        headers["X-Service-Signature"] = x_service_signature

    if not isinstance(x_service_timestamp, Unset):
        headers["X-Service-Timestamp"] = x_service_timestamp

    if not isinstance(x_service_signature_version, Unset):
        headers["X-Service-Signature-Version"] = str(x_service_signature_version)




    

    params: dict[str, Any] = {}

    json_version: int | None | Unset
    if isinstance(version, Unset):
        json_version = UNSET
    else:
        json_version = version
    params["version"] = json_version


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/v1/methodologies/{methodology_id}".format(methodology_id=quote(str(methodology_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | MethodologyResponse | ServerError | None:
    if response.status_code == 200:
        response_200 = MethodologyResponse.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())



        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | MethodologyResponse | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    methodology_id: UUID,
    *,
    client: AuthenticatedClient,
    version: int | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: GetMethodologyXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | MethodologyResponse | ServerError]:
    """ Uma metodologia na versão atual, ou na versão pedida em `version`.

     Uma metodologia na versão atual, ou na versão pedida em `version`.

    Escopo da chave: `read`.

    Args:
        methodology_id (UUID):
        version (int | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (GetMethodologyXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MethodologyResponse | ServerError]
     """


    kwargs = _get_kwargs(
        methodology_id=methodology_id,
version=version,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    methodology_id: UUID,
    *,
    client: AuthenticatedClient,
    version: int | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: GetMethodologyXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | MethodologyResponse | ServerError | None:
    """ Uma metodologia na versão atual, ou na versão pedida em `version`.

     Uma metodologia na versão atual, ou na versão pedida em `version`.

    Escopo da chave: `read`.

    Args:
        methodology_id (UUID):
        version (int | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (GetMethodologyXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MethodologyResponse | ServerError
     """


    return sync_detailed(
        methodology_id=methodology_id,
client=client,
version=version,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    ).parsed

async def asyncio_detailed(
    methodology_id: UUID,
    *,
    client: AuthenticatedClient,
    version: int | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: GetMethodologyXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | MethodologyResponse | ServerError]:
    """ Uma metodologia na versão atual, ou na versão pedida em `version`.

     Uma metodologia na versão atual, ou na versão pedida em `version`.

    Escopo da chave: `read`.

    Args:
        methodology_id (UUID):
        version (int | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (GetMethodologyXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MethodologyResponse | ServerError]
     """


    kwargs = _get_kwargs(
        methodology_id=methodology_id,
version=version,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    methodology_id: UUID,
    *,
    client: AuthenticatedClient,
    version: int | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: GetMethodologyXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | MethodologyResponse | ServerError | None:
    """ Uma metodologia na versão atual, ou na versão pedida em `version`.

     Uma metodologia na versão atual, ou na versão pedida em `version`.

    Escopo da chave: `read`.

    Args:
        methodology_id (UUID):
        version (int | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (GetMethodologyXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MethodologyResponse | ServerError
     """


    return (await asyncio_detailed(
        methodology_id=methodology_id,
client=client,
version=version,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )).parsed
