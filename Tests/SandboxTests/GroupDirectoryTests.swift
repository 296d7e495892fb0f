import Foundation
import Testing

@testable import SandboxDirectory

/// The generated groups and the people-file form with groups, without a server.
@Suite("Sandbox groups: generation and people files")
struct GroupDirectoryTests {
  static let directory = Directory.generated(seed: 1, size: 2000)

  static func index(_ name: String, in directory: Directory = directory) throws -> Int {
    try #require(directory.groups.firstIndex { $0.displayName == name })
  }

  @Test("about one group per ten people, the same for the same seed, different for another")
  func countAndDeterminism() throws {
    let directory = Self.directory
    #expect(directory.groups.count == 200)
    #expect(Directory.generated(seed: 1, size: 300).groups.count == 30)
    #expect(Directory.generated(seed: 1, size: 50).groups.count == DemoGroups.names.count)
    let again = Directory(
      users: Array(directory.users), groups: GroupGenerator(seed: 1, users: Array(directory.users)).make())
    #expect(again.groups == directory.groups)
    let other = GroupGenerator(seed: 2, users: Array(directory.users)).make()
    #expect(other.groups.map(\.id) != directory.groups.map(\.id))
    #expect(Array(directory.groups.prefix(DemoGroups.names.count).map(\.displayName)) == DemoGroups.names)
    #expect(Set(directory.groups.map(\.id)).count == directory.groups.count)
    #expect(Set(directory.groups.compactMap { $0.mailNickname?.lowercased() }).count == directory.groups.count)
    // Mail nicknames are ASCII, accents folded ("São Paulo" → "sao-paulo"), as Exchange requires.
    #expect(directory.groups.allSatisfy { $0.mailNickname?.allSatisfy(\.isASCII) == true })
    #expect(directory.groups.contains { $0.mailNickname == "buero-muenchen-aerzte" })
    #expect(GroupsFileEntry.nickname("Büro São Paulo — 東京") == "buro-sao-paulo")
  }

