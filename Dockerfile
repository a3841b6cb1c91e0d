# Two images from one file (compose.yaml builds both):
#   worker (the default, last stage): the user-code server, webserver, daemon, launched runs and
#     `ki`: the `convert` extra (Docling, OCR) and LibreOffice.
#   mcp (`--target mcp`): the MCP server only, on the base install: no Docling, OCR, torchvision
#     or LibreOffice. torch stays: the query embeddings run on it.
FROM python:3.11-slim AS base
ENV PIP_NO_CACHE_DIR=1 PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 LITELLM_LOCAL_MODEL_COST_MAP=True
WORKDIR /opt/dagster/app
# A CPU-only torch keeps several GB of CUDA libraries out of both images: point TORCH_INDEX_URL
# at a CPU wheel index (or the firm's mirror of one). Unset, torch comes with the rest.
ARG TORCH_INDEX_URL=""
RUN if [ -n "$TORCH_INDEX_URL" ]; then \
      pip install --index-url "$TORCH_INDEX_URL" torch==2.14.1; fi

FROM base AS mcp
COPY pyproject.toml README.md ./
COPY knowledge_index ./knowledge_index
# Root like the worker: both share the ki_home volume, whose files `ki` writes owner-only.
RUN pip install .
EXPOSE 8765
CMD ["ki", "mcp", "--http", "0.0.0.0:8765"]

FROM base AS worker
ENV DAGSTER_HOME=/opt/dagster/home
# LibreOffice converts legacy Office, OpenDocument and RTF files (without it they are degraded).
# Before the sources are copied: this layer survives code changes.
RUN apt-get update && apt-get install -y --no-install-recommends libreoffice-writer-nogui \
      libreoffice-calc-nogui libreoffice-impress-nogui && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md ./
COPY knowledge_index ./knowledge_index
# WITH_PST=1 adds the `pst` extra (libpff-python, LGPL-3.0) for Outlook .pst/.ost mailboxes.
ARG WITH_PST=""
RUN pip install -e ".[convert${WITH_PST:+,pst}]" && mkdir -p "$DAGSTER_HOME"
COPY dagster.yaml "$DAGSTER_HOME/dagster.yaml"
COPY workspace.yaml ./workspace.yaml
