"""Turn webhooks: which URLs a player may name, and posting to one without reaching inside the server's network.

A webhook is accepted when it is a well-formed ``http://`` or ``https://`` URL without user info whose host
resolves only to public addresses (not loopback, private, link-local such as ``169.254.169.254``, shared,
reserved, multicast or unspecified; IPv4 inside IPv6 is judged as IPv4). At send time the host is resolved and
judged again, and the request goes to the address that was judged (the URL's host still names the server in
the ``Host`` header and in TLS), so a name that changes its answer in between (DNS rebinding) reaches nothing
inside. No redirect is followed, the timeout is short, and the request carries no token. A server for a home
network may lift the address rule (``pamir serve --allow-private-webhooks``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlsplit

from ..content.i18n import N_
from .checks import ClientError

log = logging.getLogger("paxpamir.server")

MAX_URL: Final = 2000
#: Seconds a webhook may take, connection and answer together.
TIMEOUT: Final = 5.0
_LABEL: Final = re.compile(r"(?!-)[A-Za-z0-9_-]{1,63}(?<!-)")
#: Names that are inside a network by definition (answered before any lookup).
_INSIDE_NAMES: Final = ("localhost", ".localhost", ".local", ".internal", ".intranet", ".home.arpa", ".lan")

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
#: ``resolve(host, port)`` -> the addresses ``host`` has now (a test may pass its own).
Resolver = Callable[[str, int], Awaitable[list[str]]]


@dataclass(frozen=True)
class Target:
    """A checked webhook URL, taken apart."""

    url: str
    scheme: str
    host: str  # lower case, without brackets for IPv6
    port: int
    path: str  # path and query, at least "/"

    @property
    def host_header(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        default = 443 if self.scheme == "https" else 80
        return host if self.port == default else f"{host}:{self.port}"


def parse(url: Any) -> Target:
    """The parts of a well-formed http(s) webhook URL; :class:`ClientError` (``bad_webhook``) saying why not."""
    if not isinstance(url, str):
        raise _refuse(N_("a webhook is a URL string, or null to remove it"))
    if len(url) > MAX_URL:
        raise _refuse(N_("that webhook URL is too long (at most {limit} characters)"), limit=MAX_URL)
    if not url.isascii() or any(ord(c) <= 32 or ord(c) == 127 for c in url):
        raise _refuse(N_("a webhook URL has no spaces or control characters, and names a host in ASCII (punycode)"))
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise _refuse(N_("a webhook is an http:// or https:// URL"))
    if "@" in parts.netloc:
        raise _refuse(N_("a webhook URL may not hold a user name or password"))
    host = (parts.hostname or "").lower()
    if not host:
        raise _refuse(N_("a webhook URL needs a host name"))
    try:
        port = parts.port
    except ValueError:
        raise _refuse(N_("the webhook URL's port is not a port number")) from None
    if port == 0:
        raise _refuse(N_("the webhook URL's port is not a port number"))
    if _address(host) is None and not all(_LABEL.fullmatch(label) for label in host.removesuffix(".").split(".")):
        raise _refuse(N_("the webhook URL's host {host} is not a valid host name"), host=repr(host))
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(url, scheme, host, port or (443 if scheme == "https" else 80), path)


async def check(url: Any, allow_private: bool, resolve: Resolver | None = None) -> Target:
    """A webhook URL a player may name: well-formed (:func:`parse`), and unless ``allow_private`` its host
    resolves only to public addresses. Raises :class:`ClientError` (``bad_webhook``) saying why not."""
    target = parse(url)
    await addresses(target, allow_private, resolve)
    return target


async def addresses(target: Target, allow_private: bool, resolve: Resolver | None = None) -> list[str]:
    """The addresses of ``target``'s host, each judged; :class:`ClientError` if any may not be reached."""
    literal = _address(target.host)
    if literal is not None:
        found = [str(literal)]
    else:
        if not allow_private and (target.host.removesuffix(".") + ".").endswith(
            tuple(name + "." for name in _INSIDE_NAMES)
        ):
            raise _refuse(N_("the webhook's host {host} names a private network"), host=repr(target.host))
        try:
            found = await (resolve or system_resolve)(target.host, target.port)
        except (OSError, UnicodeError):
            found = []
        if not found:
            raise _refuse(N_("the webhook's host {host} does not resolve to an address"), host=repr(target.host))
    if not allow_private:
        for text in found:
            address = _address(text)
            if address is None or not is_public(address):
                raise _refuse(
                    N_("the webhook's host {host} is a private, loopback or reserved address ({address}): only "
                       "public addresses are allowed"), host=repr(target.host), address=text,
                )
    return found


def is_public(address: IPAddress) -> bool:
    """True for an address on the public internet (IPv4 mapped into, or carried by, IPv6 judged as IPv4)."""
    if isinstance(address, ipaddress.IPv6Address):
        inner = address.ipv4_mapped or address.sixtofour or (address.teredo[1] if address.teredo else None)
        if inner is not None:
            return is_public(inner)
    return bool(address.is_global) and not (
        address.is_multicast or address.is_unspecified or address.is_reserved or address.is_loopback
        or address.is_link_local or address.is_private
    )


async def system_resolve(host: str, port: int) -> list[str]:
    """The addresses the system's resolver gives ``host`` (off the event loop)."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


async def post(url: str, payload: dict[str, Any], allow_private: bool, resolve: Resolver | None = None) -> bool:
    """POST ``payload`` as JSON to the webhook ``url``: checked again now, sent to the address that was checked,
    no redirect followed, :data:`TIMEOUT` seconds at most. True if it was delivered; failures are logged by host
    only (the rest of a webhook URL is often a secret)."""
    import httpx

    try:
        target = parse(url)
        found = await addresses(target, allow_private, resolve)
    except ClientError as exc:
        log.warning("webhook to %s not sent: %s", _host_of(url), exc)
        return False
    address = found[0]
    shown = f"[{address}]" if ":" in address else address
    extensions = {"sni_hostname": target.host} if target.scheme == "https" else {}
    try:
        async with httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False, trust_env=False) as client:
            response = await client.post(
                f"{target.scheme}://{shown}:{target.port}{target.path}", json=payload,
                headers={"Host": target.host_header}, extensions=extensions,
            )
    except Exception as exc:  # a dead webhook must not disturb the game
        log.warning("webhook to %s failed: %s", target.host, type(exc).__name__)
        return False
    if response.status_code >= 300:
        log.warning("webhook to %s answered %s", target.host, response.status_code)
        return False
    return True


def _address(text: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _host_of(url: str) -> str:
    try:
        return repr(urlsplit(url).hostname or "?")
    except ValueError:
        return "'?'"


def _refuse(template: str, **args: Any) -> ClientError:
    return ClientError("bad_webhook", template, **args)
