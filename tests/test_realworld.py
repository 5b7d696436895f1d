"""The realworld corpus (tests/realworld/): code copied unchanged from public
projects, each function checked in every transformation against JAX.

CI runs the quick subset (every 7th function) and compares every outcome with
tests/realworld/known.py, which lists each (file, function, transformation)
that is not PASS or BEYOND today. The test fails on an outcome that is not
listed (a new WRONG, CRASH, REFUSED or SKIP) and on a listed one that now
passes or fails differently: regenerate the list with
`python tests/realworld/run.py --write-known` and review its diff.
`make realworld` runs the whole corpus.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "realworld", "run.py")
sys.path.insert(0, os.path.join(HERE, "realworld"))

import known  # noqa: E402


def test_realworld_quick_subset_matches_known(tmp_path):
    out = tmp_path / "results.json"
    proc = subprocess.run([sys.executable, RUN, "--quick", "--jobs", "2", "--quiet", "--json", str(out)],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    results = json.loads(out.read_text())
    assert len({(r[0], r[1]) for r in results}) >= 25, "the quick subset shrank"
    problems = []
    for mod, name, transform, outcome, reason in results:
        key = (mod, name, transform)
        listed = known.KNOWN.get(key)
        if outcome in ("PASS", "BEYOND", "N/A"):
            if listed is not None:
                problems.append(f"now {outcome}, listed as {listed[0]}: {key} "
                                f"(remove it: run.py --write-known)")
        elif listed is None:
            problems.append(f"new {outcome}: {key}: {reason}")
        elif listed[0] != outcome:
            problems.append(f"{outcome} (listed as {listed[0]}): {key}: {reason}")
    assert not problems, "\n".join(problems)
