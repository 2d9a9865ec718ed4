extension ObservableType {
    /// Sends the source's latest element each time `sampler` ticks, if it is new since the last tick.
    ///
    /// `--1-2-----3----|` with sampler `----x----x--x----x-` → `sample(sampler)` → `----2-------3----|`
    ///
    /// With a `defaultValue`, a tick with no new element sends it instead. When the source has
    /// completed, the next tick (or the sampler's completion) sends what is left and completes.
    /// An error from either is forwarded.
    public func sample<Sampler: ObservableType>(_ sampler: Sampler, defaultValue: Element? = nil) -> Observable<Element> {
        UnaryObservable<SampleSink<Element, Sampler.Element>>(asObservable(), (sampler.asObservable(), defaultValue))
    }
}

final class SampleSink<Element, Tick>: SerializingForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let sampler: Observable<Tick>
    private let defaultValue: Element?
    private let samplerSubscription = SingleAssignmentDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()
    // Guarded by lock.
    private var element: Element?
    private var atEnd = false

    init(downstream: Downstream<Element>, parameters: (Observable<Tick>, Element?)) {
        (sampler, defaultValue) = parameters
        super.init(downstream: downstream)
    }

    func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        sourceSubscription.setDisposable(source.subscribe(sourceObserver))
        samplerSubscription.setDisposable(sampler.subscribe(Downstream(self) { unsafeDowncast($0, to: SampleSink.self).onTick(&$1) }))
        setUpstream(.object(BinaryDisposable(sourceSubscription, samplerSubscription)))
    }

    func on(_ event: inout Event<Element>) {
        switch event {
        case .next(let value):
            lock.withLock { element = value }
        case .error(let error):
            send(.error(error))
        case .completed:
            lock.withLock { atEnd = true }
            sourceSubscription.dispose()
        }
    }

    private func onTick(_ event: inout Event<Tick>) {
        if case .error(let error) = event {
            send(.error(error))
            return
        }
        lock.lock()
        var events: [Event<Element>] = []
        if let value = element ?? defaultValue {
            element = nil
            events.append(.next(value))
        }
        if atEnd { events.append(.completed) }
        var first: Event<Element>?
        for event in events where acceptLocked(event) { first = event }
        lock.unlock()
        if let first { emit(first) }
    }
}
