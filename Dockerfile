# Boardroom's game server in a container: `boardroom serve` on port 8000.
#   docker build -t boardroom .
#   docker run -p 8000:8000 -v boardroom-data:/data boardroom          # a club: SQLite in /data
#   docker compose up                                                  # a public site: compose.yaml
# The server drains on SIGTERM (docker stop): live sockets are closed with 1012 and the
# browsers reconnect; give it the default 10 s (GRACE_S is 5). See docs/deploy.md.

FROM python:3.11-slim AS build
# a C compiler for the optional compiled route search (boardroom.routing._bnb)
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY src ./src
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels \
    && useradd --create-home --uid 1000 boardroom && mkdir /data && chown boardroom /data
USER boardroom
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/api/ready', timeout=3).status != 200)"]
CMD ["boardroom", "serve", "--host", "0.0.0.0", "--port", "8000", "--data", "/data", "--log-format", "json"]
