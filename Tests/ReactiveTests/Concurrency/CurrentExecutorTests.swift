import Dispatch
import Foundation
import Reactive
import XCTest

/// The one unsafe boundary of the actor checks (`CurrentExecutor`): its answers must match
/// where the code runs, or a main-actor or actor subscriber would be called off its actor.
final class CurrentExecutorTests: XCTestCase {
    private actor Probe {
        func runsOnSelf() -> Bool? { CurrentExecutor.runsOn(self) }
        func runsOnMain() -> Bool? { CurrentExecutor.runsOn(MainActor.shared) }
    }

    func testRuntimeAnswers() {
        XCTAssertNotNil(CurrentExecutor.runsOn(MainActor.shared), "the runtime's check was found")
    }

    func testMainActor_onTheMainThreadYes_elsewhereNo() {
        XCTAssertTrue(Thread.isMainThread, "XCTest on Linux runs tests on the main thread")
        XCTAssertEqual(CurrentExecutor.runsOn(MainActor.shared), true)
        let answer = LockedAnswer()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            answer.value = CurrentExecutor.runsOn(MainActor.shared)
            done.signal()
        }
        done.wait()
        XCTAssertEqual(answer.value, false)
    }

    func testActor_insideItYes_outsideNo() async {
        let probe = Probe()
        let inside = await probe.runsOnSelf()
        XCTAssertEqual(inside, true)
        XCTAssertEqual(CurrentExecutor.runsOn(probe), false, "a test method is not on the actor")
        let mainFromActor = await probe.runsOnMain()
        XCTAssertEqual(mainFromActor, false)
        let other = Probe()
        let answer = LockedAnswer()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            answer.value = CurrentExecutor.runsOn(other)
            done.signal()
        }
        done.wait()
        XCTAssertEqual(answer.value, false)
    }

    func testMainActorTask_isOnTheMainActor() async {
        let answer = await MainActor.run { CurrentExecutor.runsOn(MainActor.shared) }
        XCTAssertEqual(answer, true)
    }
}

private final class LockedAnswer: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Bool?
    var value: Bool? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
