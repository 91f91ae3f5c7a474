from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.marketplace_freight_response import MarketplaceFreightResponse
from ...models.server_error import ServerError
from typing import cast
from uuid import UUID



def _get_kwargs(
    slug: UUID,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/v1/marketplace/freights/{slug}".format(slug=quote(str(slug), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | MarketplaceFreightResponse | ServerError | None:
    if response.status_code == 200:
        response_200 = MarketplaceFreightResponse.from_dict(response.json())



        return response_200

    if response.status_code == 404:
        response_404 = ApiError.from_dict(response.json())



        return response_404

    if response.status_code == 410:
        response_410 = ApiError.from_dict(response.json())



        return response_410

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | MarketplaceFreightResponse | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    slug: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> Response[ApiError | MarketplaceFreightResponse | ServerError]:
    """ Um frete público pelo slug; 404 se não é público, 410 se já foi fechado.

     Um frete público pelo slug; 404 se não é público, 410 se já foi fechado.

    Args:
        slug (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MarketplaceFreightResponse | ServerError]
     """


    kwargs = _get_kwargs(
        slug=slug,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    slug: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> ApiError | MarketplaceFreightResponse | ServerError | None:
    """ Um frete público pelo slug; 404 se não é público, 410 se já foi fechado.

     Um frete público pelo slug; 404 se não é público, 410 se já foi fechado.

    Args:
        slug (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MarketplaceFreightResponse | ServerError
     """


    return sync_detailed(
        slug=slug,
client=client,

    ).parsed

async def asyncio_detailed(
    slug: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> Response[ApiError | MarketplaceFreightResponse | ServerError]:
    """ Um frete público pelo slug; 404 se não é público, 410 se já foi fechado.

     Um frete público pelo slug; 404 se não é público, 410 se já foi fechado.

    Args:
        slug (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MarketplaceFreightResponse | ServerError]
     """


    kwargs = _get_kwargs(
        slug=slug,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    slug: UUID,
    *,
    client: AuthenticatedClient | Client,

) -> ApiError | MarketplaceFreightResponse | ServerError | None:
    """ Um frete público pelo slug; 404 se não é público, 410 se já foi fechado.

     Um frete público pelo slug; 404 se não é público, 410 se já foi fechado.

    Args:
        slug (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MarketplaceFreightResponse | ServerError
     """


    return (await asyncio_detailed(
        slug=slug,
client=client,

    )).parsed
