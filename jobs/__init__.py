"""RQ entry points: take ids, open an app context and a tenant scope, call a domain service, commit."""
