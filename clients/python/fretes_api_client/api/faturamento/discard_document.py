from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.billing_document_response import BillingDocumentResponse
from ...models.discard_document_x_service_signature_version import DiscardDocumentXServiceSignatureVersion
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    document_id: UUID,
    *,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DiscardDocumentXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_service_signature, Unset):
        headers["X-Service-Signature"] = x_service_signature

    if not isinstance(x_service_timestamp, Unset):
        headers["X-Service-Timestamp"] = x_service_timestamp

    if not isinstance(x_service_signature_version, Unset):
        headers["X-Service-Signature-Version"] = str(x_service_signature_version)


    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/public/v1/billing/documents/{document_id}/discard".format(document_id=quote(str(document_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | BillingDocumentResponse | ServerError | None:
    if response.status_code == 200:
        response_200 = BillingDocumentResponse.from_dict(response.json())



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
        response_409 = ApiError.from_dict(response.json())



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

    if response.status_code == 422:
        response_422 = ApiError.from_dict(response.json())



        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | BillingDocumentResponse | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    document_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DiscardDocumentXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiError | BillingDocumentResponse | ServerError]:
    """ Descarta um documento pendente (status descartado).

     Descarta um documento pendente (status descartado).

    Escopo da chave: `write`.

    Args:
        document_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DiscardDocumentXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | BillingDocumentResponse | ServerError]
     """


    kwargs = _get_kwargs(
        document_id=document_id,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    document_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DiscardDocumentXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ApiError | BillingDocumentResponse | ServerError | None:
    """ Descarta um documento pendente (status descartado).

     Descarta um documento pendente (status descartado).

    Escopo da chave: `write`.

    Args:
        document_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DiscardDocumentXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | BillingDocumentResponse | ServerError
     """


    return sync_detailed(
        document_id=document_id,
client=client,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    document_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DiscardDocumentXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiError | BillingDocumentResponse | ServerError]:
    """ Descarta um documento pendente (status descartado).

     Descarta um documento pendente (status descartado).

    Escopo da chave: `write`.

    Args:
        document_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DiscardDocumentXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | BillingDocumentResponse | ServerError]
     """


    kwargs = _get_kwargs(
        document_id=document_id,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    document_id: UUID,
    *,
    client: AuthenticatedClient,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DiscardDocumentXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ApiError | BillingDocumentResponse | ServerError | None:
    """ Descarta um documento pendente (status descartado).

     Descarta um documento pendente (status descartado).

    Escopo da chave: `write`.

    Args:
        document_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DiscardDocumentXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | BillingDocumentResponse | ServerError
     """


    return (await asyncio_detailed(
        document_id=document_id,
client=client,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,
idempotency_key=idempotency_key,

    )).parsed
