import Dispatch
import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

/// `Resources.liveSubscriptions` lists each live subscription with its chain of operators and
/// the lines that made it (debug builds), until its disposable is released.
final class LiveSubscriptionsTests: FailureCapturingTestCase {
    private let here = "ReactiveTests/LiveSubscriptionsTests.swift"

    /// The live subscriptions made since `serial`, as their descriptions without the serial.
    private func live(since serial: Int) -> [String] {
        Resources.liveSubscriptions.filter { $0.serial >= serial }.map { "\($0.chain), \($0.sites.joined(separator: "; "))" + ($0.isDisposed ? " (disposed)" : "") }
    }

    #if DEBUG
    func testSubscribe_listsTheChainAndTheLine_untilItsDisposableIsReleased() {
        let start = Resources.nextSubscriptionSerial
        let subject = PublishSubject<Int>()
        var subscription: Disposable? = subject.map { $0 * 2 }.filter { $0 > 2 }.distinctUntilChanged().subscribe(onNext: { _ in })
        let line = #line - 1
        XCTAssertEqual(live(since: start), ["PublishSubject → map → filter → distinctUntilChanged → subscribe, subscribe at \(here):\(line)"])
        subscription?.dispose()
        XCTAssertEqual(live(since: start), ["PublishSubject → map → filter → distinctUntilChanged → subscribe, subscribe at \(here):\(line) (disposed)"], "disposed, still referenced")
        subscription = nil
        XCTAssertEqual(live(since: start), [])
    }

    func testDisposedBy_addsItsLine_andTheBagsEndReleasesIt() {
        let start = Resources.nextSubscriptionSerial
        let subject = PublishSubject<Int>()
        var bag: DisposeBag? = DisposeBag()
        var subscription: Disposable? = subject.filter { $0 > 0 }.subscribe(onNext: { _ in })
        let subscribeLine = #line - 1
        if let bag { subscription?.disposed(by: bag) }
        let bagLine = #line - 1
        XCTAssertEqual(live(since: start), ["PublishSubject → filter → subscribe, subscribe at \(here):\(subscribeLine); disposed(by:) at \(here):\(bagLine)"])
        bag = nil
        XCTAssertEqual(live(since: start), ["PublishSubject → filter → subscribe, subscribe at \(here):\(subscribeLine); disposed(by:) at \(here):\(bagLine) (disposed)"], "the test still holds the disposable")
        subscription = nil
        XCTAssertEqual(live(since: start), [])
    }

    func testBindDriveEmitAndTraits_nameTheCallThatMadeThem_andSeveralSourcesAreListed() {
        let start = Resources.nextSubscriptionSerial
        let subject = PublishSubject<Int>()
        let relay = BehaviorRelay(value: 0)
        let bag = DisposeBag()
        Observable.combineLatest(subject, relay.asObservable()) { $0 + $1 }.bind(to: relay).disposed(by: bag)
        let bindLine = #line - 1
        let driveSubscription = subject.asDriver(onErrorJustReturn: 0).drive(onNext: { _ in })
        let driveLine = #line - 1
        let emitSubscription = subject.asSignal(onErrorJustReturn: 0).emit(to: relay)
        let emitLine = #line - 1
        let singleSubscription = subject.take(1).asSingle().subscribe(onSuccess: { _ in })
        let singleLine = #line - 1
        XCTAssertEqual(live(since: start), [
            "combineLatest(PublishSubject, BehaviorSubject) → bind, bind at \(here):\(bindLine); disposed(by:) at \(here):\(bindLine)",
            "PublishSubject → observe(on:) → catch → share → drive, drive at \(here):\(driveLine)",
            "PublishSubject → observe(on:) → catch → share → emit, emit at \(here):\(emitLine)",
            "PublishSubject → take → single → subscribe, subscribe at \(here):\(singleLine)",
        ])
        for subscription in [driveSubscription, emitSubscription, singleSubscription] { subscription.dispose() }
    }

