import Synchronization

extension ObservableType {
    /// Combines the latest elements of the sources into a tuple each time one sends an element.
    ///
    /// `--1-----2--|` with second `----a-----b--|` → `Observable.combineLatest(source, second)` → `----x---y-z--|` where `x = (1, "a")`, `y = (2, "a")`, `z = (2, "b")`
    @inlinable public static func combineLatest<each Source: ObservableConvertibleType>(_ source: repeat each Source) -> Observable<Element> where Element == (repeat (each Source).Element) {
        CombiningObservable<CombineLatestSink<Element>>(CombinedSources(repeat each source, resultSelector: { (value: repeat (each Source).Element) in (repeat each value) }), arity: packLength(repeat each source))
    }

    /// Combines the latest elements of sources that are `Observable`s already into a tuple.
    ///
    /// `--1-----2--|` with second `----a-----b--|` → `Observable.combineLatest(source.asObservable(), second.asObservable())` → `----x---y-z--|` where `x = (1, "a")`, `y = (2, "a")`, `z = (2, "b")`
    ///
    /// As the overload above, with the tuple as the result.
    @inlinable public static func combineLatest<each SourceElement>(_ source: repeat Observable<each SourceElement>) -> Observable<Element> where Element == (repeat each SourceElement) {
        CombiningObservable<CombineLatestSink<Element>>(CombinedSources(observables: repeat each source, resultSelector: { (value: repeat each SourceElement) in (repeat each value) }), arity: packLength(repeat each source))
    }

