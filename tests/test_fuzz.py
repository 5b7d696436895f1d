"""The differential fuzzer's quick profile: random programs, s2s against JAX.

A fixed seed, so the same programs every run. Each program is checked with
three of the transformations, taken in turn, so every transformation sees
different programs within the time a test may take. `make fuzz` runs the long
profile (2000 programs, every transformation); `tests/fuzz/run.py --help` for
more. A failure prints each failing program (not shrunk here, to stay quick:
`tests/fuzz/run.py` shrinks them).
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tests.fuzz import oracle, run  # noqa: E402
from tests.fuzz.programs import programs  # noqa: E402

PROGRAMS = 12
SEED = 0
PER_PROGRAM = 3
SIZE = dict(max_statements=4, max_helpers=1)
# per s2s call, as in the long profile: a call that loops forever is a CRASH,
# never a hung test run. Generous, so that a slow shared machine does not turn
# ordinary calls into timeouts (which are nondeterministic).
TIMEOUT_S = 60


def test_fuzz_quick(monkeypatch):
    monkeypatch.setattr(oracle, "TIMEOUT_S", TIMEOUT_S)
    counts, failures, records, seconds = run.survey(PROGRAMS, SEED, oracle.TRANSFORMS,
                                                    per_program=PER_PROGRAM,
                                                    strategy=programs(**SIZE))
    text = run.report(len(records), counts, failures, oracle.TRANSFORMS, seconds)
    print(text)
    bad = [f for f in failures.values() if f.signature[1] in ("WRONG", "CRASH")]
    assert not bad, (f"{len(bad)} WRONG/CRASH signature(s) among {len(records)} programs "
                     f"(seed {SEED}):\n\n" + "\n\n".join(run.describe_failure(f) for f in bad)
                     + "\n\n" + text.splitlines()[-1])


def test_shards_split_the_same_programs():
    """--jobs m: shard k of m checks the programs whose index is k modulo m, the
    very programs (same seed, same draws) one process would check."""
    strategy = programs(**SIZE)
    whole = run.survey(6, SEED, [], strategy=strategy)[2]
    parts = [run.survey(6, SEED, [], strategy=strategy, shard=(k, 2))[2] for k in range(2)]
    assert [i for i, _, _ in parts[0]] == [0, 2, 4]
    assert [i for i, _, _ in parts[1]] == [1, 3, 5]
    merged = sorted(parts[0] + parts[1], key=lambda rec: rec[0])
    assert [p.source for _, p, _ in merged] == [p.source for _, p, _ in whole]


def test_a_long_run_checks_its_programs_in_short_lived_processes(monkeypatch):
    """--jobs: the programs go to more shards than jobs when there are many
    (a process's memory grows with each program: two 1000-program shards
    swapped a 23 GB machine), run `jobs` at a time; together they check every
    program once, the very ones one process draws."""
    monkeypatch.setattr(run, "PROGRAMS_PER_SHARD", 2)
    counts, failures, records, _ = run.parallel_survey(7, SEED, [], None, jobs=2, jax_cache="")
    whole = run.survey(7, SEED, [])[2]
    assert [i for i, _, _ in records] == list(range(7))
    assert [p.source for _, p, _ in records] == [p.source for _, p, _ in whole]


def test_replay_draws_the_program_the_report_names():
    """--replay N is program #N of the run's own draw: hypothesis draws other
    programs from the second on when it is told to draw fewer, so replaying
    #N of a 2000-program run from a draw of N + 1 checked another program
    (and called a failing one clean)."""
    strategy = programs(**SIZE)
    whole = run.survey(6, SEED, [], strategy=strategy)[2]
    assert [run.drawn(i, SEED, 6, strategy).source for i in range(6)] == \
        [p.source for _, p, _ in whole]


def test_a_shard_s_failures_load_in_the_parent(tmp_path):
    """A shard runs as `python -m tests.fuzz.run`; its dump, failures included,
    must load in the parent (it pickled `__main__.Failure`, which the parent,
    run as a script, could not find: `make fuzz` died on its first failure)."""
    import pickle
    import subprocess
    dump = tmp_path / "shard.pickle"
    child = ("import runpy, sys\n"
             "from tests.fuzz import oracle\n"
             "oracle.check = lambda prog, transforms: "
             "[oracle.Result(t, 'CRASH', 'boom') for t in transforms]\n"
             f"sys.argv = ['run', '--programs', '2', '--seed', '0', '--transforms', 'grad',"
             f" '--shard', '0/1', '--dump', {str(dump)!r}, '--no-shrink', '--quiet']\n"
             "runpy.run_module('tests.fuzz.run', run_name='__main__', alter_sys=True)\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-c", child], cwd=root, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode in (0, 1), done.stderr
    with open(dump, "rb") as fh:
        counts, failures, records, _ = pickle.load(fh)
    assert counts["grad"]["CRASH"] == 2
    assert [f.signature[1] for f in failures.values()] == ["CRASH"]


def test_a_program_that_never_ends_in_plain_python_is_skipped(monkeypatch):
    """The shrinker's edits can drop a `while`'s counter update: the plain run
    of such a candidate must end under the alarm (it hung a shrink for good)."""
    from tests.fuzz.programs import Arg, Program
    monkeypatch.setattr(oracle, "TIMEOUT_S", 2)
    endless = Program(helpers=[], body=["it = 0", "while it < 4:", "    x = x * 1.0"],
                      result="x", loss_form="", args=[Arg("x", "float")], out_shape=(),
                      value_seed=0, vmap_axes=(0,))
    [result] = oracle.check(endless, ["grad"])
    assert (result.outcome, result.message) == ("SKIP", "program fails in plain Python")
    assert "FuzzTimeout" in result.detail


def test_a_stopped_run_reports_what_its_shards_found(tmp_path, monkeypatch):
    """`run.py --merge DIR`: a shard's finished survey, or where it did not
    finish, the partial one it writes as it goes."""
    monkeypatch.setattr(oracle, "check", lambda prog, transforms: [
        oracle.Result(t, "CRASH", "boom") for t in transforms])
    strategy = programs(**SIZE)
    done = run.survey(4, SEED, ["grad"], strategy=strategy, shard=(0, 2))
    stopped = run.survey(2, SEED, ["grad"], strategy=strategy, shard=(1, 2))
    run._dump(str(tmp_path / "shard0.pickle"), done)
    run._dump(str(tmp_path / "shard0.pickle.partial"), stopped)   # superseded: not counted
    run._dump(str(tmp_path / "shard1.pickle.partial"), stopped)
    counts, failures, records, _ = run.merged(str(tmp_path), ["grad"])
    assert [i for i, _, _ in records] == [0, 1, 2]
    assert counts["grad"]["CRASH"] == 3
    [failure] = failures.values()
    assert (failure.index, failure.count) == (0, 3)


def test_a_shard_that_dies_still_leaves_a_report(tmp_path, monkeypatch):
    """A shard killed by a signal (XLA aborting the process) does not lose the
    run: the parent reports what the shards saved, and says it is incomplete."""
    fake_python = tmp_path / "python"
    fake_python.write_text('#!/bin/sh\ncase "$*" in *"--shard 1/2"*) kill -ABRT $$;; esac\n'
                           f'exec {sys.executable} "$@"\n')
    fake_python.chmod(0o755)
    monkeypatch.setattr(run.sys, "executable", str(fake_python))
    with pytest.raises(run.ShardDied) as died:
        run.parallel_survey(2, SEED, ["grad"], None, 2, jax_cache="")
    assert died.value.shards == [1]
    counts, failures, records, _ = died.value.survey
    assert [i for i, _, _ in records] == [0]


def test_a_chaotic_program_is_numerically_wild():
    """make fuzz seed 4, program 40 (s2s_jit and s2s_jit_lax 'WRONG'): a loop
    drives an intermediate to 3e36 and `cos` of it is the output, so eager and
    compiled evaluations of the same program disagree in every digit; JAX's own
    jit of its lax version differs from eager at the 1e-15 level there. Such a
    program is SKIPped as numerically wild, not judged."""
    import jax.numpy as jnp

    def wild(x):
        return jnp.cos(x * 3e36)

    def tame(x):
        return jnp.cos(x * 3.0)

    x = jnp.array([0.3, -0.7])
    assert oracle.chaotic(wild, (x,))
    assert not oracle.chaotic(tame, (x,))


def test_a_refusal_another_mode_accepts_is_a_disagreement():
    """Modes agree (issue 32 item 5): vmap refusing a program grad accepts is a
    DISAGREE of vmap's; a refusal every mode shares, or one ALLOWED_REFUSALS
    lists as mode-specific, is not."""
    R = oracle.Result
    results = [R("grad", "PASS"), R("vmap", "REFUSED", "s2s cannot batch this call"),
               R("jvp", "REFUSED", "s2s cannot batch this call")]
    found = run.disagreements(results)
    assert [(r.transform, accepted) for r, accepted in found] == [("vmap", ["grad"]), ("jvp", ["grad"])]
    assert run.disagreements([R("grad", "REFUSED", "no"), R("vmap", "REFUSED", "no")]) == []
    assert run.disagreements([R("grad", "CRASH", "boom"), R("vmap", "REFUSED", "no")]) == []
    one_branch = "`{}` is assigned in only one branch of this `if`, whose condition is traced under jit"
    from tests.fuzz.programs import Arg, Program
    prog = Program(helpers=[], body=["if x > 0.0:", "    t2 = x"], result="t2", loss_form="",
                   args=[Arg("x", "float")], out_shape=(), value_seed=0, vmap_axes=(0,))
    users = R("s2s_jit", "REFUSED", "x", one_branch.format("t2"))
    assert run.disagreements([R("grad", "PASS"), users], prog) == []
    # a temporary s2s made up is no reason a user can act on: a disagreement
    ours = R("s2s_jit", "REFUSED", "x", one_branch.format("sum_1"))
    assert [r for r, _ in run.disagreements([R("grad", "PASS"), ours], prog)] == [ours]


def test_the_idioms_of_published_code_are_drawn_and_run():
    """programs.IDIOMS are part of the default draw; the programs run in plain
    Python (the generator keeps them well-typed)."""
    from tests.fuzz import programs as P
    drawn = [run.drawn(i, SEED, 30, programs(**SIZE)) for i in (29,)]
    strategy = programs(**SIZE)
    records = run.survey(30, SEED, [], strategy=strategy)[2]
    seen = {f for _, p, _ in records for f in p.features if f.startswith("idiom: ")}
    assert len(seen) >= 3, seen
    for _, p, _ in records[:10]:
        [r] = oracle.check(p, ["jvp"])
        assert r.message != "program fails in plain Python", (r.detail, p.source)
    assert drawn[0].source == records[29][1].source
    assert P.IDIOM_WEIGHT > 0
    import collections
    text = run.report(len(records), {"grad": collections.Counter()}, {}, ["grad"], 1.0,
                      records=records)
    assert "Per idiom of published code" in text and "DISAGREE 0" in text.splitlines()[-1]
