// The engine of `combineLatest` and `zip` (this folder): `CombinedSources` gathers the sources
// and the selector, `CombinedLayout` lays each source's latest value out in rows of raw memory
// (no box per value, no type-erased array), `CombiningSink` (with `CombineLatestSink` and
// `ZipSink` in Operators/) receives the sources' events and reads rows into the selector
// through `SelectorReader`. What it assumes of memory it does not type (an `Event`'s bytes, plain
// values' bytes) is in `CombinedBytes`, with its tests beside it; the rows' raw memory, the
// unretained sources and the erased handlers each say why they are sound where declared.

/// Where each source's value lives in a row, and how to subscribe each source.
@usableFromInline struct CombinedLayout {
    @usableFromInline var sources: [CombinedSource] = []
    /// Bytes from one row to the next (the rows' size rounded up to their alignment).
    @usableFromInline var rowStride = 0
    @usableFromInline var alignment = 1
    /// Every value is plain bytes: copies are `memcpy` and nothing needs destroying.
    @usableFromInline var isTrivial = true

    @inlinable init() {}

    /// An empty layout with room for `count` sources.
    @inlinable init(capacity count: Int) {
        sources.reserveCapacity(count)
    }

    /// Appends a source, borrowed: a generic copy of it would be a value-witness call and a
    /// retain, and its release.
    @inlinable mutating func append<Source: ObservableConvertibleType>(convertible source: borrowing Source) {
        append(source.asObservable())
    }

    @inlinable mutating func append<Element>(_ source: consuming Observable<Element>) {
        // Sources of one element type share the event type's conformance: looked up once (a
        // search of the runtime's metadata cache), compared cheaply (the metadata is at hand).
        let element = ObjectIdentifier(Element.self)
        var known: (event: any CombinedSourceEvent.Type, tagOffset: Int)?
        for index in sources.indices where sources[index].element == element {
            known = (sources[index].event, sources[index].tagOffset)
            break
        }
        let (event, tagOffset) = known ?? CombinedLayout.eventType(of: Element.self)
        append(source, event: event, tagOffset: tagOffset)
    }

    /// The record of a source, from code specialised for its element type (the per-arity
    /// operators, which are inlined where they are used, through `CombinedLayout+arity.swift`):
    /// there the event type is a constant, so neither the search of the sources before it nor
    /// the shared cache `append` uses is needed (a 4-way `combineLatest` of `Int`s was made with
    /// 3,800 instructions fewer). Code generic at run time would look the event type's metadata
    /// up on every call: it uses `append`. The layout's size grows by the source's value, as in
    /// `append`; the caller puts the record in `sources`.
    @inlinable @inline(__always) mutating func specialisedRecord<Element>(_ source: consuming Observable<Element>) -> CombinedSource {
        record(source, event: Event<Element>.self, tagOffset: Event<Element>.tagOffset)
    }

    /// Appends a source whose event type and tag offset the caller has.
    @inlinable @inline(__always) mutating func append<Element>(_ source: consuming Observable<Element>, event: any CombinedSourceEvent.Type, tagOffset: Int) {
        sources.append(record(source, event: event, tagOffset: tagOffset))
    }

    /// The record of a source whose value goes after those of the sources before it, the
    /// layout's size grown by its value.
    @inlinable @inline(__always) mutating func record<Element>(_ source: consuming Observable<Element>, event: any CombinedSourceEvent.Type, tagOffset: Int) -> CombinedSource {
        let valueAlignment = MemoryLayout<Element>.alignment
        let offset = CombinedLayout.roundUp(rowStride, valueAlignment)
        alignment = max(alignment, valueAlignment)
        rowStride = CombinedLayout.roundUp(offset + MemoryLayout<Element>.size, alignment)
        isTrivial = isTrivial && _isPOD(Element.self)
        let (just, justBits) = CombinedSource.justElement(of: source)
        return CombinedSource(observable: .passRetained(source), element: ObjectIdentifier(Element.self), event: event, tagOffset: tagOffset, offset: offset, size: MemoryLayout<Element>.size, just: just, justBits: justBits)
    }

    /// `offset` rounded up to a multiple of `alignment` (a power of two).
    @inlinable static func roundUp(_ offset: Int, _ alignment: Int) -> Int {
        (offset + alignment - 1) & ~(alignment - 1)
    }

