# One image for the user-code server, webserver, daemon and launched runs.
FROM python:3.11-slim
ENV PIP_NO_CACHE_DIR=1 PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 LITELLM_LOCAL_MODEL_COST_MAP=True \
    DAGSTER_HOME=/opt/dagster/home
WORKDIR /opt/dagster/app
# LibreOffice converts legacy Office, OpenDocument and RTF files (without it they are degraded).
RUN apt-get update && apt-get install -y --no-install-recommends libreoffice-writer-nogui \
      libreoffice-calc-nogui libreoffice-impress-nogui && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md ./
COPY knowledge_index ./knowledge_index
RUN pip install -e '.[convert]' && mkdir -p "$DAGSTER_HOME"
COPY dagster.yaml "$DAGSTER_HOME/dagster.yaml"
COPY workspace.yaml ./workspace.yaml
