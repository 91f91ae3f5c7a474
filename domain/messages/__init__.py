"""Outbound messages (WhatsApp, SMS, e-mail) linked to freights: templates, channel adapters, delivery."""
