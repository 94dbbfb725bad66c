"""The Community dock: sharing levels through a sharing server (`studio serve`, docs/server.md).

``install_community(window)`` adds the dock and its View menu toggle to a studio main
window and returns its controller.
"""

from studio.app.community.controller import CommunityController, install_community

__all__ = ["CommunityController", "install_community"]
