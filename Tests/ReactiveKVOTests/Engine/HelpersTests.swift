import Foundation
import ReactiveKVO
import XCTest

final class HelpersTests: KVOTestCase {
    final class Screen {
        var log: [String] = []
        lazy var controller = KeyValueObservationController(observer: self)
        func nameChanged(_ person: Person, _ change: KeyValueChange) { log.append("action \(change.newValue ?? "-")") }
    }

    func testController_blocksActionsDuplicatesAndUnobserve() throws {
        let screen = Screen()
        let person = Person()
        XCTAssertTrue(try screen.controller.observe(person, keyPath: "age", options: .new) { screen, _, change in screen.log.append("age \(change.newValue ?? "-")") })
        XCTAssertFalse(try screen.controller.observe(person, keyPath: "age", options: .new) { screen, _, _ in screen.log.append("duplicate") }, "a duplicate observe is ignored")
        try screen.controller.observe(person, keyPath: "name", options: .new, action: Screen.nameChanged)
        person.age = 1
        person.name = "B"
        XCTAssertEqual(screen.log, ["age 1", "action B"])
        XCTAssertTrue(screen.controller.unobserve(person, keyPath: "age"))
        XCTAssertFalse(screen.controller.unobserve(person, keyPath: "age"))
        person.age = 2
        screen.controller.unobserve(person)
        person.name = "C"
        XCTAssertEqual(screen.log, ["age 1", "action B"])
        try screen.controller.observe(person, keyPaths: ["name", "age"]) { screen, _, _ in screen.log.append("any") }
        XCTAssertEqual(screen.controller.observationCount, 2)
        screen.controller.unobserveAll()
        person.name = "D"
        XCTAssertEqual(screen.log.count, 2)
        XCTAssertEqual(person.observationCount, 0)
    }

    func testController_stopsWhenReleased_andRetainsObservedOnlyIfAsked() throws {
        var person: Person? = Person()
        weak let weakPerson = person
        var screen: Screen? = Screen()
        let weakController = KeyValueObservationController(observer: screen!, retainsObserved: false)
        try weakController.observe(person!, keyPath: "name") { _, _, _ in }
        person = nil
        XCTAssertNil(weakPerson, "a non-retaining controller does not keep observed objects alive")

        let observed = Person()
        var calls = 0
        try screen!.controller.observe(observed, keyPath: "name") { _, _, _ in calls += 1 }
        observed.name = "B"
        screen = nil
        observed.name = "C"
        XCTAssertEqual(calls, 1, "releasing the observer releases its controller, which stops everything")
        XCTAssertEqual(observed.observationCount, 0)
    }

    final class Label {
        var text = ""
        var observer: KeyValueActionObserver?
        func update(_ change: ObservedChange<String>) { text = change.newValue ?? "" }
    }

    func testActionObserver_callsWhileBothLive_andStopsWhenReleased() throws {
        let person = Person()
        var label: Label? = Label()
        weak let weakLabel = label
        label!.observer = try KeyValueActionObserver(object: person, keyPath: \.name, target: label!, action: Label.update)
        person.name = "Bea"
        XCTAssertEqual(label?.text, "Bea")
        label = nil
        XCTAssertNil(weakLabel, "the target is held weakly")
        person.name = "Cy"
        XCTAssertEqual(person.observationCount, 0, "releasing the observer with its owner stopped it")
    }
}
