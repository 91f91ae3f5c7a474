from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.ciot_action_done import CiotActionDone
from ...models.ciot_action_error import CiotActionError
from ...models.ciot_action_pending import CiotActionPending
from ...models.ciot_close_body import CiotCloseBody
from ...models.close_ciot_operation_x_service_signature_version import CloseCiotOperationXServiceSignatureVersion
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    operation_id: UUID,
    *,
    body: CiotCloseBody,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CloseCiotOperationXServiceSignatureVersion | Unset = UNSET,
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
        "url": "/api/public/v1/ciot/operations/{operation_id}/encerrar".format(operation_id=quote(str(operation_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | ApiError | CiotActionError | CiotActionDone | CiotActionError | ServerError | CiotActionPending | ServerError | None:
    if response.status_code == 200:
        response_200 = CiotActionDone.from_dict(response.json())



        return response_200

    if response.status_code == 202:
        response_202 = CiotActionPending.from_dict(response.json())



        return response_202

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
        def _parse_response_404(data: object) -> ApiError | CiotActionError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_404_type_0 = CiotActionError.from_dict(data)



                return response_404_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_404_type_1 = ApiError.from_dict(data)



            return response_404_type_1

        response_404 = _parse_response_404(response.json())

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
        def _parse_response_422(data: object) -> ApiError | CiotActionError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_422_type_0 = CiotActionError.from_dict(data)



                return response_422_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_422_type_1 = ApiError.from_dict(data)



            return response_422_type_1

        response_422 = _parse_response_422(response.json())

        return response_422

    if response.status_code == 500:
        response_500 = ServerError.from_dict(response.json())



        return response_500

    if response.status_code == 503:
        def _parse_response_503(data: object) -> CiotActionError | ServerError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_503_type_0 = ServerError.from_dict(data)



                return response_503_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_503_type_1 = CiotActionError.from_dict(data)



            return response_503_type_1

        response_503 = _parse_response_503(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | ApiError | CiotActionError | CiotActionDone | CiotActionError | ServerError | CiotActionPending | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    operation_id: UUID,
    *,
    client: AuthenticatedClient,
    body: CiotCloseBody,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CloseCiotOperationXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiError | ApiError | CiotActionError | CiotActionDone | CiotActionError | ServerError | CiotActionPending | ServerError]:
    """ Encerra na ANTT uma operação emitida.

     Encerra na ANTT uma operação emitida.

    Escopo da chave: `write`.

    Args:
        operation_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CloseCiotOperationXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotCloseBody): POST /encerrar.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | ApiError | CiotActionError | CiotActionDone | CiotActionError | ServerError | CiotActionPending | ServerError]
     """


    kwargs = _get_kwargs(
        operation_id=operation_id,
body=body,
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
    operation_id: UUID,
    *,
    client: AuthenticatedClient,
    body: CiotCloseBody,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CloseCiotOperationXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ApiError | ApiError | CiotActionError | CiotActionDone | CiotActionError | ServerError | CiotActionPending | ServerError | None:
    """ Encerra na ANTT uma operação emitida.

     Encerra na ANTT uma operação emitida.

    Escopo da chave: `write`.

    Args:
        operation_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CloseCiotOperationXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotCloseBody): POST /encerrar.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | ApiError | CiotActionError | CiotActionDone | CiotActionError | ServerError | CiotActionPending | ServerError
     """


    return sync_detailed(
        operation_id=operation_id,
client=client,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    operation_id: UUID,
    *,
    client: AuthenticatedClient,
    body: CiotCloseBody,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CloseCiotOperationXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiError | ApiError | CiotActionError | CiotActionDone | CiotActionError | ServerError | CiotActionPending | ServerError]:
    """ Encerra na ANTT uma operação emitida.

     Encerra na ANTT uma operação emitida.

    Escopo da chave: `write`.

    Args:
        operation_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CloseCiotOperationXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotCloseBody): POST /encerrar.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | ApiError | CiotActionError | CiotActionDone | CiotActionError | ServerError | CiotActionPending | ServerError]
     """


    kwargs = _get_kwargs(
        operation_id=operation_id,
body=body,
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
    operation_id: UUID,
    *,
    client: AuthenticatedClient,
    body: CiotCloseBody,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CloseCiotOperationXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ApiError | ApiError | CiotActionError | CiotActionDone | CiotActionError | ServerError | CiotActionPending | ServerError | None:
    """ Encerra na ANTT uma operação emitida.

     Encerra na ANTT uma operação emitida.

    Escopo da chave: `write`.

    Args:
        operation_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CloseCiotOperationXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotCloseBody): POST /encerrar.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | ApiError | CiotActionError | CiotActionDone | CiotActionError | ServerError | CiotActionPending | ServerError
     """


    return (await asyncio_detailed(
        operation_id=operation_id,
client=client,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,
idempotency_key=idempotency_key,

    )).parsed
