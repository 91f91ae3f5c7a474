// Compiled with `tsc --strict --noEmit` against the types openapi-typescript generates from the document
// (scripts/check_openapi.sh). It fails when a response stops being typed, or an optional request field
// becomes required.
import type { components, paths } from "./api";

type Partner = components["schemas"]["Partner"];
type PartnerList = paths["/api/public/v1/partners"]["get"]["responses"]["200"]["content"]["application/json"];
type PartnerCreate = paths["/api/public/v1/partners"]["post"]["requestBody"]["content"]["application/json"];
type Created = paths["/api/public/v1/partners"]["post"]["responses"]["201"]["content"]["application/json"];
type Conflict = paths["/api/public/v1/partners"]["post"]["responses"]["409"]["content"]["application/json"];
type Emitted = paths["/api/public/v1/ciot/operations/{operation_id}/emit"]["post"]["responses"]["200"]["content"]["application/json"];
type EmitPending = paths["/api/public/v1/ciot/operations/{operation_id}/emit"]["post"]["responses"]["202"]["content"]["application/json"];
type CiotError = paths["/api/public/v1/ciot/operations/{operation_id}/emit"]["post"]["responses"]["422"]["content"]["application/json"];
type DriverBulk = paths["/api/public/v1/drivers/bulk"]["post"]["responses"]["200"]["content"]["application/json"];

// Only the required fields: every other field of the creation body is optional.
const body: PartnerCreate = { person_kind: "pj", cpf_cnpj: "11222333000181", legal_name: "Transportes Exemplo Ltda" };

function names(page: PartnerList): string[] {
  return page.data.map((partner: Partner) => partner.legal_name + (partner.trade_name ?? ""));
}

function nextCursor(page: PartnerList): string | null {
  return page.page.has_more ? page.page.next_cursor : null;
}

function createdId(answer: Created): string {
  return answer.data.id;
}

function existingId(answer: Conflict): string | undefined {
  return "existing_id" in answer.error ? String(answer.error.existing_id) : undefined;
}

function emission(answer: Emitted | EmitPending): string {
  return answer.ok ? `${answer.data.codigo_ciot}: ${answer.mensagem}` : `${answer.reason}: ${answer.mensagem}`;
}

// 422 on /emit is a CIOT action error (ok/reason/mensagem) or a pipeline one (idempotency_key_reused).
function refusal(answer: CiotError): string {
  return "reason" in answer ? `${answer.reason}: ${answer.mensagem}` : answer.error.message;
}

function conflicts(answer: DriverBulk): number[] {
  return answer.data.conflicts.map((conflict) => conflict.index);
}

export { body, names, nextCursor, createdId, existingId, emission, refusal, conflicts };
