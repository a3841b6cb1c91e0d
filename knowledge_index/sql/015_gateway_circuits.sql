-- The model gateway's circuit breaker, one row per model, shared by every process that runs
-- stages (two `ki run`s and the daemon agree on whether a model is down). Owned by
-- knowledge_index/gateway/circuits.py; the transitions are in gateway/breaker.py.
CREATE TABLE gateway_circuits (
    model        text PRIMARY KEY,
    state        text NOT NULL DEFAULT 'closed' CHECK (state IN ('closed', 'open', 'half_open')),
    -- consecutive infrastructure failures (reset by any answer from the gateway)
    failures     integer NOT NULL DEFAULT 0,
    -- failed half-open probes since the circuit opened: each one doubles the cooldown
    reopened     integer NOT NULL DEFAULT 0,
    opened_at    timestamptz,
    -- open: no request before this; half_open: the probe's lease ends here
    retry_at     timestamptz,
    last_error   text,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE model_usage DROP CONSTRAINT IF EXISTS model_usage_outcome_check;
ALTER TABLE model_usage ADD CONSTRAINT model_usage_outcome_check CHECK (outcome IN (
    'ok', 'provider_permanent', 'cooldown', 'infrastructure', 'error', 'circuit_open'));
