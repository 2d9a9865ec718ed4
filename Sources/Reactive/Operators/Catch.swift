extension ObservableType {
    /// Continues with the observable `handler` returns when the source fails.
    ///
    /// `--1--#` with other `--8--9--|` → `catch { _ in other.asObservable() }` → `--1----8--9--|`
    ///
    /// `handler` runs once, on the failing source's thread; an error it throws is forwarded.
    /// The source's subscription is released before the replacement is subscribed.
    @inlinable public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        // Only the deliveries are made here, specialised in the caller's module: they are the
        // path of every event (each `asDriver`, `asSignal` and `asInfallible` has a `catch`).
        // Made in the library's generic code, an element cost a lookup of `Event<Element>`'s
        // metadata (infallibleMapPumping 1,545 -> 451 instructions an element); the node, the
        // sink and the error's path stay there, made once for every element type.
        CatchObservable(source: asObservable(), handler: handler, sourceDelivery: CatchSink<Element>.sourceDelivery, caughtDelivery: CatchSink<Element>.caughtDelivery)
    }

    /// Sends `element` and completes when the source fails.
    ///
    /// `--1--#` → `catchAndReturn(0)` → `--1--(0|)`
    @inlinable public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in Observable.just(element) }
    }

    /// The deprecated name of `catch(_:)`.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        self.catch(handler)
    }

    /// The deprecated name of `catchAndReturn(_:)`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }
}

extension ObservableType {
    /// Subscribes the sequences one after another, moving on to the next one when one fails:
    /// ends as the first one that completes, or with the last one's error when all fail.
    ///
    /// `--1--#` with second `--2--|` → `Observable.catch(sequence: [source.asObservable(), second.asObservable()])` → `--1----2--|`
    ///
    /// An empty sequence completes at once. Each failed sequence's subscription is disposed
    /// before the next one is subscribed; the sequence is iterated lazily, once per
    /// subscription. A sequence failing inside `subscribe` has its error handled once its own
    /// code after sending it has run (RxSwift's order). `retry` is this over the source repeated.
    public static func `catch`<Sources: Sequence>(sequence: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        CatchSequenceObservable(makeSources: { (AnyIterator(sequence.makeIterator()), nil) })
    }
}

@usableFromInline final class CatchObservable<Element>: Observable<Element>, @unchecked Sendable {
    let source: Observable<Element>
    override var chainSources: [AnyObject] { [source] }
    let handler: (Swift.Error) throws -> Observable<Element>
    /// The sink's handlers of the source's events and of the handler's sequence's, made where
    /// the element type is known (see `catch(_:)`).
    let sourceDelivery: (AnyObject, inout Event<Element>) -> Void
    let caughtDelivery: (AnyObject, inout Event<Element>) -> Void

    @usableFromInline init(source: Observable<Element>, handler: @escaping (Swift.Error) throws -> Observable<Element>, sourceDelivery: @escaping (AnyObject, inout Event<Element>) -> Void, caughtDelivery: @escaping (AnyObject, inout Event<Element>) -> Void) {
        self.source = source
        self.handler = handler
        self.sourceDelivery = sourceDelivery
        self.caughtDelivery = caughtDelivery
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: CatchObservable<Element>.self)
            let sink = CatchSink(downstream: consume downstream, node: node)
            sink.start()
            return .object(sink)
        })
    }
}

