import Foundation
import Reactive
import ReactiveTest
import XCTest

final class DecodeTests: ReactiveTestCase {
    struct User: Decodable, Equatable {
        let name: String
    }

    func testDecode_decodesEach_andFailsWithDecodingErrorNamingTheKey() throws {
        var events: [Event<User>] = []
        let good = Data(#"{"name":"Ann"}"#.utf8)
        let bad = Data(#"{"nom":"Bob"}"#.utf8)
        _ = Observable.from([good, bad, good]).decode(type: User.self, decoder: JSONDecoder()).subscribe { events.append($0) }
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(events.first?.element, User(name: "Ann"))
        let error = try XCTUnwrap(events.last?.error as? DecodingError)
        guard case .keyNotFound(let key, _) = error else { return XCTFail("expected keyNotFound, got \(error)") }
        XCTAssertEqual(key.stringValue, "name")
    }
}
