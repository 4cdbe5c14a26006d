#!/usr/bin/env python3
"""Writes the documentation site's landing page to standard output: Docs/landing.html, with its
`<!-- modules -->` line replaced by a section per module, taken from the DocC catalogs so that
it cannot drift from them: the module's summary, then its articles in the order its page lists
them (`<doc:…>`), each with its title and summary.

    Docs/make-landing.py > SITE/index.html
"""
import html
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["RexCore", "RexMiddlewares", "RexDevTools", "RexTesting"]


def summary(lines):
    """The page's abstract: the paragraph after its title, as HTML (code spans kept)."""
    paragraph = []
    for line in lines[1:]:
        if line.strip():
            paragraph.append(line.strip())
        elif paragraph:
            break
    text = html.escape(" ".join(paragraph), quote=False)
    text = re.sub(r"``(?:[^`]*/)?([^`/]+)``", r"<code>\1</code>", text)
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", text)


def section(module):
    catalog = os.path.join(ROOT, "Sources", module, f"{module}.docc")
    lines = open(os.path.join(catalog, f"{module}.md")).read().splitlines()
    items = []
    for name in re.findall(r"<doc:(\w+)>", "\n".join(lines)):
        article = open(os.path.join(catalog, f"{name}.md")).read().splitlines()
        title = html.escape(article[0].lstrip("# ").strip(), quote=False)
        link = f"documentation/{module.lower()}/{name.lower()}"
        items.append(f'      <li><a href="{link}">{title}</a><span>{summary(article)}</span></li>')
    return "\n".join([
        f'  <section id="{module.lower()}">',
        f'    <h2><a href="documentation/{module.lower()}/">{module}</a></h2>',
        f"    <p>{summary(lines)}</p>",
        "    <ul>",
        *items,
        "    </ul>",
        "  </section>",
    ])


def main():
    page = open(os.path.join(ROOT, "Docs", "landing.html")).read()
    print(page.replace("<!-- modules -->", "\n".join(section(module) for module in MODULES)), end="")


if __name__ == "__main__":
    main()
