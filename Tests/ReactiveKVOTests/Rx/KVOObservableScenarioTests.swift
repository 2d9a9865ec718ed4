import Foundation
import Reactive
import ReactiveKVO
import ReactiveTest
import TestSupport
import XCTest

// RxCocoa's KVO scenarios (its KVOObservableTests), translated from `NSObject` + `@objc dynamic`
// to `KeyValueObservable` + `@Observed`, a `weak` property to a `weak var` listed in
// `computedKeys` that notifies manually. Each test states the whole sequence RxCocoa's
// implementation gives (values, nils, completion, their order against `rx.deallocated`, what
// is retained), where RxCocoa's own tests check only the latest value.
//
// Left out, having no meaning in pure Swift:
// - `NSRect` (macOS's alias of `CGRect`): the `CGRect` scenarios cover it.
// - The Objective-C conversions behind `KVORepresentable` (an `NSNumber` read as `Int32`, an
//   `@objc` enum read through its raw number, an `NSValue` unboxed by its `objCType`): a
//   property here holds its Swift type, which is what each scenario asks for, so those
//   scenarios run without a conversion (and an `Int` property still reads as `NSNumber`, by
//   Foundation's bridging).
// - `autoreleasepool`, which the two "nilify" scenarios use to end lifetimes: Swift releases at
//   the end of a scope, so the scenarios release explicitly, in the order RxCocoa's pool did.

/// RxCocoa's `TestClass`: one optional string.
private final class OptionalText: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var pr: String? = "0"
}

/// RxCocoa's `Parent`: observes itself without retaining itself, and disposes in its deinit.
private final class SelfObservingParent: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    var disposeBag: DisposeBag? = DisposeBag()
    @Observed var val = ""

    init(callback: @escaping (String?) -> Void) {
        rx.observe(String.self, "val", options: [.initial, .new], retainSelf: false)
            .subscribe(onNext: callback)
            .disposed(by: disposeBag ?? DisposeBag())
    }

    deinit {
        disposeBag = nil
    }
}

/// RxCocoa's `Child`: observes its parent without retaining it; its bag ends the observation.
private final class ObservingChild {
    let disposeBag = DisposeBag()

    init(parent: ParentWithChild, callback: @escaping (String?) -> Void) {
        parent.rx.observe(String.self, "val", options: [.initial, .new], retainSelf: false)
            .subscribe(onNext: callback)
            .disposed(by: disposeBag)
    }
}

/// RxCocoa's `ParentWithChild`.
private final class ParentWithChild: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var val = ""
    var child: ObservingChild?

    init(callback: @escaping (String?) -> Void) {
        child = ObservingChild(parent: self, callback: callback)
    }
}

private enum IntEnum: Int { case one, two }
private enum UIntEnum: UInt { case one, two }
private enum Int32Enum: Int32 { case one, two }
private enum UInt32Enum: UInt32 { case one, two }
private enum Int64Enum: Int64 { case one, two }
private enum UInt64Enum: UInt64 { case one, two }

/// RxCocoa's `HasStrongProperty`.
private final class HasStrongProperty: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var property: AnyObject?
    @Observed var frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    @Observed var point = CGPoint(x: 3, y: 5)
    @Observed var size = CGSize(width: 1, height: 2)
    @Observed var intEnum = IntEnum.one
    @Observed var uintEnum = UIntEnum.one
    @Observed var int32Enum = Int32Enum.one
    @Observed var uint32Enum = UInt32Enum.one
    @Observed var int64Enum = Int64Enum.one
    @Observed var uint64Enum = UInt64Enum.one
    @Observed var integer = 1
    @Observed var uinteger: UInt = 1
}

/// RxCocoa's `HasWeakProperty`: its only observable property is weak, so a computed key that
/// notifies manually (a property wrapper cannot be `weak`), and it has no `@Observed` property.
private final class HasWeakProperty: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    weak var property: AnyObject? {
        willSet { willChangeValue(forKey: "property") }
        didSet { didChangeValue(forKey: "property") }
    }

    static var computedKeys: [String: PartialKeyPath<HasWeakProperty>] { ["property": \HasWeakProperty.property] }
}

