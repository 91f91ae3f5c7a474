from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.freight_list import FreightList
from ...models.list_freights_visibility_type_0 import ListFreightsVisibilityType0
from ...models.list_freights_x_service_signature_version import ListFreightsXServiceSignatureVersion
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime



def _get_kwargs(
    *,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    status: None | str | Unset = UNSET,
    visibility: ListFreightsVisibilityType0 | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    created_from: datetime.datetime | None | Unset = UNSET,
    created_to: datetime.datetime | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListFreightsXServiceSignatureVersion | Unset = UNSET,

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

    json_visibility: None | str | Unset
    if isinstance(visibility, Unset):
        json_visibility = UNSET
    elif isinstance(visibility, ListFreightsVisibilityType0):
        json_visibility = visibility.value
    else:
        json_visibility = visibility
    params["visibility"] = json_visibility

    json_q: None | str | Unset
    if isinstance(q, Unset):
        json_q = UNSET
    else:
        json_q = q
    params["q"] = json_q

    json_created_from: None | str | Unset
    if isinstance(created_from, Unset):
        json_created_from = UNSET
    elif isinstance(created_from, datetime.datetime):
        json_created_from = created_from.isoformat()
    else:
        json_created_from = created_from
    params["created_from"] = json_created_from

    json_created_to: None | str | Unset
    if isinstance(created_to, Unset):
        json_created_to = UNSET
    elif isinstance(created_to, datetime.datetime):
        json_created_to = created_to.isoformat()
    else:
        json_created_to = created_to
    params["created_to"] = json_created_to


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/v1/freights",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | FreightList | ServerError | None:
    if response.status_code == 200:
        response_200 = FreightList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | FreightList | ServerError]:
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
    visibility: ListFreightsVisibilityType0 | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    created_from: datetime.datetime | None | Unset = UNSET,
    created_to: datetime.datetime | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListFreightsXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | FreightList | ServerError]:
    """ Lista fretes (status, visibility, q, created_from/created_to), mais novos primeiro.

     Lista fretes (status, visibility, q, created_from/created_to), mais novos primeiro.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (None | str | Unset):
        visibility (ListFreightsVisibilityType0 | None | Unset):
        q (None | str | Unset):
        created_from (datetime.datetime | None | Unset):
        created_to (datetime.datetime | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListFreightsXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | FreightList | ServerError]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
status=status,
visibility=visibility,
q=q,
created_from=created_from,
created_to=created_to,
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
    visibility: ListFreightsVisibilityType0 | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    created_from: datetime.datetime | None | Unset = UNSET,
    created_to: datetime.datetime | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListFreightsXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | FreightList | ServerError | None:
    """ Lista fretes (status, visibility, q, created_from/created_to), mais novos primeiro.

     Lista fretes (status, visibility, q, created_from/created_to), mais novos primeiro.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (None | str | Unset):
        visibility (ListFreightsVisibilityType0 | None | Unset):
        q (None | str | Unset):
        created_from (datetime.datetime | None | Unset):
        created_to (datetime.datetime | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListFreightsXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | FreightList | ServerError
     """


    return sync_detailed(
        client=client,
limit=limit,
cursor=cursor,
status=status,
visibility=visibility,
q=q,
created_from=created_from,
created_to=created_to,
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
    visibility: ListFreightsVisibilityType0 | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    created_from: datetime.datetime | None | Unset = UNSET,
    created_to: datetime.datetime | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListFreightsXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | FreightList | ServerError]:
    """ Lista fretes (status, visibility, q, created_from/created_to), mais novos primeiro.

     Lista fretes (status, visibility, q, created_from/created_to), mais novos primeiro.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (None | str | Unset):
        visibility (ListFreightsVisibilityType0 | None | Unset):
        q (None | str | Unset):
        created_from (datetime.datetime | None | Unset):
        created_to (datetime.datetime | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListFreightsXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | FreightList | ServerError]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
status=status,
visibility=visibility,
q=q,
created_from=created_from,
created_to=created_to,
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
    visibility: ListFreightsVisibilityType0 | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    created_from: datetime.datetime | None | Unset = UNSET,
    created_to: datetime.datetime | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListFreightsXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | FreightList | ServerError | None:
    """ Lista fretes (status, visibility, q, created_from/created_to), mais novos primeiro.

     Lista fretes (status, visibility, q, created_from/created_to), mais novos primeiro.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (None | str | Unset):
        visibility (ListFreightsVisibilityType0 | None | Unset):
        q (None | str | Unset):
        created_from (datetime.datetime | None | Unset):
        created_to (datetime.datetime | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListFreightsXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | FreightList | ServerError
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
cursor=cursor,
status=status,
visibility=visibility,
q=q,
created_from=created_from,
created_to=created_to,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )).parsed
