extension ObservableType where Element: RxAbstractInteger {
    /// An observable that sends 0 after `dueTime`, then, with a `period`, 1, 2, … every period;
    /// without one it completes after the 0.
    ///
    /// `timer(.seconds(3), scheduler:)`: `---0|`; with `period: .seconds(1)`: `---0-1-2-…`
    @inlinable public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType) -> Observable<Element> {
        TimerObservable(dueTime: dueTime, period: period, scheduler: scheduler)
    }

    /// An observable that sends 0, 1, 2, … every `period`, starting one period after subscription.
    ///
    /// `interval(.seconds(1), scheduler:)`: `-0-1-2-…`
    @inlinable public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TimerObservable(dueTime: period, period: period, scheduler: scheduler)
    }
}

// Inlinable, so that its ticks run specialised in the caller's module: generic at run time,
// each tick looked the metadata of its generic types up (about 830 instructions a tick).
// Unchecked Sendable: its properties are constants set at creation, the scheduler Sendable.
@usableFromInline final class TimerObservable<Element: RxAbstractInteger>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let dueTime: RxTimeInterval
    @usableFromInline let period: RxTimeInterval?
    @usableFromInline let scheduler: SchedulerType

    @inlinable init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
        self.dueTime = dueTime
        self.period = period
        self.scheduler = scheduler
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: TimerObservable<Element>.self)
            let sink = ForwardingSink(downstream: consume downstream)
            if let period = node.period {
                sink.setUpstream(disposable: node.scheduler.schedulePeriodic(Element.zero, startAfter: node.dueTime, period: period) { count in
                    sink.forwardNext(count)
                    return count &+ 1
                })
            } else {
                sink.setUpstream(disposable: node.scheduler.scheduleRelative((), dueTime: node.dueTime) { _ in
                    sink.forwardNext(0)
                    sink.forwardCompleted()
                    return Disposables.create()
                })
            }
            return .object(sink)
        })
    }
}
