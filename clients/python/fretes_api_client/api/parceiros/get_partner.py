from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.get_partner_x_service_signature_version import GetPartnerXServiceSignatureVersion
from ...models.partner_detail_response import PartnerDetailResponse
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    partner_id: UUID,
    *,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: GetPartnerXServiceSignatureVersion | Unset = UNSET,

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
        "url": "/api/public/v1/partners/{partner_id}".format(partner_id=quote(str(partner_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | PartnerDetailResponse | ServerError | None:
    if response.status_code == 200:
        response_200 = PartnerDetailResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | PartnerDetailResponse | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    partner_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: GetPartnerXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | PartnerDetailResponse | ServerError]:
    """ Um parceiro, com suas contas bancárias.

     Um parceiro, com suas contas bancárias.

    Escopo da chave: `read`.

    Args:
        partner_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (GetPartnerXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PartnerDetailResponse | ServerError]
     """


    kwargs = _get_kwargs(
        partner_id=partner_id,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    partner_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: GetPartnerXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | PartnerDetailResponse | ServerError | None:
    """ Um parceiro, com suas contas bancárias.

     Um parceiro, com suas contas bancárias.

    Escopo da chave: `read`.

    Args:
        partner_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (GetPartnerXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PartnerDetailResponse | ServerError
     """


    return sync_detailed(
        partner_id=partner_id,
client=client,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    ).parsed

async def asyncio_detailed(
    partner_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: GetPartnerXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | PartnerDetailResponse | ServerError]:
    """ Um parceiro, com suas contas bancárias.

     Um parceiro, com suas contas bancárias.

    Escopo da chave: `read`.

    Args:
        partner_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (GetPartnerXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PartnerDetailResponse | ServerError]
     """


    kwargs = _get_kwargs(
        partner_id=partner_id,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    partner_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: GetPartnerXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | PartnerDetailResponse | ServerError | None:
    """ Um parceiro, com suas contas bancárias.

     Um parceiro, com suas contas bancárias.

    Escopo da chave: `read`.

    Args:
        partner_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (GetPartnerXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PartnerDetailResponse | ServerError
     """


    return (await asyncio_detailed(
        partner_id=partner_id,
client=client,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )).parsed
