import Reactive
import ReactiveTest
import TestSupport
import XCTest

/// Which subscriptions install the current-thread trampoline, as RxSwift: an operator's or
/// `create`'s subscription does, when the thread has none; `just`, `empty`, `error`, `never`
/// and the subjects deliver at once without one. It decides whether work scheduled on
/// `CurrentThreadScheduler` from an observer runs at once or after the subscription's run.
final class TrampolineTests: ReactiveTestCase {
    /// Subscribes `source` on a thread without a trampoline and returns, for each event, whether
    /// the observer saw the thread without one (`true`: scheduled work would run at once).
    private func scheduleRequiredPerEvent<Element>(_ source: Observable<Element>) -> [Bool] {
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired, "test must start outside a trampoline")
        var seen: [Bool] = []
        source.subscribe { _ in seen.append(CurrentThreadScheduler.isScheduleRequired) }.dispose()
        return seen
    }

    func testJustEmptyError_subscribedOutsideATrampoline_deliverWithoutInstallingOne() {
        XCTAssertEqual(scheduleRequiredPerEvent(Observable.just(1)), [true, true])
        XCTAssertEqual(scheduleRequiredPerEvent(Observable<Int>.empty()), [true])
        XCTAssertEqual(scheduleRequiredPerEvent(Observable<Int>.error(TestError.first)), [true])
        XCTAssertEqual(scheduleRequiredPerEvent(Observable.from(optional: 1)), [true, true])
    }

    func testOperatorAndCreate_subscribedOutsideATrampoline_installOne() {
        XCTAssertEqual(scheduleRequiredPerEvent(Observable.just(1).map { $0 }), [false, false])
        XCTAssertEqual(scheduleRequiredPerEvent(Observable.of(1, 2)), [false, false, false])
        let created = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        XCTAssertEqual(scheduleRequiredPerEvent(created), [false, false])
    }

    func testSubjects_replayingOnSubscribe_deliverWithoutInstallingATrampoline() {
        XCTAssertEqual(scheduleRequiredPerEvent(BehaviorSubject(value: 1).asObservable()), [true])
        let replay = ReplaySubject<Int>.create(bufferSize: 2)
        replay.onNext(1)
        replay.onNext(2)
        XCTAssertEqual(scheduleRequiredPerEvent(replay.asObservable()), [true, true])
        let publish = PublishSubject<Int>()
        publish.onCompleted()
        XCTAssertEqual(scheduleRequiredPerEvent(publish.asObservable()), [true])
        let async = AsyncSubject<Int>()
        async.onNext(3)
        async.onCompleted()
        XCTAssertEqual(scheduleRequiredPerEvent(async.asObservable()), [true, true])
    }

    /// `share(replay: 0 or 1, scope: .whileConnected)` and a connectable's own subscription
    /// install none (as RxSwift's, which subscribe their subject directly); `refCount()`, and
    /// so a `.forever` share or one replaying more (RxSwift builds those on `refCount()`, a
    /// producer), do. The source's own subscription decides for itself when connecting.
    func testSharing_whichSubscriptionsInstallATrampoline() {
        func lateSubscriber(_ shared: (Observable<Int>) -> Observable<Int>) -> [Bool] {
            let subject = PublishSubject<Int>()
            let observable = shared(subject.asObservable())
            let first = observable.subscribe()
            subject.onNext(5)
            defer { first.dispose() }
            return scheduleRequiredPerEvent(observable)
        }
        XCTAssertEqual(lateSubscriber { $0.share(replay: 1) }, [true], "share whileConnected")
        XCTAssertEqual(lateSubscriber { $0.share(replay: 2, scope: .whileConnected) }, [false], "share replaying 2")
        XCTAssertEqual(lateSubscriber { $0.share(replay: 1, scope: .forever) }, [false], "share forever")
        XCTAssertEqual(lateSubscriber { $0.replay(1).refCount() }, [false], "refCount")

        let subject = PublishSubject<Int>()
        let connectable = subject.replay(1)
        let connection = connectable.connect()
        subject.onNext(5)
        XCTAssertEqual(scheduleRequiredPerEvent(connectable.asObservable()), [true], "connectable")
        connection.dispose()

        XCTAssertEqual(scheduleRequiredPerEvent(Observable.just(1).share(replay: 1)), [true, true], "share of just")
        XCTAssertEqual(scheduleRequiredPerEvent(Observable.of(1).share(replay: 1)), [false, false], "share of of")
    }

    /// The traits' `just` and `empty` subscribe their observable as it is: no trampoline either.
    func testTraits_justAndEmpty_deliverWithoutATrampoline() {
        var seen: [String: Bool] = [:]
        _ = Single.just(1).subscribe(onSuccess: { _ in seen["single"] = CurrentThreadScheduler.isScheduleRequired })
        _ = Maybe.just(1).subscribe(onSuccess: { _ in seen["maybe"] = CurrentThreadScheduler.isScheduleRequired })
        _ = Completable.empty().subscribe(onCompleted: { seen["completable"] = CurrentThreadScheduler.isScheduleRequired })
        _ = Infallible.just(1).subscribe(onNext: { _ in seen["infallible"] = CurrentThreadScheduler.isScheduleRequired })
        XCTAssertEqual(seen, ["single": true, "maybe": true, "completable": true, "infallible": true])
    }

    /// Work an observer schedules on `CurrentThreadScheduler` for a `just`'s element runs at once,
    /// before the observer's `onNext` returns, as in RxSwift (a trampoline would hold it back
    /// until after the completion).
    func testJust_workScheduledFromOnNext_runsAtOnce() {
        var log: [String] = []
        _ = Observable.just(1).subscribe(onNext: { _ in
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("scheduled")
                return Disposables.create()
            }
            log.append("onNext returns")
        }, onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["scheduled", "onNext returns", "completed"])
    }

    /// The inner `just`s of the flattening operators, driven by a subject outside any
    /// trampoline, deliver without one, as in RxSwift.
    func testFlatteningOperators_innerJustFromASubject_deliversWithoutATrampoline() {
        let operators: [(String, (Observable<Int>) -> Observable<Int>)] = [
            ("flatMap", { $0.flatMap { Observable.just($0) } }),
            ("concatMap", { $0.concatMap { Observable.just($0) } }),
            ("flatMapFirst", { $0.flatMapFirst { Observable.just($0) } }),
            ("flatMapLatest", { $0.flatMapLatest { Observable.just($0) } }),
            ("merge(maxConcurrent: 2)", { $0.map { Observable.just($0) }.merge(maxConcurrent: 2) }),
        ]
        for (name, apply) in operators {
            let subject = PublishSubject<Int>()
            var seen: [Int: Bool] = [:]
            let subscription = apply(subject.asObservable()).subscribe(onNext: { seen[$0] = CurrentThreadScheduler.isScheduleRequired })
            subject.onNext(1)
            subject.onNext(2)
            XCTAssertEqual(seen, [1: true, 2: true], name)
            subscription.dispose()
        }
    }

    func testShortLivedThreads_subscribeInsideTheirOwnTrampoline_untilTheyExit() {
        // Subscribing uses the thread's trampoline unretained, as the thread's key holds it
        // until the thread exits (`runInstallingTrampoline`): each thread here installs one, nests
        // subscriptions and queued work inside it, and exits, releasing it. A trampoline freed
        // while in use would crash under ASan (in CI), or give a wrong sum.
        let sums = Collector<Int>()
        let group = DispatchGroup()
        for _ in 0..<16 {
            group.enter()
            let thread = Thread {
                var sum = 0
                let subscription = Observable.range(start: 0, count: 50)
                    .flatMap { value in
                        Observable<Int>.create { observer in
                            observer.onNext(value)
                            observer.onCompleted()
                            return Disposables.create()
                        }
                    }
                    .subscribe(onNext: { sum += $0 })
                subscription.dispose()
                sums.append(sum)
                group.leave()
            }
            thread.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(sums.values, Array(repeating: 1225, count: 16))
    }
}
