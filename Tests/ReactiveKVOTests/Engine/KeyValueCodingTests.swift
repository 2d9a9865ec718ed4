import ReactiveKVO
import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class KeyValueCodingTests: KVOTestCase {
    func testValueForKey_readsObservedAndComputedKeys() throws {
        let person = Person(name: "Bob")
        XCTAssertEqual(try person.value(forKey: "name") as? String, "Bob")
        XCTAssertEqual(try person.value(forKey: "greeting") as? String, "Hi Bob")
        XCTAssertNil(try person.value(forKey: "nickname"), "an optional holding nil reads as nil")
        person.nickname = "B"
        XCTAssertEqual(try person.value(forKey: "nickname") as? String, "B")
    }

    func testValueForKeyPath_walksDottedPaths_nilIntermediateGivesNil() throws {
        let person = Person()
        XCTAssertNil(try person.value(forKeyPath: "address.city"))
        person.address = Address(city: "Oslo")
        XCTAssertEqual(try person.value(forKeyPath: "address.city") as? String, "Oslo")
        try person.setValue("Rome", forKeyPath: "address.city")
        XCTAssertEqual(person.address?.city, "Rome")
    }

    func testSetValue_setsAndChecksTheType() throws {
        let person = Person()
        try person.setValue("Cid", forKey: "name")
        XCTAssertEqual(person.name, "Cid")
        try person.setValue(nil, forKey: "nickname")
        XCTAssertNil(person.nickname)
        XCTAssertThrowsError(try person.setValue(42, forKey: "name")) { error in
            XCTAssertEqual(error as? KeyValueCodingError, .typeMismatch(className: "Person", key: "name", expected: "String", actual: "Int"))
            XCTAssertEqual("\(error)", "Person.name holds String, not Int")
        }
    }

    func testUnknownKey_throwsNamingClassAndKey() {
        let person = Person()
        XCTAssertThrowsError(try person.value(forKey: "height")) { error in
            XCTAssertEqual(error as? KeyValueCodingError, .unknownKey(className: "Person", key: "height"))
            XCTAssertTrue("\(error)".contains("Person has no observable key 'height'"))
        }
        XCTAssertThrowsError(try person.setValue(1, forKey: "height"))
        XCTAssertThrowsError(try person.setValue("x", forKey: "greeting")) { error in
            XCTAssertEqual(error as? KeyValueCodingError, .readOnlyKey(className: "Person", key: "greeting"))
        }
        XCTAssertThrowsError(try person.addObserver(Recorder(), forKeyPath: "height")) { error in
            XCTAssertEqual(error as? KeyValueCodingError, .unknownKey(className: "Person", key: "height"))
        }
        person.address = Address()
        XCTAssertThrowsError(try person.value(forKeyPath: "address.city.count")) { error in
            XCTAssertEqual(error as? KeyValueCodingError, .notKeyValueObservable(key: "count", type: "String"))
        }
    }
}

final class KeyPathInputTests: KVOTestCase {
    private final class Recorder: KeyValueObserving {
        var changes: [KeyValueChange] = []
        func observeValue(forKeyPath keyPath: String, of object: AnyObject, change: KeyValueChange, context: UnsafeMutableRawPointer?) {
            changes.append(change)
        }
    }

    func testKeyPathWithAnEmptyComponent_isAnError() {
        let person = Person()
        let recorder = Recorder()
        for keyPath in ["", "name.", ".name", "address..city"] {
            XCTAssertThrowsError(try person.addObserver(recorder, forKeyPath: keyPath), keyPath) { error in
                XCTAssertEqual(error as? KeyValueCodingError, .invalidKeyPath(className: "Person", keyPath: keyPath))
            }
            XCTAssertThrowsError(try person.value(forKeyPath: keyPath), keyPath)
        }
        XCTAssertEqual("\(KeyValueCodingError.invalidKeyPath(className: "Person", keyPath: "name."))", "'name.' is not a key path of Person: a key path is keys joined by single dots, none empty")
        var events: [Event<String?>] = []
        _ = person.rx.observe(String.self, "name.").subscribe { events.append($0) }
        XCTAssertEqual(events.first?.error as? KeyValueCodingError, .invalidKeyPath(className: "Person", keyPath: "name."))
        var weakly: [Event<String?>] = []
        _ = person.rx.observeWeakly(String.self, "address..city").subscribe { weakly.append($0) }
        XCTAssertEqual(weakly.first?.error as? KeyValueCodingError, .invalidKeyPath(className: "Person", keyPath: "address..city"))
        XCTAssertEqual(person.observationCount, 0)
    }

    func testUnknownKeyBeyondANilIntermediate_isReportedWhenAnObjectAppears() throws {
        let reported = Collector<String>()
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in reported.append("\(error)") }
        defer { Hooks.defaultErrorHandler = previous }
        let person = Person()
        let recorder = Recorder()
        // Nothing to check the key against while `address` is nil: accepted.
        XCTAssertTrue(try person.addObserver(recorder, forKeyPath: "address.nope", options: .new))
        person.address = Address()
        XCTAssertEqual(reported.values, ["Address has no observable key 'nope' (mark the property @Observed, or list it in computedKeys)"])
        XCTAssertTrue(person.removeObserver(recorder, forKeyPath: "address.nope"))

        var events: [Event<Int?>] = []
        let other = Person()
        let subscription = other.rx.observe(Int.self, "address.nope").subscribe { events.append($0) }
        other.address = Address()
        XCTAssertEqual(events.last?.error as? KeyValueCodingError, .unknownKey(className: "Address", key: "nope"))
        subscription.dispose()
        XCTAssertEqual(other.observationCount, 0)
    }

    func testWillChangeWithoutDidChange_isReportedWhenTheObjectGoes() throws {
        #if DEBUG
        let reported = Collector<String>()
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in reported.append("\(error)") }
        defer { Hooks.defaultErrorHandler = previous }
        do {
            let person = Person()
            let observation = try person.observe("age", options: .new) { _, _ in }
            person.willChangeValue(forKey: "age")
            person.age = 40
            observation.invalidate()
        }
        XCTAssertEqual(reported.values, ["Person.age: willChangeValue(forKey:) was never balanced by didChangeValue(forKey:); its observers heard nothing after it"])
        #endif
    }

    func testDottedPathObserverReleased_leavesNothingRegistered() throws {
        let person = Person()
        person.address = Address()
        var recorder: Recorder? = Recorder()
        XCTAssertTrue(try person.addObserver(recorder!, forKeyPath: "address.city", options: .new))
        XCTAssertEqual(person.observationCount, 2, "one per step")
        recorder = nil
        XCTAssertEqual(person.observationCount, 0, "the released observer's steps are gone")
        XCTAssertEqual(person.address?.observationCount, 0)
        person.address?.city = "Rome"
    }

    func testDottedPathBlockObservationReleased_leavesNothingRegisteredOnAnyStep() throws {
        let person = Person()
        let address = Address()
        person.address = address
        var received: [String] = []
        var observation: KeyValueObservation? = try person.observe("address.city", options: .new) { _, change in
            received.append(change.newValue as? String ?? "nil")
        }
        address.city = "Rome"
        XCTAssertEqual(address.observationCount, 1, "the leaf step")
        observation = nil
        XCTAssertNil(observation)
        XCTAssertEqual(person.observationCount, 0)
        XCTAssertEqual(address.observationCount, 0, "the chain let go of the leaf step")
        address.city = "Oslo"
        XCTAssertEqual(received, ["Rome"])
    }
}
