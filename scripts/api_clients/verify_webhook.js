// Verifies one webhook delivery with the Standard Webhooks JavaScript library (npm `standardwebhooks`), as an
// integrator's Node receiver would: `node verify_webhook.js <request.json>` where the file holds
// {"secret": "whsec_...", "headers": {...}, "body": "<raw body>"}. Prints the event type; exits 1 when refused.
// tests/webhooks/test_standard_webhooks.py runs it on real deliveries (NODE_PATH: .tools/node_modules).
const fs = require("fs");
const { Webhook } = require("standardwebhooks");

const request = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
try {
  const event = new Webhook(request.secret).verify(request.body, request.headers);
  process.stdout.write(event.type);
} catch (err) {
  process.stderr.write(String(err && err.message));
  process.exit(1);
}
