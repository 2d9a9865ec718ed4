import Foundation

/// Runs `body` with the process's standard error sent into a pipe, and returns what was written
/// there meanwhile (diagnostics the library writes through `Hooks`). Other threads' writes in
/// that time are captured too; keep what `body` writes under the pipe's buffer (64 KiB), since
/// nothing reads the pipe until `body` returns.
package func captureStandardError(_ body: () throws -> Void) rethrows -> String {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { fatalError("pipe failed: \(errno)") }
    let reader = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    let saved = dup(STDERR_FILENO)
    dup2(ends[1], STDERR_FILENO)
    close(ends[1])
    do {
        // Restoring closes the pipe's last write end, so the read below ends.
        defer {
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        try body()
    }
    return String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
}
