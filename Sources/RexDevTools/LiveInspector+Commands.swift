import Foundation
import RexCore

extension LiveInspector {
    /// Carries out one command of the page on `store`: a jump or a return to live through
    /// ``travel``, or the dispatch of an action decoded with `Action`'s `Decodable`. A command
    /// that cannot be carried out (a step no longer kept, an action that does not decode, a kind
    /// this version does not know) is rejected: told to the log and sent back with the next
    /// batch, and nothing is dispatched.
    ///
    /// - Complexity: O(*n*) for a jump, for the *n* steps the recorder keeps; O(*m*) for a
    ///   dispatch, in the size of the action's JSON.
    func carryOut(_ command: LiveInspectorCommand, in store: some StoreType<Action, State>) {
        switch command.kind {
        case .jump(let step):
            let steps = travel.recorder.steps
            guard let first = steps.first, steps.indices.contains(step - first.index) else {
                let kept = steps.first.map { "steps \($0.index) to \($0.index + steps.count - 1) are kept" } ?? "no step is kept"
                reject(command, because: "step \(step) is not kept (\(kept))")
                return
            }
            travel.jump(to: step - first.index, in: store)
        case .returnToLive:
            travel.returnToLive(in: store)
        case .dispatch(let actionJSON):
            let action: Action
            do {
                action = try JSONDecoder().decode(Action.self, from: Data(actionJSON.utf8))
            } catch {
                reject(command, because: "the action does not decode as \(Action.self): \(error)")
                return
            }
            store.dispatch(action, info: "live inspector, command \(command.sequence)")
        case .unknown(let kind):
            reject(command, because: "unknown command kind \"\(kind)\"")
        }
    }
}
