"""How histories and timelines name who did something."""


def actor_label(actor) -> str | None:
    """An API key by prefix, a user by e-mail, else the given label (e.g. "cron")."""
    if actor is None:
        return None
    if isinstance(actor, str):
        return actor[:120]
    if getattr(actor, "prefix", None):
        return f"api_key:{actor.prefix}"[:120]
    if getattr(actor, "email", None):
        return f"user:{actor.email}"[:120]
    return str(actor)[:120]
