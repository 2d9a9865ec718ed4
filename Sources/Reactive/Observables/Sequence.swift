extension ObservableType {
    /// An observable that sends the given elements, one per step on `scheduler`, then completes.
    ///
    /// On the default `CurrentThreadScheduler` each element is a trampoline step, so concurrent
    /// sources subscribed together interleave as in RxSwift. `of(1, 2, 3)`: `1-2-3-|`
    public static func of(_ elements: Element ..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        SequenceObservable(elements, scheduler: scheduler)
    }

    /// An observable that sends the array's elements, one per step on `scheduler`, then completes.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        SequenceObservable(array, scheduler: scheduler)
    }

    /// An observable that sends the sequence's elements, one per step on `scheduler`, then completes.
    ///
    /// The sequence is iterated anew for each subscription.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> where Sequence.Element == Element {
        SequenceObservable(sequence, scheduler: scheduler)
    }

    /// An observable that sends the optional's value, if any, then completes, at subscription.
    public static func from(optional: Element?) -> Observable<Element> {
        optional.map { Observable.just($0) } ?? Observable.empty()
    }

    /// An observable that sends the optional's value, if any, then completes, on `scheduler`.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SequenceObservable(optional.map { [$0] } ?? [], scheduler: scheduler)
    }
}

final class SequenceObservable<S: Sequence>: Observable<S.Element>, @unchecked Sendable {
    let sequence: S
    let scheduler: ImmediateSchedulerType

    init(_ sequence: S, scheduler: ImmediateSchedulerType) {
        self.sequence = sequence
        self.scheduler = scheduler
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: SequenceObservable<S>.self)
            let sink = ForwardingSink(downstream: consume downstream)
            sink.setUpstream(disposable: node.scheduler.scheduleRecursive(node.sequence.makeIterator()) { iterator, recurse in
                var iterator = iterator
                if let next = iterator.next() {
                    sink.forwardNext(next)
                    recurse(iterator)
                } else {
                    sink.forwardCompleted()
                }
            })
            return .object(sink)
        })
    }
}
