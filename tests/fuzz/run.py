"""The differential fuzzer: random programs, every transformation, s2s against JAX.

    .venv/bin/python tests/fuzz/run.py --programs 200 --seed 0
    .venv/bin/python -m tests.fuzz.run --programs 50 --seed 3 --transforms grad,vmap --out report.txt
    .venv/bin/python tests/fuzz/run.py --programs 2000 --jobs 0     # one process per CPU

Programs come from the hypothesis strategy `tests.fuzz.programs.programs()`,
drawn by `@given` under `@seed(S)` with no database: the same seed gives the
same programs. Each is checked by `tests.fuzz.oracle.check`; with --jobs m,
m processes each check every m-th program and the parent merges their
surveys (the report is the one a single process writes). The report is a
table of outcomes per transformation, then one program per failure signature
(transformation, outcome, exception type and first line of its message,
numbers and names blanked): the first program that showed it, shrunk while the
signature stays the same: statement by statement (`Program.simpler`) and, with
--hypothesis-shrink, first by hypothesis (the same seeded search is replayed
up to that program, which then fails the test, so hypothesis shrinks it).

Modes agree (issue 32 item 5): a program that one transformation REFUSES
while another accepts it (PASS or WRONG: s2s gave a value) counts as a
DISAGREE for the refusing one, unless the refusal is in ALLOWED_REFUSALS
(refusals that are legitimately mode-specific, each with its reason). The
report gives DISAGREE per transformation and one program per signature
(refusing transformation, its message), shrunk while the refusal and an
acceptance stay. A table per idiom of published code (programs.IDIOMS:
the program's "idiom: ..." features) shows how each fares.
"""
import argparse
import collections
import os
import pickle
import re
import subprocess
import sys
import tempfile
import time

if __name__ == "__main__":
    # run as a script or with -m: run this file as the module tests.fuzz.run, so
    # that what it pickles (a shard's Failures) names a module the parent imports
    if __package__ in (None, ""):
        sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
            os.path.abspath(__file__)))))
    from tests.fuzz.run import main
    sys.exit(main())

from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings  # noqa: E402

from . import oracle  # noqa: E402
from . import programs as programs_module  # noqa: E402
from .programs import programs  # noqa: E402

# Refusals that are legitimately mode-specific: (transformations, a regular
# expression the refusal's message matches, why). Such a refusal is no
# DISAGREE when another transformation accepts the program.
ALLOWED_REFUSALS = [
    (("s2s_jit", "s2s_jit_lax", "s2s_jit_grad", "s2s_jit_grad_lax", "jit_grad"),
     r"`(?P<name>\w+)` is assigned in only one branch of this `if`, whose condition is traced "
     r"under jit",
     "a traced condition becomes lax.cond, which needs the name from both branches "
     "(jax.jit refuses such a program too); only where the program itself assigns that "
     "name: a temporary s2s made up (`sum_1`, `maximum`) is no reason the user can act on"),
    # (not "turns a traced value into a NumPy array": the generator writes no
    # np.asarray or float(x), and s2s.jit(unroll=0) says so of jnp.array(a_list))
    (("s2s_jit", "s2s_jit_lax", "s2s_jit_grad", "s2s_jit_grad_lax", "jit_grad"),
     r"ran past its bound",
     "a while loop under jit has a bound"),
    (("vjp", "grad", "value_and_grad", "jacrev", "hessian", "jvp_of_grad", "grad_of_grad",
      "jit_grad", "s2s_jit_grad", "s2s_jit_grad_lax"),
     r"`return` inside a nested loop is not supported in reverse mode",
     "reverse mode's documented limit (issue 11 item 5: tests/test_return_in_loop.py)"),
]


def allowed_refusal(result, program=None):
    """Is this refusal one of ALLOWED_REFUSALS? A pattern's group `name`, where
    it has one, must be a name the program assigns (`program`: when known)."""
    text = f"{result.message}\n{result.detail}"
    for transforms, pattern, _ in ALLOWED_REFUSALS:
        m = re.search(pattern, text) if result.transform in transforms else None
        if not m:
            continue
        name = m.groupdict().get("name")
        if name and program is not None and \
                not re.search(rf"^\s*{re.escape(name)}\s*([-+*/]?=|,)", program.source, re.M):
            continue
        return True
    return False


