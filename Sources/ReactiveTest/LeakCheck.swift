import Foundation
import Reactive
import Testing
import XCTest

/// Checks that the live resource count (`Resources.total`) is back where it started.
///
/// ```
/// let leaks = LeakCheck()
/// … subscribe, dispose …
/// leaks.assertNoLeaks()   // fails the current XCTest or Swift Testing test otherwise
/// ```
/// Counting happens in debug builds only. Disposal that happens asynchronously (on a dispatch
/// queue) may take a moment: give `timeout` for the count to settle. A failure lists the
/// subscriptions made since the check began that are still alive, each with its chain of
/// operators and the line that made it (`Resources.liveSubscriptionsReport(since:)`).
///
/// The count is the whole process's: a check sees what every other test creates or releases
/// meanwhile. XCTest runs one test at a time; Swift Testing runs suites in parallel, so a
/// leak-checking Swift Testing suite needs the others to stay quiet meanwhile
/// (`swift test --no-parallel`, or keep leak checks in XCTest cases).
public struct LeakCheck: Sendable {
    /// The count when the check was created.
    public let start: Int32
    /// The serial number of the first subscription made after the check was created.
    public let firstSubscription: Int

    /// Records the current count.
    public init() {
        start = Resources.total
        firstSubscription = Resources.nextSubscriptionSerial
    }

    /// How many resources are live now that were not at the start.
    public var leaked: Int32 { Resources.total - start }

    /// Fails the current test if resources are still live after `timeout` seconds.
    public func assertNoLeaks(timeout: TimeInterval = 0, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column) {
        let deadline = Date().addingTimeInterval(timeout)
        while leaked != 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
        let leaked = self.leaked
        guard leaked != 0 else { return }
        let message = "Resource leak: \(leaked) resource(s) still live (Resources.total \(Resources.total), was \(start))\n"
            + Resources.liveSubscriptionsReport(since: firstSubscription)
        recordTestFailure(message, file: file, fileID: fileID, line: line, column: column)
    }
}

/// Runs `body` and fails the current test if it left resources live (see `LeakCheck`).
public func assertNoLeaks<Result>(timeout: TimeInterval = 0, file: StaticString = #filePath, fileID: String = #fileID, line: UInt = #line, column: Int = #column, _ body: () throws -> Result) rethrows -> Result {
    let check = LeakCheck()
    let result = try body()
    check.assertNoLeaks(timeout: timeout, file: file, fileID: fileID, line: line, column: column)
    return result
}
