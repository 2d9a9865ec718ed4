import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Reactive
import ReactiveBlocking
import TestSupport
import XCTest

/// RxCocoa's `URLSession.rx`, against a session whose requests a stub protocol answers in
/// process (no network).
final class URLSessionTests: ReactiveTestCase {
    /// How the stub answers a path.
    enum Reply {
        case http(status: Int, body: String)
        case notHTTP(body: String)
        case failure(URLError.Code)
        /// Never answers: the request runs until cancelled.
        case hang
    }

    /// Answers each request from `replies` by its URL's path, and counts starts and stops.
    final class StubProtocol: URLProtocol {
        nonisolated(unsafe) static var replies: [String: Reply] = [:]
        static let started = Counter()
        static let stopped = Counter()
        static let lock = NSLock()

        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

        override func startLoading() {
            Self.started.increment()
            guard let url = request.url, let client else { return }
            let reply = Self.lock.withLock { Self.replies[url.path] } ?? .http(status: 404, body: "")
            switch reply {
            case .http(let status, let body):
                let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
                client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
                client.urlProtocol(self, didLoad: Data(body.utf8))
                client.urlProtocolDidFinishLoading(self)
            case .notHTTP(let body):
                let response = URLResponse(url: url, mimeType: "text/plain", expectedContentLength: body.utf8.count, textEncodingName: nil)
                client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
                client.urlProtocol(self, didLoad: Data(body.utf8))
                client.urlProtocolDidFinishLoading(self)
            case .failure(let code):
                client.urlProtocol(self, didFailWithError: URLError(code))
            case .hang:
                break
            }
        }

        override func stopLoading() {
            Self.stopped.increment()
        }
    }

    private var session: URLSession!
    private var savedLogging: (@Sendable (URLRequest) -> Bool)!

