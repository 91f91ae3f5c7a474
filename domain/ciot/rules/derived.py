"""Information items: what the platform filled in the declaration because the body left it out
(domain/ciot/derivations.py), so the dispatcher sees every assumption; and the warning to confirm an estimated
distance. They never block; only CRG04 (an estimate) counts as a warning."""
from domain.antt_floor.catalog import CARGO_TYPE_BY_CODE, cargo_label
from domain.ciot.derivations import read_path
from domain.ciot.rules.base import INFO, RULES, WARNING, RuleContext
from domain.ciot.rules.helpers import number
from domain.geo.distance import ESTIMATED, ROAD_FACTOR, ROUTED


def _derived(ctx: RuleContext, suffix: str):
    return [path for path in ctx.derived if path == suffix or path.endswith("." + suffix)]


def _pix_place(ctx: RuleContext, path: str):
    """(key, type) at a derived tipo_chave_pix path: the root's, or a PIX payment's (`payments[i].tipo_chave_pix`,
    read the way the derivations wrote it)."""
    key_path = path.replace("tipo_chave_pix", "codigo_pagamento" if path.startswith("payments[") else "chave_pix")
    return read_path(ctx.data, key_path), read_path(ctx.data, path)


@RULES.rule("DRV01", INFO, "Tipo da chave PIX deduzido do formato da chave")
def drv01(ctx: RuleContext):
    for path in _derived(ctx, "tipo_chave_pix"):
        key, kind = _pix_place(ctx, path)
        yield path, f"Tipo da chave PIX deduzido do formato da chave ({key}): {kind}."


@RULES.rule("DRV02", INFO, "Composição contratada assumida completa (tabela A ou C do piso)")
def drv02(ctx: RuleContext):
    if "composicao_contratada" in ctx.derived:
        yield ("composicao_contratada",
               "composicao_contratada não informada: assumida completa (os veículos declarados são os contratados; "
               "tabela A, ou C em alto desempenho). Se só a unidade de tração foi contratada, informe apenas_tracao "
               "(tabelas B e D).")


@RULES.rule("DRV03", INFO, "Alto desempenho assumido falso (padrão do manual)")
def drv03(ctx: RuleContext):
    if "alto_desempenho" in ctx.derived:
        yield ("alto_desempenho",
               "alto_desempenho não informado: assumido false, o padrão do manual da ANTT. Operação de alto "
               "desempenho (tabelas C e D) precisa ser declarada.")


@RULES.rule("DRV04", INFO, "Retorno vazio assumido pela Res. ANTT 5.867/2020")
def drv04(ctx: RuleContext):
    if "retorno_vazio" not in ctx.derived:
        return
    if ctx.data.retorno_vazio:
        label = cargo_label(CARGO_TYPE_BY_CODE.get(ctx.data.codigo_tipo_carga, ""))
        yield ("retorno_vazio",
               f"retorno_vazio não informado: assumido true, obrigatório para carga {label.lower()} (Res. ANTT "
               "5.867/2020); o retorno entra no piso mínimo (92% do CCD × distância).")
    else:
        yield ("retorno_vazio",
               "retorno_vazio não informado: assumido false (sem previsão de retorno vazio). Informe true para "
               "frota dedicada ou fidelizada, ou carga perigosa sem contrato de retorno: o retorno entra no piso.")


@RULES.rule("DRV05", INFO, "Eixos do veículo tirados do cadastro da frota")
def drv05(ctx: RuleContext):
    for path in _derived(ctx, "axles"):
        vehicle = ctx.data.vehicles[int(path[9:path.index("]")])]
        yield path, f"Eixos do veículo {vehicle.plate} tirados do cadastro da frota: {vehicle.axles}."


@RULES.rule("DRV06", INFO, "Distância calculada pela rota (motor de rotas)")
def drv06(ctx: RuleContext):
    if "distancia_km" in ctx.derived and ctx.distance_method == ROUTED:
        yield ("distancia_km",
               f"distancia_km não informada: {number(ctx.data.distancia_km)} km pela rota rodoviária calculada pelo "
               "motor de rotas entre a origem e o destino.")


@RULES.rule("CRG04", WARNING, "Distância estimada: confirme a distância da viagem")
def crg04(ctx: RuleContext):
    if "distancia_km" in ctx.derived and ctx.distance_method == ESTIMATED:
        yield ("distancia_km",
               f"distancia_km não informada: estimada em {number(ctx.data.distancia_km)} km (linha reta entre as "
               f"sedes dos municípios × {number(ROAD_FACTOR)}). Confirme a distância da viagem e informe "
               "distancia_km: a ANTT exige a distância real, e o piso mínimo é calculado a partir dela.")
