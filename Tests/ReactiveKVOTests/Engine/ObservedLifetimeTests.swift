import Foundation
import ReactiveKVO
import XCTest

/// An `@Observed` property's getter and setter keep the enclosing object alive until the access
/// ends, even when the caller hands over its last reference. In unoptimised builds these pass
/// whatever the accessors do (every copy is kept); CI runs them optimised under ASan, where an
/// accessor that let the object go before touching its storage read freed memory.
final class ObservedLifetimeTests: KVOTestCase {
    /// The setter's plain path (no observer), the object's last reference given to the set.
    @inline(never) func setName(_ name: String, onLastReference person: consuming Person?) {
        person?.name = name
        person = nil
    }

    func testSet_lastReferenceHandedToTheSetter_noObserver_objectOutlivesTheStore() {
        for index in 0..<100 {
            setName("Zed \(index)", onLastReference: Person(name: "Zoe"))
        }
    }

    /// The setter's notifying path, the object's last reference given to the set.
    @inline(never) func setName(_ name: String, observedBy recorder: Recorder, onLastReference person: consuming Person?) throws {
        try person?.addObserver(recorder, forKeyPath: "name", options: .new)
        person?.name = name
        person = nil
    }

    func testSet_lastReferenceHandedToTheSetter_observed_observerHearsTheChange() throws {
        let recorder = Recorder()
        for index in 0..<100 {
            try setName("Zed \(index)", observedBy: recorder, onLastReference: Person(name: "Zoe"))
        }
        XCTAssertEqual(recorder.changes.map(describe), (0..<100).map { "setting new=Zed \($0)" })
    }

    /// The getter, the object's last reference given to the read.
    @inline(never) func name(ofLastReference person: consuming Person) -> String {
        person.name
    }

    func testGet_lastReferenceHandedToTheGetter_readsTheValue() {
        for index in 0..<100 {
            XCTAssertEqual(name(ofLastReference: Person(name: "Zoe \(index)")), "Zoe \(index)")
        }
    }
}
