import Foundation

/// How a ``LiveInspector`` reaches the server: it posts batches of steps and asks for the
/// page's commands. ``URLSessionLiveInspectorTransport`` speaks HTTP
/// (`Docs/LiveInspectorProtocol.md`); tests give a fake.
///
/// The inspector calls ``send(batch:)`` from one task and ``commands(after:)`` from another,
/// each one call at a time; either may throw, and the inspector then tries again with backoff.
/// Both should end soon, throwing `CancellationError` or not, once their task is cancelled.
public protocol LiveInspectorTransport: Sendable {
    /// Delivers one batch: the JSON of a ``LiveInspectorBatch``. Throws if the server did not
    /// take it.
    func send(batch: Data) async throws

    /// The page's commands numbered after `sequence`, in order; an empty list when none came
    /// while the server held the request.
    func commands(after sequence: Int) async throws -> [LiveInspectorCommand]
}
