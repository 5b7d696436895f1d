"""Everything s2s refuses is an S2SError at the user's file:line, naming the
construct and saying what to do instead (programs: tests/cases/errors_constructs.py)."""
import os
import re
import traceback

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import errors_constructs as ec
import s2s

rng = np.random.default_rng(0)
CASES_FILE = os.path.realpath(ec.__file__.replace(".pyc", ".py"))


def rand(*shape):
    return jnp.asarray(rng.uniform(-1.0, 1.0, shape))


def marker_line(name, path=CASES_FILE):
    """The line of `path` carrying the marker comment `# <- name`."""
    with open(path) as f:
        found = [i for i, line in enumerate(f, 1) if line.rstrip().endswith(f"# <- {name}")]
    assert len(found) == 1, f"marker {name!r} appears {len(found)} times in {path}"
    return found[0]


def source_line(lineno, path=CASES_FILE):
    with open(path) as f:
        return f.read().splitlines()[lineno - 1]


def assert_no_internal_traceback(e):
    """Neither the message nor the printed exception drags in s2s's internals."""
    text = str(e)
    assert "Traceback" not in text
    assert_cites_user_code(e)
    assert "s2s/" not in text.replace(os.sep, "/").replace(CASES_FILE, "")
    printed = "".join(traceback.format_exception(e))
    assert "During handling of the above exception" not in printed
    assert "The above exception was the direct cause" not in printed


def assert_cites_user_code(e):
    """No error cites `?` as a line, or generated code (`<s2s-N: f_jvp>`) as a place."""
    for text in (str(e), e.one_line()):
        assert ":?:" not in text, text
        assert not re.search(r"<s2s[-:]", text), text
        assert not re.search(r"\w_probe\b", text), text
    if e.filename is not None:
        assert e.lineno is not None, str(e)


def check_error(e, marker, message_has, hint_has):
    assert isinstance(e, s2s.S2SError)
    assert os.path.realpath(e.filename) == CASES_FILE
    assert e.lineno == marker_line(marker), str(e)
    line = source_line(e.lineno)
    assert e.col is not None and 0 <= e.col < len(line) and not line[e.col].isspace(), str(e)
    for part in message_has:
        assert part in e.message, f"{part!r} not in message {e.message!r}"
    assert e.hint, f"no hint for {e.message!r}"
    for part in hint_has:
        assert part in e.hint, f"{part!r} not in hint {e.hint!r}"
    # The formatted error points at the line and shows the hint.
    text = str(e)
    assert f":{e.lineno}:{e.col + 1}: " in text
    assert line.strip() in text
    assert "hint: " + e.hint in text
    assert "\n" not in e.one_line()
    assert_no_internal_traceback(e)


def x3():
    return (rand(3),)


def x33():
    return (rand(3, 3),)


