/// Where each source's value lives in a row, and how to subscribe each source.
@usableFromInline struct CombinedLayout {
    @usableFromInline var sources: [CombinedSource] = []
    /// Bytes from one row to the next (the rows' size rounded up to their alignment).
    @usableFromInline var rowStride = 0
    @usableFromInline var alignment = 1
    /// Every value is plain bytes: copies are `memcpy` and nothing needs destroying.
    @usableFromInline var isTrivial = true

    @inlinable init() {}

    @inlinable mutating func append<Element>(_ source: consuming Observable<Element>) {
        let valueAlignment = MemoryLayout<Element>.alignment
        let offset = (rowStride + valueAlignment - 1) & ~(valueAlignment - 1)
        let event = Event<Element>.self
        // The handler depends only on the element type: sources of one type share one, so a
        // `combineLatest` of four `Int` sources makes one closure, not four.
        var shared: ErasedSourceHandler?
        for index in sources.indices where ObjectIdentifier(sources[index].event) == ObjectIdentifier(event) {
            shared = sources[index].handler
            break
        }
        sources.append(CombinedSource(observable: source, event: event, handler: shared ?? erasedSourceHandler(event), offset: offset, size: MemoryLayout<Element>.size))
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
        if isTrivial {
            (row + sources[index].offset).copyMemory(from: value, byteCount: sources[index].size)
        } else {
            sources[index].event.copyValue(from: value, to: row + sources[index].offset, initialized: initialized)
        }
    }

    /// Copies a full row; `initialized` says whether `target` holds a full row already.
    @inlinable func copyRow(_ row: UnsafeRawPointer, to target: UnsafeMutableRawPointer, initialized: Bool) {
        if isTrivial {
            target.copyMemory(from: row, byteCount: rowStride)
        } else {
            for index in sources.indices {
                store(row + sources[index].offset, at: index, in: target, initialized: initialized)
            }
        }
    }

    /// Destroys the value of source `index` in `row`.
    @inlinable func destroy(at index: Int, in row: UnsafeMutableRawPointer) {
        if isTrivial { return }
        sources[index].event.destroyValue(at: row + sources[index].offset)
    }

    /// Destroys every value of a full row.
    @inlinable func destroyRow(_ row: UnsafeMutableRawPointer) {
        if isTrivial { return }
        for index in sources.indices { destroy(at: index, in: row) }
    }
}

/// One source of a combining operator: the observable, what its element type needs done, and
/// its value's place in a row. Nothing here is allocated per source but the handler, and that
/// only once per element type.
@usableFromInline struct CombinedSource {
    /// The source, an `Observable<Element>`.
    @usableFromInline let observable: AnyObject
    /// `Event<Element>`: subscribes the source and copies and destroys its values at their type.
    /// Called through its conformance, whose `Self` brings the metadata with it, so none is
    /// looked up.
    @usableFromInline let event: any CombinedSourceEvent.Type
    /// What the source's events are delivered to, shared by the sources of one element type.
    @usableFromInline let handler: ErasedSourceHandler
    @usableFromInline let offset: Int
    @usableFromInline let size: Int

    @inlinable init(observable: AnyObject, event: any CombinedSourceEvent.Type, handler: ErasedSourceHandler, offset: Int, size: Int) {
        self.observable = observable
        self.event = event
        self.handler = handler
        self.offset = offset
        self.size = size
    }

    /// Subscribes the source at `source` for `sink`, which keeps the subscription. By address,
    /// so that the record's references are used where they are, not copied around the call.
    @inlinable static func subscribe(_ source: UnsafePointer<CombinedSource>, _ sink: CombinedSourceSink) {
        source.pointee.event.subscribe(source, sink: sink)
    }
}

/// A source's handler, `(AnyObject, inout Event<Element>) -> Void`, with its element type
/// erased for storage: a `SourceHandler<Event<Element>>` reinterpreted. Only
/// `Event<Element>.subscribe` reinterprets it back, to the very type it was made as; the erased
/// handler is never called. The function is kept inside a struct on both sides because a
/// function value itself passed through `unsafeBitCast` is re-abstracted (its arguments then
/// passed indirectly), which changes its calling convention; a struct's bits are left alone,
/// and both fields take the object and the event's address, in that order.
///
/// Why erase rather than keep a closure that subscribes: code generic over an element type (as
/// the sources of a parameter pack are) cannot make a closure without allocating a context for
/// the type's metadata, so each closure kept per source is an allocation per source.
@usableFromInline struct ErasedSourceHandler {
    @usableFromInline let handler: (AnyObject, UnsafeMutableRawPointer) -> Void
}

/// A source's handler at its event type; see `ErasedSourceHandler`.
@usableFromInline struct SourceHandler<SourceEvent> {
    @usableFromInline let handler: (AnyObject, inout SourceEvent) -> Void

    @inlinable init(_ handler: @escaping (AnyObject, inout SourceEvent) -> Void) {
        self.handler = handler
    }
}

/// The handler a source's sink receives its events with, erased.
///
/// Generic over the event type rather than the element type, so the closure captures the
/// metadata of `Event<Element>` itself (instantiated once, here) and the switch on the event,
/// in `Event.deliver(to:)`, reuses it: generic code switching on an `Event<Element>` would
/// otherwise look its metadata up in the runtime's cache on every event.
@inlinable func erasedSourceHandler<SourceEvent: CombinedSourceEvent>(_: SourceEvent.Type) -> ErasedSourceHandler {
    let typed = SourceHandler<SourceEvent> { target, event in
        let sink = unsafeDowncast(target, to: CombinedSourceSink.self)
        if sink.isStopped { return }
        event.deliver(to: sink)
    }
    return unsafeBitCast(typed, to: ErasedSourceHandler.self)
}

/// An event a combining operator's source sends: `Event<Element>` for any element type. What
/// the combining machinery does at a source's element type it does through this conformance.
@usableFromInline protocol CombinedSourceEvent {
    /// Hands the event to the combining sink through `sink`.
    func deliver(to sink: CombinedSourceSink)

    /// Subscribes the source recorded at `source` (an `Observable` of this event's element
    /// type) for `sink`, its events going to the record's handler (made by
    /// `erasedSourceHandler` for this type).
    static func subscribe(_ source: UnsafePointer<CombinedSource>, sink: CombinedSourceSink)

    /// Copies an element from `value` to `target`, assigning over it if `initialized`.
    static func copyValue(from value: UnsafeRawPointer, to target: UnsafeMutableRawPointer, initialized: Bool)

    /// Destroys the element at `value`.
    static func destroyValue(at value: UnsafeMutableRawPointer)
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

    @inlinable static func subscribe(_ source: UnsafePointer<CombinedSource>, sink: CombinedSourceSink) {
        let handler = unsafeBitCast(source.pointee.handler, to: SourceHandler<Event<Element>>.self).handler
        let observable = Unmanaged.passUnretained(source.pointee.observable)
        sink.setUpstream(observable._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Observable<Element>.self).subscribe(Downstream(sink, handler)) })
    }

    @inlinable static func copyValue(from value: UnsafeRawPointer, to target: UnsafeMutableRawPointer, initialized: Bool) {
        let value = value.assumingMemoryBound(to: Element.self)
        let target = target.assumingMemoryBound(to: Element.self)
        if initialized {
            target.pointee = value.pointee
        } else {
            target.initialize(to: value.pointee)
        }
    }

    @inlinable static func destroyValue(at value: UnsafeMutableRawPointer) {
        value.assumingMemoryBound(to: Element.self).deinitialize(count: 1)
    }
}

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

