import Foundation

/// The observation state of one key of one object, guarded by the registry's lock.
final class KeyState {
    var registrations: [Registration] = [] {
        didSet {
            needsOld = registrations.contains { $0.options.contains(.old) }
            needsNew = registrations.contains { $0.options.contains(.new) }
            needsPrior = registrations.contains { $0.options.contains(.prior) }
        }
    }
    /// Whether any registration asks for the old value, the new value, a prior callback.
    private(set) var needsOld = false
    private(set) var needsNew = false
    private(set) var needsPrior = false
    /// The class's `automaticallyNotifiesObservers(forKey:)` for this key, asked once.
    var automaticallyNotifies = true
    /// Keys whose value depends on this one, with the number of their registrations.
    var dependents: [String: Int] = [:]
    /// will/did nesting: only the outermost pair notifies.
    var nesting = 0
    /// Old value captured at the outermost `willChange`, for `.old`.
    var pendingOld: Any??
    /// The kind and indexes of the change in progress.
    var pendingKind: (KeyValueChange.Kind, IndexSet?) = (.setting, nil)
    var pendingNew: Any?
}
