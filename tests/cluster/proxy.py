"""A forwarding proxy before the fake Discord, as nirn-proxy sits before Discord: what passes
through it is recorded (`forwarded`, and `uploads` for the requests carrying files)."""
from __future__ import annotations

import aiohttp
from aiohttp import web


class Proxy:
    """Forwards every request to the fake Discord, as nirn-proxy forwards to Discord."""

    def __init__(self, target: str):
        self.target = target
        self.forwarded: list[tuple[str, str]] = []
        self.uploads: list[str] = []            # paths of the requests that carried files
        self.runner: web.AppRunner | None = None
        self.port = 0

    async def forward(self, request: web.Request) -> web.Response:
        self.forwarded.append((request.method, request.path))
        if request.content_type == "multipart/form-data":
            self.uploads.append(request.path)
        headers = {k: v for k, v in request.headers.items() if k.lower() not in ("host", "content-length")}
        async with aiohttp.ClientSession() as session:
            async with session.request(request.method, self.target + request.path_qs, headers=headers,
                                       data=await request.read()) as answer:
                body = await answer.read()
                keep = {k: v for k, v in answer.headers.items()
                        if k.lower() not in ("content-length", "transfer-encoding", "content-encoding", "date",
                                             "server")}
                return web.Response(status=answer.status, body=body, headers=keep)

    async def start(self) -> "Proxy":
        app = web.Application(client_max_size=64 * 2**20)
        app.router.add_route("*", "/{tail:.*}", self.forward)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = self.runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
