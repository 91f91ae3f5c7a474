from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.marketplace_freight_list import MarketplaceFreightList
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime



def _get_kwargs(
    *,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    origin_state: None | str | Unset = UNSET,
    destination_state: None | str | Unset = UNSET,
    vehicle_type: None | str | Unset = UNSET,
    min_price: float | None | str | Unset = UNSET,
    max_price: float | None | str | Unset = UNSET,
    pickup_from: datetime.date | None | Unset = UNSET,
    search: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_origin_state: None | str | Unset
    if isinstance(origin_state, Unset):
        json_origin_state = UNSET
    else:
        json_origin_state = origin_state
    params["originState"] = json_origin_state

    json_destination_state: None | str | Unset
    if isinstance(destination_state, Unset):
        json_destination_state = UNSET
    else:
        json_destination_state = destination_state
    params["destinationState"] = json_destination_state

    json_vehicle_type: None | str | Unset
    if isinstance(vehicle_type, Unset):
        json_vehicle_type = UNSET
    else:
        json_vehicle_type = vehicle_type
    params["vehicleType"] = json_vehicle_type

    json_min_price: float | None | str | Unset
    if isinstance(min_price, Unset):
        json_min_price = UNSET
    else:
        json_min_price = min_price
    params["minPrice"] = json_min_price

    json_max_price: float | None | str | Unset
    if isinstance(max_price, Unset):
        json_max_price = UNSET
    else:
        json_max_price = max_price
    params["maxPrice"] = json_max_price

    json_pickup_from: None | str | Unset
    if isinstance(pickup_from, Unset):
        json_pickup_from = UNSET
    elif isinstance(pickup_from, datetime.date):
        json_pickup_from = pickup_from.isoformat()
    else:
        json_pickup_from = pickup_from
    params["pickupFrom"] = json_pickup_from

    json_search: None | str | Unset
    if isinstance(search, Unset):
        json_search = UNSET
    else:
        json_search = search
    params["search"] = json_search


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/v1/marketplace/freights",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | MarketplaceFreightList | ServerError | None:
    if response.status_code == 200:
        response_200 = MarketplaceFreightList.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())



        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | MarketplaceFreightList | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    origin_state: None | str | Unset = UNSET,
    destination_state: None | str | Unset = UNSET,
    vehicle_type: None | str | Unset = UNSET,
    min_price: float | None | str | Unset = UNSET,
    max_price: float | None | str | Unset = UNSET,
    pickup_from: datetime.date | None | Unset = UNSET,
    search: None | str | Unset = UNSET,

) -> Response[ApiError | MarketplaceFreightList | ServerError]:
    """ Fretes públicos publicados de todas as empresas, mais novos primeiro, com filtros.

     Fretes públicos publicados de todas as empresas, mais novos primeiro, com filtros.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        origin_state (None | str | Unset):
        destination_state (None | str | Unset):
        vehicle_type (None | str | Unset):
        min_price (float | None | str | Unset):
        max_price (float | None | str | Unset):
        pickup_from (datetime.date | None | Unset):
        search (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MarketplaceFreightList | ServerError]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
origin_state=origin_state,
destination_state=destination_state,
vehicle_type=vehicle_type,
min_price=min_price,
max_price=max_price,
pickup_from=pickup_from,
search=search,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    origin_state: None | str | Unset = UNSET,
    destination_state: None | str | Unset = UNSET,
    vehicle_type: None | str | Unset = UNSET,
    min_price: float | None | str | Unset = UNSET,
    max_price: float | None | str | Unset = UNSET,
    pickup_from: datetime.date | None | Unset = UNSET,
    search: None | str | Unset = UNSET,

) -> ApiError | MarketplaceFreightList | ServerError | None:
    """ Fretes públicos publicados de todas as empresas, mais novos primeiro, com filtros.

     Fretes públicos publicados de todas as empresas, mais novos primeiro, com filtros.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        origin_state (None | str | Unset):
        destination_state (None | str | Unset):
        vehicle_type (None | str | Unset):
        min_price (float | None | str | Unset):
        max_price (float | None | str | Unset):
        pickup_from (datetime.date | None | Unset):
        search (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MarketplaceFreightList | ServerError
     """


    return sync_detailed(
        client=client,
limit=limit,
cursor=cursor,
origin_state=origin_state,
destination_state=destination_state,
vehicle_type=vehicle_type,
min_price=min_price,
max_price=max_price,
pickup_from=pickup_from,
search=search,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    origin_state: None | str | Unset = UNSET,
    destination_state: None | str | Unset = UNSET,
    vehicle_type: None | str | Unset = UNSET,
    min_price: float | None | str | Unset = UNSET,
    max_price: float | None | str | Unset = UNSET,
    pickup_from: datetime.date | None | Unset = UNSET,
    search: None | str | Unset = UNSET,

) -> Response[ApiError | MarketplaceFreightList | ServerError]:
    """ Fretes públicos publicados de todas as empresas, mais novos primeiro, com filtros.

     Fretes públicos publicados de todas as empresas, mais novos primeiro, com filtros.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        origin_state (None | str | Unset):
        destination_state (None | str | Unset):
        vehicle_type (None | str | Unset):
        min_price (float | None | str | Unset):
        max_price (float | None | str | Unset):
        pickup_from (datetime.date | None | Unset):
        search (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MarketplaceFreightList | ServerError]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
origin_state=origin_state,
destination_state=destination_state,
vehicle_type=vehicle_type,
min_price=min_price,
max_price=max_price,
pickup_from=pickup_from,
search=search,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    origin_state: None | str | Unset = UNSET,
    destination_state: None | str | Unset = UNSET,
    vehicle_type: None | str | Unset = UNSET,
    min_price: float | None | str | Unset = UNSET,
    max_price: float | None | str | Unset = UNSET,
    pickup_from: datetime.date | None | Unset = UNSET,
    search: None | str | Unset = UNSET,

) -> ApiError | MarketplaceFreightList | ServerError | None:
    """ Fretes públicos publicados de todas as empresas, mais novos primeiro, com filtros.

     Fretes públicos publicados de todas as empresas, mais novos primeiro, com filtros.

    Args:
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        origin_state (None | str | Unset):
        destination_state (None | str | Unset):
        vehicle_type (None | str | Unset):
        min_price (float | None | str | Unset):
        max_price (float | None | str | Unset):
        pickup_from (datetime.date | None | Unset):
        search (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MarketplaceFreightList | ServerError
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
cursor=cursor,
origin_state=origin_state,
destination_state=destination_state,
vehicle_type=vehicle_type,
min_price=min_price,
max_price=max_price,
pickup_from=pickup_from,
search=search,

    )).parsed
