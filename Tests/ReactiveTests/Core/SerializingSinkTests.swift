import Foundation
import Synchronization
import Reactive
import ReactiveTest
import TestSupport
import XCTest

/// The serializing sinks behind every multi-source operator, under senders on several threads.
final class SerializingSinkTests: ReactiveTestCase {
    /// Checks that deliveries to one observer never overlap, and counts them.
    /// Runs `body` on a thread of its own until `stop` is set; returns a function that waits
    /// for it to finish.
    private func startThread(_ body: @escaping @Sendable () -> Void) -> () -> Void {
        let finished = DispatchSemaphore(value: 0)
        Thread {
            body()
            finished.signal()
        }.start()
        return { finished.wait() }
    }

    func testMerge_aSendReturnsAfterItsOwnDelivery_whileAnotherThreadFloods() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let checker = ContractChecker()
        let subscription = Observable.merge(a.asObservable(), b.asObservable()).subscribe(onNext: { value in
            checker.enter()
            // The element of `b` takes a while: the flooding thread sends meanwhile. Each element
            // takes the subscriber a few microseconds: the producer outruns it.
            if value < 0 {
                Thread.sleep(forTimeInterval: 0.002)
            } else {
                spinWait(nanoseconds: 3_000)
            }
            checker.leave()
        })
        let stop = Counter()
        let flooder = Unchecked(a)
        let join = startThread {
            var value = 0
            let deadline = Date().addingTimeInterval(0.6)
            while stop.value == 0 && Date() < deadline {
                flooder.value.onNext(value)
                value += 1
            }
        }
        Thread.sleep(forTimeInterval: 0.02)
        var longest = 0.0
        for _ in 0..<20 {
            let start = Date()
            b.onNext(-1)
            longest = max(longest, Date().timeIntervalSince(start))
        }
        stop.increment()
        join()
        // Each send delivers its own element (2 ms) and at most waits for one delivery of the
        // flood's; before, the sender could be left draining the flood until it stopped (0.6 s).
        XCTAssertLessThan(longest, 0.2, "a send was held by another thread's production")
        XCTAssertEqual(checker.overlaps, 0, "deliveries overlapped")
        subscription.dispose()
    }

    func testCombiningOperators_manySendersOnManyThreads_deliverEveryEventOnceWithoutOverlap() {
        for operation in 0..<3 {
            let subjects = (0..<4).map { _ in PublishSubject<Int>() }
            let checker = ContractChecker()
            let sources = subjects.map { $0.asObservable() }
            let combined: Observable<Int>
            switch operation {
            case 0: combined = Observable.merge(sources)
            case 1: combined = Observable.combineLatest(sources) { $0.reduce(0, +) }
            default: combined = Observable.zip(sources) { $0.reduce(0, +) }
            }
            let subscription = combined.subscribe(onNext: { _ in
                checker.enter()
                checker.leave()
            })
            let shared = Unchecked(subjects)
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                for value in 0..<5_000 { shared.value[index].onNext(value) }
            }
            XCTAssertEqual(checker.overlaps, 0, "operator \(operation): deliveries overlapped")
            switch operation {
            case 0: XCTAssertEqual(checker.delivered, 20_000, "merge delivers every element")
            case 2: XCTAssertEqual(checker.delivered, 5_000, "zip delivers every row")
            default: XCTAssertGreaterThanOrEqual(checker.delivered, 5_000)
            }
            subscription.dispose()
        }
    }

    /// `delay` lets a sender on another thread queue its event for the emitter instead of
    /// waiting: the source's error, sent while the scheduler's thread delivers an element, is
    /// queued as that delivery ends. The emitter ends an emission without the lock when nothing
    /// was queued; a queued event must never be left behind by it (the error would never
    /// arrive), nor be delivered twice or after the end.
    func testDelay_errorQueuedWhileTheEmitterFinishes_isDeliveredOnceAndLast() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        for round in 0..<300 {
            let subject = PublishSubject<Int>()
            let checker = ContractChecker()
            let errors = Counter()
            let afterError = Counter()
            let ended = DispatchSemaphore(value: 0)
            let subscription = subject.delay(.nanoseconds(0), scheduler: scheduler).subscribe(onNext: { _ in
                checker.enter()
                if errors.value > 0 { afterError.increment() }
                // A delivery long enough for the error to arrive during it, in some rounds.
                spinWait(nanoseconds: UInt64(round % 7) * 1_000)
                checker.leave()
            }, onError: { _ in
                errors.increment()
                ended.signal()
            })
            for value in 0..<(round % 5 + 1) { subject.onNext(value) }
            spinWait(nanoseconds: UInt64(round % 11) * 500)
            subject.onError(TestError.first)
            guard ended.wait(timeout: .now() + 5) == .success else {
                XCTFail("round \(round): the error was never delivered")
                subscription.dispose()
                return
            }
            Thread.sleep(forTimeInterval: 0.000_2)
            XCTAssertEqual(errors.value, 1, "round \(round)")
            XCTAssertEqual(afterError.value, 0, "round \(round): an element after the error")
            XCTAssertEqual(checker.overlaps, 0, "round \(round): deliveries overlapped")
            subscription.dispose()
        }
    }

    func testReentrantSendWhileOtherThreadsWait_neverDeadlocks() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let c = PublishSubject<Int>()  // sent to only from inside deliveries, which never overlap
        let received = Counter()
        let reentrant = Unchecked(c)
        let subscription = Observable.merge(a.asObservable(), b.asObservable(), c.asObservable()).subscribe(onNext: { value in
            received.increment()
            // Sends back into the operator from inside its delivery: queued, never waited for.
            if value % 100 == 1 { reentrant.value.onNext(value + 1) }
        })
        let shared = Unchecked((a, b))
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            for value in 0..<2_000 {
                let payload = value * 100 + 1
                if index == 0 { shared.value.0.onNext(payload) } else { shared.value.1.onNext(payload) }
            }
        }
        XCTAssertEqual(received.value, 8_000)
        subscription.dispose()
    }
}