    /// Combines the latest elements of a collection of sources.
    ///
    /// As the variadic form. An empty collection sends `resultSelector([])` and completes at
    /// once, as RxSwift does.
    @inlinable public static func combineLatest<Sources: Collection>(_ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element) -> Observable<Element> where Sources.Element: ObservableConvertibleType {
        CombiningObservable<CombineLatestSink<Element>>(CombinedSources(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines the latest elements of a collection of sources into an array.
    ///
    /// RxSwift's shape: `Element` is the sources' element type and the result is an array of
    /// them, so `Observable.combineLatest([a, b])` and `Observable<Int>.combineLatest([a, b])` both read as in
    /// RxSwift.
    @inlinable public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Observable<[Element]> where Sources.Element: ObservableType, Sources.Element.Element == Element {
        CombiningObservable<CombineLatestSink<[Element]>>(CombinedSources(collection.map { $0.asObservable() }, resultSelector: { $0 }))
    }
}

@usableFromInline final class CombineLatestSink<Result>: CombiningSink<Result>, CombiningSinkProtocol, @unchecked Sendable {
    // Storage: `emitRow`, then `latest` (one place per source), then a has-value flag per source.
    // `latest` is guarded by the lock; `emitRow` is written under the lock by the caller that
    // becomes the emitter, and read by it alone while emitting, so the selector runs outside the
    // lock on a consistent snapshot.
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var missing: Int
    @exclusivity(unchecked) @usableFromInline var emitRowIsFull = false
    /// The index of the one source still running, once every other has completed and every
    /// source has a value (else -1), unless it is `wordSoleSource`: its elements take
    /// `nextFromSoleSource`. Set under the lock by that source's own element, and final (once
    /// that source has ended, or the sink is disposed, its events stop at `receive`).
    @usableFromInline let soleSource = Atomic<Int>(-1)
    /// `soleSource` when every value is plain bytes and that source's is one word (an `Int`, a
    /// `Double`; then `soleSource` stays -1): its elements take `receiveAtOnce`, ahead of the
    /// decoding and the checks of `receive`. Set under the lock, as `soleSource`, after
    /// `wordSoleSlot`; never another source's afterwards.
    @usableFromInline let wordSoleSource = Atomic<Int>(-1)
    /// Where `wordSoleSource`'s value goes in `latest`. Written under the lock before
    /// `wordSoleSource` is stored (releasing), read only after it is loaded (acquiring) and
    /// found to be the caller's source.
    @exclusivity(unchecked) @usableFromInline var wordSoleSlot: UnsafeMutableRawPointer?

    @inlinable init(downstream: Downstream<Result>, node: borrowing CombiningNode<Result>) {
        let count = node.layout.sources.count
        missing = count
        super.init(downstream: consume downstream, node: node, rows: 2, extraBytes: count)
        extraStorage.initializeMemory(as: Bool.self, repeating: false, count: count)
    }

    deinit {
        if layout.isTrivial { return }
        if emitRowIsFull { layout.destroyRow(emitRow) }
        for index in layout.sources.indices where hasValue[index] { layout.destroy(at: index, in: latest) }
    }

    /// RxSwift's rule for a collection of no sources: the selector's value of an empty array,
    /// then completion.
    @inlinable override func startWithoutSources() {
        send(.next(nil))
        send(.completed)
    }

    @inlinable var latest: UnsafeMutableRawPointer { storage + layout.rowStride }
    @inlinable var hasValue: UnsafeMutablePointer<Bool> { extraStorage.assumingMemoryBound(to: Bool.self) }

    @inlinable @inline(__always) func onSource(_ event: Event<UnsafeRawPointer>, at index: Int) {
        if case .next(let value) = event, soleSource.load(ordering: .acquiring) == index,
           emitState.compareExchange(expected: 0, desired: Self.emittingBit, ordering: .acquiring).exchanged {
            nextFromSoleSource(value, at: index)
            return
        }
        onSourceLocked(event, at: index)
    }

    /// An element of the only source still running, with nobody emitting: stored and emitted
    /// with no lock and no snapshot, the caller having made itself the emitter.
    ///
    /// Sound because nothing else can touch `latest` meanwhile: every other source has
    /// completed (its events stop at `receive`), this source's events never overlap (the Rx
    /// contract), and one that it sends from inside this delivery (re-entrant, on this thread,
    /// after the selector has read its values) finds the sink emitting and takes the lock and
    /// the queue as before. The selector reads `latest` itself: the snapshot (`emitRow`) exists
    /// for an emitter that runs while another source stores its element, and none can.
    ///
    /// The snapshot of the emission before, if any, is released here (no other caller touches
    /// it while this one is the emitter), so that it keeps no value that is no longer the latest.
    // Out of line: inlined into each source's handler, its copies at the element's type kept
    // registers saved on the `receiveAtOnce` path too.
    @inlinable @inline(never) func nextFromSoleSource(_ value: UnsafeRawPointer, at index: Int) {
        if emitRowIsFull {
            layout.destroyRow(emitRow)
            emitRowIsFull = false
        }
        layout.store(value, at: index, in: latest, initialized: true)
        emitterThread = Self.onlySenderThread
        emitNext { try read(latest) }
    }

    /// An element of `wordSoleSource` with nobody emitting: stored by its precomputed place and
    /// emitted with no lock (see `nextFromSoleSource` for why nothing else can touch `latest`
    /// meanwhile). Not a `next`, or somebody emitting (a re-entrant event), goes to `receive`.
    ///
    /// Before `receive`'s checks, which it needs none of. Whatever the source sends after its
    /// terminal event (against the contract) finds the sink emitting, since the emission that
    /// delivers a terminal event ends in the sink's disposal and never clears `emitState`: it
    /// goes to `receive`, which drops it. A disposal is seen by `emitNext`, the value stored
    /// meanwhile being plain bytes that nothing releases. The event's case and the element are
    /// read at the offsets `becomeSoleSourceLocked` checked (`wordEventTagOffset`).
    @inlinable @inline(__always) func receiveAtOnce(_ event: UnsafeMutableRawPointer, at index: Int) -> Bool {
        guard wordSoleSource.load(ordering: .acquiring) == index,
              event.load(fromByteOffset: Self.wordEventTagOffset, as: UInt8.self) == CombinedBytes.nextTag,
              emitState.compareExchange(expected: 0, desired: Self.emittingBit, ordering: .acquiring).exchanged else { return false }
        // Set whenever `wordSoleSource` is (see there).
        wordSoleSlot.unsafelyUnwrapped.storeBytes(of: event.load(as: UInt64.self), as: UInt64.self)
        emitterThread = Self.onlySenderThread
        emitNext { try read(latest) }
        return true
    }

    /// Where an `Event` of a one-word element keeps its case: after the word (an `error`'s
    /// payload is one word too; see `CombinedBytes.tagOffset(eventSize:)`).
    @inlinable static var wordEventTagOffset: Int { 8 }

    /// Makes source `index` the sole source (see `soleSource`); under the lock.
    @inlinable func becomeSoleSourceLocked(_ index: Int) {
        // The three numbers of the source's record, read in place.
        let (offset, size, tagOffset) = layout.sources.withUnsafeBufferPointer { ($0[index].offset, $0[index].size, $0[index].tagOffset) }
        if layout.isTrivial && size == 8 && tagOffset == Self.wordEventTagOffset {
            wordSoleSlot = latest + offset
            wordSoleSource.store(index, ordering: .releasing)
        } else {
            soleSource.store(index, ordering: .releasing)
        }
    }

    /// `just` sources' elements and completions (see `CombiningSink.start`). While a `just`'s
    /// element can send nothing (another source has no value yet, and another is still
    /// running), its two events are taken under the lock, its element copied straight into
    /// `latest`, and so are those of the `just`s right after it, in the same hold: nothing of
    /// the operator is seen between them. A `just` whose element can send is received as any
    /// source's, and ends the run.
    @inlinable func receiveJusts(_ first: UnsafePointer<CombinedSource>, count: Int, from start: Int) -> Int {
        if isDisposed { return 1 }
        var index = start
        lock.lock()
        repeat {
            let hadValue = hasValue[index]
            if done || missing - (hadValue ? 0 : 1) == 0 || active == 1 {
                lock.unlock()
                receiveJustEvents(first + index, at: index)
                return index - start + 1
            }
            CombinedSource.copyJustElement(first + index, to: latest + first[index].offset, initialized: hadValue)
            if !hadValue {
                hasValue[index] = true
                missing -= 1
            }
            // Its completion: the subscription was never kept (there is none), and others still
            // run. (Nothing but its own completion ends a source, so it had not ended.)
            _ = endSource(index)
            active -= 1
            index += 1
        } while index < count && first[index].just != .notJust
        lock.unlock()
        return index - start
    }

    /// `onSource` under the lock: every event but a sole source's element (see `soleSource`).
    /// An element is handled here; an element that has to wait for another emission in the
    /// library's own code, once for every result type.
    @inlinable @inline(never) func onSourceLocked(_ event: Event<UnsafeRawPointer>, at index: Int) {
        guard case .next(let value) = event else {
            onSourceEnded(event, at: index)
            return
        }
        lock.lock()
        let hadValue = hasValue[index]
        layout.store(value, at: index, in: latest, initialized: hadValue)
        if !hadValue {
            hasValue[index] = true
            missing -= 1
        }
        if done {
            lock.unlock()
            return
        }
        if missing > 0 {
            // Every other source is done and one of them never sent: nothing can come.
            guard onlyOneSourceActive else {
                lock.unlock()
                return
            }
            let emitter = acceptLocked(.completed)
            lock.unlock()
            if emitter { emit(.completed) }
            return
        }
        if active == 1 {
            // The others have completed, and every source has a value.
            becomeSoleSourceLocked(index)
        }
        if !deliversAtOnceLocked {
            queueSnapshotUnlocking()
            return
        }
        // Nobody delivers or waits: this call emits the row itself, with nothing queued.
        layout.copyRow(latest, to: emitRow, initialized: emitRowIsFull)
        emitRowIsFull = true
        beginEmittingLocked()
        lock.unlock()
        emitNext { try read(emitRow) }
    }

    /// Under the lock, which it releases: another call is emitting, or waits to, so the latest
    /// values are queued as a snapshot of their own (and delivered by whoever emits).
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    func queueSnapshotUnlocking() {
        let row = CombinedRow(layout)
        layout.copyRow(latest, to: row.storage, initialized: false)
        row.isFull = true
        let accepted = Event<CombinedRow?>.next(row)
        let emitter = acceptLocked(accepted)
        lock.unlock()
        if emitter { emit(accepted) }
    }

    /// A terminal event of source `index`: an error ends the sequence; a completion ends it
    /// once no source runs.
    @inlinable func onSourceEnded(_ event: Event<UnsafeRawPointer>, at index: Int) {
        lock.lock()
        let accepted: Event<CombinedRow?>
        let ended = endSource(index)
        if case .error(let error) = event {
            accepted = .error(error)
        } else {
            active -= 1
            if active > 0 {
                lock.unlock()
                if ended { disposeEndedSource(index) }
                return
            }
            accepted = .completed
        }
        let emitter = acceptLocked(accepted)
        lock.unlock()
        if ended { disposeEndedSource(index) }
        if emitter { emit(accepted) }
    }
}
