/// One step of an ``UndoHistory``: its name, for a menu ("Undo Add Item"), and the part as it
/// was on the other side of the step.
///
/// In the undo list, `part` is the part as it was before the step (what undoing it restores);
/// in the redo list, the part as it was after the step (what redoing it restores). The part is
/// a value: a step keeps a copy, which shares its storage with the live part until one of them
/// changes, so a step costs what its change touched for the collections that share structure
/// (``/RexCore/IdentifiedArray``), and a whole copy for those that do not (`Array`, `Dictionary`).
public struct UndoStep<Part: Sendable>: Sendable {
    /// What the step did, for a menu.
    public let name: String
    /// The part to restore when this step is undone (or redone).
    public let part: Part
    /// The key of a step that later actions of the same key join, while it is the newest and
    /// open (see ``UndoRecording/joinStep(named:key:)``); `nil` for a step no action joins.
    @usableFromInline let joinKey: String?

    @inlinable
    init(name: String, part: Part, joinKey: String? = nil) {
        self.name = name
        self.part = part
        self.joinKey = joinKey
    }
}

extension UndoStep: Equatable where Part: Equatable {}
extension UndoStep: Codable where Part: Codable {}
