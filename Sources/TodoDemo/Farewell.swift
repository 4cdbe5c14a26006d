/// What the app says when the session ends, and whether everything the user asked to save was
/// saved: the program's exit status.
public struct Farewell: Sendable, Equatable {
    /// What to tell the user.
    public let message: String
    /// Whether the list is saved as it is: otherwise the program exits with a status other than 0.
    public let isSaved: Bool
}
