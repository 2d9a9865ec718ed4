import Foundation
import Reactive

/// The observation of a dotted key path (`"owner.address.city"`): one internal registration per
/// step, re-wired when an intermediate object changes, is set to nil or is deallocated.
///
/// The user's registration is notified with the whole path's old and new values; a nil or
/// deallocated intermediate makes the value nil, and nothing is left registered on a dead
/// object.
final class KeyPathChain: @unchecked Sendable {
    /// Weak: the root's registry owns this chain through the registration.
    private weak let root: (any KeyValueObservable)?
    private let steps: [String]
    private let lock = Lock()
    // Guarded by lock. Unchecked exclusivity: the lock orders every access, and the dynamic
    // check cost about 80 instructions per access on the per-change path.
    @exclusivity(unchecked) private var links: [Link] = []
    /// The path's value, for the old value of the next change. Kept up to date by a leaf
    /// change only when the registration asks for old values (see `leafChanged`); every
    /// re-wiring reads it afresh.
    @exclusivity(unchecked) private var lastValue: Any?
    @exclusivity(unchecked) private var invalidated = false

    /// The user's registration, weakly, for the handlers of the steps' registrations: they
    /// reach the chain through it (the registration owns the chain). Not a weak reference to
    /// the chain itself: that would give the chain a side table too, making each retain and
    /// release of it slow, and cost a second weak load per change.
    private final class WeakRegistration: Sendable {
        weak let registration: Registration?

        init(_ registration: Registration) {
            self.registration = registration
        }
    }

    /// What the handlers hold (see `WeakRegistration`); the chain's own way to its
    /// registration too.
    private let handlerReference: WeakRegistration

    /// The user's registration, while it lives (it owns the chain).
    private var registration: Registration? { handlerReference.registration }

    /// One step's registration, on the object at that step.
    private struct Link {
        let token: KeyValueObservation
        let deallocationHook: (registry: ObservationRegistry, id: Int)?
    }

    static func rootKey(for keyPath: String) -> String { keyPath }

    private init(root: any KeyValueObservable, steps: [String], registration: Registration) {
        self.root = root
        self.steps = steps
        handlerReference = WeakRegistration(registration)
    }

    static func register(_ registration: Registration, on root: some KeyValueObservable, steps: [String]) throws -> Bool {
        // Validate the path as it stands: an unknown key or a non-observable intermediate throws.
        _ = try root.value(forKeyPath: registration.keyPath)
        guard root.observationRegistry.addDotted(registration) else { return false }
        let chain = KeyPathChain(root: root, steps: steps, registration: registration)
        registration.chain = chain
        do {
            try chain.rewire(from: 0)
        } catch {
            _ = root.unregister(keyPath: registration.keyPath) { $0 === registration }
            throw error
        }
        let value = chain.lock.withLock { chain.lastValue }
        if registration.options.contains(.initial) {
            registration.deliver(KeyValueChange(kind: .setting, newValue: registration.options.contains(.new) ? value : nil), of: root)
        }
        return true
    }

    /// Re-registers the steps from `level` on, on the objects now on the path.
    private func rewire(from level: Int) throws {
        guard let root else { return }
        var object: (any KeyValueObservable)? = root
        var objects: [any KeyValueObservable] = []
        for index in 0..<steps.count {
            guard let current = object else { break }
            objects.append(current)
            if index == steps.count - 1 { break }
            let next = try current.value(forKey: steps[index])
            guard let next else {
                object = nil
                break
            }
            guard let observable = next as? any KeyValueObservable else {
                throw KeyValueCodingError.notKeyValueObservable(key: steps[index], type: "\(type(of: next))")
            }
            object = observable
        }
        let value = try? root.value(forKeyPath: steps.joined(separator: "."))
        let dropped: [Link] = lock.withLock {
            if invalidated { return [] }
            let dropped = Array(links.dropFirst(level))
            links.removeSubrange(Swift.min(level, links.count)...)
            lastValue = value ?? nil
            return dropped
        }
        release(dropped)
        var added: [Link] = []
        var failure: Swift.Error?
        for index in Swift.max(level, 0)..<objects.count {
            do {
                added.append(try link(objects[index], level: index))
            } catch {
                // The steps linked so far stay (they see the path change again); none after.
                failure = error
                break
            }
        }
        let leftover: [Link] = lock.withLock {
            if invalidated { return added }
            links.append(contentsOf: added)
            return []
        }
        release(leftover)
        if let failure { throw failure }
    }

