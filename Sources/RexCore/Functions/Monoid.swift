/// A ``Semigroup`` with a neutral value, ``identity``: `identity <> a` and `a <> identity`
/// both do what `a` does.
public protocol Monoid: Semigroup {
    /// The value that changes nothing when combined with another.
    static var identity: Self { get }
}
