"""The volume bench's seed (bench/bench_volume.py): one `INSERT ... SELECT generate_series` per table, in the shapes
the app writes, for a company (`:c`) and `:n` rows; `:base` offsets its documents, `:slug` its texts."""
# ruff: noqa: S608  the seed's SQL is assembled from the constants below (names, cities), values are bound parameters

# Rows of the big company at scale 1; the neighbour has NEIGHBOUR_SHARE of each.
VOLUME = {"ciot_operations": 1_000_000, "freights": 500_000, "partners": 50_000, "vehicles": 5_000,
          "drivers": 5_000, "billing_documents": 300_000, "invoices": 50_000, "payables": 50_000,
          "marketplace_leads": 50_000}
NEIGHBOUR_SHARE = 0.1
CITIES = ("São Paulo", "Campinas", "Curitiba", "Belo Horizonte", "Goiânia", "Porto Alegre", "Cuiabá", "Uberlândia",
          "Ribeirão Preto", "Londrina", "Joinville", "Maringá", "Chapecó", "Rondonópolis", "Sorriso", "Santos")
UFS = ("SP", "SP", "PR", "MG", "GO", "RS", "MT", "MG", "SP", "PR", "SC", "PR", "SC", "MT", "MT", "SP")
NAMES = ("Silva", "Souza", "Oliveira", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento", "Lima", "Araújo",
         "Fernandes", "Carvalho", "Gomes", "Martins", "Rocha", "Ribeiro", "Alves", "Monteiro", "Mendes", "Barros")


# --- seeding ------------------------------------------------------------------------------------------------------

# A code's number: six digits at least, all of them past 999999 (lpad would cut them).
NUMBER = "lpad(i::text, greatest(6, length(i::text)), '0')"


def _array(values) -> str:
    return "ARRAY[" + ",".join("'" + v.replace("'", "''") + "'" for v in values) + "]"


def _pick(values, index_sql: str) -> str:
    return f"({_array(values)})[1 + ({index_sql}) % {len(values)}]"


def _fold_sql(expr: str) -> str:
    """core.validators.fold in SQL for the seed's own texts (lower case, the accents the seed uses removed)."""
    return f"translate(lower({expr}), 'ãáâàéêíóôõúç', 'aaaaeeiooouc')"


def _id(kind: str, index_sql: str) -> str:
    # Deterministic ids, so a child row can name its parent without a join: md5(company, kind, i) as a uuid.
    return f"md5((:c)::text || '-{kind}-' || ({index_sql}))::uuid"


def _digits(index_sql: str, length: int) -> str:
    # A CPF/CNPJ-like string of digits that looks random (documents share no prefix), one per index: a product by a
    # prime modulo 10^length is a bijection, so unique indexes hold.
    return f"lpad(((({index_sql})::bigint * 982451653) % {10 ** length})::text, {length}, '0')"


def _when(index_sql: str, total: str) -> str:
    # Rows spread over the last 365 days, row 1 the oldest.
    return f"(timestamp '2026-11-26' - make_interval(secs => ((({total}) - ({index_sql})) * 31536000.0 / ({total}))))"


