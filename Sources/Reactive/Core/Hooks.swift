import Foundation
import Synchronization

/// Global hooks (RxSwift's `Hooks`): where unhandled errors and grammar violations go.
///
/// All hooks are thread-safe to read and to replace.
public enum Hooks {
    /// Handles an error that reached a subscription with no `onError`.
    public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: Swift.Error) -> Void
    /// Captures the call stack of a subscription, when `recordCallStackOnError` is on.
    public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]
    /// Handles a violation of the event grammar caught by the debug checks.
    public typealias GrammarViolationHandler = @Sendable (GrammarViolation) -> Void

    private static let recordCallStack = Atomic<Bool>(false)
    private static let handlers = Mutex(Handlers())

    private struct Handlers: Sendable {
        var defaultError: DefaultErrorHandler = { callStack, error in
            #if DEBUG
            var message = "Unhandled error happened: \(error)"
            if !callStack.isEmpty {
                message += "\n subscription called from:\n" + callStack.joined(separator: "\n")
            }
            Hooks.writeToStandardError(message)
            #endif
        }
        var captureCallStack: CustomCaptureSubscriptionCallstack = { Thread.callStackSymbols }
        var grammarViolation: GrammarViolationHandler = { violation in
            Hooks.writeToStandardError("⚠️ Reactive: \(violation.message)")
            if case .concurrentDelivery = violation.kind { fatalError(violation.message) }
        }
    }

    /// Whether subscriptions record their call stack, so the default error handler can print it.
    /// Off by default: capturing a call stack costs far more than subscribing.
    public static var recordCallStackOnError: Bool {
        get { recordCallStack.load(ordering: .relaxed) }
        set { recordCallStack.store(newValue, ordering: .relaxed) }
    }

    /// Called with an error that reached a subscription with no `onError`. The default writes it
    /// to standard error (debug builds), with the subscription's call stack when `recordCallStackOnError` is on.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { handlers.withLock { $0.defaultError } }
        set { handlers.withLock { $0.defaultError = newValue } }
    }

    /// Captures the subscription call stack; the default uses `Thread.callStackSymbols`.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { handlers.withLock { $0.captureCallStack } }
        set { handlers.withLock { $0.captureCallStack = newValue } }
    }

    /// Called, in debug builds, when a producer (`create`, a subject or relay) breaks the event
    /// grammar in a way the library cannot absorb, events delivered from two threads at once,
    /// or sends re-entrantly (an event from inside its own delivery, reported once per
    /// producer). The default writes the message to standard error, and traps for concurrent
    /// delivery. Events sent after a terminal event are not reported, also from another thread
    /// while the terminal event is delivered: the grammar lets a source send them, and they are
    /// dropped silently, as in RxSwift.
    public static var grammarViolationHandler: GrammarViolationHandler {
        get { handlers.withLock { $0.grammarViolation } }
        set { handlers.withLock { $0.grammarViolation = newValue } }
    }

    /// Writes a diagnostic line to standard error (never standard output, which is the
    /// program's own).
    static func writeToStandardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Reports a programming error the library can absorb (an error reaching a binding, an
    /// `Infallible` that fails): written to standard error, then an assertion in debug builds
    /// (where RxSwift stops at a fatal error); release builds go on.
    package static func reportMisuse(_ message: String) {
        writeToStandardError("⚠️ Reactive: \(message)")
        assertionFailure(message)
    }

    /// Reports a bad argument given to an operator of a type that cannot fail (a `Driver`, a
    /// `Signal`, an `Infallible`), which goes on as the message says: written to standard
    /// error, in every build (the sequence cannot carry the error, and the program goes on).
    static func reportBadArgument(_ call: String, of type: Any.Type, _ outcome: String) {
        writeToStandardError("⚠️ Reactive: \(call) on \(type): \(outcome)")
    }

    /// Writes a diagnostic of a library module (a value of an unexpected type met by a KVO
    /// subscription, which goes on) to standard error.
    package static func reportDiagnostic(_ message: String) {
        writeToStandardError("⚠️ Reactive: \(message)")
    }

    @usableFromInline static func subscriptionCallStack() -> [String] {
        recordCallStackOnError ? customCaptureSubscriptionCallstack() : []
    }
}

/// A violation of the event grammar caught by the debug checks, naming the operator at fault.
public struct GrammarViolation: Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable {
        /// An event was sent while another thread was still delivering one.
        case concurrentDelivery
        /// An event was sent from inside the delivery of another, on the same thread: allowed,
        /// but the subscribers after the one that sent it hear the new event first and then the
        /// older one, so they end on a stale value.
        case reentrantDelivery
    }

    /// What went wrong.
    public let kind: Kind
    /// The operator or subject whose producer broke the grammar, e.g. `"create"`, `"PublishSubject"`.
    public let operatorName: String

    /// A violation of `kind` by the producer named `operatorName`.
    public init(kind: Kind, operatorName: String) {
        self.kind = kind
        self.operatorName = operatorName
    }

    /// A message naming the operator and the rule.
    public var message: String {
        switch kind {
        case .concurrentDelivery:
            return "Grammar violation in `\(operatorName)`: an event was sent from one thread while another thread was "
                + "still delivering one. Events to an observer must not overlap: serialize the calls to `on`."
        case .reentrantDelivery:
            return "Re-entrancy in `\(operatorName)`: an event was sent from inside the delivery of another. Subscribers after "
                + "the sending one hear the new event before the older one and end on a stale value. If that is intended, "
                + "send it later instead (for example through `observe(on: MainScheduler.asyncInstance)`). Reported once."
        }
    }

    /// The message.
    public var description: String { message }
}
