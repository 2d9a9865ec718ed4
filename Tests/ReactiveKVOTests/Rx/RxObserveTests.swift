import Foundation
import Reactive
import ReactiveKVO
import ReactiveTest
import TestSupport
import XCTest

final class RxObserveTests: KVOTestCase {
    func testObserve_initialValueThenEachChange_disposeUnregisters() {
        let scheduler = TestScheduler(initialClock: 0)
        let person = Person()
        scheduler.scheduleAt(300) { person.name = "Bob" }
        scheduler.scheduleAt(400) { person.name = "Cid" }
        scheduler.scheduleAt(600) { person.name = "Dan" }
        let res = scheduler.start(disposed: 500) { person.rx.observe(String.self, "name") }
        XCTAssertEqual(res.events, [.next(200, "Ann"), .next(300, "Bob"), .next(400, "Cid")])
        XCTAssertEqual(person.observationCount, 0, "disposing unregistered")
        XCTAssertTrue(person.observationInfo.contains("(no registrations)"))
    }

    func testObserve_typedKeyPath() {
        let person = Person()
        var values: [Int] = []
        let subscription = person.rx.observe(\.age).subscribe(onNext: { values.append($0) })
        person.age = 31
        person.age = 32
        subscription.dispose()
        person.age = 33
        XCTAssertEqual(values, [30, 31, 32])
        XCTAssertEqual(person.observationCount, 0)
    }

    func testObserve_droppedDisposable_keepsDeliveringUntilTheObjectDies() {
        var person: Person? = Person()
        weak let weakPerson = person
        var values: [String?] = []
        var completed = false
        _ = person!.rx.observe(String.self, "name", retainSelf: false).subscribe(onNext: { values.append($0) }, onCompleted: { completed = true })
        person?.name = "Bob"
        person = nil
        XCTAssertNil(weakPerson, "retainSelf: false does not keep the object alive")
        XCTAssertEqual(values, ["Ann", "Bob"])
        XCTAssertTrue(completed, "the subscription ends, and frees itself, when the object dies")
    }

    func testObserve_retainSelfKeepsTheObjectAliveUntilDisposed() {
        var person: Person? = Person()
        weak let weakPerson = person
        let subscription = person!.rx.observe(String.self, "name", retainSelf: true).subscribe()
        person = nil
        XCTAssertNotNil(weakPerson)
        subscription.dispose()
        XCTAssertNil(weakPerson, "a disposed subscription keeps nothing alive")
    }

    func testObserveWeakly_wrongType_sendsNil_andSaysSoOncePerSubscription() {
        let person = Person()
        var events: [Event<Int?>] = []
        let written = captureStandardError {
            let subscription = person.rx.observeWeakly(Int.self, "name").subscribe { events.append($0) }
            person.name = "Bob"
            subscription.dispose()
        }
        XCTAssertEqual(events, [.next(nil), .next(nil)])
        #if DEBUG
        // The type the property holds first, then the type asked for.
        XCTAssertEqual(written.components(separatedBy: "Person.name holds String, not Int").count, 2, written)
        XCTAssertTrue(written.contains("rx.observeWeakly(Int.self, \"name\") on Person"), written)
        #endif
    }

    func testObserve_wrongType_sendsNilAndGoesOn_unknownKeyIsAnError() {
        let person = Person()
        var events: [Event<Int?>] = []
        let written = captureStandardError {
            let first = person.rx.observe(Int.self, "name").subscribe { events.append($0) }
            person.name = "Bob"
            person.name = "Cid"
            let second = person.rx.observe(Int.self, "name").subscribe()
            first.dispose()
            second.dispose()
        }
        XCTAssertEqual(events, [.next(nil), .next(nil), .next(nil)], "one nil for each value, no error")
        #if DEBUG
        XCTAssertEqual(written.components(separatedBy: "rx.observe(Int.self, \"name\") on Person: Person.name holds String, not Int").count, 3, "once per subscription: \(written)")
        #else
        XCTAssertEqual(written, "")
        #endif
        var unknown: [Event<String?>] = []
        _ = person.rx.observe(String.self, "height").subscribe { unknown.append($0) }
        XCTAssertEqual(unknown.first?.error as? KeyValueCodingError, .unknownKey(className: "Person", key: "height"))
        XCTAssertEqual(person.observationCount, 0)
    }

