import Dispatch
import Foundation
import Reactive
import TestSupport
import XCTest

/// `NotificationCenter.rx.notification` under posts from several threads: one subscription's
/// observer is never called twice at once, and a post never waits for another thread's delivery.
final class NotificationCenterTests: ReactiveTestCase {
    func testPostsFromFourThreads_neverOverlap_andAllArrive() {
        let center = NotificationCenter()
        let name = Notification.Name("NotificationCenterTests.ping")
        let checker = ContractChecker()
        let received = Counter()
        let subscription = center.rx.notification(name).subscribe(onNext: { _ in
            checker.enter()
            received.increment()
            spinWait(nanoseconds: 200)
            checker.leave()
        })
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<5_000 { center.post(name: name, object: nil) }
        }
        // Every post has returned: a post that found a delivery in progress left its
        // notification to the delivering thread, which delivers it before it returns.
        XCTAssertEqual(received.value, 20_000)
        XCTAssertEqual(checker.overlaps, 0)
        subscription.dispose()
    }

    func testPostWhileAnotherThreadDelivers_returnsWithoutWaitingForThatDelivery() {
        let center = NotificationCenter()
        let name = Notification.Name("NotificationCenterTests.slow")
        let firstEntered = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)
        let order = Collector<String>()
        let subscription = center.rx.notification(name).subscribe(onNext: { notification in
            let tag = notification.object as? String ?? ""
            order.append("begin \(tag)")
            if tag == "first" {
                firstEntered.signal()
                _ = releaseFirst.wait(timeout: .now() + 5)
            }
            order.append("end \(tag)")
        })
        let firstDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            center.post(name: name, object: "first" as NSString)
            firstDone.signal()
        }
        XCTAssertEqual(firstEntered.wait(timeout: .now() + 5), .success)
        center.post(name: name, object: "second" as NSString)
        XCTAssertEqual(order.values, ["begin first"], "the second post returned, its notification queued behind the first")
        releaseFirst.signal()
        XCTAssertEqual(firstDone.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(order.values, ["begin first", "end first", "begin second", "end second"])
        subscription.dispose()
    }

    func testDisposedSubscription_removesItsObserver() {
        let center = NotificationCenter()
        let name = Notification.Name("NotificationCenterTests.dispose")
        let received = Counter()
        let subscription = center.rx.notification(name, object: nil).subscribe(onNext: { _ in received.increment() })
        center.post(name: name, object: nil)
        subscription.dispose()
        center.post(name: name, object: nil)
        XCTAssertEqual(received.value, 1)
    }
}
