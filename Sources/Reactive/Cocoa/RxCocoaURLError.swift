import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a request made through `URLSession.rx` failed, where the session itself reported no
/// error (RxCocoa's `RxCocoaURLError`).
public enum RxCocoaURLError: Swift.Error {
    /// The session answered with neither a response nor an error.
    case unknown
    /// The response is not an HTTP response (a `file:` or `data:` URL, for instance).
    case nonHTTPResponse(response: URLResponse)
    /// The status code is outside `200 ..< 300`; `data` is the response's body.
    case httpRequestFailed(response: HTTPURLResponse, data: Data?)
    /// The body could not be read as JSON; `error` is `JSONSerialization`'s.
    case deserializationError(error: Swift.Error)
}

extension RxCocoaURLError: CustomDebugStringConvertible {
    /// What failed, with the status code or the underlying error.
    public var debugDescription: String {
        switch self {
        case .unknown:
            return "The request ended with neither a response nor an error."
        case .nonHTTPResponse(let response):
            return "The response is not an HTTP response: \(response)."
        case .httpRequestFailed(let response, _):
            return "The HTTP request failed with status \(response.statusCode)."
        case .deserializationError(let error):
            return "The response could not be read as JSON: \(error)"
        }
    }
}