ACCEPTED = ("PASS", "WRONG")    # s2s transformed the program and gave a value


def disagreements(results, program=None):
    """[(refusing Result, [transformations that accepted])] for one program:
    refusals another transformation does not share (not ALLOWED_REFUSALS)."""
    accepted = [r.transform for r in results if r.outcome in ACCEPTED]
    if not accepted:
        return []
    return [(r, accepted) for r in results
            if r.outcome == "REFUSED" and not allowed_refusal(r, program)]


class Disagreement:
    def __init__(self, signature, index, program, result, accepted):
        self.signature, self.index = signature, index
        self.program, self.result, self.accepted = program, result, accepted
        self.count = 0
        self.shrunk = None      # (program, result, accepted transformation)


def disagreement_survey(records, transforms):
    """counts[transform] of programs where it disagrees, and the first program
    per (transformation, refusal message) signature."""
    counts = collections.Counter()
    found = {}
    for index, program, results in records:
        for r, accepted in disagreements(results, program):
            counts[r.transform] += 1
            sig = ("DISAGREE", r.transform, oracle.normalize(r.message))
            if sig not in found:
                found[sig] = Disagreement(sig, index, program, r, accepted)
            found[sig].count += 1
    return counts, found


def reduce_disagreement(d, budget_s=60.0):
    """Program.simpler while the refusal stays and one accepting
    transformation still accepts."""
    program, result = d.program, d.result
    deadline = time.time() + budget_s
    # the cheapest acceptor first
    order = ["jvp", "grad", "vjp", "value_and_grad", "vmap", "s2s_jit"]
    acceptor = min(d.accepted, key=lambda t: order.index(t) if t in order else len(order))
    tried, progress = set(), True
    while progress and time.time() < deadline:
        progress = False
        for candidate in program.simpler():
            if time.time() > deadline:
                break
            if candidate.source in tried:
                continue
            tried.add(candidate.source)
            r, other = oracle.check(candidate, [d.signature[1], acceptor])
            if r.outcome == "REFUSED" and oracle.normalize(r.message) == d.signature[2] \
                    and other.outcome in ACCEPTED:
                program, result, progress = candidate, r, True
                break
    d.shrunk = (program, result, acceptor)


def idiom_table(records, disagree_by_index):
    """Per idiom (a program's "idiom: ..." features): programs, checks and
    their outcomes, and the programs with a DISAGREE."""
    rows = collections.defaultdict(collections.Counter)
    for index, program, results in records:
        idioms = [f for f in program.features if f.startswith("idiom: ")] or ["(no idiom)"]
        for idiom in idioms:
            row = rows[idiom]
            row["programs"] += 1
            row["checks"] += len(results)
            for r in results:
                row[r.outcome] += 1
            row["DISAGREE"] += disagree_by_index.get(index, 0)
    cols = ["programs", "checks", "PASS", "REFUSED", "WRONG", "CRASH", "DISAGREE"]
    width = max([len(k) for k in rows] + [5])
    lines = [f"{'idiom':<{width}}  " + "  ".join(f"{c:>8}" for c in cols)]
    for idiom in sorted(rows):
        lines.append(f"{idiom:<{width}}  " + "  ".join(f"{rows[idiom][c]:>8}" for c in cols))
    return "\n".join(lines)


def _settings(n, phases):
    return settings(max_examples=n, database=None, deadline=None, phases=phases,
                    suppress_health_check=list(HealthCheck), report_multiple_bugs=False,
                    print_blob=False, verbosity=Verbosity.quiet)


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_CACHE = os.path.join(ROOT, ".fuzz-jax-cache")


class Failure:
    def __init__(self, signature, index, program, result):
        self.signature, self.index = signature, index
        self.program, self.result = program, result
        self.count = 0
        self.shrunk = None           # (program, result) after shrinking


def transforms_for(index, transforms, per_program):
    """The transformations program `index` is checked with: all of them, or
    `per_program` of them taken in turn (a cheaper profile that still checks
    each transformation on different programs)."""
    if not per_program or per_program >= len(transforms):
        return list(transforms)
    start = index * per_program
    return [transforms[(start + k) % len(transforms)] for k in range(per_program)]


