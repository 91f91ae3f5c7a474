from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.callback_ack import CallbackAck
from ...models.server_error import ServerError
from typing import cast
from uuid import UUID



def _get_kwargs(
    token: UUID,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/public/v1/messages/callbacks/sms/{token}".format(token=quote(str(token), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | CallbackAck | ServerError | None:
    if response.status_code == 200:
        response_200 = CallbackAck.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())



        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | CallbackAck | ServerError]:
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

) -> Response[ApiError | CallbackAck | ServerError]:
    """ Status de entrega do provedor de SMS: {id, status: delivered|failed, reason}.

     Status de entrega do provedor de SMS: {id, status: delivered|failed, reason}.

    Args:
        token (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | CallbackAck | ServerError]
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

) -> ApiError | CallbackAck | ServerError | None:
    """ Status de entrega do provedor de SMS: {id, status: delivered|failed, reason}.

     Status de entrega do provedor de SMS: {id, status: delivered|failed, reason}.

    Args:
        token (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | CallbackAck | ServerError
     """


    return sync_detailed(
        token=token,
client=client,

    ).parsed

async def asyncio_detailed(
    token: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> Response[ApiError | CallbackAck | ServerError]:
    """ Status de entrega do provedor de SMS: {id, status: delivered|failed, reason}.

     Status de entrega do provedor de SMS: {id, status: delivered|failed, reason}.

    Args:
        token (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | CallbackAck | ServerError]
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

) -> ApiError | CallbackAck | ServerError | None:
    """ Status de entrega do provedor de SMS: {id, status: delivered|failed, reason}.

     Status de entrega do provedor de SMS: {id, status: delivered|failed, reason}.

    Args:
        token (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | CallbackAck | ServerError
     """


    return (await asyncio_detailed(
        token=token,
client=client,

    )).parsed
