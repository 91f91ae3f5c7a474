from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.ciot_agregado_close import CiotAgregadoClose
from ...models.ciot_agregado_record import CiotAgregadoRecord
from ...models.close_ciot_agregado_x_service_signature_version import CloseCiotAgregadoXServiceSignatureVersion
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    agregado_id: UUID,
    *,
    body: CiotAgregadoClose,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CloseCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
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
        "url": "/api/public/v1/ciot-agregado/operations/{agregado_id}/encerrar".format(agregado_id=quote(str(agregado_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | CiotAgregadoRecord | ServerError | None:
    if response.status_code == 200:
        response_200 = CiotAgregadoRecord.from_dict(response.json())



        return response_200

    if response.status_code == 202:
        response_202 = CiotAgregadoRecord.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | CiotAgregadoRecord | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agregado_id: UUID,
    *,
    client: AuthenticatedClient,
    body: CiotAgregadoClose,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CloseCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiError | CiotAgregadoRecord | ServerError]:
    """ Encerra: consolida as rotas das viagens ativas e informa a ANTT (recusa: volta a aberto; ANTT fora
    do ar: 202 em_encerra

     Encerra: consolida as rotas das viagens ativas e informa a ANTT (recusa: volta a aberto; ANTT fora
    do ar: 202 em_encerramento, reenviado automaticamente).

    Escopo da chave: `write`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CloseCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoClose): POST /encerrar. `rotas` (optional): distances for routes the
            closing cannot compute (422
            distancia_indisponivel names them).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | CiotAgregadoRecord | ServerError]
     """


    kwargs = _get_kwargs(
        agregado_id=agregado_id,
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
    agregado_id: UUID,
    *,
    client: AuthenticatedClient,
    body: CiotAgregadoClose,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CloseCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ApiError | CiotAgregadoRecord | ServerError | None:
    """ Encerra: consolida as rotas das viagens ativas e informa a ANTT (recusa: volta a aberto; ANTT fora
    do ar: 202 em_encerra

     Encerra: consolida as rotas das viagens ativas e informa a ANTT (recusa: volta a aberto; ANTT fora
    do ar: 202 em_encerramento, reenviado automaticamente).

    Escopo da chave: `write`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CloseCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoClose): POST /encerrar. `rotas` (optional): distances for routes the
            closing cannot compute (422
            distancia_indisponivel names them).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | CiotAgregadoRecord | ServerError
     """


    return sync_detailed(
        agregado_id=agregado_id,
client=client,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    agregado_id: UUID,
    *,
    client: AuthenticatedClient,
    body: CiotAgregadoClose,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CloseCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiError | CiotAgregadoRecord | ServerError]:
    """ Encerra: consolida as rotas das viagens ativas e informa a ANTT (recusa: volta a aberto; ANTT fora
    do ar: 202 em_encerra

     Encerra: consolida as rotas das viagens ativas e informa a ANTT (recusa: volta a aberto; ANTT fora
    do ar: 202 em_encerramento, reenviado automaticamente).

    Escopo da chave: `write`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CloseCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoClose): POST /encerrar. `rotas` (optional): distances for routes the
            closing cannot compute (422
            distancia_indisponivel names them).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | CiotAgregadoRecord | ServerError]
     """


    kwargs = _get_kwargs(
        agregado_id=agregado_id,
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
    agregado_id: UUID,
    *,
    client: AuthenticatedClient,
    body: CiotAgregadoClose,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CloseCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ApiError | CiotAgregadoRecord | ServerError | None:
    """ Encerra: consolida as rotas das viagens ativas e informa a ANTT (recusa: volta a aberto; ANTT fora
    do ar: 202 em_encerra

     Encerra: consolida as rotas das viagens ativas e informa a ANTT (recusa: volta a aberto; ANTT fora
    do ar: 202 em_encerramento, reenviado automaticamente).

    Escopo da chave: `write`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CloseCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoClose): POST /encerrar. `rotas` (optional): distances for routes the
            closing cannot compute (422
            distancia_indisponivel names them).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | CiotAgregadoRecord | ServerError
     """


    return (await asyncio_detailed(
        agregado_id=agregado_id,
client=client,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,
idempotency_key=idempotency_key,

    )).parsed
