import Foundation

/// What the server holds: for each app run that streams to it (a session), the steps it sent and
/// the commands the page sent for it.
///
/// Bounded: at most `stepLimit` steps and `byteLimit` bytes of steps (as the app sent them) a
/// session, the oldest let go, and counted; at most `sessionLimit` sessions, the one not heard
/// from longest let go; the last ``rejectionLimit`` rejected commands a session. So the server
/// holds at most `sessionLimit * byteLimit` bytes of steps (1 GiB by default), however large an
/// app's state. An actor: the app's requests and the page's
/// come on any of the server's threads.
actor InspectedSessions {
    /// One app run: its steps, as the app encoded them, and the page's commands for it.
    struct Session {
        var initialState: Any?
        /// The steps, oldest first, each a JSON object with its `index`.
        var steps: [Any] = []
        /// The bytes each step took in its batch (the batch's size shared among its steps), and
        /// their sum.
        var stepSizes: [Int] = []
        var bytes = 0
        /// Steps the app dropped (no longer kept when their turn to be sent came, or too large)
        /// or the server let go (past its limit).
        var dropped = 0
        /// Commands the app did not carry out, and why, as it reported them.
        var rejected: [Any] = []
        /// The page's commands, numbered from 1, each with its `sequence`.
        var commands: [[String: Any]] = []
        var lastHeard = Date()
    }

    let stepLimit: Int
    let byteLimit: Int
    let sessionLimit: Int
    private var sessions: [String: Session] = [:]
    /// The app requests waiting for a command, by session.
    private var waiting: [String: [UUID: CheckedContinuation<Void, Never>]] = [:]

    /// The most rejected commands a session keeps: the newest.
    static let rejectionLimit = 100

    init(stepLimit: Int = 10_000, byteLimit: Int = 64 << 20, sessionLimit: Int = 16) {
        self.stepLimit = stepLimit
        self.byteLimit = byteLimit
        self.sessionLimit = sessionLimit
    }

    /// Keeps a batch the app sent: its steps, its drop count, its first state, its rejections.
    ///
    /// - Throws: ``LiveInspectorRequestError/badRequest(_:)`` when the body is not a batch.
    func receive(batch body: Data, from id: String) throws {
        guard let batch = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw LiveInspectorRequestError.badRequest("the body is not a JSON object")
        }
        guard let steps = batch["steps"] as? [Any], steps.allSatisfy({ ($0 as? [String: Any])?["index"] is Int }) else {
            throw LiveInspectorRequestError.badRequest("no steps, or a step without an index")
        }
        var session = sessions[id] ?? Session()
        // The first one the session gets: an app sends one again after a failed send, in case
        // this server restarted and lost it; a later one would not be the state before the
        // session's first step.
        if session.initialState == nil, let initialState = batch["initialState"] {
            session.initialState = initialState
        }
        session.dropped += batch["dropped"] as? Int ?? 0
        session.rejected = Array((session.rejected + (batch["rejectedCommands"] as? [Any] ?? [])).suffix(Self.rejectionLimit))
        session.steps += steps
        let share = steps.isEmpty ? 0 : body.count / steps.count
        session.stepSizes += Array(repeating: share, count: steps.count)
        session.bytes += share * steps.count
        // The oldest go: past the step limit, then until the rest fit in the byte limit.
        var excess = max(0, session.steps.count - stepLimit)
        var freed = session.stepSizes[..<excess].reduce(0, +)
        while excess < session.steps.count, session.bytes - freed > byteLimit {
            freed += session.stepSizes[excess]
            excess += 1
        }
        if excess > 0 {
            session.bytes -= freed
            session.steps.removeFirst(excess)
            session.stepSizes.removeFirst(excess)
            session.dropped += excess
        }
        session.lastHeard = Date()
        sessions[id] = session
        if sessions.count > sessionLimit, let oldest = sessions.min(by: { $0.value.lastHeard < $1.value.lastHeard })?.key {
            sessions[oldest] = nil
        }
    }

    /// The sessions, the one heard from last first, as JSON for the page.
    // `lastHeard` through a format style, not an `ISO8601DateFormatter` made per session: making
    // one sets up ICU's tables, about 140 µs each time.
    func list() -> Data {
        let entries = sessions.sorted { $0.value.lastHeard > $1.value.lastHeard }.map { id, session in
            ["id": id, "steps": session.steps.count, "lastHeard": session.lastHeard.ISO8601Format()] as [String: Any]
        }
        return json(["sessions": entries])
    }

    /// A session's steps after the step of index `after` (all of them for -1), with what the page
    /// shows beside them, as JSON; `nil` for a session the server does not know.
    func steps(of id: String, after: Int) -> Data? {
        guard let session = sessions[id] else { return nil }
        let newer = session.steps.filter { (($0 as? [String: Any])?["index"] as? Int ?? -1) > after }
        var page: [String: Any] = [
            "steps": newer,
            "dropped": session.dropped,
            "rejectedCommands": session.rejected,
            "commands": session.commands.count,
        ]
        if let initialState = session.initialState {
            page["initialState"] = initialState
        }
        return json(page)
    }

    /// Adds a command from the page for a session, numbered next, and wakes the app's waiting
    /// request; returns its number.
    ///
    /// - Throws: ``LiveInspectorRequestError/badRequest(_:)`` when the body is not a command
    ///   (`jump` with a `step`, `returnToLive`, `dispatch` with an `action` as JSON text), and
    ///   ``LiveInspectorRequestError/notFound`` for a session the server does not know.
    func addCommand(_ body: Data, for id: String) throws -> Int {
        guard var session = sessions[id] else { throw LiveInspectorRequestError.notFound }
        guard var command = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let kind = command["kind"] as? String else {
            throw LiveInspectorRequestError.badRequest("the body is not a command")
        }
        switch kind {
        case "jump" where command["step"] is Int: break
        case "returnToLive": break
        case "dispatch" where command["action"] is String: break
        default: throw LiveInspectorRequestError.badRequest("a command is jump (with a step), returnToLive, or dispatch (with an action as JSON text)")
        }
        let sequence = session.commands.count + 1
        command["sequence"] = sequence
        session.commands.append(command)
        sessions[id] = session
        for waiter in waiting.removeValue(forKey: id)?.values ?? [:].values {
            waiter.resume()
        }
        return sequence
    }

    /// The session's commands numbered above `after`, as JSON: at once when there are some,
    /// otherwise when one comes or `wait` has passed (an empty list then).
    func commands(of id: String, after: Int, waitingUpTo wait: Duration) async -> Data {
        if pending(of: id, after: after).isEmpty {
            let key = UUID()
            let timeout = Task { [weak self] in
                try? await Task.sleep(for: wait)
                await self?.wake(id, key)
            }
            await withCheckedContinuation { continuation in
                waiting[id, default: [:]][key] = continuation
            }
            timeout.cancel()
        }
        return json(["commands": pending(of: id, after: after)])
    }

    /// How many of the app's requests wait for a command of the session.
    func waitingRequests(of id: String) -> Int {
        waiting[id]?.count ?? 0
    }

    private func pending(of id: String, after: Int) -> [[String: Any]] {
        (sessions[id]?.commands ?? []).filter { ($0["sequence"] as? Int ?? 0) > after }
    }

    private func wake(_ id: String, _ key: UUID) {
        waiting[id]?.removeValue(forKey: key)?.resume()
    }

    private func json(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
