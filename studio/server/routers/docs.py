"""``/docs``: the API browsable in Swagger UI, served from the server's own copy of its scripts
(the swagger-ui-bundle package) so the page works offline and loads nothing from a CDN."""

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
<link rel="stylesheet" href="/docs/static/swagger-ui.css"></head>
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
    from swagger_ui_bundle import swagger_ui_path

    app.mount("/docs/static", StaticFiles(directory=str(swagger_ui_path)), name="swagger-ui")
