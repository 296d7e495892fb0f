import Foundation
import GRDB
import RosterCore
import TestSupport
import Testing

@testable import Index

/// Each app's secrets and certificates kept as plain columns beside its row
/// (`applications_credentials`, an `ItemCompanion`): what `roster apps --expiring --offline`
/// reads instead of decoding every due app's JSON. The rows are the apps' own `credentialRows`
/// through every write (a full round, a delta's upsert and removal, a new generation, a refusal),
/// the read takes those ending strictly before its date through its index, and an index made
/// before the columns existed is filled at its first open.
@Suite struct AppCredentialColumnsTests {
  static let table = RegistrationIndex.table

  static func day(_ days: Double) -> Date { Date(timeIntervalSince1970: days * 86_400) }

  /// A secret named only by its hint, a certificate listed for Sign and Verify (one credential),
  /// a secret that never ends, and text that needs cleaning.
  static let first = AppRegistration(
    id: "A1", displayName: "Payroll \u{1B}[31mExport", appId: "11111111-1111-1111-1111-111111111111",
    passwordCredentials: [
      PasswordCredential(
        keyId: "s1", hint: "abc", startDateTime: day(-300), endDateTime: day(10)),
      PasswordCredential(keyId: "s2", displayName: "forever", endDateTime: nil),
    ],
    keyCredentials: [
      KeyCredential(
        keyId: "k1", customKeyIdentifier: "THUMB", displayName: "CN=payroll", usage: "Sign",
        type: "AsymmetricX509Cert", startDateTime: day(-100), endDateTime: day(20)),
      KeyCredential(
        keyId: "k2", customKeyIdentifier: "THUMB", displayName: "CN=payroll", usage: "Verify",
        type: "AsymmetricX509Cert", startDateTime: day(-100), endDateTime: day(20)),
    ])
  static let second = AppRegistration(
    id: "B2", displayName: "Badge Reader", appId: "22222222-2222-2222-2222-222222222222",
    keyCredentials: [KeyCredential(keyId: "k3", displayName: "CN=badge", endDateTime: day(5))])
  static let bare = AppRegistration(id: "C3", displayName: "No Credentials")

  final class Pages: @unchecked Sendable {
    private let lock = NSLock()
    var pages: [String?: ChangePage<ItemChange<AppRegistration>>]
    var refuse = false

    init(_ pages: [String?: ChangePage<ItemChange<AppRegistration>>]) { self.pages = pages }

    var feed: ChangeFeed<ItemChange<AppRegistration>> {
      ChangeFeed { link, _ in
        try self.lock.withLock {
          if self.refuse { throw DirectoryError.permissionDenied("Directory.Read.All") }
          guard let page = self.pages[link] else {
            throw DirectoryError.service(status: 410, code: "syncStateNotFound", message: "")
          }
          return page
        }
      }
    }
  }

  static func withIndex(_ body: (DirectoryIndex, IndexLocation) async throws -> Void) async throws {
    let directory = TemporaryDirectory(prefix: "roster-app-credentials")
    defer { directory.remove() }
    let location = IndexLocation(directory: directory.url, tenantId: "t", accountId: "a")
    try await body(try DirectoryIndex.open(location), location)
  }

  static func run(_ pages: Pages, _ index: DirectoryIndex) async throws {
    _ = try await RegistrationIndex.syncRound(feed: pages.feed).run(index, now: { Date() }, catchUpAfterFull: false) {
      _ in
    }
  }

  /// What the columns must hold: the apps' own rows that end before `date`, in a fixed order.
  static func expected(_ apps: [AppRegistration], before date: Date) -> [AppCredentialRow] {
    ordered(apps.flatMap(\.credentialRows).filter { $0.due.ends(before: date) })
  }

  static func ordered(_ rows: [AppCredentialRow]) -> [AppCredentialRow] {
    rows.sorted { ($0.appObjectId, $0.position) < ($1.appObjectId, $1.position) }
  }

  static func read(_ index: DirectoryIndex, before date: Date) throws -> [AppCredentialRow] {
    ordered(try index.credentials(RegistrationFlavor.self, endingBefore: date))
  }

  static let fullPages: [String?: ChangePage<ItemChange<AppRegistration>>] = [
    nil: ChangePage(changes: [.upsert(first), .upsert(bare)], nextLink: "p2"),
    "p2": ChangePage(changes: [.upsert(second)], deltaLink: "d1"),
  ]

