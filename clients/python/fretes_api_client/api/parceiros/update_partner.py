from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.conflict_error import ConflictError
from ...models.partner_response import PartnerResponse
from ...models.partner_update import PartnerUpdate
from ...models.server_error import ServerError
from ...models.update_partner_x_service_signature_version import UpdatePartnerXServiceSignatureVersion
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    partner_id: UUID,
    *,
    body: PartnerUpdate,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: UpdatePartnerXServiceSignatureVersion | Unset = UNSET,

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
        "url": "/api/public/v1/partners/{partner_id}".format(partner_id=quote(str(partner_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | ConflictError | PartnerResponse | ServerError | None:
    if response.status_code == 200:
        response_200 = PartnerResponse.from_dict(response.json())



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

    if response.status_code == 409:
        response_409 = ConflictError.from_dict(response.json())



        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | ConflictError | PartnerResponse | ServerError]:
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
    body: PartnerUpdate,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: UpdatePartnerXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | ConflictError | PartnerResponse | ServerError]:
    """ Altera os campos enviados; is_active=false desativa (não há DELETE).

     Altera os campos enviados; is_active=false desativa (não há DELETE).

    Escopo da chave: `write`.

    Args:
        partner_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (UpdatePartnerXServiceSignatureVersion | Unset):
        body (PartnerUpdate): PATCH body: any subset of the partner's fields. A sent `null` clears
            an optional field; the required
            ones (typed without `| None`) refuse it, and the OpenAPI document says so.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | ConflictError | PartnerResponse | ServerError]
     """


    kwargs = _get_kwargs(
        partner_id=partner_id,
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
    partner_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PartnerUpdate,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: UpdatePartnerXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | ConflictError | PartnerResponse | ServerError | None:
    """ Altera os campos enviados; is_active=false desativa (não há DELETE).

     Altera os campos enviados; is_active=false desativa (não há DELETE).

    Escopo da chave: `write`.

    Args:
        partner_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (UpdatePartnerXServiceSignatureVersion | Unset):
        body (PartnerUpdate): PATCH body: any subset of the partner's fields. A sent `null` clears
            an optional field; the required
            ones (typed without `| None`) refuse it, and the OpenAPI document says so.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | ConflictError | PartnerResponse | ServerError
     """


    return sync_detailed(
        partner_id=partner_id,
client=client,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    ).parsed

async def asyncio_detailed(
    partner_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PartnerUpdate,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: UpdatePartnerXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | ConflictError | PartnerResponse | ServerError]:
    """ Altera os campos enviados; is_active=false desativa (não há DELETE).

     Altera os campos enviados; is_active=false desativa (não há DELETE).

    Escopo da chave: `write`.

    Args:
        partner_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (UpdatePartnerXServiceSignatureVersion | Unset):
        body (PartnerUpdate): PATCH body: any subset of the partner's fields. A sent `null` clears
            an optional field; the required
            ones (typed without `| None`) refuse it, and the OpenAPI document says so.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | ConflictError | PartnerResponse | ServerError]
     """


    kwargs = _get_kwargs(
        partner_id=partner_id,
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
    partner_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PartnerUpdate,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: UpdatePartnerXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | ConflictError | PartnerResponse | ServerError | None:
    """ Altera os campos enviados; is_active=false desativa (não há DELETE).

     Altera os campos enviados; is_active=false desativa (não há DELETE).

    Escopo da chave: `write`.

    Args:
        partner_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (UpdatePartnerXServiceSignatureVersion | Unset):
        body (PartnerUpdate): PATCH body: any subset of the partner's fields. A sent `null` clears
            an optional field; the required
            ones (typed without `| None`) refuse it, and the OpenAPI document says so.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | ConflictError | PartnerResponse | ServerError
     """


    return (await asyncio_detailed(
        partner_id=partner_id,
client=client,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )).parsed
