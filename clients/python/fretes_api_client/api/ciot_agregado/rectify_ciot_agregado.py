from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.ciot_agregado_response import CiotAgregadoResponse
from ...models.ciot_agregado_retificar import CiotAgregadoRetificar
from ...models.rectify_ciot_agregado_x_service_signature_version import RectifyCiotAgregadoXServiceSignatureVersion
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    agregado_id: UUID,
    *,
    body: CiotAgregadoRetificar,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: RectifyCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
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
        "url": "/api/public/v1/ciot-agregado/operations/{agregado_id}/retificar".format(agregado_id=quote(str(agregado_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | CiotAgregadoResponse | ServerError | None:
    if response.status_code == 200:
        response_200 = CiotAgregadoResponse.from_dict(response.json())



        return response_200

    if response.status_code == 202:
        response_202 = CiotAgregadoResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | CiotAgregadoResponse | ServerError]:
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
    body: CiotAgregadoRetificar,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: RectifyCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiError | CiotAgregadoResponse | ServerError]:
    """ Retifica valor, data prevista de encerramento e rota de um contrato declarado (fluxo legado), com a
    resposta da ANTT no

     Retifica valor, data prevista de encerramento e rota de um contrato declarado (fluxo legado), com a
    resposta da ANTT no histórico; num contrato retido (bloqueios), completa os dados e o declara (202
    enquanto a resposta da ANTT não chega).

    Escopo da chave: `write`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (RectifyCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoRetificar): POST /retificar: what changes (at least one). On a declared
            contract (legacy CIOT flow) only
            `valor_contratado`, `data_prevista_encerramento` and the route (`origem_*`, `destino_*`);
            on a contract held for
            its declaration data, also `pagamento` and `veiculos`, and it is declared once complete.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | CiotAgregadoResponse | ServerError]
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
    body: CiotAgregadoRetificar,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: RectifyCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ApiError | CiotAgregadoResponse | ServerError | None:
    """ Retifica valor, data prevista de encerramento e rota de um contrato declarado (fluxo legado), com a
    resposta da ANTT no

     Retifica valor, data prevista de encerramento e rota de um contrato declarado (fluxo legado), com a
    resposta da ANTT no histórico; num contrato retido (bloqueios), completa os dados e o declara (202
    enquanto a resposta da ANTT não chega).

    Escopo da chave: `write`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (RectifyCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoRetificar): POST /retificar: what changes (at least one). On a declared
            contract (legacy CIOT flow) only
            `valor_contratado`, `data_prevista_encerramento` and the route (`origem_*`, `destino_*`);
            on a contract held for
            its declaration data, also `pagamento` and `veiculos`, and it is declared once complete.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | CiotAgregadoResponse | ServerError
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
    body: CiotAgregadoRetificar,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: RectifyCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiError | CiotAgregadoResponse | ServerError]:
    """ Retifica valor, data prevista de encerramento e rota de um contrato declarado (fluxo legado), com a
    resposta da ANTT no

     Retifica valor, data prevista de encerramento e rota de um contrato declarado (fluxo legado), com a
    resposta da ANTT no histórico; num contrato retido (bloqueios), completa os dados e o declara (202
    enquanto a resposta da ANTT não chega).

    Escopo da chave: `write`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (RectifyCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoRetificar): POST /retificar: what changes (at least one). On a declared
            contract (legacy CIOT flow) only
            `valor_contratado`, `data_prevista_encerramento` and the route (`origem_*`, `destino_*`);
            on a contract held for
            its declaration data, also `pagamento` and `veiculos`, and it is declared once complete.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | CiotAgregadoResponse | ServerError]
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
    body: CiotAgregadoRetificar,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: RectifyCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ApiError | CiotAgregadoResponse | ServerError | None:
    """ Retifica valor, data prevista de encerramento e rota de um contrato declarado (fluxo legado), com a
    resposta da ANTT no

     Retifica valor, data prevista de encerramento e rota de um contrato declarado (fluxo legado), com a
    resposta da ANTT no histórico; num contrato retido (bloqueios), completa os dados e o declara (202
    enquanto a resposta da ANTT não chega).

    Escopo da chave: `write`.

    Args:
        agregado_id (UUID):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (RectifyCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoRetificar): POST /retificar: what changes (at least one). On a declared
            contract (legacy CIOT flow) only
            `valor_contratado`, `data_prevista_encerramento` and the route (`origem_*`, `destino_*`);
            on a contract held for
            its declaration data, also `pagamento` and `veiculos`, and it is declared once complete.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | CiotAgregadoResponse | ServerError
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
