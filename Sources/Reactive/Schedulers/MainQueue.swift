import Dispatch
import Foundation

/// Whether the caller runs on the main queue: what `MainScheduler`, `ConcurrentMainScheduler`
/// and a main-actor subscriber ask before running work at once.
///
/// Asked of the queue, as RxSwift's `DispatchQueue.isMain` does, not of the thread: on Linux,
/// once a program calls `dispatchMain()` (and in Swift Testing's `@MainActor` tests) the main
/// queue, and with it the main actor, runs on a worker thread, where `Thread.isMainThread` is
/// false. Code on the main thread outside any queue (a program's top level, an XCTest method on
/// Linux) counts as on the main queue too: libdispatch answers so.
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// The caller runs on the main queue.
    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) != nil
    }

    /// The caller runs on the main actor's executor: the main queue, or the main thread (where
    /// the runtime counts code as main-actor isolated even inside another queue's `sync`).
    static var isMainActor: Bool {
        isCurrent || Thread.isMainThread
    }
}