/// An object whose deallocation can be watched, for the leaves RxCocoa makes `NSObject()`s.
private final class Leaf: KeyValueObservable, CustomStringConvertible {
    let keyValueRegistrar = KeyValueRegistrar()
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { name }
}

/// Events as text, in arrival order, with `rx.deallocated` interleaved ("deallocated").
private final class Log {
    var entries: [String] = []

    func record<E>(_ observable: Observable<E?>, _ describe: @escaping (E) -> String = { "\($0)" }) -> Disposable {
        observable.subscribe { [self] event in
            switch event {
            case .next(let value): entries.append(value.map(describe) ?? "nil")
            case .error(let error): entries.append("error: \(error)")
            case .completed: entries.append("completed")
            }
        }
    }

    func recordDeallocation(of object: some KeyValueObservable) -> Disposable {
        object.rx.deallocated.subscribe(onNext: { [self] in entries.append("deallocated") })
    }
}

/// A string object, as RxCocoa's `"a".duplicate()`.
private func text(_ value: String) -> AnyObject { NSMutableString(string: value) }

final class KVOObservableScenarioTests: KVOTestCase {
    // MARK: Typed key paths (`rx.observe(\.key)`)

    func testKeyPath_defaultOptions_currentValueThenChanges_completesWhenTheObjectIsReleased() {
        var object: OptionalText? = OptionalText()
        weak let weakObject = object
        let log = Log()
        _ = log.record(object!.rx.observe(\.pr))
        object?.pr = "1"
        object?.pr = "2"
        object?.pr = nil
        object?.pr = "3"
        XCTAssertEqual(log.entries, ["0", "1", "2", "nil", "3"])
        object = nil
        XCTAssertNil(weakObject, "held weakly")
        XCTAssertEqual(log.entries, ["0", "1", "2", "nil", "3", "completed"])
    }

    func testKeyPath_newAndInitial_disposeStopsIt() {
        let object = OptionalText()
        let log = Log()
        let subscription = log.record(object.rx.observe(\.pr, options: [.new, .initial]))
        object.pr = "1"
        object.pr = "2"
        object.pr = nil
        object.pr = "3"
        subscription.dispose()
        object.pr = "4"
        XCTAssertEqual(log.entries, ["0", "1", "2", "nil", "3"])
    }

    func testKeyPath_newOnly_noCurrentValue_completesWhenReleased() {
        var object: OptionalText? = OptionalText()
        let log = Log()
        _ = log.record(object!.rx.observe(\.pr, options: [.new]))
        XCTAssertEqual(log.entries, [])
        object?.pr = "1"
        object?.pr = "2"
        object?.pr = nil
        object?.pr = "3"
        object = nil
        XCTAssertEqual(log.entries, ["1", "2", "nil", "3", "completed"])
    }

    // MARK: `rx.observe(_:_:)`

    func testObserve_newOnly() {
        let object = OptionalText()
        let log = Log()
        let subscription = log.record(object.rx.observe(String.self, "pr", options: .new))
        XCTAssertEqual(log.entries, [])
        object.pr = "1"
        object.pr = "2"
        object.pr = nil
        object.pr = "3"
        subscription.dispose()
        object.pr = "4"
        XCTAssertEqual(log.entries, ["1", "2", "nil", "3"])
    }

    func testObserve_newAndInitial_andDefault_startWithTheCurrentValue() {
        for options in [[.initial, .new], nil] as [KeyValueObservingOptions?] {
            let object = OptionalText()
            let log = Log()
            let observable = options.map { object.rx.observe(String.self, "pr", options: $0) } ?? object.rx.observe(String.self, "pr")
            let subscription = log.record(observable)
            object.pr = "1"
            object.pr = "2"
            object.pr = nil
            object.pr = "3"
            subscription.dispose()
            object.pr = "4"
            XCTAssertEqual(log.entries, ["0", "1", "2", "nil", "3"], "options \(String(describing: options))")
        }
    }

