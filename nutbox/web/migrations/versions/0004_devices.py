"""Devices: each browser holding a profile has its own cookie, listed on the profile page and signed out
there; the profile's key can change (signing a device out), its earlier keys chained."""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("key_version", sa.Integer, nullable=False, server_default=sa.text("0")))
    op.create_table(
        "devices",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("id", sa.String(16), nullable=False, unique=True),
        sa.Column("profile_id", sa.String(16), sa.ForeignKey("profiles.id"), nullable=False),
        sa.Column("sealed", sa.String(128), nullable=False),
        sa.Column("key_version", sa.Integer, nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
    )
    op.create_index("devices_by_profile", "devices", ["profile_id"])
    op.create_table(
        "profile_keys",
        sa.Column("profile_id", sa.String(16), sa.ForeignKey("profiles.id"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("sealed", sa.String(128), nullable=False),
    )
