"""The application's routes, one module per area; ``app.create_app`` includes each ``router``."""
