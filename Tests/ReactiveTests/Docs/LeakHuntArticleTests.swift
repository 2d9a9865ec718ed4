import Reactive
import ReactiveTest
import XCTest

// The leak hunt of the article "Finding leaks and reading failing tests", run as written: the
// article shows this test's failure message, which the test checks word for word.

/// A session that lives as long as the app (a `static let`, so it outlives every test).
final class AppSession: Sendable {
    static let shared = AppSession()
    let userName = BehaviorSubject<String?>(value: nil)
}

/// Shows the user's name; its subscription is never disposed: the leak.
final class ProfileViewModel {
    private(set) var title = ""

    init(session: AppSession = .shared) {
        _ = session.userName
            .map { $0 ?? "Guest" }
            .subscribe(onNext: { [weak self] name in self?.title = "Hello, \(name)" })
    }
}

/// The same view model, fixed: the subscription goes in a bag the view model owns.
final class FixedProfileViewModel {
    private(set) var title = ""
    private let disposeBag = DisposeBag()

    init(session: AppSession = .shared) {
        session.userName
            .map { $0 ?? "Guest" }
            .subscribe(onNext: { [weak self] name in self?.title = "Hello, \(name)" })
            .disposed(by: disposeBag)
    }
}

final class LeakHuntArticleTests: FailureCapturingTestCase {
    #if DEBUG
    func testTheLeakingViewModel_failsWithTheSubscriptionThatLeaked() {
        // The app's session outlives the view model; the test's outlives the check.
        let session = AppSession()
        let check = LeakCheck()
        do {
            let model = ProfileViewModel(session: session)
            XCTAssertEqual(model.title, "Hello, Guest")
        }
        let first = check.firstSubscription
        let line: UInt = #line + 1
        assertFails(containing: ["""
            Resource leak: 2 resource(s) still live (Resources.total \(check.start + 2), was \(check.start))
            1 live subscription made since #\(first):
              #\(first) BehaviorSubject → map → subscribe, subscribe at ReactiveTests/LeakHuntArticleTests.swift:21
            """], atLine: line) { check.assertNoLeaks(line: line) }
        // The leaked subscription holds the session's subject and the subject holds it, so
        // it lives until the subject ends: end it, or this test would leak for real.
        session.userName.onCompleted()
    }
    #endif

    func testTheFixedViewModel_leaksNothing() {
        let session = AppSession()
        assertNoLeaks {
            let model = FixedProfileViewModel(session: session)
            XCTAssertEqual(model.title, "Hello, Guest")
        }
    }

    /// The article's failing `debounce` test, and the message it shows.
    func testTheArticlesFailingDebounceTest_printsTheMessageShown() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        let line: UInt = #line + 10
        assertFails(withMessage: """
            Recorded events differ; first difference at 230:
                      0                      230  280
            actual    ------------------------2---3-|
            expected  -----------------------12---3-|
                                             ↑ 230
            actual: next(2) @ 240; expected: next(1) @ 230
            """, atLine: line) {
            XCTAssertEqual(res.events, [.next(230, 1), .next(240, 2), .next(280, 3), .completed(300)], line: line)
        }
    }
}
