import Foundation
import Graph
import RosterCore
import TerminalUI

/// Renders `roster mfa --missing` page by page through `ListStream` (the table's columns measured
/// on the first page and kept, a JSON array written as it grows, CSV). Text was cleaned where
/// decoded; Graph's method names become words only in the table.
enum MfaOutput {
  static let headers = ["Name", "User name", "Admin", "Methods registered", "Default method"]

  static func cells(_ entry: RegistrationEntry) -> [String] {
    [
      entry.userDisplayName?.string ?? "(no name)", entry.userPrincipalName?.string ?? "",
      entry.isAdmin == true ? "yes" : entry.isAdmin == false ? "no" : "unknown",
      RegistrationWords.methods(entry.methodsRegistered.map(\.string)),
      RegistrationWords.defaultMethod(entry.defaultMethod),
    ]
  }

  static let layout = ListLayout<RegistrationEntry>(
    headers: headers, cells: cells, shrinkable: [0, 1, 3, 4], addressColumn: 1,
    json: { try PeopleOutput.json(Row($0)) }, csvHeader: Row.header, csvFields: { Row($0).fields })

  /// Writes each page to stdout as it comes (`ListStream`), counting the administrators.
  final class Stream: @unchecked Sendable {
    private let list: ListStream<RegistrationEntry>
    private let lock = NSLock()
    private var adminCount = 0

    init(format: OutputFormat) { list = ListStream(format: format, layout: MfaOutput.layout) }

    var format: OutputFormat { list.format }
    var admins: Int { lock.withLock { adminCount } }

    func write(_ page: [RegistrationEntry]) {
      lock.withLock { adminCount += page.filter { $0.isAdmin == true }.count }
      list.write(page)
    }

    func finish() { list.finish() }
  }

  /// One person for scripts: Graph's property names, every key present (null when Graph sent none).
  struct Row: Encodable {
    var entry: RegistrationEntry

    init(_ entry: RegistrationEntry) { self.entry = entry }

    enum CodingKeys: String, CodingKey {
      case id, userPrincipalName, userDisplayName, userType, isAdmin, isMfaRegistered, isMfaCapable
      case methodsRegistered, userPreferredMethodForSecondaryAuthentication
      case isSystemPreferredAuthenticationMethodEnabled, systemPreferredAuthenticationMethods, lastUpdatedDateTime
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(CleanText(entry.id).string, forKey: .id)
      try container.encode(entry.userPrincipalName?.string, forKey: .userPrincipalName)
      try container.encode(entry.userDisplayName?.string, forKey: .userDisplayName)
      try container.encode(entry.userType?.string, forKey: .userType)
      try container.encode(entry.isAdmin, forKey: .isAdmin)
      try container.encode(entry.isMfaRegistered, forKey: .isMfaRegistered)
      try container.encode(entry.isMfaCapable, forKey: .isMfaCapable)
      try container.encode(entry.methodsRegistered.map(\.string), forKey: .methodsRegistered)
      try container.encode(
        entry.userPreferredMethodForSecondaryAuthentication?.string,
        forKey: .userPreferredMethodForSecondaryAuthentication)
      try container.encode(
        entry.isSystemPreferredAuthenticationMethodEnabled, forKey: .isSystemPreferredAuthenticationMethodEnabled)
      try container.encode(
        entry.systemPreferredAuthenticationMethods.map(\.string), forKey: .systemPreferredAuthenticationMethods)
      try container.encode(entry.lastUpdatedDateTime?.formatted(.iso8601), forKey: .lastUpdatedDateTime)
    }

    static let header = [
      "userDisplayName", "userPrincipalName", "isAdmin", "methodsRegistered", "defaultMethod", "userType", "id",
    ]

    /// Methods joined by `;` (Graph's names), the default method as Graph names it, empty for none.
    var fields: [String] {
      [
        entry.userDisplayName?.string ?? "", entry.userPrincipalName?.string ?? "",
        entry.isAdmin.map { $0 ? "true" : "false" } ?? "", entry.methodsRegistered.map(\.string).joined(separator: ";"),
        entry.defaultMethod ?? "", entry.userType?.string ?? "", CleanText(entry.id).string,
      ]
    }
  }
}
