"""`python -m nutbox`: the same as the `nutbox` command."""

from nutbox.cli.main import app

app(prog_name="nutbox")
