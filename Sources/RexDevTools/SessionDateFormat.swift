import Foundation

/// How session files and a live inspector's batches write dates: ISO 8601, in UTC, rounded to
/// the millisecond (`2026-11-28T13:45:12.123Z`); and how they read them back. A date written,
/// read and written again gives the same text.
///
/// Not an `ISO8601DateFormatter`: it is not `Sendable`, so an encoder's date closure made one
/// for each date, which cost about 140 µs here (ICU sets up its tables each time), most of a
/// live inspector's sending. Not `Date.ISO8601FormatStyle`'s fractions either: up to Swift
/// 6.3's Foundation at least, the style cuts the fraction from a nanosecond count that is often
/// just below the true one, so half the dates that fall on a millisecond came out a millisecond
/// early, and each round trip could lose one more. The whole seconds are the style's; the
/// milliseconds are rounded here.
enum SessionDateFormat {
    /// `date` as ISO 8601 in UTC, rounded to the millisecond.
    static func string(from date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1_000).rounded()
        let seconds = (milliseconds / 1_000).rounded(.down)
        let fraction = String(Int(milliseconds - seconds * 1_000))
        // "yyyy-MM-ddTHH:mm:ssZ", exact for a whole number of seconds.
        let whole = Date(timeIntervalSince1970: seconds).ISO8601Format()
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
    }

    /// The date `text` writes in ISO 8601 (with a fraction of a second or without, in UTC or
    /// with an offset), or `nil` for text that is not such a date.
    static func date(from text: String) -> Date? {
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
