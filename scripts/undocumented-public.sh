#!/usr/bin/env bash
# Public declarations without a `///` doc comment, per library module (issue 14: DocC habits).
#   scripts/undocumented-public.sh            counts per module: undocumented / public declarations
#   scripts/undocumented-public.sh --list     every undocumented declaration as file:line: text
# A declaration is a line whose modifiers include `public` or `open` (extensions and imports are not
# declarations of their own); it counts as documented when the line above it, skipping attribute-only
# lines such as `@inlinable`, is a `///` line or closes a `/** ... */` block.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-}"
for dir in Sources/*/; do
    module="$(basename "$dir")"
    files="$(find "$dir" -name '*.swift' | LC_ALL=C sort)"
    [ -n "$files" ] || continue
    # shellcheck disable=SC2086
    awk -v mode="$mode" -v module="$module" '
        FNR == 1 { depth = 0 }
        {
            line[FNR] = $0
            if ($0 ~ /^[ \t]*((@[A-Za-z_]+(\([^)]*\))?|nonisolated|final|static|class|indirect|override|mutating|nonmutating|convenience|required|private\(set\)|fileprivate\(set\)|internal\(set\)|consuming|borrowing|dynamic|lazy|unowned|weak)[ \t]+)*(public|open)[ \t]+[^= \t]/ &&
                $0 !~ /(public|open)[ \t]+(extension|import)[ \t]/) {
                total++
                k = FNR - 1
                while (k > 0 && line[k] ~ /^[ \t]*(@[A-Za-z_]+(\([^)]*\))?[ \t]*)+$/) k--
                if (k > 0 && (line[k] ~ /^[ \t]*\/\/\// || line[k] ~ /\*\/[ \t]*$/)) next
                missing++
                if (mode == "--list") { text = $0; sub(/^[ \t]+/, "", text); print FILENAME ":" FNR ": " text }
            }
        }
        END { if (mode != "--list" && total > 0) printf "%-16s %4d / %4d undocumented\n", module, missing, total }
    ' $files
done
