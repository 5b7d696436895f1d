"""docs/design.md's pass table is generated from the records in s2s/transforms.py
(`python -m s2s.pass_table docs/design.md`): it must be current, and say what
the records say."""
import os

from s2s import pass_table, pipeline, transforms

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DESIGN = os.path.join(ROOT, "docs", "design.md")


def test_the_committed_table_is_current():
    with open(DESIGN) as f:
        text = f.read()
    assert pass_table.current(text) == "\n" + pass_table.table(), (
        "docs/design.md's pass table is stale: run `python -m s2s.pass_table docs/design.md` "
        "and commit docs/design.md")


def test_the_table_says_what_the_records_say():
    text = pass_table.table()
    for t in pipeline.TRANSFORMS.values():
        assert f"| `{t.name}` | {t.family.value} | `fence` → `resolve` → `normalize` → " in text
        for p in pass_table.stages(t):
            assert f"| `{p.name}` | " in text
    assert "`inline callees`\\*" in text   # a pass with `when=` is marked
    assert f"| `simplify` | {transforms.SIMPLIFY.purpose} | every transformation |" in text


def test_regenerating_keeps_the_rest_of_the_page():
    with open(DESIGN) as f:
        text = f.read()
    new = pass_table.replace(text)
    assert new.index(pass_table.BEGIN) == text.index(pass_table.BEGIN)
    assert new.split(pass_table.END)[1] == text.split(pass_table.END)[1]