  @Test func theColumnsAreTheAppsOwnRowsThroughEveryWrite() async throws {
    try await Self.withIndex { index, _ in
      let pages = Pages(Self.fullPages)
      try await Self.run(pages, index)
      let all = [Self.first, Self.second, Self.bare]
      let kept = try Self.read(index, before: .distantFuture)
      #expect(kept == Self.expected(all, before: .distantFuture))
      // The secret named by its hint, the certificate once, the one never ending not kept.
      #expect(kept.map(\.due.keyId) == ["s1", "k1", "k3"] && kept[0].due.name == "abc…")
      #expect(kept[0].appName.string == "Payroll Export" && kept[0].entry.hint == "abc")
      #expect(kept[1].entry.usage == "Sign" && kept[1].entry.customKeyIdentifier == "THUMB")
      // The same rows as the app's JSON the index keeps would give: the report reads either alike.
      let decoded = try [Self.first.id, Self.second.id].compactMap { try index.item(id: $0, in: Self.table) }
      #expect(kept == Self.expected(decoded, before: .distantFuture))
      // Strictly before the date, as `AppCredentialDue.ends(before:)`.
      #expect(try Self.read(index, before: Self.day(10)).map(\.due.keyId) == ["k3"])
      #expect(try Self.read(index, before: Self.day(10).addingTimeInterval(1)).map(\.due.keyId) == ["s1", "k3"])

      // A delta round: an upsert replaces the app's rows, a removal drops them.
      var renamed = Self.first
      renamed.displayName = "Payroll Import"
      renamed.passwordCredentials[0].endDateTime = Self.day(40)
      pages.pages["d1"] = ChangePage(changes: [.upsert(renamed), .removed("b2")], deltaLink: "d2")
      try await Self.run(pages, index)
      #expect(try Self.read(index, before: .distantFuture) == Self.expected([renamed], before: .distantFuture))
      #expect(try Self.read(index, before: .distantFuture).allSatisfy { $0.appName == "Payroll Import" })

      // A new full round (the link forgotten) keeps only the new generation's rows.
      pages.pages["d2"] = nil
      try await Self.run(pages, index)
      #expect(try Self.read(index, before: .distantFuture) == Self.expected(all, before: .distantFuture))
      let generations = try await index.pool.read { db in
        try Int.fetchAll(db, sql: "SELECT DISTINCT generation FROM applications_credentials")
      }
      #expect(generations == [2])

      // A refusal forgets them with the apps.
      pages.refuse = true
      try await Self.run(pages, index)
      #expect(try Self.read(index, before: .distantFuture).isEmpty)
      let left = try await index.pool.read {
        try Int.fetchOne($0, sql: "SELECT count(*) FROM applications_credentials")
      }
      #expect(left == 0)
    }
  }

  /// The rows are kept in order of their end: the read is one range of the table's own key.
  @Test func theReadIsARangeOfTheTablesKey() async throws {
    try await Self.withIndex { index, _ in
      let plan = try await index.pool.read { db in
        try Row.fetchAll(
          db, sql: "EXPLAIN QUERY PLAN " + AppCredentialColumns.query("applications_credentials", entries: true),
          arguments: [1, 0]
        ).map { $0["detail"] as String }.joined(separator: "\n")
      }
      #expect(plan.contains("PRIMARY KEY (generation=? AND ends<?)"), "\(plan)")
    }
  }

  /// Without entries (the table and CSV print none of them) the same rows come, their entries empty.
  @Test func withoutEntriesTheRowsComeWithoutThem() async throws {
    try await Self.withIndex { index, _ in
      try await Self.run(Pages(Self.fullPages), index)
      let bare = Self.ordered(
        try index.credentials(RegistrationFlavor.self, endingBefore: .distantFuture, entries: false))
      var expected = Self.expected([Self.first, Self.second], before: .distantFuture)
      for row in expected.indices { expected[row].entry = AppCredentialRow.Entry() }
      #expect(bare == expected)
    }
  }

  @Test func anIndexMadeBeforeTheColumnsIsFilledAtItsFirstOpen() async throws {
    try await Self.withIndex { index, location in
      try await Self.run(Pages(Self.fullPages), index)
      // As an index of the previous version: no companion tables, their migrations not run.
      try await index.pool.write { db in
        try db.execute(
          sql: """
            DROP TABLE applications_credentials; DROP TABLE serviceprincipals_credentials;
            DELETE FROM grdb_migrations WHERE identifier IN
              ('applications-v1-credentials', 'serviceprincipals-v1-credentials');
            """)
        // A row that is not an app's JSON (written by something else) keeps no rows, and breaks nothing.
        try db.execute(
          sql: "INSERT INTO applications(generation, id, name, json, due) VALUES (1, 'junk', 'junk', '{', 0)")
      }
      #expect(throws: DirectoryIndex.NeedsUpgrade.self) { try DirectoryIndex.open(location, upgrade: false) }
      let upgraded = try DirectoryIndex.open(location)
      #expect(
        try Self.read(upgraded, before: .distantFuture)
          == Self.expected([Self.first, Self.second], before: .distantFuture))
      #expect(try upgraded.credentials(EnterpriseFlavor.self, endingBefore: .distantFuture).isEmpty)
    }
  }
}
