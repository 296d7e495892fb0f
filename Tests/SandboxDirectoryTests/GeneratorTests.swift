import Foundation
import Testing

@testable import SandboxDirectory

@Suite struct GeneratorTests {
  static let directory = Directory.generated(seed: 1, size: 2000)

  @Test func sameSeedGivesSameOrganisation() {
    let first = OrganisationGenerator(seed: 7, size: 500).makeUsers()
    let second = OrganisationGenerator(seed: 7, size: 500).makeUsers()
    #expect(first == second)
  }

  @Test func differentSeedGivesDifferentOrganisation() {
    let first = OrganisationGenerator(seed: 7, size: 500).makeUsers()
    let second = OrganisationGenerator(seed: 8, size: 500).makeUsers()
    #expect(first.map(\.id) != second.map(\.id))
    #expect(first.map(\.displayName) != second.map(\.displayName))
  }

  @Test func sizeIsHonouredAndTinyOrganisationsWork() {
    #expect(Directory.generated(seed: 3, size: 1).users.count == 1)
    #expect(Directory.generated(seed: 3, size: 5).users.count == 5)
    #expect(Directory.generated(seed: 3, size: 0).users.count == 1)
    #expect(Self.directory.users.count == 2000)
  }

  /// Issue 19 item 3: about one in a hundred staff members is hidden from the address list,
  /// the same ones for a seed, never someone with reports; everyone else is unset (null), as in
  /// most real tenants.
  @Test func someStaffAreHiddenFromTheAddressList() {
    let users = Self.directory.users
    let hidden = users.filter { $0.showInAddressList == false }
    #expect((5...40).contains(hidden.count), "\(hidden.count) hidden")
    #expect(users.allSatisfy { $0.showInAddressList != true })
    let managers = Set(users.compactMap(\.managerId))
    #expect(hidden.allSatisfy { !managers.contains($0.id) && $0.userType == "Member" && $0.managerId != nil })
    let again = Directory.generated(seed: 1, size: 2000).users.filter { $0.showInAddressList == false }
    #expect(again.map(\.id) == hidden.map(\.id))
    let rendered = Self.directory.render(
      hidden[0], properties: ["id", "showInAddressList"], basicProfileOnly: false)
    #expect(rendered["showInAddressList"] == .bool(false))
  }

