"""Take Away: a pile of nuts; players take 1, 2 or 3 in turn, and whoever takes the last nut wins.

An example of a game shipped as its own package (docs/plugins.md). Notation: `take N`.
"""