# (function, marker, words the message must contain, words the hint must contain, args)
CASES = [
    (ec.try_statement, "try", ["`try`"], ["outside"], x3),
    (ec.with_statement, "with", ["`with`"], ["outside"], x3),
    (ec.yield_statement, "yield", ["`yield`"], ["return"], x3),
    (ec.yield_from, "yield from", ["`yield from`"], ["return"], x3),
    (ec.async_def, "async def", ["async functions"], ["`def`"], x3),
    (ec.await_expression, "await", ["`await`"], ["non-async"], x3),
    (ec.async_for, "async for", ["`async for`"], ["`for`"], x3),
    (ec.class_inside, "class", ["class definitions"], ["module level"], x3),
    (ec.global_statement, "global", ["`global`"], ["argument"], x3),
    (ec.nonlocal_statement, "nonlocal", ["`nonlocal`"], ["argument"], x3),
    (ec.del_statement, "del", ["`del`"], ["rebind"], x3),
    (ec.import_inside, "import", ["`import`"], ["module level"], x3),
    (ec.from_import_inside, "from import", ["`from ... import`"], ["module level"], x3),
    (ec.set_comprehension, "set comprehension", ["set comprehensions"], ["`for` loop"], x3),
    (ec.star_call, "star call", ["`*args`"], ["one by one"], x3),
    # (`*args`/`**kwargs` parameters are listed per call: tests/test_listed_parameters.py)
    # (keyword-only parameters are ordinary ones to s2s, unless that would put one
    # without a default after defaults: tests/test_bound_functions.py)
    (ec.keyword_only_params, "keyword-only", ["keyword-only", "without a default"],
     ["give it a default"], x3),
    (ec.walrus, "walrus", ["`:=`"], ["own line"], x3),
    (ec.match_statement, "match", ["`match`"], ["`elif`"], lambda: (rand(3), 1)),
    (ec.f_string, "f-string", ["f-strings"], ["outside"], x3),
    (ec.set_literal, "set literal", ["set literals"], ["tuple"], x3),
    (ec.for_else, "for else", ["`else` on a loop"], ["flag"], x3),
    (ec.while_else, "while else", ["`else` on a loop"], ["flag"], x3),
    (ec.decorated_nested, "nested decorator", ["decorators on nested functions"],
     ["module-level"], x3),
    (ec.attribute_assignment, "attribute assignment", ["attribute", "`.a = ...`"],
     ["plain name"], x3),
    (ec.nested_item_assignment, "nested item assignment", ["nested item"],
     ["one level at a time"], x33),
    (ec.undefined_name, "undefined name", ["`no_such_function`", "not defined"],
     ["define it"], x3),
    # a function s2s has no rule for goes to JAX (s2s/by_jax.py), which
    # differentiates its positional arguments only
    (ec.active_keyword_to_a_library_function, "active keyword",
     ["`jax.nn.squareplus`", "`b=`", "positional arguments only"], ["positionally"], x3),
    (ec.active_keyword_to_a_method, "active keyword of a NumPy method",
     ["the method `.normal`", "`loc=`"], ["positionally"], x3),
    # the first construct in source order, though `del` is shallower in the tree
    (ec.two_problems, "first of two", ["set literals"], ["tuple"], x3),
    (ec.unknown_keyword, "unknown keyword", ["`jnp.sum`", "`dtype`"], ["axis"], x3),
]


def _jvp(fn, args):
    return s2s.jvp(fn, args, tuple(jnp.zeros_like(a) if hasattr(a, "shape") else a
                                   for a in args))


def _with_jvp_marks(case):
    """Each case as a pytest.param with its own marks, named after its construct."""
    values = case.values if hasattr(case, "values") else case
    marks = list(case.marks) if hasattr(case, "marks") else []
    return pytest.param(*values, marks=marks, id=values[1].replace(" ", "_"))


def _plain(case):
    values = case.values if hasattr(case, "values") else case
    marks = list(case.marks) if hasattr(case, "marks") else []
    return pytest.param(*values, marks=marks, id=values[1].replace(" ", "_"))


@pytest.mark.parametrize("fn, marker, message_has, hint_has, args",
                         [_with_jvp_marks(c) for c in CASES])
def test_jvp_refuses_construct(fn, marker, message_has, hint_has, args):
    with pytest.raises(s2s.S2SError) as info:
        _jvp(fn, args())
    check_error(info.value, marker, message_has, hint_has)


@pytest.mark.parametrize("fn, marker, message_has, hint_has, args",
                         [_plain(c) for c in CASES])
def test_source_refuses_construct(fn, marker, message_has, hint_has, args):
    """`s2s.source(f, "jvp")` (what the CLI prints) refuses the same way."""
    with pytest.raises(s2s.S2SError) as info:
        s2s.source(fn, "jvp")
    check_error(info.value, marker, message_has, hint_has)


@pytest.mark.parametrize("fn, message_has, hint_has", [
    (ec.active_keyword_to_a_library_function, ["`jax.nn.squareplus`", "`b=`"], "positionally"),
    (ec.unknown_keyword, ["`jnp.sum`", "`dtype`"], "x, axis, keepdims"),
])
def test_rule_errors_name_the_function(fn, message_has, hint_has):
    """Errors raised by the jvp rules name the jnp function and its parameters."""
    with pytest.raises(s2s.S2SError) as info:
        _jvp(fn, (rand(4),))
    e = info.value
    assert os.path.realpath(e.filename) == CASES_FILE
    for part in message_has:
        assert part in e.message
    assert hint_has in e.hint
    assert_no_internal_traceback(e)


def _grad(fn, args):
    return s2s.grad(lambda *a: jnp.sum(fn(*a)))(*args)


OTHER_TRANSFORMS = {
    "grad": lambda fn, args: s2s.grad(fn)(*args),
    "vmap": lambda fn, args: s2s.vmap(fn, in_axes=(0,) + (None,) * (len(args) - 1))(
        *((jnp.stack([args[0], args[0]]),) + tuple(args[1:]))),
    "jacfwd": lambda fn, args: s2s.jacfwd(fn)(*args),
    "jacrev": lambda fn, args: s2s.jacrev(fn)(*args),
    "hessian": lambda fn, args: s2s.hessian(fn)(*args),
}