    /// `Event<Element>` and where it keeps its case: the metadata looked up once, its size read
    /// through the existential metatype (a static of `Event` would look it up again).
    @inlinable static func eventType<Element>(of _: Element.Type) -> (any CombinedSourceEvent.Type, Int) {
        let event = CombinedEventTypes.shared.eventType(of: Element.self)
        return (event, event.tagOffset)
    }

    /// Raw memory for one row.
    @inlinable func allocateRow() -> UnsafeMutableRawPointer {
        RawMemory.allocate(byteCount: rowStride, alignment: alignment)
    }

    /// Copies the value at `value` into source `index`'s place in `row`; `initialized` says
    /// whether that place holds a value already (then it is assigned over).
    @inlinable @inline(__always) func store(_ value: UnsafeRawPointer, at index: Int, in row: UnsafeMutableRawPointer, initialized: Bool) {
        if isTrivial {
            CombinedBytes.copyPlainBytes(from: value, to: row + sources[index].offset, count: sources[index].size)
        } else {
            sources[index].event.copyValue(from: value, to: row + sources[index].offset, initialized: initialized)
        }
    }

    /// Copies a full row; `initialized` says whether `target` holds a full row already.
    @inlinable @inline(__always) func copyRow(_ row: UnsafeRawPointer, to target: UnsafeMutableRawPointer, initialized: Bool) {
        if isTrivial {
            CombinedBytes.copyPlainBytes(from: row, to: target, count: rowStride)
        } else {
            copyValues(of: row, to: target, initialized: initialized)
        }
    }

