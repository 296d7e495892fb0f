/// Who Graph's People API (`GET /me/people`) lists for one signed-in user, most relevant first.
///
/// Graph ranks by "communication and collaboration patterns and business relationships", and
/// counts as relevant the people "connected in the org chart: manager, direct report, peers
/// (share the same manager)" (people-insights-overview). The sandbox has no mail to learn from,
/// so it ranks by tiers: the manager, the direct reports, the peers, the manager's manager, then
/// colleagues in the same department and office, the same department, the same office. Inside a
/// tier the order is a stable hash of (signed-in id, person id): the same user gets the same
/// list every time, and two people in one team get different lists. Never listed: the user
/// themself, people hidden from the address list (`showInAddressList: false`, as everywhere a
/// user could browse) and guests ("People external to the organization don't show").
public enum WorkingWith {
  /// Why a person is on the list, in rank order.
  public enum Tier: Int, Sendable, Comparable {
    case manager, directReport, peer, skipLevel, departmentAndOffice, department, office

    public static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Someone on the list and why.
  public struct Colleague: Sendable, Equatable {
    public var user: DirectoryUser
    public var tier: Tier
  }

  /// How many directory people one user's list holds at most ("a few hundred"; Graph's own
  /// length is not documented).
  public static let defaultLimit = 500
  /// A computed directory (a million people) is searched for colleagues in a window of this many
  /// people starting at a place the user's id picks, so one request never makes a million people.
  static let computedWindow = 10_000

  /// `user`'s colleagues in rank order, at most `limit`.
  public static func ranked(_ user: DirectoryUser, in directory: Directory, limit: Int = defaultLimit) -> [Colleague] {
    var result: [Colleague] = []
    guard limit > 0 else { return result }
    var seen: Set<String> = [user.id]
    func add(_ people: [DirectoryUser], _ tier: Tier) {
      let ordered = people.map { (key(user.id, $0.id), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
      for person in ordered where result.count < limit && isListed(person) && seen.insert(person.id).inserted {
        result.append(Colleague(user: person, tier: tier))
      }
    }
    let manager = directory.manager(of: user)
    add(manager.map { [$0] } ?? [], .manager)
    add(directory.directReports(of: user), .directReport)
    if let manager {
      add(directory.directReports(of: manager), .peer)
      add(directory.manager(of: manager).map { [$0] } ?? [], .skipLevel)
    }
    guard result.count < limit else { return result }
    for (tier, index) in colleagues(of: user, in: directory) where result.count < limit {
      let person = directory.users[index]
      if seen.insert(person.id).inserted { result.append(Colleague(user: person, tier: tier)) }
    }
    return result
  }

  /// Everyone listed who shares a department or office with `user`, by tier then hash.
  private static func colleagues(of user: DirectoryUser, in directory: Directory) -> [(Tier, Int)] {
    let users = directory.users
    guard !users.isEmpty, user.department != nil || user.officeLocation != nil else { return [] }
    let computed = directory.isLazilyGenerated && users.count > computedWindow
    let span = computed ? computedWindow : users.count
    let start = computed ? Int(key(user.id, "") % UInt64(users.count)) : 0
    var found: [(tier: Tier, key: UInt64, index: Int)] = []
    for step in 0..<span {
      let index = (start + step) % users.count
      let person = users[index]
      guard person.id != user.id, isListed(person), let tier = tier(of: person, beside: user) else { continue }
      found.append((tier, key(user.id, person.id), index))
    }
    found.sort { $0.tier != $1.tier ? $0.tier < $1.tier : $0.key < $1.key }
    return found.map { ($0.tier, $0.index) }
  }

  private static func tier(of person: DirectoryUser, beside user: DirectoryUser) -> Tier? {
    let sameDepartment = user.department != nil && person.department == user.department
    let sameOffice = user.officeLocation != nil && person.officeLocation == user.officeLocation
    switch (sameDepartment, sameOffice) {
    case (true, true): return .departmentAndOffice
    case (true, false): return .department
    case (false, true): return .office
    case (false, false): return nil
    }
  }

  /// In the address list and a member of the organisation.
  static func isListed(_ person: DirectoryUser) -> Bool {
    person.showInAddressList != false && person.userType != "Guest"
  }

  /// FNV-1a over both ids, mixed through SplitMix64 so near ids land far apart.
  static func key(_ signedIn: String, _ other: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in signedIn.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    hash = (hash ^ 0x7C) &* 0x0000_0100_0000_01B3
    for byte in other.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    var random = SeededRandom(seed: hash)
    return random.next()
  }
}

extension Directory {
  /// The directory people `user` works with, in `GET /me/people` order (`WorkingWith`): what the
  /// sandbox's People API serves with `personType/subclass eq 'OrganizationUser'`, without HTTP.
  public func peopleWorkingWith(_ user: DirectoryUser, limit: Int = WorkingWith.defaultLimit) -> [DirectoryUser] {
    WorkingWith.ranked(user, in: self, limit: limit).map(\.user)
  }
}
