import Foundation
import Reactive
import ReactiveKVO
import ReactiveTest
import TestSupport
import XCTest

/// `rx.observe` takes a plain set of a property of its type straight from the setter; every
/// other change goes through the change record. Both must give the same elements.
final class RxObserveDirectPathTests: KVOTestCase {
    func testObserve_directAndRecordPaths_giveTheSameElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let person = Person()
        scheduler.scheduleAt(300) { person.age = 31 }
        scheduler.scheduleAt(400) { person.age = 32 }
        scheduler.scheduleAt(600) { person.age = 33 }
        let direct = scheduler.createObserver(Int?.self)
        let record = scheduler.createObserver(Int?.self)
        // [.new, .old] asks for the old value: that subscription takes the record path.
        scheduler.scheduleAt(200) {
            let first = person.rx.observe(Int.self, "age").subscribe(direct)
            let second = person.rx.observe(Int.self, "age", options: [.new, .old, .initial]).subscribe(record)
            scheduler.scheduleAt(500) {
                first.dispose()
                second.dispose()
            }
        }
        scheduler.start()
        let expected: [Recorded<Event<Int?>>] = [.next(200, 30), .next(300, 31), .next(400, 32)]
        XCTAssertEqual(direct.events, expected)
        XCTAssertEqual(record.events, expected)
        XCTAssertEqual(person.observationCount, 0)
    }

    func testObserve_withoutNewOption_sendsNilAsTheRecordHasNoNewValue() {
        let person = Person()
        var values: [Int?] = []
        let subscription = person.rx.observe(Int.self, "age", options: []).subscribe(onNext: { values.append($0) })
        person.age = 31
        subscription.dispose()
        XCTAssertEqual(values, [nil], "as RxSwift: without .new the change carries no value")
    }

    func testObserve_optionalProperty_observedAsWrapped_takesTheRecordPath() {
        let person = Person()
        var values: [String?] = []
        let subscription = person.rx.observe(String.self, "nickname").subscribe(onNext: { values.append($0) })
        person.nickname = "Annie"
        person.nickname = nil
        person.nickname = "A"
        subscription.dispose()
        XCTAssertEqual(values, [nil, "Annie", nil, "A"])
    }

    func testObserve_directSubscriberNextToBlockObserver_bothSeeEveryChange() throws {
        let person = Person()
        var rxValues: [Int?] = []
        var blockValues: [Int] = []
        let subscription = person.rx.observe(Int.self, "age", options: [.new]).subscribe(onNext: { rxValues.append($0) })
        person.age = 31
        let token = try person.observe("age", options: [.new]) { _, change in blockValues.append(change.newValue as? Int ?? -1) }
        person.age = 32
        token.invalidate()
        person.age = 33
        subscription.dispose()
        person.age = 34
        XCTAssertEqual(rxValues, [31, 32, 33])
        XCTAssertEqual(blockValues, [32])
    }

    func testObserve_manualWillDidAndDependentKeys_stillDeliverThroughTheRecord() {
        let manual = Manual()
        var manualValues: [Int?] = []
        let first = manual.rx.observe(Int.self, "value", options: [.new]).subscribe(onNext: { manualValues.append($0) })
        manual.value = 1 // not announced: the class notifies this key manually
        manual.willChangeValue(forKey: "value")
        manual.value = 2
        manual.didChangeValue(forKey: "value")
        first.dispose()
        XCTAssertEqual(manualValues, [2])

        let download = Download()
        var written: [Double?] = []
        var progress: [Double?] = []
        let second = download.rx.observe(Double.self, "writtenData", options: [.new]).subscribe(onNext: { written.append($0) })
        let third = download.rx.observe(Double.self, "downloadProgress", options: [.new]).subscribe(onNext: { progress.append($0) })
        download.writtenData = 50
        third.dispose()
        download.writtenData = 60
        second.dispose()
        XCTAssertEqual(written, [50, 60], "with a dependent key observed, then without")
        XCTAssertEqual(progress, [0.5])
    }

    func testObserve_setInsideOnNext_deliversReentrantly_inOrder() {
        let person = Person()
        var values: [Int] = []
        let subscription = person.rx.observe(\.age, options: [.new]).subscribe(onNext: { value in
            values.append(value)
            if value == 31 { person.age = 40 }
        })
        person.age = 31
        subscription.dispose()
        XCTAssertEqual(values, [31, 40])
    }

    func testObserve_disposeInsideOnNext_stopsAtOnce() {
        let person = Person()
        var values: [Int] = []
        var subscription: Disposable?
        subscription = person.rx.observe(\.age, options: [.new]).subscribe(onNext: { value in
            values.append(value)
            subscription?.dispose()
        })
        person.age = 31
        person.age = 32
        XCTAssertEqual(values, [31])
        XCTAssertEqual(person.observationCount, 0)
    }

    func testObserve_typedKeyPathThatIsNotObservable_failsAtSubscription() {
        let person = Person()
        var events: [Event<Int>] = []
        _ = person.rx.observe(\.notObserved).subscribe { events.append($0) }
        XCTAssertEqual(events.count, 1)
        guard case .unknownKey(className: "Person", key: _)? = events.first?.error as? KeyValueCodingError else {
            return XCTFail("expected unknownKey, got \(events)")
        }
    }

    func testObserve_fourThreadsSetting_eachSubscriberCountsEverySet() {
        let person = Person()
        let count = Counter()
        let subscription = person.rx.observe(\.age, options: [.new]).subscribe(onNext: { _ in count.increment() })
        let lock = NSLock()
        let shared = Unchecked([person])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<2_500 {
                // The property itself is plain storage: writers synchronise as for any property.
                lock.lock()
                shared.value[0].age = thread * 10_000 + value
                lock.unlock()
            }
        }
        subscription.dispose()
        XCTAssertEqual(count.value, 10_000)
    }
}
