/// The bytes the combining engine reads and writes without knowing their type: an `Event` of
/// any element type, and a value of plain bytes. Everything the engine assumes about memory it
/// does not type is here, with why it holds; `CombinedBytesTests` (Tests/ReactiveTests/Combining)
/// checks each assumption directly, for elements of every kind of layout, and fails if one
/// breaks. (The engine's other unchecked parts are references and function values, each sound
/// where declared: `CombinedSource.observable`, `ErasedSourceHandler`, `ErasedResultSelector`.)
@usableFromInline package enum CombinedBytes {
    /// The offset of the byte that holds an event's case, for an event of `eventSize` bytes
    /// (`MemoryLayout<Event<Element>>.size`); a `next`'s element is at the event's own address,
    /// and an `error`'s error too.
    ///
    /// Swift's type layout (docs/ABI/TypeLayout.rst): `Event` is a multi-payload enum (`next` and
    /// `error` carry payloads) and, being generic, is laid out as the runtime lays it out, with
    /// no use of its payloads' spare bits: every payload starts at the value's address, and an
    /// extra tag byte after the largest payload holds the case, payload cases first in
    /// declaration order (`next` 0, `error` 1), then one value shared by the cases without a
    /// payload. Three tag values fit in one byte, the value's last.
    @inlinable @inline(__always) package static func tagOffset(eventSize: Int) -> Int {
        eventSize - 1
    }

    /// The tag byte's value for a `next` (see `tagOffset(eventSize:)`).
    @inlinable package static var nextTag: UInt8 { 0 }

    /// The tag byte's value for an `error` (see `tagOffset(eventSize:)`).
    @inlinable package static var errorTag: UInt8 { 1 }

    /// The event at `event` (an `Event` whose case byte is at `tagOffset`), decoded: a `next`
    /// carries the address of its element, which stays where it is; an `error` carries a copy
    /// of its error.
    ///
    /// Read from the event's bytes, with no call: a `switch` over the event, in code generic at
    /// run time, would copy the whole event through its value witness to read its case, then
    /// destroy the copy.
    @inlinable @inline(__always) package static func decode(_ event: UnsafeRawPointer, tagOffset: Int) -> Event<UnsafeRawPointer> {
        switch event.load(fromByteOffset: tagOffset, as: UInt8.self) {
        case nextTag: .next(event)
        case errorTag: .error(event.assumingMemoryBound(to: (any Error).self).pointee)
        default: .completed
        }
    }

    /// Copies `count` bytes of plain values (`_isPOD`: no references, nothing to retain), which
    /// are copied correctly byte for byte. A few whole words (the usual row, or one value) are
    /// copied word by word in line, unaligned loads and stores (a row's values may start at any
    /// multiple of their own alignment): a call to `memmove` costs more than such a copy.
    @inlinable @inline(__always) package static func copyPlainBytes(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        // One word (an `Int`, a `Double`, a reference-free pair of `Int32`s), the commonest
        // element: a compare and a move, ahead of the jump table (about ten instructions less).
        if count == 8 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            return
        }
        let words = count &>> 3
        guard count & 7 == 0 && words <= 8 else {
            target.copyMemory(from: source, byteCount: count)
            return
        }
        switch words {
        case 8: target.storeBytes(of: source.loadUnaligned(fromByteOffset: 56, as: UInt64.self), toByteOffset: 56, as: UInt64.self); fallthrough
        case 7: target.storeBytes(of: source.loadUnaligned(fromByteOffset: 48, as: UInt64.self), toByteOffset: 48, as: UInt64.self); fallthrough
        case 6: target.storeBytes(of: source.loadUnaligned(fromByteOffset: 40, as: UInt64.self), toByteOffset: 40, as: UInt64.self); fallthrough
        case 5: target.storeBytes(of: source.loadUnaligned(fromByteOffset: 32, as: UInt64.self), toByteOffset: 32, as: UInt64.self); fallthrough
        case 4: target.storeBytes(of: source.loadUnaligned(fromByteOffset: 24, as: UInt64.self), toByteOffset: 24, as: UInt64.self); fallthrough
        case 3: target.storeBytes(of: source.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16, as: UInt64.self); fallthrough
        case 2: target.storeBytes(of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self); fallthrough
        case 1: target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
        default: break
        }
    }
}
