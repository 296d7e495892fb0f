import Foundation
import GRDB
import RosterCore
import TestSupport
import Testing

@testable import Index

/// The v3 `person` row (issue 22: ≤ 250 bytes a person) reads back byte for byte what was written,
/// and a token with fewer rights leaves no text it may not read in the look-up table either.
@Suite struct PersonRowStorageTests {
  /// People whose values sit on every edge of the compact forms: names that are or are not the
  /// display name's first or last word (in bytes, not canonical equivalence), mails without an
  /// "@" or with two, titles equal but for their normalisation, values that look like numbers,
  /// phones of odd and even length, empty, or with a character packed phones have no room for.
  static let awkward: [Person] = [
    Person(
      id: "00000000-0000-4000-8000-000000000001", displayName: "Zoë Adams", givenName: "Zoe\u{308}",
      surname: "Adams", mail: "zoe@contoso.test", userPrincipalName: "zoe@contoso.test",
      jobTitle: "Ingénieur", department: "0", companyName: "1",
      businessPhones: ["+1 (425) 555-0100", "+44 20 7946 0532"], mobilePhone: "+353 85 555 2634", userType: "Member"),
    Person(
      id: "00000000-0000-4000-8000-000000000002", displayName: "Ana de la Cruz", givenName: "Ana",
      surname: "de la Cruz", mail: "\"a@b\"@Contoso.TEST", userPrincipalName: "ana@contoso.test",
      jobTitle: "Inge\u{301}nieur", department: "", companyName: nil, businessPhones: ["ext. 42", "1"],
      mobilePhone: "１２３", userType: "Guest"),
    Person(
      id: "00000000-0000-4000-8000-000000000003", displayName: "Madonna", givenName: "Madonna", surname: "Madonna",
      mail: "no-at-sign", userPrincipalName: nil, jobTitle: nil, businessPhones: [], mobilePhone: ""),
    Person(
      id: "plain-text-id", displayName: nil, givenName: "Given", surname: "Only", mail: "x@", userPrincipalName: "x@",
      jobTitle: "Boss", department: "Boss", companyName: "Boss", userType: "Boss"),
    Person(
      id: "00000000-0000-4000-8000-000000000005", displayName: "  Lead Space ", givenName: "", surname: "",
      mail: "@contoso.test", userPrincipalName: "lead@contoso.test", jobTitle: "Engineer",
      businessPhones: ["+1 555", ""], mobilePhone: "+1 999", accountEnabled: false),
  ]

  private func write(_ people: [Person], _ index: DirectoryIndex) throws {
    try index.pool.write { db in
      for (key, value) in [("generation", "1"), ("delta_link", "d1"), ("profiles", "full"), ("token_profiles", "full")]
      {
        try db.execute(sql: "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", arguments: [key, value])
      }
      try DirectoryIndex.apply(
        db, people.map { .upsert($0, managerId: nil, managerKnown: true) }, generation: 1)
    }
  }

  @Test func everyAwkwardValueReadsBackExactly() throws {
    let directory = TemporaryDirectory(prefix: "roster-person-row")
    defer { directory.remove() }
    let location = IndexLocation(directory: directory.url, tenantId: "t", accountId: "a")
    try write(Self.awkward, try DirectoryIndex.open(location))
    // A fresh open reads the numbers from the file, not from what the writer remembered.
    let index = try DirectoryIndex.open(location)
    for person in Self.awkward {
      let read = try #require(try index.detail(id: person.id)?.person)
      #expect(read == person)
      for (stored, original) in zip(
        [read.givenName, read.surname, read.mail, read.jobTitle, read.department],
        [person.givenName, person.surname, person.mail, person.jobTitle, person.department])
      {
        #expect(Array((stored?.string ?? "").utf8) == Array((original?.string ?? "").utf8), "\(person.id)")
      }
    }
    let found = try index.search("madonna", limit: 5)
    #expect(found.map(\.id) == [Self.awkward[2].id])
    #expect(try index.detail(lookingUp: "\"A@B\"@contoso.test")?.person.id == Self.awkward[1].id)
    #expect(try index.detail(lookingUp: "NO-AT-SIGN")?.person.id == Self.awkward[2].id)
    let titles = try index.pool.read { db in
      try String.fetchAll(db, sql: "SELECT text FROM person_term WHERE text LIKE 'Ing%'")
    }
    #expect(titles.count == 2)
    let packed = try index.pool.read { db in
      try String.fetchAll(db, sql: "SELECT typeof(businessPhones) || typeof(mobilePhone) FROM person ORDER BY id")
    }
    #expect(packed.sorted() == ["blobblob", "blobblob", "blobblob", "nullnull", "texttext"].sorted(), "\(packed)")
  }

  @Test func aBasicTokenLeavesOnlyMailDomainsInTheLookUpTable() throws {
    let directory = TemporaryDirectory(prefix: "roster-person-row-grant")
    defer { directory.remove() }
    let location = IndexLocation(directory: directory.url, tenantId: "t", accountId: "a")
    let index = try DirectoryIndex.open(location)
    try write(Self.awkward, index)
    #expect(try index.detail(id: Self.awkward[0].id)?.person.jobTitle == "Ingénieur")
    #expect(try index.conform(to: .basic))
    let terms = try index.pool.read { db in Set(try String.fetchAll(db, sql: "SELECT text FROM person_term")) }
    #expect(terms == ["contoso.test", "Contoso.TEST", ""])
    let read = try #require(try index.detail(id: Self.awkward[0].id)?.person)
    #expect(read.jobTitle == nil && read.department == nil && read.userType == nil)
    #expect(read.mail == "zoe@contoso.test" && read.givenName == "Zoe\u{308}")
  }
}
