"""The browser table: a Starlette app over a hub of live tables, stored through SQLAlchemy."""
