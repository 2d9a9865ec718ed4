import Synchronization

/// A combining sink: subscribes every source, disposes them all together, and runs the selector
/// on the rows it emits. A queued `nil` row stands for `emitRow`, the sink's own snapshot row,
/// which only the emitter reads.
///
/// The sources deliver to the sink itself: there is no object per source. Each source's
/// `Downstream` is the sink with a handler that knows the source's index (see
/// `CombiningSinkProtocol.sourceHandler(at:arity:)`), and the sink keeps each source's subscription
/// and whether it has ended in its own storage.
@usableFromInline class CombiningSink<Result>: SerializingSink<CombinedRow?, Result>, @unchecked Sendable {
    /// The observable subscribed, which has the layout, the selector and its reader: kept (one
    /// reference) rather than copies of them (a retain each, and a release each at the end).
    /// As in RxSwift, whose sinks keep their producer.
    @usableFromInline let node: CombiningNode<Result>
    /// The node's layout, copied: read on every event.
    @usableFromInline let layout: CombinedLayout
    /// One allocation for all the per-subscription memory: `rows` rows (the first is `emitRow`),
    /// each source's subscription, the subclass's bytes, then each source's state.
    @usableFromInline let storage: UnsafeMutableRawPointer
    /// Each source's subscription, initialised only while its state is `subscriptionKept`; its
    /// owner is whoever moves the state away from `subscriptionKept`.
    @usableFromInline let subscriptions: UnsafeMutablePointer<Upstream>
    /// Each source's `SourceState` raw value. Atomic, so that keeping a subscription, a source
    /// ending and the sink's disposal settle who disposes a subscription without the lock.
    @usableFromInline let sourceStates: UnsafeMutablePointer<Atomic<UInt8>>
    /// The subclass's bytes (uninitialised, aligned for `Int`).
    @usableFromInline let extraStorage: UnsafeMutableRawPointer
    /// How many sources have not sent their terminal event. Guarded by the subclass's lock.
    @exclusivity(unchecked) @usableFromInline final var active: Int

    /// Where a source is. `subscribing` → `subscriptionKept` (by `start`), → `ended` (its
    /// terminal event, final), → `disposed` (the sink's disposal).
    @usableFromInline enum SourceState: UInt8 {
        case subscribing, subscriptionKept, ended, disposed
    }

    @inlinable init(downstream: Downstream<Result>, node: borrowing CombiningNode<Result>, rows: Int, extraBytes: Int) {
        // The layout's figures read from the node in place (a local copy of the layout would be
        // retained and released).
        self.node = copy node
        layout = node.layout
        let count = node.layout.sources.count
        let subscriptionsOffset = CombinedLayout.roundUp(rows * node.layout.rowStride, MemoryLayout<Upstream>.alignment)
        let extraOffset = subscriptionsOffset + count * MemoryLayout<Upstream>.stride
        let statesOffset = extraOffset + extraBytes
        storage = RawMemory.allocate(byteCount: statesOffset + count, alignment: Self.storageAlignment(node.layout))
        subscriptions = (storage + subscriptionsOffset).bindMemory(to: Upstream.self, capacity: count)
        sourceStates = (storage + statesOffset).bindMemory(to: Atomic<UInt8>.self, capacity: count)
        for index in 0..<count { (sourceStates + index).initialize(to: Atomic(SourceState.subscribing.rawValue)) }
        extraStorage = storage + extraOffset
        active = count
        super.init(downstream: consume downstream)
    }

    deinit {
        // Normally `dispose` has taken every subscription already.
        for index in 0..<layout.sources.count where state(of: index) == .subscriptionKept {
            (subscriptions + index).deinitialize(count: 1)
        }
        sourceStates.deinitialize(count: layout.sources.count)
        RawMemory.deallocate(storage, alignment: Self.storageAlignment(layout))
    }

    /// The alignment `storage` is allocated with, and freed with (`RawMemory` frees by it): the
    /// rows' and the subscriptions'.
    @inlinable static func storageAlignment(_ layout: borrowing CombinedLayout) -> Int {
        max(layout.alignment, MemoryLayout<Upstream>.alignment)
    }

    /// Whether the sources came as a collection (`CombinedSources.isCollection`).
    @inlinable final var isCollection: Bool { node.isCollection }

    /// Calls the selector with the values of the full row at `row`.
    @inlinable @inline(__always) final func read(_ row: UnsafeRawPointer) throws -> Result {
        // The node is alive: the sink keeps it, and this runs in one of the sink's methods (an
        // emission, from whichever thread delivers), during which the sink is alive. So its
        // parts are used where they are, not retained around the call. (CombineLatestTests'
        // `just`-sources stress test drops the observable right after subscribing while another
        // thread delivers, under ASan in CI.)
        try Unmanaged.passUnretained(node)._withUnsafeGuaranteedRef { try $0.reader($0.resultSelector, row, $0.layout.sources) }
    }

