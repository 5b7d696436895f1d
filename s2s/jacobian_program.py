"""The Jacobian's whole program, written as source: the standard basis, one
call of the batched code, and the result cut into output shape + input shape.

    def sum_logistic_hessian(x):
        # the standard basis: 3 directions, one per element of x
        x_dot_batch = jnp.eye(3, dtype=jnp.float32)
        # every direction in one call of the batched jvp (sum_logistic_grad_jvp_vmap, below)
        _, out_dot_batch = sum_logistic_grad_jvp_vmap(x, x_dot_batch)
        # column k of the Jacobian is the derivative along direction k: the directions
        # go last: output shape + input shape
        hessian = jnp.moveaxis(out_dot_batch, 0, -1)
        return hessian

(the comments in explain mode: `s2s.source(..., explain=True)`, `--explain`).
`s2s.source(s2s.hessian(f), example_args=...)` prints this function above the
batched function it calls, and this text is what runs: s2s/jacobians.py
compiles it (backend.compile_function, as every generated function is), so
the printed program and the executed one cannot drift. Pytrees are written
leaf by leaf: a dict, list or tuple as a literal, other nodes through
`tree_unflatten` of their structure.
"""
import builtins

import jax
import jax.numpy as jnp
import numpy as np

from . import backend, errors
from .pipeline import Family, Stage, Transform


def _dtype(leaf):
    return np.dtype(jnp.result_type(leaf))


def _size(leaf):
    return int(np.prod(np.shape(leaf), dtype=np.int64))


class Writer:
    """Lines of one function, and the closure cells its code reads."""

    def __init__(self):
        self.lines = []
        self.cells = {}
        self.eyes = {}      # dtype -> the name of its identity matrix

    def line(self, text):
        """A line of code, or (text starting with `#`) a comment that only
        explain mode prints (the default output has no teaching comments)."""
        self.lines.append("    " + text)

    def text(self, header, explain):
        return header + "\n" + "\n".join(
            t for t in self.lines if explain or not t.lstrip().startswith("#")) + "\n"

    def cell(self, name, value):
        self.cells[name] = backend.cell(value)
        return name

    def tree(self, example, leaf_exprs, name_hint):
        """The source of a tree shaped like `example` whose leaves (in
        tree_leaves order) are `leaf_exprs`: literals for dicts, lists, tuples
        and None, `tree_unflatten(structure, [...])` for other nodes."""
        exprs = iter(leaf_exprs)
        literal = self._literal(example, exprs)
        if literal is not None:
            return literal
        treedef = jax.tree_util.tree_structure(example)
        name = self.cell(f"{name_hint}_structure", treedef)
        self.cell("tree_unflatten", jax.tree_util.tree_unflatten)
        return f"tree_unflatten({name}, [{', '.join(leaf_exprs)}])"

    def _literal(self, value, exprs):
        if value is None:
            return "None"
        if type(value) is dict:
            items = []
            for k in sorted(value):   # (JAX's order of a dict's leaves)
                inner = self._literal(value[k], exprs)
                if inner is None:
                    return None
                items.append(f"{k!r}: {inner}")
            return "{" + ", ".join(items) + "}"
        if type(value) in (list, tuple):
            items = []
            for v in value:
                inner = self._literal(v, exprs)
                if inner is None:
                    return None
                items.append(inner)
            if type(value) is list:
                return "[" + ", ".join(items) + "]"
            return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
        if jax.tree_util.treedef_is_leaf(jax.tree_util.tree_structure(value)):
            return next(exprs)
        return None

    def eye(self, size, dtype, once=False):
        """The name of the identity matrix of `size` in `dtype` (one per dtype),
        or (`once`: it is read once) the call itself."""
        if once:
            return f"jnp.eye({size}, dtype=jnp.{dtype.name})"
        if dtype not in self.eyes:
            name = "eye" if not self.eyes else f"eye_{dtype.name}"
            self.eyes[dtype] = name
            self.line(f"{name} = jnp.eye({size}, dtype=jnp.{dtype.name})")
        return self.eyes[dtype]


def _paths(tree):
    """Python access paths (`[0]`, `['w']`, `.field`) of each leaf of `tree`,
    or None where a node has no such path (a custom pytree)."""
    out = []
    for path, _ in jax.tree_util.tree_flatten_with_path(tree)[0]:
        text = ""
        for key in path:
            if isinstance(key, jax.tree_util.DictKey):
                text += f"[{key.key!r}]"
            elif isinstance(key, jax.tree_util.SequenceKey):
                text += f"[{key.idx}]"
            elif isinstance(key, jax.tree_util.GetAttrKey):
                text += f".{key.name}"
            else:
                return None
        out.append(text)
    return out


def _leaf_reads(w, name, tree):
    """Expressions reading each leaf of the tree held by `name`."""
    paths = _paths(tree)
    if paths is not None:
        return [name + p for p in paths]
    w.cell("tree_leaves", jax.tree_util.tree_leaves)
    n = len(jax.tree_util.tree_leaves(tree))
    w.line(f"{name}_leaves = tree_leaves({name})")
    return [f"{name}_leaves[{k}]" for k in range(n)]


