import Foundation
import RexDevTools

/// A transport whose every send and poll waits until the test answers it (see ``Rendezvous``).
struct FakeLiveInspectorTransport: LiveInspectorTransport {
    /// The batches sent, each waiting for the test to take it or fail it.
    let sends = Rendezvous<Data, Void>()
    /// The polls, each with its `after`, waiting for the test to answer commands.
    let polls = Rendezvous<Int, [LiveInspectorCommand]>()

    func send(batch: Data) async throws {
        try await sends.call(batch)
    }

    func commands(after sequence: Int) async throws -> [LiveInspectorCommand] {
        try await polls.call(sequence)
    }
}
