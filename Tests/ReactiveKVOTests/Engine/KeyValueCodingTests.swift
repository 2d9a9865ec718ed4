import ReactiveKVO
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
