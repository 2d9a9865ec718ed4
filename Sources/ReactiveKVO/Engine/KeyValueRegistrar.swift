import Reactive
import Synchronization

/// Where a ``KeyValueObservable`` object keeps its observers, and how the engine learns that the
/// object is gone: each adopting class declares one, as a stored constant.
///
/// ```
/// final class Person: KeyValueObservable {
///     let keyValueRegistrar = KeyValueRegistrar()
///     @Observed var name = "Ann"
/// }
/// ```
///
/// It plays the part of what Objective-C keeps beside every object (its observation info and
/// associated objects): Swift gives no way to attach state to an object or to run code when it
/// is deallocated, except through the object's own stored properties. So the object's
/// deallocation (for `rx.deallocated`, `observeWeakly` and the observations that end with it)
/// is learnt when this registrar, or one of its `@Observed` properties, is released with it,
/// for every adopting class, including one with no `@Observed` property at all.
///
/// Declare it `let`, once per class hierarchy (a subclass inherits its superclass's), and give
/// each object its own: replacing it ends the object's observations as if it were deallocated,
/// and one registrar shared by two objects is a programming error, reported on standard error
/// (and stopping debug builds) when the second object is first observed.
///
/// Threading: thread-safe. Retention: it holds no reference to its object.
public final class KeyValueRegistrar: @unchecked Sendable {
    private let storage = AtomicLazyReference<ObservationRegistry>()

    /// A registrar for a new object.
    public init() {}

    /// The object's registry, if it was ever observed.
    var registry: ObservationRegistry? { storage.load() }

    /// Sets the registry, once, under the engine's creation lock.
    func install(_ registry: ObservationRegistry) -> ObservationRegistry {
        storage.storeIfNil(registry)
    }

    deinit {
        // Released with its object: whatever observes the object hears it is gone.
        storage.load()?.objectDeallocated()
    }
}
