"""Sharding as JAX does it, on 8 host devices (a subprocess with
XLA_FLAGS=--xla_force_host_platform_device_count=8): the Explicit-sharding mesh
`jax.make_mesh` makes by default, a PartitionSpec built inside the function,
`shard_map` called inside a transformed function. Values and output shardings
are compared with JAX's own transformations."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SCRIPT = r"""
import jax, jax.numpy as jnp, numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
import s2s

mesh = jax.make_mesh((4, 2), ("data", "model"))
assert all(t == jax.sharding.AxisType.Explicit for t in mesh.axis_types), mesh.axis_types
x = jax.device_put(jax.random.normal(jax.random.PRNGKey(0), (8, 4)), NamedSharding(mesh, P("data", None)))
w = jax.device_put(jax.random.normal(jax.random.PRNGKey(1), (4, 2)), NamedSharding(mesh, P(None, "model")))


def loss(w, x):
    return jnp.sum(jnp.tanh(x @ w))


def constrained(w, x):
    x = jax.lax.with_sharding_constraint(x, P("data", None))
    return jnp.sum(jnp.tanh(jnp.dot(x, w)))


def local_sum(x):
    return jax.lax.psum(jnp.sum(jnp.sin(x) ** 2), "data")


def mapped(x):
    return jax.shard_map(local_sum, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def same(ours, theirs):
    np.testing.assert_allclose(np.asarray(ours), np.asarray(theirs), rtol=1e-5, atol=1e-6)
    assert ours.sharding == theirs.sharding, (ours.sharding, theirs.sharding)


with jax.set_mesh(mesh):
    for f in (loss, constrained):
        want = jax.jit(jax.grad(f, argnums=(0, 1)))(w, x)
        for got in (s2s.grad(f, argnums=(0, 1))(w, x),
                    s2s.jit(s2s.grad(f, argnums=(0, 1)))(w, x),
                    jax.jit(s2s.grad(f, argnums=(0, 1)))(w, x)):
            same(got[0], want[0])
            same(got[1], want[1])
    same(s2s.grad(mapped)(x), jax.grad(mapped)(x))
    same(s2s.jit(s2s.grad(mapped))(x), jax.jit(jax.grad(mapped))(x))
    np.testing.assert_allclose(s2s.jit(mapped)(x), mapped(x), rtol=1e-6)
print("ok")
"""


def _on_eight_devices(tmp_path, text):
    """Run `text` as a script (a file: s2s reads its functions' source) on 8
    host devices; it prints "ok" last."""
    script = tmp_path / "script.py"
    script.write_text(text)
    env = {**os.environ, "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
           "JAX_PLATFORMS": "cpu",
           "PYTHONPATH": os.pathsep.join(p for p in (ROOT, os.environ.get("PYTHONPATH")) if p)}
    out = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and out.stdout.strip().endswith("ok"), out.stderr[-3000:]


def test_explicit_mesh_partition_specs_and_shard_map_inside(tmp_path):
    _on_eight_devices(tmp_path, SCRIPT)


EXAMPLE = r"""
import sys
sys.path.insert(0, "examples")
import numpy as np
import sharded_training
ours, theirs, p_ours, p_theirs = sharded_training.main(steps=8)
np.testing.assert_allclose(ours, theirs, rtol=1e-5)
assert ours[-1] < ours[0]
assert all(p_ours[k].sharding == p_theirs[k].sharding for k in p_ours)
print("ok")
"""


def test_the_sharded_training_example_trains_as_jax_does(tmp_path):
    _on_eight_devices(tmp_path, EXAMPLE)


SPMD = r"""
import jax, jax.numpy as jnp, numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
import s2s


def constrained(w, x):
    h = jnp.tanh(x @ w)
    h = jax.lax.with_sharding_constraint(h, P("model"))
    return jnp.sum(h ** 2)


def per_example_loss(w, x):
    return jnp.sum(jnp.tanh(x @ w))


def same(ours, theirs):
    np.testing.assert_allclose(np.asarray(ours), np.asarray(theirs), rtol=1e-5, atol=1e-6)
    assert ours.sharding.spec == theirs.sharding.spec, (ours.sharding, theirs.sharding)


for types in ((AxisType.Explicit,) * 2, (AxisType.Auto,) * 2):
    mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=types)
    x = jax.device_put(jax.random.normal(jax.random.PRNGKey(0), (8, 4)),
                       NamedSharding(mesh, P("data", None)))
    w = jax.device_put(jax.random.normal(jax.random.PRNGKey(1), (4, 2)),
                       NamedSharding(mesh, P(None, "model")))
    with jax.set_mesh(mesh):
        for f in (constrained, per_example_loss):
            for ours, theirs in ((f, f), (s2s.grad(f), jax.grad(f))):
                want = jax.jit(jax.vmap(theirs, in_axes=(None, 0), spmd_axis_name="data"))(w, x)
                mapped = s2s.vmap(ours, in_axes=(None, 0), spmd_axis_name="data")
                same(jax.jit(mapped)(w, x), want)
                same(s2s.jit(mapped)(w, x), want)
print("ok")
"""


def test_vmap_spmd_axis_name_shards_the_batch_as_jax(tmp_path):
    _on_eight_devices(tmp_path, SPMD)


NESTED = r"""
import jax, jax.numpy as jnp, numpy as np
from functools import partial
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
import s2s

mesh = jax.make_mesh((8,), ("data",), axis_types=(AxisType.Auto,))
x = jax.device_put(jax.random.normal(jax.random.PRNGKey(0), (16, 4)),
                   NamedSharding(mesh, P("data", None)))
w = jax.random.normal(jax.random.PRNGKey(1), (4, 2))


def step(w, x):
    scale = 2.0 * w

    def local(xs):
        return jax.lax.psum(jnp.sum(jnp.tanh(xs @ scale)), "data")
    return jax.shard_map(local, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def decorated(w, x):
    @partial(jax.shard_map, mesh=mesh, in_specs=P("data", None), out_specs=P())
    def local(xs):
        return jax.lax.pmean(jnp.sum(jnp.sin(xs @ w) ** 2), "data")
    return local(x) * jnp.sum(w)


def same(ours, theirs):
    for a, b in zip(jax.tree_util.tree_leaves(ours), jax.tree_util.tree_leaves(theirs)):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=2e-5, atol=1e-6)


with jax.set_mesh(mesh):
    for f in (step, decorated):
        want = jax.grad(f, argnums=(0, 1))(w, x)
        same(s2s.grad(f, argnums=(0, 1))(w, x), want)
        same(s2s.jit(s2s.grad(f, argnums=(0, 1)))(w, x), want)
        same(s2s.jvp(f, (w, x), (w, x)), jax.jvp(f, (w, x), (w, x)))
        same(s2s.jit(f)(w, x), f(w, x))
print("ok")
"""


def test_shard_map_of_a_nested_function_differentiates_what_it_reads(tmp_path):
    _on_eight_devices(tmp_path, NESTED)
