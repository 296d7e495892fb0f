import Foundation
import SearchRules
import Testing

@testable import SandboxDirectory

/// Issue 22 item 5: the million-person organisation, person `i` computed from the seed and `i`.
@Suite struct LazyOrganisationTests {
  static let million = LazyOrganisation(seed: 1, size: 1_000_000)

  @Test func personIIsTheSameEveryTimeAndInEveryProcess() {
    for index in [0, 1, 11, 12, 999, 123_456, 999_999] {
      #expect(Self.million.user(at: index) == Self.million.user(at: index))
    }
    // Fixed values: another process (or build) computing person 123,456 must get this person.
    let person = Self.million.user(at: 123_456)
    #expect(person.id == Self.expectedId)
    #expect(person.displayName == Self.expectedName)
    #expect(person.userPrincipalName.hasSuffix("123456@contoso.onmicrosoft.com"))
    #expect(LazyOrganisation(seed: 2, size: 1_000_000).user(at: 123_456).id != person.id)
  }

  static let expectedId = "6e1746a3-759e-45bc-ad82-0ab975e72008"
  static let expectedName = "Megan Hughes"

  @Test func idsAndUserPrincipalNamesAreUniqueAndNameTheirPerson() {
    let organisation = LazyOrganisation(seed: 1, size: 1_000_000)
    var ids = Set<String>()
    for index in stride(from: 0, to: 1_000_000, by: 7) { ids.insert(organisation.id(of: index)) }
    #expect(ids.count == (1_000_000 + 6) / 7)
    var upns = Set<String>()
    for index in 0..<20_000 {
      let user = organisation.user(at: index)
      upns.insert(user.userPrincipalName.lowercased())
      if index % 97 == 0 {
        #expect(organisation.index(ofId: user.id) == index)
        #expect(organisation.index(ofId: user.id.uppercased()) == index)
        #expect(organisation.index(ofUserPrincipalName: user.userPrincipalName) == index)
      }
    }
    #expect(upns.count == 20_000)
    #expect(organisation.index(ofId: "00000000-0000-4000-8000-000000000000") == nil)
    #expect(organisation.index(ofId: "not an id") == nil)
    #expect(organisation.index(ofUserPrincipalName: "nobody42@contoso.onmicrosoft.com") == nil)
    // An id of a larger organisation names nobody in a smaller one.
    #expect(LazyOrganisation(seed: 1, size: 100).index(ofId: organisation.id(of: 500)) == nil)
  }

  @Test func theReportingLinesFormOneTreeBothWays() {
    let organisation = LazyOrganisation(seed: 1, size: 50_000)
    var managed = 0
    for index in stride(from: 0, to: 50_000, by: 13) {
      let user = organisation.user(at: index)
      if let manager = organisation.managerIndex(of: index) {
        managed += 1
        #expect(manager < index)
        #expect(organisation.reportIndexes(of: manager).contains(index))
        #expect(user.managerId == organisation.id(of: manager))
        #expect(user.department == organisation.user(at: manager).department || manager == 0)
      } else {
        #expect(user.managerId == nil)
      }
      for report in organisation.reportIndexes(of: index) {
        #expect(organisation.managerIndex(of: report) == index)
      }
    }
    #expect(managed > 3500)
    #expect(organisation.reportIndexes(of: 0) == Array(1...11))
    // About one in six members manages someone; about 1 % of the rest are hidden.
    let sample = (0..<50_000).filter { organisation.kind($0) == .managedMember }
    let managers = sample.filter(organisation.hasReports).count
    #expect((sample.count / 8...sample.count / 4).contains(managers), "\(managers) of \(sample.count)")
    let hidden = (0..<20_000).filter(organisation.isHidden)
    #expect((100...300).contains(hidden.count))
    #expect(hidden.allSatisfy { organisation.reportIndexes(of: $0).isEmpty && $0 > 11 })
  }

