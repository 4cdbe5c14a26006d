#!/usr/bin/env python3
"""Compiles the Swift blocks of the README and of every DocC article as shown, against the built
library modules and nothing of the tests:

- each page's blocks, in order, in one fresh file, one prefix at a time (the first block, then
  the first two, ...), so that a block may use only what it or an earlier block of the same page
  defines: a block that needs a later one fails;
- a page made only of declarations is compiled once more as a library whose declarations are
  all `public`, as an app's feature module would declare them, so that what a page shows also
  holds for public types (explicit `Sendable`, no inferred conformances).

The README's sections (`## `) are pages of their own, since each tells its own example. Blocks
that are package manifests (first line `// Package.swift`) are skipped, and so is a block whose
first line is `// Not compiled: <reason>` (a fragment, such as one line of a larger call).
Errors name the page's own file and line.

    Docs/check-snippets.py MODULES_DIR

MODULES_DIR is where `swift build` put the modules (`$(swift build --show-bin-path)/Modules`).
Exits 1, naming the page, the block and the compiler's first errors, if a page does not compile.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORTS = ["Foundation", "RexCore", "RexMiddlewares", "RexDevTools", "RexTesting"]
FENCE = re.compile(r"^```swift\n(.*?)^```", flags=re.S | re.M)


def blocks(text, first_line=1):
    """The page's Swift blocks, each with the line of the page where its code starts."""
    found = []
    for match in FENCE.finditer(text):
        code = match.group(1)
        if code.startswith("// Package.swift") or code.startswith("// Not compiled"):
            continue
        found.append((first_line + text.count("\n", 0, match.start(1)), code))
    return found


def pages():
    readme = open(os.path.join(ROOT, "README.md")).read()
    line = 1
    for section in re.split(r"\n(?=## )", readme):
        yield "README.md", section.splitlines()[0], blocks(section, line)
        line += section.count("\n") + 1
    for article in sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md"))):
        path = os.path.relpath(article, ROOT)
        yield path, "", blocks(open(article).read())


# Declarations that a feature module makes public; members of a protocol take no modifier.
DECLARATION = re.compile(r"^(@\w+(\(.*?\))?\s+)*(final |indirect |static |mutating |nonisolated )*"
                         r"(struct|enum|class|actor|protocol|func|let|var|init|typealias|subscript)\b")
TYPE_BODY = re.compile(r"^(public )?(final |indirect )*(struct|enum|class|actor|extension)\b")
CONTINUATION = re.compile(r"^(\.|where\b|->|<>|\)|\]|case\b|import\b|//|@|#|\}|$)")
OPEN_END = re.compile(r"(=|,|\(|\[|->|<>)$")


def made_public(code):
    """The page's code with every declaration outside code bodies made public, or None when the
    page has statements at the top level (it is a script, not a module's source)."""
    out = []
    scopes = []  # "type", "protocol" or "code", one per open brace
    parens = 0
    previous = ""
    for line in code.splitlines():
        stripped = line.strip()
        at_declaration_level = parens == 0 and all(scope == "type" for scope in scopes)
        if at_declaration_level and DECLARATION.match(stripped):
            attributes = re.match(r"^((@\w+(\(.*?\))?\s+)*)", stripped).group(1)
            indent = line[: len(line) - len(line.lstrip())]
            line = indent + attributes + "public " + stripped[len(attributes):]
        elif at_declaration_level and not scopes and not CONTINUATION.match(stripped) \
                and not OPEN_END.search(previous) and not stripped.startswith("extension "):
            return None
        previous = stripped or previous
        # Braces and parentheses outside string literals and comments.
        bare = re.sub(r'"(\\.|[^"\\])*"', '""', line.split("//")[0])
        first_brace = True
        for char in bare:
            if char == "(":
                parens += 1
            elif char == ")":
                parens -= 1
            elif char == "{":
                if first_brace and parens == 0 and re.match(r"^(public )?protocol\b", line.strip()):
                    scopes.append("protocol")
                elif first_brace and parens == 0 and TYPE_BODY.match(line.strip()):
                    scopes.append("type")
                else:
                    scopes.append("code")
                first_brace = False
            elif char == "}" and scopes:
                scopes.pop()
        out.append(line)
    return "\n".join(out) + "\n"


def source(path, page_blocks, mapped=True):
    """One file: the imports, then each block under a #sourceLocation naming its place in the page."""
    text = "".join(f"import {module}\n" for module in IMPORTS)
    for line, code in page_blocks:
        if mapped:
            text += f'#sourceLocation(file: "{path}", line: {line})\n'
        text += code
    return text


def typecheck(work, name, text, modules, library):
    file = os.path.join(work, name)
    with open(file, "w") as handle:
        handle.write(text)
    command = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules, file]
    # The package's C targets (RexTicks, read inline by RexDevTools) are found by their module
    # maps, which SwiftPM writes next to the Modules folder, as it passes them to its own targets.
    for module_map in sorted(glob.glob(os.path.join(os.path.dirname(modules), "*.build", "module.modulemap"))):
        command[1:1] = ["-Xcc", f"-fmodule-map-file={module_map}"]
    if library:
        command[1:1] = ["-parse-as-library", "-module-name", "Feature"]
    result = subprocess.run(command, capture_output=True, text=True)
    errors = [line for line in result.stderr.splitlines() if ": error:" in line]
    return result.returncode == 0, errors or result.stderr.splitlines()[:5]


def main():
    modules = sys.argv[1]
    failures = 0
    compiled = 0
    public_pages = 0
    with tempfile.TemporaryDirectory() as work:
        for path, title, page_blocks in pages():
            name = f"{path}, {title}" if title else path
            for count in range(1, len(page_blocks) + 1):
                compiled += 1
                # main.swift: a page may have top-level statements, as its examples run in order.
                ok, errors = typecheck(work, "main.swift", source(path, page_blocks[:count]), modules, False)
                if not ok:
                    failures += 1
                    line = page_blocks[count - 1][0]
                    print(f"check-snippets: {name}: the block at line {line} does not compile with only "
                          f"the blocks before it:", file=sys.stderr)
                    for error in errors[:5]:
                        print("    " + error.replace(ROOT + os.sep, ""), file=sys.stderr)
                    break
            else:
                declarations = made_public("".join(code for _, code in page_blocks)) if page_blocks else None
                if declarations is None:
                    continue
                public_pages += 1
                ok, errors = typecheck(work, "Feature.swift", source(path, [(1, declarations)], mapped=False),
                                       modules, True)
                if not ok:
                    failures += 1
                    print(f"check-snippets: {name} does not compile with its declarations public, "
                          f"in a module of their own (lines of the public copy):", file=sys.stderr)
                    for error in errors[:5]:
                        print("    " + error.split("Feature.swift:", 1)[-1], file=sys.stderr)
    print(f"check-snippets: {compiled} block prefixes, {public_pages} pages also as public declarations; "
          f"{failures} that do not compile as shown")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
