/// What a node's `run` returns and a sink keeps of its upstream: the subscription, held by
/// reference.
///
/// Not a `Disposable` existential: that is five words moved through its value witnesses and
/// destroyed through a witness call at every sink's end; this is at most three, moved as plain
/// bytes and destroyed with one release, as every subscription a node starts is an object (a
/// sink) or a subject's entry. A `Disposable` that is neither (a scheduler's or a user's value)
/// is boxed in an object (`init(_:)`), off the paths that matter.
@usableFromInline package enum Upstream: Disposable {
    /// Nothing to dispose (a sequence that ended inside `subscribe`, an empty slot).
    case none
    /// A disposable object, most often the sink the node's run made.
    case object(any Disposable & AnyObject)
    /// An entry of a subject's observer list: disposing it removes the entry.
    case subject(any SubjectUnsubscribing, key: Int)

    /// Holds `disposable` by reference, boxing it if it is a value.
    @inlinable init(_ disposable: Disposable) {
        // Opened, so that its type is compared as a plain metadata pointer: `type(of:)` on the
        // existential asked the runtime for its dynamic type.
        self = Upstream.holding(disposable)
    }

    /// `init(_:)` with the disposable's type at hand: `Disposables.create()`'s value is nothing
    /// to dispose, an object is held as it is, any other value is boxed.
    @inlinable static func holding<Value: Disposable>(_ disposable: Value) -> Upstream {
        if Value.self == NopDisposable.self { return .none }
        return holdingSomething(disposable)
    }

    /// `holding(_:)` for a disposable that is not `Disposables.create()`'s. Apart, so that the
    /// common case, run unspecialised (the type is opened from an existential), does not first
    /// make room on the stack for two copies of a value of unknown size (about 20 instructions
    /// of every `create` subscription that returns `Disposables.create()`).
    @usableFromInline @inline(never) static func holdingSomething<Value: Disposable>(_ disposable: Value) -> Upstream {
        if let object = disposable as? any Disposable & AnyObject { return .object(object) }
        return .object(BoxedDisposable(disposable))
    }

    /// Through `end()` on a copy: only for an `Upstream` held as a `Disposable` (a serial or
    /// single-assignment slot), where the copy's retain does not matter; the sinks' slots end
    /// theirs without one.
    @inlinable package func dispose() {
        (copy self).end()
    }

    /// Whether it holds nothing (for debug checks).
    @inlinable var isNone: Bool {
        if case .none = self { return true }
        return false
    }

    /// Takes the subscription out, leaving `.none`.
    @inlinable @inline(__always) mutating func take() -> Upstream {
        // Moved out and the storage initialised again with no access in between: a copy and
        // an assignment would retain the object and release it again.
        withUnsafeMutablePointer(to: &self) { storage in
            let taken = storage.move()
            storage.initialize(to: .none)
            return taken
        }
    }

    /// Disposes it, consuming it: the `dispose()` of a subscription taken out of its slot, with
    /// no copy of the reference it holds.
    @inlinable @inline(__always) consuming func end() {
        switch consume self {
        case .none: break
        case .object(let object): object.dispose()
        case .subject(let subject, let key): subject.unsubscribe(key)
        }
    }
}

/// A `Disposable` value held as an object (see `Upstream.init(_:)`).
@usableFromInline final class BoxedDisposable: Disposable {
    @usableFromInline let disposable: Disposable

    @inlinable init(_ disposable: Disposable) {
        self.disposable = disposable
    }

    @inlinable func dispose() { disposable.dispose() }
}
