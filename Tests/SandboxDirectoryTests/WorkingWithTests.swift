import SandboxDirectory
import Testing

/// `WorkingWith`: the order `GET /me/people` serves, asked without HTTP (as a benchmark asks it).
@Suite("People I work with: the ranking")
struct WorkingWithTests {
  static var directory: Directory { Directory.generated(seed: 1, size: 50) }

  /// Someone with a manager, peers and direct reports.
  static var middleManager: DirectoryUser {
    let directory = directory
    return directory.users.first { user in
      guard let manager = directory.manager(of: user) else { return false }
      return !directory.directReports(of: user).isEmpty && directory.directReports(of: manager).count > 1
    }!
  }

  @Test("ranking: manager, reports, peers, skip-level, then colleagues; the same every time, per user")
  func ranking() throws {
    let directory = Self.directory
    let user = Self.middleManager
    let ranked = WorkingWith.ranked(user, in: directory)
    #expect(ranked == WorkingWith.ranked(user, in: directory))
    #expect(ranked.first?.user.id == user.managerId)
    #expect(ranked.first?.tier == .manager)
    #expect(zip(ranked, ranked.dropFirst()).allSatisfy { $0.tier <= $1.tier })
    #expect(
      Set(ranked.filter { $0.tier == .directReport }.map(\.user.id)) == Set(directory.directReports(of: user).map(\.id))
    )
    #expect(!ranked.contains { $0.user.id == user.id })
    #expect(Set(ranked.map(\.user.id)).count == ranked.count)
    #expect(directory.peopleWorkingWith(user) == ranked.map(\.user))
    #expect(directory.peopleWorkingWith(user, limit: 3) == Array(ranked.prefix(3).map(\.user)))
    // Two peers share a manager and team but not an order.
    let peers = ranked.filter { $0.tier == .peer }.map(\.user)
    let peer = try #require(peers.first)
    #expect(directory.peopleWorkingWith(peer) != directory.peopleWorkingWith(user))
  }

  @Test("ranking: hidden people and guests never appear")
  func hiddenPeople() {
    let boss = DirectoryUser(id: "boss", userPrincipalName: "boss@x.test", department: "Sales")
    func member(_ id: String, hidden: Bool = false, guest: Bool = false) -> DirectoryUser {
      DirectoryUser(
        id: id, userPrincipalName: "\(id)@x.test", department: "Sales", userType: guest ? "Guest" : "Member",
        managerId: "boss", showInAddressList: hidden ? false : nil)
    }
    let directory = Directory(users: [
      boss, member("me"), member("peer"), member("secret", hidden: true), member("guest", guest: true),
      DirectoryUser(id: "other", userPrincipalName: "other@x.test", department: "Sales"),
    ])
    let me = directory.user(idOrUPN: "me")!
    let listed = directory.peopleWorkingWith(me).map(\.id)
    #expect(listed.first == "boss")
    #expect(Set(listed) == ["boss", "peer", "other"])
  }

  @Test("outside entries: three contacts and two groups, none a directory id, the same every time")
  func outside() {
    let directory = Self.directory
    let user = Self.middleManager
    let entries = OutsidePerson.entries(for: user, domain: "contoso.onmicrosoft.com")
    #expect(entries == OutsidePerson.entries(for: user, domain: "contoso.onmicrosoft.com"))
    #expect(entries.filter { $0.kind == .personalContact }.count == 3)
    #expect(entries.filter { $0.kind == .unifiedGroup }.count == 2)
    #expect(entries.allSatisfy { directory.user(idOrUPN: $0.id) == nil })
    #expect(entries != OutsidePerson.entries(for: directory.defaultUser, domain: "contoso.onmicrosoft.com"))
  }
}
