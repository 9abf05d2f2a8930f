"""Every property test draws the same examples on every run, so a red CI run
can be repeated and a green one means the same thing each time (the solver's
were already so; the engine's and the store's drew new examples each run)."""

import importlib
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def property_tests():
    for path in sorted(TESTS.rglob("test_*.py")):
        if "@given" not in path.read_text(encoding="utf-8"):
            continue
        name = ".".join(path.relative_to(TESTS.parent).with_suffix("").parts)
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if getattr(value, "is_hypothesis_test", False):
                yield f"{name}.{attr}", value


def test_every_property_test_is_derandomised():
    found = dict(property_tests())
    assert {"tests.engine.test_properties", "tests.store.test_names",
            "tests.solver.test_probabilities"} <= {n.rsplit(".", 1)[0] for n in found}
    random = [name for name, test in found.items()
              if not test._hypothesis_internal_use_settings.derandomize]
    assert random == []
