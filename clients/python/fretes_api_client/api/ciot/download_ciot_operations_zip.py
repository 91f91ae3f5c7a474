from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_error import ApiError
from ...models.ciot_pdf_job_response import CiotPdfJobResponse
from ...models.download_ciot_operations_zip_environment_type_0 import DownloadCiotOperationsZipEnvironmentType0
from ...models.download_ciot_operations_zip_x_service_signature_version import DownloadCiotOperationsZipXServiceSignatureVersion
from ...models.server_error import ServerError
from ...types import File, FileTypes
from ...types import UNSET, Unset
from dateutil.parser import isoparse
from io import BytesIO
from typing import cast
import datetime



def _get_kwargs(
    *,
    ids: None | str | Unset = UNSET,
    status: None | str | Unset = UNSET,
    environment: DownloadCiotOperationsZipEnvironmentType0 | None | Unset = UNSET,
    from_: datetime.date | None | Unset = UNSET,
    to: datetime.date | None | Unset = UNSET,
    prefer: str | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DownloadCiotOperationsZipXServiceSignatureVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(prefer, Unset):
        headers["Prefer"] = prefer

    if not isinstance(x_service_signature, Unset):
        headers["X-Service-Signature"] = x_service_signature

    if not isinstance(x_service_timestamp, Unset):
        headers["X-Service-Timestamp"] = x_service_timestamp

    if not isinstance(x_service_signature_version, Unset):
        headers["X-Service-Signature-Version"] = str(x_service_signature_version)




    

    params: dict[str, Any] = {}

    json_ids: None | str | Unset
    if isinstance(ids, Unset):
        json_ids = UNSET
    else:
        json_ids = ids
    params["ids"] = json_ids

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    else:
        json_status = status
    params["status"] = json_status

    json_environment: None | str | Unset
    if isinstance(environment, Unset):
        json_environment = UNSET
    elif isinstance(environment, DownloadCiotOperationsZipEnvironmentType0):
        json_environment = environment.value
    else:
        json_environment = environment
    params["environment"] = json_environment

    json_from_: None | str | Unset
    if isinstance(from_, Unset):
        json_from_ = UNSET
    elif isinstance(from_, datetime.date):
        json_from_ = from_.isoformat()
    else:
        json_from_ = from_
    params["from"] = json_from_

    json_to: None | str | Unset
    if isinstance(to, Unset):
        json_to = UNSET
    elif isinstance(to, datetime.date):
        json_to = to.isoformat()
    else:
        json_to = to
    params["to"] = json_to


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/v1/ciot/operations/pdf",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | CiotPdfJobResponse | File | ServerError | None:
    if response.status_code == 200:
        response_200 = File(
             payload = BytesIO(response.content),
             file_name = response.headers.get("content-disposition", "").partition('filename="')[2].partition('"')[0] or None,
             mime_type = response.headers.get("content-type"),
        )



        return response_200

    if response.status_code == 202:
        response_202 = CiotPdfJobResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | CiotPdfJobResponse | File | ServerError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    ids: None | str | Unset = UNSET,
    status: None | str | Unset = UNSET,
    environment: DownloadCiotOperationsZipEnvironmentType0 | None | Unset = UNSET,
    from_: datetime.date | None | Unset = UNSET,
    to: datetime.date | None | Unset = UNSET,
    prefer: str | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DownloadCiotOperationsZipXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | CiotPdfJobResponse | File | ServerError]:
    """ ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to). Com `Prefer:
    respond-async`, 202 e um jo

     ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to). Com `Prefer:
    respond-async`, 202 e um job (descontinuado desde 2026-12-07, deixa de responder após 2027-06-07:
    use POST /ciot/operations/pdf-jobs).

    Escopo da chave: `read`.

    Args:
        ids (None | str | Unset):
        status (None | str | Unset):
        environment (DownloadCiotOperationsZipEnvironmentType0 | None | Unset):
        from_ (datetime.date | None | Unset):
        to (datetime.date | None | Unset):
        prefer (str | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DownloadCiotOperationsZipXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | CiotPdfJobResponse | File | ServerError]
     """


    kwargs = _get_kwargs(
        ids=ids,
status=status,
environment=environment,
from_=from_,
to=to,
prefer=prefer,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    ids: None | str | Unset = UNSET,
    status: None | str | Unset = UNSET,
    environment: DownloadCiotOperationsZipEnvironmentType0 | None | Unset = UNSET,
    from_: datetime.date | None | Unset = UNSET,
    to: datetime.date | None | Unset = UNSET,
    prefer: str | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DownloadCiotOperationsZipXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | CiotPdfJobResponse | File | ServerError | None:
    """ ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to). Com `Prefer:
    respond-async`, 202 e um jo

     ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to). Com `Prefer:
    respond-async`, 202 e um job (descontinuado desde 2026-12-07, deixa de responder após 2027-06-07:
    use POST /ciot/operations/pdf-jobs).

    Escopo da chave: `read`.

    Args:
        ids (None | str | Unset):
        status (None | str | Unset):
        environment (DownloadCiotOperationsZipEnvironmentType0 | None | Unset):
        from_ (datetime.date | None | Unset):
        to (datetime.date | None | Unset):
        prefer (str | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DownloadCiotOperationsZipXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | CiotPdfJobResponse | File | ServerError
     """


    return sync_detailed(
        client=client,
ids=ids,
status=status,
environment=environment,
from_=from_,
to=to,
prefer=prefer,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    ids: None | str | Unset = UNSET,
    status: None | str | Unset = UNSET,
    environment: DownloadCiotOperationsZipEnvironmentType0 | None | Unset = UNSET,
    from_: datetime.date | None | Unset = UNSET,
    to: datetime.date | None | Unset = UNSET,
    prefer: str | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DownloadCiotOperationsZipXServiceSignatureVersion | Unset = UNSET,

) -> Response[ApiError | CiotPdfJobResponse | File | ServerError]:
    """ ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to). Com `Prefer:
    respond-async`, 202 e um jo

     ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to). Com `Prefer:
    respond-async`, 202 e um job (descontinuado desde 2026-12-07, deixa de responder após 2027-06-07:
    use POST /ciot/operations/pdf-jobs).

    Escopo da chave: `read`.

    Args:
        ids (None | str | Unset):
        status (None | str | Unset):
        environment (DownloadCiotOperationsZipEnvironmentType0 | None | Unset):
        from_ (datetime.date | None | Unset):
        to (datetime.date | None | Unset):
        prefer (str | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DownloadCiotOperationsZipXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | CiotPdfJobResponse | File | ServerError]
     """


    kwargs = _get_kwargs(
        ids=ids,
status=status,
environment=environment,
from_=from_,
to=to,
prefer=prefer,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    ids: None | str | Unset = UNSET,
    status: None | str | Unset = UNSET,
    environment: DownloadCiotOperationsZipEnvironmentType0 | None | Unset = UNSET,
    from_: datetime.date | None | Unset = UNSET,
    to: datetime.date | None | Unset = UNSET,
    prefer: str | Unset = UNSET,
    x_service_signature: str | Unset = UNSET,
    x_service_timestamp: str | Unset = UNSET,
    x_service_signature_version: DownloadCiotOperationsZipXServiceSignatureVersion | Unset = UNSET,

) -> ApiError | CiotPdfJobResponse | File | ServerError | None:
    """ ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to). Com `Prefer:
    respond-async`, 202 e um jo

     ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to). Com `Prefer:
    respond-async`, 202 e um job (descontinuado desde 2026-12-07, deixa de responder após 2027-06-07:
    use POST /ciot/operations/pdf-jobs).

    Escopo da chave: `read`.

    Args:
        ids (None | str | Unset):
        status (None | str | Unset):
        environment (DownloadCiotOperationsZipEnvironmentType0 | None | Unset):
        from_ (datetime.date | None | Unset):
        to (datetime.date | None | Unset):
        prefer (str | Unset):
        x_service_signature (str | Unset):
        x_service_timestamp (str | Unset):
        x_service_signature_version (DownloadCiotOperationsZipXServiceSignatureVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | CiotPdfJobResponse | File | ServerError
     """


    return (await asyncio_detailed(
        client=client,
ids=ids,
status=status,
environment=environment,
from_=from_,
to=to,
prefer=prefer,
x_service_signature=x_service_signature,
x_service_timestamp=x_service_timestamp,
x_service_signature_version=x_service_signature_version,

    )).parsed
