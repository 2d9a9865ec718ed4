import Synchronization

extension ObservableType {
    /// Projects each element to an observable and merges their elements as they come.
    ///
    /// `--1--2---|` with inner `-a---b|` → `flatMap { x in inner.map { "\(x)\($0)" } }` → `---p--qr--s|` where `p = "1a"`, `q = "2a"`, `r = "1b"`, `s = "2b"`
    ///
    /// Completes when the source and every inner observable have completed; the first error
    /// (from the source, an inner observable or `selector`) is forwarded and disposes them all.
    /// Inner events arriving on different threads are delivered one at a time.
    @inlinable public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        MergeObservable(source: asObservable(), selector: { try selector($0).asObservable() }, mode: .merge(maxConcurrent: .max))
    }

    /// Like `flatMap`, but ignores source elements while an inner observable is still running.
    ///
    /// `--1--2-----3--|` with inner `-a---b|` → `flatMapFirst { x in inner.map { "\(x)\($0)" } }` → `---p---q----r---s|` where `p = "1a"`, `q = "1b"`, `r = "3a"`, `s = "3b"`
    @inlinable public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        MergeObservable(source: asObservable(), selector: { try selector($0).asObservable() }, mode: .first)
    }

    /// Projects each element to an observable and concatenates them: each inner observable is
    /// subscribed when the previous one has completed.
    ///
    /// `--1--2--|` with inner `-a--b|` → `concatMap { x in inner.map { "\(x)\($0)" } }` → `---p--q-r--s|` where `p = "1a"`, `q = "1b"`, `r = "2a"`, `s = "2b"`
    ///
    /// Elements that arrive while an inner observable runs are queued. Synchronous inner
    /// observables are subscribed in a loop, so long runs do not grow the stack.
    @inlinable public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        MergeObservable(source: asObservable(), selector: { try selector($0).asObservable() }, mode: .merge(maxConcurrent: 1))
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Merges the elements of the inner observables as they come.
    ///
    /// `--x--y--|` with first `-1---2|` with second `-3|` → `merge()` → `---1--32|` where `x = first`, `y = second`
    ///
    /// Errors and completion as `flatMap`.
    @inlinable public func merge() -> Observable<Element.Element> {
        MergeObservable(source: asObservable(), selector: { $0.asObservable() }, mode: .merge(maxConcurrent: .max))
    }

    /// Merges the elements of the inner observables, with at most `maxConcurrent` subscribed at once.
    ///
    /// `merge(maxConcurrent: 1)` is `concat()`. Inner observables beyond the limit are queued
    /// and subscribed, in order, as others complete. A limit below 1 is treated as 1.
    @inlinable public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        MergeObservable(source: asObservable(), selector: { $0.asObservable() }, mode: .merge(maxConcurrent: Swift.max(1, maxConcurrent)))
    }

    /// Concatenates the inner observables: each is subscribed when the previous one completed.
    ///
    /// `--x--y--|` with first `-1---2|` with second `-3|` → `concat()` → `---1---2-3|` where `x = first`, `y = second`
    @inlinable public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}

extension ObservableType {
    /// Merges the elements of several observables as they come.
    ///
    /// `-1--2|` with second `--3|` → `Observable.merge([source.asObservable(), second.asObservable()])` → `-13-2|`
    ///
    /// Completes when all have completed; the first error is forwarded and disposes the rest.
    @inlinable public static func merge<Sources: Collection>(_ sources: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        merge(Array(sources))
    }

    /// Merges the elements of several observables as they come.
    ///
    /// The observables are subscribed one after another inside `subscribe`, as RxSwift's merge
    /// of an array does (not as steps of the current-thread trampoline, which may be running).
    @inlinable public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        // Every source handed to the merging sink at once, in a loop, before completion.
        let allAtOnce = UnaryObservable<StartWithSink<Observable<Element>>>(Observable<Observable<Element>>.empty(), sources)
        return MergeObservable(source: allAtOnce, selector: { $0 }, mode: .merge(maxConcurrent: .max))
    }

    /// Merges the elements of several observables as they come.
    @inlinable public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }
}

/// How `MergeSink` treats inner observables.
@usableFromInline enum MergeMode {
    /// At most this many inner observables subscribed at once; the others wait in order.
    case merge(maxConcurrent: Int)
    /// A source element that arrives while an inner observable runs is dropped (`flatMapFirst`).
    case first
}

