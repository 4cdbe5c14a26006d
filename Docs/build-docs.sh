#!/usr/bin/env bash
# Builds the HTML documentation of every library module with the toolchain's docc (no plugin),
# treating warnings as errors, into one static site that any web server can host as it is:
#
#     Docs/build-docs.sh [OUTPUT]        # default: Docs/site
#
# OUTPUT is taken from the caller's folder. Each module is converted into an archive that can
# be linked to (RexMiddlewares' pages link to RexCore's symbols, RexTesting's to both), the four
# archives are merged into one site, and OUTPUT/index.html is the landing page
# (Docs/landing.html, filled in by Docs/make-landing.py): what Rex is, and its articles with
# their summaries, module by module. KEEP_DOCS_WORK=1 keeps the intermediate archives and says
# where they are.
set -euo pipefail
output=$(mkdir -p "${1:-Docs/site}" && cd "${1:-Docs/site}" && pwd)
cd "$(dirname "$0")/.."
modules=(RexCore RexMiddlewares RexDevTools RexTesting)
scratch=.build-docs

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT; [ -n "${KEEP_DOCS_WORK:-}" ] && trap - EXIT && echo "work: $work"
graphs="$work/graphs"
mkdir -p "$graphs"
# The compiler writes each module's symbol graph as it builds it.
for module in "${modules[@]}"; do
    swift build --scratch-path "$scratch" --target "$module" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >"$work/build.log" 2>&1 \
        || { cat "$work/build.log" >&2; exit 1; }
done

dependencies=()
archives=()
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
        --enable-experimental-external-link-support \
        "${dependencies[@]}" \
        --transform-for-static-hosting \
        --warnings-as-errors \
        --output-path "$work/$module.doccarchive"
    # Later modules link to the symbols of earlier ones.
    dependencies+=(--dependency "$work/$module.doccarchive")
    archives+=("$work/$module.doccarchive")
done

echo "== docc: merge"
rm -rf "$output"
docc merge "${archives[@]}" --synthesized-landing-page-name Rex --output-path "$output" >"$work/merge.log" 2>&1 \
    || { cat "$work/merge.log" >&2; exit 1; }
# The site's own landing page, in place of the empty shell docc leaves at the root: Rex, then
# each module's articles, read from the catalogs.
python3 Docs/make-landing.py >"$output/index.html"
echo "build-docs: wrote $output (serve it with any static web server, from that folder)"
