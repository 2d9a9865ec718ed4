import Dispatch
import Foundation
import Reactive
import ReactiveKVO
import ReactiveTest
import TestSupport
import XCTest

// RxCocoa's `rx.deallocated` scenarios (its NSObject+RxTests), on `KeyValueObservable` classes,
// including one with no `@Observed` property (RxCocoa's work on any `NSObject`), and what the
// engine builds on the same signal.
//
// Left out: `rx.deallocating`, which RxCocoa gets by swizzling `dealloc` to run code before
// the object is torn down; Swift has no such hook (a class's deinit is its own), so there is no
// `deallocating` here. Its one use inside RxCocoa, ending `observeWeakly` before
// `rx.deallocated` fires, is kept: see `testDeallocated_comesAfterTheEndOfObserveWeakly`.

/// An adopter with nothing observable but its deallocation (RxCocoa's bare `NSObject()`).
private final class Bare: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
}

/// An adopter whose only observable key is a computed one.
private final class Titled: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    var title: String { "titled" }
    static var computedKeys: [String: PartialKeyPath<Titled>] { ["title": \Titled.title] }
}

/// Its only observable property is weak: a computed key that notifies manually.
private final class WeakHolder: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    weak var property: AnyObject? {
        willSet { willChangeValue(forKey: "property") }
        didSet { didChangeValue(forKey: "property") }
    }

    static var computedKeys: [String: PartialKeyPath<WeakHolder>] { ["property": \WeakHolder.property] }
}

/// Holds its registrar in an `@Observed` class too: deallocation is reported once.
private final class Both: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var value = 0
}

final class DeallocatedScenarioTests: KVOTestCase {
    func testDeallocated_firesWhenTheObjectIsReleased() {
        var object: Bare? = Bare()
        var fired = false
        _ = object!.rx.deallocated.map { 1 }.subscribe(onNext: { _ in fired = true })
        XCTAssertFalse(fired)
        object = Bare()
        XCTAssertTrue(fired)
    }

    func testDeallocated_completesWhenTheObjectIsReleased() {
        var object: Bare? = Bare()
        var events: [Event<Int>] = []
        _ = object!.rx.deallocated.map { 1 }.subscribe { events.append($0) }
        XCTAssertEqual(events, [])
        object = Bare()
        XCTAssertEqual(events, [.next(1), .completed])
    }

    func testDeallocated_disposedBefore_firesNothing() {
        var object: Bare? = Bare()
        var fired = false
        object!.rx.deallocated.map { 1 }.subscribe(onNext: { _ in fired = true }).dispose()
        object = Bare()
        XCTAssertFalse(fired)
        withExtendedLifetime(object) {}
    }

    func testDeallocated_holdsNothing_andSubscribedAfterTheObjectWent_firesAtOnce() {
        var object: Bare? = Bare()
        weak let weakObject = object
        let deallocated = object!.rx.deallocated
        object = nil
        XCTAssertNil(weakObject, "the observable does not keep the object")
        var events: [Event<Void>] = []
        _ = deallocated.subscribe { events.append($0) }
        XCTAssertEqual(events.count, 2)
        XCTAssertTrue(events.last?.isCompleted ?? false)
    }

    func testDeallocated_ofAnObjectWithObservedPropertiesToo_firesOnce() {
        var object: Both? = Both()
        var events: [Event<Void>] = []
        _ = object!.rx.deallocated.subscribe { events.append($0) }
        let subscription = object!.rx.observe(Int.self, "value", retainSelf: false).subscribe()
        object?.value = 1
        object = nil
        XCTAssertEqual(events.count, 2, "one element and the completion")
        subscription.dispose()
    }

    func testDeallocated_arrivesOnTheThreadThatReleases() {
        let object = LockedBox<Bare?>(Bare())
        let thread = LockedBox<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        _ = object.value!.rx.deallocated.subscribe(onNext: {
            thread.mutate { $0 = Thread.isMainThread ? "main" : "other" }
            done.signal()
        })
        let releaser = Thread {
            object.mutate { $0 = nil }
        }
        releaser.start()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(thread.value, "other")
    }

    /// RxCocoa's `observeWeakly` ends on `deallocating`, before `deallocated`: so here, whichever
    /// was subscribed first.
    func testDeallocated_comesAfterTheEndOfObserveWeakly() {
        var object: WeakHolder? = WeakHolder()
        var order: [String] = []
        _ = object!.rx.deallocated.subscribe(onNext: { order.append("deallocated") })
        _ = object!.rx.observeWeakly(AnyObject.self, "property").subscribe(onNext: { order.append($0 == nil ? "nil" : "value") }, onCompleted: { order.append("completed") })
        object = nil
        XCTAssertEqual(order, ["nil", "nil", "completed", "deallocated"])
    }

    func testDeallocationOfAnObjectWithOnlyAComputedKey_reachesTheEnginesDottedPaths() throws {
        let root = WeakHolder()
        var titled: Titled? = Titled()
        root.property = titled
        let recorder = Recorder()
        try root.addObserver(recorder, forKeyPath: "property.title", options: [.new])
        titled = nil
        XCTAssertEqual(recorder.changes.map(describe), ["setting"], "the path's value is now nil: reported once the weak intermediate went")
        root.removeObserver(recorder, forKeyPath: "property.title")
    }

    #if !DEBUG
    /// Release builds only: debug builds stop at this programming error.
    func testSharedRegistrar_isReportedNamingTheClassAndTheFix() {
        final class Sharing: KeyValueObservable {
            let keyValueRegistrar: KeyValueRegistrar
            @Observed var value = 0
            init(_ registrar: KeyValueRegistrar) { keyValueRegistrar = registrar }
        }
        let registrar = KeyValueRegistrar()
        let first = Sharing(registrar)
        let second = Sharing(registrar)
        var values: [Int?] = []
        let written = captureStandardError {
            let a = first.rx.observe(Int.self, "value").subscribe()
            let b = second.rx.observe(Int.self, "value").subscribe(onNext: { values.append($0) })
            a.dispose()
            b.dispose()
        }
        XCTAssertTrue(written.contains("Sharing: its keyValueRegistrar already serves another object"), written)
        XCTAssertTrue(written.contains("let keyValueRegistrar = KeyValueRegistrar()"), written)
        XCTAssertEqual(values, [0], "it goes on")
    }
    #endif
}
