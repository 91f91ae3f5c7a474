"""Who am I: the key's company, scopes and signing requirement."""
from core.api import endpoint, tag
from domain.tenancy.serializers import MeResponse, me_dict

TAGS = (tag("conta", "A chave usada: empresa, escopos e exigência de assinatura. Útil para testar a integração."),)


@endpoint("/me", "GET", summary="Empresa, escopos e exigência de assinatura da chave usada.", tags=TAGS,
          response=MeResponse, operation_id="getMe")
def me(ctx):
    return {"data": me_dict(ctx.account, ctx.api_key)}  # read with the key: no further query

