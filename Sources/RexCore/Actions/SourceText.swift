/// The text of an ``ActionSource`` field: a literal such as `#fileID`, kept as it is, or a string.
///
/// Literals are what nearly every dispatch gives, and a `StaticString` costs nothing to copy or
/// destroy; a `String` field would cost a release per field per action, which was a third of
/// the whole turn of a counter store.
@usableFromInline
enum SourceText: Sendable {
    case literal(StaticString)
    case text(String)

    /// The text as a string.
    @inlinable
    var string: String {
        switch self {
        case .literal(let literal): literal.description
        case .text(let text): text
        }
    }
}
