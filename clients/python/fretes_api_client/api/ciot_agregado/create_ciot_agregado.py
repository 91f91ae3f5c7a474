from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.ciot_agregado_create import CiotAgregadoCreate
from ...models.ciot_agregado_existing_error import CiotAgregadoExistingError
from ...models.ciot_agregado_response import CiotAgregadoResponse
from ...models.create_ciot_agregado_x_service_signature_version import CreateCiotAgregadoXServiceSignatureVersion
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: CiotAgregadoCreate,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CreateCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
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
        "url": "/api/public/v1/ciot-agregado/operations",
    }

    _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | ApiError | CiotAgregadoExistingError | CiotAgregadoResponse | ServerError | None:
    if response.status_code == 201:
        response_201 = CiotAgregadoResponse.from_dict(response.json())



        return response_201

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
        def _parse_response_409(data: object) -> ApiError | CiotAgregadoExistingError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_409_type_0 = CiotAgregadoExistingError.from_dict(data)



                return response_409_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_409_type_1 = ApiError.from_dict(data)



            return response_409_type_1

        response_409 = _parse_response_409(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | ApiError | CiotAgregadoExistingError | CiotAgregadoResponse | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CiotAgregadoCreate,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CreateCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiError | ApiError | CiotAgregadoExistingError | CiotAgregadoResponse | ServerError]:
    """ Abre um contrato de agregado (30 dias) e o declara na ANTT: 201 declarado, ou retido (aberto com
    `bloqueios`, nada envia

     Abre um contrato de agregado (30 dias) e o declara na ANTT: 201 declarado, ou retido (aberto com
    `bloqueios`, nada enviado); 409 com o contrato aberto da mesma composição em `data`; 202 aberto sem
    codigo_ciot enquanto a resposta da ANTT não chega (declarado automaticamente).

    Escopo da chave: `write`.

    Args:
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CreateCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoCreate): POST /ciot-agregado/operations. The environment is the
            company's (never sent); the contract runs 30 days.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | ApiError | CiotAgregadoExistingError | CiotAgregadoResponse | ServerError]
     """


    kwargs = _get_kwargs(
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
    *,
    client: AuthenticatedClient,
    body: CiotAgregadoCreate,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CreateCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ApiError | ApiError | CiotAgregadoExistingError | CiotAgregadoResponse | ServerError | None:
    """ Abre um contrato de agregado (30 dias) e o declara na ANTT: 201 declarado, ou retido (aberto com
    `bloqueios`, nada envia

     Abre um contrato de agregado (30 dias) e o declara na ANTT: 201 declarado, ou retido (aberto com
    `bloqueios`, nada enviado); 409 com o contrato aberto da mesma composição em `data`; 202 aberto sem
    codigo_ciot enquanto a resposta da ANTT não chega (declarado automaticamente).

    Escopo da chave: `write`.

    Args:
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CreateCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoCreate): POST /ciot-agregado/operations. The environment is the
            company's (never sent); the contract runs 30 days.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | ApiError | CiotAgregadoExistingError | CiotAgregadoResponse | ServerError
     """


    return sync_detailed(
        client=client,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CiotAgregadoCreate,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CreateCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiError | ApiError | CiotAgregadoExistingError | CiotAgregadoResponse | ServerError]:
    """ Abre um contrato de agregado (30 dias) e o declara na ANTT: 201 declarado, ou retido (aberto com
    `bloqueios`, nada envia

     Abre um contrato de agregado (30 dias) e o declara na ANTT: 201 declarado, ou retido (aberto com
    `bloqueios`, nada enviado); 409 com o contrato aberto da mesma composição em `data`; 202 aberto sem
    codigo_ciot enquanto a resposta da ANTT não chega (declarado automaticamente).

    Escopo da chave: `write`.

    Args:
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CreateCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoCreate): POST /ciot-agregado/operations. The environment is the
            company's (never sent); the contract runs 30 days.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | ApiError | CiotAgregadoExistingError | CiotAgregadoResponse | ServerError]
     """


    kwargs = _get_kwargs(
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
    *,
    client: AuthenticatedClient,
    body: CiotAgregadoCreate,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: CreateCiotAgregadoXServiceSignatureVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ApiError | ApiError | CiotAgregadoExistingError | CiotAgregadoResponse | ServerError | None:
    """ Abre um contrato de agregado (30 dias) e o declara na ANTT: 201 declarado, ou retido (aberto com
    `bloqueios`, nada envia

     Abre um contrato de agregado (30 dias) e o declara na ANTT: 201 declarado, ou retido (aberto com
    `bloqueios`, nada enviado); 409 com o contrato aberto da mesma composição em `data`; 202 aberto sem
    codigo_ciot enquanto a resposta da ANTT não chega (declarado automaticamente).

    Escopo da chave: `write`.

    Args:
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (CreateCiotAgregadoXServiceSignatureVersion | Unset):
        idempotency_key (str | Unset):
        body (CiotAgregadoCreate): POST /ciot-agregado/operations. The environment is the
            company's (never sent); the contract runs 30 days.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | ApiError | CiotAgregadoExistingError | CiotAgregadoResponse | ServerError
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,
idempotency_key=idempotency_key,

    )).parsed
