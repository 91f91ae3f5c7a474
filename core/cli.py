"""Helpers shared by every area's CLI commands (`flask --app app ...`)."""
import json

import click


def fail(exc) -> None:
    """Stop the command with the error's own message (an AppError's pt-BR message, or the text given)."""
    raise click.ClickException(getattr(exc, "message", str(exc)))


def echo(as_json: bool, data: dict, text: str) -> None:
    """The command's answer: `data` as JSON for scripts (--json), else the sentence for people."""
    click.echo(json.dumps(data) if as_json else text)