SEED = {
    "partners": f"""
        INSERT INTO partners (id, company_id, person_kind, cpf_cnpj, legal_name, trade_name, ie_isento, roles,
                              role_contratante, role_contratado, role_tomador, role_destinatario, role_remetente,
                              role_cliente_frete, role_fornecedor,
                              is_active, search_text, uf, municipio_nome, created_at, updated_at)
        SELECT {_id('partner', 'i')}, :c, 'pj', {_digits(':base + i', 14)},
               {_pick(NAMES, 'i')} || ' Transportes ' || i || ' Ltda', NULL, false,
               CASE r.kind WHEN 'customer' THEN '["cliente_frete","tomador"]' WHEN 'sender' THEN '["remetente"]'
                           WHEN 'contractor' THEN '["contratado"]' ELSE '["fornecedor"]' END::json,
               false, r.kind = 'contractor', r.kind = 'customer', false, r.kind = 'sender', r.kind = 'customer',
               r.kind = 'supplier',
               true, {_fold_sql(_pick(NAMES, 'i') + " || ' transportes ' || i || ' ltda ' || "
                                + _digits(':base + i', 14))},
               {_pick(UFS, 'i')}, {_pick(CITIES, 'i')}, {_when('i', ':n')}, {_when('i', ':n')}
        FROM generate_series(1, :n) AS i,
             -- 10 % customers (cliente_frete + tomador), 0.2 % senders (a rare role), ~30 % contractors, suppliers
             LATERAL (SELECT CASE WHEN i % 10 = 0 THEN 'customer' WHEN i % 500 = 7 THEN 'sender'
                                  WHEN i % 3 = 0 THEN 'contractor' ELSE 'supplier' END AS kind) AS r""",
    "vehicles": f"""
        INSERT INTO vehicles (id, company_id, plate, vehicle_type, brand, model, year, capacity_kg, status,
                              created_at, updated_at)
        SELECT {_id('vehicle', 'i')}, :c,
               chr(65 + (i / 10000 / 676) % 26) || chr(65 + (i / 10000 / 26) % 26) || chr(65 + (i / 10000) % 26)
                 || lpad((i % 10000)::text, 4, '0'),
               {_pick(('truck', 'toco', 'carreta', 'bitrem'), 'i')}, 'Volvo', 'FH', 2000 + i % 25, 10000 + i % 20000,
               'ativo', {_when('i', ':n')}, {_when('i', ':n')}
        FROM generate_series(1, :n) AS i""",
    "drivers": f"""
        INSERT INTO drivers (id, company_id, name, phone, cpf, has_mopp, status, cnh_expires_at, created_at,
                             updated_at)
        SELECT {_id('driver', 'i')}, :c, 'Motorista ' || {_pick(NAMES, 'i')} || ' ' || i,
               '+55119' || lpad(i::text, 8, '0'),
               {_digits(':base + i', 11)}, false, 'ativo', date '2026-12-01' + (i % 900), {_when('i', ':n')},
               {_when('i', ':n')}
        FROM generate_series(1, :n) AS i""",
    "freights": f"""
        INSERT INTO freights (id, company_id, code, status, visibility, public_slug, origin_city, origin_state,
                              destination_city, destination_state, cargo_type, weight_kg, vehicle_type, price,
                              driver_id, vehicle_id, search_text, pickup_at, created_at, updated_at)
        SELECT {_id('freight', 'i')}, :c, 'FRT-' || {NUMBER}, s.status,
               CASE WHEN i % 50 = 0 THEN 'publico' ELSE 'privado' END,
               CASE WHEN i % 50 = 0 THEN 'frete-' || :slug || '-' || i END,
               {_pick(CITIES, 'i')}, {_pick(UFS, 'i')}, {_pick(CITIES, 'i / 7')}, {_pick(UFS, 'i / 7')},
               'Carga geral', 1000 + i % 30000, 'carreta', 1000 + i % 9000,
               CASE WHEN i % 4 = 0 THEN {_id('driver', '1 + i % :drivers')} END,
               CASE WHEN i % 4 = 0 THEN {_id('vehicle', '1 + i % :drivers')} END,
               {_fold_sql("'frt-' || " + NUMBER + " || ' ' || " + _pick(CITIES, 'i') + " || ' ' || "
                          + _pick(CITIES, 'i / 7'))},
               {_when('i', ':n')} + interval '3 days', {_when('i', ':n')}, {_when('i', ':n')}
        FROM generate_series(1, :n) AS i,
             LATERAL (SELECT CASE WHEN i % 50 = 0 THEN 'published' WHEN i > :n - :n / 20
                                  THEN {_pick(('draft', 'published', 'negotiating', 'aceito', 'assigned'), 'i')}
                                  ELSE {_pick(('delivered', 'delivered', 'delivered', 'cancelled', 'in_transit'), 'i')}
                             END AS status) AS s""",
    "ciot_operations": f"""
        INSERT INTO ciot_operations (id, company_id, code, environment, mode, status, created_by, external_id,
                                     tipo_operacao, contratado_cpf_cnpj, contratado_rntrc, contratado_tipo,
                                     contratado_nome, distancia_km, peso_carga, valor_frete, codigo_ciot,
                                     codigo_verificador, protocolo, emitted_at, contingencia, retificacoes,
                                     validation_summary, validated_at, created_at, updated_at)
        SELECT {_id('op', 'i')}, :c, 'CIOT-' || {NUMBER}, 'homolog', 'normal', s.status, 'user:bench',
               'PED-' || :slug || '-' || i, {_pick(('lotacao', 'fracionada'), 'i')},
               {_digits(':base + 1 + i % :partners', 14)}, lpad((i % 99999999)::text, 9, '0'), 'TAC',
               {_pick(NAMES, '1 + i % :partners')} || ' Transportes ' || (1 + i % :partners) || ' Ltda',
               100 + i % 2000,
               1000 + i % 30000, 1000 + i % 9000,
               CASE WHEN s.status IN ('emitido', 'encerrado', 'cancelado') THEN {_digits(':base + i', 12)} END,
               CASE WHEN s.status IN ('emitido', 'encerrado', 'cancelado') THEN lpad((i % 9999)::text, 4, '0') END,
               CASE WHEN s.status IN ('emitido', 'encerrado', 'cancelado') THEN 'PROT' || i END,
               CASE WHEN s.status IN ('emitido', 'encerrado', 'cancelado') THEN {_when('i', ':n')} END,
               false, 0, '{{"ok": true, "blockers": 0, "warnings": 0}}'::json, {_when('i', ':n')},
               {_when('i', ':n')}, {_when('i', ':n')}
        FROM generate_series(1, :n) AS i,
             LATERAL (SELECT CASE WHEN i > :n - :n / 100
                                  THEN {_pick(('rascunho', 'validado', 'com_divergencia', 'pronto_emissao',
                                               'emitindo', 'emitido', 'rejeitado'), 'i')}
                                  ELSE {_pick(('encerrado', 'encerrado', 'encerrado', 'cancelado', 'emitido'), 'i')}
                             END AS status) AS s""",
    "ciot_contratantes": f"""
        INSERT INTO ciot_contratantes (id, company_id, operation_id, position, cpf_cnpj, nome)
        SELECT gen_random_uuid(), :c, {_id('op', 'i')}, 0, '11222333000181', 'Embarcadora Exemplo Ltda'
        FROM generate_series(1, :n) AS i""",
    "ciot_vehicles": f"""
        INSERT INTO ciot_vehicles (id, company_id, operation_id, position, plate, vehicle_kind)
        SELECT gen_random_uuid(), :c, {_id('op', 'i')}, p, 'ABC' || lpad(((i + p) % 10000)::text, 4, '0'),
               CASE WHEN p = 0 THEN 'tracao' ELSE 'reboque' END
        FROM generate_series(1, :n) AS i, generate_series(0, 1) AS p""",
    "ciot_payments": f"""
        INSERT INTO ciot_payments (id, company_id, operation_id, position, kind, tipo_pagamento,
                                   indicador_pagamento, amount, due_date)
        SELECT gen_random_uuid(), :c, {_id('op', 'i')}, p, CASE WHEN p = 0 THEN 'adiantamento' ELSE 'saldo' END,
               'pix', 'avista', 500 + i % 4000, date '2026-11-26' - (i % 365)
        FROM generate_series(1, :n) AS i, generate_series(0, 1) AS p""",
    "ciot_documents": f"""
        INSERT INTO ciot_documents (id, company_id, operation_id, position, kind)
        SELECT gen_random_uuid(), :c, {_id('op', 'i')}, p, CASE WHEN p = 0 THEN 'cte' ELSE 'nfe' END
        FROM generate_series(1, :n) AS i, generate_series(0, 1) AS p""",
    "ciot_events": f"""
        INSERT INTO ciot_events (id, company_id, operation_id, type, message, data, actor, created_at)
        SELECT gen_random_uuid(), :c, {_id('op', 'i')}, {_pick(('created', 'validated', 'emitted'), 'p')},
               'Evento ' || p, '{{}}'::json, 'user:bench', {_when('i', ':n')} + make_interval(secs => p)
        FROM generate_series(1, :n) AS i, generate_series(0, 2) AS p""",
    "invoices": f"""
        INSERT INTO invoices (id, company_id, numero, status, customer_partner_id, valor_centavos, items_count,
                              emitted_at, vencimento_at, created_at, updated_at)
        SELECT {_id('invoice', 'i')}, :c, 'FAT-' || {NUMBER},
               CASE WHEN i > :n - :n / 10 THEN 'emitida' ELSE 'encerrada' END,
               {_id('partner', '1 + (i * 10) % :partners')},
               100000 + i % 900000, 6, {_when('i', ':n')},
               date '2026-11-26' - (:n - i) * 365 / :n + 30, {_when('i', ':n')}, {_when('i', ':n')}
        FROM generate_series(1, :n) AS i""",
    "receivables": f"""
        INSERT INTO receivables (id, company_id, invoice_id, customer_partner_id, valor_centavos, pago_centavos,
                                 vencimento_at, status, created_at, updated_at)
        SELECT gen_random_uuid(), :c, {_id('invoice', 'i')}, {_id('partner', '1 + (i * 10) % :partners')},
               100000 + i % 900000, 0, date '2026-11-26' - (:n - i) * 365 / :n + 30,
               CASE WHEN i > :n - :n / 10 THEN 'aberto' ELSE 'pago' END, {_when('i', ':n')}, {_when('i', ':n')}
        FROM generate_series(1, :n) AS i""",
    "billing_documents": f"""
        INSERT INTO billing_documents (id, company_id, kind, status, chave, numero, valor_centavos, metadata,
                                       customer_partner_id, invoice_id, created_at, updated_at)
        SELECT gen_random_uuid(), :c, 'cte', CASE WHEN i > :n - :n / 10 THEN 'pendente' ELSE 'faturado' END,
               lpad((:base + i)::text, 44, '0'), i::text, 10000 + i % 90000, '{{}}'::json,
               {_id('partner', '1 + (i / 6 * 10) % :partners')},
               CASE WHEN i <= :n - :n / 10 THEN {_id('invoice', '1 + (i / 6) % :invoices')} END,
               {_when('i', ':n')}, {_when('i', ':n')}
        FROM generate_series(1, :n) AS i""",
    "payables": f"""
        INSERT INTO payables (id, company_id, descricao, valor_centavos, pago_centavos, pago_em, emissao_at,
                              vencimento_at, parcela_num, parcela_total, status, supplier_partner_id, created_at,
                              updated_at)
        SELECT gen_random_uuid(), :c, 'Frete ' || i, 50000 + i % 500000,
               CASE WHEN i > :n - :n / 10 THEN 0 ELSE 50000 + i % 500000 END,
               CASE WHEN i <= :n - :n / 10 THEN date '2026-11-26' - (:n - i) * 365 / :n + 30 END,
               date '2026-11-26' - (:n - i) * 365 / :n, date '2026-11-26' - (:n - i) * 365 / :n + 30, 1, 1,
               CASE WHEN i > :n - :n / 10 THEN 'aberto' ELSE 'pago' END,
               {_id('partner', '3 + (i * 3) % (:partners - 3)')},
               {_when('i', ':n')}, {_when('i', ':n')}
        FROM generate_series(1, :n) AS i""",
    "marketplace_leads": f"""
        INSERT INTO marketplace_leads (id, company_id, freight_id, driver_name, driver_phone, status, source,
                                       created_at)
        SELECT gen_random_uuid(), :c, {_id('freight', '50 * (1 + i % (:freights / 50))')},
               'Motorista ' || i, '+5511' || lpad(i::text, 9, '0'), {_pick(('novo', 'contatado', 'descartado'), 'i')},
               'whatsapp', {_when('i', ':n')}
        FROM generate_series(1, :n) AS i""",
    # The codes' counters (core.counters): the app's next CIOT-/FRT-/FAT- number follows the seeded ones.
    "counters": "INSERT INTO counters (company_id, name, last_value) "
                "VALUES (:c, 'ciot', :operations), (:c, 'freight', :freights), (:c, 'invoice', :invoices)",
}
CHILDREN_OF_OPERATIONS = ("ciot_contratantes", "ciot_vehicles", "ciot_payments", "ciot_documents", "ciot_events")
