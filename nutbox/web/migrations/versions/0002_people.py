"""People: profiles, who sat where, chat, ratings; tables get a last-move time, a lobby flag and a rated flag."""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("moved", sa.Float))
        batch.add_column(sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.execute("UPDATE tables SET moved = created")
    op.create_table(
        "profiles",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("webhook", sa.String(500)),
        sa.Column("site", sa.String(200)),
    )
    op.create_table(
        "profile_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("profile_id", sa.String(16), sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("wrapped", sa.String(128), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "invite_codes",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("uses_left", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "memberships",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.String(16), sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("joined", sa.Float, nullable=False),
        sa.Column("place", sa.Integer),
        sa.Column("result", sa.String(200)),
    )
    op.create_index("memberships_by_profile", "memberships", ["profile_id"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("channel", sa.String(10), nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("profile_id", sa.String(16)),
        sa.Column("author", sa.String(40), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("time", sa.Float, nullable=False),
    )
    op.create_index("chat_by_table", "chat", ["table_id", "id"])
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
