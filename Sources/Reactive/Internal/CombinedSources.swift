/// The machinery `combineLatest` and `zip` share for any number of sources of any types.
///
/// The arities 2…8 (and more) are one parameter-pack function each. The values travel in
/// *rows*: raw memory holding one value per source, each at its offset, typed only by the
/// layout built once per observable. A source's sink hands its element to the combining sink by
/// address, which copies it into a row (a `memcpy` when every element type is trivial), and the
/// user's selector reads each value back at its own type: no boxing, no dynamic cast.
///
/// Code generic over a parameter pack is not specialised, so the pack-typed part is kept to the
/// layout, the sources' own sinks (which only pass an address) and the selector's reads; the
/// combining sink calls through a `CombinedSourceHandler` created where its type is concrete, so
/// the rest runs specialised.
@usableFromInline struct CombinedSources<Result> {
    @usableFromInline let layout: CombinedLayout
    /// Calls the user's selector with the values of a full row.
    @usableFromInline let selector: (UnsafeRawPointer) throws -> Result

    @inlinable init<each Source: ObservableConvertibleType>(_ source: repeat each Source, resultSelector: @escaping (repeat (each Source).Element) throws -> Result) {
        var layout = CombinedLayout()
        var count = 0
        for _ in repeat each source { count += 1 }
        layout.sources.reserveCapacity(count)
        for source in repeat each source {
            layout.append(source.asObservable())
        }
        self.layout = layout
        selector = combinedSelector(resultSelector, sources: layout.sources)
    }

    @inlinable init<Element>(_ sources: [Observable<Element>], resultSelector: @escaping ([Element]) throws -> Result) {
        var layout = CombinedLayout()
        layout.sources.reserveCapacity(sources.count)
        for source in sources { layout.append(source) }
        self.layout = layout
        let sources = layout.sources
        selector = { row in
            try resultSelector(sources.map { (row + $0.offset).assumingMemoryBound(to: Element.self).pointee })
        }
    }
}

/// Calls `resultSelector` with the values of a row.
///
/// Generic over the element types themselves rather than the sources, so the closure captures
/// their metadata: reading `(each Source).Element` per event would look up an associated type.
/// The values are passed to the selector straight from the row, by address.
@inlinable func combinedSelector<each Element, Result>(_ resultSelector: @escaping (repeat each Element) throws -> Result, sources: [CombinedSource]) -> (UnsafeRawPointer) throws -> Result {
    { row in
        var index = 0
        return try resultSelector(repeat combinedValueAddress(in: row, sources: sources, at: &index).assumingMemoryBound(to: (each Element).self).pointee)
    }
}

/// Where the value of the source at `index` is in `row`; advances `index`.
@inlinable func combinedValueAddress(in row: UnsafeRawPointer, sources: [CombinedSource], at index: inout Int) -> UnsafeRawPointer {
    defer { index += 1 }
    return row + sources[index].offset
}

/// Where each source's value lives in a row, and how to subscribe each source.
@usableFromInline struct CombinedLayout {
    @usableFromInline var sources: [CombinedSource] = []
    /// Bytes from one row to the next (the rows' size rounded up to their alignment).
    @usableFromInline var rowStride = 0
    @usableFromInline var alignment = 1
    /// Every value is plain bytes: copies are `memcpy` and nothing needs destroying.
    @usableFromInline var isTrivial = true

    @inlinable init() {}

    @inlinable mutating func append<Element>(_ source: Observable<Element>) {
        let valueAlignment = MemoryLayout<Element>.alignment
        let offset = (rowStride + valueAlignment - 1) & ~(valueAlignment - 1)
        sources.append(CombinedSource(source, offset: offset))
        alignment = max(alignment, valueAlignment)
        rowStride = offset + MemoryLayout<Element>.size
        rowStride = (rowStride + alignment - 1) & ~(alignment - 1)
        isTrivial = isTrivial && _isPOD(Element.self)
    }

    /// Raw memory for `rows` rows followed by `extraBytes` bytes.
    @inlinable func allocate(rows: Int, extraBytes: Int = 0) -> UnsafeMutableRawPointer {
        .allocate(byteCount: max(rows * rowStride + extraBytes, 1), alignment: alignment)
    }

    /// Copies the value at `value` into source `index`'s place in `row`; `initialized` says
    /// whether that place holds a value already (then it is assigned over).
    @inlinable func store(_ value: UnsafeRawPointer, at index: Int, in row: UnsafeMutableRawPointer, initialized: Bool) {
        let source = sources[index]
        if isTrivial {
            (row + source.offset).copyMemory(from: value, byteCount: source.size)
        } else {
            copyCombinedValue(source.type, from: value, to: row + source.offset, initialized: initialized)
        }
    }

    /// Copies a full row; `initialized` says whether `target` holds a full row already.
    @inlinable func copyRow(_ row: UnsafeRawPointer, to target: UnsafeMutableRawPointer, initialized: Bool) {
        if isTrivial {
            target.copyMemory(from: row, byteCount: rowStride)
        } else {
            for source in sources {
                copyCombinedValue(source.type, from: row + source.offset, to: target + source.offset, initialized: initialized)
            }
        }
    }

