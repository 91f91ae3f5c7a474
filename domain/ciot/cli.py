"""CIOT CLI commands (filled by its issue)."""


def register_ciot_commands(app) -> None:
    return None
