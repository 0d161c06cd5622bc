"""The nutbox command (placeholder until the CLI lands in this same issue)."""

import typer

app = typer.Typer()