    /// Destroys the value of source `index` in `row`.
    @inlinable func destroy(at index: Int, in row: UnsafeMutableRawPointer) {
        if isTrivial { return }
        let source = sources[index]
        destroyCombinedValue(source.type, at: row + source.offset)
    }

    /// Destroys every value of a full row.
    @inlinable func destroyRow(_ row: UnsafeMutableRawPointer) {
        if isTrivial { return }
        for index in sources.indices { destroy(at: index, in: row) }
    }
}

@usableFromInline func copyCombinedValue<Value>(_: Value.Type, from value: UnsafeRawPointer, to target: UnsafeMutableRawPointer, initialized: Bool) {
    let value = value.assumingMemoryBound(to: Value.self)
    let target = target.assumingMemoryBound(to: Value.self)
    if initialized {
        target.pointee = value.pointee
    } else {
        target.initialize(to: value.pointee)
    }
}

@usableFromInline func destroyCombinedValue<Value>(_: Value.Type, at value: UnsafeMutableRawPointer) {
    value.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
}

/// One source of a combining operator: its element type, its place in a row, and how to
/// subscribe it for a combining sink.
@usableFromInline struct CombinedSource {
    @usableFromInline let type: any Any.Type
    @usableFromInline let offset: Int
    @usableFromInline let size: Int
    /// (parent, handler, index) → the source's sink, subscribed.
    @usableFromInline let subscribe: (AnyObject, @escaping CombinedSourceHandler, Int) -> CombinedSourceSink

    @inlinable init<Element>(_ source: Observable<Element>, offset: Int) {
        type = Element.self
        self.offset = offset
        size = MemoryLayout<Element>.size
        // Made once per source, not per subscription: in code generic over a parameter pack even a
        // non-capturing closure captures its type metadata, so it has a context to allocate.
        let deliver = combinedSourceDeliver(Event<Element>.self)
        subscribe = { parent, handler, index in
            let inner = CombinedSourceSink(parent: parent, handler: handler, index: index)
            inner.setUpstream(source.subscribe(Downstream(inner, deliver)))
            return inner
        }
    }
}

/// How a source's sink reports to the combining sink: (parent, event, source index). A `next`
/// carries the address of the element, valid for the duration of the call.
@usableFromInline typealias CombinedSourceHandler = (AnyObject, Event<UnsafeRawPointer>, Int) -> Void

/// A full row of values, queued for the selector (a zip's next tuple, or a combineLatest
/// snapshot taken while another thread was emitting).
@usableFromInline final class CombinedRow {
    @usableFromInline let storage: UnsafeMutableRawPointer
    @usableFromInline let layout: CombinedLayout
    /// Every source's value is in place; until then its owner destroys the values it stored.
    @usableFromInline var isFull = false

    @inlinable init(_ layout: CombinedLayout) {
        self.layout = layout
        storage = layout.allocate(rows: 1)
    }

    deinit {
        if isFull { layout.destroyRow(storage) }
        storage.deallocate()
    }
}

/// The observer of one source of a combining operator. Not generic: only its `on` is, so a
/// subscription instantiates no type metadata.
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
    @inlinable func deliverNext<Element>(_ element: UnsafeMutablePointer<Element>) {
        handler(parent, .next(UnsafeRawPointer(element)), index)
    }

    /// Hands on an error or completion, the last event this sink passes.
    @inlinable func deliverTerminal(_ event: Event<UnsafeRawPointer>) {
        _ = markStopped()
        handler(parent, event, index)
    }
}

/// The handler a source's sink receives its events with.
///
/// Generic over the event type rather than the element type, so the closure captures the
/// metadata of `Event<Element>` itself (instantiated once, here) and the switch on the event,
/// in `Event.deliver(to:)`, reuses it: generic code switching on an `Event<Element>` would
/// otherwise look its metadata up in the runtime's cache on every event.
@inlinable func combinedSourceDeliver<SourceEvent: CombinedSourceEvent>(_: SourceEvent.Type) -> (AnyObject, inout SourceEvent) -> Void {
    { target, event in
        let sink = unsafeDowncast(target, to: CombinedSourceSink.self)
        if sink.isStopped { return }
        event.deliver(to: sink)
    }
}

/// An event a combining operator's source sends: `Event<Element>` for any element type.
@usableFromInline protocol CombinedSourceEvent {
    /// Hands the event to the combining sink through `sink`.
    func deliver(to sink: CombinedSourceSink)
}

extension Event: CombinedSourceEvent {
    @inlinable func deliver(to sink: CombinedSourceSink) {
        switch self {
        case .next(var element):
            sink.deliverNext(&element)
        case .error(let error):
            sink.deliverTerminal(.error(error))
        case .completed:
            sink.deliverTerminal(.completed)
        }
    }
}

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
    @exclusivity(unchecked) @usableFromInline var sourceSinks = InnerSinkList()  // guarded by lock
    @exclusivity(unchecked) @usableFromInline var sourcesDisposed = false

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

    /// Subscribes every source, in order; `handler` calls the subclass's `onSource`.
    @inlinable final func start(handler: @escaping CombinedSourceHandler) {
        setUpstream(Disposables.create())
        for index in layout.sources.indices {
            if isDisposed { return }
            let inner = layout.sources[index].subscribe(self, handler, index)
            lock.lock()
            if sourcesDisposed {
                lock.unlock()
                inner.dispose()
            } else {
                sourceSinks.append(inner)
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
