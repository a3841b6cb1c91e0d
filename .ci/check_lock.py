"""Fail when the installed set (from requirements.lock) no longer satisfies pyproject.toml.

.ci/run installs the lock and then the project with --no-deps, so a dependency added to
pyproject without re-running .ci/lock would otherwise go missing silently.
"""

from __future__ import annotations

import sys
from importlib import metadata

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

PROJECT = "knowledge-index"


def unmet(extras: set[str]) -> list[str]:
    problems: list[str] = []
    todo = [(PROJECT, frozenset(extras))]
    seen: set[tuple[str, frozenset[str]]] = set()
    while todo:
        name, wanted = todo.pop()
        if (name, wanted) in seen:
            continue
        seen.add((name, wanted))
        for line in metadata.requires(name) or []:
            req = Requirement(line)
            env_extras = wanted or {""}
            if req.marker and not any(req.marker.evaluate({"extra": e}) for e in env_extras):
                continue
            if canonicalize_name(req.name) == canonicalize_name(PROJECT):
                todo.append((PROJECT, frozenset(req.extras)))
                continue
            try:
                have = metadata.version(req.name)
            except metadata.PackageNotFoundError:
                problems.append(f"{req} (not installed)")
                continue
            if not req.specifier.contains(have, prereleases=True):
                problems.append(f"{req} (installed {have})")
    return sorted(set(problems))


def main() -> int:
    problems = unmet(set(sys.argv[1:]) or {"convert", "dev"})
    for problem in problems:
        print(f"unmet: {problem}", file=sys.stderr)
    if problems:
        print("requirements.lock is stale: run `bash .ci/lock` and commit it", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
