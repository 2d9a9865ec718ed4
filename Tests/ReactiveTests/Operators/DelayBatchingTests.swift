import Dispatch
import Foundation
import Reactive
import TestSupport
import XCTest

/// `delay` on a dispatch queue: one step delivers, in order, every waiting event whose time
/// has come when the step starts (RxSwift schedules a step per event).
final class DelayBatchingTests: ReactiveTestCase {
    func testSerialQueue_eventsDueWhenTheStepStarts_areDeliveredInIt_aheadOfWorkQueuedMeanwhile() {
        let queue = DispatchQueue(label: "delay-batching")
        let subject = PublishSubject<Int>()
        let log = Collector<String>()
        let subscription = subject.delay(.nanoseconds(0), scheduler: SerialDispatchQueueScheduler(serialQueue: queue))
            .subscribe(onNext: { value in
                log.append("\(value)")
                if value == 1 { queue.async { log.append("other work") } }
            })
        // Sent from the queue: all three wait, and are due, before the first step can start.
        onQueue(queue) {
            for value in 1...3 { subject.onNext(value) }
        }
        waitUntil(timeout: 10) { log.values.count == 4 }
        // RxSwift schedules the next step after delivering 1, behind the other work: 1, other work, 2, 3.
        XCTAssertEqual(log.values, ["1", "2", "3", "other work"])
        subscription.dispose()
    }

    /// 2 is sent 250 ms after 1, so it is due 250 ms after 1's step is. A step that starts 250 ms
    /// late (a loaded machine) finds both due and rightly delivers both: then the check says
    /// nothing, and the scenario runs again, up to five times, until a step started in time.
    func testSerialQueue_anEventNotYetDue_waitsForAStepOfItsOwn() {
        for _ in 0..<5 {
            let queue = DispatchQueue(label: "delay-batching")
            let subject = PublishSubject<Int>()
            let log = Collector<String>()
            let oneDelivered = Collector<DispatchTime>()
            let subscription = subject.delay(.milliseconds(500), scheduler: SerialDispatchQueueScheduler(serialQueue: queue))
                .subscribe(onNext: { value in
                    log.append("\(value)")
                    if value == 1 {
                        oneDelivered.append(.now())
                        queue.async { log.append("other work") }
                    }
                })
            subject.onNext(1)
            Thread.sleep(forTimeInterval: 0.25)
            let twoDue = DispatchTime.now() + .milliseconds(500)
            subject.onNext(2)
            waitUntil(timeout: 10) { log.values.count == 3 }
            subscription.dispose()
            guard let delivered = oneDelivered.values.first, delivered < twoDue else { continue }
            XCTAssertEqual(log.values, ["1", "other work", "2"])
            return
        }
        XCTFail("in five runs, 1's step never started before 2 was due: the machine is too loaded to check this")
    }

    /// Each element arrives no sooner than its due time after it was sent, measured here on
    /// `DispatchTime` (the delay reads the monotonic clock itself: a wrong unit or clock would
    /// deliver early), and, on an idle machine, not much later.
    func testSerialQueue_eachElementWaitsItsDueTime() {
        let queue = DispatchQueue(label: "delay-batching")
        let subject = PublishSubject<Int>()
        let sentAt = LockedBox<[Int: DispatchTime]>([:])
        let waits = Collector<Double>()
        let subscription = subject.delay(.milliseconds(40), scheduler: SerialDispatchQueueScheduler(serialQueue: queue))
            .subscribe(onNext: { value in
                let sent = sentAt.value[value] ?? .now()
                waits.append(Double(DispatchTime.now().uptimeNanoseconds - sent.uptimeNanoseconds) / 1_000_000)
            })
        for value in 0..<6 {
            sentAt.mutate { $0[value] = .now() }
            subject.onNext(value)
            Thread.sleep(forTimeInterval: 0.015)
        }
        waitUntil(timeout: 10) { waits.values.count == 6 }
        subscription.dispose()
        XCTAssertEqual(waits.values.count, 6)
        for wait in waits.values {
            XCTAssertGreaterThanOrEqual(wait, 39.9, "an element waited \(wait) ms of its 40")
            XCTAssertLessThan(wait, 5_000, "an element waited \(wait) ms of its 40")
        }
    }

    func testSerialQueue_disposedByAnElementOfTheStep_deliversNothingMore() {
        let queue = DispatchQueue(label: "delay-batching")
        let subject = PublishSubject<Int>()
        let received = Collector<Int>()
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(subject.delay(.nanoseconds(0), scheduler: SerialDispatchQueueScheduler(serialQueue: queue)).subscribe(onNext: { value in
            received.append(value)
            if value == 2 { subscription.dispose() }
        }))
        onQueue(queue) {
            for value in 1...5 { subject.onNext(value) }
        }
        waitUntil(timeout: 10) { received.values.count >= 2 }
        // Anything more would come in the same block, or soon after it.
        Thread.sleep(forTimeInterval: 0.05)
        flush(queue)
        XCTAssertEqual(received.values, [1, 2])
    }

    func testSerialQueue_completionWaitingBehindElements_endsTheStep() {
        let queue = DispatchQueue(label: "delay-batching")
        let subject = PublishSubject<Int>()
        let events = Collector<Event<Int>>()
        let subscription = subject.delay(.nanoseconds(0), scheduler: SerialDispatchQueueScheduler(serialQueue: queue)).subscribe { events.append($0) }
        onQueue(queue) {
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
        }
        waitUntil(timeout: 10) { events.values.count == 3 }
        XCTAssertEqual(events.values, [.next(1), .next(2), .completed])
        subscription.dispose()
    }

