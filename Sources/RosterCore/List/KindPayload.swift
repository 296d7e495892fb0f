/// A value that belongs to one kind of row — a Graph answer, an index answer — carrying its kind
/// once. Each kind builds its own payloads (`KindAnswer.people(_:)` beside `PeopleSearch`,
/// `.groups(_:)` beside `GroupSearch`, …) and reads them back with `value(as:)`, so the search's
/// action enum, its reducer and the Store name no kind: a new kind adds its constructors in its
/// own folder instead of a case in a shared enum and a branch in every switch over it.
///
/// `Role` only tells answers from index answers apart at compile time.
public struct KindPayload<Role>: Equatable, Sendable, CustomStringConvertible {
  /// The kind of row the value is about; its `ListedKind` reads it.
  public let kind: ObjectKind
  private let value: any Equatable & Sendable

  public init<Value: Equatable & Sendable>(_ kind: ObjectKind, _ value: Value) {
    self.kind = kind
    self.value = value
  }

  /// The value, when it is a `Value` (each kind asks for its own type).
  public func value<Value>(as type: Value.Type) -> Value? { value as? Value }

  /// The failure it carries, when it is a `Result` that failed with a `DirectoryError`.
  public var failure: DirectoryError? { (value as? any DirectoryOutcome)?.directoryFailure }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.kind == rhs.kind && lhs.value.isEqual(to: rhs.value)
  }

  public var description: String { "\(kind): \(value)" }
}

/// A Graph answer of any kind (`SearchAction.answered`, `.pageAnswered`).
public enum AnswerRole {}
public typealias KindAnswer = KindPayload<AnswerRole>

/// The local index's answer of any kind (`SearchAction.indexAnswered`).
public enum IndexAnswerRole {}
public typealias IndexAnswer = KindPayload<IndexAnswerRole>

/// An index answer's rows: `asked` is one more than the list shows, so a full answer means
/// "more"; `close` are the index's close matches (people's), when it found fewer exact ones than a
/// screenful.
public struct IndexRows<Item: Equatable & Sendable>: Equatable, Sendable {
  public var rows: [Item]
  public var asked: Int
  public var close: CloseMatches?

  public init(_ rows: [Item], asked: Int, close: CloseMatches? = nil) {
    self.rows = rows
    self.asked = asked
    self.close = close
  }
}

/// A `Result` whose failure is a `DirectoryError`: what reachability reads from any answer.
protocol DirectoryOutcome {
  var directoryFailure: DirectoryError? { get }
}

extension Result: DirectoryOutcome where Failure == DirectoryError {
  var directoryFailure: DirectoryError? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one (equality through an existential).
  fileprivate func isEqual(to other: any Equatable) -> Bool { (other as? Self) == self }
}
