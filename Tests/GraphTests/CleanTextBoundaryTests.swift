import Foundation
import GRDB
import Index
import RosterCore
import TestSupport
import Testing

@testable import Graph

/// Directory text is cleaned where it enters: a Graph answer and an index row carrying escape
/// sequences come out as `CleanText` without them, so no screen or command has to clean them.
@Suite struct CleanTextBoundaryTests {
  static let hostile =
    "\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{7}Mallory\u{202E}\u{9B}31m Evil\u{1B}]8;;https://x.example\u{1B}\\"

  @Test func graphDecodingCleansEveryTextField() throws {
    let escaped = String(data: try JSONEncoder().encode(Self.hostile), encoding: .utf8)!
    let json = """
      {"value": [{"id": "u1", "displayName": \(escaped), "givenName": \(escaped), "surname": \(escaped),
        "mail": \(escaped), "userPrincipalName": \(escaped), "jobTitle": \(escaped), "department": \(escaped),
        "companyName": \(escaped), "officeLocation": \(escaped), "businessPhones": [\(escaped)],
        "mobilePhone": \(escaped), "userType": \(escaped)}]}
      """
    let person = try #require(try PeopleDecoding.page(from: Data(json.utf8)).people.first)
    let fields = [
      person.displayName, person.givenName, person.surname, person.mail, person.userPrincipalName, person.jobTitle,
      person.department, person.companyName, person.officeLocation, person.mobilePhone, person.userType,
    ]
    #expect(fields.allSatisfy { $0 == "Mallory Evil" })
    #expect(person.businessPhones == ["Mallory Evil"])
    let detail = try PeopleDecoding.single(from: Data(#"{"id": "u2", "displayName": \#(escaped)}"#.utf8))
    #expect(detail.displayName == "Mallory Evil")
  }

  @Test func anIndexRowWrittenWithEscapesIsReadClean() async throws {
    try await SandboxGraph.run(size: 30) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let index = try fixture.open()
      _ = try await fixture.sync(index)
      let someone = try #require(try index.search("a", limit: 1).first)
      // Another program (or an older Roster) wrote the file: the text is not what Graph sent.
      // It writes through the file's triggers, which call Roster's SQL functions.
      var configuration = Configuration()
      configuration.prepareDatabase(DirectoryIndex.addFunctions)
      let queue = try DatabaseQueue(path: fixture.location.file.path, configuration: configuration)
      try await queue.write { db in
        try db.execute(
          // Object ids that are GUIDs are stored as their 16 bytes (issue 22).
          sql: """
            UPDATE person SET displayName = ?, jobTitle = ?, businessPhones = ?
            WHERE id = ? OR hex(id) = upper(replace(?, '-', ''))
            """,
          arguments: [Self.hostile, "\u{1B}P1$r\u{1B}\\Boss", "+1\u{7}\u{1F}\u{202D}+2", someone.id, someone.id])
      }
      try queue.close()
      let read = try #require(try index.detail(id: someone.id)?.person)
      #expect(read.displayName == "Mallory Evil")
      #expect(read.jobTitle == "Boss")
      #expect(read.businessPhones == ["+1", "+2"])
      let found = try index.search(someone.givenName?.string ?? "a", limit: 50).first { $0.id == someone.id }
      #expect(found?.displayName == "Mallory Evil")
    }
  }
}
