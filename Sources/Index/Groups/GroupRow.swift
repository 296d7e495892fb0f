import Foundation
import GRDB
import RosterCore
import SearchRules

/// Maps `Group` to and from a `directory_group` row (read by position, as `PersonRow` does), and
/// to what `group_fts` holds for it: the display name's and the description's `$search` tokens
/// (`NameTokenizer`, folded, written as people's are: `IndexTokens.raw`), one column per property so a word's parts must all start
/// tokens of the same property, as Graph's `displayName:` or `description:` clause asks.
enum GroupRow {
  static let separator: Character = "\u{1F}"

  static let columns = [
    "generation", "id", "displayName", "mail", "mailNickname", "description", "groupTypes", "mailEnabled",
    "securityEnabled", "visibility", "membershipRule", "membershipRuleProcessingState", "resourceProvisioningOptions",
  ]

  static func selection(from table: String? = nil) -> String {
    let prefix = table.map { "\($0)." } ?? ""
    return (["rowid"] + columns).map { prefix + $0 }.joined(separator: ", ")
  }

  static func arguments(_ group: Group, generation: Int) -> StatementArguments {
    [
      generation, group.id, group.displayName?.string, group.mail?.string, group.mailNickname?.string,
      group.description?.string, list(group.groupTypes), group.mailEnabled, group.securityEnabled,
      group.visibility?.string, group.membershipRule?.string, group.membershipRuleProcessingState?.string,
      list(group.resourceProvisioningOptions),
    ]
  }

  /// Rows are cleaned as they are read, as people's are.
  static func group(_ row: Row) -> Group {
    Group(
      id: row[2], displayName: text(row, 3), mail: text(row, 4), mailNickname: text(row, 5), description: text(row, 6),
      groupTypes: texts(row, 7), mailEnabled: row[8], securityEnabled: row[9], visibility: text(row, 10),
      membershipRule: text(row, 11), membershipRuleProcessingState: text(row, 12),
      resourceProvisioningOptions: texts(row, 13))
  }

  static func rowid(_ row: Row) -> Int64 { row[0] }

  /// The `name` and `about` columns of `group_fts` for `group`.
  static func tokens(_ group: Group) -> [String] {
    let fields = group.searchFields
    return SearchSchema.groups.properties.map { property in
      fields.fields.filter { $0.property == property }.flatMap { NameTokenizer.indexTokens($0.value) }
        .map(IndexTokens.raw).joined(separator: " ")
    }
  }

  private static func list(_ values: [CleanText]?) -> String? {
    values.map { $0.map(\.string).joined(separator: String(separator)) }
  }

  private static func text(_ row: Row, _ column: Int) -> CleanText? {
    let value: String? = row[column]
    return value.map { CleanText($0) }
  }

  private static func texts(_ row: Row, _ column: Int) -> [CleanText]? {
    let value: String? = row[column]
    return value.map { $0.isEmpty ? [] : $0.split(separator: separator).map { CleanText(String($0)) } }
  }
}