def _dump(path, survey_):
    with open(path + ".tmp", "wb") as fh:
        pickle.dump(survey_, fh)
    os.replace(path + ".tmp", path)


def survey(n, seed_value, transforms, progress=None, per_program=None, strategy=None,
           shard=(0, 1), into=None):
    """Check `n` programs (of them, with shard=(k, m), those whose index is k
    modulo m: the same programs split between m processes). Returns (counts,
    failures, records, seconds): counts[transform][outcome], failures
    {signature: Failure} (first program per signature), records
    [(index, program, [Result])]. `into`: (counts, failures, records) to fill
    as it goes (what a stopped run has found so far)."""
    counts, failures, records = into if into else ({}, {}, [])
    counts.update({t: collections.Counter() for t in transforms})
    drawn = [0]
    start = time.time()

    @seed(seed_value)
    @_settings(n, [Phase.generate])
    @given(programs() if strategy is None else strategy)
    def one(program):
        index = drawn[0]
        drawn[0] += 1
        if index % shard[1] != shard[0]:
            return
        results = oracle.check(program, transforms_for(index, transforms, per_program))
        records.append((index, program, results))
        for r in results:
            counts[r.transform][r.outcome] += 1
            sig = r.signature
            if sig is None:
                continue
            if sig not in failures:
                failures[sig] = Failure(sig, index, program, r)
            failures[sig].count += 1
        if progress:
            progress(index, program, results)

    one()
    return counts, failures, records, time.time() - start


PROGRAMS_PER_SHARD = 150   # a process's memory grows with the programs it checks
                           # (about 10 MB each, mostly XLA's), so a long run
                           # checks them in short-lived processes, `jobs` at a time


def generator_flags(args):
    """The programs.py settings a --jobs child must share to draw the same programs."""
    return ["--idiom-weight", str(args.idiom_weight)] + (["--no-star-args"] if args.no_star_args else [])


