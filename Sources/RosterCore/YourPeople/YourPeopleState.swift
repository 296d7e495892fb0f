/// The signed-in person's own people as the app holds them (issue 32): the lists, and whether
/// Graph's is being read. What the index keeps is loaded once it is attached; without an index the
/// lists live for the session only.
public struct YourPeopleState: Equatable, Sendable {
  public var people = YourPeople.none
  /// A `/me/people` read is under way (one at a time). Without People.Read nothing is held or
  /// said here: `roster doctor` names the permission.
  public var isReading = false

  public init() {}
}

/// The events of "your people".
public enum YourPeopleAction: Equatable, Sendable {
  /// What the attached index keeps (`.yourPeople(.load)`).
  case loaded(YourPeople)
  /// Graph's `/me/people` answered (`.yourPeople(.readWorksWith)`).
  case worksWithRead(Result<[String], DirectoryError>)
}
