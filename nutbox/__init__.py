"""nutbox: five nut-themed tabletop games on one core protocol (see docs/architecture.md)."""

__version__ = "0.1.0"
