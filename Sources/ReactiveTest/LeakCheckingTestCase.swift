import Foundation
import Reactive
import XCTest

/// An `XCTestCase` whose every test is a leak test: the live resource count (`Resources.total`)
/// must be back where it started when the test ends.
///
/// Subclass it instead of `XCTestCase`. `leakTimeout` gives asynchronous disposal (dispatch-queue
/// schedulers) a moment to finish.
open class LeakCheckingTestCase: XCTestCase {
    private var leakCheck = LeakCheck()

    /// How long the count may take to settle after a test, in seconds.
    open var leakTimeout: TimeInterval { 2 }

    /// Records the live resource count before the test.
    override open func setUp() {
        super.setUp()
        leakCheck = LeakCheck()
    }

    /// Fails the test if the live resource count has not returned to where it started.
    override open func tearDown() {
        leakCheck.assertNoLeaks(timeout: leakTimeout)
        super.tearDown()
    }
}

/// Disposes `disposable` on another thread and waits until it has returned.
public func disposeOnAnotherThread(_ disposable: Disposable) {
    struct Box: @unchecked Sendable { let disposable: Disposable }
    let box = Box(disposable: disposable)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        box.disposable.dispose()
        done.signal()
    }
    done.wait()
}