def _shape(shape):
    shape = tuple(int(d) for d in shape)
    return "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def _cut(expr, start, stop, total, axis_last, to_shape, from_shape):
    """`expr` sliced to [start:stop] on its directions axis (first, or last
    with `axis_last`), reshaped to `to_shape` (left as it is where the shapes
    agree)."""
    if (start, stop) != (0, total):
        expr = f"{expr}[..., {start}:{stop}]" if axis_last else f"{expr}[{start}:{stop}]"
        from_shape = None
    if from_shape is not None and tuple(from_shape) == tuple(to_shape):
        return expr
    return f"jnp.reshape({expr}, {_shape(to_shape)})"


def _plural(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


def _names(inputs):
    return " and ".join(", ".join(inputs).rsplit(", ", 1)) if inputs else ""


def forward_program(name, params, args, argnums, requested, argnums_int, value, aux,
                    batched_name, batched_params):
    """The source (and cells) of jacfwd's program: `params` the parameters (one
    per argument), `argnums` the differentiated ones in the batched code's
    order, `requested` as the user asked for them, `value` / `aux` the output's
    example (ShapeDtypeStructs; aux None without has_aux)."""
    w = Writer()
    leaves = [(i, jax.tree_util.tree_leaves(args[i])) for i in argnums]
    size = sum(_size(leaf) for _, ls in leaves for leaf in ls)
    tangent_names = batched_params[len(params):]
    w.line(f"# the standard basis: {_plural(size, 'direction')}, one per element of "
           f"{_names([params[i] for i in argnums])}")
    offset, offsets = 0, {}
    once = sum(len(ls) for _, ls in leaves) == 1
    for (i, ls), t_name in zip(leaves, tangent_names):
        exprs = []
        for k, leaf in enumerate(ls):
            n = _size(leaf)
            eye = w.eye(size, _dtype(leaf), once)
            exprs.append(_cut(eye, offset, offset + n, size, True, (size,) + np.shape(leaf),
                              (size, size)))
            offsets[i, k] = (offset, offset + n)
            offset += n
        w.line(f"{t_name} = {w.tree(args[i], exprs, t_name)}")
    out_dot = "out_dot_batch"
    w.line(f"# every direction in one call of the batched jvp ({batched_name}, below)")
    if aux is not None:
        w.line(f"(_, aux_batch), ({out_dot}, _) = {batched_name}({', '.join(batched_params)})")
    else:   # (built to return the tangents only)
        w.line(f"{out_dot} = {batched_name}({', '.join(batched_params)})")
    w.line("# column k of the Jacobian is the derivative along direction k: the directions")
    w.line("# go last" + (", cut per input leaf" if not once else "")
           + ": output shape + input shape")
    out_leaves = jax.tree_util.tree_leaves(value)
    reads = _leaf_reads(w, out_dot, value)
    results = []
    for j, (out_leaf, read) in enumerate(zip(out_leaves, reads)):
        columns = read
        if np.ndim(out_leaf) > 0:
            columns = f"jnp.moveaxis({read}, 0, -1)"
            if not once:
                moved = f"columns_{j}" if len(out_leaves) > 1 else "columns"
                w.line(f"{moved} = {columns}")
                columns = moved
        per_arg = {}
        for i, ls in leaves:
            exprs = [_cut(columns, *offsets[i, k], size, True,
                          tuple(np.shape(out_leaf)) + np.shape(leaf),
                          tuple(np.shape(out_leaf)) + (size,))
                     for k, leaf in enumerate(ls)]
            per_arg[i] = w.tree(args[i], exprs, params[i])
        results.append(_per_argument(per_arg, requested, argnums_int))
    return _finish(w, name, params, value, results, aux, "aux_batch")


def reverse_program(name, params, args, argnums, requested, argnums_int, value, aux,
                    batched_name, batched_params):
    """The source (and cells) of jacrev's program (arguments as forward_program's)."""
    w = Writer()
    out_leaves = jax.tree_util.tree_leaves(value)
    size = sum(_size(leaf) for leaf in out_leaves)
    seed = batched_params[-1]
    w.line(f"# the standard basis of the output: {_plural(size, 'row')}, one per element "
           "of the output")
    exprs, offsets, offset = [], [], 0
    for leaf in out_leaves:
        n = _size(leaf)
        eye = w.eye(size, _dtype(leaf), len(out_leaves) == 1)
        exprs.append(_cut(eye, offset, offset + n, size, True, (size,) + tuple(leaf.shape),
                          (size, size)))
        offsets.append((offset, offset + n))
        offset += n
    w.line(f"{seed} = {w.tree(value, exprs, seed)}")
    grads = [f"{params[i]}_bar_batch" for i in argnums]
    w.line(f"# every row in one call of the batched pullback ({batched_name}, below)")
    result = "(" + ", ".join(grads) + ("," if len(grads) == 1 else "") + ")"
    if aux is not None:
        result = f"({result}, aux_batch)"
    w.line(f"{result} = {batched_name}({', '.join(batched_params)})")
    w.line("# row k of the Jacobian is the gradient of the output's element k: the rows,")
    w.line("# shaped output shape + input shape")
    reads = {i: _leaf_reads(w, g, args[i]) for i, g in zip(argnums, grads)}
    results = []
    for j, out_leaf in enumerate(out_leaves):
        per_arg = {}
        for i in argnums:
            ls = jax.tree_util.tree_leaves(args[i])
            parts = [_cut(read, *offsets[j], size, False,
                          tuple(out_leaf.shape) + np.shape(leaf), (size,) + np.shape(leaf))
                     for read, leaf in zip(reads[i], ls)]
            per_arg[i] = w.tree(args[i], parts, params[i])
        results.append(_per_argument(per_arg, requested, argnums_int))
    return _finish(w, name, params, value, results, aux, "aux_batch")


def _per_argument(per_arg, requested, argnums_int):
    if argnums_int:
        return per_arg[requested[0]]
    items = [per_arg[i] for i in requested]
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def _finish(w, name, params, value, results, aux, aux_name):
    """The Jacobian (one per output leaf, in the output's structure) and the
    aux (every leaf's first example: the batched code gives each a batch axis)."""
    result = "hessian" if name.endswith("_hessian") else "jacobian"
    if len(results) == 1 and jax.tree_util.treedef_is_leaf(jax.tree_util.tree_structure(value)):
        w.line(f"{result} = {results[0]}")
    else:
        names = []
        for j, r in enumerate(results):
            w.line(f"{result}_{j} = {r}")
            names.append(f"{result}_{j}")
        w.line(f"{result} = {w.tree(value, names, result)}")
    if aux is not None:
        reads = _leaf_reads(w, aux_name, aux)
        w.line("# the aux value, the same for every direction: the first one's")
        w.line(f"aux = {w.tree(aux, [r + '[0]' for r in reads], 'aux')}")
        w.line(f"return ({result}, aux)")
    else:
        w.line(f"return {result}")
    header = f"def {name}({', '.join(params)}):"
    return (w.text(header, False), w.text(header, True)), w.cells


class ProgramText(backend.Text):
    """The printed program: the assembling function, then the batched one.
    Its lines map to the user's lines: the assembly's to the function's
    `def`, the batched code's through its own origins."""

    def __new__(cls, parts, where):
        self = super().__new__(cls, "\n\n".join(str(p).rstrip("\n") for p in parts) + "\n")
        self.parts, self.where = list(parts), where
        return self

    def origins(self):
        out, offset = {}, 0
        for k, part in enumerate(self.parts):
            n = str(part).rstrip("\n").count("\n") + 1
            if k == 0:
                for line in range(1, n + 1):
                    out[line] = self.where
                out[0] = self.where
            else:
                for line, o in part.origins().items():
                    if line:
                        out[line + offset] = o
            offset += n + 1   # (the blank line between)
        return out


class Program:
    """The record of a Jacobian's program, as driver.Generated is of generated
    code (`source`, `stages`, `function`, `callees`): `s2s.source`, `--passes`,
    `--with-callees` and `s2s.show` read it the same way."""

    def __init__(self, name, what, texts, cells, batched, user_fn):
        self.name, self.batched = name, batched
        self.fn = user_fn
        self.transform = Transform(name.rsplit("_", 1)[-1], "", Family.BATCH, what, (),
                                   batched.transform.name)
        self.options = None
        self.facts = batched.facts
        code = user_fn.__code__
        where = (code.co_filename, code.co_firstlineno, 0)
        assembly = AssemblyText(texts[0], where, texts[1])
        cells = {**cells, "jnp": backend.cell(jnp), batched.name: batched.cell}
        self.function = backend.compile_function(assembly, name, {"__builtins__": builtins},
                                                 cells)
        self.source = ProgramText([assembly, batched.source], where)
        self.callees = list(batched.callees)
        self._stages = None
        self.cell = backend.cell(self.function)

    def is_current(self):
        """False once the code it calls is built from code that changed."""
        return self.batched.is_current()

    def filenames(self):
        """{compiled file name: offset of its lines in `source`} of the
        assembling function and the batched one (trace.run_recorded)."""
        first = str(self.source.parts[0]).rstrip("\n").count("\n") + 1
        return {self.function.__code__.co_filename: 0,
                self.batched.function.__code__.co_filename: first + 1}

    PURPOSE = ("the whole program: the standard basis in, one call of the batched code, "
               "the result cut into output shape + input shape")

    @property
    def stages(self):
        if self._stages is None:
            self._stages = list(self.batched.stages) + [
                Stage("assemble", self.PURPOSE, self.source)]
        return self._stages

    def __call__(self, *args):
        try:
            return self.function(*args)
        except Exception as e:
            errors.note_origin(e)
            raise


class AssemblyText(backend.Text):
    """The assembling function's text: every line made for the user's `def`;
    `explained`: the same code with a comment on each step (explain mode)."""

    def __new__(cls, text, where, explained=None):
        self = super().__new__(cls, text)
        self.where, self.explained = where, explained
        return self

    def origins(self):
        return {line: self.where for line in range(0, self.count("\n") + 2)}