@usableFromInline final class CatchSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let sourceDelivery: (AnyObject, inout Event<Element>) -> Void
    private let caughtDelivery: (AnyObject, inout Event<Element>) -> Void
    /// The handler of the `catch` whose source runs now: the sink takes over a handler's
    /// sequence that is itself a `catch` (see `sourceFailed`). Read and written only on a
    /// source's error, and a source's events never overlap.
    private var handler: (Swift.Error) throws -> Observable<Element>
    /// The source's subscription, then the handler's sequence's, which replaces (disposes) it.
    private let current = SerialDisposable()
    @usableFromInline let gate = SubscriptionGate()

    init(downstream: Downstream<Element>, node: CatchObservable<Element>) {
        source = node.source
        handler = node.handler
        sourceDelivery = node.sourceDelivery
        caughtDelivery = node.caughtDelivery
        super.init(downstream: downstream)
    }

    func start() {
        setUpstream(.object(current))
        // Held in the slot before subscribing: a source failing inside `subscribe` puts the
        // handler's subscription there, which its own late subscription must not replace.
        let sourceSubscription = SingleAssignmentDisposable()
        current.disposable = sourceSubscription
        sourceSubscription.setDisposable(source.subscribe(Downstream(self, sourceDelivery)))
    }

    /// The handlers of the source's events and of the handler's sequence's, for `catch(_:)` to
    /// make where it is called: made here, they capture nothing (made in `ObservableType`'s
    /// extension, in generic code, each captured `Self`).
    @inlinable static var sourceDelivery: (AnyObject, inout Event<Element>) -> Void {
        { unsafeDowncast($0, to: CatchSink<Element>.self).on(&$1, fromSource: true) }
    }

    @inlinable static var caughtDelivery: (AnyObject, inout Event<Element>) -> Void {
        { unsafeDowncast($0, to: CatchSink<Element>.self).on(&$1, fromSource: false) }
    }

    /// An event of the source or of the handler's sequence: it passes through in place, but the
    /// source's error, which takes the library's path. (A completion passes in place too: sent
    /// from the library's code, it took a stack frame of a generic event's size at each link,
    /// more than RxSwift's.)
    @inlinable @inline(__always) func on(_ event: inout Event<Element>, fromSource: Bool) {
        if fromSource, case .error = event {
            sourceFailed(event)
            return
        }
        gate.sourceStarted()
        forward(&event)
    }

    /// The source's error: the handler's sequence is subscribed at once, inside the error (as
    /// RxSwift does), even when the source fails inside its own `subscribe`.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    func sourceFailed(_ event: Event<Element>) {
        gate.sourceStarted()
        guard case .error(let error) = event else {
            forward(event)
            return
        }
        if isStopped { return }
        let caught: Observable<Element>
        do {
            caught = try handler(error)
        } catch {
            forwardError(error)
            return
        }
        if caught.kind == .other, let next = caught as? CatchObservable<Element> {
            takeOver(next)
            return
        }
        // Checked and subscribed as one step for a disposal on another thread (see
        // `SubscriptionGate`): once `dispose()` returns, the handler's sequence does not start.
        _ = gate.subscribeIfOpen {
            current.disposable = caught.subscribe(Downstream(self, caughtDelivery))
        }
    }

    /// The handler's sequence is a `catch` too (`attempt(n) = request.catch { _ in
    /// attempt(n - 1) }`): this sink runs it itself, its source and then its handler, instead
    /// of nesting a sink of its own. Nested, a chain of a million such retries delivered its
    /// last events through a million sinks, one stack frame each; here through one. What the
    /// observer sees, and the order of subscriptions and disposals, stay those of the nested
    /// sinks: the new source is subscribed, then the failed one disposed.
    private func takeOver(_ next: CatchObservable<Element>) {
        handler = next.handler
        _ = gate.subscribeIfOpen {
            // Held in the slot before subscribing, as in `start()`: a source failing inside
            // `subscribe` puts its successor there, which this late subscription must not
            // replace. The failed source goes once its successor is subscribed.
            let subscription = SingleAssignmentDisposable()
            let failed = current.exchange(subscription)
            subscription.setDisposable(next.source.subscribe(Downstream(self, sourceDelivery)))
            failed?.dispose()
        }
    }

    override func dispose() {
        gate.close()
        super.dispose()
    }
}

final class CatchSequenceObservable<Element>: Observable<Element>, @unchecked Sendable {
    let makeSources: () -> Sources<Element>

    init(makeSources: @escaping () -> Sources<Element>) {
        self.makeSources = makeSources
        super.init(run: { node, downstream in
            let sink = CatchSequenceSink(downstream: consume downstream, sources: unsafeDowncast(node, to: CatchSequenceObservable<Element>.self).makeSources())
            sink.start()
            return .object(sink)
        })
    }
}

final class CatchSequenceSink<Element>: SequentialSink<Element>, @unchecked Sendable {
    /// A nested `catch(sequence:)` (`retry` of a `retry`) is opened in place: when its sources
    /// run out it has failed with the last error, and the outer one goes on; an empty one
    /// completes, and so ends the outer one.
    private var sources: SourceStack<Element>
    private var lastError: Swift.Error?

    init(downstream: Downstream<Element>, sources: Sources<Element>) {
        self.sources = SourceStack(sources) { ($0 as? CatchSequenceObservable<Element>)?.makeSources() }
        super.init(downstream: downstream)
    }

    override func nextSource() -> Observable<Element>? {
        switch sources.next() {
        case .source(let source):
            return source
        case .emptyNestedEnded:
            forwardCompleted()
            return nil
        case .exhausted:
            if let lastError {
                forwardError(lastError)
            } else {
                forwardCompleted()
            }
            return nil
        }
    }

    override func onTerminal(_ event: Event<Element>) {
        guard case .error(let error) = event else {
            forward(event)
            return
        }
        lastError = error
        subscribeNext()
    }
}
