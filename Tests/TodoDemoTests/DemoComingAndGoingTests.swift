import Foundation
import RexCore
import RexTestSupport
import RexTesting
import Testing
import TodoDemo

@Suite("The demo's detail and reminders: effects that end with their state")
struct DemoComingAndGoingTests {
    /// An app on a test clock, in a fresh folder, with three items.
    func app(clock: TestClock) async throws -> TodoApp {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let app = TodoApp(
            world: TodoWorld(file: folder.appendingPathComponent("todos.json"), clock: clock),
            logFile: folder.appendingPathComponent("demo.log")
        )
        await app.start()
        for title in ["Milk", "Tea", "Bread"] {
            _ = await app.perform("add \(title)")
        }
        return app
    }

    /// Moves the clock a second at a time while something sleeps on it, until the app's state
    /// satisfies `condition`. An effect's sleep may begin after a move, and its action reach the
    /// store after the check, so the loop looks again every millisecond of real time: the
    /// outcome does not depend on that pace, and the loop leaves the processor to the effects
    /// (a `Task.yield()` loop kept one of the two cores of CI busy).
    func advance(_ clock: TestClock, in app: TodoApp, until condition: (AppState) -> Bool) async {
        while !condition(app.store.state) {
            if clock.sleeperCount > 0 {
                clock.advance(by: .seconds(1))
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    @Test("open counts the seconds the detail is open; close ends its effect, and opened again it counts from zero")
    func detail() async throws {
        try await withDeadline {
            let clock = TestClock()
            let app = try await app(clock: clock)
            let opened = await app.perform("open 2") ?? ""
            #expect(opened.contains("-- Open: 2. Tea, for 0 s (type `close`)"), "\(opened)")
            await advance(clock, in: app) { ($0.detail?.secondsOpen ?? 0) >= 2 }
            #expect(app.screen().contains("-- Open: 2. Tea, for "))
            let closed = await app.perform("close") ?? ""
            #expect(!closed.contains("-- Open"))
            // Returns only once the detail's effect has ended: it was cancelled with the detail.
            await app.waitForEffects()
            #expect(app.store.state.detail == nil)
            _ = await app.perform("open 1")
            #expect(app.store.state.detail?.itemID == 1 && app.store.state.detail?.secondsOpen == 0)
            _ = await app.perform("rm 1")
            #expect(app.store.state.detail == nil)
            await app.waitForEffects()
        }
    }

    @Test("remind sends a reminder once its seconds have passed, and never for an item removed before")
    func reminders() async throws {
        try await withDeadline {
            let clock = TestClock()
            let app = try await app(clock: clock)
            let asked = await app.perform("remind 3 10s") ?? ""
            #expect(asked.contains("I will remind you of item 3 in 10 s, unless it is removed."), "\(asked)")
            _ = await app.perform("rm 3")
            // The reminder of the removed item was cancelled with it.
            await app.waitForEffects()
            _ = await app.perform("remind 1 5s")
            await advance(clock, in: app) { $0.message == "Reminder: Milk" }
            #expect(app.screen().contains("Reminder: Milk"))
            await app.waitForEffects()
            #expect(!app.screen().contains("Bread"))
        }
    }

    @Test("open and remind say what they need when the item or the seconds are missing")
    func badInput() async throws {
        let app = try await app(clock: TestClock())
        #expect((await app.perform("open") ?? "").contains("`open` needs the number shown before an item, as in `open 2`."))
        #expect((await app.perform("open 9") ?? "").contains("`open` needs the number shown before an item"))
        #expect((await app.perform("remind 2") ?? "").contains("`remind` needs a number of seconds after the item, as in `remind 2 10s`."))
        #expect((await app.perform("remind 2 -3s") ?? "").contains("`remind` needs a number of seconds"))
        #expect(app.store.state.detail == nil)
    }
}
