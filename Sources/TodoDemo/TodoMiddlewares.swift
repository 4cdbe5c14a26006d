import Foundation
import RexCore
import RexMiddlewares

/// What the app needs from outside: where to keep the list, and the clock its saves wait on.
public struct TodoWorld: Sendable {
    /// The JSON file of the list.
    public let file: URL
    /// The clock a save waits on; tests give a manual one.
    public let clock: any Clock<Duration>

    /// Creates the world of the app.
    public init(file: URL, clock: any Clock<Duration> = ContinuousClock()) {
        self.file = file
        self.clock = clock
    }
}

/// The persistence of the list as it should be on the disk (`persistedItems`): saved to the
/// world's file 50 ms after it changes, read by `.persistence(.load)`. Files of the demo before it used the middleware hold the list with no
/// version beside it: version 0, the same JSON as today's list.
func makePersistence(_ world: TodoWorld) -> PersistenceMiddleware<AppAction, AppState, IdentifiedArrayOf<TodoItem>> {
    PersistenceMiddleware(
        part: \AppState.persistedItems,
        storage: .file(world.file),
        version: 1,
        migrations: [PersistenceMigration(from: 0) { unversionedList in unversionedList }],
        debounce: .milliseconds(50),
        clock: world.clock,
        loadsOn: { $0 == .persistence(.load) },
        report: { .persistence(.event($0)) }
    )
}

/// The open detail's effect: counts each second on the world's clock while the detail is open.
/// Lifted into the optional `detail`, it is cancelled when the detail closes.
func makeDetailEffects(_ world: TodoWorld) -> EffectMiddleware<DetailAction, DetailAction, ItemDetail, TodoWorld> {
    EffectMiddleware<DetailAction, DetailAction, ItemDetail, TodoWorld>(dependencies: world) { action, _, _ in
        guard case .watch = action else { return .doNothing }
        return .run { context in
            while (try? await context.dependencies.clock.sleep(for: .seconds(1))) != nil {
                context.send(.tick)
            }
        }
        .cancellable("detail")
    }
}

/// An item's reminder: once its seconds have passed on the world's clock, it sends
/// `reminderDue`. Lifted to the list's items by id, it is cancelled when its item is removed, so
/// a removed item never reminds.
func makeReminders(_ world: TodoWorld) -> EffectMiddleware<ItemAction, ItemAction, TodoItem, TodoWorld> {
    EffectMiddleware<ItemAction, ItemAction, TodoItem, TodoWorld>(dependencies: world) { action, _, state in
        guard case .remind(let seconds) = action else { return .doNothing }
        return .run { context in
            guard (try? await context.dependencies.clock.sleep(for: .seconds(seconds))) != nil else { return }
            context.send(.reminderDue)
        }
        .cancellable("reminder \(state().id)")
    }
}