    func testObserve_notRetainingItself_endsWithTheBagItsDeinitEmpties() {
        let log = Log()
        var parent: SelfObservingParent? = SelfObservingParent { log.entries.append($0 ?? "nil") }
        _ = log.recordDeallocation(of: parent!)
        XCTAssertEqual(log.entries, [""])
        parent?.val = "1"
        parent = nil
        XCTAssertEqual(log.entries, ["", "1", "deallocated"], "released: the observation did not retain it")
    }

    func testObserve_childObservingItsParentWithoutRetainingIt() {
        let log = Log()
        var parent: ParentWithChild? = ParentWithChild { log.entries.append($0 ?? "nil") }
        _ = log.recordDeallocation(of: parent!)
        parent?.val = "1"
        parent = nil
        XCTAssertEqual(log.entries, ["", "1", "deallocated"])
    }

    // MARK: `rx.observeWeakly`

    func testObserveWeakly_strongProperty() {
        var root: HasStrongProperty? = HasStrongProperty()
        let log = Log()
        _ = log.record(root!.rx.observeWeakly(String.self, "property"))
        _ = log.recordDeallocation(of: root!)
        XCTAssertEqual(log.entries, ["nil"])
        root?.property = text("a")
        XCTAssertEqual(log.entries, ["nil", "a"])
        root = nil
        XCTAssertEqual(log.entries, ["nil", "a", "nil", "completed", "deallocated"])
    }

    func testObserveWeakly_weakProperty_inAClassWithNoObservedProperty() {
        var root: HasWeakProperty? = HasWeakProperty()
        let log = Log()
        _ = log.record(root!.rx.observeWeakly(String.self, "property"))
        _ = log.recordDeallocation(of: root!)
        let a = text("a")
        root?.property = a
        XCTAssertEqual(log.entries, ["nil", "a"])
        root = nil
        XCTAssertEqual(log.entries, ["nil", "a", "nil", "completed", "deallocated"])
        withExtendedLifetime(a) {}
    }

    func testObserveWeakly_weakThenStrong_observedFirst() {
        var strong: HasStrongProperty? = HasStrongProperty()
        var weakHolder: HasWeakProperty? = HasWeakProperty()
        let log = Log()
        _ = log.record(weakHolder!.rx.observeWeakly(String.self, "property.property"))
        _ = log.recordDeallocation(of: weakHolder!)
        XCTAssertEqual(log.entries, ["nil"])
        weakHolder?.property = strong
        XCTAssertEqual(log.entries, ["nil", "nil"], "the new intermediate's current value")
        strong?.property = text("1")
        XCTAssertEqual(log.entries, ["nil", "nil", "1"])
        // Checked between the two releases: optimised code may otherwise free them in either
        // order (freeing `strong` first ends its part with a nil of its own).
        weakHolder = nil
        XCTAssertEqual(log.entries, ["nil", "nil", "1", "nil", "completed", "deallocated"])
        strong = nil
        XCTAssertEqual(log.entries, ["nil", "nil", "1", "nil", "completed", "deallocated"])
    }

    func testObserveWeakly_weakThenStrong_setUpFirst() {
        var strong: HasStrongProperty? = HasStrongProperty()
        var weakHolder: HasWeakProperty? = HasWeakProperty()
        weakHolder?.property = strong
        strong?.property = text("1")
        let log = Log()
        _ = log.record(weakHolder!.rx.observeWeakly(String.self, "property.property"))
        _ = log.recordDeallocation(of: weakHolder!)
        XCTAssertEqual(log.entries, ["1"])
        weakHolder = nil
        XCTAssertEqual(log.entries, ["1", "nil", "completed", "deallocated"])
        strong = nil
        XCTAssertEqual(log.entries, ["1", "nil", "completed", "deallocated"])
    }

