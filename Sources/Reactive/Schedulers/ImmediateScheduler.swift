/// Runs scheduled work immediately, on the calling thread.
///
/// Recursive scheduling on it grows the stack; prefer `CurrentThreadScheduler` for long recursion.
public struct ImmediateScheduler: ImmediateSchedulerType, Sendable {
    /// The shared instance.
    public static let instance = ImmediateScheduler()

    private init() {}

    /// Runs `action` now and returns what it returned.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        action(state)
    }
}
