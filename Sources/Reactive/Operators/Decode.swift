import Foundation

extension ObservableType where Element == Data {
    /// Decodes each element with `decoder`.
    ///
    /// `--a--b--|` → `decode(type: User.self, decoder: JSONDecoder())` → `--x--y--|` where `a = Data(#"{"name":"Ann"}"#.utf8)`, `b = Data(#"{"name":"Bo"}"#.utf8)`, `x = User(name: "Ann")`, `y = User(name: "Bo")`
    ///
    /// A decoding error is sent as an `error` event (the `DecodingError` names the key and the
    /// type) and ends the subscription. Retains `decoder`.
    public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder) -> Observable<Item> {
        map { try decoder.decode(type, from: $0) }
    }
}

/// A decoder of `Data` values, as `decode(type:decoder:)` uses it (RxSwift's `DataDecoder`).
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}
