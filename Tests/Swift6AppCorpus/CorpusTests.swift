// Runs the corpus: each piece of app code does what its author meant, on the actor it was
// written for.
import Dispatch
import Foundation
import Reactive
import ReactiveKVO
import Testing

/// Waits, letting the main actor run, until `condition` holds (5 s at most).
@MainActor
func eventually(_ condition: () -> Bool) async {
    for _ in 0..<5_000 where !condition() {
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
}

@MainActor
@Suite struct CorpusTests {
    @Test func searchViewModel_updatesItsStateOnTheMainActor() async {
        let model = SearchViewModel(api: QueueSearchService())
        model.query.accept("swift")
        await eventually { model.titles == ["SWIFT"] && !model.isEmpty }
        #expect(model.titles == ["SWIFT"])
        #expect(model.results.value == [SearchResult(title: "SWIFT")])
        #expect(!model.isEmpty)
        model.selection.accept(0)
        #expect(model.lastSelected == "SWIFT")
    }

    @Test func progressViewModel_withoutObserveOn_stillUpdatesOnTheMainActor() async {
        let model = ProgressViewModel()
        model.track(download(steps: 20))
        await eventually { model.finished }
        #expect(model.progress == Array(1...20))
        #expect(model.finished)
    }

    @Test func services_sendFromQueuesAndTasks() async throws {
        let repository = Repository()
        #expect(try await repository.names().asSingle().value == ["ann", "bob"])
        #expect(try await repository.count().asSingle().value == 2)
        #expect(try await repository.user(id: 1).value == "ann")
        await #expect(throws: ServiceError.self) { try await repository.user(id: 2).value }
        #expect(try await repository.cached(id: 1).value == "ann")
        #expect(try await repository.cached(id: 2).value == nil)
        try await repository.save().value
        #expect(try await repository.asyncWork().value == 42)
        #expect(try await repository.cachedInTask(id: 1).value == "ann")
        #expect(try await repository.cachedInTask(id: 2).value == nil)
        #expect(try await repository.userOnQueue(id: 1).value == "ann")
        try await repository.saveInTask().value
    }

    @Test func actor_ownsItsSubscriptions() async throws {
        let counter = EventCounter()
        await counter.count(Observable.from([1, 2, 3]))
        #expect(await counter.count == 6)
        await counter.collect(Repository().names())
        for _ in 0..<5_000 where await counter.names.isEmpty {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(await counter.names == ["ann", "bob"])
        let sink = PublishRelay<String>()
        var logged: [String] = []
        let logging = sink.subscribe(onNext: { logged.append($0) })
        counter.log(.just("line"), into: sink)
        #expect(logged == ["line"])
        logging.dispose()
        #expect(try await counter.first(of: .from([7, 8])) == 7)
        #expect(try await counter.sum(of: .from([1, 2, 3])) == 6)
        let numbers = AsyncStream<Int> { continuation in
            for value in 1...3 { continuation.yield(value) }
            continuation.finish()
        }
        #expect(try await counter.bridged(numbers) == [2, 4, 6])
    }

    @Test func dashboard_awaitsFromTheMainActor() async throws {
        let model = DashboardModel()
        try await model.load(from: Repository())
        #expect(model.user == "ann")
        #expect(model.cached == "ann")
        #expect(model.total == 8)
        #expect(model.ticks == [1])
        #expect(model.texts == ["driven"])
        #expect(try await model.bridge() == [1, 2, 3])
    }

    @Test func screenContract_crossesToAnotherActor() async {
        let host = ScreenHost()
        await host.attach(makeContract())
        for _ in 0..<5_000 where await host.received.count < 3 {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(await host.received.sorted() == [0, 1, 1])
    }

    @Test func subjectsAndRelays_sharedWithTasksAndQueues() async {
        let subject = PublishSubject<Int>()
        let relay = BehaviorRelay(value: 0)
        var received: [Int] = []
        let subscription = subject.subscribe(onNext: { received.append($0) })
        await sendFromEverywhere(to: subject, relay: relay)
        await eventually { received.count == 2 }
        #expect(received == [1, 2])
        #expect([3, 4].contains(relay.value))
        subscription.dispose()
    }

    @Test func keyValueObserving_fromTheMainActor() {
        let player = Player()
        let board = ScoreBoard()
        board.show(player)
        player.score = 3
        player.name = "bob"
        #expect(board.scores == [0, 3])
        #expect(board.names == ["ann", "bob"])
    }

    @Test func bookSearch_asyncCallsInsideTheChain_onTheMainActor() async {
        let store = BookStore()
        let model = BookSearchViewModel(api: BookAPI(), store: store)
        model.query.accept("sw")
        model.query.accept("swift")
        await eventually { model.titles == ["Swift"] && model.headline == "Swift" }
        #expect(model.titles == ["Swift"])
        #expect(model.headline == "Swift")
        #expect(model.searchesStarted == 2)
        model.opened.accept(1)
        model.opened.accept(2)
        await eventually { model.openedTitles.count == 2 }
        #expect(model.openedTitles == ["Book 1", "Book 2"])
        #expect(await store.loads == 2)
    }

    @Test func readingList_actorsChainUsesItsState() async {
        let list = ReadingList()
        await list.track(.from([1, 2]), api: BookAPI())
        for _ in 0..<5_000 where await list.added.count < 2 {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(await list.added.sorted() == [1, 2])
    }

    @Test func ownSubscribingHelper_keepsTheCallersIsolation() async {
        let progress = ReadingProgress()
        let pages = PublishSubject<Int>()
        progress.follow(pages.asObservable())
        await Task.detached { pages.onNext(1) }.value
        await eventually { progress.pages == [1] }
        #expect(progress.pages == [1])
    }
}
