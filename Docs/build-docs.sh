#!/usr/bin/env bash
# Builds the HTML documentation of every library module with the toolchain's docc (no plugin),
# treating warnings as errors, into one static site that any web server can host as it is:
#
#     Docs/build-docs.sh [OUTPUT]        # default: Docs/site
#
# OUTPUT/index.html links the modules; each module's pages are under OUTPUT/<Module>/.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-Docs/site}
modules=(RexCore RexMiddlewares RexTesting)
scratch=.build-docs

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
graphs="$work/graphs"
mkdir -p "$graphs"
# The compiler writes each module's symbol graph as it builds it.
for module in "${modules[@]}"; do
    swift build --scratch-path "$scratch" --target "$module" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >"$work/build.log" 2>&1 \
        || { cat "$work/build.log" >&2; exit 1; }
done

rm -rf "$output"
mkdir -p "$output"
for module in "${modules[@]}"; do
    mkdir -p "$work/$module-graphs"
    # The module's own graph and the graphs of what it extends in other modules.
    cp "$graphs/$module.symbols.json" "$work/$module-graphs/"
    find "$graphs" -name "$module@*.symbols.json" -exec cp {} "$work/$module-graphs/" \;
    echo "== docc: $module"
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$work/$module-graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.rex.$module" \
        --transform-for-static-hosting \
        --hosting-base-path "$module" \
        --warnings-as-errors \
        --output-path "$output/$module"
done

lower() { echo "$1" | tr '[:upper:]' '[:lower:]'; }
{
    echo '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rex documentation</title></head><body>'
    echo '<h1>Rex documentation</h1><ul>'
    for module in "${modules[@]}"; do
        echo "<li><a href=\"$module/documentation/$(lower "$module")/\">$module</a></li>"
    done
    echo '</ul></body></html>'
} >"$output/index.html"
echo "build-docs: wrote $output (serve it with any static web server, from that folder)"
