// clients/typescript/signed-fetch.ts against a live server (scripts/api_clients/serve.py), through openapi-fetch as
// docs and the TypeScript README recommend, and through plain fetch: a signed POST is created (201), the same POST
// unsigned is refused (401), a signed GET with a query answers 200. Run by scripts/check_openapi.sh.
import { readFileSync } from "node:fs";
import createClient from "openapi-fetch";
import type { paths } from "./fretes-api";
import { signedFetch } from "./signed-fetch.js";

const keys = JSON.parse(readFileSync(process.argv[2], "utf-8")) as { base_url: string; signed_key: string };

function check(condition: boolean, what: string): void {
  if (!condition) {
    console.error("signed-fetch check failed: " + what);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const client = createClient<paths>({ baseUrl: keys.base_url, fetch: signedFetch(keys.signed_key) });
  const created = await client.POST("/api/public/v1/partners", {
    body: { person_kind: "pj", cpf_cnpj: "60701190000104", legal_name: "Cliente Assinado Ltda" },
  });
  check(created.response.status === 201, `openapi-fetch signed POST answered ${created.response.status}`);
  check(created.data?.data.legal_name === "Cliente Assinado Ltda", "the created partner came back");

  const listed = await client.GET("/api/public/v1/partners", { params: { query: { limit: 1 } } });
  check(listed.response.status === 200, `openapi-fetch signed GET with a query answered ${listed.response.status}`);

  const unsigned = createClient<paths>({ baseUrl: keys.base_url, headers: { "X-API-Key": keys.signed_key } });
  const refused = await unsigned.POST("/api/public/v1/partners", {
    body: { person_kind: "pj", cpf_cnpj: "33000167000101", legal_name: "Sem Assinatura Ltda" },
  });
  check(refused.response.status === 401, `an unsigned POST answered ${refused.response.status}`);

  const plain = await signedFetch(keys.signed_key)(`${keys.base_url}/api/public/v1/me`);
  check(plain.status === 200, `plain fetch signed GET answered ${plain.status}`);
  console.log("typescript signedFetch: openapi-fetch POST 201 and GET 200 signed, unsigned POST 401, plain fetch 200");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
