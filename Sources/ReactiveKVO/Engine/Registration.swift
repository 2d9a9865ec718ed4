import Dispatch
import Synchronization

/// One registration: who is told about which key path, with which options and context.
final class Registration: @unchecked Sendable {
    let keyPath: String
    let options: KeyValueObservingOptions
    let context: UnsafeMutableRawPointer?
    let queue: DispatchQueue?
    /// The observer of `addObserver`, held weakly; nil for block registrations.
    private weak var observer: KeyValueObserving?
    let observerIdentity: ObjectIdentifier?
    private let block: ((AnyObject, KeyValueChange) -> Void)?
    private let active = Atomic<Bool>(true)
    /// A dotted key path's chain of per-step registrations.
    var chain: KeyPathChain?

    init(keyPath: String, options: KeyValueObservingOptions, context: UnsafeMutableRawPointer?, observer: KeyValueObserving?, queue: DispatchQueue?, block: ((AnyObject, KeyValueChange) -> Void)?) {
        self.keyPath = keyPath
        self.options = options
        self.context = context
        self.observer = observer
        observerIdentity = observer.map(ObjectIdentifier.init)
        self.queue = queue
        self.block = block
    }

    var isActive: Bool { active.load(ordering: .acquiring) }

    /// Stops every callback not yet started; true for the first call.
    func deactivate() -> Bool {
        active.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// Whether the registration is for an observer that has been released.
    var observerIsGone: Bool { observerIdentity != nil && observer == nil }

    var observerDescription: String {
        if let observer { return "\(type(of: observer))" }
        return observerIdentity == nil ? "block" : "released observer"
    }

    /// Calls the observer or block, unless deactivated (checked just before the call).
    func deliver(_ change: KeyValueChange, of object: AnyObject) {
        if let queue {
            let box = UncheckedDelivery(object: object, change: change)
            queue.async { self.deliverNow(box.change, of: box.object) }
        } else {
            deliverNow(change, of: object)
        }
    }

    private func deliverNow(_ change: KeyValueChange, of object: AnyObject) {
        guard isActive else { return }
        if let block {
            block(object, change)
        } else if let observer {
            observer.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
        }
    }
}

/// Hands an object and a change to a delivery queue.
private struct UncheckedDelivery: @unchecked Sendable {
    let object: AnyObject
    let change: KeyValueChange
}
