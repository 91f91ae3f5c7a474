from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.server_error import ServerError
from typing import cast
from uuid import UUID



def _get_kwargs(
    token: UUID,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/v1/messages/callbacks/whatsapp/{token}".format(token=quote(str(token), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | ServerError | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | ServerError | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> Response[ApiError | ServerError | str]:
    """ Verificação do webhook do WhatsApp: devolve hub.challenge em text/plain.

     Chamada pela Meta ao cadastrar o webhook, com hub.verify_token igual ao token da URL; outro token →
    404.

    Args:
        token (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | ServerError | str]
     """


    kwargs = _get_kwargs(
        token=token,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    token: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> ApiError | ServerError | str | None:
    """ Verificação do webhook do WhatsApp: devolve hub.challenge em text/plain.

     Chamada pela Meta ao cadastrar o webhook, com hub.verify_token igual ao token da URL; outro token →
    404.

    Args:
        token (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | ServerError | str
     """


    return sync_detailed(
        token=token,
client=client,

    ).parsed

async def asyncio_detailed(
    token: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> Response[ApiError | ServerError | str]:
    """ Verificação do webhook do WhatsApp: devolve hub.challenge em text/plain.

     Chamada pela Meta ao cadastrar o webhook, com hub.verify_token igual ao token da URL; outro token →
    404.

    Args:
        token (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | ServerError | str]
     """


    kwargs = _get_kwargs(
        token=token,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    token: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> ApiError | ServerError | str | None:
    """ Verificação do webhook do WhatsApp: devolve hub.challenge em text/plain.

     Chamada pela Meta ao cadastrar o webhook, com hub.verify_token igual ao token da URL; outro token →
    404.

    Args:
        token (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | ServerError | str
     """


    return (await asyncio_detailed(
        token=token,
client=client,

    )).parsed
