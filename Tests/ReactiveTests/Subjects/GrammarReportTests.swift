import Dispatch
import Foundation
import Reactive
import TestSupport
import XCTest

/// What the debug builds' grammar check reports for producers the library does not control:
/// events from two threads at once are reported (the default handler traps), but an event that
/// comes after the terminal event, from whichever thread and however it overlaps that event's
/// delivery, is dropped and not reported (RxSwift's own observe(on:) test sends `completed`
/// into one subject from two threads at once).
final class GrammarReportTests: ReactiveTestCase {
    private struct Producer {
        let name: String
        let make: () -> (send: (Event<Int>) -> Void, observable: Observable<Int>)
    }

    private let producers: [Producer] = [
        Producer(name: "PublishSubject") { let s = PublishSubject<Int>(); return (s.on, s.asObservable()) },
        Producer(name: "BehaviorSubject") { let s = BehaviorSubject(value: 0); return (s.on, s.skip(1)) },
        Producer(name: "ReplaySubject") { let s = ReplaySubject<Int>.create(bufferSize: 1); return (s.on, s.asObservable()) },
        Producer(name: "AsyncSubject") { let s = AsyncSubject<Int>(); return (s.on, s.asObservable()) },
    ]

    /// Collects the reports made while `body` runs.
    private func reports(_ body: () -> Void) -> [GrammarViolation] {
        let reports = Collector<GrammarViolation>()
        let previous = Hooks.grammarViolationHandler
        Hooks.grammarViolationHandler = { reports.append($0) }
        defer { Hooks.grammarViolationHandler = previous }
        body()
        return reports.values
    }

    func testSubjects_eventsFromAnotherThreadWhileTheTerminalEventIsDelivered_areDroppedAndNotReported() {
        for producer in producers {
            let (send, observable) = producer.make()
            let events = Collector<Event<Int>>()
            let delivering = DispatchSemaphore(value: 0)
            let proceed = DispatchSemaphore(value: 0)
            let subscription = observable.subscribe { event in
                events.append(event)
                if event.isStopEvent {
                    delivering.signal()
                    proceed.wait()
                }
            }
            let sender = Unchecked(send)
            let found = reports {
                send(.next(1))
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    sender.value(.completed)
                    done.signal()
                }
                delivering.wait()
                // The other thread is inside the completion's delivery.
                send(.next(2))
                send(.completed)
                proceed.signal()
                done.wait()
            }
            XCTAssertEqual(found.map(\.kind), [], producer.name)
            XCTAssertEqual(events.values, [.next(1), .completed], producer.name)
            subscription.dispose()
        }
    }

    func testSubjects_elementsFromTwoThreadsAtOnce_areReported() {
        for producer in producers where producer.name != "AsyncSubject" {
            let (send, observable) = producer.make()
            let delivering = DispatchSemaphore(value: 0)
            let proceed = DispatchSemaphore(value: 0)
            let subscription = observable.subscribe(onNext: { value in
                if value == 1 {
                    delivering.signal()
                    proceed.wait()
                }
            })
            let sender = Unchecked(send)
            let found = reports {
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    sender.value(.next(1))
                    done.signal()
                }
                delivering.wait()
                send(.next(2))
                proceed.signal()
                done.wait()
            }
            #if DEBUG
            XCTAssertEqual(found.map(\.kind), [.concurrentDelivery], producer.name)
            XCTAssertEqual(found.first?.operatorName, producer.name)
            #else
            XCTAssertEqual(found.count, 0, producer.name)
            #endif
            subscription.dispose()
        }
    }

    func testCreate_eventFromAnotherThreadWhileTheTerminalEventIsDelivered_isDroppedAndNotReported() {
        let delivering = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let events = Collector<Event<Int>>()
        var captured: AnyObserver<Int>?
        let subscription = Observable<Int>.create { observer in
            captured = observer
            return Disposables.create()
        }.subscribe { event in
            events.append(event)
            if event.isStopEvent {
                delivering.signal()
                proceed.wait()
            }
        }
        guard let observer = captured.map(Unchecked.init) else { return XCTFail("create's handler ran") }
        let found = reports {
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                observer.value.onCompleted()
                done.signal()
            }
            delivering.wait()
            observer.value.onNext(2)
            proceed.signal()
            done.wait()
        }
        XCTAssertEqual(found.map(\.kind), [])
        XCTAssertEqual(events.values, [.completed])
        subscription.dispose()
    }
}
