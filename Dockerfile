# The game server as a container: the compiled engine, a non-root user, a healthcheck, migrations at start.
# Build: docker build -t paxpamir .   Run: docker run -p 8000:8000 -v pamir-data:/data paxpamir
# With PostgreSQL: compose.yaml. Everything else: docs/deploy.md. Checked by tests/test_deploy.py (hadolint).

FROM python:3.11-slim AS build
# A C compiler, so that the wheel holds the compiled engine (PAXPAMIR_BUILD=compiled fails loudly otherwise).
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The package (compiled) and every wheel it needs, so that the image installs from this folder alone.
RUN PAXPAMIR_BUILD=compiled pip wheel --no-cache-dir --wheel-dir /wheels ".[server,postgres]"

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 pamir \
    && mkdir /data \
    && chown pamir /data
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index --find-links /wheels "paxpamir[server,postgres]" \
    && rm -rf /wheels
COPY deploy/entrypoint.sh /usr/local/bin/pamir-entrypoint
USER 10001
ENV PAMIR_DATABASE=/data/server.sqlite3 \
    PAMIR_PORT=8000
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ["pamir-entrypoint", "healthcheck"]
ENTRYPOINT ["pamir-entrypoint"]
