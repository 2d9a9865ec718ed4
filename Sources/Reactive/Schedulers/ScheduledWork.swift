/// One scheduled action and its handle, in one object (a handle, the work and a closure holding
/// both were three allocations): disposing it before it runs cancels the action; disposing it
/// after disposes what the action returned, at once or when it returns (the single-assignment
/// protocol it inherits). The dispatch, main, operation-queue and trampoline schedulers queue
/// it and call `run` when its turn comes.
///
/// Unchecked Sendable: `work` is read and cleared only by `run`, which the scheduler calls once,
/// on one thread.
final class ScheduledWork: SingleAssignmentDisposable, @unchecked Sendable {
    // Unchecked exclusivity: only `run` touches it, and a dynamic check (a thread-local lookup
    // on each access) cost about 60 instructions each.
    @exclusivity(unchecked) private var work: (() -> Disposable)?

    init(_ work: @escaping () -> Disposable) {
        self.work = work
    }

    /// The scheduler's call: runs the action unless disposed, and hands what it returned to the
    /// single assignment. The action and its captures are released here either way.
    func run() {
        guard let action = work else { return }
        work = nil
        if isDisposed { return }
        setDisposable(action())
    }
}
