import Dispatch
import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

/// What a `@MainActor` subscriber saw: values in order, whether each closure ran on the main
/// thread, and how often `onDisposed` ran.
@MainActor final class MainActorRecorder {
    var log: [String] = []
    var offMain: [String] = []
    var disposals = 0

    func record(_ entry: String) {
        log.append(entry)
        if !Thread.isMainThread { offMain.append(entry) }
    }

    func disposed() {
        disposals += 1
        record("disposed")
    }
}

/// Sends `values` on a background queue, then completes (each subscription its own producer).
private func fromBackground(_ values: [Int], failing: Bool = false) -> Observable<Int> {
    Observable.create { observer in
        DispatchQueue.global().async {
            for value in values { observer.onNext(value) }
            if failing { observer.onError(TestError.first) } else { observer.onCompleted() }
        }
        return Disposables.create()
    }
}

/// A closure written in `@MainActor` code runs on the main actor, whatever thread the events
/// come from; written in an actor's method, on that actor; written in nonisolated code, on the
/// sending thread, as in RxSwift. Operator closures run where the chain runs.
final class SubscriberIsolationTests: ReactiveTestCase {
    // XCTest on Linux cannot call `@MainActor` test methods; it runs tests on the main thread.

    func testMainActorSubscriber_eventsFromBackground_runOnMainInOrder() {
        MainActor.assumeIsolated {
            let recorder = MainActorRecorder()
            let subscription = fromBackground(Array(1...50)).subscribe(
                onNext: { recorder.record("\($0)") },
                onCompleted: { recorder.record("completed") },
                onDisposed: { recorder.disposed() })
            runMainLoop(until: { recorder.disposals == 1 }, timeout: 5)
            XCTAssertEqual(recorder.log, (1...50).map { "\($0)" } + ["completed", "disposed"])
            XCTAssertEqual(recorder.offMain, [])
            subscription.dispose()
            XCTAssertEqual(recorder.disposals, 1)
        }
    }

    func testMainActorSubscriber_errorFromBackground_runsOnMain() {
        MainActor.assumeIsolated {
            let recorder = MainActorRecorder()
            _ = fromBackground([1], failing: true).subscribe(
                onNext: { recorder.record("\($0)") },
                onError: { recorder.record("error \($0)") },
                onDisposed: { recorder.disposed() })
            runMainLoop(until: { recorder.disposals == 1 }, timeout: 5)
            XCTAssertEqual(recorder.log, ["1", "error first", "disposed"])
            XCTAssertEqual(recorder.offMain, [])
        }
    }

