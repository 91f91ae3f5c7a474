from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.antt_floor_response import AnttFloorResponse
from ...models.api_error import ApiError
from ...models.server_error import ServerError
from ...types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime



def _get_kwargs(
    *,
    distance_km: float | str,
    loaded_axles: int,
    cargo_type: str,
    table: str | Unset = 'A',
    date: datetime.date | None | Unset = UNSET,
    empty_return: bool | Unset = False,
    return_distance_km: float | None | str | Unset = UNSET,
    tolls: float | None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_distance_km: float | str
    json_distance_km = distance_km
    params["distance_km"] = json_distance_km

    params["loaded_axles"] = loaded_axles

    params["cargo_type"] = cargo_type

    params["table"] = table

    json_date: None | str | Unset
    if isinstance(date, Unset):
        json_date = UNSET
    elif isinstance(date, datetime.date):
        json_date = date.isoformat()
    else:
        json_date = date
    params["date"] = json_date

    params["empty_return"] = empty_return

    json_return_distance_km: float | None | str | Unset
    if isinstance(return_distance_km, Unset):
        json_return_distance_km = UNSET
    else:
        json_return_distance_km = return_distance_km
    params["return_distance_km"] = json_return_distance_km

    json_tolls: float | None | str | Unset
    if isinstance(tolls, Unset):
        json_tolls = UNSET
    else:
        json_tolls = tolls
    params["tolls"] = json_tolls


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/v1/antt/floor",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AnttFloorResponse | ApiError | ServerError | None:
    if response.status_code == 200:
        response_200 = AnttFloorResponse.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())



        return response_400

    if response.status_code == 414:
        response_414 = ApiError.from_dict(response.json())



        return response_414

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AnttFloorResponse | ApiError | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    distance_km: float | str,
    loaded_axles: int,
    cargo_type: str,
    table: str | Unset = 'A',
    date: datetime.date | None | Unset = UNSET,
    empty_return: bool | Unset = False,
    return_distance_km: float | None | str | Unset = UNSET,
    tolls: float | None | str | Unset = UNSET,

) -> Response[AnttFloorResponse | ApiError | ServerError]:
    """ Piso mínimo da ANTT de uma viagem: distância × CCD + CC do ato em vigor na data, com cada parte
    explicada. 422 quando as

     Piso mínimo da ANTT de uma viagem: distância × CCD + CC do ato em vigor na data, com cada parte
    explicada. 422 quando as tabelas não têm o eixo, o tipo de carga ou a tabela pedidos.

    Args:
        distance_km (float | str):
        loaded_axles (int):
        cargo_type (str): Chave (carga_geral) ou número de 1 a 12.
        table (str | Unset): A, B, C ou D. Default: 'A'.
        date (datetime.date | None | Unset): Data da contratação (hoje).
        empty_return (bool | Unset):  Default: False.
        return_distance_km (float | None | str | Unset):
        tolls (float | None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnttFloorResponse | ApiError | ServerError]
     """


    kwargs = _get_kwargs(
        distance_km=distance_km,
loaded_axles=loaded_axles,
cargo_type=cargo_type,
table=table,
date=date,
empty_return=empty_return,
return_distance_km=return_distance_km,
tolls=tolls,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    distance_km: float | str,
    loaded_axles: int,
    cargo_type: str,
    table: str | Unset = 'A',
    date: datetime.date | None | Unset = UNSET,
    empty_return: bool | Unset = False,
    return_distance_km: float | None | str | Unset = UNSET,
    tolls: float | None | str | Unset = UNSET,

) -> AnttFloorResponse | ApiError | ServerError | None:
    """ Piso mínimo da ANTT de uma viagem: distância × CCD + CC do ato em vigor na data, com cada parte
    explicada. 422 quando as

     Piso mínimo da ANTT de uma viagem: distância × CCD + CC do ato em vigor na data, com cada parte
    explicada. 422 quando as tabelas não têm o eixo, o tipo de carga ou a tabela pedidos.

    Args:
        distance_km (float | str):
        loaded_axles (int):
        cargo_type (str): Chave (carga_geral) ou número de 1 a 12.
        table (str | Unset): A, B, C ou D. Default: 'A'.
        date (datetime.date | None | Unset): Data da contratação (hoje).
        empty_return (bool | Unset):  Default: False.
        return_distance_km (float | None | str | Unset):
        tolls (float | None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnttFloorResponse | ApiError | ServerError
     """


    return sync_detailed(
        client=client,
distance_km=distance_km,
loaded_axles=loaded_axles,
cargo_type=cargo_type,
table=table,
date=date,
empty_return=empty_return,
return_distance_km=return_distance_km,
tolls=tolls,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    distance_km: float | str,
    loaded_axles: int,
    cargo_type: str,
    table: str | Unset = 'A',
    date: datetime.date | None | Unset = UNSET,
    empty_return: bool | Unset = False,
    return_distance_km: float | None | str | Unset = UNSET,
    tolls: float | None | str | Unset = UNSET,

) -> Response[AnttFloorResponse | ApiError | ServerError]:
    """ Piso mínimo da ANTT de uma viagem: distância × CCD + CC do ato em vigor na data, com cada parte
    explicada. 422 quando as

     Piso mínimo da ANTT de uma viagem: distância × CCD + CC do ato em vigor na data, com cada parte
    explicada. 422 quando as tabelas não têm o eixo, o tipo de carga ou a tabela pedidos.

    Args:
        distance_km (float | str):
        loaded_axles (int):
        cargo_type (str): Chave (carga_geral) ou número de 1 a 12.
        table (str | Unset): A, B, C ou D. Default: 'A'.
        date (datetime.date | None | Unset): Data da contratação (hoje).
        empty_return (bool | Unset):  Default: False.
        return_distance_km (float | None | str | Unset):
        tolls (float | None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnttFloorResponse | ApiError | ServerError]
     """


    kwargs = _get_kwargs(
        distance_km=distance_km,
loaded_axles=loaded_axles,
cargo_type=cargo_type,
table=table,
date=date,
empty_return=empty_return,
return_distance_km=return_distance_km,
tolls=tolls,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    distance_km: float | str,
    loaded_axles: int,
    cargo_type: str,
    table: str | Unset = 'A',
    date: datetime.date | None | Unset = UNSET,
    empty_return: bool | Unset = False,
    return_distance_km: float | None | str | Unset = UNSET,
    tolls: float | None | str | Unset = UNSET,

) -> AnttFloorResponse | ApiError | ServerError | None:
    """ Piso mínimo da ANTT de uma viagem: distância × CCD + CC do ato em vigor na data, com cada parte
    explicada. 422 quando as

     Piso mínimo da ANTT de uma viagem: distância × CCD + CC do ato em vigor na data, com cada parte
    explicada. 422 quando as tabelas não têm o eixo, o tipo de carga ou a tabela pedidos.

    Args:
        distance_km (float | str):
        loaded_axles (int):
        cargo_type (str): Chave (carga_geral) ou número de 1 a 12.
        table (str | Unset): A, B, C ou D. Default: 'A'.
        date (datetime.date | None | Unset): Data da contratação (hoje).
        empty_return (bool | Unset):  Default: False.
        return_distance_km (float | None | str | Unset):
        tolls (float | None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnttFloorResponse | ApiError | ServerError
     """


    return (await asyncio_detailed(
        client=client,
distance_km=distance_km,
loaded_axles=loaded_axles,
cargo_type=cargo_type,
table=table,
date=date,
empty_return=empty_return,
return_distance_km=return_distance_km,
tolls=tolls,

    )).parsed
