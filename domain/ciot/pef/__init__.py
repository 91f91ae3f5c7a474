"""The ANTT PEF web service (manual DCS PEF v1.1): the provider that declares operations for real.

- `certificates`: the company's ICP-Brasil A1 certificate (PKCS#12, legacy algorithms included), read with
  `cryptography`, stored encrypted, and the TLS context of the mutual authentication.
- `settings`: the service URLs, path prefix, timeouts and identifier generator, read from the app config.
- `transport`: JSON over HTTPS with mutual TLS; timeouts, refused handshakes and 5xx are ProviderUnavailable.
- `identifiers`: the 12-digit IdOperacaoTransporte generator interface (a dotted path) and its test double.
- `payloads`: our records as the manual's JSON (the field names and where each comes from: docs/ciot-pef.md).
- `records`: the declarations sent, committed before sending (exactly-once across retries).
- `provider`: `AnttPefProvider`, the CiotProvider of the eight services.
"""
