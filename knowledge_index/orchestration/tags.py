"""Run tags the product sets and filters on (the run queue limits one sync per source)."""

SYNC_SOURCE_TAG = "ki/source"
STAGE_TAG = "ki/stage"
TRIGGER_TAG = "ki/trigger"
OWED_TAG = "ki/owed"
