"""Stand-ins for standard modules a web game imports but never needs: the page has one thread,
no file system and no user name, and Brython takes seconds to compile the real modules
(threading 2.6 s, getpass 2.1 s, pathlib 1.5 s, tempfile 1.3 s on the benchmark machine).
Installed in sys.modules before the studio's modules are imported; anything that would
really use one says so ("no files in a browser") instead of misbehaving."""

import sys


def _module(name, **names):
    module = type(sys)(name)
    module.__dict__.update(names)
    sys.modules[name] = module
    return module


def _refuse(*args, **kwargs):
    raise OSError("no files in a browser")


class _NoPath:
    """pathlib's classes: a web game has no files to name."""

    def __init__(self, *args, **kwargs):
        _refuse()


class _Lock:
    """threading's locks: the page runs one thread, so holding one never waits."""

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        return False

    def acquire(self, blocking=True, timeout=-1):
        return True

    def release(self):
        pass


def _import_module(name, package=None):
    __import__(name)
    return sys.modules[name]


_module("threading", Lock=_Lock, RLock=_Lock)
_module("getpass", getuser=lambda: "Player")
_module("tempfile", mkstemp=_refuse, TemporaryDirectory=_refuse, NamedTemporaryFile=_refuse)
_module("shutil", copy2=_refuse, copyfile=_refuse, move=_refuse, rmtree=_refuse)
_module("pathlib", Path=_NoPath, PurePath=_NoPath)
_module("importlib", import_module=_import_module)
