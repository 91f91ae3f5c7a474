// Request signing for keys that require signatures (docs/api/signing.md, version 2): HMAC-SHA256 over
// "v2\n<METHOD>\n<path>\n<query>\n<timestamp>\n<body>" with the key's secret (the part after the first dot).
//
// Works with plain fetch (`signedFetch(KEY)(url, {method, body})`) and with openapi-fetch, which calls
// `fetch(request)` with a ready Request and no init: the body to sign is read from the Request itself, so a
// signed POST carries the signature of the body actually sent.
import { createHmac } from "node:crypto";

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function signedFetch(key: string, base: Fetch = fetch): Fetch {
  const secret = key.slice(key.indexOf(".") + 1);
  return async (input, init) => {
    const request = new Request(input, init);
    const body = new Uint8Array(await request.clone().arrayBuffer());
    const url = new URL(request.url);
    const timestamp = String(Date.now());
    const signed = Buffer.concat([
      Buffer.from(["v2", request.method.toUpperCase(), decodeURIComponent(url.pathname), url.search.slice(1),
                   timestamp, ""].join("\n")),
      body,
    ]);
    const headers = new Headers(request.headers);
    headers.set("X-API-Key", key);
    headers.set("X-Service-Timestamp", timestamp);
    headers.set("X-Service-Signature-Version", "2");
    headers.set("X-Service-Signature", "sha256=" + createHmac("sha256", secret).update(signed).digest("hex"));
    return base(new Request(request, { headers }));
  };
}