  @Test func seedOneIsPinned() {
    // Other targets' tests rely on these names; change them only on purpose.
    let ceo = Self.directory.defaultUser
    #expect(ceo.userPrincipalName == "aoife.oconnor@contoso.onmicrosoft.com")
    #expect(ceo.displayName == "Aoife O'Connor")
    #expect(ceo.jobTitle == "Chief Executive Officer")
    #expect(ceo.id == "bc8d4222-04a0-42f7-b07b-7fd79a6da005")
    #expect(Self.directory.users.first == ceo)
    let examples = [
      "lorenzo.dellorto@contoso.onmicrosoft.com": "Lorenzo Dell'Orto",
      "wei.yang@contoso.onmicrosoft.com": "杨伟",
      "fang.li@contoso.onmicrosoft.com": "李芳",
      "huda.almansouri@contoso.onmicrosoft.com": "هدى المنصوري",
      "aleksey.kovalenko@contoso.onmicrosoft.com": "Алексей Коваленко",
      "dimitra.georgiou@contoso.onmicrosoft.com": "Δήμητρα Γεωργίου",
      "jiwoo.park@contoso.onmicrosoft.com": "박지우",
      "anouk.vanderberg@contoso.onmicrosoft.com": "Anouk van der Berg",
    ]
    for (upn, name) in examples { #expect(Self.directory.user(idOrUPN: upn)?.displayName == name, "\(upn)") }
  }

  @Test func idsAreUniqueGUIDs() {
    let pattern = #/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/#
    let users = Self.directory.users
    #expect(users.allSatisfy { $0.id.wholeMatch(of: pattern) != nil })
    #expect(Set(users.map(\.id)).count == users.count)
    #expect(Set(users.map { $0.userPrincipalName.lowercased() }).count == users.count)
  }

  @Test func managersFormOneTreeUnderTheChiefExecutive() {
    let directory = Self.directory
    let ceo = directory.defaultUser
    #expect(ceo.managerId == nil)
    #expect(!directory.directReports(of: ceo).isEmpty)
    var reachesTop = 0
    for user in directory.users where user.managerId != nil {
      var current = user
      var steps = 0
      while let manager = directory.manager(of: current) {
        current = manager
        steps += 1
        if steps > 100 { break }
      }
      #expect(current.id == ceo.id, "\(user.userPrincipalName) does not reach the chief executive")
      reachesTop += 1
    }
    #expect(reachesTop > 1800)
    // Nobody outside the tree has reports, so there is exactly one tree.
    let roots = directory.users.filter { $0.managerId == nil && !directory.directReports(of: $0).isEmpty }
    #expect(roots.map(\.id) == [ceo.id])
    let depth =
      directory.users.map { user -> Int in
        var steps = 0
        var current = user
        while let manager = directory.manager(of: current) {
          current = manager
          steps += 1
        }
        return steps
      }.max() ?? 0
    #expect(depth >= 3)
  }

  @Test func reportsAndManagerAgree() {
    let directory = Self.directory
    for user in directory.users.prefix(200) {
      for report in directory.directReports(of: user) { #expect(report.managerId == user.id) }
    }
  }

  @Test func varietyIsPresent() {
    let users = Self.directory.users
    let names = users.compactMap(\.displayName)
    func anyName(inScalars range: ClosedRange<UInt32>) -> Bool {
      names.contains { $0.unicodeScalars.contains { range.contains($0.value) } }
    }
    #expect(anyName(inScalars: 0x4E00...0x9FFF), "Han")
    #expect(anyName(inScalars: 0x0600...0x06FF), "Arabic")
    #expect(anyName(inScalars: 0x0400...0x04FF), "Cyrillic")
    #expect(anyName(inScalars: 0x0370...0x03FF), "Greek")
    #expect(anyName(inScalars: 0xAC00...0xD7AF), "Hangul")
    #expect(anyName(inScalars: 0x00C0...0x017F), "Latin accents")
    #expect(names.contains { $0.contains("'") }, "apostrophe")
    #expect(names.contains { $0.contains("-") }, "hyphen")
    #expect(names.contains { $0.contains(" van ") || $0.contains(" de ") || $0.contains(" da ") }, "particle")
    #expect(users.contains { $0.userType == "Guest" && $0.userPrincipalName.contains("#EXT#") })
    #expect(users.allSatisfy { ($0.userType == "Guest") == $0.userPrincipalName.contains("#EXT#") })
    #expect(users.contains { !$0.accountEnabled })
    #expect(users.contains { $0.mail == nil })
    #expect(users.contains { $0.businessPhones.isEmpty })
    #expect(users.contains { $0.mobilePhone == nil } && users.contains { $0.mobilePhone != nil })
    #expect(users.contains { !$0.hasPhoto })
    #expect(users.filter(\.hasPhoto).count > users.count / 2)
    #expect(users.contains { $0.userType == "Member" && $0.managerId == nil && $0.id != users[0].id })
    #expect(users.contains { $0.givenName != nil && $0.surname == nil })
    #expect(Set(users.compactMap(\.department)).count >= 8)
    #expect(Set(users.compactMap(\.jobTitle)).count >= 30)
    #expect(Set(users.compactMap(\.city)).count >= 15)
    #expect(users.contains { $0.userType == "Guest" && ($0.displayName ?? "").contains("@") })
  }

  @Test func largeOrganisationsGenerate() {
    let users = OrganisationGenerator(seed: 2, size: 20_000).makeUsers()
    #expect(users.count == 20_000)
    #expect(Set(users.map(\.id)).count == 20_000)
  }

  @Test func repeatedRequestsShareOneDirectory() {
    #expect(Directory.generated(seed: 11, size: 300) === Directory.generated(seed: 11, size: 300))
    #expect(Directory.generated(seed: 11, size: 300) !== Directory.generated(seed: 12, size: 300))
  }

  @Test func principalNamesUseTheDefaultDomain() {
    #expect(Directory.defaultDomain == "contoso.onmicrosoft.com")
    #expect(Self.directory.users.allSatisfy { $0.userPrincipalName.hasSuffix("@" + Directory.defaultDomain) })
  }
}
