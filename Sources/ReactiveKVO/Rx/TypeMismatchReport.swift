import Reactive
import Synchronization

/// Says once per subscription, in debug builds, that `rx.observe(_:_:)` or `observeWeakly` met
/// a value of another type than the one asked for. The subscription sends nil for such a value
/// and goes on (RxCocoa's `value as? Element`); this keeps it from being silent.
final class TypeMismatchReport: Sendable {
    private let call: String
    private let className: String
    private let keyPath: String
    private let requested: String
    private let reported = Atomic<Bool>(false)

    init(call: String, className: String, keyPath: String, requested: Any.Type) {
        self.call = call
        self.className = className
        self.keyPath = keyPath
        self.requested = "\(requested)"
    }

    /// Reports a value of type `found` (the first time only).
    func report(found: Any.Type) {
        #if DEBUG
        guard !reported.exchange(true, ordering: .relaxed) else { return }
        // The type the property holds first, then the type asked for.
        Hooks.reportDiagnostic("\(call) on \(className): \(className).\(keyPath) holds \(found), not \(requested); "
            + "each such value arrives as nil, as in RxCocoa (reported once per subscription)")
        #endif
    }
}
