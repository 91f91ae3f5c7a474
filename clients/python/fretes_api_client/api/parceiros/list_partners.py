from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.list_partners_role_type_0 import ListPartnersRoleType0
from ...models.list_partners_x_service_signature_version import ListPartnersXServiceSignatureVersion
from ...models.partner_list import PartnerList
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime



def _get_kwargs(
    *,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    q: None | str | Unset = UNSET,
    role: ListPartnersRoleType0 | None | Unset = UNSET,
    only_active: bool | Unset = False,
    created_before: datetime.datetime | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListPartnersXServiceSignatureVersion | Unset = UNSET,

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

    json_q: None | str | Unset
    if isinstance(q, Unset):
        json_q = UNSET
    else:
        json_q = q
    params["q"] = json_q

    json_role: None | str | Unset
    if isinstance(role, Unset):
        json_role = UNSET
    elif isinstance(role, ListPartnersRoleType0):
        json_role = role.value
    else:
        json_role = role
    params["role"] = json_role

    params["only_active"] = only_active

    json_created_before: None | str | Unset
    if isinstance(created_before, Unset):
        json_created_before = UNSET
    elif isinstance(created_before, datetime.datetime):
        json_created_before = created_before.isoformat()
    else:
        json_created_before = created_before
    params["created_before"] = json_created_before


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/v1/partners",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | PartnerList | ServerError | None:
    if response.status_code == 200:
        response_200 = PartnerList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | PartnerList | ServerError]:
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
    q: None | str | Unset = UNSET,
    role: ListPartnersRoleType0 | None | Unset = UNSET,
    only_active: bool | Unset = False,
    created_before: datetime.datetime | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListPartnersXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | PartnerList | ServerError]:
    """ Lista parceiros (q, role, only_active, created_before), mais novos primeiro.

     Lista parceiros (q, role, only_active, created_before), mais novos primeiro.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        q (None | str | Unset):
        role (ListPartnersRoleType0 | None | Unset):
        only_active (bool | Unset):  Default: False.
        created_before (datetime.datetime | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListPartnersXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PartnerList | ServerError]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
q=q,
role=role,
only_active=only_active,
created_before=created_before,
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
    q: None | str | Unset = UNSET,
    role: ListPartnersRoleType0 | None | Unset = UNSET,
    only_active: bool | Unset = False,
    created_before: datetime.datetime | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListPartnersXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | PartnerList | ServerError | None:
    """ Lista parceiros (q, role, only_active, created_before), mais novos primeiro.

     Lista parceiros (q, role, only_active, created_before), mais novos primeiro.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        q (None | str | Unset):
        role (ListPartnersRoleType0 | None | Unset):
        only_active (bool | Unset):  Default: False.
        created_before (datetime.datetime | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListPartnersXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PartnerList | ServerError
     """


    return sync_detailed(
        client=client,
limit=limit,
cursor=cursor,
q=q,
role=role,
only_active=only_active,
created_before=created_before,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    q: None | str | Unset = UNSET,
    role: ListPartnersRoleType0 | None | Unset = UNSET,
    only_active: bool | Unset = False,
    created_before: datetime.datetime | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListPartnersXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | PartnerList | ServerError]:
    """ Lista parceiros (q, role, only_active, created_before), mais novos primeiro.

     Lista parceiros (q, role, only_active, created_before), mais novos primeiro.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        q (None | str | Unset):
        role (ListPartnersRoleType0 | None | Unset):
        only_active (bool | Unset):  Default: False.
        created_before (datetime.datetime | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListPartnersXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PartnerList | ServerError]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
q=q,
role=role,
only_active=only_active,
created_before=created_before,
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
    q: None | str | Unset = UNSET,
    role: ListPartnersRoleType0 | None | Unset = UNSET,
    only_active: bool | Unset = False,
    created_before: datetime.datetime | None | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: ListPartnersXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | PartnerList | ServerError | None:
    """ Lista parceiros (q, role, only_active, created_before), mais novos primeiro.

     Lista parceiros (q, role, only_active, created_before), mais novos primeiro.

    Escopo da chave: `read`.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        q (None | str | Unset):
        role (ListPartnersRoleType0 | None | Unset):
        only_active (bool | Unset):  Default: False.
        created_before (datetime.datetime | None | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (ListPartnersXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PartnerList | ServerError
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
cursor=cursor,
q=q,
role=role,
only_active=only_active,
created_before=created_before,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )).parsed
