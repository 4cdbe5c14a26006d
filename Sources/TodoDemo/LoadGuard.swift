import Foundation

/// A note beside the list's file while it loads (`.todos.json.loading`): a launch that dies while
/// loading (a file the app cannot handle) leaves it, and the next launch sets the file aside
/// instead of dying on it again.
struct LoadGuard: Sendable {
    /// The list's file.
    let file: URL

    private var note: URL {
        file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).loading")
    }

    /// Before the load: sets the file aside if the last load did not finish, and writes the note.
    /// Returns what to tell the user, if anything.
    func begin() -> String? {
        var told: String?
        if FileManager.default.fileExists(atPath: note.path), FileManager.default.fileExists(atPath: file.path) {
            let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
            let aside = file.deletingLastPathComponent().appendingPathComponent("\(file.lastPathComponent).crashed-\(stamp)")
            do {
                try FileManager.default.moveItem(at: file, to: aside)
                told = "The last launch stopped while loading \(file.lastPathComponent): kept it aside as \(aside.lastPathComponent), and started empty."
            } catch {
                told = "The last launch stopped while loading \(file.lastPathComponent), which could not be set aside (\(error.localizedDescription)); loading it again."
            }
        }
        // No note where the folder cannot be written: the save will say why.
        try? Data().write(to: note)
        return told
    }

    /// After the load: removes the note.
    func end() {
        try? FileManager.default.removeItem(at: note)
    }
}