    func testMainActorSubscriber_eventSentOnMain_deliveredInsideTheSend() {
        MainActor.assumeIsolated {
            let recorder = MainActorRecorder()
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { recorder.record("\($0)") })
            subject.onNext(1)
            XCTAssertEqual(recorder.log, ["1"], "no hop when the event is already on the main actor")
            let just = Observable.just(2).subscribe(onNext: { recorder.record("\($0)") })
            XCTAssertEqual(recorder.log, ["1", "2"], "a synchronous source delivers inside subscribe")
            subscription.dispose()
            just.dispose()
        }
    }

    func testMainActorSubscriber_mainThreadEventBehindQueuedOnes_waitsItsTurn() {
        MainActor.assumeIsolated {
            let recorder = MainActorRecorder()
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { recorder.record("\($0)") })
            let sent = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                subject.onNext(1)
                subject.onNext(2)
                sent.signal()
            }
            sent.wait()
            subject.onNext(3)
            XCTAssertEqual(recorder.log, [], "1 and 2 wait for the main queue; 3 waits behind them")
            runMainLoop(until: { recorder.log.count == 3 }, timeout: 5)
            XCTAssertEqual(recorder.log, ["1", "2", "3"])
            XCTAssertEqual(recorder.offMain, [])
            subject.onNext(4)
            XCTAssertEqual(recorder.log, ["1", "2", "3", "4"], "with the queue drained, at once again")
            subscription.dispose()
        }
    }

    func testMainActorSubscriber_disposedWhileEventsWait_deliversNothingMore() {
        MainActor.assumeIsolated {
            let recorder = MainActorRecorder()
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { recorder.record("\($0)") }, onDisposed: { recorder.disposed() })
            let sent = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                subject.onNext(1)
                subject.onCompleted()
                sent.signal()
            }
            sent.wait()
            subscription.dispose()
            XCTAssertEqual(recorder.log, ["disposed"], "disposed on the main actor: onDisposed at once")
            // Let the queued drain run: it must deliver nothing.
            let drained = BooleanDisposable()
            DispatchQueue.main.async { drained.dispose() }
            runMainLoop(until: { drained.isDisposed }, timeout: 5)
            XCTAssertEqual(recorder.log, ["disposed"])
            XCTAssertEqual(recorder.disposals, 1)
        }
    }

    func testMainActorSubscriber_disposedFromAnotherThread_onDisposedRunsOnMain() {
        MainActor.assumeIsolated {
            let recorder = MainActorRecorder()
            let subscription = PublishSubject<Int>().subscribe(onDisposed: { recorder.disposed() })
            disposeOnAnotherThread(subscription)
            runMainLoop(until: { recorder.disposals == 1 }, timeout: 5)
            XCTAssertEqual(recorder.log, ["disposed"])
            XCTAssertEqual(recorder.offMain, [])
        }
    }

    func testMainActorCode_operatorClosuresRunWhereTheChainRuns_subscriberOnMain() {
        MainActor.assumeIsolated {
            let recorder = MainActorRecorder()
            let mapOnMain = Collector<Bool>()
            _ = Observable.from([1, 2])
                .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
                .map { value -> Int in
                    mapOnMain.append(Thread.isMainThread)
                    return value * 2
                }
                .filter { _ in true }
                .subscribe(onNext: { recorder.record("\($0)") }, onDisposed: { recorder.disposed() })
            runMainLoop(until: { recorder.disposals == 1 }, timeout: 5)
            XCTAssertEqual(mapOnMain.values, [false, false], "no hop and no trap for operator closures")
            XCTAssertEqual(recorder.log, ["2", "4", "disposed"])
            XCTAssertEqual(recorder.offMain, [])
        }
    }

    func testNonisolatedSubscriber_runsOnTheSendingThread() {
        let onMain = Collector<Bool>()
        let done = DispatchSemaphore(value: 0)
        let subscription = fromBackground([1, 2]).subscribe(onNext: { _ in onMain.append(Thread.isMainThread) }, onCompleted: { done.signal() })
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success, "delivered without the main queue running")
        XCTAssertEqual(onMain.values, [false, false])
        subscription.dispose()
    }

    /// Every closure-taking subscription of the library, written in `@MainActor` code, over
    /// sources that send on a background queue: each closure runs on the main thread.
    func testMainActorSubscriber_everySubscribingForm_runsOnMain() {
        MainActor.assumeIsolated {
            let recorder = MainActorRecorder()
            let owner = NSObject()
            let background = fromBackground([1])
            var subscriptions: [Disposable] = []
            subscriptions.append(background.subscribe { recorder.record("event \($0)") })
            subscriptions.append(background.subscribe(with: owner, onNext: { _, value in recorder.record("with \(value)") }, onCompleted: { _ in recorder.record("with completed") }))
            subscriptions.append(background.bind(onNext: { recorder.record("bind \($0)") }))
            subscriptions.append(background.bind(with: owner) { _, value in recorder.record("bind with \(value)") })
            subscriptions.append(background.asSingle().subscribe(onSuccess: { recorder.record("single \($0)") }))
            subscriptions.append(background.asSingle().subscribe { recorder.record("single event \($0)") })
            subscriptions.append(background.asSingle().subscribe(with: owner, onSuccess: { _, value in recorder.record("single with \(value)") }))
            subscriptions.append(background.asMaybe().subscribe(onSuccess: { recorder.record("maybe \($0)") }))
            subscriptions.append(background.asMaybe().subscribe { recorder.record("maybe event \($0)") })
            subscriptions.append(background.asMaybe().subscribe(with: owner, onSuccess: { _, value in recorder.record("maybe with \(value)") }))
            subscriptions.append(background.ignoreElements().asCompletable().subscribe(onCompleted: { recorder.record("completable") }))
            subscriptions.append(background.ignoreElements().asCompletable().subscribe { recorder.record("completable event \($0)") })
            subscriptions.append(background.ignoreElements().asCompletable().subscribe(with: owner, onCompleted: { _ in recorder.record("completable with") }))
            let infallible = background.asInfallible(onErrorJustReturn: 0)
            subscriptions.append(infallible.subscribe(onNext: { recorder.record("infallible \($0)") }))
            subscriptions.append(infallible.subscribe { recorder.record("infallible event \($0)") })
            subscriptions.append(infallible.subscribe(with: owner, onNext: { _, value in recorder.record("infallible with \(value)") }))
            subscriptions.append(infallible.bind(onNext: { recorder.record("infallible bind \($0)") }))
            let expected = ["event next(1)", "event completed", "with 1", "with completed", "bind 1", "bind with 1",
                            "single 1", "single event success(1)", "single with 1", "maybe 1", "maybe event success(1)", "maybe with 1",
                            "completable", "completable event completed", "completable with",
                            "infallible 1", "infallible event next(1)", "infallible event completed", "infallible with 1", "infallible bind 1"]
            runMainLoop(until: { recorder.log.count == expected.count }, timeout: 5)
            XCTAssertEqual(recorder.log.sorted(), expected.sorted())
            XCTAssertEqual(recorder.offMain, [])
            subscriptions.forEach { $0.dispose() }
        }
    }

    /// Driver and Signal deliver on the main thread even when their scheduler is replaced by
    /// one on the sending thread (`SharingScheduler.mock`): a main-actor closure still runs there.
    func testDriveAndEmit_mainActorClosures_runOnMainWhateverTheScheduler() {
        MainActor.assumeIsolated {
            let recorder = MainActorRecorder()
            SharingScheduler.mock(scheduler: ImmediateWorkScheduler()) {
                let driven = fromBackground([1]).asDriver(onErrorJustReturn: 0).drive(onNext: { recorder.record("drive \($0)") })
                let emitted = fromBackground([2]).asSignal(onErrorJustReturn: 0).emit(onNext: { recorder.record("emit \($0)") })
                runMainLoop(until: { recorder.log.count == 2 }, timeout: 5)
                driven.dispose()
                emitted.dispose()
            }
            XCTAssertEqual(recorder.log.sorted(), ["drive 1", "emit 2"])
            XCTAssertEqual(recorder.offMain, [])
        }
    }

    /// A binder's binding written in `@MainActor` code, given a scheduler that runs it on the
    /// sending thread, still runs on the main actor, in order.
    func testBinderWrittenOnTheMainActor_withASchedulerOffIt_bindsOnMain() {
        MainActor.assumeIsolated {
            let recorder = MainActorRecorder()
            let binder = Binder(recorder, scheduler: CurrentThreadScheduler.instance) { (recorder, value: Int) in recorder.record("\(value)") }
            let subscription = fromBackground(Array(1...20)).bind(to: binder)
            runMainLoop(until: { recorder.log.count == 20 }, timeout: 5)
            XCTAssertEqual(recorder.log, (1...20).map { "\($0)" })
            XCTAssertEqual(recorder.offMain, [])
            subscription.dispose()
            let onMain = Observable.just(0).bind(to: binder)
            XCTAssertEqual(recorder.log.last, "0", "already on the main actor: at once")
            onMain.dispose()
        }
    }

    func testActorSubscriber_eventsFromBackground_runOnTheActorInOrder() async {
        let model = CountingActor()
        let subject = PublishSubject<Int>()
        await model.subscribe(to: subject.asObservable())
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for value in 1...100 { subject.onNext(value) }
            subject.onCompleted()
            sent.signal()
        }
        sent.wait()
        var log: [String] = []
        for _ in 0..<5_000 {
            log = await model.log
            if log.last == "disposed" { break }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        XCTAssertEqual(log, (1...100).map { "\($0)" } + ["completed", "disposed"])
        let offActor = await model.offActor
        XCTAssertEqual(offActor, 0)
    }

    func testActorSubscriber_eventSentOnTheActor_deliveredInsideTheSend() async {
        let model = CountingActor()
        let delivered = await model.sendOnTheActor()
        XCTAssertEqual(delivered, ["1", "2"], "no hop when the event is already on the actor")
        await model.end()
    }
}

