/// A combining sink: subscribes every source, disposes them all together, and runs the selector
/// on the rows it emits. A queued `nil` row stands for `emitRow`, the sink's own snapshot row,
/// which only the emitter reads.
@usableFromInline class CombiningSink<Result>: SerializingSink<CombinedRow?, Result>, @unchecked Sendable {
    @usableFromInline let layout: CombinedLayout
    @usableFromInline let selector: (UnsafeRawPointer) throws -> Result
    /// `rows` rows (the first is `emitRow`) then `extraBytes` bytes for the subclass.
    @usableFromInline let storage: UnsafeMutableRawPointer
    // Unchecked exclusivity: the lock guards these, so a dynamic check would only add a
    // thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline final var sourceSinks = InnerSinkList()  // guarded by lock
    @exclusivity(unchecked) @usableFromInline final var sourcesDisposed = false

    @inlinable init(downstream: Downstream<Result>, sources: CombinedSources<Result>, rows: Int, extraBytes: Int) {
        layout = sources.layout
        selector = sources.selector
        storage = sources.layout.allocate(rows: rows, extraBytes: extraBytes)
        super.init(downstream: downstream)
    }

    deinit {
        storage.deallocate()
    }

    @inlinable final var emitRow: UnsafeMutableRawPointer { storage }

    @inlinable override final func convert(_ item: CombinedRow?) throws -> Result {
        try selector(item?.storage ?? emitRow)
    }

    /// Subscribes every source, in order; `handler` calls the subclass's `onSource`. With no
    /// sources at all, completes at once.
    @inlinable final func start(handler: @escaping CombinedSourceHandler) {
        setUpstream(Disposables.create())
        if layout.sources.isEmpty {
            send(.completed)
            return
        }
        layout.sources.withUnsafeBufferPointer { sources in
            guard let first = sources.baseAddress else { return }
            for index in sources.indices {
                if isDisposed { return }
                let inner = CombinedSourceSink(parent: self, handler: handler, index: index)
                CombinedSource.subscribe(first + index, inner)
                lock.lock()
                if sourcesDisposed {
                    // A source ended the whole operator while it was being subscribed.
                    lock.unlock()
                    inner.dispose()
                    return
                }
                sourceSinks.append(consume inner)
                lock.unlock()
            }
        }
    }

    @inlinable override func dispose() {
        guard disposeOnce() else { return }
        lock.lock()
        sourcesDisposed = true
        let all = sourceSinks.takeAll()
        lock.unlock()
        InnerSinkList.disposeAll(all)
    }
}

/// How a source's sink reports to the combining sink: (parent, event, source index). A `next`
/// carries the address of the element, valid for the duration of the call.
@usableFromInline typealias CombinedSourceHandler = (AnyObject, Event<UnsafeRawPointer>, Int) -> Void

/// The observer of one source of a combining operator. Not generic (only `deliverNext` is; the
/// events arrive through the handler of the source's element type), so a subscription
/// instantiates no type metadata.
@usableFromInline final class CombinedSourceSink: ListedSink, @unchecked Sendable {
    @usableFromInline let parent: AnyObject
    @usableFromInline let handler: CombinedSourceHandler
    @usableFromInline let index: Int

    @inlinable init(parent: AnyObject, handler: @escaping CombinedSourceHandler, index: Int) {
        self.parent = parent
        self.handler = handler
        self.index = index
        super.init()
    }

    /// Hands on the address of a `next` event's element (taken as a typed pointer: forming a raw
    /// pointer to a generic variable draws a warning, though a copy is all that is done with it).
    @inlinable @inline(__always) func deliverNext<Element>(_ element: UnsafeMutablePointer<Element>) {
        handler(parent, .next(UnsafeRawPointer(element)), index)
    }

    /// Hands on an error or completion, the last event this sink passes.
    @inlinable func deliverTerminal(_ event: Event<UnsafeRawPointer>) {
        _ = markStopped()
        handler(parent, event, index)
    }
}


/// What `CombiningObservable` needs of a combining sink (combineLatest's, zip's), as a protocol
/// (a protocol cannot name a generic superclass by its associated type).
@usableFromInline protocol CombiningSinkProtocol: Sink {
    associatedtype Result

    init(downstream: Downstream<Result>, sources: CombinedSources<Result>)

    /// Subscribes every source (`CombiningSink.start`).
    func start(handler: @escaping CombinedSourceHandler)

    /// Handles an event of source `index`; a `next` carries the address of the element.
    func onSource(_ event: Event<UnsafeRawPointer>, at index: Int)
}

/// The producer of `combineLatest` and `zip`: the sources, the selector and the sink type.
@usableFromInline final class CombiningObservable<Combiner: CombiningSinkProtocol>: Observable<Combiner.Result>, @unchecked Sendable {
    @usableFromInline let sources: CombinedSources<Combiner.Result>

    @inlinable init(_ sources: CombinedSources<Combiner.Result>) {
        self.sources = sources
        super.init(run: { node, downstream in
            let sink = Combiner(downstream: downstream, sources: unsafeDowncast(node, to: CombiningObservable<Combiner>.self).sources)
            // Made here, in code specialised for the sink's type, so that it captures nothing.
            sink.start { unsafeDowncast($0, to: Combiner.self).onSource($1, at: $2) }
            return sink
        })
    }
}
