from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.lead_create import LeadCreate
from ...models.marketplace_lead_ok import MarketplaceLeadOk
from ...models.server_error import ServerError
from typing import cast



def _get_kwargs(
    *,
    body: LeadCreate,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/public/v1/marketplace/leads",
    }

    _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | MarketplaceLeadOk | ServerError | None:
    if response.status_code == 200:
        response_200 = MarketplaceLeadOk.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = ApiError.from_dict(response.json())



        return response_429

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | MarketplaceLeadOk | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LeadCreate,

) -> Response[ApiError | MarketplaceLeadOk | ServerError]:
    """ Interesse de um motorista num frete público; 5 por minuto por IP; responde {ok: true}.

     Interesse de um motorista num frete público; 5 por minuto por IP; responde {ok: true}.

    Args:
        body (LeadCreate): A driver's interest in a public freight. `website` is the honeypot:
            people leave it empty.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MarketplaceLeadOk | ServerError]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: LeadCreate,

) -> ApiError | MarketplaceLeadOk | ServerError | None:
    """ Interesse de um motorista num frete público; 5 por minuto por IP; responde {ok: true}.

     Interesse de um motorista num frete público; 5 por minuto por IP; responde {ok: true}.

    Args:
        body (LeadCreate): A driver's interest in a public freight. `website` is the honeypot:
            people leave it empty.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MarketplaceLeadOk | ServerError
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LeadCreate,

) -> Response[ApiError | MarketplaceLeadOk | ServerError]:
    """ Interesse de um motorista num frete público; 5 por minuto por IP; responde {ok: true}.

     Interesse de um motorista num frete público; 5 por minuto por IP; responde {ok: true}.

    Args:
        body (LeadCreate): A driver's interest in a public freight. `website` is the honeypot:
            people leave it empty.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MarketplaceLeadOk | ServerError]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: LeadCreate,

) -> ApiError | MarketplaceLeadOk | ServerError | None:
    """ Interesse de um motorista num frete público; 5 por minuto por IP; responde {ok: true}.

     Interesse de um motorista num frete público; 5 por minuto por IP; responde {ok: true}.

    Args:
        body (LeadCreate): A driver's interest in a public freight. `website` is the honeypot:
            people leave it empty.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MarketplaceLeadOk | ServerError
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