@pytest.mark.parametrize("transform", sorted(OTHER_TRANSFORMS))
def test_every_transformation_cites_the_users_line(transform):
    """Each case under grad, vmap and the Jacobians: whatever it refuses (and
    where, which may differ from jvp's first refusal) is in the user's file,
    at a line, never `?` or generated code."""
    refused = 0
    for case in CASES:
        fn, marker, _, _, args = case.values if hasattr(case, "values") else case
        try:
            OTHER_TRANSFORMS[transform](fn, args())
        except s2s.S2SError as e:
            refused += 1
            assert os.path.realpath(e.filename) == CASES_FILE, str(e)
            assert_no_internal_traceback(e)
        except Exception:   # refused by JAX's own rules (a non-scalar grad, ...)
            pass
    assert refused >= len(CASES) // 2


def test_an_unknown_attribute_of_an_array_is_refused_at_its_line_when_it_runs():
    """`x.bar` may be a NamedTuple's field (`layer.w`), so it is read as one; on
    an array it is an S2SError at the user's line, not an AttributeError."""
    with pytest.raises(s2s.S2SError) as info:
        _jvp(ec.unknown_attribute, (rand(3),))
    e = info.value
    assert "`.bar`" in e.message and "attribute" in e.message and "jax.numpy" in e.hint
    assert os.path.realpath(e.filename) == CASES_FILE
    assert e.lineno == ec.unknown_attribute.__code__.co_firstlineno + 1


def test_an_unknown_method_is_refused_at_its_line_when_it_runs():
    """`x.foo()` may be a model's layer (`self.l1(x)`) or an array method s2s
    has no rule for, so JAX runs it (s2s/by_jax.py's apply_method); on an
    array without it, an S2SError at the user's line, not an AttributeError."""
    with pytest.raises(s2s.S2SError) as info:
        _jvp(ec.unknown_method, (rand(3),))
    e = info.value
    assert "`.foo()`" in e.message and "no method" in e.message and "jax.numpy" in e.hint
    assert os.path.realpath(e.filename) == CASES_FILE
    assert e.lineno == ec.unknown_method.__code__.co_firstlineno + 1


def test_cumprod_is_fine_on_a_constant():
    """Nothing is differentiated: the call stays as written, nothing goes to JAX."""
    out, out_dot = s2s.jvp(ec.cumprod_of, (jnp.arange(1, 4),), (jnp.zeros(3),))
    np.testing.assert_allclose(out, [1, 2, 6])


def test_every_unsupported_case_is_tested():
    """Each marker in the cases file is used by exactly one case."""
    with open(CASES_FILE) as f:
        markers = re.findall(r"  # <- ([^`\n]+)$", f.read(), flags=re.M)
    tested = [(c.values if hasattr(c, "values") else c)[1] for c in CASES]
    assert sorted(markers) == sorted(tested)


def one_param(x):
    return jnp.sin(x)


def test_argnums_out_of_range_is_an_error():
    with pytest.raises((ValueError, s2s.S2SError)):
        s2s.source(one_param, "jvp", argnums=3)


# -- things that are not Python functions with source -------------------------------


@pytest.mark.parametrize("fn, name", [(len, "len"), (abs, "abs"), (np.exp, "exp")])
def test_builtin_function_is_refused(fn, name):
    with pytest.raises(s2s.S2SError) as info:
        s2s.jvp(fn, (rand(3),), (rand(3),))
    e = info.value
    assert f"`builtins.{name}`" in e.message or f"{name}`" in e.message
    assert "not a Python function" in e.message
    assert "def" in e.hint
    assert_no_internal_traceback(e)


@pytest.mark.parametrize("fn, name", [(jnp.sin, "sin"), (jnp.linalg.norm, "norm")])
def test_a_library_function_is_transformed_through_a_caller(fn, name):
    """jnp.sin has Python source inside jax, but it is not the user's to rewrite:
    s2s transforms a caller of it (`def sin(x): return jnp.sin(x)`), as the JAX
    quickstart's `grad(jnp.tanh)` needs."""
    x, t = rand(3), rand(3)
    got, want = s2s.jvp(fn, (x,), (t,)), jax.jvp(fn, (x,), (t,))
    np.testing.assert_allclose(got[0], want[0], rtol=1e-6)
    np.testing.assert_allclose(got[1], want[1], rtol=1e-5)


