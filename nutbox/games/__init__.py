"""One package per game; each imports only nutbox.core. nutbox/registry.py lists them."""
