import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

/// RxCocoa's `ControlProperty` and `ControlEvent`, over a stand-in for a user interface element.
final class ControlPropertyTests: ReactiveTestCase {
    /// A text field: its text, and what the user types (`typed`), which the field reports.
    private final class TextField {
        let text = BehaviorRelay<String?>(value: "a")
        let edits = PublishSubject<Void>()

        var property: ControlProperty<String?> {
            ControlProperty(values: text.asObservable(), valueSink: Binder(self, scheduler: ImmediateScheduler.instance) { field, value in field.text.accept(value) })
        }

        var editingEnded: ControlEvent<Void> { ControlEvent(events: edits) }
    }

    func testControlProperty_sendsTheCurrentValueThenChanges_andSetsTheValue() {
        let field = TextField()
        var received: [String?] = []
        let subscription = field.property.subscribe(onNext: { received.append($0) })
        field.text.accept("b")
        field.property.onNext("c")
        XCTAssertEqual(field.text.value, "c")
        XCTAssertEqual(received, ["a", "b", "c"])
        subscription.dispose()
    }

    func testControlProperty_changed_leavesOutTheCurrentValue() {
        let field = TextField()
        var received: [String?] = []
        let subscription = field.property.changed.subscribe(onNext: { received.append($0) })
        field.text.accept("b")
        XCTAssertEqual(received, ["b"])
        subscription.dispose()
    }

    func testControlProperty_orEmpty_readsNilAsTheEmptyString_andSetsThrough() {
        let field = TextField()
        var received: [String] = []
        let text = field.property.orEmpty
        let subscription = text.subscribe(onNext: { received.append($0) })
        field.text.accept(nil)
        text.onNext("typed")
        XCTAssertEqual(received, ["a", "", "typed"])
        XCTAssertEqual(field.text.value, "typed")
        subscription.dispose()
    }

    func testControlProperty_isABindingTarget_andCompletionGoesToTheSink() {
        let field = TextField()
        let source = PublishSubject<String?>()
        let subscription = source.bind(to: field.property)
        source.onNext("bound")
        XCTAssertEqual(field.text.value, "bound")
        var sinkEvents: [Event<Int>] = []
        let property = ControlProperty(values: Observable<Int>.never(), valueSink: AnyObserver<Int> { sinkEvents.append($0) })
        property.onNext(1)
        property.onCompleted()
        XCTAssertEqual(sinkEvents, [.next(1), .completed])
        subscription.dispose()
    }

    func testControlProperty_asDriver_andAsControlProperty() {
        let field = TextField()
        var received: [String?] = []
        let subscription = field.property.asControlProperty().asDriver().drive(onNext: { received.append($0) })
        field.text.accept("b")
        XCTAssertEqual(received, ["a", "b"])
        subscription.dispose()
    }

    func testControlEvent_sendsNoValueAtSubscription_thenEachEvent_asSignalDriverAndInfallible() {
        let field = TextField()
        var count = 0
        var signalled = 0
        var driven = 0
        var infallible = 0
        let bag = DisposeBag()
        field.editingEnded.subscribe(onNext: { count += 1 }).disposed(by: bag)
        field.editingEnded.asSignal().emit(onNext: { signalled += 1 }).disposed(by: bag)
        field.editingEnded.asDriver().drive(onNext: { driven += 1 }).disposed(by: bag)
        field.editingEnded.asControlEvent().asInfallible().subscribe(onNext: { infallible += 1 }).disposed(by: bag)
        XCTAssertEqual([count, signalled, driven, infallible], [0, 0, 0, 0])
        field.edits.onNext(())
        field.edits.onNext(())
        XCTAssertEqual([count, signalled, driven, infallible], [2, 2, 2, 2])
    }

    func testControlEvent_subscribedFromAnotherThread_subscribesItsEventsOnTheMainThread() {
        let subscribedOnMain = Flag()
        let subscribed = Flag()
        let events = Observable<Int>.create { _ in
            if Thread.isMainThread { subscribedOnMain.set() }
            subscribed.set()
            return Disposables.create()
        }
        let event = Unchecked(ControlEvent(events: events))
        let subscription = LockedBox<Disposable?>(nil)
        DispatchQueue.global().async {
            let made = event.value.subscribe(onNext: { _ in })
            subscription.mutate { $0 = made }
        }
        runMainLoop(until: { subscribed.isSet }, timeout: 10)
        XCTAssertTrue(subscribedOnMain.isSet)
        waitUntil(timeout: 10) { subscription.value != nil }
        subscription.value?.dispose()
        runMainLoop(until: { false }, timeout: 0.05)
    }

    #if !DEBUG
    // Debug builds stop at an assertion there; release builds report the error and end.
    func testControlTraits_errorBreakingThePromise_isReportedAndEndsTheDriverOrSignal() {
        var events: [Event<Int>] = []
        let written = captureStandardError {
            SharingScheduler.mock(scheduler: ImmediateWorkScheduler()) {
                let failing = Observable<Int>.concat(.just(1), .error(TestError.first))
                _ = ControlEvent(events: failing).asDriver().asObservable().subscribe { events.append($0) }
                _ = ControlEvent(events: failing).asSignal().asObservable().subscribe { events.append($0) }
                _ = ControlProperty(values: failing, valueSink: AnyObserver<Int> { _ in }).asDriver().asObservable().subscribe { events.append($0) }
            }
        }
        XCTAssertEqual(events, [.next(1), .completed, .next(1), .completed, .next(1), .completed])
        let lines = written.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, written)
        XCTAssertTrue(lines[0].contains("A ControlEvent's driver received an error"), written)
        XCTAssertTrue(lines[1].contains("A ControlEvent's signal received an error"), written)
        XCTAssertTrue(lines[2].contains("A ControlProperty's driver received an error"), written)
    }
    #endif
}
