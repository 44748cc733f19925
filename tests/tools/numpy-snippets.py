"""Runs "Copy as NumPy" snippets and compares every value with the compute core's.

Usage: python3 tests/tools/numpy-snippets.py CASES.json

CASES.json is a list of `worked eval --json` compute examples, each with "name", "inputs",
"steps" and "numpy": {"code", "names"}. Every snippet runs in a fresh namespace; each input and
step must then hold a value of the same shape as the core's, equal within 1e-9 of the larger of
1 and its size (-inf exactly where the core has -inf). Prints one line per disagreement and
"all N examples agree" when none does; exits 1 otherwise.
"""

import json
import sys

import numpy as np

TOLERANCE = 1e-9


def expected_array(value):
    # float() reads eval --json's "-Infinity" (and the differential test's "-inf") as -inf.
    number = float
    if isinstance(value, list):
        return np.array([[number(x) for x in row] if isinstance(row, list) else number(row)
                         for row in value], dtype=float)
    return np.array(number(value), dtype=float)


def disagreement(got, want):
    got = np.asarray(got, dtype=float)
    if got.shape != want.shape:
        return f"shape {got.shape}, the core's {want.shape}"
    masked = np.isneginf(want)
    if not np.array_equal(np.isneginf(got), masked):
        return "-inf in other places than the core's"
    if not np.all(np.isfinite(got[~masked])):
        return f"a non-finite entry: {got}"
    gap = np.abs(got[~masked] - want[~masked])
    allowed = TOLERANCE * np.maximum(1.0, np.abs(want[~masked]))
    if np.any(gap > allowed):
        return f"{got.tolist()}, the core's {want.tolist()}"
    return None


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        cases = json.load(file)
    problems = []
    np.seterr(all="raise", under="ignore")
    for case in cases:
        namespace = {}
        try:
            exec(compile(case["numpy"]["code"], case["name"], "exec"), namespace)
        except Exception as error:  # noqa: BLE001 - any failure of a snippet is the finding
            problems.append(f"{case['name']}: the snippet fails: {type(error).__name__}: {error}")
            continue
        for origin in ("inputs", "steps"):
            for name, value in case[origin].items():
                python = case["numpy"]["names"][name]
                if python not in namespace:
                    problems.append(f"{case['name']}.{name}: no Python variable {python}")
                    continue
                problem = disagreement(namespace[python], expected_array(value))
                if problem:
                    problems.append(f"{case['name']}.{name} ({python}): {problem}")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"all {len(cases)} examples agree")


if __name__ == "__main__":
    main()