    func testObserveWeakly_strongThenWeak_observedFirst() {
        var weakHolder: HasWeakProperty? = HasWeakProperty()
        var strong: HasStrongProperty? = HasStrongProperty()
        let log = Log()
        _ = log.record(strong!.rx.observeWeakly(String.self, "property.property"))
        _ = log.recordDeallocation(of: strong!)
        strong?.property = weakHolder
        let one = text("1")
        weakHolder?.property = one
        XCTAssertEqual(log.entries, ["nil", "nil", "1"])
        strong = nil
        weakHolder = nil
        XCTAssertEqual(log.entries, ["nil", "nil", "1", "nil", "completed", "deallocated"])
        withExtendedLifetime(one) {}
    }

    func testObserveWeakly_strongThenWeak_setUpFirst() {
        var weakHolder: HasWeakProperty? = HasWeakProperty()
        var strong: HasStrongProperty? = HasStrongProperty()
        strong?.property = weakHolder
        let one = text("1")
        weakHolder?.property = one
        let log = Log()
        _ = log.record(strong!.rx.observeWeakly(String.self, "property.property"))
        _ = log.recordDeallocation(of: strong!)
        XCTAssertEqual(log.entries, ["1"])
        strong = nil
        weakHolder = nil
        XCTAssertEqual(log.entries, ["1", "nil", "completed", "deallocated"])
        withExtendedLifetime(one) {}
    }

    func testObserveWeakly_strongThenWeak_rootReleasedWhileTheWeakLeafIsHeldOnlyByTheLastElement() {
        let child = HasWeakProperty()
        var root: HasStrongProperty? = HasStrongProperty()
        root?.property = child
        var one: Leaf? = Leaf("one")
        weak let weakOne = one
        child.property = one
        var latest: Leaf?
        _ = root!.rx.observeWeakly(Leaf.self, "property.property").subscribe(onNext: { latest = $0 })
        XCTAssertTrue(latest === one)
        one = nil
        XCTAssertNotNil(weakOne, "the last element holds it")
        root = nil
        XCTAssertNil(latest, "the root's end")
        XCTAssertNil(weakOne, "released once the last element was replaced")
        XCTAssertNil(child.property)
    }

    func testObserveWeakly_weakLeafReleasedWhileTheRootLives_sendsNil_andGoesOn() {
        let child = HasWeakProperty()
        let root = HasStrongProperty()
        root.property = child
        let log = Log()
        let subscription = log.record(root.rx.observeWeakly(Leaf.self, "property.property"))
        var one: Leaf? = Leaf("one")
        child.property = one
        one = nil
        let two = Leaf("two")
        child.property = two
        XCTAssertEqual(log.entries, ["nil", "one", "nil", "two"], "a weak property that became nil by itself")
        subscription.dispose()
    }

    /// A strong computed key replaced with a manual notification: the old object dies inside the
    /// change, which then reports the new one; no nil in between (RxCocoa sees the property is
    /// strong and does not watch the object).
    func testObserveWeakly_strongComputedKeyReplaced_sendsTheNewValueWithoutANilBefore() {
        final class Holder: KeyValueObservable {
            let keyValueRegistrar = KeyValueRegistrar()
            var stored: Leaf? = Leaf("first")
            var current: Leaf? {
                get { stored }
                set {
                    willChangeValue(forKey: "current")
                    stored = newValue
                    didChangeValue(forKey: "current")
                }
            }
            static var computedKeys: [String: PartialKeyPath<Holder>] { ["current": \Holder.current] }
        }
        let holder = Holder()
        let log = Log()
        let subscription = log.record(holder.rx.observeWeakly(Leaf.self, "current"))
        weak let first = holder.current
        holder.current = Leaf("second")
        XCTAssertNil(first, "the first object died inside the change")
        XCTAssertEqual(log.entries, ["first", "second"])
        subscription.dispose()
    }

