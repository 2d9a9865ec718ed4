import Reactive
import Foundation
import ReactiveTest
import TestSupport
import XCTest

final class TimeWindowTests: ReactiveTestCase {
    func testTakeForTime_timerFiringWhileSubscribed_sourceStillSubscribedAndDisposedAtOnce() {
        // As RxSwift: the timer is scheduled first, then the source is subscribed whatever the
        // timer did (here it fires at once, on a scheduler that runs all work immediately).
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1)])
        let res = scheduler.start { xs.take(for: .seconds(5), scheduler: ImmediateWorkScheduler()) }
        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)])
    }

    func testTakeFor_completesAfterDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(260, 3), .completed(300)])
        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakeFor_errorBeforeDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, TestError.first)])
        XCTAssertEqual(scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }.events, [.error(210, TestError.first)])
    }

    func testSkipFor_dropsUntilDuration_elementAtTheEdgeIsDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(260, 3), .completed(300)])
        let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(260, 3), .completed(300)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(scheduler2.start { ys.skip(for: .seconds(50), scheduler: scheduler2) }.events, [.error(220, TestError.first)])
    }

    func testBuffer_byCountAndByTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(290, 4), .completed(300)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        // [1,2] full at 220 restarts the period (ends 270): [3] at 270; [4] at completion.
        XCTAssertEqual(res.events, [.next(220, [1, 2]), .next(270, [3]), .next(300, [4]), .completed(300)])
    }

    func testBuffer_fullBufferSentBeforeItsNextPeriodIsScheduled_workTheObserverSchedulesForThatMomentRunsFirst() {
        // As RxSwift: a buffer is sent, then the next period's timer is scheduled. So what the
        // observer schedules for the moment that period ends runs before the period ends: the
        // element it sends at 270 is in the buffer sent at 270.
        let scheduler = TestScheduler(initialClock: 0)
        let source = PublishSubject<Int>()
        scheduler.scheduleAt(210) { source.onNext(1) }
        scheduler.scheduleAt(220) { source.onNext(2) }
        let res = scheduler.start(disposed: 300) {
            source.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler).do(onNext: { buffer in
                if buffer == [1, 2] { scheduler.scheduleAt(270) { source.onNext(3) } }
            })
        }
        XCTAssertEqual(res.events, [.next(220, [1, 2]), .next(270, [3])])
    }

    func testBuffer_periodEndSentBeforeTheNextPeriodIsScheduled() {
        // The same order when a period ends by time: the empty buffer at 250 is sent first.
        let scheduler = TestScheduler(initialClock: 0)
        let source = PublishSubject<Int>()
        let res = scheduler.start(disposed: 320) {
            source.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler).do(onNext: { buffer in
                if scheduler.clock == 250 { scheduler.scheduleAt(300) { source.onNext(7) } }
            })
        }
        XCTAssertEqual(res.events, [.next(250, []), .next(300, [7])])
    }

    func testBuffer_periodEndingOnTheTimersThreadWhileTheSourceFillsABuffer_laterPeriodsStillEnd() {
        // The timer's thread ends period 0 and sends its buffer; while it then schedules period
        // 1's end, the source fills a buffer, which starts period 2 and schedules its end.
        // Period 1's end, scheduled last, must not replace period 2's: it would be ignored when
        // it runs (its period is over), and no period would ever end by time again.
        let scheduler = SteppedScheduler()
        let source = PublishSubject<Int>()
        let received = Collector<[Int]>()
        let subscription = source.buffer(timeSpan: .seconds(1), count: 2, scheduler: scheduler).subscribe(onNext: { received.append($0) })
        scheduler.holdNextScheduling()
        let timerThreadDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            XCTAssertEqual(scheduler.runScheduled(), 1)
            timerThreadDone.signal()
        }
        XCTAssertEqual(scheduler.held.wait(timeout: .now() + 10), .success)
        source.onNext(1)
        source.onNext(2)
        scheduler.release.signal()
        XCTAssertEqual(timerThreadDone.wait(timeout: .now() + 10), .success)
        source.onNext(3)
        _ = scheduler.runScheduled()
        XCTAssertEqual(received.values, [[], [1, 2], [3]])
        subscription.dispose()
        _ = scheduler.runScheduled()  // drops the cancelled actions, which hold the sink
    }

    func testBuffer_emptyPeriods_errorAndBadCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(270, TestError.first)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(30), count: 5, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, []), .next(260, []), .error(270, TestError.first)])
        let scheduler2 = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler2.start { Observable<Int>.never().buffer(timeSpan: .seconds(30), count: 0, scheduler: scheduler2) }.events, [.error(200, RxError.argumentOutOfRange)])
    }

    func testWindow_splitsByCountAndTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var windows: [[Int]] = []
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = xs.window(timeSpan: .seconds(50), count: 2, scheduler: scheduler)
                .enumerated()
                .flatMap { index, window in window.toArray().map { values -> Int in
                    windows.append(values)
                    return index
                } }
                .subscribe(observer)
        }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(windows, [[1, 2], [3], []])
        XCTAssertEqual(observer.events, [.next(220, 0), .next(270, 1), .next(300, 2), .completed(300)])
    }

    func testWindow_disposingTheResult_keepsTheSourceWhileAWindowIsSubscribed() {
        // As RxSwift (and groupBy): a window subscribed when the result is disposed still gets
        // its elements and its end; the source is disposed when that window's subscription ends.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        let windowObserver = scheduler.createObserver(Int.self)
        var windowSubscription: Disposable?
        let res = scheduler.start(disposed: 215) {
            xs.window(timeSpan: .seconds(1000), count: 3, scheduler: scheduler).do(onNext: { window in
                if windowSubscription == nil { windowSubscription = window.subscribe(windowObserver) }
            })
        }
        XCTAssertEqual(res.events.count, 1)
        XCTAssertEqual(windowObserver.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        windowSubscription?.dispose()
    }

    func testWindow_disposingTheResultWithNoWindowSubscribed_disposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start(disposed: 215) { xs.window(timeSpan: .seconds(1000), count: 3, scheduler: scheduler) }
        XCTAssertEqual(res.events.count, 1)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testWindow_reentrantSendFromAWindowSubscriber_isQueuedNotDeadlocked() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let bag = DisposeBag()
        subject.window(timeSpan: .seconds(1000), count: 10, scheduler: scheduler)
            .subscribe(onNext: { window in
                window.subscribe(onNext: { value in
                    received.append(value)
                    if value == 1 { subject.onNext(2) }  // re-enters the operator from inside a window
                    received.append(-value)
                }).disposed(by: bag)
            })
            .disposed(by: bag)
        subject.onNext(1)
        XCTAssertEqual(received, [1, -1, 2, -2], "the re-entrant element is delivered after the current one returns")
        subject.onCompleted()  // ends the subscriptions, which hold the bag through their closures
    }

    func testGroupBy_routesByKey_andEndsEveryGroup() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a1"), .next(220, "b1"), .next(230, "a2"), .completed(300)])
        var groups: [String: TestableObserver<String>] = [:]
        let keys = scheduler.createObserver(String.self)
        var subscription: Disposable?
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            subscription = xs.groupBy { String($0.prefix(1)) }.do(onNext: { group in
                let observer = scheduler.createObserver(String.self)
                groups[group.key] = observer
                group.subscribe(observer).disposed(by: bag)
            }).map(\.key).subscribe(keys)
        }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(keys.events, [.next(210, "a"), .next(220, "b"), .completed(300)])
        XCTAssertEqual(groups["a"]?.events, [.next(210, "a1"), .next(230, "a2"), .completed(300)])
        XCTAssertEqual(groups["b"]?.events, [.next(220, "b1"), .completed(300)])
    }

    /// Thirty-eight keys: a dictionary's order (changed by each process's hash seed) would almost never
    /// be the order of creation.
    func testGroupBy_groupsGetTheTerminalEventInTheOrderTheyWereMade() {
        for terminal in [Event<Int>.completed, .error(TestError.first)] {
            let subject = PublishSubject<Int>()
            var ended: [Int] = []
            let bag = DisposeBag()
            subject.groupBy { $0 }.subscribe(onNext: { group in
                group.subscribe(onError: { _ in ended.append(group.key) }, onCompleted: { ended.append(group.key) }).disposed(by: bag)
            }, onError: { _ in }).disposed(by: bag)
            let keys = [17, 3, 39, 0, 22] + (4..<39).filter { ![17, 3, 22].contains($0) }
            for key in keys { subject.onNext(key) }
            subject.on(terminal)
            XCTAssertEqual(ended, keys, "\(terminal)")
        }
    }

    func testGroupBy_disposingTheResult_keepsTheSourceWhileAGroupIsSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a1"), .next(220, "b1"), .next(260, "a2"), .next(270, "c1"), .next(280, "b2"), .completed(500)])
        var groups: [String: TestableObserver<String>] = [:]
        var groupSubscriptions: [String: Disposable] = [:]
        let keys = scheduler.createObserver(String.self)
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = xs.groupBy { String($0.prefix(1)) }.do(onNext: { group in
                let observer = scheduler.createObserver(String.self)
                groups[group.key] = observer
                groupSubscriptions[group.key] = group.subscribe(observer)
            }).map(\.key).subscribe(keys)
        }
        scheduler.scheduleAt(250) { subscription?.dispose() }
        scheduler.scheduleAt(275) { groupSubscriptions["a"]?.dispose() }
        scheduler.scheduleAt(290) { groupSubscriptions["b"]?.dispose() }
        scheduler.start()
        // No new group after 250; "a" and "b" go on until they are disposed; the source is
        // disposed with the last of them.
        XCTAssertEqual(keys.events, [.next(210, "a"), .next(220, "b")])
        XCTAssertEqual(groups["a"]?.events, [.next(210, "a1"), .next(260, "a2")])
        XCTAssertEqual(groups["b"]?.events, [.next(220, "b1"), .next(280, "b2")])
        XCTAssertNil(groups["c"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
    }

    func testGroupBy_disposingTheResultWithNoGroupSubscribed_disposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a1"), .completed(500)])
        let res = scheduler.start(disposed: 250) { xs.groupBy { String($0.prefix(1)) }.map(\.key) }
        XCTAssertEqual(res.events, [.next(210, "a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testGroupBy_keySelectorErrorEndsGroupsWithIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let group = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        let res = scheduler.start { xs.groupBy { value -> Int in
            if value == 2 { throw TestError.first }
            return value
        }.do(onNext: { $0.subscribe(group).disposed(by: bag) }).map(\.key) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(group.events, [.next(210, 1), .error(220, TestError.first)])
    }
}
