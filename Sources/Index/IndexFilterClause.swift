import Foundation
import GRDB
import SearchRules

/// `dept:`, `is:`, `has:` … as a condition on a `person` row (aliased `p`), with Graph's `$filter`
/// semantics: a property filter is `startswith`, case-insensitive and accent-sensitive (the
/// sandbox's rule, `TextFolding.caseFolded` compared as bytes), `is:guest` is `userType eq
/// 'Guest'` (case-insensitive), `is:disabled` is `accountEnabled eq false`, `has:mobile` is
/// `mobilePhone ne null`.
///
/// Why numbers: department, title, company, city, country and user type are held by number
/// (`PersonTerms`), a few hundred texts for a whole directory, so the texts that match are found
/// in Swift once per query and SQLite compares small integers, row by row, in C: no text is
/// decoded for a row the filter drops. Offices are text (`PersonRow`), compared by
/// `roster_starts_folded` (`DirectoryIndex+Lookup`). `manager:` and `under:` are not here: they
/// are a walk (`DirectoryIndex+Organisation`).
///
/// The condition's columns are written `+p.column`: the filter indexes (`v9-filter-indexes`)
/// are used only where `rows` chooses them, never by SQLite for the row-id-order scan itself
/// (it would read a common department's every row through its index and sort them).
struct IndexFilterClause {
  /// The condition, `p.`-qualified: numbers, and `?` for an office's folded prefix.
  var sql: String
  /// The values of the condition's `?`, in order.
  var arguments: StatementArguments = []
  /// No one can meet it (a value no department, title … starts with): answered at once, where the
  /// condition would read every row to find no one.
  var isImpossible = false
  /// For each filter an index answers, the row ids that may meet it (`Source`): what `rows`
  /// chooses from.
  var sources: [Source] = []
  /// When a source is read instead of scanning (`rows`); tests make them small.
  var limits = Limits()

  init(_ filters: [PersonFilter], _ db: Database) throws {
    var conditions: [String] = []
    var impossible = false
    var texts: [(id: Int64, folded: String)]?
    func termIDs(_ keep: (String) -> Bool) throws -> String {
      if texts == nil {
        texts = try Row.fetchAll(db, sql: "SELECT id, text FROM person_term").map {
          (id: $0[0], folded: TextFolding.caseFolded($0[1] as String))
        }
      }
      let ids = (texts ?? []).filter { keep($0.folded) }.map { String($0.id) }
      if ids.isEmpty { impossible = true }
      return ids.joined(separator: ",")
    }
    var userTypes: [String] = []
    for filter in filters {
      switch filter {
      case .property(.officeLocation, let value):
        // SQLite's LIKE (ASCII case-insensitive, in C) where the value's first characters, one more
        // than the folded prefix has, are printable ASCII: for those it is the same test (each folds
        // to its lower case, one for one; the one more catches a combining accent that composition
        // would fuse with the last). Any other value is folded exactly, in Swift: a character outside
        // ASCII may fold to ASCII ("İstanbul" to "i̇stanbul", "K" to "k").
        let folded = TextFolding.caseFolded(value)
        let pattern =
          folded.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
          .replacingOccurrences(of: "_", with: "\\_") + "%"
        conditions.append(
          "CASE WHEN substr(p.officeLocation, 1, ?) GLOB '*[^ -~]*' THEN roster_starts_folded(p.officeLocation, ?) "
            + "ELSE p.officeLocation LIKE ? ESCAPE '\\' END")
        arguments += [folded.unicodeScalars.count + 1, folded, pattern]
        if !folded.isEmpty { sources.append(Source(officeStartingWith: folded)) }
      case .property(let property, let value):
        let prefix = Array(TextFolding.caseFolded(value).utf8)
        let ids = try termIDs { $0.utf8.starts(with: prefix) }
        conditions.append("+p.\(Self.column(property)) IN (\(ids))")
        if !ids.isEmpty { sources.append(Source(column: Self.column(property), in: ids)) }
      case .guest, .member:
        let ids = try termIDs { $0 == (filter == .guest ? "guest" : "member") }
        conditions.append("+p.userType IN (\(ids))")
        if !ids.isEmpty { userTypes.append(ids) }
      case .disabled:
        conditions.append("+p.accountEnabled = 0")
        sources.append(Source.disabled)
      case .hasMobile: conditions.append("p.mobilePhone IS NOT NULL")
      case .manager, .under: continue
      }
    }
    // `is:guest has:mobile` is few people where `is:guest` alone is many (guests seldom give a
    // mobile): the index holds both (`person_kind`).
    let mobile = filters.contains(.hasMobile)
    sources += userTypes.map { Source(userTypeIn: $0, hasMobile: mobile) }
    sql = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
    isImpossible = impossible
  }

  /// The `person` column a property filter compares.
  static func column(_ property: FilterProperty) -> String {
    switch property {
    case .department: return "department"
    case .jobTitle: return "jobTitle"
    case .officeLocation: return "officeLocation"
    case .companyName: return "companyName"
    case .city: return "city"
    case .country: return "country"
    }
  }
}
