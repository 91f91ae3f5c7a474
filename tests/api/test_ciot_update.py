"""PATCH /ciot/operations/{id}: protected fields, allowed states, list replacement, revalidation."""
import pytest

from tests.fixtures.ciot import events_of, load_op

PROTECTED = ("id", "company_id", "codigo_ciot", "codigo_verificador", "protocolo", "status", "environment")


@pytest.mark.parametrize("field", PROTECTED)
def test_protected_fields_are_400_naming_the_field(api, make_operation, field):
    op = make_operation(status="pronto_emissao")
    response = api.patch(f"/ciot/operations/{op.id}", json={field: "producao", "contratado_nome": "X"})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "invalid_body"
    assert [(d["field"], d["code"]) for d in error["details"]] == [(field, "protected_field")]
    fresh = load_op(op.id)
    assert (fresh.environment, fresh.status, fresh.contratado_nome) == ("homolog", "pronto_emissao", "João da Silva")


def test_environment_is_immutable_even_in_a_draft(api, make_operation):
    op = make_operation(status="rascunho")
    assert api.patch(f"/ciot/operations/{op.id}", json={"environment": "producao"}).status_code == 400
    assert load_op(op.id).environment == "homolog"


@pytest.mark.parametrize("status", ["rascunho", "validado", "com_divergencia", "pronto_emissao", "rejeitado",
                                    "imported"])
def test_patch_is_accepted_before_emission(api, make_operation, status):
    op = make_operation(status=status)
    response = api.patch(f"/ciot/operations/{op.id}", json={"contratado_nome": "Maria Souza", "external_id": "E-9"})
    assert response.status_code == 200, response.get_json()
    data = response.get_json()["data"]
    assert (data["contratado_nome"], data["external_id"]) == ("Maria Souza", "E-9")
    assert events_of(op.id)[-1] in ("updated", "validated")
    assert "updated" in events_of(op.id)


@pytest.mark.parametrize("status", ["emitindo", "emitido", "cancelado", "encerrado"])
def test_patch_is_refused_after_emission_or_while_emitting(api, make_operation, status):
    op = make_operation(status=status)
    response = api.patch(f"/ciot/operations/{op.id}", json={"contratado_nome": "Maria Souza"})
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "invalid_status"
    fresh = load_op(op.id)
    assert fresh.contratado_nome == "João da Silva" and fresh.status == status


def test_patch_of_a_validated_operation_revalidates_and_moves_the_status(api, make_operation):
    op = make_operation(status="pronto_emissao")
    data = api.patch(f"/ciot/operations/{op.id}", json={"destinatario_cpf_cnpj": None}).get_json()["data"]
    assert data["status"] == "com_divergencia"
    assert [i["code"] for i in data["validation"]["items"]] == ["DS01"]
    data = api.patch(f"/ciot/operations/{op.id}", json={"destinatario_cpf_cnpj": "44.555.666/0001-81"}
                     ).get_json()["data"]
    assert data["status"] == "pronto_emissao" and data["destinatario_cpf_cnpj"] == "44555666000181"
    assert events_of(op.id)[-4:] == ["updated", "validated", "updated", "validated"]


def test_patch_of_a_draft_keeps_it_a_draft(api, make_operation):
    op = make_operation(status="rascunho")
    data = api.patch(f"/ciot/operations/{op.id}", json={"destinatario_cpf_cnpj": None}).get_json()["data"]
    assert data["status"] == "rascunho" and data["validation"] is None


def test_patch_of_a_rejected_operation_keeps_it_rejected(api, make_operation):
    op = make_operation(status="rejeitado")
    assert api.patch(f"/ciot/operations/{op.id}", json={"valor_frete": 5000}).get_json()["data"]["status"] == \
        "rejeitado"


def test_child_lists_sent_replace_the_stored_ones(api, make_operation):
    op = make_operation(status="pronto_emissao")
    response = api.patch(f"/ciot/operations/{op.id}", json={
        "vehicles": [{"plate": "XYZ1A23", "vehicle_kind": "automotor"}],
        "documents": [],
    })
    data = response.get_json()["data"]
    assert [v["plate"] for v in data["vehicles"]] == ["XYZ1A23"]
    assert data["documents"] == [] and len(data["payments"]) == 2
    fresh = load_op(op.id)
    assert [v.plate for v in fresh.vehicles] == ["XYZ1A23"] and fresh.documents == []


def test_lists_not_sent_are_kept(api, make_operation):
    op = make_operation(status="pronto_emissao")
    data = api.patch(f"/ciot/operations/{op.id}", json={"peso_carga": 15000}).get_json()["data"]
    assert data["peso_carga"] == 15000.0 and len(data["vehicles"]) == 2 and len(data["documents"]) == 1


@pytest.mark.parametrize("field", ["tipo_operacao", "contratado_cpf_cnpj", "contratado_rntrc", "contratantes",
                                   "vehicles"])
def test_required_fields_cannot_be_cleared(api, make_operation, field):
    op = make_operation(status="pronto_emissao")
    response = api.patch(f"/ciot/operations/{op.id}", json={field: None})
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == field


@pytest.mark.parametrize("field,value", [("vehicles", []), ("contratantes", []), ("tipo_operacao", "x"),
                                         ("valor_frete", -1), ("origem", {"tipo": "planeta"})])
def test_invalid_values_are_400(api, make_operation, field, value):
    op = make_operation(status="pronto_emissao")
    response = api.patch(f"/ciot/operations/{op.id}", json={field: value})
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"].startswith(field)


def test_an_empty_patch_changes_nothing(api, make_operation):
    op = make_operation(status="pronto_emissao")
    before = events_of(op.id)
    assert api.patch(f"/ciot/operations/{op.id}", json={}).status_code == 200
    assert events_of(op.id) == before


def test_patch_trip_moment_with_offset_is_stored_in_brasilia_time(api, make_operation):
    op = make_operation(status="rascunho")
    data = api.patch(f"/ciot/operations/{op.id}", json={"viagem_inicio": "2026-12-01T15:00:00Z"}).get_json()["data"]
    assert data["viagem_inicio"] == "2026-12-01T12:00:00-03:00"


def test_the_contingency_justification_cannot_be_removed(api, make_operation):
    op = make_operation(status="imported")
    response = api.patch(f"/ciot/operations/{op.id}", json={"justificativa_contingencia": None})
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "justificativa_contingencia"
    ok = api.patch(f"/ciot/operations/{op.id}", json={"justificativa_contingencia": "Queda do sistema"})
    assert ok.status_code == 200 and ok.get_json()["data"]["justificativa_contingencia"] == "Queda do sistema"


def test_a_justification_without_contingency_blocks(api, make_operation):
    op = make_operation(status="pronto_emissao")
    data = api.patch(f"/ciot/operations/{op.id}", json={"justificativa_contingencia": "Queda do sistema"}).get_json()
    assert data["data"]["status"] == "com_divergencia"
    assert [i["code"] for i in data["data"]["validation"]["items"]] == ["DAT09"]
    fixed = api.patch(f"/ciot/operations/{op.id}", json={"justificativa_contingencia": None}).get_json()
    assert fixed["data"]["status"] == "pronto_emissao"
