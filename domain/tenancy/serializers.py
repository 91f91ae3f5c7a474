"""API answers of the tenancy area (GET /me): the response models and the function that fills them."""
from typing import Literal

from core.responses import ResponseModel, Uuid, data_envelope


class MeCompany(ResponseModel):
    id: Uuid
    cnpj: str
    legal_name: str
    modules: list[str]
    features: list[str]
    ciot_environment: Literal["homolog", "producao"]


class MeKey(ResponseModel):
    id: Uuid
    prefix: str
    scopes: list[Literal["read", "write"]]
    require_signature: bool


class Me(ResponseModel):
    """The key's company, scopes and whether its calls must be signed."""
    company: MeCompany
    api_key: MeKey


MeResponse = data_envelope(Me)


def me_dict(company, key) -> dict:
    return {
        "company": {"id": str(company.id), "cnpj": company.cnpj, "legal_name": company.legal_name,
                    "modules": list(company.modules or []), "features": list(company.features or []),
                    "ciot_environment": company.ciot_environment},
        "api_key": {"id": str(key.id), "prefix": key.prefix, "scopes": list(key.scopes or []),
                    "require_signature": key.require_signature},
    }
