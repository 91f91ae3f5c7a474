"""Public API: methodologies and price simulations (docs/api/simulations.md)."""
from core.api import endpoint, tag
from core.db import db
from core.pagination import paginate
from core.ratelimit import enforce_limit
from core.responses import ErrorCode
from domain.simulations import services
from domain.simulations.models import Methodology, MethodologyVersion
from domain.simulations.schemas import MethodologyDefinition, MethodologyListQuery, MethodologyQuery, SimulationCreate
from domain.simulations.serializers import (
    MethodologyList,
    MethodologyResponse,
    SimulationResponse,
    methodology_dict,
    simulation_dict,
)

TAGS = (tag("simulacoes", "Metodologias de preço da empresa (entradas tipadas, componentes com fórmulas, versões) "
                          "e simulações de frete com impostos (ICMS, PIS, COFINS)."),)
FORBIDDEN = ErrorCode(403, "forbidden", "Esta metodologia pertence a outra empresa.")
NOT_FOUND = ErrorCode(404, "not_found", "Metodologia não encontrada.")
INVALID_INPUTS = ErrorCode(422, "invalid_inputs",
                           "As entradas não correspondem à metodologia: inputs.distancia_km: Informe Distância.",
                           details=(("inputs.distancia_km", "required", "Informe Distância."),
                                    ("inputs.eixos", "invalid_input", "Deve ser no máximo 9.")))
TAX_CONTEXT_REQUIRED = ErrorCode(422, "tax_context_required",
                                 "A empresa não tem UF padrão cadastrada: informe tax_context.origin_state e "
                                 "tax_context.destination_state.",
                                 details=(("tax_context.origin_state", "required", "Informe a UF."),))
RATE_LIMITED = ErrorCode(429, "rate_limited", "Limite de simulações por minuto atingido. Tente novamente em "
                                              "instantes.")
INVALID_METHODOLOGY = ErrorCode(422, "invalid_methodology",
                                "A metodologia tem erros: components[1].formula: Nome desconhecido: valor_kn.",
                                details=(("components[1].formula", "unknown_name", "Nome desconhecido: valor_kn."),))


def _current_versions(methodologies) -> dict:
    pairs = [(m.id, m.current_version) for m in methodologies]
    if not pairs:
        return {}
    stmt = db.select(MethodologyVersion).where(
        MethodologyVersion.methodology_id.in_([p[0] for p in pairs]))
    wanted = set(pairs)
    return {v.methodology_id: v for v in db.session.execute(stmt).scalars() if (v.methodology_id, v.version) in wanted}


@endpoint("/methodologies", "GET", query=MethodologyListQuery, tags=TAGS, response=MethodologyList,
          summary="Metodologias da empresa na versão atual, com as entradas (key, type, required, min, max, default, "
                  "opções) para montar a simulação.")
def list_methodologies(ctx):
    page = paginate(db.select(Methodology), model=Methodology, limit=ctx.query.limit, cursor=ctx.query.cursor)
    versions = _current_versions(page.items)
    return page.envelope(lambda m: methodology_dict(m, versions[m.id]))


@endpoint("/methodologies/<methodology_id>", "GET", query=MethodologyQuery, tags=TAGS, response=MethodologyResponse,
          summary="Uma metodologia na versão atual, ou na versão pedida em `version`.")
def get_methodology(ctx, methodology_id):
    methodology = services.find_methodology(methodology_id)
    return {"data": methodology_dict(methodology, services.find_version(methodology, ctx.query.version))}


@endpoint("/methodologies", "POST", body=MethodologyDefinition, tags=TAGS, response=MethodologyResponse,
          errors=(INVALID_METHODOLOGY,),
          summary="Cria uma metodologia (versão 1); fórmulas conferidas (nomes desconhecidos, ciclos → 422).")
def create_methodology(ctx):
    methodology = services.create_methodology(ctx.company, ctx.body, actor=ctx.api_key)
    return {"data": methodology_dict(methodology, services.find_version(methodology))}


@endpoint("/methodologies/<methodology_id>/versions", "POST", body=MethodologyDefinition, tags=TAGS,
          response=MethodologyResponse, errors=(INVALID_METHODOLOGY,), operation_id="saveMethodologyVersion",
          summary="Salva uma nova versão da metodologia (n+1); as anteriores não mudam.")
def save_methodology_version(ctx, methodology_id):
    methodology = services.find_methodology(methodology_id, for_update=True)
    version = services.save_version(methodology, ctx.body, actor=ctx.api_key)
    return {"data": methodology_dict(methodology, version)}


@endpoint("/simulations", "POST", body=SimulationCreate, success=200, tags=TAGS, response=SimulationResponse,
          rate_limit=("SIMULATION_RATE_LIMIT", "simulations", lambda ctx: ctx.api_key.prefix),
          responses={201: SimulationResponse}, errors=(FORBIDDEN, NOT_FOUND, INVALID_INPUTS, TAX_CONTEXT_REQUIRED,
                                                        RATE_LIMITED),
          summary="Simula o preço de um frete com a metodologia e os impostos; save=true guarda (201) e emite "
                  "simulation.created. Limite por chave (padrão 60 por minuto) → 429.")
def create_simulation(ctx):
    enforce_limit("SIMULATION_RATE_LIMIT", "simulations", ctx.api_key.prefix,
                  "Limite de simulações por minuto atingido. Tente novamente em instantes.")
    result = services.simulate(ctx.account, ctx.body, actor=ctx.api_key)
    return {"data": simulation_dict(result)}, (201 if result.id else 200)
