"""``python -m studio.player --collection DIR``; also the script PyInstaller freezes for an exported game."""

from studio.player.main import main

raise SystemExit(main())
