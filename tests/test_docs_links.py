"""Every relative link in README.md and docs/*.md points to a file that exists,
and a link to a heading (`page.md#anchor`) to a heading of that page, with
GitHub's anchors (lower case, punctuation dropped, spaces as hyphens)."""
import glob
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _prose(text):
    """The lines outside fenced code blocks."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced:
            out.append(line)
    return out


def anchors(path):
    """GitHub's anchors of the headings of a Markdown file."""
    with open(path) as f:
        lines = _prose(f.read())
    seen, out = {}, set()
    for line in lines:
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def links(path):
    with open(path) as f:
        lines = _prose(f.read())
    for line in lines:
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            if not re.match(r"[a-z]+:", target):
                yield target


@pytest.mark.parametrize("page", PAGES, ids=lambda p: os.path.relpath(p, ROOT))
def test_every_relative_link_resolves(page):
    bad = []
    for target in links(page):
        file, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(page), file)) if file else page
        if not os.path.exists(dest):
            bad.append(f"{target}: no file {os.path.relpath(dest, ROOT)}")
        elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
            bad.append(f"{target}: no heading #{anchor} in {os.path.relpath(dest, ROOT)}")
    assert not bad, f"{os.path.relpath(page, ROOT)}: " + "; ".join(bad)


def test_the_pages_link_somewhere():
    assert sum(1 for p in PAGES for _ in links(p)) > 20
