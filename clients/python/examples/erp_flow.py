"""An ERP's first day with the `fretes-client` package: register customers, read them back page by page following
the cursor, treat a repeated CNPJ (409) as the typed ConflictError it is, and call with a key that requires
signatures through `fretes_signing.signing_hook`.

    pip install fretes-client            # or: pip install clients/python, from a checkout
    python erp_flow.py keys.json         # {"base_url": ..., "key": ..., "signed_key": ...}

The project's CI runs it against a live server (scripts/api_clients/serve.py writes keys.json) with the package
installed from its wheel in a fresh virtual environment."""
import json
import sys
import uuid

from fretes_api_client import AuthenticatedClient
from fretes_api_client.api.conta import get_me
from fretes_api_client.api.parceiros import create_partner, list_partners
from fretes_api_client.models import (
    ApiError,
    ConflictError,
    Partner,
    PartnerCreate,
    PartnerCreatePersonKind,
    PartnerList,
    PartnerResponse,
)
from fretes_signing import signing_hook


def check(condition, detail="") -> None:
    if not condition:
        raise SystemExit(f"python client check failed: {detail}")


def cnpj(base12: str) -> str:
    def digit(chars: str) -> str:
        weights = list(range(len(chars) - 7, 1, -1)) + list(range(9, 1, -1))
        total = sum((ord(c) - 48) * w for c, w in zip(chars, weights, strict=True))
        rest = total % 11
        return "0" if rest < 2 else str(11 - rest)
    first = digit(base12)
    return base12 + first + digit(base12 + first)


def main(keys_path: str) -> None:
    with open(keys_path, encoding="utf-8") as fh:
        keys = json.load(fh)
    client = AuthenticatedClient(base_url=keys["base_url"], token=keys["key"], prefix="",
                                 auth_header_name="X-API-Key", raise_on_unexpected_status=True)

    documents = [cnpj(f"{11_000_000 + i:08d}0001") for i in range(5)]
    for i, document in enumerate(documents):
        created = create_partner.sync_detailed(client=client, body=PartnerCreate(
            person_kind=PartnerCreatePersonKind.PJ, cpf_cnpj=document, legal_name=f"Cliente Gerado {i} Ltda"))
        check(created.status_code == 201, created.content)
        check(isinstance(created.parsed, PartnerResponse) and isinstance(created.parsed.data, Partner))
        check(isinstance(created.parsed.data.id, uuid.UUID))

    seen, cursor, pages = [], None, 0
    while True:
        answer = list_partners.sync_detailed(client=client, limit=2, **({"cursor": cursor} if cursor else {}))
        page = answer.parsed
        check(isinstance(page, PartnerList), answer.content)
        seen += [partner.cpf_cnpj for partner in page.data]
        pages += 1
        if not page.page.has_more:
            break
        cursor = page.page.next_cursor
    check(sorted(seen) == sorted(documents) and pages == 3, (seen, pages))

    duplicate = create_partner.sync_detailed(client=client, body=PartnerCreate(
        person_kind=PartnerCreatePersonKind.PJ, cpf_cnpj=documents[0], legal_name="Repetido Ltda"))
    check(duplicate.status_code == 409)
    conflict = duplicate.parsed
    check(isinstance(conflict, ConflictError), conflict)
    check(conflict.error.code == "partner_cpf_cnpj_exists" and isinstance(conflict.error.existing_id, uuid.UUID))

    unsigned = AuthenticatedClient(base_url=keys["base_url"], token=keys["signed_key"],
                                   raise_on_unexpected_status=True)
    refused = get_me.sync_detailed(client=unsigned)
    check(refused.status_code == 401 and isinstance(refused.parsed, ApiError))
    check(refused.parsed.error.code == "signature_required")

    signed = AuthenticatedClient(base_url=keys["base_url"], token=keys["signed_key"], raise_on_unexpected_status=True,
                                 httpx_args={"event_hooks": {"request": [signing_hook(keys["signed_key"])]}})
    me = get_me.sync(client=signed)
    check(me.data.api_key.require_signature is True, me)
    posted = create_partner.sync_detailed(client=signed, body=PartnerCreate(
        person_kind=PartnerCreatePersonKind.PJ, cpf_cnpj=cnpj("220000000001"), legal_name="Assinado Ltda"))
    check(posted.status_code == 201, posted.content)
    print(f"fretes-client ERP flow: {len(documents)} partners created, {pages} pages followed, 409 typed, "
          "signed calls ok")


if __name__ == "__main__":
    main(sys.argv[1])