    func testObserveChange_collectionKindsAndIndexes() throws {
        let person = Person()
        var changes: [String] = []
        let subscription = person.rx.observeChange("tags").subscribe(onNext: { changes.append(describe($0)) })
        let tags = try person.mutableArrayValue(forKey: "tags")
        try tags.append("a")
        try tags.remove(at: 0)
        subscription.dispose()
        XCTAssertEqual(changes, ["insertion new=[\"a\"] at=[0]", "removal old=[\"a\"] at=[0]"])
    }

    func testObserve_dottedPathAndOtherThread() {
        let person = Person()
        person.address = Address(city: "Oslo")
        let values = Collector<String>()
        let subscription = person.rx.observe(String.self, "address.city").subscribe(onNext: { values.append($0 ?? "nil") })
        let done = DispatchSemaphore(value: 0)
        let box = Unchecked([person])
        DispatchQueue.global().async {
            box.value[0].address?.city = "Rome"
            done.signal()
        }
        done.wait()
        person.address = nil
        subscription.dispose()
        XCTAssertEqual(values.values, ["Oslo", "Rome", "nil"])
        XCTAssertEqual(person.observationCount, 0)
    }

    func testObserveWeakly_oneTwoAndThreeSteps_withIntermediatesReplacedNilAndDeallocated() {
        let person = Person()
        person.address = Address(city: "Oslo")
        var one: [String?] = [], two: [String?] = [], three: [Int?] = []
        let bag = DisposeBag()
        person.rx.observeWeakly(String.self, "name").subscribe(onNext: { one.append($0) }).disposed(by: bag)
        person.rx.observeWeakly(String.self, "address.city").subscribe(onNext: { two.append($0) }).disposed(by: bag)
        person.rx.observeWeakly(Int.self, "address.street.number").subscribe(onNext: { three.append($0) }).disposed(by: bag)
        person.name = "Bob"
        person.address?.city = "Rome"
        person.address?.street = Street()
        person.address?.street?.number = 5
        let replaced = Address(city: "Lima")
        person.address = replaced
        person.address = nil
        XCTAssertEqual(one, ["Ann", "Bob"])
        XCTAssertEqual(two, ["Oslo", "Rome", "Lima", nil])
        XCTAssertEqual(three, [nil, 1, 5, nil, nil])

        var friend: Person? = Person(name: "Zoe")
        person.friend = friend
        var friendName: [String?] = []
        person.rx.observeWeakly(String.self, "friend.name").subscribe(onNext: { friendName.append($0) }).disposed(by: bag)
        friend = nil
        XCTAssertEqual(friendName, ["Zoe", nil], "a deallocated intermediate yields nil")
    }

    func testObserveWeakly_rootDeallocated_sendsNilOnceAndCompletes() {
        var person: Person? = Person()
        weak let weakPerson = person
        var events: [Event<String?>] = []
        let subscription = person!.rx.observeWeakly(String.self, "name").subscribe { events.append($0) }
        person = nil
        XCTAssertNil(weakPerson, "observeWeakly holds the object weakly")
        XCTAssertEqual(events, [.next("Ann"), .next(nil), .completed])
        subscription.dispose()
    }

    func testDeallocated_emitsOnceAndCompletes_withoutRetaining() {
        var person: Person? = Person()
        weak let weakPerson = person
        var events: [Event<String>] = []
        _ = person!.rx.deallocated.map { "gone" }.subscribe { events.append($0) }
        XCTAssertEqual(events, [])
        person = nil
        XCTAssertNil(weakPerson)
        XCTAssertEqual(events, [.next("gone"), .completed])
    }

    func testFinishWithNilWhenDealloc_operator() {
        var person: Person? = Person()
        let subject = PublishSubject<String?>()
        var events: [Event<String?>] = []
        _ = subject.finishWithNilWhenDealloc(person!).subscribe { events.append($0) }
        subject.onNext("a")
        person = nil
        subject.onNext("b")
        XCTAssertEqual(events, [.next("a"), .next(nil), .completed])
        XCTAssertFalse(subject.hasObservers)
    }
}
