import RexCore
import RexMiddlewares
import RexTestSupport
import Testing

@Suite("Article: Features that come and go")
struct ComingAndGoingArticleTests {
    @Test("The detail's comments load while it is open; closed before they come, the load is cancelled and its answer never reaches the next detail")
    func detailLoad() async throws {
        try await withDeadline {
            let (cancellations, cancelled) = AsyncStream<Int>.makeStream()
            let api = CommentsAPI { itemID in
                guard itemID == 1 else { return ["comments of \(itemID)"] }
                // Item 1's comments never come: the request waits until it is cancelled.
                try? await Task.sleep(for: .seconds(86_400))
                cancelled.yield(itemID)
                return ["late comments of 1"]
            }
            let middleware = makeShelfMiddleware(api: api)
            let store = ReduxStoreBase(initialState: ShelfState(), reducer: shelfReducer, middleware: middleware)
            await store.dispatchAndWait(.open(1))
            await store.dispatchAndWait(.detail(.load))
            await store.dispatchAndWait(.close)
            await store.dispatchAndWait(.open(2))
            var next = cancellations.makeAsyncIterator()
            #expect(await next.next() == 1)
            await middleware.waitForEffects()
            await store.dispatchAndWait(.logOut)  // a turn after the late answer, had it been sent
            #expect(store.state.detail == ItemDetail(itemID: 2))
            await store.dispatchAndWait(.detail(.load))
            await store.waitUntil { $0.detail?.comments == ["comments of 2"] }
            #expect(store.state.detail == ItemDetail(itemID: 2, comments: ["comments of 2"]))
        }
    }

    @Test("The inbox of a session case counts while logged in, and its actions pass by once logged out")
    func sessionCase() {
        let store = ReduxStoreBase(initialState: ShelfState(), reducer: shelfReducer)
        store.dispatch(.inbox(.received))
        #expect(store.state.session == .loggedOut)
        store.dispatch(.logIn("ana"))
        store.dispatch(.inbox(.received))
        store.dispatch(.inbox(.received))
        #expect(store.state.session == .loggedIn(user: "ana", unread: 2))
        store.dispatch(.logOut)
        store.dispatch(.inbox(.received))
        #expect(store.state.session == .loggedOut)
    }

    @Test("A draft's load runs for its key; discarding the draft cancels it, and other drafts keep theirs")
    func drafts() async throws {
        try await withDeadline {
            let (cancellations, cancelled) = AsyncStream<Int>.makeStream()
            let api = CommentsAPI { itemID in
                try? await Task.sleep(for: .seconds(86_400))
                cancelled.yield(itemID)
                return []
            }
            let middleware = makeShelfMiddleware(api: api)
            let store = ReduxStoreBase(initialState: ShelfState(), reducer: shelfReducer, middleware: middleware)
            for id in [1, 2] {
                await store.dispatchAndWait(.startDraft(id))
                await store.dispatchAndWait(.draft(ElementIDAction(id: id, action: .load)))
            }
            await store.dispatchAndWait(.discardDraft(2))
            var next = cancellations.makeAsyncIterator()
            #expect(await next.next() == 2)
            #expect(store.state.drafts.keys.sorted() == [1])
            await store.dispatchAndWait(.discardDraft(1))
            #expect(await next.next() == 1)
            await middleware.waitForEffects()
        }
    }

    @Test("A plain middleware lifted into the detail learns from its output's lifetime when the detail closes")
    func presence() async {
        let entered = Recorder<Int>()
        let left = Recorder<Int>()
        let presence = PresenceMiddleware(presence: PresenceService(enter: { entered.record($0) }, leave: { left.record($0) }))
        let middleware = presence.liftOptional(inputAction: \ShelfAction.detail, outputAction: ShelfAction.detail, state: \ShelfState.detail)
        let store = ReduxStoreBase(initialState: ShelfState(), reducer: shelfReducer, middleware: middleware)
        await store.dispatchAndWait(.open(4))
        await store.dispatchAndWait(.detail(.load))
        #expect(entered.values == [4] && left.values == [])
        await store.dispatchAndWait(.close)
        #expect(left.values == [4])
    }
}
