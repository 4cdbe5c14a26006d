#!/usr/bin/env python3
"""Compiles the Swift blocks of the README and of every DocC article as shown: each page's blocks,
in order, in one fresh file that imports the library's modules and nothing of the tests, so that
a block may use only what it or an earlier block of the same page defines. The README's sections
(`## `) are pages of their own, since each tells its own example. Blocks that are package
manifests (first line `// Package.swift`) are skipped, and so is a block whose first line is
`// Not compiled: <reason>` (a fragment, such as one line of a larger call).

    Docs/check-snippets.py MODULES_DIR

MODULES_DIR is where `swift build` put the modules (`$(swift build --show-bin-path)/Modules`).
Exits 1, naming the page and the compiler's first errors, if a page does not type-check.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = "import Foundation\nimport RexCore\nimport RexMiddlewares\nimport RexTesting\n\n"


def blocks(text):
    found = re.findall(r"```swift\n(.*?)```", text, flags=re.S)
    return [b for b in found if not b.startswith("// Package.swift") and not b.startswith("// Not compiled")]


def pages():
    readme = open(os.path.join(ROOT, "README.md")).read()
    for index, section in enumerate(re.split(r"\n(?=## )", readme)):
        title = section.splitlines()[0] if section else f"section {index}"
        yield f"README.md, {title}", blocks(section)
    for article in sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md"))):
        yield os.path.relpath(article, ROOT), blocks(open(article).read())


def main():
    modules = sys.argv[1]
    failed = 0
    checked = 0
    for name, page_blocks in pages():
        if not page_blocks:
            continue
        checked += 1
        with tempfile.TemporaryDirectory() as work:
            # main.swift: a page may have top-level statements, as its examples run in order.
            source = os.path.join(work, "main.swift")
            with open(source, "w") as file:
                file.write(HEADER + "\n".join(page_blocks))
            result = subprocess.run(
                ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules, source],
                capture_output=True, text=True,
            )
            errors = [line for line in result.stderr.splitlines() if ": error:" in line]
            if result.returncode != 0:
                failed += 1
                print(f"check-snippets: {name} does not compile as shown:", file=sys.stderr)
                for line in errors[:5]:
                    print("    " + line.split("main.swift:", 1)[-1], file=sys.stderr)
    print(f"check-snippets: {checked} pages, {failed} that do not compile as shown")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