  @Test func namesComeFromTheSameTablesAsTheSmallOrganisation() {
    let small = Set(Directory.generated(seed: 1, size: 2000).users.compactMap(\.surname))
    let large = Set((0..<5000).compactMap { Self.million.user(at: $0).surname })
    #expect(small.isSubset(of: large.union(small)) && small.intersection(large).count > small.count / 2)
    let guests = (0..<2000).map(Self.million.user(at:)).filter { $0.userType == "Guest" }
    #expect((50...160).contains(guests.count))
  }

  @Test func theSandboxSwitchesToComputedPeopleAboveTodaysSizes() {
    #expect(!Directory.generated(seed: 1, size: 2000).isLazilyGenerated)
    let large = Directory.generated(seed: 1, size: 200_001)
    #expect(large.isLazilyGenerated && large.users.count == 200_001 && large.groups.isEmpty)
    #expect(large.defaultUser.jobTitle == "Chief Executive Officer")
  }

  @Test func aComputedDirectoryAnswersLookupsManagersAndReports() throws {
    let directory = Directory.lazilyGenerated(seed: 4, size: 5000)
    let person = directory.users[4321]
    #expect(directory.user(idOrUPN: person.id) == person)
    #expect(directory.user(idOrUPN: person.userPrincipalName.uppercased()) == person)
    let manager = try #require(directory.manager(of: person).map { $0 } ?? directory.manager(of: directory.users[4320]))
    #expect(directory.directReports(of: manager).contains { $0.managerId == manager.id })
    #expect(directory.directReports(of: manager).allSatisfy { $0.managerId == manager.id })
    var query = UserListQuery(search: "\"displayName:\(person.givenName ?? "")\"", consistencyLevelEventual: true)
    query.count = "true"
    let page = try directory.listPage(query, offset: 0, limit: 10)
    #expect(page.total >= 1 && page.users.count == min(10, page.total))
    #expect(try directory.list(query).count == page.total)
  }

  /// `$search`, `$filter` and `$orderby` over computed people answer what the same people held in
  /// an array answer.
  @Test func queriesOverComputedPeopleMatchTheSamePeopleStored() throws {
    let computed = Directory.lazilyGenerated(seed: 6, size: 3000)
    let stored = Directory(users: Array(computed.users))
    let queries = [
      UserListQuery(search: "\"displayName:an\"", consistencyLevelEventual: true),
      UserListQuery(search: "\"displayName:ma jo\" OR \"mail:sa\"", consistencyLevelEventual: true),
      UserListQuery(filter: "startswith(displayName,'A')"),
      UserListQuery(filter: "userType eq 'Guest'", count: "true", consistencyLevelEventual: true),
      UserListQuery(orderby: "displayName"),
    ]
    for query in queries {
      #expect(try computed.list(query).map(\.id) == stored.list(query).map(\.id), "\(query)")
    }
  }

