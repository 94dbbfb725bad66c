"""The level-sharing server (`studio serve`): an ASGI application over SQLAlchemy.

Never imports Qt: levels are loaded and their solutions played by the games'
own pure-Python code (``studio.core``, ``studio.games``) in worker processes
(``verifier``); pictures of levels are drawn by ``studio render`` in a
subprocess (``rendering``). The application is built by ``app.create_app``
from routers per area (``routers/``) over models per area (``models/``), so a
feature such as a game's metagame adds its own router, models and migration.
Needs the ``server`` extra: ``pip install -e ".[server]"``.
"""
