from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.lead_status_change import LeadStatusChange
from ...models.marketplace_lead_response import MarketplaceLeadResponse
from ...models.server_error import ServerError
from ...models.update_lead_status_x_service_signature_version import UpdateLeadStatusXServiceSignatureVersion
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    lead_id: UUID,
    *,
    body: LeadStatusChange,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: UpdateLeadStatusXServiceSignatureVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_service_signature, Unset):
        headers["X-Service-Signature"] = x_service_signature

    if not isinstance(x_service_timestamp, Unset):
        headers["X-Service-Timestamp"] = x_service_timestamp

    if not isinstance(x_service_signature_version, Unset):
        headers["X-Service-Signature-Version"] = str(x_service_signature_version)




    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/public/v1/leads/{lead_id}".format(lead_id=quote(str(lead_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | MarketplaceLeadResponse | ServerError | None:
    if response.status_code == 200:
        response_200 = MarketplaceLeadResponse.from_dict(response.json())



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

    if response.status_code == 413:
        response_413 = ApiError.from_dict(response.json())



        return response_413

    if response.status_code == 414:
        response_414 = ApiError.from_dict(response.json())



        return response_414

    if response.status_code == 415:
        response_415 = ApiError.from_dict(response.json())



        return response_415

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | MarketplaceLeadResponse | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    lead_id: UUID,
    *,
    client: AuthenticatedClient,
    body: LeadStatusChange,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: UpdateLeadStatusXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | MarketplaceLeadResponse | ServerError]:
    """ Muda o status do lead (novo, contatado, convertido, descartado).

     Muda o status do lead (novo, contatado, convertido, descartado).

    Escopo da chave: `write`.

    Args:
        lead_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (UpdateLeadStatusXServiceSignatureVersion | Unset):
        body (LeadStatusChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MarketplaceLeadResponse | ServerError]
     """


    kwargs = _get_kwargs(
        lead_id=lead_id,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    lead_id: UUID,
    *,
    client: AuthenticatedClient,
    body: LeadStatusChange,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: UpdateLeadStatusXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | MarketplaceLeadResponse | ServerError | None:
    """ Muda o status do lead (novo, contatado, convertido, descartado).

     Muda o status do lead (novo, contatado, convertido, descartado).

    Escopo da chave: `write`.

    Args:
        lead_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (UpdateLeadStatusXServiceSignatureVersion | Unset):
        body (LeadStatusChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MarketplaceLeadResponse | ServerError
     """


    return sync_detailed(
        lead_id=lead_id,
client=client,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    ).parsed

async def asyncio_detailed(
    lead_id: UUID,
    *,
    client: AuthenticatedClient,
    body: LeadStatusChange,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: UpdateLeadStatusXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | MarketplaceLeadResponse | ServerError]:
    """ Muda o status do lead (novo, contatado, convertido, descartado).

     Muda o status do lead (novo, contatado, convertido, descartado).

    Escopo da chave: `write`.

    Args:
        lead_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (UpdateLeadStatusXServiceSignatureVersion | Unset):
        body (LeadStatusChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MarketplaceLeadResponse | ServerError]
     """


    kwargs = _get_kwargs(
        lead_id=lead_id,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    lead_id: UUID,
    *,
    client: AuthenticatedClient,
    body: LeadStatusChange,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: UpdateLeadStatusXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | MarketplaceLeadResponse | ServerError | None:
    """ Muda o status do lead (novo, contatado, convertido, descartado).

     Muda o status do lead (novo, contatado, convertido, descartado).

    Escopo da chave: `write`.

    Args:
        lead_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (UpdateLeadStatusXServiceSignatureVersion | Unset):
        body (LeadStatusChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MarketplaceLeadResponse | ServerError
     """


    return (await asyncio_detailed(
        lead_id=lead_id,
client=client,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )).parsed
