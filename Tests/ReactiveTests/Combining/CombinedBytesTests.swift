import Reactive
import XCTest

/// `CombinedBytes`, the combining engine's reads and writes of memory it does not type, checked
/// directly: if Swift laid an `Event` out otherwise, or a copy of plain bytes missed a byte,
/// these fail (the operators' tests would show it only as wrong values, or not at all).
final class CombinedBytesTests: XCTestCase {
    private final class Box: Equatable {
        let value: Int
        init(_ value: Int) { self.value = value }
        static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
    }

    private enum Shape: Equatable {
        case circle(Box)
        case square(String)
        case none
    }

    private struct Wide: Equatable {
        var a: Int8
        var b: String
        var c: Double
        var d: Box?
    }

    private struct Empty: Equatable {}

    /// Decodes each case of `Event<Element>` from its bytes, as the engine reads a source's event.
    private func assertDecodes<Element: Equatable>(_ values: [Element], file: StaticString = #filePath, line: UInt = #line) {
        let tagOffset = CombinedBytes.tagOffset(eventSize: MemoryLayout<Event<Element>>.size)
        for value in values {
            var next = Event<Element>.next(value)
            withUnsafePointer(to: &next) { pointer in
                guard case .next(let address) = CombinedBytes.decode(UnsafeRawPointer(pointer), tagOffset: tagOffset) else {
                    return XCTFail("next(\(value)) of \(Element.self) not decoded as a next", file: file, line: line)
                }
                XCTAssertEqual(address, UnsafeRawPointer(pointer), "the element is at the event's address", file: file, line: line)
                XCTAssertEqual(address.assumingMemoryBound(to: Element.self).pointee, value, "\(Element.self)", file: file, line: line)
            }
        }
        var error = Event<Element>.error(TestError.second)
        withUnsafePointer(to: &error) { pointer in
            guard case .error(let decoded) = CombinedBytes.decode(UnsafeRawPointer(pointer), tagOffset: tagOffset) else {
                return XCTFail("error of \(Element.self) not decoded as an error", file: file, line: line)
            }
            XCTAssertEqual(decoded as? TestError, .second, "\(Element.self)", file: file, line: line)
        }
        var completed = Event<Element>.completed
        withUnsafePointer(to: &completed) { pointer in
            guard case .completed = CombinedBytes.decode(UnsafeRawPointer(pointer), tagOffset: tagOffset) else {
                return XCTFail("completed of \(Element.self) not decoded as completed", file: file, line: line)
            }
        }
    }

    func testDecode_everyCase_forElementsOfEveryKindOfLayout() {
        assertDecodes([false, true])
        assertDecodes([UInt8(0), 7, 255])
        assertDecodes([0, -1, Int.max, Int.min])
        assertDecodes([0.5, -2, .infinity])
        assertDecodes([Empty()])
        assertDecodes([SIMD4<Float>(1, 2, 3, 4), SIMD4<Float>(-1, 0, 0.5, 8)])
        assertDecodes(["", "short", String(repeating: "long", count: 10)])
        assertDecodes([nil, 0, 5] as [Int?])
        assertDecodes([nil, false, true] as [Bool?])
        assertDecodes([Box(1), Box(2)])
        assertDecodes([nil, Box(3)] as [Box?])
        assertDecodes([Shape.circle(Box(4)), .square("s"), .none])
        assertDecodes([Shape.none, nil] as [Shape?])
        assertDecodes([Wide(a: -1, b: "b", c: 3, d: Box(5)), Wide(a: 2, b: "", c: 0, d: nil)])
        assertDecodes([[1, 2], []] as [[Int]])
        assertDecodes([UInt64.max, 0] as [UInt64])
    }

    /// Errors are elements too: an `Event<any Error>`'s `next` and `error` carry payloads of one
    /// type, and only the tag byte tells them apart.
    func testDecode_errorElements_areNotTakenForErrorEvents() {
        let tagOffset = CombinedBytes.tagOffset(eventSize: MemoryLayout<Event<any Error>>.size)
        var next = Event<any Error>.next(TestError.first)
        withUnsafePointer(to: &next) { pointer in
            guard case .next(let address) = CombinedBytes.decode(UnsafeRawPointer(pointer), tagOffset: tagOffset) else {
                return XCTFail("an error element decoded as an error event")
            }
            XCTAssertEqual(address.assumingMemoryBound(to: (any Error).self).pointee as? TestError, .first)
        }
    }

    /// Every count from 0 to 100 bytes, at every start offset within a word: exactly the `count`
    /// bytes are copied, and none after them is touched.
    func testCopyPlainBytes_copiesExactlyTheCount_atAnyAlignment() {
        let size = 128
        let source = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        let target = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer {
            source.deallocate()
            target.deallocate()
        }
        for index in 0..<size { source.storeBytes(of: UInt8(truncatingIfNeeded: index &* 37 &+ 11), toByteOffset: index, as: UInt8.self) }
        for offset in 0..<8 {
            for count in 0...100 {
                target.initializeMemory(as: UInt8.self, repeating: 0xEE, count: size)
                CombinedBytes.copyPlainBytes(from: source + offset, to: target + offset, count: count)
                for index in 0..<size {
                    let byte = target.load(fromByteOffset: index, as: UInt8.self)
                    let expected = index >= offset && index < offset + count ? source.load(fromByteOffset: index, as: UInt8.self) : 0xEE
                    if byte != expected {
                        return XCTFail("count \(count) at offset \(offset): byte \(index) is \(byte), expected \(expected)")
                    }
                }
            }
        }
    }
}
