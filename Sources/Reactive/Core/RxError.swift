/// The errors the library itself produces, with RxSwift's names.
public enum RxError: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
    /// An unknown error.
    case unknown
    /// An operation was attempted on a disposed object.
    case disposed(object: AnyObject)
    /// An arithmetic overflow.
    case overflow
    /// An argument is out of range.
    case argumentOutOfRange
    /// The sequence completed without the element it was required to have.
    case noElements
    /// The sequence had more elements than it was allowed to.
    case moreThanOneElement
    /// A timeout elapsed.
    case timeout

    /// A description of the error, naming what went wrong.
    public var debugDescription: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .overflow: return "Arithmetic overflow occurred."
        case .argumentOutOfRange: return "Argument out of range."
        case .noElements: return "Sequence doesn't contain any elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .timeout: return "Sequence timeout."
        }
    }
}
