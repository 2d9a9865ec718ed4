extension ObservableType {
    /// Projects each element to an observable and sends the elements of the latest one only.
    ///
    /// `--1---2----|` with inner `-a-b-c|` → `flatMapLatest { x in inner.map { "\(x)\($0)" } }` → `---p-q-r-s-t|` where `p = "1a"`, `q = "1b"`, `r = "2a"`, `s = "2b"`, `t = "2c"`
    ///
    /// A new source element disposes the previous inner observable before subscribing the new
    /// one. Completes when the source and the current inner observable have completed; the first
    /// error (source, inner or `selector`) is forwarded and disposes everything.
    @inlinable public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        SwitchObservable(source: asObservable(), selector: { try selector($0).asObservable() })
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Sends the elements of the most recent inner observable only.
    ///
    /// `--x---y---|` with first `-1-2-3|` with second `-4-5|` → `switchLatest()` → `---1-2-4-5|` where `x = first`, `y = second`
    @inlinable public func switchLatest() -> Observable<Element.Element> {
        SwitchObservable(source: asObservable(), selector: { $0.asObservable() })
    }
}

@usableFromInline final class SwitchObservable<SourceElement, Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let source: Observable<SourceElement>
    /// `switchLatest` of a sequence of observables, else the `flatMapLatest` it is.
    override var chainLabel: StaticString? { SourceElement.self == Observable<Element>.self ? "switchLatest" : "flatMapLatest" }
    override var chainSources: [AnyObject] { [source] }
    @usableFromInline let selector: (SourceElement) throws -> Observable<Element>

    @inlinable init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Observable<Element>) {
        self.source = source
        self.selector = selector
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: SwitchObservable<SourceElement, Element>.self)
            let sink = SwitchSink(downstream: consume downstream, selector: node.selector)
            sink.sourceState.assign(node.source.subscribeInsideRun(Downstream(sink) { unsafeDowncast($0, to: SwitchSink<SourceElement, Element>.self).on(&$1) }), to: &sink.sourceUpstream)
            return .object(sink)
        })
    }
}

/// Where `SwitchSink`'s inline inner subscription stands.
@usableFromInline enum SwitchInlineUse {
    /// Free for the next inner observable.
    case free
    /// Serving the latest inner observable.
    case running
    /// Its inner observable was switched away from (or the sink disposed): that observable's
    /// deliveries may still be in flight on another thread, so the slot is never used again and
    /// later inner observables get sinks of their own.
    case retired
}

@usableFromInline final class SwitchSink<SourceElement, Element>: SerializingForwardingSink<Element>, @unchecked Sendable {
    @usableFromInline let selector: (SourceElement) throws -> Observable<Element>
    /// The source's subscription, in a slot of its own rather than the sink's upstream: the
    /// source's completion ends it while the latest inner observable goes on.
    @usableFromInline let sourceState = SubscriptionState()
    /// The source's subscription itself (exclusivity unchecked as `Sink.upstream`).
    @exclusivity(unchecked) @usableFromInline var sourceUpstream = Upstream.none
    // Guarded by lock.
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var latest = 0
    @exclusivity(unchecked) @usableFromInline var spare: SwitchInnerSink<SourceElement, Element>?  // a finished sink kept for reuse
    /// The latest inner observable's sink, unless it is the inline subscription's.
    @exclusivity(unchecked) @usableFromInline var current: SwitchInnerSink<SourceElement, Element>?
    @exclusivity(unchecked) @usableFromInline var sourceDone = false
    @exclusivity(unchecked) @usableFromInline var inlineUse = SwitchInlineUse.free
    /// The state of the inline subscription: one inner subscription held in this sink itself,
    /// with no inner sink of its own, serving every inner observable while each ends before the
    /// next source element (a synchronous `just`, or requests that finish before the next one),
    /// as in `MergeSink`.
    @usableFromInline let inlineState = SubscriptionState()
    /// The inline subscription itself, as `Sink.upstream` (exclusivity unchecked as there).
    @exclusivity(unchecked) @usableFromInline var inlineUpstream = Upstream.none
    /// Who handles the end of the inline subscription.
    @usableFromInline let inlinePhase = InnerPhase()