    @inlinable final var emitRow: UnsafeMutableRawPointer { storage }

    @inlinable override final func convert(_ item: CombinedRow?) throws -> Result {
        try read(item?.storage ?? emitRow)
    }

    /// Subscribes every source, in order, source `index` delivering through `handlers(index)`
    /// (`Combiner.sourceHandler(at:arity:)`, made in the caller's specialised code). `sink` is this
    /// sink itself, at its own type. With no sources at all, `startWithoutSources()`. (The sink
    /// has no upstream of `Sink`'s kind: it keeps the sources' subscriptions itself.)
    ///
    /// A `just` source (`CombinedSource.just`) is not subscribed: its element and its
    /// completion are received at once, in its turn (`receiveJusts`). The same events at the
    /// same moment as subscribing it, since a `just` delivers both inside `subscribe`, with no
    /// trampoline, as in RxSwift; and it has no subscription to keep.
    ///
    /// Not inlinable: it runs once a subscription, the same for every result type.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func start<Combiner: CombiningSinkProtocol>(_ sink: Combiner, handlers: (Int) -> ErasedSourceHandler) {
        assert(sink === self, "start is given the sink itself")
        if layout.sources.isEmpty {
            startWithoutSources()
            return
        }
        layout.sources.withUnsafeBufferPointer { sources in
            guard let first = sources.baseAddress else { return }
            // Every source is subscribed, also once an earlier one has ended the operator (or
            // the observer disposed it) meanwhile: as in RxSwift, whose sinks subscribe each
            // source in turn whatever happened. Such a source's events are ignored (`receive`)
            // and its subscription is disposed at once (below).
            var index = 0
            while index < sources.count {
                if sources[index].just != .notJust {
                    index += sink.receiveJusts(first, count: sources.count, from: index)
                    continue
                }
                defer { index += 1 }
                let subscription = CombinedSource.subscribe(first + index, target: self, handler: handlers(index))
                if state(of: index) == .subscribing {
                    (subscriptions + index).initialize(to: subscription)
                    let kept = sourceStates[index].compareExchange(expected: SourceState.subscribing.rawValue, desired: SourceState.subscriptionKept.rawValue, ordering: .acquiringAndReleasing).exchanged
                    if kept { continue }
                    (subscriptions + index).move().end()
                } else {
                    // It ended while being subscribed (a `just`), or the sink was disposed (a
                    // source may end the whole operator while being subscribed): nothing to keep.
                    subscription.end()
                }
            }
        }
    }

    /// What a subscription to no sources at all does: completes at once (zip's rule).
    @inlinable func startWithoutSources() {
        send(.completed)
    }

    /// Whether every source but `index` has sent its terminal event (source `index` has just
    /// sent an element). Under the subclass's lock.
    @inlinable final var onlyOneSourceActive: Bool { active == 1 }

    /// Source `index`'s state.
    @inlinable final func state(of index: Int) -> SourceState {
        SourceState(rawValue: sourceStates[index].load(ordering: .acquiring)) ?? .disposed
    }

    /// Whether source `index` has sent its terminal event (nothing more of it is taken).
    /// The raw values compared, not the state made from one: `SourceState(rawValue:)` is a call
    /// where the optimiser does not inline it, and that call in a source's handler made every
    /// event through it keep more registers (combineLatestPumping 551 → 575).
    @inlinable final func sourceHasEnded(_ index: Int) -> Bool {
        sourceStates[index].load(ordering: .acquiring) == SourceState.ended.rawValue
    }

    /// Records that source `index` sent its terminal event. True if its subscription is kept:
    /// the caller then owns it, and disposes it with `disposeEndedSource(_:)` once it has
    /// released its lock. (While `start` is still subscribing the source, `start` disposes the
    /// subscription; once the sink is disposed, `dispose` does.)
    @inlinable final func endSource(_ index: Int) -> Bool {
        sourceStates[index].exchange(SourceState.ended.rawValue, ordering: .acquiringAndReleasing) == SourceState.subscriptionKept.rawValue
    }

    /// Disposes the subscription of an ended source, for the caller `endSource` gave it to.
    @inlinable final func disposeEndedSource(_ index: Int) {
        (subscriptions + index).move().end()
    }

    @inlinable override func dispose() {
        guard disposeOnce() else { return }
        for index in 0..<layout.sources.count {
            // An ended source's subscription is its ender's; `ended` is final.
            if state(of: index) == .ended { continue }
            let previous = sourceStates[index].exchange(SourceState.disposed.rawValue, ordering: .acquiringAndReleasing)
            if previous == SourceState.subscriptionKept.rawValue {
                (subscriptions + index).move().end()
            }
        }
    }
}

