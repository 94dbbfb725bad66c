"""``Lazy``: a reference to a module, or to a name in one, imported only when resolved.

A game names its optional abilities (its verifier, solver, play-test adapter, Qt
view...) this way, so that loading the registry of games imports none of them: the
CLI starts fast, and nothing headless ever imports the game's Qt code. Resolving is
the one place such a reference becomes the real object.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Lazy(Generic[T]):
    """``"package.module:name"`` (a name defined in the module) or ``"package.module"``
    (the module itself). ``resolve()`` imports the module and returns the object; a
    reference to nothing raises ImportError naming the reference."""

    target: str

    def __post_init__(self) -> None:
        module, _, name = self.target.partition(":")
        if not module or not all(part.isidentifier() for part in module.split(".")) or (
                ":" in self.target and not name.isidentifier()):
            raise ValueError(f"Lazy({self.target!r}): expected 'package.module' or 'package.module:name'")

    @property
    def module(self) -> str:
        return self.target.partition(":")[0]

    @property
    def name(self) -> str:
        """The name within the module; empty for a reference to the module itself."""
        return self.target.partition(":")[2]

    def resolve(self) -> T:
        module = sys.modules.get(self.module) or importlib.import_module(self.module)
        if not self.name:
            return module  # type: ignore[return-value]
        try:
            return getattr(module, self.name)
        except AttributeError:
            raise ImportError(f"Lazy({self.target!r}): {self.module} has no {self.name!r}") from None

    def __repr__(self) -> str:
        return f"Lazy({self.target!r})"
