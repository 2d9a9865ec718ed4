import Dispatch
import Reactive
import Synchronization

/// One registration: who is told about which key path, with which options and context.
@usableFromInline final class Registration: @unchecked Sendable {
    let keyPath: String
    let options: KeyValueObservingOptions
    let context: UnsafeMutableRawPointer?
    let queue: DispatchQueue?
    /// The observer of `addObserver`, held weakly; nil for block registrations.
    private weak var observer: KeyValueObserving?
    let observerIdentity: ObjectIdentifier?
    /// The block; for an observer registration, one that does nothing (`hasBlock` is false).
    /// Not optional: calling a non-optional closure stored in a `let` needs no retain.
    private let block: (AnyObject, KeyValueChange) -> Void
    private let hasBlock: Bool
    @usableFromInline let active = Atomic<Bool>(true)
    /// A dotted key path's chain of per-step registrations.
    var chain: KeyPathChain?
    /// Told when a dotted key path can no longer be followed (an object that appeared on it
    /// lacks the next key): `rx.observe` ends its subscription with the error. Without one, the
    /// error goes to `Hooks.defaultErrorHandler` (standard error in debug builds).
    var failureHandler: ((Swift.Error) -> Void)?
    /// A `KeyValueSink<Value>` that takes new values of a property of type `Value` straight from
    /// its setter, skipping the change record (see `KeyObservers.directValueType`); the block
    /// still receives every other change (initial, will/did, dependent keys).
    let valueSink: AnyObject?
    /// `valueSink`, unretained (the registration owns it).
    @usableFromInline let valueSinkPointer: UnsafeMutableRawPointer?
    /// `Value`'s identifier for `valueSink`.
    let valueSinkType: ObjectIdentifier?

    convenience init(keyPath: String, options: KeyValueObservingOptions, context: UnsafeMutableRawPointer?, observer: KeyValueObserving?, queue: DispatchQueue?, block: ((AnyObject, KeyValueChange) -> Void)?) {
        self.init(keyPath: keyPath, options: options, context: context, observer: observer, queue: queue, block: block, valueSink: nil, valueSinkType: nil)
    }

    /// A block registration whose new values of a property of the sink's type go to the sink
    /// (a `KeyValueSink<Value>`, `valueType` being `Value`'s) on a plain set.
    convenience init(keyPath: String, options: KeyValueObservingOptions, queue: DispatchQueue?, valueSink: AnyObject, valueType: ObjectIdentifier, block: @escaping (AnyObject, KeyValueChange) -> Void) {
        self.init(keyPath: keyPath, options: options, context: nil, observer: nil, queue: queue, block: block, valueSink: valueSink, valueSinkType: valueType)
    }

    private init(keyPath: String, options: KeyValueObservingOptions, context: UnsafeMutableRawPointer?, observer: KeyValueObserving?, queue: DispatchQueue?, block: ((AnyObject, KeyValueChange) -> Void)?, valueSink: AnyObject?, valueSinkType: ObjectIdentifier?) {
        self.valueSink = valueSink
        valueSinkPointer = valueSink.map { Unmanaged.passUnretained($0).toOpaque() }
        self.valueSinkType = valueSinkType
        self.keyPath = keyPath
        self.options = options
        self.context = context
        self.observer = observer
        observerIdentity = observer.map(ObjectIdentifier.init)
        self.queue = queue
        self.block = block ?? { _, _ in }
        hasBlock = block != nil
    }

    @inlinable var isActive: Bool { active.load(ordering: .acquiring) }

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

    /// Reports that the key path can no longer be followed (see `failureHandler`).
    func fail(_ error: Swift.Error) {
        guard isActive else { return }
        if let failureHandler {
            failureHandler(error)
        } else {
            Hooks.defaultErrorHandler([], error)
        }
    }

    /// Calls the observer or block, unless deactivated (checked just before the call).
    func deliver(_ change: KeyValueChange, of object: AnyObject) {
        if queue != nil {
            deliverOnQueue(change, of: object)
        } else {
            deliverNow(change, of: object)
        }
    }

    @inline(never) private func deliverOnQueue(_ change: KeyValueChange, of object: AnyObject) {
        let box = UncheckedDelivery(object: object, change: change)
        queue?.async { self.deliverNow(box.change, of: box.object) }
    }

    private func deliverNow(_ change: KeyValueChange, of object: AnyObject) {
        guard isActive else { return }
        if hasBlock {
            block(object, change)
        } else {
            deliverToObserver(change, of: object)
        }
    }

    @inline(never) private func deliverToObserver(_ change: KeyValueChange, of object: AnyObject) {
        observer?.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
    }
}

/// Hands an object and a change to a delivery queue.
private struct UncheckedDelivery: @unchecked Sendable {
    let object: AnyObject
    let change: KeyValueChange
}
