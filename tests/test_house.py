"""The house (issue 15): the layout tells the architecture, and these checks keep it that way.

- **No import circle**: the graph of ``tournament`` modules, counting imports made inside functions too
  (a lazy import hides a circle, it does not remove it), has no cycle.
- **No import running back up a floor**: the league's parts (the domain) never import the pages, the
  API, the forms, the admin or the project's plumbing; pure modules import nothing but the standard
  library (``tests/tournament/test_table_state.py``).
- **No module over 400 lines**, except pure data named here.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOMAIN = (
    "league",
    "access",
    "rounds",
    "seating",
    "tables",
    "confirmations",
    "counts",
    "standings",
    "season",
    "ratings",
    "notifications",
    "privacy",
    "teams",
)
ADAPTERS = ("views", "api", "forms", "admin", "templatetags", "management", "project")
PURE_DATA: set[str] = set()  # a module of data alone (no logic) may pass 400 lines if named here; none does


def _modules(package: str) -> dict[str, Path]:
    found = {}
    for path in (ROOT / package).rglob("*.py"):
        if "migrations" in path.parts:
            continue
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _parse(path: Path) -> ast.Module:
    """``ast.parse``, asked again if CPython 3.11 before 3.11.8 says "AST constructor recursion depth
    mismatch": its AST state is shared by the threads, so a traceback formatted meanwhile in another
    thread (the live server's, which parses source lines for its carets) can upset this parse
    (python/cpython#106905). CI's Python is 3.11.7."""
    source = path.read_text()
    for _ in range(4):
        try:
            return ast.parse(source)
        except SystemError:
            continue
    return ast.parse(source)


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every module of ours that ``name`` imports, at the top or inside a function."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(_parse(path)):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            candidates = [f"{base}.{alias.name}" for alias in node.names] + [base]
        elif isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        else:
            continue
        for candidate in candidates:
            while candidate and candidate not in modules:
                candidate = candidate.rpartition(".")[0]
            if candidate and candidate != name:
                out.add(candidate)
                break
    return out


def _graph(package: str) -> dict[str, set[str]]:
    modules = _modules(package)
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    colour: dict[str, int] = defaultdict(int)  # 0 new, 1 on the path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour[nxt] == 1:
                return path[path.index(nxt) :] + [nxt]
            if colour[nxt] == 0 and (found := visit(nxt)):
                return found
        path.pop()
        colour[node] = 2
        return None

    for node in sorted(graph):
        if colour[node] == 0 and (found := visit(node)):
            return found
    return None


def test_no_import_circle_in_the_league_or_the_scoring_core():
    for package in ("tournament", "scoring"):
        assert _cycle(_graph(package)) is None, f"import circle: {' -> '.join(_cycle(_graph(package)))}"


def test_the_cycle_finder_finds_a_circle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_domain_never_imports_the_pages_the_api_or_the_plumbing():
    graph = _graph("tournament")
    upward = sorted(
        f"{name} -> {target}"
        for name, targets in graph.items()
        if name.split(".")[1:2] and name.split(".")[1] in DOMAIN
        for target in targets
        if target.split(".")[1:2] and target.split(".")[1] in ADAPTERS
    )
    assert upward == []


def test_no_module_over_400_lines_except_pure_data():
    long = sorted(
        f"{path.relative_to(ROOT)}: {n}"
        for package in ("tournament", "scoring")
        for path in _modules(package).values()
        if (n := len(path.read_text().splitlines())) > 400 and str(path.relative_to(ROOT)) not in PURE_DATA
    )
    assert long == []


# The scoring adapter's Django parts: everything else under ``scoring/`` (the core, its words and tables,
# the adapter's own plain modules) imports no Django, DRF or drf-spectacular (issue 53).
SCORING_DJANGO_PARTS = {
    "scoring/adapter/api.py",
    "scoring/adapter/apps.py",
    "scoring/adapter/openapi.py",
    "scoring/adapter/views.py",
    "scoring/adapter/urls",
    "scoring/adapter/templatetags",
    "scoring/adapter/management",
}
DJANGO_PACKAGES = ("django", "rest_framework", "drf_spectacular")


def _django_importers(package: str) -> set[str]:
    found = set()
    for path in _modules(package).values():
        for node in ast.walk(_parse(path)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names += [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            if any(n.split(".")[0] in DJANGO_PACKAGES for n in names):
                found.add(str(path.relative_to(ROOT)))
    return found


def test_no_django_under_scoring_but_the_adapter_s_django_parts():
    outside = sorted(
        path
        for path in _django_importers("scoring")
        if not any(path == part or path.startswith(part + "/") for part in SCORING_DJANGO_PARTS)
    )
    assert outside == []
    # the words and tables people read are plain data, marked for makemessages with scoring.i18n
    assert {"scoring/words.py", "scoring/i18n.py"}.isdisjoint(_django_importers("scoring"))


def test_the_django_import_finder_finds_one():
    assert "scoring/adapter/views.py" in _django_importers("scoring")


def test_the_admin_is_a_package_and_the_design_searches_are_tools():
    """The admin is ``tournament/admin/``, a module per part (issue 53, item 1); the one-off searches that
    found the stored seating designs are ``tools/designs/``, not benchmarks (item 2)."""
    assert (ROOT / "tournament" / "admin" / "__init__.py").exists()
    assert sorted(p.name for p in (ROOT / "tournament").glob("admin*.py")) == []
    assert sorted(p.name for p in (ROOT / "bench").glob("find_*.py")) == []
    assert (ROOT / "tools" / "designs" / "README.md").exists()


# The pages of issue 53's item 4 read through their parts' selectors: the view builds no query itself. A
# lookup of the URL's subject by its key (``get_object_or_404(Model, pk=...)``) is the adapter's; a
# queryset (``.objects``, ``.filter(``, ``select_related`` …) is a read, and a read goes in ``selectors.py``.
VIEWS_WITHOUT_QUERIES = (
    "tournament/views/organiser/stages.py",
    "tournament/views/organiser/teams.py",
    "tournament/views/organiser/season.py",
)
QUERY_METHODS = {
    "filter", "exclude", "select_related", "prefetch_related", "annotate", "aggregate", "values_list",
    "exists", "order_by", "in_bulk", "only", "defer", "distinct", "raw", "extra", "select_for_update",
}  # fmt: skip


def _queries(path: Path) -> list[str]:
    found = []
    for node in ast.walk(_parse(path)):
        if isinstance(node, ast.Attribute) and node.attr == "objects":
            found.append(f"{path.name}:{node.lineno} .objects")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in QUERY_METHODS
        ):
            found.append(f"{path.name}:{node.lineno} .{node.func.attr}(")
    return sorted(found)


def test_the_views_of_item_4_make_no_query_themselves():
    assert [q for name in VIEWS_WITHOUT_QUERIES for q in _queries(ROOT / name)] == []


def test_the_query_finder_finds_one(tmp_path):
    view = tmp_path / "view.py"
    view.write_text("def page(c):\n    a = Entry.objects.all()\n    return c.stages.select_related('x')\n")
    assert _queries(view) == ["view.py:2 .objects", "view.py:3 .select_related("]


SEAT_WRITES = ("Seat.objects.create(", "Seat.objects.bulk_create(", "Table.objects.create(")


def test_a_rounds_seats_and_tables_are_written_in_one_place():
    """The draw, a stage's tables, a swap and a late arrival (issue 47, item 3) write a round's seats and
    tables through ``tournament/rounds/seating_rows.py``; each caller is the door that checks and audits."""
    writers = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tournament").rglob("*.py")
        if "migrations" not in path.parts and any(w in path.read_text() for w in SEAT_WRITES)
    }
    assert writers == {"tournament/rounds/seating_rows.py"}