    @inlinable init(downstream: Downstream<Element>, selector: @escaping (SourceElement) throws -> Observable<Element>) {
        self.selector = selector
        super.init(downstream: downstream)
    }

    @inlinable func on(_ event: inout Event<SourceElement>) {
        switch event {
        case .next(let element):
            guard let inner = attempt(selector, element) else { return }
            lock.lock()
            if done || isDisposed {
                lock.unlock()
                return
            }
            latest += 1
            let previous = current.take()
            let switchedFromInline = inlineUse == .running
            if switchedFromInline { inlineUse = .retired }
            guard inlineUse == .free else {
                startWithSink(inner, previous: previous, switchedFromInline: switchedFromInline)
                return
            }
            inlineUse = .running
            // Inner sinks serve only once the slot is retired, which is for good: none runs
            // beside a free slot, so there is nothing to dispose before the new inner starts.
            assert(previous == nil, "Internal inconsistency: an inner sink beside a free slot")
            if let element = inner.justElement {
                // A `just` sends its element and completes inside `subscribe`: the same here,
                // with no subscription, the element sent on from this hold of the lock.
                sendUnlocking(.next(element))
                if inlineEndedUnsent(subscribed: false) { emit(.completed) }
                return
            }
            lock.unlock()
            if inner.isEmptyObservable {
                // An `empty` completes inside `subscribe`: the same here.
                if inlineEndedUnsent(subscribed: false) { emit(.completed) }
                return
            }
            inlineState.assign(inner.subscribe(Downstream(self) { unsafeDowncast($0, to: SwitchSink<SourceElement, Element>.self).onInline(&$1) }), to: &inlineUpstream)
            // Completed inside `subscribe` (a synchronous `just`): its end is handled here, now
            // that its subscription is stored, and the slot is free for the next one.
            if inlinePhase.markStarted() && inlineSubscriptionEnded() { emit(.completed) }
        case .error(let error):
            send(.error(error))
        case .completed:
            if sourceCompleted() { emit(.completed) }
        }
    }

