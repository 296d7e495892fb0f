/// Everyone in a directory, in its stable order: an array for directories of today's sizes and
/// people files, or people computed on request (`GeneratedPeople`) for a generated directory
/// above `LazyOrganisation.threshold`, which no one should copy into an array.
public struct DirectoryPeople: RandomAccessCollection, Sendable {
  enum Backing: Sendable {
    case stored([DirectoryUser])
    case generated(GeneratedPeople)
  }

  let backing: Backing

  init(_ backing: Backing) { self.backing = backing }

  public var startIndex: Int { 0 }
  public var endIndex: Int {
    switch backing {
    case .stored(let users): users.count
    case .generated(let people): people.count
    }
  }

  public subscript(position: Int) -> DirectoryUser {
    switch backing {
    case .stored(let users): users[position]
    case .generated(let people): people.user(at: position)
    }
  }

  /// The generated people, nil for a stored directory.
  var generated: GeneratedPeople? {
    if case .generated(let people) = backing { return people }
    return nil
  }
}