    override func setUp() {
        super.setUp()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        session = URLSession(configuration: configuration)
        StubProtocol.lock.withLock {
            StubProtocol.replies = [
                "/ok": .http(status: 200, body: #"{"answer": 42}"#),
                "/missing": .http(status: 404, body: "no such page"),
                "/text": .http(status: 200, body: "not json"),
                "/file": .notHTTP(body: "plain"),
                "/offline": .failure(.notConnectedToInternet),
                "/slow": .hang,
            ]
        }
        StubProtocol.started.set(0)
        StubProtocol.stopped.set(0)
        savedLogging = URLSession.rx.shouldLogRequest
        URLSession.rx.shouldLogRequest = { _ in false }
    }

    override func tearDown() {
        URLSession.rx.shouldLogRequest = savedLogging
        session.invalidateAndCancel()
        session = nil
        super.tearDown()
    }

    private func request(_ path: String) -> URLRequest {
        URLRequest(url: URL(string: "http://stub.invalid\(path)")!)
    }

    func testResponse_sendsTheResponseAndBodyOfAnyStatus_thenCompletes() throws {
        let ok = try session.rx.response(request: request("/ok")).toBlocking(timeout: 10).toArray()
        XCTAssertEqual(ok.map(\.response.statusCode), [200])
        XCTAssertEqual(ok.map { String(decoding: $0.data, as: UTF8.self) }, [#"{"answer": 42}"#])
        let missing = try session.rx.response(request: request("/missing")).toBlocking(timeout: 10).toArray()
        XCTAssertEqual(missing.map(\.response.statusCode), [404])
        XCTAssertEqual(missing.map { String(decoding: $0.data, as: UTF8.self) }, ["no such page"])
    }

    func testResponse_startsARequestPerSubscription_notBefore() throws {
        let response = session.rx.response(request: request("/ok"))
        XCTAssertEqual(StubProtocol.started.value, 0)
        _ = try response.toBlocking(timeout: 10).toArray()
        _ = try response.toBlocking(timeout: 10).toArray()
        XCTAssertEqual(StubProtocol.started.value, 2)
    }

    func testResponse_transportFailure_endsWithTheSessionsError() {
        guard case .failed(let elements, let error) = session.rx.response(request: request("/offline")).toBlocking(timeout: 10).materialize() else {
            return XCTFail("expected a failure")
        }
        XCTAssertTrue(elements.isEmpty)
        XCTAssertEqual((error as? URLError)?.code, .notConnectedToInternet, "\(error)")
    }

    func testResponse_notHTTP_endsWithNonHTTPResponse() {
        guard case .failed(_, let error) = session.rx.response(request: request("/file")).toBlocking(timeout: 10).materialize(),
              case .nonHTTPResponse(let response)? = error as? RxCocoaURLError else {
            return XCTFail("expected RxCocoaURLError.nonHTTPResponse")
        }
        XCTAssertEqual(response.url?.path, "/file")
    }

    func testResponse_disposedWhileRunning_cancelsTheTask_andSendsNothing() {
        let events = Collector<Event<String>>()
        let subscription = session.rx.response(request: request("/slow"))
            .map { String(decoding: $0.data, as: UTF8.self) }
            .subscribe { events.append($0) }
        waitUntil(timeout: 10) { StubProtocol.started.value == 1 }
        subscription.dispose()
        waitUntil(timeout: 10) { StubProtocol.stopped.value == 1 }
        XCTAssertEqual(StubProtocol.stopped.value, 1, "disposing must cancel the task")
        XCTAssertTrue(events.values.isEmpty, "\(events.values)")
    }

    func testData_sendsTheBodyOfA2xxResponse() throws {
        let data = try session.rx.data(request: request("/ok")).toBlocking(timeout: 10).toArray()
        XCTAssertEqual(data.map { String(decoding: $0, as: UTF8.self) }, [#"{"answer": 42}"#])
    }

    func testData_statusOutside2xx_endsWithHTTPRequestFailed_carryingResponseAndBody() {
        guard case .failed(let elements, let error) = session.rx.data(request: request("/missing")).toBlocking(timeout: 10).materialize(),
              case .httpRequestFailed(let response, let body)? = error as? RxCocoaURLError else {
            return XCTFail("expected RxCocoaURLError.httpRequestFailed")
        }
        XCTAssertTrue(elements.isEmpty)
        XCTAssertEqual(response.statusCode, 404)
        XCTAssertEqual(body.map { String(decoding: $0, as: UTF8.self) }, "no such page")
        XCTAssertEqual((error as? RxCocoaURLError)?.debugDescription, "The HTTP request failed with status 404.")
    }

    func testJSON_readsTheBody_byRequestAndByURL() throws {
        let byRequest = try session.rx.json(request: request("/ok")).toBlocking(timeout: 10).single()
        XCTAssertEqual((byRequest as? [String: Any])?["answer"] as? Int, 42)
        let byURL = try session.rx.json(url: URL(string: "http://stub.invalid/ok")!).toBlocking(timeout: 10).single()
        XCTAssertEqual((byURL as? [String: Any])?["answer"] as? Int, 42)
    }

    func testJSON_bodyThatIsNotJSON_endsWithDeserializationError() {
        guard case .failed(_, let error) = session.rx.json(request: request("/text")).toBlocking(timeout: 10).materialize(),
              case .deserializationError? = error as? RxCocoaURLError else {
            return XCTFail("expected RxCocoaURLError.deserializationError")
        }
    }

    func testShouldLogRequest_writesTheRequestAsACurlCommandAndItsOutcomeToStandardError() throws {
        var request = request("/missing")
        request.httpMethod = "POST"
        request.httpBody = Data(#"say "hi""#.utf8)
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        URLSession.rx.shouldLogRequest = { $0.url?.path == "/missing" }
        let written = try captureStandardError {
            _ = try session.rx.response(request: request).toBlocking(timeout: 10).toArray()
            _ = try session.rx.response(request: self.request("/ok")).toBlocking(timeout: 10).toArray()
        }
        XCTAssertTrue(written.hasPrefix("curl -X POST -d \"say \\\"hi\\\"\""), written)
        XCTAssertTrue(written.contains("-H \"Content-Type: text/plain\""), written)
        XCTAssertTrue(written.contains("\"http://stub.invalid/missing\" -i -v"), written)
        XCTAssertTrue(written.contains("Failure ("), written)
        XCTAssertTrue(written.contains("status 404"), written)
        XCTAssertFalse(written.contains("/ok"), "a request shouldLogRequest refuses is not written")
    }

    func testErrorDescriptions_nameWhatFailed() {
        XCTAssertEqual(RxCocoaURLError.unknown.debugDescription, "The request ended with neither a response nor an error.")
        XCTAssertTrue(RxCocoaURLError.deserializationError(error: TestError.first).debugDescription.contains("\(TestError.first)"))
    }
}