    /// The observed object goes, releasing a strong child held in a plain stored property
    /// declared before its registrar (so released first): one nil, from the object's own end.
    func testObserveWeakly_objectReleasedWithItsStrongChildReleasedFirst_sendsOneNil() {
        final class Holder: KeyValueObservable {
            var stored: Leaf? = Leaf("child")
            let keyValueRegistrar = KeyValueRegistrar()
            var current: Leaf? { stored }
            static var computedKeys: [String: PartialKeyPath<Holder>] { ["current": \Holder.current] }
        }
        var holder: Holder? = Holder()
        let log = Log()
        _ = log.record(holder!.rx.observeWeakly(Leaf.self, "current"))
        holder = nil
        XCTAssertEqual(log.entries, ["child", "nil", "completed"])
    }

    func testObserveWeakly_weakWeakWeak_middleReleased_nilifiesCorrectly() {
        let root = HasWeakProperty()
        var middle: HasWeakProperty? = HasWeakProperty()
        var leaf: HasWeakProperty? = HasWeakProperty()
        root.property = middle
        middle?.property = leaf
        let log = Log()
        let subscription = log.record(root.rx.observeWeakly(Leaf.self, "property.property.property"))
        XCTAssertEqual(log.entries, ["nil"])
        let one = Leaf("one")
        leaf?.property = one
        XCTAssertEqual(log.entries, ["nil", "one"])
        leaf = nil
        XCTAssertEqual(log.entries, ["nil", "one", "nil"], "the leaf holder went")
        middle = nil
        XCTAssertEqual(log.entries, ["nil", "one", "nil", "nil"], "then the middle")
        XCTAssertNil(root.property)
        subscription.dispose()
    }

    func testObserveWeakly_targetReleased() {
        var root: HasStrongProperty? = HasStrongProperty()
        root?.property = text("a")
        let log = Log()
        _ = log.record(root!.rx.observeWeakly(String.self, "property"))
        XCTAssertEqual(log.entries, ["a"])
        _ = log.recordDeallocation(of: root!)
        root = nil
        XCTAssertEqual(log.entries, ["a", "nil", "completed", "deallocated"])
    }

    func testObserveWeakly_newOnly_dropsTheCurrentValue() {
        var root: HasStrongProperty? = HasStrongProperty()
        root?.property = text("a")
        let log = Log()
        _ = log.record(root!.rx.observeWeakly(String.self, "property", options: .new))
        XCTAssertEqual(log.entries, [])
        root?.property = text("b")
        XCTAssertEqual(log.entries, ["b"])
        _ = log.recordDeallocation(of: root!)
        root = nil
        XCTAssertEqual(log.entries, ["b", "nil", "completed", "deallocated"])
    }

    func testObserveWeakly_intAsNSNumber() {
        var root: HasStrongProperty? = HasStrongProperty()
        let log = Log()
        _ = log.record(root!.rx.observeWeakly(NSNumber.self, "integer")) { "\($0.intValue)" }
        root?.integer = 10
        _ = log.recordDeallocation(of: root!)
        root = nil
        XCTAssertEqual(log.entries, ["1", "10", "nil", "completed", "deallocated"])
    }

    func testObserveWeakly_unknownKey_failsAtSubscription_holdingNothing() {
        var root: HasStrongProperty? = HasStrongProperty()
        let log = Log()
        _ = log.record(root!.rx.observeWeakly(NSNumber.self, "notExist"))
        _ = log.recordDeallocation(of: root!)
        root = nil
        XCTAssertEqual(log.entries, ["error: HasStrongProperty has no observable key 'notExist' (mark the property @Observed, or list it in computedKeys)", "deallocated"])
    }

    func testObserveWeakly_unknownKeyFurtherOn_failsWhenAnObjectLackingItAppears() {
        var root: HasStrongProperty? = HasStrongProperty()
        let log = Log()
        _ = log.record(root!.rx.observeWeakly(NSNumber.self, "property.notExist"))
        XCTAssertEqual(log.entries, ["nil"])
        root?.property = HasStrongProperty()
        XCTAssertEqual(log.entries, ["nil", "error: HasStrongProperty has no observable key 'notExist' (mark the property @Observed, or list it in computedKeys)"])
        _ = log.recordDeallocation(of: root!)
        root = nil
        XCTAssertEqual(log.entries.last, "deallocated")
    }

