-- The usage ledger: one row per model call, written by the gateway. No foreign key to
-- source_objects on purpose: spend stays accounted for after a document is deleted, and some
-- calls belong to no document.
CREATE TABLE model_usage (
    id                bigserial PRIMARY KEY,
    at                timestamptz NOT NULL DEFAULT now(),
    stage             text NOT NULL,
    model             text NOT NULL,
    doc_id            text,
    -- One agent attempt; links a stage's stored provenance to its exact calls.
    trace_id          text NOT NULL,
    kind              text NOT NULL CHECK (kind IN ('completion', 'structured')),
    outcome           text NOT NULL
        CHECK (outcome IN ('ok', 'provider_permanent', 'cooldown', 'infrastructure', 'error')),
    error_class       text,
    prompt_tokens     integer NOT NULL DEFAULT 0 CHECK (prompt_tokens >= 0),
    completion_tokens integer NOT NULL DEFAULT 0 CHECK (completion_tokens >= 0),
    -- 0 when litellm has no price for the model (local models, unknown deployments).
    cost_usd          numeric(18, 8) NOT NULL DEFAULT 0,
    latency_ms        double precision NOT NULL,
    litellm_call_id   text
);

CREATE INDEX model_usage_stage_model_at ON model_usage (stage, model, at);
CREATE INDEX model_usage_trace ON model_usage (trace_id);
CREATE INDEX model_usage_doc ON model_usage (doc_id) WHERE doc_id IS NOT NULL;
