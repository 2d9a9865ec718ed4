import Reactive
import ReactiveTest
import Testing

/// The test kit from Swift Testing: marbles, recorded events and the leak check.
@Suite(.serialized) struct TestKitSwiftTestingTests {
    @Test func marbles_parseTimesValuesGroupsAndTerminals() {
        let events: [Recorded<Event<String>>] = Marbles.events("-a-(bc)-|")
        #expect(events == [.next(10, "a"), .next(30, "b"), .next(30, "c"), .completed(50)])
        #expect(Marbles.subscription("--^---!") == Subscription(20, 60))
    }

    @Test func recordedEvents_variadicAndArrayForms_nameTheElementType() {
        let variadic = Recorded.events(.next(210, 2), .completed(250))
        let array = Recorded.events([.next(210, 2), .completed(250)])
        #expect(variadic == [Recorded<Event<Int>>.next(210, 2), .completed(250)])
        #expect(array == variadic)
    }

    @Test func coldObservableFromMarbles_recordsSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable("-1-2-#", values: ["1": 1, "2": 2])
        let res = scheduler.start { xs.map { $0 * 10 } }
        #expect(res.events == [.next(210, 10), .next(230, 20), .error(250, MarbleError(symbol: "#"))])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    /// Swift Testing runs other suites alongside this one, and the count is the process's: so
    /// the check holds many subscriptions, far more than the others release meanwhile.
    @Test func leakCheck_seesLiveSubscriptions_andReportsThemAsAnIssue() {
        let check = LeakCheck()
        let subject = PublishSubject<Int>()
        let subscriptions = (0..<10_000).map { _ in subject.subscribe() }
        #if DEBUG
        #expect(check.leaked > 5_000)
        withKnownIssue {
            check.assertNoLeaks()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Resource leak:") }
        }
        #endif
        subscriptions.forEach { $0.dispose() }
    }

    @Test func start_timesOutOfOrder_failsNamingTheThreeTimes_andRunsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        var created = false
        withKnownIssue {
            let res = scheduler.start(created: 300, subscribed: 200, disposed: 100) { () -> Observable<Int> in
                created = true
                return Observable.just(1)
            }
            #expect(res.events.isEmpty)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("created 300, subscribed 200, disposed 100") }
        }
        #expect(!created, "nothing ran")
        withKnownIssue {
            _ = scheduler.start(disposed: 150) { Observable.just(1) }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("created 100, subscribed 200, disposed 150") }
        }
    }

    @Test func expectEqual_passesOnEqualEvents_andDrawsTheDifferenceOtherwise() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("---------------------1-2-|", values: ["1": 1, "2": 2])
        let res = scheduler.start { xs.map { $0 * 10 } }
        #expect(expectEqual(res.events, [.next(210, 10), .next(230, 20), .completed(250)]))
        #expect(expectEqual(xs.subscriptions, [Subscription(200, 250)]))
        let drawn = """
            Recorded events differ; first difference at 230:
                      0                    210 250
            actual    ---------------------a-b-|
            expected  ---------------------a-c-|
                                             ↑ 230
            a = 10
            b = 20
            c = 30
            actual: next(20) @ 230; expected: next(30) @ 230
            """
        withKnownIssue {
            #expect(!expectEqual(res.events, [.next(210, 10), .next(230, 30), .completed(250)]))
        } matching: { issue in
            issue.comments.contains { $0.rawValue == drawn }
        }
        withKnownIssue {
            expectEqual(xs.subscriptions, [Subscription(200, 240)])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Subscriptions differ; first difference at 240:") }
        }
    }

    @Test func start_equalTimes_runInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(created: 200, subscribed: 200, disposed: 300) { Observable.just(1) }
        #expect(res.events == [.next(200, 1), .completed(200)])
    }
}
