from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.list_payables_status_type_0 import ListPayablesStatusType0
from ...models.list_payables_x_service_signature_version import ListPayablesXServiceSignatureVersion
from ...models.payable_list import PayableList
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime



def _get_kwargs(
    *,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    status: ListPayablesStatusType0 | None | Unset = UNSET,
    date_from: datetime.date | None | Unset = UNSET,
    date_to: datetime.date | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListPayablesXServiceSignatureVersion | Unset = UNSET,

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
    elif isinstance(status, ListPayablesStatusType0):
        json_status = status.value
    else:
        json_status = status
    params["status"] = json_status

    json_date_from: None | str | Unset
    if isinstance(date_from, Unset):
        json_date_from = UNSET
    elif isinstance(date_from, datetime.date):
        json_date_from = date_from.isoformat()
    else:
        json_date_from = date_from
    params["date_from"] = json_date_from

    json_date_to: None | str | Unset
    if isinstance(date_to, Unset):
        json_date_to = UNSET
    elif isinstance(date_to, datetime.date):
        json_date_to = date_to.isoformat()
    else:
        json_date_to = date_to
    params["date_to"] = json_date_to


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/v1/finance/payables",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | PayableList | ServerError | None:
    if response.status_code == 200:
        response_200 = PayableList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | PayableList | ServerError]:
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
    status: ListPayablesStatusType0 | None | Unset = UNSET,
    date_from: datetime.date | None | Unset = UNSET,
    date_to: datetime.date | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListPayablesXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | PayableList | ServerError]:
    """ Lista títulos a pagar (status, date_from/date_to no vencimento), por vencimento crescente.

     Lista títulos a pagar (status, date_from/date_to no vencimento), por vencimento crescente.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (ListPayablesStatusType0 | None | Unset):
        date_from (datetime.date | None | Unset):
        date_to (datetime.date | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListPayablesXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PayableList | ServerError]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
status=status,
date_from=date_from,
date_to=date_to,
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
    status: ListPayablesStatusType0 | None | Unset = UNSET,
    date_from: datetime.date | None | Unset = UNSET,
    date_to: datetime.date | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListPayablesXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | PayableList | ServerError | None:
    """ Lista títulos a pagar (status, date_from/date_to no vencimento), por vencimento crescente.

     Lista títulos a pagar (status, date_from/date_to no vencimento), por vencimento crescente.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (ListPayablesStatusType0 | None | Unset):
        date_from (datetime.date | None | Unset):
        date_to (datetime.date | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListPayablesXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PayableList | ServerError
     """


    return sync_detailed(
        client=client,
limit=limit,
cursor=cursor,
status=status,
date_from=date_from,
date_to=date_to,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    status: ListPayablesStatusType0 | None | Unset = UNSET,
    date_from: datetime.date | None | Unset = UNSET,
    date_to: datetime.date | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListPayablesXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | PayableList | ServerError]:
    """ Lista títulos a pagar (status, date_from/date_to no vencimento), por vencimento crescente.

     Lista títulos a pagar (status, date_from/date_to no vencimento), por vencimento crescente.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (ListPayablesStatusType0 | None | Unset):
        date_from (datetime.date | None | Unset):
        date_to (datetime.date | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListPayablesXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PayableList | ServerError]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
status=status,
date_from=date_from,
date_to=date_to,
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
    status: ListPayablesStatusType0 | None | Unset = UNSET,
    date_from: datetime.date | None | Unset = UNSET,
    date_to: datetime.date | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListPayablesXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | PayableList | ServerError | None:
    """ Lista títulos a pagar (status, date_from/date_to no vencimento), por vencimento crescente.

     Lista títulos a pagar (status, date_from/date_to no vencimento), por vencimento crescente.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        status (ListPayablesStatusType0 | None | Unset):
        date_from (datetime.date | None | Unset):
        date_to (datetime.date | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListPayablesXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PayableList | ServerError
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
cursor=cursor,
status=status,
date_from=date_from,
date_to=date_to,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )).parsed