    func testReportSince_listsOnlyLaterSubscriptions_andSaysWhenThereAreNone() {
        let subject = PublishSubject<Int>()
        let earlier = subject.subscribe()
        let mark = Resources.nextSubscriptionSerial
        XCTAssertEqual(Resources.liveSubscriptionsReport(since: mark), "No live subscription was made since #\(mark).")
        let later = subject.skip(2).subscribe()
        let line = #line - 1
        XCTAssertEqual(Resources.liveSubscriptionsReport(since: mark), """
            1 live subscription made since #\(mark):
              #\(mark) PublishSubject → skip → subscribe, subscribe at \(here):\(line)
            """)
        earlier.dispose()
        later.dispose()
    }

    /// A loop that leaks writes one line that counts its subscriptions; interleaved others keep
    /// their place by their oldest one; past `maximumLines` the rest is counted, not listed.
    func testReport_groupsSubscriptionsAlike_andStopsAtMaximumLines() {
        let subject = PublishSubject<Int>()
        let mark = Resources.nextSubscriptionSerial
        var kept: [Disposable] = []
        for _ in 0..<3 {
            kept.append(subject.subscribe())
            kept.append(subject.skip(1).subscribe())
        }
        let loopLine = #line - 4
        XCTAssertEqual(Resources.liveSubscriptionsReport(since: mark), """
            6 live subscriptions made since #\(mark):
              #\(mark) PublishSubject → subscribe, subscribe at \(here):\(loopLine + 1) (and 2 more alike, the last #\(mark + 4))
              #\(mark + 1) PublishSubject → skip → subscribe, subscribe at \(here):\(loopLine + 2) (and 2 more alike, the last #\(mark + 5))
            """)
        XCTAssertEqual(Resources.liveSubscriptionsReport(since: mark, maximumLines: 1), """
            6 live subscriptions made since #\(mark):
              #\(mark) PublishSubject → subscribe, subscribe at \(here):\(loopLine + 1) (and 2 more alike, the last #\(mark + 4))
              … and 3 more on 1 more line
            """)
        kept.forEach { $0.dispose() }
    }

    func testLeakCheck_failureListsWhatLeaked_withTheLineThatMadeIt() {
        let subject = PublishSubject<Int>()
        let check = LeakCheck()
        let leaked = subject.map { $0 + 1 }.subscribe()
        let subscribeLine = #line - 1
        let line: UInt = #line + 1
        assertFails(containing: ["Resource leak:", "1 live subscription made since #\(check.firstSubscription):", "#\(check.firstSubscription) PublishSubject → map → subscribe, subscribe at \(here):\(subscribeLine)"], atLine: line) { check.assertNoLeaks(line: line) }
        leaked.dispose()
    }

    /// Subscriptions made and released on four threads while a fifth reads the list: every one
    /// is listed while alive, none once released (TSan runs it too).
    func testSubscriptionsMadeAndReleasedOnSeveralThreads_whileTheListIsRead() {
        let start = Resources.nextSubscriptionSerial
        let subject = PublishSubject<Int>()
        let stop = Flag()
        let reader = Thread {
            while !stop.isSet { _ = Resources.liveSubscriptionsReport(since: start) }
        }
        reader.start()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<2_000 {
                let subscription = subject.map { $0 }.subscribe()
                subscription.dispose()
            }
        }
        stop.set()
        waitUntil(timeout: 10) { reader.isFinished }
        XCTAssertEqual(live(since: start), [])
        XCTAssertGreaterThanOrEqual(Resources.nextSubscriptionSerial - start, 8_000)
    }
    #else
    func testReleaseBuilds_recordNothing() {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe()
        XCTAssertEqual(Resources.liveSubscriptions, [])
        XCTAssertEqual(Resources.liveSubscriptionsReport(), "Live subscriptions are recorded in debug builds only.")
        subscription.dispose()
    }
    #endif
}
