"""Sources: read-only connectors behind one protocol, and the sync engine around them."""
