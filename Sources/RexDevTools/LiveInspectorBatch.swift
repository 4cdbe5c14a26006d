import Foundation

/// What a ``LiveInspector`` posts to the server at once: steps in order, how many it dropped
/// before them, and the commands it rejected (see `Docs/LiveInspectorProtocol.md`).
public struct LiveInspectorBatch<Action: Codable & Sendable, State: Codable & Sendable>: Codable, Sendable {
    /// The format of the batch: 1.
    public var formatVersion: Int
    /// How many steps the app dropped since its previous batch: steps its recorder no longer
    /// kept when their turn to be sent came, and steps larger than the server takes.
    public var dropped: Int
    /// The state before the first step: in the app's first batch, and in a batch sent again
    /// after a failure (the server may have restarted and know nothing of the app).
    public var initialState: State?
    /// The steps, oldest first, each as a session file holds it.
    public var steps: [RecordedStep<Action, State>]
    /// The commands not carried out since the previous batch.
    public var rejectedCommands: [LiveInspectorRejectedCommand]?

    /// A batch of the current format.
    public init(
        dropped: Int,
        initialState: State?,
        steps: [RecordedStep<Action, State>],
        rejectedCommands: [LiveInspectorRejectedCommand]
    ) {
        formatVersion = 1
        self.dropped = dropped
        self.initialState = initialState
        self.steps = steps
        self.rejectedCommands = rejectedCommands.isEmpty ? nil : rejectedCommands
    }

    /// The batch as the request's body: JSON, dates as the session file writes them.
    ///
    /// - Complexity: O(*n*) in the size of the steps.
    public func jsonData() throws -> Data {
        try RecordedSession<Action, State>.encoder(formatting: [.sortedKeys]).encode(self)
    }

    /// This batch with `initialState` as the state before its first step, and its JSON.
    ///
    /// - Complexity: O(*n*) in the size of the steps.
    func adding(initialState: State) throws -> (batch: Self, json: Data) {
        var batch = self
        batch.initialState = initialState
        return (batch, try batch.jsonData())
    }

    /// The batch in two: the first half of the steps with the drop count, the first state and
    /// the rejections; the second half with nothing else. Call on a batch of two steps or more.
    func halves() -> (first: Self, second: Self) {
        let middle = steps.count / 2
        var first = self
        first.steps = Array(steps[..<middle])
        let second = Self(dropped: 0, initialState: nil, steps: Array(steps[middle...]), rejectedCommands: [])
        return (first, second)
    }

    /// Reads a batch from the JSON of ``jsonData()``.
    ///
    /// - Complexity: O(*n*) in the size of the JSON.
    public init(jsonData: Data) throws {
        self = try RecordedSession<Action, State>.decoder().decode(Self.self, from: jsonData)
    }
}
