#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the calling code runs on `actor`'s executor, without trapping when it does not; nil
/// where the runtime cannot tell (then the caller must assume it does not).
///
/// Swift offers only trapping checks (`assumeIsolated`, `preconditionIsolated`). Those, inlined
/// into every program that uses them, call the concurrency runtime's
/// `swift_task_isCurrentExecutorWithFlags`, which with no flags answers true or false instead
/// of trapping. This is the one unsafe boundary of the actor checks: everything else calls
/// `runsOn(_:)`, and `CurrentExecutorTests` fails if its answers are ever wrong.
///
/// Why calling it is sound:
/// - The symbol is part of the runtime's ABI: `_taskIsCurrentExecutor(executor:flags:)` is
///   `@usableFromInline` in the standard library and called from `@_alwaysEmitIntoClient` code,
///   so programs already built call it by name with this signature; it cannot change.
/// - Its signature is `(SerialExecutorRef, UInt64) -> Bool` in the Swift calling convention.
///   `SerialExecutorRef` is two pointer-sized words (`UnownedSerialExecutor`'s one stored
///   `Builtin.Executor`, 16 bytes: checked below), which both the Swift and the C convention
///   pass in the first two integer registers, the flags in the third, the result in the first
///   return register; the function takes no context or error register, where the two
///   conventions differ. So it is called through a C function pointer with three integer
///   arguments.
/// - It is looked up once with `dlsym`; an older runtime without it gives nil, and every check
///   then answers nil (deliveries hop to the actor instead of running at once: slower, never
///   wrong).
package enum CurrentExecutor {
    private typealias Check = @convention(c) (UnsafeRawPointer?, UInt, UInt64) -> Bool

    private static let check: Check? = {
        guard MemoryLayout<UnownedSerialExecutor>.size == 2 * MemoryLayout<UInt>.size else { return nil }
        #if canImport(Darwin)
        let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let handle = dlopen(nil, RTLD_NOW)
        #endif
        guard let symbol = dlsym(handle, "swift_task_isCurrentExecutorWithFlags") else { return nil }
        return unsafeBitCast(symbol, to: Check.self)
    }()

    /// Whether the caller runs on `actor`'s executor; nil if the runtime cannot say.
    package static func runsOn(_ actor: any Actor) -> Bool? {
        guard let check else { return nil }
        let words = unsafeBitCast(actor.unownedExecutor, to: (UnsafeRawPointer?, UInt).self)
        // Flags 0: answer, never trap (1 would ask the runtime to trap on a mismatch).
        return check(words.0, words.1, 0)
    }
}