@usableFromInline final class MergeObservable<SourceElement, Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let source: Observable<SourceElement>
    override var chainSources: [AnyObject] { [source] }
    @usableFromInline let selector: (SourceElement) throws -> Observable<Element>
    @usableFromInline let mode: MergeMode

    /// `merge` of a sequence of observables, else the `flatMap` (or `flatMapFirst`) it is.
    override var chainLabel: StaticString? {
        if case .first = mode { return "flatMapFirst" }
        return SourceElement.self == Observable<Element>.self ? "merge" : "flatMap"
    }

    @inlinable init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Observable<Element>, mode: MergeMode) {
        self.source = source
        self.selector = selector
        self.mode = mode
        // Made and subscribed here, specialised: made in the library (as `map`'s are), five
        // levels cost 11,382 instructions a subscription instead of 10,223, 15 % more than
        // before the build-cost work began (9,892), for 5,360 bytes of the app's text.
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: MergeObservable<SourceElement, Element>.self)
            let sink = MergeSink(
                downstream: consume downstream, selector: node.selector, mode: node.mode,
                inlineDelivery: { unsafeDowncast($0, to: MergeSink<SourceElement, Element>.self).onInline(&$1) },
                innerSink: (MergeInnerSink<SourceElement, Element>.self, { unsafeDowncast($0, to: MergeInnerSink<SourceElement, Element>.self).on(&$1) }))
            sink.sourceState.assign(node.source.subscribeInsideRun(Downstream(sink) { unsafeDowncast($0, to: MergeSink<SourceElement, Element>.self).on(&$1) }), to: &sink.sourceUpstream)
            return .object(sink)
        })
    }
}

/// The sink of `flatMap`, `flatMapFirst`, `concatMap` and `merge`.
///
/// Split by what runs how often. Specialised in the app (inlinable): each source element, a
/// `just` or an `empty` it maps to, each inner event, and every event sent on. In the library,
/// unspecialised, once per inner subscription or rarer: subscribing an inner observable, the
/// queue of waiting ones, the count of an inner observable's end, `flatMapFirst`'s selector,
/// and disposal. The library's part hands out deliveries made specialised in the app
/// (`inlineDelivery`, `innerSink`), so that the inner events it subscribes to cost no generic
/// calls, and sends nothing itself: it tells its caller whether to send the completion, so that
/// a terminal event passing through a chain of these operators takes no more stack a link than
/// RxSwift's (sent from unspecialised code, `flatMap`'s took 656 bytes a link against 400).
@usableFromInline final class MergeSink<SourceElement, Element>: SerializingForwardingSink<Element>, @unchecked Sendable {
    @usableFromInline let selector: (SourceElement) throws -> Observable<Element>
    @usableFromInline let maxConcurrent: Int
    @usableFromInline let dropWhileBusy: Bool
    /// The delivery of the inline subscription's events (`onInline`), made specialised.
    @usableFromInline let inlineDelivery: (AnyObject, inout Event<Element>) -> Void
    /// The inner sinks' type, its metadata read from a cache where it was named, and their
    /// delivery, made specialised.
    @usableFromInline let innerSink: (type: MergeInnerSink<SourceElement, Element>.Type, delivery: (AnyObject, inout Event<Element>) -> Void)
    /// The source's subscription, in a slot of its own rather than the sink's upstream: the
    /// source's completion ends it while the sink goes on (see `sourceCompleted`).
    @usableFromInline let sourceState = SubscriptionState()
    /// The source's subscription itself (exclusivity unchecked as `Sink.upstream`).
    @exclusivity(unchecked) @usableFromInline var sourceUpstream = Upstream.none
    // Guarded by lock.
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    // Typed by non-generic classes only: `dispose()` runs unspecialised (see ListedSink).
    @exclusivity(unchecked) @usableFromInline var inners = InnerSinkList()
    /// Inner subscriptions started and not ended (some may not be in `inners` yet).
    @exclusivity(unchecked) @usableFromInline var active = 0
    /// The inline subscription (`inlineState`) serves an inner observable that has not ended.
    @exclusivity(unchecked) @usableFromInline var inlineBusy = false
    // Of `Observable<Element>`. Set in the initialiser, not here: an initial value here is a
    // call from the inlined initialiser to a function of this module.
    @exclusivity(unchecked) @usableFromInline var waiting: ContiguousArray<AnyObject>
    @exclusivity(unchecked) @usableFromInline var waitingHead = 0
    @exclusivity(unchecked) @usableFromInline var sourceDone = false
    @exclusivity(unchecked) @usableFromInline var subscribing = false
    @exclusivity(unchecked) @usableFromInline var innersDisposed = false
    /// The state of the inline subscription: one inner subscription held in this sink itself,
    /// with no inner sink of its own. It serves the first inner observable, and any later one
    /// that starts after the previous one it served ended (every inner observable of a
    /// `flatMap` whose inner observables end before the next element, `concatMap`,
    /// `flatMapFirst`). Taken and given back under the lock (`inlineBusy`); its state is atomic,
    /// as an inner sink's.
    @usableFromInline let inlineState = SubscriptionState()
    /// The inline subscription itself, as `Sink.upstream` (exclusivity unchecked as there).
    @exclusivity(unchecked) @usableFromInline var inlineUpstream = Upstream.none
    /// Who handles the end of the inline subscription.
    @usableFromInline let inlinePhase = InnerPhase()