    /// An error sent while the step delivers a run of due elements (from the observer itself,
    /// or from another thread while the observer waits for it) arrives right after the element
    /// being delivered, and nothing of the run after it; so does a re-entrant element, which
    /// starts a run of its own.
    func testSerialQueue_errorOrElementSentWhileTheStepDelivers_arrivesInOrder() {
        enum Sender { case observer, otherThread }
        for sender in [Sender.observer, .otherThread] {
            let queue = DispatchQueue(label: "delay-batching")
            let subject = PublishSubject<Int>()
            let events = Collector<Event<Int>>()
            let subscription = subject.delay(.nanoseconds(0), scheduler: SerialDispatchQueueScheduler(serialQueue: queue)).subscribe { event in
                events.append(event)
                guard case .next(2) = event else { return }
                switch sender {
                case .observer:
                    subject.onError(TestError.first)
                case .otherThread:
                    let sent = DispatchSemaphore(value: 0)
                    Thread {
                        subject.onError(TestError.first)
                        sent.signal()
                    }.start()
                    sent.wait()
                }
            }
            onQueue(queue) {
                for value in 1...5 { subject.onNext(value) }
            }
            waitUntil(timeout: 10) { events.values.count >= 3 }
            Thread.sleep(forTimeInterval: 0.05)
            flush(queue)
            XCTAssertEqual(events.values, [.next(1), .next(2), .error(TestError.first)], "\(sender)")
            subscription.dispose()
        }

        let queue = DispatchQueue(label: "delay-batching")
        let subject = PublishSubject<Int>()
        let received = Collector<Int>()
        let subscription = subject.delay(.nanoseconds(0), scheduler: SerialDispatchQueueScheduler(serialQueue: queue)).subscribe(onNext: { value in
            received.append(value)
            if value == 2 { subject.onNext(20) }
        })
        onQueue(queue) {
            for value in 1...3 { subject.onNext(value) }
        }
        waitUntil(timeout: 10) { received.values.count == 4 }
        // 20 is due after the step began: it waits for a step of its own, after 3.
        XCTAssertEqual(received.values, [1, 2, 3, 20])
        subscription.dispose()
    }

    /// A step waiting for a later time holds the sink and its waiting events: disposing cancels
    /// it, so they are released at once, not when it would have fired (30 s later), on either
    /// kind of dispatch queue.
    func testDispatchQueue_disposedWhileAStepWaitsForALaterTime_releasesTheWaitingEventsAtOnce() {
        let schedulers: [SchedulerType] = [
            SerialDispatchQueueScheduler(serialQueue: DispatchQueue(label: "delay-later")),
            ConcurrentDispatchQueueScheduler(queue: DispatchQueue(label: "delay-later-concurrent", attributes: .concurrent)),
        ]
        for scheduler in schedulers {
            let live = Counter()
            let subject = PublishSubject<LiveValue>()
            let received = Collector<Int>()
            let subscription = subject.delay(.seconds(30), scheduler: scheduler).subscribe(onNext: { received.append($0.id) })
            subject.onNext(LiveValue(1, live: live))
            subject.onNext(LiveValue(2, live: live))
            XCTAssertEqual(live.value, 2, "the events wait in the sink")
            subscription.dispose()
            waitUntil(timeout: 5) { live.value == 0 }
            XCTAssertEqual(live.value, 0, "\(type(of: scheduler)): released with the cancelled step")
            XCTAssertEqual(received.values, [])
        }
    }

    /// On a concurrent queue, through many runs whose steps wait for later times (the sink's one
    /// timer, armed by each step for the next, and by a new run while the last step of the run
    /// before may still deliver): every event arrives once, in order, one at a time, and the
    /// subscription ends with nothing left.
    func testConcurrentQueue_stepsForLaterTimesChainedThroughManyRuns_deliverEveryEventOnceInOrder() {
        let scheduler = ConcurrentDispatchQueueScheduler(queue: DispatchQueue(label: "delay-chain", attributes: .concurrent))
        let subject = PublishSubject<Int>()
        let received = Collector<Int>()
        let checker = ContractChecker()
        let subscription = subject.delay(.microseconds(300), scheduler: scheduler).subscribe(onNext: { value in
            checker.enter()
            received.append(value)
            checker.leave()
        })
        for value in 0..<400 {
            subject.onNext(value)
            if value % 3 == 0 { spinWait(nanoseconds: 150_000) }
        }
        waitUntil(timeout: 20) { received.values.count == 400 }
        subscription.dispose()
        XCTAssertEqual(received.values, Array(0..<400))
        XCTAssertEqual(checker.overlaps, 0)
    }

    func testSeveralSendingThreads_andADisposeFromAnotherThread() {
        assertSeveralSendersAndADisposeFromAnotherThread { $0.delay(.nanoseconds(0), scheduler: $1) }
    }

    /// As above with steps due later: the sink's timer, armed by senders starting runs and by
    /// steps, while another thread disposes (which cancels it).
    func testSeveralSendingThreads_stepsDueLater_andADisposeFromAnotherThread() {
        assertSeveralSendersAndADisposeFromAnotherThread { $0.delay(.microseconds(100), scheduler: $1) }
    }
}