    /// Every option combination, one step and dotted, as RxCocoa's implementation gives them:
    /// every step observed with `.initial` added, its elements the changes' new values (nil
    /// without `.new`), the first element dropped without `.initial`.
    func testObserveWeakly_everyOptionCombination_oneStepAndDotted() {
        let expected: [(KeyValueObservingOptions, oneStep: [String], dotted: [String])] = [
            ([.new, .initial], ["Ann", "Bob", "Cid", "nil", "completed"], ["Oslo", "Rome", "Lima", "Kyiv", "nil", "completed"]),
            ([.new], ["Bob", "Cid", "nil", "completed"], ["Rome", "Lima", "Kyiv", "nil", "completed"]),
            ([.initial], ["nil", "nil", "nil", "nil", "completed"], ["nil", "nil", "nil", "completed"]),
            ([], ["nil", "nil", "nil", "completed"], ["nil", "nil", "completed"]),
        ]
        for (options, oneStep, dotted) in expected {
            var person: Person? = Person()
            let log = Log()
            _ = log.record(person!.rx.observeWeakly(String.self, "name", options: options))
            person?.name = "Bob"
            person?.name = "Cid"
            person = nil
            XCTAssertEqual(log.entries, oneStep, "one step, options \(options.rawValue)")

            var owner: Person? = Person()
            owner?.address = Address(city: "Oslo")
            let dottedLog = Log()
            _ = dottedLog.record(owner!.rx.observeWeakly(String.self, "address.city", options: options))
            owner?.address?.city = "Rome"
            owner?.address = Address(city: "Lima")
            owner?.address?.city = "Kyiv"
            owner = nil
            XCTAssertEqual(dottedLog.entries, dotted, "dotted, options \(options.rawValue)")
        }
    }

    /// The case: with `.new` only, a replaced intermediate sends the new one's value.
    func testObserveWeakly_newOnly_replacedIntermediate_sendsItsValue() {
        let person = Person()
        person.address = Address(city: "x")
        let log = Log()
        let subscription = log.record(person.rx.observeWeakly(String.self, "address.city", options: .new))
        person.address?.city = "y"
        person.address = Address(city: "z")
        XCTAssertEqual(log.entries, ["y", "z"])
        subscription.dispose()
    }

    // MARK: Structures

    func testObserve_anotherStructureThanTheProperty_sendsNil_keepsObservingAndTheObject() {
        var root: HasStrongProperty? = HasStrongProperty()
        weak let weakRoot = root
        let log = Log()
        var subscription: Disposable?
        let written = captureStandardError {
            subscription = log.record(root!.rx.observe(CGSize.self, "frame"))
            root?.size = CGSize(width: 56, height: 1)
            root?.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        }
        XCTAssertEqual(log.entries, ["nil", "nil"])
        root = nil
        XCTAssertNotNil(weakRoot, "the subscription keeps the object")
        subscription?.dispose()
        XCTAssertNil(weakRoot)
        #if DEBUG
        XCTAssertEqual(written.components(separatedBy: "HasStrongProperty.frame holds CGRect, not CGSize").count, 2, written)
        #endif
    }

    func testObserve_structures_keepTheObject() {
        assertObserveKeepsTheObject(\.frame, "frame", CGRect(x: -2, y: 0, width: 0, height: 1))
        assertObserveKeepsTheObject(\.size, "size", CGSize(width: 56, height: 1))
        assertObserveKeepsTheObject(\.point, "point", CGPoint(x: -100, y: 1))
    }

    func testObserveWeakly_structures_endWithTheObject() {
        assertObserveWeaklyEndsWithTheObject(\.frame, "frame", CGRect(x: -2, y: 0, width: 0, height: 1))
        assertObserveWeaklyEndsWithTheObject(\.size, "size", CGSize(width: 56, height: 1))
        assertObserveWeaklyEndsWithTheObject(\.point, "point", CGPoint(x: -100, y: 1))
    }