    @inlinable init(
        downstream: Downstream<Element>, selector: @escaping (SourceElement) throws -> Observable<Element>, mode: MergeMode,
        inlineDelivery: @escaping (AnyObject, inout Event<Element>) -> Void,
        innerSink: (type: MergeInnerSink<SourceElement, Element>.Type, delivery: (AnyObject, inout Event<Element>) -> Void)
    ) {
        self.selector = selector
        self.inlineDelivery = inlineDelivery
        self.innerSink = innerSink
        waiting = ContiguousArray()
        switch mode {
        case .merge(let maxConcurrent):
            self.maxConcurrent = maxConcurrent
            dropWhileBusy = false
        case .first:
            maxConcurrent = 1
            dropWhileBusy = true
        }
        super.init(downstream: downstream)
    }

    @inlinable func on(_ event: inout Event<SourceElement>) {
        switch event {
        case .next(let element):
            if dropWhileBusy {
                if let (inner, inline) = selectUnlessBusy(element) { start(inner, inline: inline) }
                return
            }
            guard let inner = attempt(selector, element) else { return }
            lock.lock()
            if done || innersDisposed {
                lock.unlock()
                return
            }
            if active < maxConcurrent && waitingHead == waiting.count && !subscribing {
                // The common case: subscribe at once (no queue, no loop).
                active += 1
                if let element = inner.justElement {
                    // A `just`, as in `start`, its element sent on from this hold of the lock
                    // (nothing can change between counting it and sending): one lock round trip
                    // fewer, and the inline slot left free.
                    sendUnlocking(.next(element))
                    innerEndedAtOnce(inline: false)
                    return
                }
                let inline = takeInlineSlotLocked()
                lock.unlock()
                start(inner, inline: inline)
            } else if enqueueUnlocking(inner) {
                emit(.completed)
            }
        case .error(let error):
            send(.error(error))
        case .completed:
            if sourceCompleted() { emit(.completed) }
        }
    }

