import Foundation
import Reactive
import ReactiveTest
import XCTest

/// RxCocoa's platform-independent layer: Driver, Signal, SharedSequence and their subscriptions,
/// in virtual time through `SharingScheduler.mock`.
final class SharedSequenceTests: ReactiveTestCase {
    func testAsDriver_errorReplaced_deliveredOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.first)])
            let res = scheduler.start { xs.asDriver(onErrorJustReturn: -1).asObservable() }
            // observe(on:) a virtual-time scheduler delivers one tick later.
            XCTAssertEqual(res.events, [.next(211, 1), .next(221, -1), .completed(221)])
        }
    }

    func testAsDriver_onErrorDriveWith_andOnErrorRecover() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(220, TestError.first)])
            XCTAssertEqual(scheduler.start { xs.asDriver(onErrorDriveWith: Driver.never()).asObservable() }.events, [])
            let ys = scheduler.createHotObservable([Recorded<Event<Int>>.error(1220, TestError.first)])
            let recovered = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
                ys.asDriver(onErrorRecover: { _ in Driver.just(9) }).asObservable()
            }
            XCTAssertEqual(recovered.events, [.next(1222, 9), .completed(1222)])
        }
    }

    func testDriver_sharesAndReplaysTheLatestElement_signalDoesNotReplay() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
            let driver = xs.asDriver(onErrorJustReturn: 0)
            let signal = xs.asSignal(onErrorJustReturn: 0)
            let first = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            let signalFirst = scheduler.createObserver(Int.self)
            let signalLate = scheduler.createObserver(Int.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) {
                subscriptions.append(driver.drive(first))
                subscriptions.append(signal.emit(to: signalFirst))
            }
            scheduler.scheduleAt(220) {
                subscriptions.append(driver.drive(late))
                subscriptions.append(signal.emit(to: signalLate))
            }
            scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
            scheduler.start()
            XCTAssertEqual(first.events, [.next(211, 1), .next(231, 2)])
            XCTAssertEqual(late.events, [.next(220, 1), .next(231, 2)], "a Driver replays its latest element")
            XCTAssertEqual(signalLate.events, [.next(231, 2)], "a Signal does not")
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 300), Subscription(200, 300)], "one subscription each, shared")
        }
    }

    func testDriveAndEmit_toRelaysClosuresAndObjects() {
        let relay = BehaviorRelay(value: 0)
        let optional = BehaviorRelay<Int?>(value: nil)
        let publish = PublishRelay<Int>()
        var published: [Int] = []
        let watching = publish.subscribe(onNext: { published.append($0) })
        let subject = PublishSubject<Int>()
        SharingScheduler.mock(scheduler: ImmediateWorkScheduler()) {
            let driver = subject.asDriver(onErrorJustReturn: 0)
            let signal = subject.asSignal(onErrorJustReturn: 0)
            final class Owner { var seen: [Int] = [] }
            let owner = Owner()
            var onNext: [Int] = []
            let subscriptions = [driver.drive(relay), driver.drive(optional), signal.emit(to: publish), driver.drive(onNext: { onNext.append($0) }), driver.drive(with: owner, onNext: { $0.seen.append($1) }), signal.emit(onNext: { onNext.append($0 * 10) })]
            subject.onNext(3)
            XCTAssertEqual(relay.value, 3)
            XCTAssertEqual(optional.value, 3)
            XCTAssertEqual(published, [3])
            XCTAssertEqual(onNext, [3, 30])
            XCTAssertEqual(owner.seen, [3])
            subscriptions.forEach { $0.dispose() }
        }
        watching.dispose()
    }

    func testCreationAndCombiningForms() {
        SharingScheduler.mock(scheduler: ImmediateWorkScheduler()) {
            XCTAssertEqual(Driver.just(1).asObservable().toEvents(), [.next(1), .completed])
            XCTAssertEqual(Driver.of(1, 2).asObservable().toEvents(), [.next(1), .next(2), .completed])
            XCTAssertEqual(Driver.from([3]).asObservable().toEvents(), [.next(3), .completed])
            XCTAssertEqual(Driver<Int>.empty().asObservable().toEvents(), [.completed])
            XCTAssertEqual(Driver.deferred { Driver.just(4) }.asObservable().toEvents(), [.next(4), .completed])
            XCTAssertEqual(Driver.merge(Driver.just(1), Driver.just(2)).asObservable().toEvents(), [.next(1), .next(2), .completed])
            XCTAssertEqual(Driver.combineLatest(Driver.just(1), Driver.just(2)) { $0 + $1 }.asObservable().toEvents(), [.next(3), .completed])
            XCTAssertEqual(Driver.zip(Driver.just(1), Driver.just(2)).map { $0 * $1 }.asObservable().toEvents(), [.next(2), .completed])
            XCTAssertEqual(Driver.just(2).map { $0 + 1 }.filter { $0 > 0 }.distinctUntilChanged().asObservable().toEvents(), [.next(3), .completed])
            XCTAssertEqual(Signal.just(5).flatMapLatest { Signal.just($0 * 2) }.asObservable().toEvents(), [.next(10), .completed])
            XCTAssertEqual(Driver.combineLatest([Driver.just(1), .just(2)]).asObservable().toEvents(), [.next([1, 2]), .completed])
        }
    }

    func testAsSharedSequence_ofAnyStrategy() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.first)])
            let signal: Signal<Int> = xs.asSharedSequence(onErrorJustReturn: -1)
            XCTAssertEqual(scheduler.start { signal.asObservable() }.events, [.next(211, 1), .next(221, -1), .completed(221)])
            let ys = scheduler.createHotObservable([Recorded<Event<Int>>.error(1220, TestError.first)])
            let driver = ys.asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorDriveWith: Driver.just(5))
            XCTAssertEqual(scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { driver.asObservable() }.events, [.next(1222, 5), .completed(1222)])
            let zs = scheduler.createHotObservable([Recorded<Event<Int>>.error(2220, TestError.first)])
            let recovered: Signal<Int> = zs.asSharedSequence(onErrorRecover: { _ in Signal.just(6) })
            XCTAssertEqual(scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) { recovered.asObservable() }.events, [.next(2222, 6), .completed(2222)])
        }
    }

    func testInfallibleBind_andToDriverAndSignal() {
        let relay = BehaviorRelay(value: 0)
        let binding = Infallible.just(7).bind(to: relay)
        XCTAssertEqual(relay.value, 7)
        binding.dispose()
        var seen: [Int] = []
        _ = Infallible.of(1, 2).bind(onNext: { seen.append($0) })
        XCTAssertEqual(seen, [1, 2])
        SharingScheduler.mock(scheduler: ImmediateWorkScheduler()) {
            XCTAssertEqual(Infallible.just(1).asDriver().asObservable().toEvents(), [.next(1), .completed])
            XCTAssertEqual(Infallible.just(1).asSignal().asObservable().toEvents(), [.next(1), .completed])
        }
    }

    func testNotificationCenter_rxNotification_deliversPostedNotificationsUntilDisposed() {
        let center = NotificationCenter()
        let name = Notification.Name("SharedSequenceTests.ping")
        var received: [String] = []
        let subscription = center.rx.notification(name).subscribe(onNext: { received.append($0.name.rawValue) })
        center.post(name: name, object: nil)
        center.post(name: Notification.Name("other"), object: nil)
        subscription.dispose()
        center.post(name: name, object: nil)
        XCTAssertEqual(received, [name.rawValue])
    }
}
