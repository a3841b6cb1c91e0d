"""List the import cycles inside knowledge_index, module by module.

lint-imports' acyclic_siblings contract enforces "no cycles" (in .ci/run) but reports only
which package-level dependencies to cut; this prints the cycles themselves (each strongly
connected group of modules with one concrete loop through it). --baseline prints the
cycle-breaking imports that import-linter nominates, as the contract's ignore_imports (the
known-cycles baseline in pyproject.toml):
    .venv/bin/python .ci/import_cycles.py [--baseline] [--fail]
"""

from __future__ import annotations

import sys

import grimp


def strongly_connected(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    modules = sorted(m for m in graph.modules if m == package or m.startswith(package + "."))
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & set(modules)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(root: str) -> None:
        # Iterative Tarjan: the package's import chains are deeper than the recursion limit.
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(edges[child])))
            elif child in on_stack:
                low[node] = min(low[node], index[child])

    for module in modules:
        if module not in index:
            visit(module)
    return sorted(groups)


def one_loop(graph: grimp.ImportGraph, group: list[str]) -> list[str]:
    members = set(group)
    start = group[0]
    for nxt in sorted(graph.find_modules_directly_imported_by(start) & members):
        path = graph.find_shortest_chain(importer=nxt, imported=start)
        if path and set(path) <= members:
            return [start, *path]
    return group


def baseline(graph: grimp.ImportGraph) -> list[str]:
    from importlinter import configuration
    from importlinter.contracts.acyclic_siblings import AcyclicSiblingsContract

    configuration.configure()
    contract = AcyclicSiblingsContract(
        name="no-cycles",
        session_options={"root_packages": ["knowledge_index"]},
        contract_options={"ancestors": ["knowledge_index"], "depth": "10"},
    )
    breakers = contract.check(graph, verbose=False).metadata["cycle_breakers_by_package"]
    return sorted(f'"{a} -> {b}",' for edges in breakers.values() for a, b in edges)


def main() -> int:
    graph = grimp.build_graph("knowledge_index", cache_dir=None)
    if "--baseline" in sys.argv:
        print("\n".join(baseline(graph)))
        return 0
    groups = strongly_connected(graph, "knowledge_index")
    for group in groups:
        print(f"cycle among {len(group)} modules: " + " -> ".join(one_loop(graph, group)))
        print("    members: " + ", ".join(m.removeprefix("knowledge_index.") for m in group))
    print(f"{len(groups)} import cycle group(s) in knowledge_index")
    return 1 if groups and "--fail" in sys.argv else 0


if __name__ == "__main__":
    raise SystemExit(main())