    /// The source completed: true if the caller sends the completion (no inner observable runs
    /// or waits). `flatMap`, `flatMapFirst` and `merge()` dispose the source's subscription
    /// before anything else, as RxSwift's merging sink does: before the completion, when no
    /// inner observable runs. With a limit (`concatMap`, `merge(maxConcurrent:)`) the source
    /// goes after the completion, as in RxSwift's limited sink. In the library, unspecialised,
    /// as the other paths that run once a subscription or once an inner observable.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func sourceCompleted() -> Bool {
        if maxConcurrent == .max || dropWhileBusy, sourceState.markEnded() { sourceUpstream.take().end() }
        lock.lock()
        sourceDone = true
        let emitter = active == 0 && waitingHead == waiting.count && acceptCompletedLocked()
        lock.unlock()
        return emitter
    }

    /// Under the lock, which it releases: queues an inner observable that cannot start yet,
    /// then subscribes waiting ones while there is room. True if the caller sends the completion.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func enqueueUnlocking(_ inner: Observable<Element>) -> Bool {
        waiting.append(inner)
        lock.unlock()
        return subscribeWaiting()
    }

    /// `flatMapFirst`'s element: dropped (nil) while an inner observable runs, without calling
    /// the selector (as RxSwift, which maps only the elements it accepts); else its inner
    /// observable, for the caller to start, counted in `active` and holding the inline slot if
    /// `inline` is true. The slot is taken before the selector runs (outside the lock), and
    /// given back if the selector throws. In the library, unspecialised: only starting the
    /// inner observable needs the element type.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func selectUnlessBusy(_ element: SourceElement) -> (inner: Observable<Element>, inline: Bool)? {
        lock.lock()
        if done || innersDisposed || active > 0 {
            lock.unlock()
            return nil
        }
        active += 1
        let inline = takeInlineSlotLocked()
        lock.unlock()
        guard let inner = select(element, inline: inline) else { return nil }
        return (inner, inline)
    }

    /// `flatMapFirst`'s accepted element, counted in `active` and holding the inline slot if
    /// `inline`: its inner observable, or nil if the selector threw (its error sent on, the
    /// count and the slot given back).
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func select(_ element: SourceElement, inline: Bool) -> Observable<Element>? {
        do {
            return try selector(element)
        } catch {
            lock.lock()
            active -= 1
            if inline { freeInlineSlotLocked() }
            lock.unlock()
            sendError(error)
            return nil
        }
    }

    /// Sends `error` on. Out of line, so that its caller builds no `Event` of a generic type.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func sendError(_ error: any Error) {
        send(.error(error))
    }

    /// Subscribes waiting inner observables while there is room. One loop runs at a time: a
    /// call from inside it (a synchronous inner observable completing) only leaves work for it,
    /// so a long run of synchronous inner observables does not grow the stack. True if the
    /// caller sends the completion.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func subscribeWaiting() -> Bool {
        lock.lock()
        if subscribing {
            lock.unlock()
            return false
        }
        subscribing = true
        while !innersDisposed && active < maxConcurrent && waitingHead < waiting.count {
            let inner = unsafeDowncast(waiting[waitingHead], to: Observable<Element>.self)
            waitingHead += 1
            if waitingHead == waiting.count {
                waiting.removeAll(keepingCapacity: true)
                waitingHead = 0
            }
            active += 1
            let inline = takeInlineSlotLocked()
            lock.unlock()
            // Subscribed even if it is a `just` or an `empty` (which `start` serves with no
            // subscription, specialised): the same events, and here no `Event` or element of
            // a generic type to build (each a lookup of its metadata).
            _ = subscribeInner(inner, inline: inline)
            lock.lock()
        }
        subscribing = false
        let emitter = sourceDone && active == 0 && waitingHead == waiting.count && acceptCompletedLocked()
        lock.unlock()
        return emitter
    }

    /// Under the lock: whether the inline slot is free, and now the caller's.
    @inlinable func takeInlineSlotLocked() -> Bool {
        if inlineBusy { return false }
        inlineBusy = true
        return true
    }

    /// Under the lock: gives back the inline slot, whose subscription ended, for the next inner
    /// observable (not after disposal, which disposes the slot itself).
    @inlinable func freeInlineSlotLocked() {
        if innersDisposed { return }
        inlineState.reset(&inlineUpstream)
        inlinePhase.reset()
        inlineBusy = false
    }

    /// Starts an inner observable (counted in `active` by the caller): a `just` or an `empty`
    /// here, else subscribed (`subscribeInner`).
    @inlinable func start(_ inner: Observable<Element>, inline: Bool) {
        let element = inner.justElement
        if element != nil || inner.isEmptyObservable {
            // A `just` sends its element and completes inside `subscribe`, an `empty` completes:
            // the same here, with no subscription (a re-entrant source completion still waits
            // for the element's delivery, as the `just` is counted until then).
            if let element { send(.next(element)) }
            innerEndedAtOnce(inline: inline)
            return
        }
        if subscribeInner(inner, inline: inline) { emit(.completed) }
    }

    /// Subscribes an inner observable: in the inline slot if the caller took it, else with an
    /// inner sink of its own, which joins `inners` only if it is still running when `subscribe`
    /// returns. True if the caller sends the completion (the inner observable ended inside
    /// `subscribe`, the last to run).
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func subscribeInner(_ inner: Observable<Element>, inline: Bool) -> Bool {
        if inline {
            inlineState.assign(inner.subscribe(Downstream(self, inlineDelivery)), to: &inlineUpstream)
            guard inlinePhase.markStarted() else {
                // Still running, or it ended on another thread and `innerCompleted` counted it.
                return false
            }
            // A synchronous inner observable has come and gone: its end is counted here, and
            // the slot is free for the next one.
            lock.lock()
            let ended = innerEndedLocked()
            freeInlineSlotLocked()
            lock.unlock()
            return afterInnerEndedUnsent(ended)
        }
        let sink = innerSink.type.init(parent: self)
        sink.setUpstream(inner.subscribe(Downstream(sink, innerSink.delivery)))
        let completedWhileStarting = sink.phase.markStarted()
        lock.lock()
        let ended = completedWhileStarting ? innerEndedLocked() : (emitter: false, hasWaiting: false)
        if sink.isStopped {
            lock.unlock()
        } else if innersDisposed {
            lock.unlock()
            sink.dispose()
        } else {
            inners.append(sink)
            lock.unlock()
        }
        return afterInnerEndedUnsent(ended)
    }

    /// An inner observable's event, for an inner sink or the inline subscription, whose state
    /// is `state`: a `next` or an `error` is sent on. True for a completion, which the caller
    /// ends: its subscription is disposed first, then its end counted.
    @inlinable @inline(__always) func forwardInner(_ event: inout Event<Element>, _ state: borrowing SubscriptionState) -> Bool {
        if state.isStopped { return false }
        switch event {
        case .next:
            send(event)
        case .error:
            _ = state.markStopped()
            send(event)
        case .completed:
            return true
        }
        return false
    }

    /// An event of the inner observable in the inline slot.
    @inlinable func onInline(_ event: inout Event<Element>) {
        guard forwardInner(&event, inlineState) else { return }
        if inlineState.markEnded() { inlineUpstream.take().end() }
        if !inlinePhase.markCompleted() && innerCompleted(nil) { emit(.completed) }
    }

    /// An inner subscription that was started ended: `sink`'s, or the inline slot's if nil.
    /// True if the caller sends the completion.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func innerCompleted(_ sink: MergeInnerSink<SourceElement, Element>?) -> Bool {
        lock.lock()
        if let sink {
            if !innersDisposed { inners.remove(sink) }
        } else {
            freeInlineSlotLocked()
        }
        let ended = innerEndedLocked()
        lock.unlock()
        return afterInnerEndedUnsent(ended)
    }

    /// Under the lock: counts the end of an inner subscription, and says what the caller does
    /// once it has unlocked (`afterInnerEnded`): send the completion if that was the last one
    /// and the source is done, or subscribe a waiting inner observable.
    @inlinable @inline(__always) func innerEndedLocked() -> (emitter: Bool, hasWaiting: Bool) {
        active -= 1
        let hasWaiting = waitingHead < waiting.count
        return (!hasWaiting && !subscribing && sourceDone && active == 0 && acceptCompletedLocked(), hasWaiting)
    }

    /// A `just` or an `empty` served without a subscription has ended: counted, and its inline
    /// slot, if it took it, freed (unused: nothing to reset).
    @inlinable @inline(__always) func innerEndedAtOnce(inline: Bool) {
        lock.lock()
        if inline { inlineBusy = false }
        let ended = innerEndedLocked()
        lock.unlock()
        afterInnerEnded(ended)
    }

    /// Without the lock: acts on what `innerEndedLocked` decided.
    @inlinable @inline(__always) func afterInnerEnded(_ ended: (emitter: Bool, hasWaiting: Bool)) {
        if afterInnerEndedUnsent(ended) { emit(.completed) }
    }

    /// Without the lock, in the library's part: subscribes waiting inner observables if
    /// `innerEndedLocked` said so; true if the caller sends the completion. (The two never both
    /// hold: the completion waits for the queue.)
    @inlinable @inline(__always) func afterInnerEndedUnsent(_ ended: (emitter: Bool, hasWaiting: Bool)) -> Bool {
        ended.hasWaiting ? subscribeWaiting() : ended.emitter
    }

    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    override func dispose() {
        guard disposeOnce() else { return }
        if sourceState.markDisposed() { sourceUpstream.take().end() }
        lock.lock()
        innersDisposed = true
        let running = inners.takeAll()
        // Taken only if it holds anything (released outside the lock): replacing an empty queue
        // would release it and make another.
        var dropped: ContiguousArray<AnyObject>?
        if !waiting.isEmpty {
            dropped = waiting
            waiting = ContiguousArray()
            waitingHead = 0
        }
        lock.unlock()
        if inlineState.markDisposed() { inlineUpstream.take().end() }
        InnerSinkList.disposeAll(running)
        _ = dropped
    }
}

@usableFromInline final class MergeInnerSink<SourceElement, Element>: ListedSink, @unchecked Sendable {
    // Strong, and never cleared (events may race with disposal): the parent drops its links to
    // its inner sinks when they end, so there is no cycle.
    @usableFromInline let parent: MergeSink<SourceElement, Element>
    /// Who handles its end: `MergeSink.subscribeInner`, if it completes inside `subscribe`.
    @usableFromInline let phase = InnerPhase()

    @inlinable init(parent: MergeSink<SourceElement, Element>) {
        self.parent = parent
        super.init()
    }

    @inlinable func on(_ event: inout Event<Element>) {
        guard parent.forwardInner(&event, state) else { return }
        stopAndDispose()
        if !phase.markCompleted() && parent.innerCompleted(self) { parent.emit(.completed) }
    }
}