    // MARK: Integers and enums

    func testObserve_integersAndEnums_keepTheObject() {
        assertObserveKeepsTheObject(\.integer, "integer", 2)
        assertObserveKeepsTheObject(\.uinteger, "uinteger", 2)
        assertObserveKeepsTheObject(\.intEnum, "intEnum", .two)
        assertObserveKeepsTheObject(\.uintEnum, "uintEnum", .two)
        assertObserveKeepsTheObject(\.int32Enum, "int32Enum", .two)
        assertObserveKeepsTheObject(\.uint32Enum, "uint32Enum", .two)
        assertObserveKeepsTheObject(\.int64Enum, "int64Enum", .two)
        assertObserveKeepsTheObject(\.uint64Enum, "uint64Enum", .two)
    }

    func testObserveWeakly_integersAndEnums_endWithTheObject() {
        assertObserveWeaklyEndsWithTheObject(\.integer, "integer", 2)
        assertObserveWeaklyEndsWithTheObject(\.uinteger, "uinteger", 2)
        assertObserveWeaklyEndsWithTheObject(\.intEnum, "intEnum", .two)
        assertObserveWeaklyEndsWithTheObject(\.uintEnum, "uintEnum", .two)
        assertObserveWeaklyEndsWithTheObject(\.int32Enum, "int32Enum", .two)
        assertObserveWeaklyEndsWithTheObject(\.uint32Enum, "uint32Enum", .two)
        assertObserveWeaklyEndsWithTheObject(\.int64Enum, "int64Enum", .two)
        assertObserveWeaklyEndsWithTheObject(\.uint64Enum, "uint64Enum", .two)
    }

    /// `rx.observe(T.self, key)`: the current value, the new one; the subscription keeps the
    /// object after the test drops it, so it is not deallocated until disposed.
    private func assertObserveKeepsTheObject<T: Equatable>(_ property: ReferenceWritableKeyPath<HasStrongProperty, T>, _ key: String, _ newValue: T, file: StaticString = #filePath, line: UInt = #line) {
        var root: HasStrongProperty? = HasStrongProperty()
        let initial = root![keyPath: property]
        var values: [T?] = []
        var deallocated = false
        let subscription = root!.rx.observe(T.self, key).subscribe(onNext: { values.append($0) })
        root?[keyPath: property] = newValue
        _ = root!.rx.deallocated.subscribe(onCompleted: { deallocated = true })
        root = nil
        XCTAssertEqual(values, [initial, newValue], key, file: file, line: line)
        XCTAssertFalse(deallocated, key, file: file, line: line)
        subscription.dispose()
        XCTAssertTrue(deallocated, key, file: file, line: line)
    }

    /// `rx.observeWeakly(T.self, key)`: the current value, the new one, then nil and completion
    /// when the test drops the object, before `rx.deallocated`.
    private func assertObserveWeaklyEndsWithTheObject<T: Equatable>(_ property: ReferenceWritableKeyPath<HasStrongProperty, T>, _ key: String, _ newValue: T, file: StaticString = #filePath, line: UInt = #line) {
        var root: HasStrongProperty? = HasStrongProperty()
        let initial = root![keyPath: property]
        var events: [Event<T?>] = []
        var order: [String] = []
        _ = root!.rx.observeWeakly(T.self, key).subscribe { event in
            events.append(event)
            if event.isStopEvent { order.append("completed") }
        }
        root?[keyPath: property] = newValue
        _ = root!.rx.deallocated.subscribe(onCompleted: { order.append("deallocated") })
        root = nil
        XCTAssertEqual(events, [.next(initial), .next(newValue), .next(nil), .completed], key, file: file, line: line)
        XCTAssertEqual(order, ["completed", "deallocated"], key, file: file, line: line)
    }
}
