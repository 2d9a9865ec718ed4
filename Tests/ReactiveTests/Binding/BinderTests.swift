import Foundation
import ReactiveTest
import Reactive
import TestSupport
import XCTest

final class BinderTests: ReactiveTestCase {
    private final class Label: @unchecked Sendable {
        var texts: [String] = []
        var onMainThread: [Bool] = []
    }

    func testBinder_defaultScheduler_bindsOnTheMainThread_notOnTheSendingThread() {
        let label = Label()
        let binder = Binder(label) { label, text in
            label.texts.append(text)
            label.onMainThread.append(Thread.isMainThread)
        }
        let sent = DispatchSemaphore(value: 0)
        let appliedWhileSending = Counter()
        let unchecked = Unchecked((binder, label))
        DispatchQueue.global().async {
            unchecked.value.0.onNext("a")
            if !unchecked.value.1.texts.isEmpty { appliedWhileSending.increment() }
            sent.signal()
        }
        sent.wait()
        XCTAssertEqual(appliedWhileSending.value, 0, "a background send is applied later, on the main queue")
        runMainLoop(until: { !label.texts.isEmpty }, timeout: 1)
        XCTAssertEqual(label.texts, ["a"])
        XCTAssertEqual(label.onMainThread, [true])
    }

    func testBinder_defaultScheduler_onTheMainThread_bindsAtOnce() {
        let label = Label()
        let binder = Binder(label) { label, text in label.texts.append(text) }
        binder.onNext("now")
        XCTAssertEqual(label.texts, ["now"])
    }

    func testBinder_givenScheduler_bindsThere() {
        let label = Label()
        let scheduler = TestScheduler(initialClock: 0)
        let binder = Binder(label, scheduler: scheduler) { label, text in label.texts.append(text) }
        scheduler.scheduleAt(100) { binder.onNext("x") }
        scheduler.start()
        XCTAssertEqual(label.texts, ["x"])
    }

    func testBinder_releasedTarget_bindsNothing() {
        var label: Label? = Label()
        weak let weakLabel = label
        let binder = Binder(label!, scheduler: ImmediateScheduler.instance) { label, text in label.texts.append(text) }
        label = nil
        XCTAssertNil(weakLabel)
        binder.onNext("ignored")
    }
}
