from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.ciot_agregado_list import CiotAgregadoList
from ...models.list_ciot_agregados_x_service_signature_version import ListCiotAgregadosXServiceSignatureVersion
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    *,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    status: None | str | Unset = UNSET,
    partner_id: None | Unset | UUID = UNSET,
    q: None | str | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListCiotAgregadosXServiceSignatureVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_service_signature, Unset):
        headers["X-Service-Signature"] = x_service_signature

    if not isinstance(x_service_timestamp, Unset):
        headers["X-Service-Timestamp"] = x_service_timestamp

    if not isinstance(x_service_signature_version, Unset):
        headers["X-Service-Signature-Version"] = str(x_service_signature_version)




    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    else:
        json_status = status
    params["status"] = json_status

    json_partner_id: None | str | Unset
    if isinstance(partner_id, Unset):
        json_partner_id = UNSET
    elif isinstance(partner_id, UUID):
        json_partner_id = str(partner_id)
    else:
        json_partner_id = partner_id
    params["partner_id"] = json_partner_id

    json_q: None | str | Unset
    if isinstance(q, Unset):
        json_q = UNSET
    else:
        json_q = q
    params["q"] = json_q


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/v1/ciot-agregado/operations",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | CiotAgregadoList | ServerError | None:
    if response.status_code == 200:
        response_200 = CiotAgregadoList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | CiotAgregadoList | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    status: None | str | Unset = UNSET,
    partner_id: None | Unset | UUID = UNSET,
    q: None | str | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListCiotAgregadosXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | CiotAgregadoList | ServerError]:
    """ Lista os contratos de agregado (mais novos primeiro).

     Lista os contratos de agregado (mais novos primeiro).

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (None | str | Unset):
        partner_id (None | Unset | UUID):
        q (None | str | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListCiotAgregadosXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | CiotAgregadoList | ServerError]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
status=status,
partner_id=partner_id,
q=q,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    status: None | str | Unset = UNSET,
    partner_id: None | Unset | UUID = UNSET,
    q: None | str | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListCiotAgregadosXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | CiotAgregadoList | ServerError | None:
    """ Lista os contratos de agregado (mais novos primeiro).

     Lista os contratos de agregado (mais novos primeiro).

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (None | str | Unset):
        partner_id (None | Unset | UUID):
        q (None | str | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListCiotAgregadosXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | CiotAgregadoList | ServerError
     """


    return sync_detailed(
        client=client,
limit=limit,
cursor=cursor,
status=status,
partner_id=partner_id,
q=q,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    status: None | str | Unset = UNSET,
    partner_id: None | Unset | UUID = UNSET,
    q: None | str | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListCiotAgregadosXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | CiotAgregadoList | ServerError]:
    """ Lista os contratos de agregado (mais novos primeiro).

     Lista os contratos de agregado (mais novos primeiro).

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (None | str | Unset):
        partner_id (None | Unset | UUID):
        q (None | str | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListCiotAgregadosXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | CiotAgregadoList | ServerError]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
status=status,
partner_id=partner_id,
q=q,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    status: None | str | Unset = UNSET,
    partner_id: None | Unset | UUID = UNSET,
    q: None | str | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListCiotAgregadosXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | CiotAgregadoList | ServerError | None:
    """ Lista os contratos de agregado (mais novos primeiro).

     Lista os contratos de agregado (mais novos primeiro).

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (None | str | Unset):
        partner_id (None | Unset | UUID):
        q (None | str | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListCiotAgregadosXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | CiotAgregadoList | ServerError
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
cursor=cursor,
status=status,
partner_id=partner_id,
q=q,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )).parsed