    /// `copyRow` for values that are not plain bytes: each copied at its type.
    @inlinable func copyValues(of row: UnsafeRawPointer, to target: UnsafeMutableRawPointer, initialized: Bool) {
        for index in sources.indices {
            sources[index].event.copyValue(from: row + sources[index].offset, to: target + sources[index].offset, initialized: initialized)
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

/// `Event<Element>` for the element types combining operators met recently: this code runs
/// unspecialised (in a parameter-pack loop), where naming `Event<Element>` asks the runtime's
/// generic metadata cache, about 300 instructions a time, and an app builds its combineLatests
/// over a handful of element types. A scan of these few entries under the lock costs a tenth.
@usableFromInline final class CombinedEventTypes: @unchecked Sendable {
    @usableFromInline static let shared = CombinedEventTypes()
    /// How many element types are kept; the oldest entry makes room for a new one.
    static let capacity = 16
    let lock = Lock()
    // Guarded by `lock`. Unchecked exclusivity: a dynamic check would add a thread-local lookup.
    @exclusivity(unchecked) var entries: [(element: ObjectIdentifier, event: any CombinedSourceEvent.Type)] = []
    @exclusivity(unchecked) var oldest = 0

    @usableFromInline func eventType<Element>(of _: Element.Type) -> any CombinedSourceEvent.Type {
        let element = ObjectIdentifier(Element.self)
        lock.lock()
        for entry in entries where entry.element == element {
            lock.unlock()
            return entry.event
        }
        lock.unlock()
        let event: any CombinedSourceEvent.Type = Event<Element>.self
        lock.withLock {
            if entries.count < CombinedEventTypes.capacity {
                entries.append((element, event))
            } else {
                entries[oldest] = (element, event)
                oldest = (oldest + 1) % CombinedEventTypes.capacity
            }
        }
        return event
    }
}

/// One source of a combining operator: the observable, what its element type needs done, and
/// its value's place in a row. Nothing here is allocated per source.
@usableFromInline struct CombinedSource {
    /// The source, an `Observable<Element>`, retained once for all copies of the record: by the
    /// layout's builder (`CombinedLayout.record`), released by the `CombiningNode` the layout
    /// ends in, when it goes (`CombiningNode.deinit`). So the record is plain bytes, and an
    /// array of them is freed without a call per record. Every layout ends in exactly one node
    /// (each operator builds its own and hands it to its `CombiningNode`), and the code that
    /// reads this reference runs in a sink, which keeps its node: the observable outlives every
    /// read. (A queued row's copy of the layout, which a sink's queue holds, reads only the
    /// offsets and the value operations.)
    @usableFromInline let observable: Unmanaged<AnyObject>
    /// `Element`'s identity, to find sources of the same type.
    @usableFromInline let element: ObjectIdentifier
    /// `Event<Element>`: subscribes the source, and copies and destroys its values at their
    /// type. Called through its conformance, whose `Self` brings the metadata with it, so none
    /// is looked up.
    @usableFromInline let event: any CombinedSourceEvent.Type
    /// Where an `Event<Element>` keeps its case (`CombinedSourceEvent.tagOffset`).
    @usableFromInline let tagOffset: Int
    @usableFromInline let offset: Int
    @usableFromInline let size: Int
    /// Whether the source is a `just`, and where its element is read from. Known when the
    /// record is made: a node's kind never changes.
    @usableFromInline let just: JustForm
    /// A `bitsInRecord` `just`'s element, its bytes first (the rest zero).
    @usableFromInline let justBits: JustBits

    /// Where a `just` source's element is read from, per subscription.
    @usableFromInline enum JustForm: UInt8 {
        /// The source is not a `just`: it is subscribed.
        case notJust
        /// A `just` of plain bytes, copied into the record (`justBits`): read with no call.
        case bitsInRecord
        /// Any other `just`: its element is copied from the node at its type
        /// (`CombinedSourceEvent.copyJustElement`).
        case elementInNode
    }

    /// The room for a `bitsInRecord` element: two words.
    @usableFromInline typealias JustBits = (UInt64, UInt64)

    /// Whether `source` is a `just`, and how its record keeps its element. In line: in code
    /// specialised for `Element` it folds to a kind check and a copy (a call cost more than that).
    @inlinable @inline(__always) static func justElement<Element>(of source: borrowing Observable<Element>) -> (JustForm, JustBits) {
        // Only plain bytes can be copied as bytes, and only as small and as aligned as the room
        // for them. A `just`'s element is a `let` of the node the record keeps: its bytes copied
        // now are its bytes at every subscription.
        guard source.kind == .just else { return (.notJust, (0, 0)) }
        guard _isPOD(Element.self) && MemoryLayout<Element>.size <= MemoryLayout<JustBits>.size && MemoryLayout<Element>.alignment <= MemoryLayout<JustBits>.alignment else { return (.elementInNode, (0, 0)) }
        var bits: JustBits = (0, 0)
        // The downcast is sound: only a `JustObservable` has the kind `.just`.
        let element = unsafeDowncast(copy source, to: JustObservable<Element>.self).element
        withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: element, as: Element.self) }
        return (.bitsInRecord, bits)
    }

    @inlinable init(observable: Unmanaged<AnyObject>, element: ObjectIdentifier, event: any CombinedSourceEvent.Type, tagOffset: Int, offset: Int, size: Int, just: JustForm, justBits: JustBits) {
        self.observable = observable
        self.element = element
        self.event = event
        self.tagOffset = tagOffset
        self.offset = offset
        self.size = size
        self.just = just
        self.justBits = justBits
    }

    /// The source's event at `event`, decoded (`CombinedBytes.decode`).
    @inlinable @inline(__always) func decode(_ event: UnsafeRawPointer) -> Event<UnsafeRawPointer> {
        CombinedBytes.decode(event, tagOffset: tagOffset)
    }

    /// If the source at `source` is a `just`, calls `body` with the address of its element and
    /// returns true; else returns false.
    @inlinable static func withJustElement(_ source: UnsafePointer<CombinedSource>, _ body: (UnsafeRawPointer) -> Void) -> Bool {
        switch source.pointee.just {
        case .notJust:
            return false
        case .bitsInRecord:
            // A copy aligned as `JustBits`, as the element's own alignment is at most that.
            withUnsafeBytes(of: source.pointee.justBits) { bits in
                if let element = bits.baseAddress { body(element) }
            }
            return true
        case .elementInNode:
            source.pointee.event.withJustElement(source, body)
            return true
        }
    }

    /// Copies the element of the `just` at `source` to `target`, assigning over it if
    /// `initialized`.
    @inlinable @inline(__always) static func copyJustElement(_ source: UnsafePointer<CombinedSource>, to target: UnsafeMutableRawPointer, initialized: Bool) {
        if source.pointee.just == .bitsInRecord {
            // Plain bytes: nothing to release in `target`, whether initialised or not.
            _ = withJustElement(source) { CombinedBytes.copyPlainBytes(from: $0, to: target, count: source.pointee.size) }
        } else {
            source.pointee.event.copyJustElement(source, to: target, initialized: initialized)
        }
    }

    /// Subscribes the source at `source`, its events going to `handler` with `target`. By
    /// address, so that the record's references are used where they are, not copied around the
    /// call.
    @inlinable static func subscribe(_ source: UnsafePointer<CombinedSource>, target: AnyObject, handler: ErasedSourceHandler) -> Upstream {
        source.pointee.event.subscribe(source, target: target, handler: handler)
    }
}

/// A source's handler, `(AnyObject, inout Event<Element>) -> Void`, with its element type
/// erased: the event arrives as its address, which the combining sink decodes with the source's
/// record (`CombinedSource.decode`). So one handler, made where the combining sink's type is
/// concrete, serves sources of any type without capturing anything.
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

extension ErasedSourceHandler {
    /// The handler of a source past an operator's arity, which does not exist: never called.
    /// Made in the library, so that an operator whose arity is known compiles no handler of
    /// its own for such a source (see `CombiningSinkProtocol.sourceHandler(at:arity:)`).
    @usableFromInline @inline(never) static var beyondArity: ErasedSourceHandler {
        ErasedSourceHandler { _, _ in
            preconditionFailure("Internal inconsistency: an event from a source past the operator's arity")
        }
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
    /// type), its events going to `handler` with `target`. Only from inside the combining
    /// observable's `run` (see `Observable.subscribeInsideRun`).
    static func subscribe(_ source: UnsafePointer<CombinedSource>, target: AnyObject, handler: ErasedSourceHandler) -> Upstream

    /// Copies an element from `value` to `target`, assigning over it if `initialized`.
    static func copyValue(from value: UnsafeRawPointer, to target: UnsafeMutableRawPointer, initialized: Bool)

    /// Destroys the element at `value`.
    static func destroyValue(at value: UnsafeMutableRawPointer)

    /// Calls `body` with the address of the element of the `just` (`elementInNode`) recorded at
    /// `source`. (The combining sink handles a `just`'s two events itself instead of subscribing
    /// it: see `CombiningSink.start`.)
    static func withJustElement(_ source: UnsafePointer<CombinedSource>, _ body: (UnsafeRawPointer) -> Void)

    /// Copies the element of the `just` (`elementInNode`) recorded at `source` to `target`,
    /// assigning over it if `initialized`.
    static func copyJustElement(_ source: UnsafePointer<CombinedSource>, to target: UnsafeMutableRawPointer, initialized: Bool)
}

extension CombinedSourceEvent {
    /// The offset of the byte that holds an event's case (`CombinedBytes.tagOffset(eventSize:)`).
    @inlinable static var tagOffset: Int { CombinedBytes.tagOffset(eventSize: MemoryLayout<Self>.size) }
}

extension Event: CombinedSourceEvent {
    @inlinable static func subscribe(_ source: UnsafePointer<CombinedSource>, target: AnyObject, handler: ErasedSourceHandler) -> Upstream {
        let handler = unsafeBitCast(handler, to: SourceHandler<Event<Element>>.self).handler
        let observable = source.pointee.observable
        return observable._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Observable<Element>.self).subscribeInsideRun(Downstream(target, handler)) }
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

