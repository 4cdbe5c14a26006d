/// W7: W2 run for a number of actions, in a fresh store, for peak memory.
public enum MemoryWorkload {
    /// Runs W2 for `actions` actions in a new store.
    public static func run(actions: Int) {
        ComposedWorkload().run(actions: actions)
    }

    /// Runs W2 with a recorder of 1,000 steps for `actions` actions in a new store.
    public static func runRecorded(actions: Int) {
        ComposedWorkload(recording: .withReducer).run(actions: actions)
    }
}
