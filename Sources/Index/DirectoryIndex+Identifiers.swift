import GRDB
import RosterCore
import SearchRules

/// Finding someone by an identifier typed instead of a name (`TypedIdentifier`): an `smtp:`
/// alias, an other mail, an employee id, looked up by key in `person_lookup` (schema v8,
/// `LookupKey`) and checked on the row (`Person.marked(by:)`, which also says which it was).
extension DirectoryIndex {
  /// The people `identifiers` name, each marked with the one that found them, in the order of
  /// results.
  public func identifierOwners(_ identifiers: [TypedIdentifier], limit: Int) throws -> [Person] {
    guard limit > 0, !identifiers.isEmpty else { return [] }
    let keys = identifiers.map { identifier -> Int64 in
      switch identifier {
      case .address(let address): return LookupKey.address(address)
      case .employeeId(let id): return LookupKey.employeeId(id)
      }
    }
    return try read { db, terms -> [Person] in
      let generation = Self.liveGeneration(try Self.meta(db))
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT \(PersonRow.selection()) FROM person
          WHERE rowid IN (SELECT person FROM person_lookup WHERE key IN (\(keys.map { _ in "?" }.joined(separator: ","))))
          AND +generation = ? ORDER BY rowid
          """,
        arguments: StatementArguments(keys + [Int64(generation)]))
      var people: [Person] = []
      while people.count < limit, let row = try rows.next() {
        if let person = PersonRow.person(row, terms, identifiers: true).marked(by: identifiers) {
          people.append(person)
        }
      }
      return people
    }
  }

  /// The people an identifier in `text` finds, first, then the search's own answer without them.
  func withIdentifiers(_ text: String, limit: Int, _ search: () throws -> [Person]) throws -> [Person] {
    let identifiers = TypedIdentifier.read(text)
    guard !identifiers.isEmpty else { return try search() }
    let found = try identifierOwners(identifiers, limit: limit)
    let ids = Set(found.map(\.id))
    return Array((found + (try search()).filter { !ids.contains($0.id) }).prefix(limit))
  }
}
