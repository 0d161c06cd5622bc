"""Each profile's rating before and after a rated game, for the end of the game to show."""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    with op.batch_alter_table("memberships") as batch:
        batch.add_column(sa.Column("rating_before", sa.Integer))
        batch.add_column(sa.Column("rating_after", sa.Integer))