def parallel_survey(n, seed_value, transforms, per_program, jobs, jax_cache="", quiet=True,
                    flags=()):
    """`survey` split between processes (tests/fuzz/run.py --shard k/m each,
    at most `jobs` at a time), merged: counts added, the first program of each
    signature kept."""
    tmp = tempfile.mkdtemp(prefix="s2s_fuzz_shards_")
    print(f"shard surveys in {tmp} (every 10 programs: `run.py --merge {tmp}` "
          "reports a run stopped early)", file=sys.stderr, flush=True)
    shards = max(jobs, -(-n // PROGRAMS_PER_SHARD))
    waiting, running, died = list(range(shards)), {}, []
    start = time.time()
    while waiting or running:
        while waiting and len(running) < jobs:
            k = waiting.pop(0)
            running[k] = _start_shard(k, shards, n, seed_value, transforms, per_program,
                                      jax_cache, quiet, tmp, flags)
        k, child = _first_finished(running)
        del running[k]
        if child.returncode not in (0, 1):   # 1: it found failures, which are in its dump
            died.append(k)
            print(f"fuzz shard {k}/{shards} exited with {child.returncode} (a signal, when "
                  "negative: JAX or XLA aborting the process); its programs up to its last "
                  "saved survey are reported", file=sys.stderr, flush=True)
    counts, failures, records, _ = merged(tmp, transforms)
    if died:
        raise ShardDied(died, (counts, failures, records, time.time() - start))
    return counts, failures, records, time.time() - start


def _start_shard(k, shards, n, seed_value, transforms, per_program, jax_cache, quiet, tmp,
                 flags=()):
    dump = os.path.join(tmp, f"shard{k:04d}.pickle")
    command = [sys.executable, "-m", "tests.fuzz.run", "--programs", str(n),
               "--seed", str(seed_value), "--transforms", ",".join(transforms),
               "--shard", f"{k}/{shards}", "--dump", dump, "--no-shrink",
               "--jax-cache", jax_cache] + (["--quiet"] if quiet else []) + list(flags)
    if per_program:
        command += ["--per-program", str(per_program)]
    return subprocess.Popen(command, cwd=ROOT)


def _first_finished(running):
    while True:
        for k, child in running.items():
            if child.poll() is not None:
                return k, child
        time.sleep(0.5)


class ShardDied(Exception):
    """A --jobs child did not finish: `survey` holds what the others and its
    last partial dump found."""

    def __init__(self, shards, survey_):
        super().__init__(f"fuzz shards {shards} did not finish")
        self.shards, self.survey = shards, survey_


def merged(folder, transforms):
    """The shards' surveys in `folder` as one: the finished dumps, or where a
    shard did not finish, its latest partial one."""
    counts = {t: collections.Counter() for t in transforms}
    failures, records, seconds = {}, [], 0.0
    for name in sorted(os.listdir(folder)):
        dump = os.path.join(folder, name)
        if not name.endswith((".pickle", ".pickle.partial")) or \
                name.endswith(".partial") and os.path.exists(dump[:-len(".partial")]):
            continue
        with open(dump, "rb") as fh:
            c, f, r, sec = pickle.load(fh)
        seconds = max(seconds, sec)
        for t in transforms:
            counts[t].update(c.get(t, {}))
        for sig, failure in f.items():
            if sig not in failures:
                failures[sig] = failure
            else:
                first = min(failures[sig], failure, key=lambda x: x.index)
                first.count = failures[sig].count + failure.count
                failures[sig] = first
        records += r
    records.sort(key=lambda rec: rec[0])
    return counts, failures, records, seconds


class _Found(Exception):
    pass


def shrink(failure, n, seed_value, budget_s=120.0):
    """Replay the seeded search to `failure`'s first program and let hypothesis
    shrink it while the signature stays the same. Sets failure.shrunk to the
    smallest program seen with that signature."""
    transform = failure.signature[0]
    calls = [0]
    best = [(failure.program, failure.result)]
    start = [None]

    def size(p):
        return len(p.source_for(p.main if transform in ("jvp", "vjp", "vmap", "jacfwd", "jacrev")
                                else p.loss))

    @seed(seed_value)
    @_settings(n, [Phase.generate, Phase.shrink])
    @given(programs())
    def replay(program):
        index = calls[0]
        calls[0] += 1
        if index < failure.index:
            return                   # the same programs as the survey: skip them
        if index == failure.index:
            start[0] = time.time()
            if program.source != failure.program.source:
                raise _Found("replay diverged")   # stop; keep the unshrunk one
        if start[0] is not None and time.time() - start[0] > budget_s:
            return                   # out of time: everything passes from now
        [r] = oracle.check(program, [transform])
        if r.signature == failure.signature:
            if size(program) <= size(best[0][0]):
                best[0] = (program, r)
            raise _Found()

    try:
        replay()
    except BaseException as e:       # _Found, hypothesis' Flaky, ... : all mean "done"
        if isinstance(e, KeyboardInterrupt):
            raise
    failure.shrunk = best[0]


def reduce(failure, budget_s=120.0):
    """Greedy delta reduction: keep taking the first one-edit-smaller program
    (`Program.simpler`) that shows the same signature, until none does or the
    time is up. Starts from hypothesis' shrunk program when there is one."""
    transform = failure.signature[0]
    program, result = failure.shrunk or (failure.program, failure.result)
    deadline = time.time() + budget_s
    tried = set()
    progress = True
    while progress and time.time() < deadline:
        progress = False
        for candidate in program.simpler():
            if time.time() > deadline:
                break
            if candidate.source in tried:
                continue
            tried.add(candidate.source)
            [r] = oracle.check(candidate, [transform])
            if r.signature == failure.signature:
                program, result, progress = candidate, r, True
                break
    failure.shrunk = (program, result)


def entry_point(program, transform):
    return program.main if transform in ("jvp", "vjp", "vmap", "jacfwd", "jacrev") else program.loss


def table(counts, transforms, disagree=None):
    """The outcome counts per transformation; `disagree`: DISAGREE per
    transformation (programs it refused that another accepted), a column of
    its own (those checks are also counted REFUSED)."""
    if disagree is not None:
        counts = {t: collections.Counter(counts[t]) for t in transforms}
        for t in transforms:
            counts[t]["DISAGREE"] = disagree[t]      # (kept when 0: the summary names it)
    cols = [o for o in oracle.OUTCOMES + ["DISAGREE"] if any(counts[t][o] for t in transforms)] \
        or ["PASS"]
    width = max(len(t) for t in transforms + ["transform"])
    lines = [f"{'transform':<{width}}  " + "  ".join(f"{c:>9}" for c in cols)]
    for t in transforms:
        lines.append(f"{t:<{width}}  " + "  ".join(f"{counts[t][c]:>9}" for c in cols))
    total = collections.Counter()
    for t in transforms:
        total.update(counts[t])
    lines.append(f"{'all':<{width}}  " + "  ".join(f"{total[c]:>9}" for c in cols))
    return "\n".join(lines), total


def describe_failure(f):
    program, result = f.shrunk or (f.program, f.result)
    transform = f.signature[0]
    lines = [f"=== {transform}: {result.outcome}: {result.message}",
             f"    seen in {f.count} program(s); first at program #{f.index}"
             + ("; shrunk" if f.shrunk and f.shrunk[0] is not f.program else ""),
             program.describe(),
             program.source_for(entry_point(program, transform)).rstrip(),
             "--- " + result.detail.replace("\n", "\n    ")]
    return "\n".join(lines)


def summary(n_programs, total):
    checks = sum(v for k, v in total.items() if k != "DISAGREE")
    extra = "".join(f", {o} {total[o]}" for o in ("BOTH_FAIL", "SKIP") if total[o])
    disagree = f", DISAGREE {total['DISAGREE']}" if "DISAGREE" in total else ""
    return (f"fuzz: {n_programs} programs, {checks} checks: PASS {total['PASS']}, "
            f"REFUSED {total['REFUSED']}, WRONG {total['WRONG']}, CRASH {total['CRASH']}{extra}"
            f"{disagree}")


def describe_disagreement(d):
    program, result, acceptor = d.shrunk or (d.program, d.result, None)
    transform = d.signature[1]
    accepted = [acceptor] if acceptor else d.accepted
    lines = [f"=== {transform}: DISAGREE: REFUSED: {result.message}",
             f"    while {', '.join(accepted)} accept{'s' if len(accepted) == 1 else ''} it;"
             f" seen in {d.count} program(s); first at program #{d.index}"
             + ("; shrunk" if d.shrunk and d.shrunk[0] is not d.program else ""),
             program.describe(),
             program.source.rstrip(),
             "--- " + result.detail.replace("\n", "\n    ")]
    return "\n".join(lines)


def report(n_programs, counts, failures, transforms, seconds, skips=None, records=None,
           disagreed=None):
    """`records`: also DISAGREE (a column, and one program per signature) and
    the table per idiom; `disagreed`: disagreement_survey(records) already
    made (and shrunk)."""
    disagree = None
    if records is not None:
        disagree, found = disagreed or disagreement_survey(records, transforms)
    text, total = table(counts, transforms, disagree)
    out = [text, ""]
    refused = [f for f in failures.values() if f.signature[1] == "REFUSED"]
    broken = [f for f in failures.values() if f.signature[1] in ("WRONG", "CRASH")]
    if broken:
        out.append(f"{len(broken)} WRONG/CRASH signature(s):\n")
        out += [describe_failure(f) + "\n" for f in sorted(broken, key=lambda f: f.signature)]
    if records is not None and found:
        out.append(f"{len(found)} DISAGREE signature(s) (one transformation refuses what another "
                   f"accepts; ALLOWED_REFUSALS in run.py lists the legitimate ones):\n")
        out += [describe_disagreement(d) + "\n" for d in sorted(found.values(), key=lambda d: d.signature)]
    if refused:
        out.append(f"{len(refused)} REFUSED signature(s) (the generator writes only supported "
                   f"constructs: judge each):\n")
        out += [describe_failure(f) + "\n" for f in sorted(refused, key=lambda f: f.signature)]
    if records is not None:
        by_index = collections.Counter()
        for index, program, results in records:
            by_index[index] = len(disagreements(results, program))
        out.append("Per idiom of published code (a program counts under each idiom it has):")
        out.append(idiom_table(records, by_index))
        out.append("")
    if skips:
        out.append("SKIP reasons (checks):")
        out += [f"  {count:5d}  {why}" for why, count in skips.most_common()]
        out.append("")
    out.append(f"{n_programs / max(seconds, 1e-9):.3f} programs/s ({seconds:.0f} s checking)")
    out.append(summary(n_programs, total))
    return "\n".join(out)


def drawn(index, seed_value, n, strategy=None):
    """Program #index of the seeded draw of `n` programs (a survey of `n`: its
    programs, in order; a draw of fewer differs from the second program on)."""
    if not 0 <= index < n:
        raise ValueError(f"program #{index} is not in a draw of {n} programs: pass the "
                         "--programs of the run that reported it")
    found = []

    @seed(seed_value)
    @_settings(n, [Phase.generate])
    @given(programs() if strategy is None else strategy)
    def one(program):
        found.append(program)
        if len(found) > index:
            raise _Found()   # (the programs after it need not be drawn)

    try:
        one()
    except _Found:
        pass
    return found[index]


def replay(index, seed_value, n, transforms):
    """Check one program of the draw of `n` with tracebacks kept: the first
    step in turning a report's failure into a regression test."""
    program = drawn(index, seed_value, n)
    print(program.describe())
    print(program.source)
    bad = 0
    for result in oracle.check(program, transforms, keep_traceback=True):
        print(f"{result.transform}: {result.outcome} {result.message}")
        if result.outcome in ("WRONG", "CRASH", "REFUSED"):
            bad += 1
            print("    " + (result.traceback or result.detail).replace("\n", "\n    "))
    return 1 if bad else 0


def run_shard(args, transforms, shard, progress):
    """A --jobs child: its share of the programs, its survey pickled to
    args.dump, and the survey so far every 10 programs (a long run that must
    be stopped still shows what it found)."""
    so_far, began = ({}, {}, []), time.time()

    def shard_progress(index, program, results):
        progress(index, program, results)
        if len(so_far[2]) % 10 == 0:
            _dump(args.dump + ".partial", so_far + (time.time() - began,))

    _dump(args.dump, survey(args.programs, args.seed, transforms, shard_progress,
                            args.per_program, shard=shard, into=so_far))
    return 0


def use_compilation_cache(path):
    """Keep XLA's compiled programs on disk, shared by the shards and by later
    runs. Most of a check's time was XLA compiling each eager primitive at each
    new shape in each process; the programs draw their shapes from a small set,
    so a warm cache halves a run (12 programs at seed 4: 114 s cold, 79 s with
    the cache seed 3 left)."""
    os.makedirs(path, exist_ok=True)
    jax = oracle.jax
    jax.config.update("jax_compilation_cache_dir", path)
    jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
    jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)


def normalize_detail(text):
    return oracle.normalize(text)[:100]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--transforms", default=",".join(oracle.TRANSFORMS),
                        help="comma-separated, from: " + ", ".join(oracle.TRANSFORMS))
    parser.add_argument("--out", help="also write the report to this file")
    parser.add_argument("--no-shrink", action="store_true", help="report first programs unshrunk")
    parser.add_argument("--shrink-refused", action="store_true",
                        help="also shrink the REFUSED programs (by default only WRONG and CRASH)")
    parser.add_argument("--shrink-budget", type=float, default=90.0,
                        help="seconds of shrinking per failure signature")
    parser.add_argument("--hypothesis-shrink", action="store_true",
                        help="before the statement-level reduction, replay the seeded search and "
                             "let hypothesis shrink (slow: every attempt re-checks a program)")
    parser.add_argument("--quiet", action="store_true", help="no progress line per program")
    parser.add_argument("--per-program", type=int, default=None,
                        help="check each program with only this many transformations, taken in turn")
    parser.add_argument("--jobs", type=int, default=1,
                        help="check the programs in this many processes (0: one per CPU); "
                             "the same programs and report as one process")
    parser.add_argument("--jax-cache", default=DEFAULT_CACHE,
                        help="folder of XLA's persistent compilation cache ('' for none)")
    parser.add_argument("--replay", type=int, metavar="INDEX",
                        help="check only program #INDEX of this seed's draw of --programs (as "
                             "the report of a run with those --programs names it): print its "
                             "source and each failing check's full traceback")
    parser.add_argument("--merge", metavar="DIR",
                        help="report the shard surveys a --jobs run left in DIR, also "
                             "those of a run stopped early (no shrinking)")
    parser.add_argument("--idiom-weight", type=int, default=programs_module.IDIOM_WEIGHT,
                        help="how often f's top-level statements are idioms of published code "
                             "(programs.IDIOMS): 'idiom' is this many of the ~8 statement kinds "
                             "(default %(default)s: about one statement in five; 0: none, and no "
                             "keyword-argument or key idioms either)")
    parser.add_argument("--no-star-args", action="store_true",
                        help="no *args helpers, f(*xs) or zip(*pairs) among the idioms")
    parser.add_argument("--shard", help=argparse.SUPPRESS)   # k/m: a --jobs child
    parser.add_argument("--dump", help=argparse.SUPPRESS)    # where a child pickles its survey
    args = parser.parse_args(argv)
    programs_module.IDIOM_WEIGHT = args.idiom_weight
    programs_module.STAR_ARGS = not args.no_star_args
    if args.jax_cache:
        use_compilation_cache(args.jax_cache)
    jobs = args.jobs or os.cpu_count() or 1
    transforms = [t.strip() for t in args.transforms.split(",") if t.strip()]
    unknown = set(transforms) - set(oracle.TRANSFORMS)
    if unknown:
        parser.error(f"unknown transforms: {', '.join(sorted(unknown))}")

    def progress(index, program, results):
        if not args.quiet:
            bad = [f"{r.transform}:{r.outcome}" for r in results if r.outcome not in ("PASS", "SKIP", "BOTH_FAIL")]
            print(f"[{index + 1}/{args.programs}] {' '.join(bad) or 'ok'}", file=sys.stderr, flush=True)

    if args.replay is not None:
        if args.replay >= args.programs:
            parser.error(f"--replay {args.replay}: pass the --programs of the run that "
                         f"reported it (program #{args.replay} is not among {args.programs})")
        return replay(args.replay, args.seed, args.programs, transforms)
    if args.shard:
        k, m = (int(v) for v in args.shard.split("/"))
        return run_shard(args, transforms, (k, m), progress)
    incomplete = False
    if args.merge:
        counts, failures, records, seconds = merged(args.merge, transforms)
        args.no_shrink = True
    elif jobs > 1:
        try:
            counts, failures, records, seconds = parallel_survey(
                args.programs, args.seed, transforms, args.per_program, jobs, args.jax_cache,
                args.quiet, generator_flags(args))
        except ShardDied as e:   # report what was found, and fail
            counts, failures, records, seconds = e.survey
            incomplete = True
    else:
        counts, failures, records, seconds = survey(args.programs, args.seed, transforms,
                                                    progress, args.per_program)
    if not args.no_shrink:
        # only what fails the run is shrunk by default: 49 REFUSED signatures
        # took over an hour after a 2000-program run had finished
        shrunk = [f for f in failures.values()
                  if args.shrink_refused or f.signature[1] in ("WRONG", "CRASH")]
        for f in sorted(shrunk, key=lambda f: f.signature):
            if not args.quiet:
                print(f"shrinking {f.signature[:2]} {f.signature[2][:60]}", file=sys.stderr, flush=True)
            if args.hypothesis_shrink:
                shrink(f, args.programs, args.seed, args.shrink_budget / 2)
            reduce(f, args.shrink_budget / (2 if args.hypothesis_shrink else 1))
    skips = collections.Counter(f"{r.transform}: {r.message}" + (f" ({normalize_detail(r.detail)})" if r.detail else "")
                                for _, _, results in records for r in results if r.outcome == "SKIP")
    disagreed = disagreement_survey(records, transforms)
    if not args.no_shrink:
        for d in sorted(disagreed[1].values(), key=lambda d: d.signature):
            if not args.quiet:
                print(f"shrinking DISAGREE {d.signature[1]} {d.signature[2][:60]}", file=sys.stderr,
                      flush=True)
            reduce_disagreement(d, args.shrink_budget / 2)
    text = report(len(records), counts, failures, transforms, seconds, skips, records, disagreed)
    print(text)
    if args.out:
        with open(args.out, "w") as fh:
            fh.write(text + "\n")
    total = sum((counts[t] for t in transforms), collections.Counter())
    if incomplete:
        print(f"INCOMPLETE: {len(records)} of {args.programs} programs checked "
              "(a shard process died: see above)")
        return 2
    return 1 if total["WRONG"] or total["CRASH"] else 0


if __name__ == "__main__":
    sys.exit(main())
