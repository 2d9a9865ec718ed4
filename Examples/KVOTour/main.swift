// A tour of the key-value observing engine: every feature in order, each step printing what
// happened and why.
import Dispatch
import Foundation
import Reactive
import ReactiveKVO

final class Person: KeyValueObservable {
    // Where the engine keeps this object's observers, and how it learns the object is gone
    // (Objective-C keeps both beside every object; Swift needs a stored property).
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var name = "Ann"
    @Observed var address: Address?
    @Observed var friends: [String] = []
    weak var manager: Person?

    static var computedKeys: [String: PartialKeyPath<Person>] { ["manager": \Person.manager, "title": \Person.title] }
    var title: String { "Dr. \(name)" }

    static func keyPathsForValuesAffectingValue(forKey key: String) -> Set<String> {
        key == "title" ? ["name"] : []
    }

    init(name: String) {
        self.name = name
    }
}

final class Address: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var city: String

    init(city: String) {
        self.city = city
    }
}

/// A classic observer: one callback for everything, told apart by context.
final class Logger: KeyValueObserving {
    func observeValue(forKeyPath keyPath: String, of object: AnyObject, change: KeyValueChange, context: UnsafeMutableRawPointer?) {
        print("   observer: \(keyPath) \(change)")
    }
}

func step(_ title: String) { print("\n== \(title)") }

func tour() throws {
    let ann = Person(name: "Ann")
    let logger = Logger()

    step("1. Options: .new, .old, .initial, .prior")
    try ann.addObserver(logger, forKeyPath: "name", options: [.new, .old, .initial, .prior])
    print("   (the .initial callback above came at registration)")
    ann.name = "Anna"
    print("   a prior callback came before the change, then one after it")
    ann.removeObserver(logger, forKeyPath: "name")

    step("2. Adding twice gives one registration; removing twice is a no-op")
    print("   first add: \(try ann.addObserver(logger, forKeyPath: "name"))")
    print("   second add: \(try ann.addObserver(logger, forKeyPath: "name"))")
    ann.name = "Annie"
    print("   first remove: \(ann.removeObserver(logger, forKeyPath: "name"))")
    print("   second remove: \(ann.removeObserver(logger, forKeyPath: "name"))")

    step("3. Dependent keys: `title` depends on `name`")
    let title = try ann.observe("title", options: [.old, .new]) { _, change in print("   title: \(change.oldValue ?? "-") → \(change.newValue ?? "-")") }
    ann.name = "Ada"
    title.invalidate()

    step("4. Collections: mutations through mutableArrayValue carry kind and indexes")
    let friends = try ann.observe("friends", options: [.new, .old]) { _, change in print("   friends: \(change)") }
    let proxy = try ann.mutableArrayValue(forKey: "friends")
    try proxy.append("Bob")
    try proxy.insert("Cy", at: 0)
    try proxy.replace(at: 1, with: "Bea")
    try proxy.remove(at: 0)
    friends.invalidate()

    step("5. Dotted key paths: the intermediate is replaced, set to nil, and deallocated")
    ann.address = Address(city: "Oslo")
    let city = try ann.observe("address.city", options: [.new]) { _, change in print("   address.city is now \(change.newValue ?? "nil")") }
    ann.address?.city = "Rome"
    ann.address = Address(city: "Lima")
    ann.address = nil
    city.invalidate()
    var boss: Person? = Person(name: "Boss")
    ann.manager = boss
    let managerName = try ann.observe("manager.name", options: [.new]) { _, change in print("   manager.name is now \(change.newValue ?? "nil")") }
    boss?.name = "Big Boss"
    print("   the manager (held weakly) is deallocated:")
    boss = nil
    managerName.invalidate()

    step("6. Errors name the class, the key and the types")
    do { _ = try ann.value(forKey: "age") } catch { print("   \(error)") }
    do { try ann.setValue(42, forKey: "name") } catch { print("   \(error)") }

    step("7. The controller (FBKVOController style) and the target/action observer")
    final class Screen {
        lazy var kvo = KeyValueObservationController(observer: self)
        func render(_ person: Person, _ change: KeyValueChange) { print("   screen renders \(change.newValue ?? "-")") }
    }
    var screen: Screen? = Screen()
    try screen?.kvo.observe(ann, keyPath: "name", options: .new, action: Screen.render)
    ann.name = "Ava"
    screen = nil
    ann.name = "Ava (nobody renders: the screen and its controller are gone)"
    print("   registrations left: \(ann.observationCount)")
    final class Badge {
        var observer: KeyValueActionObserver?
        func update(_ change: ObservedChange<String>) { print("   badge shows \(change.newValue ?? "-")") }
    }
    var badge: Badge? = Badge()
    badge?.observer = try KeyValueActionObserver(object: ann, keyPath: \.name, target: badge!, action: Badge.update)
    ann.name = "Ava B."
    badge = nil
    ann.name = "Ava C. (the badge is gone: its observer stopped with it)"
    print("   registrations left: \(ann.observationCount)")

    step("8. Delivery on a queue")
    let queue = DispatchQueue(label: "tour.delivery")
    let onQueue = try ann.observe(\.name, options: .new, queue: queue) { _, change in print("   on the queue: \(change.newValue ?? "-")") }
    ann.name = "Queued"
    queue.sync {}
    onQueue.invalidate()

    step("9. Rx: rx.observe, observeWeakly and rx.deallocated")
    let bag = DisposeBag()
    ann.rx.observe(String.self, "name").subscribe(onNext: { print("   rx name: \($0 ?? "nil")") }).disposed(by: bag)
    ann.name = "Rx"
    var temporary: Person? = Person(name: "Temp")
    temporary?.rx.deallocated.subscribe(onNext: { print("   Temp was deallocated") }).disposed(by: bag)
    temporary = nil
    // `manager` is weak: when the manager goes, observeWeakly sends nil (no setter ran).
    var director: Person? = Person(name: "Dee")
    ann.manager = director
    ann.rx.observeWeakly(String.self, "manager.name").subscribe(onNext: { print("   manager's name: \($0 ?? "nil")") }).disposed(by: bag)
    director?.name = "Dee Jones"
    director = nil

    step("10. observationInfo shows what is registered")
    print(ann.observationInfo)
}

do {
    try tour()
} catch {
    print("tour failed: \(error)")
}
