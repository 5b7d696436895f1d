"""`s2s TRANSFORM FILE.py:FUNC` prints the source s2s generates.

    s2s jvp examples/quickstart.py:sum_logistic
    s2s jvp examples/quickstart.py:sum_logistic --passes   # after every stage
    s2s jvp model.py:loss --argnums 0,2
"""
import argparse
import importlib.util
import os
import sys

from . import api
from .errors import S2SError

TRANSFORMS = ("jvp",)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="s2s", description="Print the Python source s2s generates for a function.")
    parser.add_argument("transform", choices=TRANSFORMS, help="the transformation")
    parser.add_argument("target", metavar="FILE.py:FUNC", help="where the function is")
    parser.add_argument("--argnums", default=None,
                        help="comma-separated indices of the arguments to differentiate "
                             "(default: all)")
    parser.add_argument("--passes", action="store_true",
                        help="print the program after every stage of the pipeline")
    args = parser.parse_args(argv)
    try:
        fn = load_function(args.target)
        argnums = parse_argnums(args.argnums)
        if args.passes:
            for stage, text in api.stages(fn, args.transform, argnums):
                print(f"# ---- {stage} " + "-" * (60 - len(stage)))
                print(text)
        else:
            print(api.source(fn, args.transform, argnums), end="")
    except S2SError as e:
        print(f"s2s: error: {e.one_line()}", file=sys.stderr)
        return 1
    except UsageError as e:
        print(f"s2s: error: {e}", file=sys.stderr)
        return 2
    return 0


class UsageError(Exception):
    pass


def parse_argnums(text):
    if text is None:
        return None
    try:
        return tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise UsageError(f"--argnums takes comma-separated integers, not {text!r}")


def load_function(target):
    path, sep, name = target.rpartition(":")
    if not sep or not path or not name:
        raise UsageError(f"expected FILE.py:FUNC, got {target!r}")
    if not os.path.isfile(path):
        raise UsageError(f"no such file: {path}")
    module_name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    try:
        spec.loader.exec_module(module)
    except Exception as e:
        raise UsageError(f"importing {path} failed: {type(e).__name__}: {e}")
    finally:
        sys.path.pop(0)
    obj = module
    for part in name.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            raise UsageError(f"{path} has no function `{name}`")
    if not callable(obj):
        raise UsageError(f"`{name}` in {path} is not a function")
    return obj


if __name__ == "__main__":
    sys.exit(main())
