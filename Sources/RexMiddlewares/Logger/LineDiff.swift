/// The lines of a line diff: unchanged lines near a change as `  line`, removed ones as
/// `- line`, added ones as `+ line`, and `  …` where unchanged lines were skipped.
///
/// The common start and end are set aside first, so that the usual change (a few fields of a
/// large state) costs little; the middle is matched by longest common subsequence.
func diffLines(_ before: [Substring], _ after: [Substring], contextLines: Int) -> [String] {
    var prefix = 0
    while prefix < before.count && prefix < after.count && before[prefix] == after[prefix] {
        prefix += 1
    }
    var suffix = 0
    while suffix < before.count - prefix && suffix < after.count - prefix
        && before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
    {
        suffix += 1
    }
    let removedMiddle = Array(before[prefix..<(before.count - suffix)])
    let addedMiddle = Array(after[prefix..<(after.count - suffix)])
    if removedMiddle.isEmpty && addedMiddle.isEmpty { return [] }

    var edits: [(mark: Character, line: Substring)] = before[..<prefix].map { (" ", $0) }
    edits += middleEdits(removedMiddle, addedMiddle)
    edits += before[(before.count - suffix)...].map { (" ", $0) }
    return withContext(edits, contextLines: contextLines)
}

/// The edits that turn `before` into `after`, by longest common subsequence.
private func middleEdits(_ before: [Substring], _ after: [Substring]) -> [(mark: Character, line: Substring)] {
    let rows = before.count, columns = after.count
    // common[i][j]: the length of the longest common subsequence of before[i...] and after[j...].
    var common = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1)
    for i in stride(from: rows - 1, through: 0, by: -1) {
        for j in stride(from: columns - 1, through: 0, by: -1) {
            common[i][j] = before[i] == after[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    var edits: [(mark: Character, line: Substring)] = []
    var i = 0, j = 0
    while i < rows || j < columns {
        if i < rows && j < columns && before[i] == after[j] {
            edits.append((" ", before[i]))
            i += 1
            j += 1
        } else if i < rows && (j == columns || common[i + 1][j] >= common[i][j + 1]) {
            edits.append(("-", before[i]))
            i += 1
        } else {
            edits.append(("+", after[j]))
            j += 1
        }
    }
    return edits
}

/// Keeps the changed lines and `contextLines` unchanged lines around each; marks each skipped
/// run of unchanged lines with one `  …`.
private func withContext(_ edits: [(mark: Character, line: Substring)], contextLines: Int) -> [String] {
    let changed = edits.indices.filter { edits[$0].mark != " " }
    var keep = [Bool](repeating: false, count: edits.count)
    for index in changed {
        for near in max(0, index - contextLines)...min(edits.count - 1, index + contextLines) {
            keep[near] = true
        }
    }
    var lines: [String] = []
    var skipping = false
    for (index, edit) in edits.enumerated() {
        if keep[index] {
            lines.append("\(edit.mark) \(edit.line)")
            skipping = false
        } else if !skipping {
            lines.append("  …")
            skipping = true
        }
    }
    return lines
}
