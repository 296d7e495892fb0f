import GRDB

/// How a `person` row points at its manager (schema v3, issue 22): by the manager's row id when
/// the manager is in the index (3–4 bytes in the row and in the manager index, instead of a
/// 16-byte id in both: 22 bytes a person of the 250 the index may take), else by the manager's
/// object id (`PersonRow.key`), as a manager hidden from the address list, or not yet synced,
/// is.
///
/// Row ids move (a delta places people between their neighbours, `DirectoryIndex.place`), so
/// the writers keep links right: a row removed turns its reports' links into its object id, a
/// row inserted turns links holding its object id into its row id, a row moved takes its
/// reports' links along (`DirectoryIndex+ManagerLinks`). A full sync links every row as it puts
/// them in order (`placeStaged`). Staged rows hold object ids only.
enum ManagerLink: Equatable {
  case row(Int64)
  case id(String)

  init?(_ value: DatabaseValue) {
    switch value.storage {
    case .int64(let rowid): self = .row(rowid)
    default:
      guard let id = PersonRow.identifier(value) else { return nil }
      self = .id(id)
    }
  }

  var databaseValue: DatabaseValue {
    switch self {
    case .row(let rowid): rowid.databaseValue
    case .id(let id): PersonRow.key(id)
    }
  }
}