  /// Pages of 97 by stable key while people are removed, edited and added between pages: every
  /// person there from start to end is served exactly once, nobody removed before their page.
  @Test func aPageBoundaryLosesAndRepeatsNobodyWhilePeopleChange() throws {
    var directory = Directory.lazilyGenerated(seed: 9, size: 1000)
    let original = Set(directory.users.map(\.id))
    var served: [String] = []
    var removed = Set<String>()
    var addedIds = Set<String>()
    var key: Int?
    var round = 0
    while true {
      let page = directory.people(afterKey: key, limit: 97)
      served += page.users.map(\.id)
      key = page.lastKey
      guard page.more else { break }
      round += 1
      // Remove someone ahead and someone behind, edit someone ahead, add a joiner.
      let ahead = directory.users[min(directory.users.count - 1, round * 97 + 50)]
      let behind = directory.users[round * 10]
      var edited = directory.users[min(directory.users.count - 1, round * 97 + 60)]
      edited.jobTitle = "Edited \(round)"
      let joiner = DirectoryUser(
        id: GUIDFormat.string(from: "joiner \(round)"), userPrincipalName: "joiner\(round)x@contoso.onmicrosoft.com",
        displayName: "Joiner \(round)")
      var edits: [DirectoryEdit] = [.add(joiner)]
      for target in [ahead, behind] where target.id != edited.id && !removed.contains(target.id) {
        edits.append(.delete(id: target.id, permanent: false))
        removed.insert(target.id)
      }
      edits.append(.update(edited))
      directory = try directory.applying(edits)
      addedIds.insert(joiner.id)
      #expect(directory.user(idOrUPN: edited.id)?.jobTitle == "Edited \(round)")
      #expect(directory.user(idOrUPN: joiner.userPrincipalName) == joiner)
    }
    #expect(served.count == Set(served).count, "someone was served twice")
    let stayed = original.subtracting(removed)
    #expect(stayed.isSubset(of: Set(served)), "someone who stayed was never served")
    #expect(addedIds.isSubset(of: Set(served)))
    #expect(directory.users.count == 1000 - removed.count + addedIds.count)
    #expect(Set(directory.users.map(\.id)) == stayed.union(addedIds))
    for id in removed { #expect(directory.user(idOrUPN: id) == nil) }
    #expect(directory.listedCount == directory.users.count { $0.showInAddressList != false })
  }

  @Test func churnOnAComputedDirectoryRenamesRetitlesRemovesAndAdds() throws {
    let directory = Directory.lazilyGenerated(seed: 1, size: 20_000)
    var random = SeededRandom(seed: 5)
    let edits = directory.churnEdits(count: 200, random: &random, serial: 1)
    let changed = try directory.applying(edits)
    var kinds: [String: Int] = [:]
    for edit in edits {
      switch edit {
      case .add(let user):
        kinds["add", default: 0] += 1
        #expect(changed.user(idOrUPN: user.id) == user)
      case .update(let user):
        kinds["update", default: 0] += 1
        #expect(changed.user(idOrUPN: user.id) == user)
      case .delete(let id, _):
        kinds["delete", default: 0] += 1
        #expect(changed.user(idOrUPN: id) == nil)
      }
    }
    #expect(kinds["add", default: 0] > 0 && kinds["delete", default: 0] == kinds["add", default: 0])
    #expect(kinds["update", default: 0] > 150)
    #expect(changed.users.count == 20_000)
    // The original is untouched (snapshots are immutable).
    #expect(directory.users[5] == LazyOrganisation(seed: 1, size: 20_000).user(at: 5))
  }

  /// The delta pages' hand-written JSON is the text `render(...).jsonText` gives.
  @Test func theByteWriterWritesWhatTheJSONTreeWrites() throws {
    let directory = Directory.lazilyGenerated(seed: 3, size: 400)
    var odd = directory.users[7]
    odd.displayName = "Quote \" back\\slash \n tab\t bell\u{07} sep\u{2028}\u{2029} é 名"
    odd.jobTitle = nil
    odd.businessPhones = ["+1 \"2\"", "3"]
    odd.showInAddressList = false
    let selections: [String?] = [
      nil, "displayName,jobTitle,mail,userPrincipalName,showInAddressList,accountEnabled,businessPhones",
      "id,aboutMe,otherMails,skills,department,givenName,surname,usageLocation",
    ]
    for select in selections {
      let properties = try directory.selectedProperties(select)
      let writer = UserJSONWriter(properties: properties)
      for user in Array(directory.users.prefix(60)) + [odd] {
        for basic in [false, true] {
          var bytes: [UInt8] = []
          writer.append(user, basicProfileOnly: basic, to: &bytes)
          let expected = directory.render(user, properties: properties, basicProfileOnly: basic).jsonText
          #expect(String(decoding: bytes, as: UTF8.self) == expected)
        }
      }
    }
    var bytes: [UInt8] = []
    UserJSONWriter(properties: ["id"]).append(odd, basicProfileOnly: false, managerId: "m-1", to: &bytes)
    let parsed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    let manager = (parsed?["manager@delta"] as? [[String: Any]])?.first
    #expect(manager?["id"] as? String == "m-1" && manager?["@odata.type"] as? String == "#microsoft.graph.user")
  }
}
