import RexCore
import RexTestSupport
import RexTesting
import Testing

@Suite("A test store runs the store an app runs")
struct TestStoreRealStoreTests {
    struct Detail: Equatable, Sendable {
        var count = 0
    }

    struct AppState: Equatable, Sendable {
        var detail: Detail?
    }

    enum AppAction: Equatable, Sendable {
        case detail(Int)
        case open

        var detail: Int? {
            guard case .detail(let amount) = self else { return nil }
            return amount
        }
    }

    static let reducer = Reducer<Int, Detail>.reduce { amount, detail in detail.count += amount }
        .liftOptional(action: \AppAction.detail, state: \AppState.detail)
        <> Reducer<AppAction, AppState>.reduce { action, state in
            if case .open = action { state.detail = Detail() }
        }

    @Test("An action sent for an absent optional part is reported, in a debug build, with the test's own line: the store's turn ran it")
    func absentPartReportNamesTheTestsLine() async {
        #if DEBUG
        let messages = Recorder<String>()
        let observer = DebugMessages.observe { if $0.contains("TestStoreRealStoreTests.swift") { messages.record($0) } }
        defer { DebugMessages.stopObserving(observer) }
        let store = TestStore(initialState: AppState(), reducer: Self.reducer)
        await store.send(.detail(1))  // skipped: no detail
        let line = #line - 1
        await store.send(.open) { $0.detail = Detail() }
        await store.send(.detail(2)) { $0.detail?.count = 2 }
        await store.finish()
        #expect(messages.values.count == 1)
        #expect(messages.values.first?.contains("TestStoreRealStoreTests.swift:\(line)") == true)
        #endif
    }
}
