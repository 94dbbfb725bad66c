import multiprocessing

from studio.cli import main

multiprocessing.freeze_support()  # the solver's worker processes, in a packaged (frozen) build
raise SystemExit(main())