    /// The source completed: its subscription ends first, before the completion when no inner
    /// observable runs, as in RxSwift's switching sink. True if the caller sends the
    /// completion. In the library, unspecialised, as the other paths that run once a
    /// subscription or once an inner observable: they send nothing themselves, so that a
    /// terminal event takes the stack of specialised code.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func sourceCompleted() -> Bool {
        if sourceState.markEnded() { sourceUpstream.take().end() }
        lock.lock()
        sourceDone = true
        let emitter = current == nil && inlineUse != .running && acceptCompletedLocked()
        lock.unlock()
        return emitter
    }

    /// Under the lock, which it releases: subscribes `inner`, the latest, with a sink of its own
    /// (the inline slot is busy or retired), after disposing the one it replaces.
    @inlinable func startWithSink(_ inner: Observable<Element>, previous: SwitchInnerSink<SourceElement, Element>?, switchedFromInline: Bool) {
        var sink: SwitchInnerSink<SourceElement, Element>
        // Moved out of `spare` (`take`), not copied: a copy is a retain and a release.
        if let reusable = spare.take() {
            reusable.id = latest
            sink = reusable
        } else {
            sink = SwitchInnerSink(parent: self, id: latest)
        }
        current = sink
        lock.unlock()
        previous?.dispose()
        if switchedFromInline && inlineState.markDisposed() { inlineUpstream.take().end() }
        sink.run(inner)
        // A synchronous inner observable (`just`) has come and gone: if nothing else holds
        // its sink, the next one reuses it instead of allocating one.
        lock.lock()
        if spare == nil && !done && !isDisposed && Sink.resetIfReusable(&sink) {
            spare = consume sink
        }
        lock.unlock()
    }

    /// An event of the inner observable in the inline slot.
    @inlinable func onInline(_ event: inout Event<Element>) {
        if inlineState.isStopped { return }
        if case .completed = event {
            if inlineCompleted() { emit(.completed) }
            return
        }
        // An error: its subscription is disposed first, then the error is sent (RxSwift's order).
        if event.isStopEvent, inlineState.markEnded() { inlineUpstream.take().end() }
        lock.lock()
        guard inlineUse == .running else {
            lock.unlock()
            return
        }
        sendUnlocking(event)
    }

    /// The inner observable in the inline slot completed (its subscription ends first): if its
    /// subscription was stored, its end is handled as in `inlineSubscriptionEnded`; else
    /// `on(_:)` handles it once `subscribe` returns. True if the caller sends the completion.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func inlineCompleted() -> Bool {
        if inlineState.markEnded() { inlineUpstream.take().end() }
        return !inlinePhase.markCompleted() && inlineEndedUnsent(subscribed: true)
    }

    /// The inline subscription has ended: its state reset for the next inner observable, and
    /// the slot freed. True if the caller sends the completion.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func inlineSubscriptionEnded() -> Bool {
        inlineEndedUnsent(subscribed: true)
    }

    /// The inline slot's inner observable ended: frees the slot; true if the caller sends the
    /// completion (the source has completed). Not `subscribed`: a `just` or an `empty` served
    /// without a subscription, which left the slot's state untouched.
    // Always inlined: the `just` path passes a constant `subscribed`, and the call cost more
    // than its body (flatMapLatestPumping 2,858 → 2,758 instructions an event).
    @inlinable @inline(__always) func inlineEndedUnsent(subscribed: Bool) -> Bool {
        lock.lock()
        // Retired meanwhile (switched away from, or disposed): its end no longer matters.
        guard inlineUse == .running else {
            lock.unlock()
            return false
        }
        if subscribed {
            inlineState.reset(&inlineUpstream)
            inlinePhase.reset()
        }
        inlineUse = .free
        let emitter = sourceDone && current == nil && acceptCompletedLocked()
        lock.unlock()
        return emitter
    }

    /// An element or the error of the inner observable `id`, sent on if it is the latest.
    @inlinable func innerEvent(_ event: Event<Element>, id: Int) {
        lock.lock()
        guard id == latest else {
            lock.unlock()
            return
        }
        sendUnlocking(event)
    }

    /// The inner observable `id` completed (its sink's subscription already ended): if it is
    /// the latest, none runs any more. True if the caller sends the completion.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func innerCompleted(id: Int) -> Bool {
        lock.lock()
        guard id == latest else {
            lock.unlock()
            return false
        }
        current = nil
        let emitter = sourceDone && acceptCompletedLocked()
        lock.unlock()
        return emitter
    }

    @inlinable override func dispose() {
        guard disposeOnce() else { return }
        if sourceState.markDisposed() { sourceUpstream.take().end() }
        // Typed as the non-generic base: `dispose()` runs unspecialised (it is reached through the
        // `Disposable` witness), where a generic type would be a metadata lookup.
        lock.lock()
        let inner: Sink? = current
        let spareSink: Sink? = spare
        current = nil
        spare = nil
        let inlineRunning = inlineUse == .running
        inlineUse = .retired
        lock.unlock()
        inner?.dispose()
        if inlineRunning && inlineState.markDisposed() { inlineUpstream.take().end() }
        _ = spareSink  // released outside the lock
    }
}

@usableFromInline final class SwitchInnerSink<SourceElement, Element>: Sink, @unchecked Sendable {
    @usableFromInline let parent: SwitchSink<SourceElement, Element>
    /// Set before each subscription, under the parent's lock, while nobody else holds the sink.
    @usableFromInline var id: Int

    @inlinable init(parent: SwitchSink<SourceElement, Element>, id: Int) {
        self.parent = parent
        self.id = id
        super.init()
    }

    @inlinable func run(_ source: Observable<Element>) {
        setUpstream(source.subscribe(Downstream(self) { unsafeDowncast($0, to: SwitchInnerSink<SourceElement, Element>.self).on(&$1) }))
    }

    @inlinable func on(_ event: inout Event<Element>) {
        if isStopped { return }
        switch event {
        case .next:
            parent.innerEvent(event, id: id)
        case .error:
            // Its subscription is disposed first, then the parent is told (RxSwift's order).
            stopAndDispose()
            parent.innerEvent(event, id: id)
        case .completed:
            stopAndDispose()
            if parent.innerCompleted(id: id) { parent.emit(.completed) }
        }
    }
}
