import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

extension URLSession: ReactiveCompatible {}

extension Reactive where Base: URLSession {
    /// The response and body of `request`, then completion (RxCocoa's `URLSession.rx.response`).
    ///
    /// Each subscription starts its own data task (nothing is sent before subscribing);
    /// disposing cancels the task. Events arrive on the session's delegate queue. Any HTTP
    /// status is a response; a transport failure ends the sequence with the session's error, a
    /// response that is not HTTP with `RxCocoaURLError.nonHTTPResponse`. When
    /// `URLSession.rx.shouldLogRequest` says so, the request (as a `curl` command) and its outcome
    /// are written to standard error.
    public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
        let session = UncheckedSendable(base)
        return Observable.create { observer in
            let observer = UncheckedSendable(observer)
            let started: Date? = URLSession.rx.shouldLogRequest(request) ? Date() : nil
            let task = session.value.dataTask(with: request) { data, response, error in
                if let started {
                    Hooks.writeToStandardError(describe(request, outcome: response, error, after: Date().timeIntervalSince(started)))
                }
                guard let response, let data else {
                    observer.value.on(.error(error ?? RxCocoaURLError.unknown))
                    return
                }
                guard let response = response as? HTTPURLResponse else {
                    observer.value.on(.error(RxCocoaURLError.nonHTTPResponse(response: response)))
                    return
                }
                observer.value.on(.next((response, data)))
                observer.value.on(.completed)
            }
            task.resume()
            let running = UncheckedSendable(task)
            return Disposables.create { running.value.cancel() }
        }
    }

    /// The body of `request`, then completion (RxCocoa's `URLSession.rx.data`).
    ///
    /// As `response(request:)`, and a status outside `200 ..< 300` ends the sequence with
    /// `RxCocoaURLError.httpRequestFailed`, carrying the response and its body.
    public func data(request: URLRequest) -> Observable<Data> {
        response(request: request).map { response, data in
            guard (200 ..< 300).contains(response.statusCode) else {
                throw RxCocoaURLError.httpRequestFailed(response: response, data: data)
            }
            return data
        }
    }

    /// The body of `request` read by `JSONSerialization` with `options` (RxCocoa's
    /// `URLSession.rx.json`).
    ///
    /// As `data(request:)`, and a body that is not JSON ends the sequence with
    /// `RxCocoaURLError.deserializationError`.
    public func json(request: URLRequest, options: JSONSerialization.ReadingOptions = []) -> Observable<Any> {
        data(request: request).map { data in
            do {
                return try JSONSerialization.jsonObject(with: data, options: options)
            } catch {
                throw RxCocoaURLError.deserializationError(error: error)
            }
        }
    }

    /// The body of a GET of `url` read as JSON; see `json(request:options:)`.
    public func json(url: Foundation.URL) -> Observable<Any> {
        json(request: URLRequest(url: url))
    }
}

private let requestLogging = Mutex<@Sendable (URLRequest) -> Bool>({ _ in
    #if DEBUG
    return true
    #else
    return false
    #endif
})

extension Reactive where Base == URLSession {
    /// Decides, for each request made through `URLSession.rx`, whether the request and its
    /// outcome are written to standard error (RxCocoa's `shouldLogRequest`). By default: every
    /// request in debug builds of this library, none in release builds.
    ///
    /// Thread-safe to read and to replace; it is called on the subscribing thread and again on
    /// the session's delegate queue.
    public static var shouldLogRequest: @Sendable (URLRequest) -> Bool {
        get { requestLogging.withLock { $0 } }
        set { requestLogging.withLock { $0 = newValue } }
    }
}

/// The request as a `curl` command a reader can run again, and its outcome with the time taken.
private func describe(_ request: URLRequest, outcome response: URLResponse?, _ error: Swift.Error?, after interval: TimeInterval) -> String {
    func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    var command = "curl -X \(request.httpMethod ?? "GET")"
    if let body = request.httpBody, let text = String(data: body, encoding: .utf8) {
        command += " -d \(quoted(text))"
    }
    for (field, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
        command += " \\\n    -H \(quoted("\(field): \(value)"))"
    }
    command += " \\\n    \(quoted(request.url?.absoluteString ?? "<no url>")) -i -v"
    let milliseconds = Int(interval * 1000)
    let outcome: String
    if let response = response as? HTTPURLResponse {
        outcome = (200 ..< 300).contains(response.statusCode)
            ? "Success (\(milliseconds) ms): status \(response.statusCode)"
            : "Failure (\(milliseconds) ms): status \(response.statusCode)"
    } else if let error = error as? URLError, error.code == .cancelled {
        outcome = "Cancelled (\(milliseconds) ms)"
    } else if let error {
        outcome = "Failure (\(milliseconds) ms): \(error)"
    } else {
        outcome = "Failure (\(milliseconds) ms): no HTTP response"
    }
    return command + "\n" + outcome
}
