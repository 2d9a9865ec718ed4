/// Where each source's value lives in a row, and how to subscribe each source.
@usableFromInline struct CombinedLayout {
    @usableFromInline var sources: [CombinedSource] = []
    /// Bytes from one row to the next (the rows' size rounded up to their alignment).
    @usableFromInline var rowStride = 0
    @usableFromInline var alignment = 1
    /// Every value is plain bytes: copies are `memcpy` and nothing needs destroying.
    @usableFromInline var isTrivial = true

    @inlinable init() {}

    /// Appends a source, borrowed: a generic copy of it would be a value-witness call and a
    /// retain, and its release.
    @inlinable mutating func append<Source: ObservableConvertibleType>(convertible source: borrowing Source) {
        append(source.asObservable())
    }

    @inlinable mutating func append<Element>(_ source: consuming Observable<Element>) {
        let valueAlignment = MemoryLayout<Element>.alignment
        let offset = (rowStride + valueAlignment - 1) & ~(valueAlignment - 1)
        // Sources of one element type share the event type's conformance: looked up once (a
        // search of the runtime's metadata cache), compared cheaply (the metadata is at hand).
        let element = ObjectIdentifier(Element.self)
        var event: (any CombinedSourceEvent.Type)?
        for index in sources.indices where sources[index].element == element {
            event = sources[index].event
            break
        }
        sources.append(CombinedSource(observable: source, element: element, event: event ?? Event<Element>.self, offset: offset, size: MemoryLayout<Element>.size))
        alignment = max(alignment, valueAlignment)
        rowStride = offset + MemoryLayout<Element>.size
        rowStride = (rowStride + alignment - 1) & ~(alignment - 1)
        isTrivial = isTrivial && _isPOD(Element.self)
    }

    /// Raw memory for one row.
    @inlinable func allocateRow() -> UnsafeMutableRawPointer {
        .allocate(byteCount: max(rowStride, 1), alignment: alignment)
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
/// its value's place in a row. Nothing here is allocated per source.
@usableFromInline struct CombinedSource {
    /// The source, an `Observable<Element>`.
    @usableFromInline let observable: AnyObject
    /// `Element`'s identity, to find sources of the same type.
    @usableFromInline let element: ObjectIdentifier
    /// `Event<Element>`: subscribes the source and decodes, copies and destroys its values at
    /// their type. Called through its conformance, whose `Self` brings the metadata with it, so
    /// none is looked up.
    @usableFromInline let event: any CombinedSourceEvent.Type
    @usableFromInline let offset: Int
    @usableFromInline let size: Int

    @inlinable init(observable: AnyObject, element: ObjectIdentifier, event: any CombinedSourceEvent.Type, offset: Int, size: Int) {
        self.observable = observable
        self.element = element
        self.event = event
        self.offset = offset
        self.size = size
    }

    /// Subscribes the source at `source`, its events going to `handler` with `target`. By
    /// address, so that the record's references are used where they are, not copied around the
    /// call.
    @inlinable static func subscribe(_ source: UnsafePointer<CombinedSource>, target: AnyObject, handler: ErasedSourceHandler) -> Disposable {
        source.pointee.event.subscribe(source, target: target, handler: handler)
    }
}

/// A source's handler, `(AnyObject, inout Event<Element>) -> Void`, with its element type
/// erased: the event arrives as its address, which the combining sink decodes through the
/// source's `CombinedSourceEvent` conformance. So one handler, made where the combining sink's
/// type is concrete, serves sources of any type without capturing anything.
///
/// `Event<Element>.subscribe` reinterprets it as a `SourceHandler<Event<Element>>`. The function
/// is kept inside a struct on both sides because a function value itself passed through
/// `unsafeBitCast` is re-abstracted (its arguments then passed indirectly), which changes its
/// calling convention; a struct's bits are left alone, and both functions take the object and
/// the event's address, in that order.
@usableFromInline struct ErasedSourceHandler {
    @usableFromInline let handler: (AnyObject, UnsafeMutableRawPointer) -> Void

    @inlinable init(_ handler: @escaping (AnyObject, UnsafeMutableRawPointer) -> Void) {
        self.handler = handler
    }
}

/// A source's handler at its event type; see `ErasedSourceHandler`.
@usableFromInline struct SourceHandler<SourceEvent> {
    @usableFromInline let handler: (AnyObject, inout SourceEvent) -> Void
}

/// An event a combining operator's source sends: `Event<Element>` for any element type. What
/// the combining machinery does at a source's element type it does through this conformance.
@usableFromInline protocol CombinedSourceEvent {
    /// Subscribes the source recorded at `source` (an `Observable` of this event's element
    /// type), its events going to `handler` with `target`.
    static func subscribe(_ source: UnsafePointer<CombinedSource>, target: AnyObject, handler: ErasedSourceHandler) -> Disposable

    /// Calls `body` with the event, a `next` carrying the address of its element (valid for the
    /// duration of the call).
    func decoded(_ body: (Event<UnsafeRawPointer>) -> Void)

    /// Copies an element from `value` to `target`, assigning over it if `initialized`.
    static func copyValue(from value: UnsafeRawPointer, to target: UnsafeMutableRawPointer, initialized: Bool)

    /// Destroys the element at `value`.
    static func destroyValue(at value: UnsafeMutableRawPointer)
}

extension CombinedSourceEvent {
    /// Calls `body` with the event at `event` (an event of this type), decoded.
    ///
    /// Reached through the source's existential metatype, which brings this type's metadata:
    /// code in `Event` naming `Event<Element>` would look it up on every event.
    @inlinable @inline(__always) static func decode(_ event: UnsafeMutableRawPointer, _ body: (Event<UnsafeRawPointer>) -> Void) {
        decode(&event.assumingMemoryBound(to: Self.self).pointee, body)
    }

    /// Decodes the event in place (`inout`, so that it is not copied).
    @inlinable @inline(__always) static func decode(_ event: inout Self, _ body: (Event<UnsafeRawPointer>) -> Void) {
        event.decoded(body)
    }
}

extension Event: CombinedSourceEvent {
    @inlinable static func subscribe(_ source: UnsafePointer<CombinedSource>, target: AnyObject, handler: ErasedSourceHandler) -> Disposable {
        let handler = unsafeBitCast(handler, to: SourceHandler<Event<Element>>.self).handler
        let observable = Unmanaged.passUnretained(source.pointee.observable)
        return observable._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Observable<Element>.self).subscribe(Downstream(target, handler)) }
    }

    @inlinable func decoded(_ body: (Event<UnsafeRawPointer>) -> Void) {
        switch self {
        case .next(var element):
            Self.decodeNext(&element, body)
        case .error(let error):
            body(.error(error))
        case .completed:
            body(.completed)
        }
    }

    /// Hands on the address of a `next` event's element (taken as a typed pointer: forming a raw
    /// pointer to a generic variable draws a warning, though a copy is all that is done with it).
    @inlinable @inline(__always) static func decodeNext(_ element: UnsafeMutablePointer<Element>, _ body: (Event<UnsafeRawPointer>) -> Void) {
        body(.next(UnsafeRawPointer(element)))
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
        storage = layout.allocateRow()
    }

    deinit {
        if isFull { layout.destroyRow(storage) }
        storage.deallocate()
    }
}

