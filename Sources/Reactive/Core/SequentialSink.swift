/// The base of operators that run sources one after another (concat, retry, catch): one
/// subscription at a time, and the next one starts when the subclass says so.
///
/// Starting the next source from inside the previous one's terminal event (a synchronous source
/// completes inside `subscribe`) would nest a stack frame per source; instead, a request made
/// while a subscription loop runs is left to that loop, so 100 000 synchronous sources run in
/// constant stack depth.
class SequentialSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    /// Whether a finished source is disposed before the next is subscribed (`concat`, `retry`
    /// and `catch(sequence:)`, as RxSwift's), or after (`andThen`, as RxSwift's).
    private let disposesFinishedSourceFirst: Bool
    private let current = SerialDisposable()
    private let gate = SubscriptionGate()
    private let loopLock = Lock()
    private var looping = false  // guarded by loopLock
    private var requested = false  // guarded by loopLock

    init(downstream: Downstream<Element>, disposesFinishedSourceFirst: Bool = true) {
        self.disposesFinishedSourceFirst = disposesFinishedSourceFirst
        super.init(downstream: downstream)
    }

    /// The next source to subscribe, or nil when there is none (the subclass forwards what ends
    /// the sequence itself).
    func nextSource() -> Observable<Element>? {
        fatalError("SequentialSink subclasses override nextSource()")
    }

    /// A terminal event of the current source: call `subscribeNext()` to go on, or forward it.
    func onTerminal(_ event: Event<Element>) {
        fatalError("SequentialSink subclasses override onTerminal(_:)")
    }

    /// Starts the sink: its upstream is the serial disposable of the current source.
    final func start() {
        #if DEBUG
        if tailRecursiveStackSize.load(ordering: .relaxed) < 1 { tailRecursiveStackSize.store(1, ordering: .relaxed) }
        #endif
        setUpstream(.object(current))
        subscribeNext()
    }

    /// Subscribes the next source, now or, if a subscription loop is running, from that loop.
    final func subscribeNext() {
        let owner: Bool = loopLock.withLock {
            requested = true
            defer { looping = true }
            return !looping
        }
        guard owner else { return }
        while true {
            loopLock.withLock { requested = false }
            if isStopped { break }
            guard let source = nextSource() else { break }
            // The finished source's subscription goes before the next source is subscribed, as
            // in RxSwift (its `onDispose` runs before the next source's first event); or, for
            // `andThen`, when the next one's replaces it.
            if disposesFinishedSourceFirst { current.disposable = NopDisposable() }
            // Checked and subscribed as one step for a disposal on another thread (see
            // `SubscriptionGate`): once `dispose()` returns, no source subscription starts.
            let subscribed = gate.subscribeIfOpen {
                current.disposable = source.subscribe(Downstream(self) { unsafeDowncast($0, to: SequentialSink<Element>.self).on(&$1) })
            }
            if !subscribed { break }
            let again: Bool = loopLock.withLock {
                if !requested { looping = false }
                return requested
            }
            if !again { return }
        }
        loopLock.withLock { looping = false }
    }

    /// Disposes the current source's subscription now, before the terminal event it sent is
    /// acted on: `retry(when:)` disposes a failed attempt before handing its error to the
    /// handler, as RxSwift's does.
    final func endCurrentSource() {
        current.disposable = NopDisposable()
    }

    /// Closes the gate, then disposes the current source: a subclass overriding `dispose()`
    /// calls this first.
    override func dispose() {
        gate.close()
        super.dispose()
    }

    private func on(_ event: inout Event<Element>) {
        gate.sourceStarted()
        if case .next = event {
            if !isStopped { downstream.forward(&event) }
        } else if !isStopped {
            onTerminal(event)
        }
    }
}

/// What a sequential operator runs: an iterator of its sources, and how many there are when
/// that is known (a collection's `count`), nil for a sequence.
typealias Sources<Element> = (iterator: AnyIterator<Observable<Element>>, count: Int?)

/// The sources of a `concat` or a `catch(sequence:)` (`retry`), with the sources that are
/// themselves the same operator opened in place, as RxSwift's tail-recursive sink does: a
/// nested `concat` (or `retry` of a `retry`) is run from a stack of its iterators by the one
/// outer sink, so its sources' events reach the downstream through one sink, not one per level
/// (a chain of a thousand `retry()`s cost a stack frame each). As in RxSwift, a nested operator
/// that is the last source of a collection replaces its iterator instead of going on top of it
/// (`concat` of a recursive lazy collection runs in a stack of one); of a sequence, whose end
/// is known only once it is reached, it goes on top (debug builds record the deepest stack in
/// `maxTailRecursiveSinkStackSize`).
struct SourceStack<Element> {
    /// The iterators, innermost last, each with whether it has yielded a source yet and how
    /// many it has left when known.
    private var iterators: [(iterator: AnyIterator<Observable<Element>>, yielded: Bool, remaining: Int?)]
    /// The sources of a source that is the same operator; nil for any other source.
    private let opened: (Observable<Element>) -> Sources<Element>?

    init(_ sources: Sources<Element>, opening opened: @escaping (Observable<Element>) -> Sources<Element>?) {
        iterators = [(sources.iterator, false, sources.count)]
        self.opened = opened
    }

    /// What comes next.
    enum Step {
        /// The next source to subscribe.
        case source(Observable<Element>)
        /// A nested operator that had no source at all has ended (an empty `concat` completes,
        /// an empty `catch(sequence:)` too).
        case emptyNestedEnded
        /// The outermost iterator is exhausted.
        case exhausted
    }

    mutating func next() -> Step {
        while let top = iterators.last {
            guard let source = top.iterator.next() else {
                iterators.removeLast()
                if iterators.isEmpty { return .exhausted }
                if !top.yielded { return .emptyNestedEnded }
                continue
            }
            let last = iterators.count - 1
            iterators[last].yielded = true
            iterators[last].remaining = top.remaining.map { $0 - 1 }
            if source.kind == .other, let nested = opened(source) {
                if iterators[last].remaining == 0 {
                    iterators[last] = (nested.iterator, false, nested.count)
                } else {
                    iterators.append((nested.iterator, false, nested.count))
                    #if DEBUG
                    if tailRecursiveStackSize.load(ordering: .relaxed) < iterators.count { tailRecursiveStackSize.store(iterators.count, ordering: .relaxed) }
                    #endif
                }
                continue
            }
            return .source(source)
        }
        return .exhausted
    }
}