/// What `CombiningObservable` needs of a combining sink (combineLatest's, zip's), as a protocol
/// (a protocol cannot name a generic superclass by its associated type).
@usableFromInline protocol CombiningSinkProtocol: Sink {
    associatedtype Result

    init(downstream: Downstream<Result>, node: borrowing CombiningNode<Result>)

    /// The sources' layout (`CombiningSink.layout`).
    var layout: CombinedLayout { get }

    /// Whether source `index` has ended (`CombiningSink.sourceHasEnded`).
    func sourceHasEnded(_ index: Int) -> Bool

    /// Subscribes every source (`CombiningSink.start`); `sink` is the sink itself.
    func start<Combiner: CombiningSinkProtocol>(_ sink: Combiner, handlers: (Int) -> ErasedSourceHandler)

    /// Receives the element and the completion of the `just` source `index` (of the `count`
    /// recorded from `first` on), and maybe of the `just`s right after it; returns how many
    /// sources it received, at least one (see `CombiningSink.start`).
    func receiveJusts(_ first: UnsafePointer<CombinedSource>, count: Int, from index: Int) -> Int

    /// Handles an event of source `index`; a `next` carries the address of the element.
    func onSource(_ event: Event<UnsafeRawPointer>, at index: Int)

    /// Handles the event at `event` of source `index` at once, before `receive` decodes it, if
    /// the sink has a shortcut for it (combineLatest's last running source,
    /// `CombineLatestSink.receiveAtOnce`); false leaves it to `receive`.
    func receiveAtOnce(_ event: UnsafeMutableRawPointer, at index: Int) -> Bool
}

extension CombiningSinkProtocol {
    /// The handler source `index` delivers to the sink with.
    ///
    /// Made in code specialised for the sink's type, a handler that captures nothing allocates
    /// nothing; so the index is a constant in one closure per index, for the first eight
    /// sources (every arity the pack-based operators are documented for). Further sources of a
    /// collection get a closure capturing their index, one allocation each. The first four
    /// (the arities apps use most) have `receive` inlined; the others call one copy of it
    /// (`receiveOutOfLine`), a few instructions more an event, so that each result type an app
    /// combines costs its module one copy of the event path, not nine.
    /// `arity` bounds the cases made (a constant where this is specialised: see
    /// `CombiningObservable.init`): a source at or past it does not exist. `.max` where the
    /// number of sources is not known (a collection).
    @inlinable @inline(__always) static func sourceHandler(at index: Int, arity: Int) -> ErasedSourceHandler {
        switch index {
        case 0: ErasedSourceHandler { unsafeDowncast($0, to: Self.self).receive($1, at: 0) }
        case 1: ErasedSourceHandler { unsafeDowncast($0, to: Self.self).receive($1, at: 1) }
        case 2 where arity > 2: ErasedSourceHandler { unsafeDowncast($0, to: Self.self).receive($1, at: 2) }
        case 3 where arity > 3: ErasedSourceHandler { unsafeDowncast($0, to: Self.self).receive($1, at: 3) }
        case 4 where arity > 4: ErasedSourceHandler { unsafeDowncast($0, to: Self.self).receiveOutOfLine($1, at: 4) }
        case 5 where arity > 5: ErasedSourceHandler { unsafeDowncast($0, to: Self.self).receiveOutOfLine($1, at: 5) }
        case 6 where arity > 6: ErasedSourceHandler { unsafeDowncast($0, to: Self.self).receiveOutOfLine($1, at: 6) }
        case 7 where arity > 7: ErasedSourceHandler { unsafeDowncast($0, to: Self.self).receiveOutOfLine($1, at: 7) }
        default:
            // A source past the eighth, of a collection; no other is made.
            arity == .max ? ErasedSourceHandler { unsafeDowncast($0, to: Self.self).receiveOutOfLine($1, at: index) } : .beyondArity
        }
    }

    /// `receive`, not inlined into its caller (the handlers of sources past the fourth).
    @inlinable @inline(never) func receiveOutOfLine(_ event: UnsafeMutableRawPointer, at index: Int) {
        receive(event, at: index)
    }

    /// Decodes an event of source `index` (at `event`, an `Event` of the source's element type)
    /// and handles it, unless the sink is disposed or the source has ended (a source's events
    /// never overlap and only its own terminal event ends it, so this needs no lock); or hands
    /// it to the sink's shortcut (`receiveAtOnce`) first.
    @inlinable @inline(__always) func receive(_ event: UnsafeMutableRawPointer, at index: Int) {
        if receiveAtOnce(event, at: index) || isDisposed || sourceHasEnded(index) { return }
        let decoded = layout.sources.withUnsafeBufferPointer { $0[index].decode(event) }
        onSource(decoded, at: index)
    }

