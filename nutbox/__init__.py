"""nutbox: nut-themed tabletop games on one core protocol (see docs/architecture.md)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("nutbox")  # one place for it: pyproject.toml
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
