/// A scheduler that runs work as soon as it can: immediately, on a trampoline or on a queue.
public protocol ImmediateSchedulerType: Sendable {
    /// Schedules `action` to run with `state`.
    ///
    /// - Returns: A disposable that cancels the action if it has not started, and disposes what the
    ///   action returned if it has.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

extension ImmediateSchedulerType {
    /// Schedules `action`, which may schedule itself again through `recurse`.
    ///
    /// Each recursive step is a separate scheduled action, so on a trampoline or a queue the stack
    /// does not grow. Disposing the result cancels the pending step.
    public func scheduleRecursive<State>(_ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void) -> Disposable {
        let recursive = RecursiveScheduler<State>(scheduler: self, timedScheduler: nil) { state, recurse, _ in action(state) { recurse($0) } }
        recursive.schedule(state, after: nil)
        return recursive
    }
}
