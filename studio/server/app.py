"""``create_app(config)``: the ASGI application of the sharing server.

The database is migrated before the first request. Each area of the service is a
router (``routers/``) included here; ``extra_routers`` lets a feature add its own
without editing this file. Every error answers in words: JSON ``{"detail": ...}``
under ``/api``, a small page elsewhere; bad input is a 4xx, never a 500.
"""

from __future__ import annotations

import logging
import threading
from contextlib import asynccontextmanager

import anyio.to_thread

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DataError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from studio.server.config import TITLE, ServerConfig
from studio.server.database import make_engine, migrate, session_factory
from studio.server.limits import BodySizeLimit
from studio.server.middleware import Admission, SecurityHeaders
from studio.server.rendering import FileCache, Renderer, default_cache_dir
from studio.server.routers import (
    accounts, docs, escape_client, feedback, health, intricacy, levels, moderation, pages, play, speedruns, web_forms,
)
from studio.server.schemas import Problem
from studio.server.verifier import RETRY_SECONDS, VerifierPool
from studio.server.web import page

log = logging.getLogger("studio.server")
ROUTERS = (health.router, accounts.router, moderation.router, feedback.router, speedruns.router,
           levels.router, pages.router, web_forms.router, play.router, intricacy.router, docs.router)
# Threads for the handlers beyond the admitted requests (each uses one at a time): a few for
# the work the server does outside requests, so no admitted request waits for a thread.
SPARE_THREADS = 8
# What OpenAPI says of errors: {"detail": "..."} in words (not FastAPI's default list for 422).
ERROR_RESPONSES = {
    "4XX": {"model": Problem, "description": "refused, the reason in words (docs/server.md lists the codes)"},
    503: {"model": Problem, "description": "busy: every verifier in use, or the database unreachable"},
}


def create_app(config: ServerConfig, extra_routers=()) -> FastAPI:
    engine = make_engine(config.database_url, connections=config.max_active_requests)
    migrate(engine)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        anyio.to_thread.current_default_thread_limiter().total_tokens = config.max_active_requests + SPARE_THREADS
        threading.Thread(target=app.state.verifier.warm_up, name="verifier warm-up", daemon=True).start()
        yield
        app.state.verifier.close()
        app.state.renderer.close()
        engine.dispose()

    app = FastAPI(title=TITLE, version="1", docs_url=None, redoc_url=None,
                  description="Upload verified levels, rate them, comment, and keep speedrun records. "
                              "See docs/server.md.", lifespan=lifespan)
    app.state.config = config
    app.state.engine = engine
    app.state.sessions = session_factory(engine)
    app.state.verifier = VerifierPool(config.verify_workers, config.verify_seconds, config.max_solution_moves)
    app.state.renderer = Renderer(config.cache_dir or default_cache_dir(config.database_url), config.render_seconds)
    app.state.files = FileCache()
    for router in (*ROUTERS, *extra_routers):
        app.include_router(router, responses=ERROR_RESPONSES)
    docs.mount_swagger_files(app)
    app.include_router(escape_client.router)  # last: its /<collection>/… paths must shadow nothing
    _install_error_handlers(app)
    # The last added is the outermost: every answer, a 503 of admission too, gets the headers.
    app.add_middleware(BodySizeLimit, limit=config.max_request_bytes)
    app.add_middleware(Admission, active=config.max_active_requests, queued=config.max_queued_requests,
                       wait_seconds=config.queue_seconds)
    app.add_middleware(SecurityHeaders)
    return app


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException):
        if request.url.path.startswith("/api") or request.url.path in ("/openapi.json", "/docs"):
            return JSONResponse({"detail": error.detail}, status_code=error.status_code,
                                headers=getattr(error, "headers", None))
        return page(request, "error.html", error.status_code, status=error.status_code, message=error.detail)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError):
        return JSONResponse({"detail": describe_validation(error)}, status_code=422)

    @app.exception_handler(DataError)
    async def unstorable(request: Request, error: DataError):
        # Validation should have caught it; the database's refusal is still the client's input.
        log.warning("value refused by the database: %s", error)
        return JSONResponse({"detail": "a value in the request cannot be stored (out of range or "
                                       "holding characters the database refuses)"}, status_code=422)

    @app.exception_handler(OperationalError)
    @app.exception_handler(PoolTimeout)
    async def database_busy(request: Request, error: Exception):
        log.warning("database error: %s", error)
        return JSONResponse({"detail": "the database is busy or unreachable; try again in 5 s"}, status_code=503,
                            headers={"Retry-After": str(RETRY_SECONDS)})


def describe_validation(error: RequestValidationError) -> str:
    """FastAPI's list of problems, as one line of words: "body.name: String should have at least 2 characters"."""
    parts = []
    for problem in error.errors():
        where = ".".join(str(part) for part in problem.get("loc", ()) if part != "body") or "body"
        message = problem.get("msg", "invalid")
        if problem.get("type") == "json_invalid":
            where, message = "body", "not valid JSON"
        parts.append(f"{where}: {message}")
    return "; ".join(parts) or "the request is not valid"
