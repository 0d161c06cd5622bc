"""The RL adapters in an install without the rl extra: importing one says which extra to install, with the missing
library's own error chained to it, and `import nutbox.interop` needs none of them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# Each adapter with the libraries of the rl extra it imports, one hidden at a time.
CASES = [
    ("pettingzoo", "numpy"),
    ("pettingzoo", "gymnasium"),
    ("pettingzoo", "pettingzoo"),
    ("gymnasium", "numpy"),
    ("gymnasium", "gymnasium"),
    ("openspiel", "numpy"),
    ("openspiel", "pyspiel"),
    ("render", "numpy"),
    ("encoding", "numpy"),
]


def imported(module: str, hidden: str) -> dict[str, object]:
    """`import MODULE` in a fresh interpreter where `hidden` cannot be imported (as in an install without it):
    the error it raised, and the error chained to it."""
    script = (
        "import json, sys\n"
        f"sys.modules[{hidden!r}] = None\n"
        "try:\n"
        f"    import {module}\n"
        "except ImportError as error:\n"
        "    cause = error.__cause__\n"
        "    print(json.dumps({'type': type(error).__name__, 'message': str(error), 'name': error.name,\n"
        "                      'cause': type(cause).__name__ if cause else None,\n"
        "                      'cause_message': str(cause) if cause else None}))\n"
        "else:\n"
        "    print(json.dumps({'type': None}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answer: dict[str, object] = json.loads(done.stdout)
    return answer


@pytest.mark.parametrize(("adapter", "hidden"), CASES, ids=[f"{a}-without-{h}" for a, h in CASES])
def test_an_adapter_without_its_library_names_the_extra_to_install(adapter: str, hidden: str) -> None:
    module = f"nutbox.interop.{adapter}"
    error = imported(module, hidden)
    assert error["type"] == "ModuleNotFoundError", error  # still what `except ModuleNotFoundError` catches
    message = str(error["message"])
    assert message.startswith(f"{module} needs the rl extra ({hidden} is missing"), message
    assert message.endswith("pip install 'nutbox[rl]'"), message
    assert error["name"] == hidden
    # the original error is kept, chained
    assert error["cause"] == "ModuleNotFoundError" and hidden in str(error["cause_message"]), error


def test_openspiel_names_the_distribution_its_module_comes_with() -> None:
    error = imported("nutbox.interop.openspiel", "pyspiel")
    assert "pyspiel is missing: it comes with open-spiel" in str(error["message"]), error


def test_the_package_itself_needs_no_rl_library() -> None:
    for hidden in ("numpy", "gymnasium", "pettingzoo", "pyspiel"):
        assert imported("nutbox.interop", hidden) == {"type": None}