    private func link(_ object: any KeyValueObservable, level: Int) throws -> Link {
        // A prior notification only serves a user who asked for one: without it, a step's
        // setter takes its plain path (no will/did pair). The leaf step takes its new value
        // with the change, so that a change there (the common one) re-reads nothing.
        let isLeaf = level == steps.count - 1
        var options: KeyValueObservingOptions = isLeaf ? [.new] : []
        if registration?.options.contains(.prior) == true { options.insert(.prior) }
        // The handlers hold the chain through `WeakRegistration`, not a `[weak self]` capture: a
        // captured weak variable lives in a box whose every read is checked for exclusivity at
        // run time (about 80 instructions a change).
        let reference = handlerReference
        let token = try object.observe(steps[level], options: options) { _, change in
            guard let registration = reference.registration, let chain = registration.chain else { return }
            if isLeaf && change.kind == .setting && !change.isPrior {
                chain.leafChanged(to: change.newValue, for: registration)
            } else {
                chain.stepChanged(level: level, isPrior: change.isPrior, for: registration)
            }
        }
        var hook: (ObservationRegistry, Int)?
        if level > 0 {
            let registry = object.observationRegistry
            if let id = registry.onDeallocation(early: true, {
                guard let registration = reference.registration, let chain = registration.chain else { return }
                chain.stepChanged(level: level - 1, isPrior: false, for: registration)
            }) {
                hook = (registry, id)
            }
        }
        return Link(token: token, deallocationHook: hook)
    }

    private func release(_ links: [Link]) {
        for link in links {
            link.token.invalidate()
            if let (registry, id) = link.deallocationHook { registry.removeDeallocationHook(id) }
        }
    }

    private func stepChanged(level: Int, isPrior: Bool, for registration: Registration) {
        guard let root = liveRoot(of: registration) else { return }
        let old = lock.withLock { lastValue }
        if isPrior {
            if registration.options.contains(.prior) {
                registration.deliver(KeyValueChange(kind: .setting, oldValue: registration.options.contains(.old) ? old : nil, isPrior: true), of: root)
            }
            return
        }
        do {
            try rewire(from: level + 1)
        } catch {
            // An object that appeared on the path lacks the next key (it could not be checked
            // while the path was nil there): the path is followed no further than that object.
            registration.fail(error)
        }
        let new = lock.withLock { lastValue }
        deliverSetting(old: old, new: new, to: registration, of: root)
    }

    /// The last step's value was set to `new` on the object the path leads to now: no step to
    /// re-wire, and the path's value is `new`.
    private func leafChanged(to new: Any?, for registration: Registration) {
        guard let root = liveRoot(of: registration) else { return }
        // The path's last value only serves as the old value of the next change: kept only
        // for a registration that asks for old values (a copy of an `Any` and the destruction
        // of the one it replaces, both through value witnesses, spared otherwise).
        let keepsOld = registration.options.contains(.old)
        var old: Any? = nil
        lock.lock()
        if invalidated {
            lock.unlock()
            return
        }
        if keepsOld {
            // Swapped rather than copied: a copy of an `Any` goes through its value witnesses.
            old = new
            swap(&old, &lastValue)
        }
        lock.unlock()
        deliverSetting(old: old, new: new, to: registration, of: root)
    }

    /// The root, while it lives and the user's registration is active; nil otherwise (and if
    /// the registration's observer was released, nothing of this path stays registered).
    private func liveRoot(of registration: Registration) -> (any KeyValueObservable)? {
        guard registration.isActive, let root else { return nil }
        if registration.observerIsGone {
            root.observationRegistry.removeGoneObservers()
            return nil
        }
        return root
    }

    /// Tells the user's registration that the path's value went from `old` to `new`.
    private func deliverSetting(old: Any?, new: Any?, to registration: Registration, of root: any KeyValueObservable) {
        let options = registration.options
        registration.deliver(KeyValueChange(
            kind: .setting,
            oldValue: options.contains(.old) ? old : nil,
            newValue: options.contains(.new) ? new : nil), of: root)
    }

    /// Removes every step's registration.
    func invalidate() {
        let dropped: [Link] = lock.withLock {
            invalidated = true
            defer { links = [] }
            return links
        }
        release(dropped)
    }
}
