#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Raw memory for the combining operators' rows and per-subscription storage, from `malloc`.
///
/// Why not `UnsafeMutableRawPointer.allocate`: for any alignment up to the allocator's own, it
/// asks the runtime for "default" alignment, which the runtime serves with `posix_memalign`
/// (so that `deallocate` need not know the alignment), a longer path than `malloc`'s, about
/// 30 instructions more a block (measured with callgrind on `combineLatestCreating`). Memory
/// from here goes back through `RawMemory.deallocate` with the same alignment.
@usableFromInline enum RawMemory {
    /// The alignment `malloc` guarantees (the C standard's `max_align_t`, 16 on the 64-bit
    /// platforms Swift runs on).
    @inlinable static var mallocAlignment: Int { 2 * MemoryLayout<Int>.size }

    /// `byteCount` bytes (at least one), aligned to `alignment` (a power of two); uninitialised.
    /// Traps when the system has no memory left, as Swift's own allocation does.
    @inlinable static func allocate(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer {
        let byteCount = max(byteCount, 1)
        guard alignment <= mallocAlignment else { return .allocate(byteCount: byteCount, alignment: alignment) }
        guard let memory = malloc(byteCount) else { preconditionFailure("out of memory: \(byteCount) bytes") }
        // Checked in the test builds, where every combining test allocates through here.
        assert(Int(bitPattern: memory) & (alignment - 1) == 0, "malloc gave memory aligned below \(alignment)")
        return memory
    }

    /// Frees memory from `allocate(byteCount:alignment:)`, given the same alignment.
    @inlinable static func deallocate(_ memory: UnsafeMutableRawPointer, alignment: Int) {
        if alignment <= mallocAlignment {
            free(memory)
        } else {
            memory.deallocate()
        }
    }
}