def test_source_of_a_library_function_shows_its_caller():
    text = s2s.source(jnp.sin, "jvp")
    assert "def sin_jvp(x, x_dot):" in text
    assert "# <s2s: jnp.sin>:2: return jnp.sin(x)" in text


def _sine_sum(x):
    return jnp.sum(jnp.sin(x))


@pytest.mark.parametrize("transform", ("vmap", "jacfwd", "jacrev", "hessian"))
def test_source_of_a_shape_specialized_transformation(transform):
    """`s2s.source(f, "vmap")` recursed until Python's limit (RecursionError):
    these are built for one example's shapes, so they need example_args."""
    with pytest.raises(s2s.S2SError, match="example_args") as info:
        s2s.source(_sine_sum, transform)
    assert_no_internal_traceback(info.value)
    x = jnp.array([[0.1, 0.2], [0.3, 0.4]])
    text = s2s.source(_sine_sum, transform, example_args=(x,))
    assert text.startswith("def sine_sum_") and "jnp.sin" in text


@pytest.mark.parametrize("transform", ("bogus", 3))
def test_source_of_an_unknown_transformation(transform):
    with pytest.raises(s2s.S2SError, match="no transformation") as info:
        s2s.source(_sine_sum, transform)
    assert "vmap" in info.value.hint
    assert_no_internal_traceback(info.value)


def test_function_from_exec_has_no_source():
    namespace = {"jnp": jnp}
    exec("def made_by_exec(x):\n    return jnp.sin(x)\n", namespace)
    fn = namespace["made_by_exec"]
    with pytest.raises(s2s.S2SError) as info:
        s2s.jvp(fn, (rand(3),), (rand(3),))
    e = info.value
    assert "`made_by_exec`" in e.message
    assert "no source" in e.message
    assert "exec" in e.hint and ".py file" in e.hint
    assert_no_internal_traceback(e)


def test_lambda_from_eval_has_no_source():
    fn = eval("lambda x: x * 2.0")
    with pytest.raises(s2s.S2SError, match="no source") as info:
        s2s.jvp(fn, (rand(3),), (rand(3),))
    assert_no_internal_traceback(info.value)


# -- the error type itself -----------------------------------------------------------


def test_error_formats():
    line = marker_line("try")
    e = s2s.S2SError("`try` statements are not supported", CASES_FILE, line, 4,
                     hint="move it")
    text = str(e)
    assert text.startswith(f"{CASES_FILE}:{line}:5: `try` statements are not supported")
    assert "\n    " + source_line(line).rstrip() + "\n" in text
    assert "\n        ^" in text
    assert text.endswith("\n  hint: move it")
    assert e.one_line() == f"{CASES_FILE}:{line}:5: `try` statements are not supported (move it)"


def test_error_without_location():
    e = s2s.S2SError("no place", hint="do this")
    assert str(e) == "no place\n  hint: do this"
    assert e.one_line() == "no place (do this)"
    assert e.filename is None and e.lineno is None and e.col is None


def test_error_with_unknown_line_still_formats():
    e = s2s.S2SError("somewhere", CASES_FILE, None, None)
    assert e.one_line() == f"{CASES_FILE}:?:1: somewhere"
    assert str(e) == f"{CASES_FILE}:?:1: somewhere"


def test_positional_argument_the_rule_does_not_take_is_refused():
    # jnp.var's third positional parameter is dtype, not ddof: never misread it.
    with pytest.raises(s2s.S2SError, match="`jnp.var` has no parameter `dtype`"):
        s2s.jvp(ec.var_with_positional_dtype, (jnp.ones(3),), (jnp.ones(3),))


from regression_cases import helper as other_module_helper  # noqa: E402


def calls_other_module_helper(x):
    return other_module_helper(x) * 2.0


def test_second_derivative_through_another_modules_helper():
    """grad(grad(f)) puts f's helpers in line, also one from another module (the
    names it reads there come along): it was refused, naming the helper."""
    import jax
    np.testing.assert_allclose(s2s.grad(calls_other_module_helper)(0.7),
                               jax.grad(calls_other_module_helper)(0.7))
    np.testing.assert_allclose(s2s.grad(s2s.grad(calls_other_module_helper))(0.7),
                               jax.grad(jax.grad(calls_other_module_helper))(0.7))