    /// The downcast is sound: the record says `elementInNode` only of a node of kind `.just`,
    /// and only a `JustObservable` has that kind (this one an `Observable<Element>`). The
    /// unretained reads (here and in `copyJustElement`, as in `subscribe`) are sound: the record's
    /// observable is retained until the `CombiningNode` goes, which the combining sink keeps
    /// until its deinitialiser, and these run inside its `start`, while its subscriber holds it;
    /// a disposal racing them releases no node. (The combining operators' disposal race takes
    /// `just`s too, under TSan and ASan.)
    @inlinable static func withJustElement(_ source: UnsafePointer<CombinedSource>, _ body: (UnsafeRawPointer) -> Void) {
        source.pointee.observable._withUnsafeGuaranteedRef { object in
            withUnsafePointer(to: unsafeDowncast(object, to: JustObservable<Element>.self).element) { body(UnsafeRawPointer($0)) }
        }
    }

    /// The downcast is sound as `withJustElement`'s.
    @inlinable static func copyJustElement(_ source: UnsafePointer<CombinedSource>, to target: UnsafeMutableRawPointer, initialized: Bool) {
        source.pointee.observable._withUnsafeGuaranteedRef { object in
            let just = unsafeDowncast(object, to: JustObservable<Element>.self)
            let target = target.assumingMemoryBound(to: Element.self)
            if initialized {
                target.pointee = just.element
            } else {
                target.initialize(to: just.element)
            }
        }
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
        RawMemory.deallocate(storage, alignment: layout.alignment)
    }
}