    /// No shortcut (zip's case).
    @inlinable @inline(__always) func receiveAtOnce(_ event: UnsafeMutableRawPointer, at index: Int) -> Bool {
        false
    }

    /// `receive` for an event decoded already (a `just` source's, see `CombiningSink.start`).
    @inlinable @inline(__always) func receive(decoded event: Event<UnsafeRawPointer>, at index: Int) {
        if isDisposed || sourceHasEnded(index) { return }
        onSource(event, at: index)
    }

    /// One `just` source's two events, received as any source's (zip's way; combineLatest has a
    /// shorter one).
    @inlinable func receiveJusts(_ first: UnsafePointer<CombinedSource>, count: Int, from index: Int) -> Int {
        receiveJustEvents(first + index, at: index)
        return 1
    }

    /// A `just` source's element then its completion, each through `receive`.
    @inlinable @inline(__always) func receiveJustEvents(_ source: UnsafePointer<CombinedSource>, at index: Int) {
        if CombinedSource.withJustElement(source, { receive(decoded: .next($0), at: index) }) {
            receive(decoded: .completed, at: index)
        }
    }
}

/// The producer of `combineLatest` and `zip`, whatever the sink: the sources and the selector,
/// which its sinks read through it (a class the sinks can name without their own type).
@usableFromInline class CombiningNode<Result>: Observable<Result>, @unchecked Sendable {
    // `CombinedSources`' parts, kept apart: `convert` runs unspecialised (it is reached through
    // the vtable), where touching a `CombinedSources<Result>` would look its metadata up.
    @usableFromInline final let layout: CombinedLayout
    @usableFromInline final let resultSelector: ErasedResultSelector
    @usableFromInline final let reader: (ErasedResultSelector, UnsafeRawPointer, [CombinedSource]) throws -> Result
    /// Whether the sources came as a collection (`CombinedSources.isCollection`).
    @usableFromInline final let isCollection: Bool

    override var chainSources: [AnyObject] { layout.sources.map { $0.observable.takeUnretainedValue() } }

    @inlinable init(_ sources: consuming CombinedSources<Result>, run: @escaping Run) {
        layout = sources.layout
        resultSelector = sources.resultSelector
        reader = sources.reader
        isCollection = sources.isCollection
        super.init(run: run)
    }

    deinit {
        // The sources the layout's records retained (`CombinedSource.observable`).
        for index in layout.sources.indices { layout.sources[index].observable.release() }
    }
}

/// The number of values in a pack: a constant where the pack's types are known.
@inlinable @inline(__always) func packLength<each Value>(_ value: repeat each Value) -> Int {
    var length = 0
    for _ in repeat each value { length += 1 }
    return length
}

/// The producer of `combineLatest` and `zip` with its sink type.
@usableFromInline final class CombiningObservable<Combiner: CombiningSinkProtocol>: CombiningNode<Combiner.Result>, @unchecked Sendable {
    /// `arity` is the number of sources where the caller knows it (a literal, or a pack's
    /// length, both constants where this is inlined), `.max` where it does not (a collection).
    @inlinable init(_ sources: consuming CombinedSources<Combiner.Result>, arity: Int = .max) {
        // The sources' handlers are made here, in code specialised for the sink's type, so that
        // they capture nothing (and are the specialised path of every event); making the sink
        // and subscribing the sources runs in the library's own code (`startSubscription`).
        // Only the handlers of the sources there are: with the arity a constant, the other
        // cases fold away, with their closures (for two sources, about 1.2 KB an element type).
        let run: Run
        switch arity {
        case 2: run = { CombiningObservable<Combiner>.startSubscription($0, $1, handlers: { Combiner.sourceHandler(at: $0, arity: 2) }) }
        case 3: run = { CombiningObservable<Combiner>.startSubscription($0, $1, handlers: { Combiner.sourceHandler(at: $0, arity: 3) }) }
        default: run = { CombiningObservable<Combiner>.startSubscription($0, $1, handlers: { Combiner.sourceHandler(at: $0, arity: .max) }) }
        }
        super.init(sources, run: run)
    }

    /// Makes the sink of one subscription and subscribes every source, source `index` with
    /// `handlers(index)`. Not inlinable: the same, unspecialised, for every result type.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    static func startSubscription(_ node: Observable<Combiner.Result>, _ downstream: consuming Downstream<Combiner.Result>, handlers: (Int) -> ErasedSourceHandler) -> Upstream {
        let sink = Combiner(downstream: consume downstream, node: unsafeDowncast(node, to: CombiningNode<Combiner.Result>.self))
        sink.start(sink, handlers: handlers)
        return .object(sink)
    }
}