extension ObservableType {
    /// A user's helper that subscribes for its caller and drops the caller's isolation: its
    /// `subscribe` call is nonisolated, so the closure runs on the sending thread.
    fileprivate func eachElementLosingIsolation(_ body: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: body)
    }

    /// The same helper passing its caller's isolation on.
    fileprivate func eachElement(isolation: isolated (any Actor)? = #isolation, _ body: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: body, isolation: isolation)
    }
}

extension SubscriberIsolationTests {
    /// Both helpers called from `@MainActor` code, fed from a background thread: only the one
    /// that takes `isolation: isolated (any Actor)? = #isolation` and passes it on runs its
    /// closure on the main actor.
    func testOwnSubscribingHelper_keepsTheCallersIsolationOnlyIfItPassesItOn() {
        MainActor.assumeIsolated {
            let onMain = Collector<String>()
            let passing = fromBackground([1]).eachElement { _ in onMain.append("passing \(Thread.isMainThread)") }
            let losing = fromBackground([1]).eachElementLosingIsolation { _ in onMain.append("losing \(Thread.isMainThread)") }
            runMainLoop(until: { onMain.values.count == 2 }, timeout: 5)
            XCTAssertEqual(onMain.values.sorted(), ["losing false", "passing true"])
            passing.dispose()
            losing.dispose()
        }
    }
}

/// An actor whose subscription closures touch its state (correct Swift 6 code: they are
/// isolated to it).
actor CountingActor {
    var log: [String] = []
    var offActor = 0
    private let bag = DisposeBag()
    private var subscription: Disposable?

    func subscribe(to source: Observable<Int>) {
        source.subscribe(onNext: { value in
            self.check()
            self.log.append("\(value)")
        }, onCompleted: {
            self.check()
            self.log.append("completed")
        }, onDisposed: {
            self.check()
            self.log.append("disposed")
        }).disposed(by: bag)
    }

    func sendOnTheActor() -> [String] {
        let subject = PublishSubject<Int>()
        subscription = subject.subscribe(onNext: { self.log.append("\($0)") })
        subject.onNext(1)
        subject.onNext(2)
        return log
    }

    func end() {
        subscription?.dispose()
    }

    private func check() {
        // Unsynchronised access to `offActor` from another thread would also show up under TSan.
        if CurrentExecutor.runsOn(self) != true { offActor += 1 }
    }
}