/// What the library promises after `dispose()` returns on one thread while another delivers:
/// no event sent after `dispose()` returned reaches the observer, and of the events sent before,
/// at most one (the delivery already in flight; deliveries to an observer never overlap) may
/// still reach it.
final class DisposeGuaranteeTests: ReactiveTestCase {
    private final class Round: @unchecked Sendable {
        private let lock = NSLock()
        private var disposedAt: Int?
        private var lateValues: [Int] = []
        var late: [Int] { lock.withLock { lateValues } }

        func delivered(_ value: Int) {
            lock.withLock { if disposedAt != nil { lateValues.append(value) } }
        }

        func disposed(lastSent: Int) { lock.withLock { disposedAt = lastSent } }
        var lastSentAtDispose: Int { lock.withLock { disposedAt ?? .max } }
    }

    /// The sender's progress: the value whose `onNext` began last, and when to stop.
    private final class SenderProgress: Sendable {
        let started = Atomic<Int>(-1)
        let stop = Atomic<Bool>(false)
    }

    private func assertDisposeGuarantee(_ name: String, _ operation: (Observable<Int>) -> Observable<Int>, rounds: Int = 300) {
        let subject = PublishSubject<Int>()
        let observable = operation(subject.asObservable())
        let progress = SenderProgress()
        let sending = DispatchSemaphore(value: 0)
        let sender = Unchecked(subject)
        Thread {
            var value = 0
            while !progress.stop.load(ordering: .acquiring) {
                progress.started.store(value, ordering: .releasing)
                sender.value.onNext(value)
                value += 1
            }
            sending.signal()
        }.start()
        var lateTotal = 0
        var worst = 0
        var afterDispose = 0
        for round in 0..<rounds {
            let state = Round()
            let subscription = observable.subscribe(onNext: { state.delivered($0) })
            if round % 3 != 0 { Thread.sleep(forTimeInterval: 0.000_02) }
            subscription.dispose()
            state.disposed(lastSent: progress.started.load(ordering: .acquiring))
            Thread.sleep(forTimeInterval: 0.000_05)
            let late = state.late
            lateTotal += late.count
            worst = max(worst, late.count)
            afterDispose += late.filter { $0 > state.lastSentAtDispose }.count
        }
        progress.stop.store(true, ordering: .releasing)
        sending.wait()
        XCTAssertEqual(afterDispose, 0, "\(name): an event sent after dispose() returned was delivered")
        XCTAssertLessThanOrEqual(worst, 1, "\(name): more than the delivery in flight arrived after dispose() returned")
        // For the record: how often the in-flight delivery arrived after dispose() returned.
        print("\(name): \(lateTotal) in-flight deliveries after dispose() returned in \(rounds) rounds, at most \(worst) per round")
    }

    func testDispose_subject_share_replay_observeOn_atMostTheDeliveryInFlightArrivesAfterward() {
        assertDisposeGuarantee("PublishSubject") { $0 }
        assertDisposeGuarantee("share") { $0.share() }
        assertDisposeGuarantee("share(replay: 1)") { $0.share(replay: 1) }
        let queue = SerialDispatchQueueScheduler(qos: .userInitiated)
        assertDisposeGuarantee("observe(on:)") { $0.observe(on: queue) }
    }

    func testDispose_map_filter_andTheirFusedPair_atMostTheDeliveryInFlightArrivesAfterward() {
        assertDisposeGuarantee("map") { $0.map { $0 } }
        assertDisposeGuarantee("filter") { $0.filter { _ in true } }
        assertDisposeGuarantee("map.filter") { $0.map { $0 }.filter { _ in true } }
    }

    func testDispose_combineLatestWithOneSourceLeft_atMostTheDeliveryInFlightArrivesAfterward() {
        // The other source has completed: the sender's elements take the lock-free path.
        assertDisposeGuarantee("combineLatest, one source left") { Observable.combineLatest($0, Observable.just(0)) { value, _ in value } }
    }
}
