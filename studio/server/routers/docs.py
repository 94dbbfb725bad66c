"""``/docs``: the API browsable in Swagger UI, served from the server's own copy of its scripts
(the files of the fastapi-offline package) so the page works offline and loads nothing from a
CDN; its start-up script is a file of ours, since the pages allow no inline script."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

from studio.server.config import TITLE

router = APIRouter(include_in_schema=False)
INIT_SCRIPT = Path(__file__).resolve().parent.parent / "static" / "docs-init.js"
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}: API</title>
<link rel="stylesheet" href="/docs/static/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/static/favicon.png"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/static/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script></body></html>
"""


@router.get("/docs", response_class=HTMLResponse)
def docs_page() -> HTMLResponse:
    return HTMLResponse(PAGE.format(title=TITLE))


@router.get("/docs/init.js")
def docs_script() -> FileResponse:
    return FileResponse(INIT_SCRIPT, media_type="text/javascript")


def mount_swagger_files(app: FastAPI) -> None:
    """Swagger UI's own files under ``/docs/static``."""
    from importlib.resources import files

    app.mount("/docs/static", StaticFiles(directory=str(files("fastapi_offline") / "static")), name="swagger-ui")
