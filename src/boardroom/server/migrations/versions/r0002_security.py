"""Issue 26: a game records whether its seed was chosen by whoever made it.

``games.seed_chosen``: true when the seed came from the client (``seed`` in the create
body, or an imported record's): whoever chose it can compute every draw, so such a game
is marked on the table and in the game list, and never rated. Games made before this
migration are marked false (the server did not keep the fact).

Revision ID: r0002
Revises: r0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0002"
down_revision = "r0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("seed_chosen", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seed_chosen")