  @Test("every kind exists: Microsoft 365, teams, security, mail-enabled security, lists, dynamic, hidden")
  func kinds() throws {
    let groups = Self.directory.groups
    #expect(groups.contains { $0.isUnified && $0.resourceProvisioningOptions == ["Team"] })
    #expect(groups.contains { $0.isUnified && $0.resourceProvisioningOptions.isEmpty })
    #expect(groups.contains { $0.securityEnabled && !$0.mailEnabled && $0.groupTypes.isEmpty })
    #expect(groups.contains { $0.securityEnabled && $0.mailEnabled && $0.groupTypes.isEmpty && $0.mail != nil })
    #expect(groups.contains { !$0.securityEnabled && $0.mailEnabled && $0.groupTypes.isEmpty && $0.mail != nil })
    #expect(groups.contains { $0.visibility == "HiddenMembership" })
    // Dynamic groups hold exactly the people their rule names.
    let london = groups[try Self.index("London Office")]
    #expect(london.isDynamic && london.membershipRule == "(user.city -eq \"London\")")
    #expect(london.membershipRuleProcessingState == "On")
    let londoners = Self.directory.users.indices.filter { Self.directory.users[$0].city == "London" }
    #expect(london.members.count == londoners.count && london.members.count > 0)
    #expect((0..<london.members.count).allSatisfy { london.members[$0] == .user(Int32(londoners[$0])) })
    // Microsoft 365 groups never hold groups (Graph does not allow it).
    #expect(
      groups.filter(\.isUnified).allSatisfy { group in
        !group.members.others.contains { if case .group = $0 { true } else { false } }
      })
  }

  @Test("the nesting path Escalation Chain ∈ SRE On-Call ∈ Platform Team, and a cycle that ends")
  func nestingAndCycle() throws {
    let directory = Self.directory
    let platform = try Self.index("Platform Team")
    let onCall = try Self.index("SRE On-Call")
    let escalation = try Self.index("Escalation Chain")
    #expect(directory.members(ofGroup: platform).others.contains(.group(Int32(onCall))))
    #expect(directory.members(ofGroup: onCall).others.contains(.group(Int32(escalation))))
    // The chief executive is a direct member of Escalation Chain, so of all three transitively.
    let chief = DirectoryObjectRef.user(0)
    #expect(directory.memberOf(chief).contains(escalation))
    #expect(!directory.memberOf(chief).contains(platform))
    let transitive = directory.transitiveMemberOf(chief)
    #expect([escalation, onCall, platform].allSatisfy(transitive.contains))
    // Reliability Guild ⇄ Incident Review Board: each holds the other, lists end, neither holds itself.
    let guild = try Self.index("Reliability Guild")
    let board = try Self.index("Incident Review Board")
    #expect(directory.members(ofGroup: guild).others.contains(.group(Int32(board))))
    #expect(directory.members(ofGroup: board).others.contains(.group(Int32(guild))))
    let guildAll = directory.transitiveMembers(ofGroup: guild)
    #expect(guildAll.contains(.group(Int32(board))) && !guildAll.contains(.group(Int32(guild))))
    #expect(Set(guildAll).count == guildAll.count)
    let platformAll = directory.transitiveMembers(ofGroup: platform)
    #expect(platformAll.contains(.group(Int32(guild))) && platformAll.contains(chief))
    #expect(directory.transitiveMemberOf(.group(Int32(guild))).contains(guild))
  }

  @Test("the biggest group holds everyone in a small directory; members of other kinds exist")
  func biggestGroupAndOtherMembers() throws {
    let small = Directory.generated(seed: 1, size: 300)
    #expect(small.members(ofGroup: try Self.index("All Company", in: small)).count == 300)
    let agents = Self.directory.members(ofGroup: try Self.index("Build Agents"))
    #expect(agents.others.contains { if case .device = $0 { true } else { false } })
    #expect(agents.others.contains { if case .servicePrincipal = $0 { true } else { false } })
  }

  @Test("users leaving close up the ranges; group edits add and remove members")
  func edits() throws {
    let directory = Directory.generated(seed: 1, size: 300)
    let all = try Self.index("All Company", in: directory)
    let leaver = directory.users[10]
    let after = try directory.applying([.delete(id: leaver.id, permanent: true)])
    #expect(after.members(ofGroup: all).count == 299)
    #expect(after.transitiveMembers(ofGroup: all).allSatisfy { after.id(of: $0) != leaver.id })
    let design = try Self.index("Design Studio", in: after)
    let member = after.id(of: after.members(ofGroup: design)[3])
    let edited = try after.applying(groupEdits: [
      .removeMember(groupId: after.groups[design].id, memberId: member),
      .addMember(groupId: after.groups[design].id, memberId: after.users[0].id),
    ])
    let members = edited.members(ofGroup: design)
    #expect(!(0..<members.count).contains { edited.id(of: members[$0]) == member })
    #expect((0..<members.count).contains { edited.id(of: members[$0]) == after.users[0].id })
    #expect(throws: DirectoryEditError.self) {
      try edited.applying(groupEdits: [.addMember(groupId: edited.groups[0].id, memberId: edited.groups[1].id)])
    }
  }

  // MARK: - People files with groups

  static let peopleWithGroups = #"""
    {"users": [
      {"displayName": "Ann Lee", "userPrincipalName": "ann@contoso.example"},
      {"displayName": "Bo Chen", "userPrincipalName": "bo@contoso.example"},
      {"displayName": "Cy Ng", "userPrincipalName": "cy@contoso.example"}
    ],
    "groups": [
      {"displayName": "Ops", "mailNickname": "ops", "mail": "ops@contoso.example", "securityEnabled": true,
       "mailEnabled": true, "members": ["ANN@contoso.example", "oncall"], "owners": ["bo@contoso.example"]},
      {"displayName": "On-Call", "mailNickname": "oncall", "members": ["bo@contoso.example", "ops"]},
      {"displayName": "Everyone", "mailNickname": "everyone", "groupTypes": ["Unified"], "visibility": "Private",
       "resourceProvisioningOptions": ["Team"], "members": ["ann@contoso.example", "bo@contoso.example", "cy@contoso.example"]},
      {"displayName": "Cy's rule", "groupTypes": ["DynamicMembership"], "membershipRule": "(user.city -eq \"Oslo\")",
       "membershipRuleProcessingState": "Paused", "members": ["cy@contoso.example"]}
    ]}
    """#

  @Test("a people file with groups: references by UPN and mailNickname, cycles allowed, defaults derived")
  func peopleFileWithGroups() throws {
    let directory = try Directory.load(peopleJSON: Data(Self.peopleWithGroups.utf8))
    #expect(directory.users.count == 3 && directory.groups.count == 4)
    let ops = try #require(directory.groupIndex(idOrNickname: "ops"))
    let onCall = try #require(directory.groupIndex(idOrNickname: "ONCALL"))
    #expect(directory.members(ofGroup: ops).others == [.user(0), .group(Int32(onCall))])
    #expect(directory.members(ofGroup: onCall).others == [.user(1), .group(Int32(ops))])
    #expect(directory.groups[ops].owners == [.user(1)])
    #expect(Set(directory.transitiveMembers(ofGroup: ops)) == [.user(0), .user(1), .group(Int32(onCall))])
    let everyone = directory.groups[try #require(directory.groupIndex(idOrNickname: "everyone"))]
    #expect(everyone.isUnified && !everyone.securityEnabled && everyone.resourceProvisioningOptions == ["Team"])
    let rule = directory.groups[try #require(directory.groupIndex(idOrNickname: "cy-s-rule"))]
    #expect(rule.isDynamic && rule.membershipRuleProcessingState == "Paused")
    // Ids are stable across loads.
    #expect(
      try Directory.load(peopleJSON: Data(Self.peopleWithGroups.utf8)).groups.map(\.id) == directory.groups.map(\.id))
    // The array form still loads, without groups.
    let array = try Directory.load(peopleJSON: Data(#"[{"displayName":"Ann","userPrincipalName":"a@b.c"}]"#.utf8))
    #expect(array.users.count == 1 && array.groups.isEmpty)
  }

  @Test(
    "bad groups are refused with the group and the field named",
    arguments: [
      (
        #"{"displayName":"X","members":["nobody@x"]}"#,
        "group at index 0 (displayName \"X\"): field 'members' refers to \"nobody@x\""
      ),
      (#"{"displayName":"X","members":"a@b.c"}"#, "field 'members' must be an array of strings, found a string"),
      (#"{"displayName":"X","securityEnabled":"yes"}"#, "field 'securityEnabled' must be true or false"),
      (#"{"mailNickname":"x"}"#, "group at index 0: field 'displayName' is missing"),
      (
        #"{"displayName":"X","visibility":"Secret"}"#,
        "field 'visibility' must be \"Public\", \"Private\" or \"HiddenMembership\""
      ),
      (#"{"displayName":"X","groupTypes":["DynamicMembership"]}"#, "field 'membershipRule' is missing"),
      (
        #"{"displayName":"X","displayname":"Y"}"#,
        "field 'displayname' is not a group property (did you mean 'displayName'?)"
      ),
      (
        #"{"displayName":"X","mailNickname":"x","groupTypes":["Unified"],"members":["y"]},{"displayName":"Y","mailNickname":"y"}"#,
        "field 'members' puts a group into a Microsoft 365 group"
      ),
      (
        #"{"displayName":"X","mailNickname":"x"},{"displayName":"Y","mailNickname":"X"}"#,
        "group at index 1 (displayName \"Y\"): field 'mailNickname' duplicates the one of group at index 0"
      ),
      (#"{"displayName":"X","mailNickname":"x","members":["x"]}"#, "field 'members' names the group itself"),
    ])
  func badGroups(groups: String, expected: String) throws {
    let text = #"{"users":[{"displayName":"A","userPrincipalName":"a@b.c"}],"groups":["# + groups + "]}"
    do {
      _ = try Directory.load(peopleJSON: Data(text.utf8))
      Issue.record("accepted \(groups)")
    } catch {
      #expect(error.description.contains(expected), "\(error.description)")
    }
  }

  @Test("the object form needs users; unknown top-level members are named")
  func topLevelShape() {
    func message(_ text: String) -> String? {
      do {
        _ = try Directory.load(peopleJSON: Data(text.utf8))
        return nil
      } catch { return error.description }
    }
    #expect(message(#"{"groups": []}"#)?.contains("without \"users\"") == true)
    #expect(message(#"{"users": [{"userPrincipalName":"a@b.c"}], "teams": []}"#)?.contains("'teams'") == true)
    #expect(message(#"{"users": {}, "groups": []}"#)?.contains("\"users\" must be an array") == true)
    #expect(
      message(#"{"users": [{"userPrincipalName":"a@b.c"}], "groups": 3}"#)?.contains("\"groups\" must be an array")
        == true)
  }
}
