"""Payables as the API writes them (docs/api/finance.md)."""
from core.db import iso
from domain.payables.services import shown_status


def payable_dict(row, today=None) -> dict:
    r = row._asdict() if hasattr(row, "_asdict") else row.__dict__
    return {
        "id": str(r["id"]), "numero": r["numero"], "descricao": r["descricao"],
        "supplier_partner_id": str(r["supplier_partner_id"]) if r["supplier_partner_id"] else None,
        "supplier_name_snapshot": r["supplier_name_snapshot"], "valor_centavos": r["valor_centavos"],
        "saldo_centavos": r["valor_centavos"] - r["pago_centavos"], "pago_centavos": r["pago_centavos"],
        "emissao_at": r["emissao_at"].isoformat(), "vencimento_at": r["vencimento_at"].isoformat(),
        "pago_em": r["pago_em"].isoformat() if r["pago_em"] else None, "parcela_num": r["parcela_num"],
        "parcela_total": r["parcela_total"], "status": shown_status(r["status"], r["vencimento_at"], today),
        "created_at": iso(r["created_at"]),
    }
