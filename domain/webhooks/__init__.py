"""Webhooks: company endpoints that receive the outbox events, signed, retried and logged."""
