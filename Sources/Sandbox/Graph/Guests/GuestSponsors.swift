import Foundation
import SandboxDirectory

/// Who sponsors a generated guest, derived from the guest's id and the seed like every account
/// fact: a third have one person, a sixth two, a sixth a person and a group (Graph lists users and
/// groups, learn.microsoft.com/graph/api/user-list-sponsors), a sixth one who has left (a disabled
/// account, still listed until it is deleted) and a sixth none. Members have none.
enum GuestSponsors {
  enum Sponsor: Equatable {
    case user(Int)
    case group(Int)
  }

  static func sponsors(of facts: AccountFacts, in directory: Directory) -> [Sponsor] {
    guard facts.isGuest, directory.users.count > 1 else { return [] }
    let start = Int(facts.roll("sponsor1") % UInt64(directory.users.count))
    let other = Int(facts.roll("sponsor2") % UInt64(directory.users.count))
    switch facts.roll("sponsors") % 6 {
    case 0, 1: return member(from: start, enabled: true, in: directory).map { [.user($0)] } ?? []
    case 2:
      let first = member(from: start, enabled: true, in: directory)
      let second = member(from: other, enabled: true, in: directory).flatMap { $0 == first ? nil : $0 }
      return [first, second].compactMap { $0 }.map(Sponsor.user)
    case 3:
      let groups = directory.groups
      let group = groups.isEmpty ? nil : Int(facts.roll("sponsorGroup") % UInt64(groups.count))
      return (member(from: start, enabled: true, in: directory).map { [.user($0)] } ?? [])
        + (group.map { [.group($0)] } ?? [])
    case 4: return member(from: start, enabled: false, in: directory).map { [.user($0)] } ?? []
    default: return []
    }
  }

  /// The first member at or after `start` (wrapping) whose account is enabled or not, looking at
  /// most 500 people: a sponsor is a colleague, never another guest.
  static func member(from start: Int, enabled: Bool, in directory: Directory) -> Int? {
    let users = directory.users
    for step in 0..<min(users.count, 500) {
      let index = (start + step) % users.count
      let user = users[index]
      if user.userType?.lowercased() != "guest", user.accountEnabled == enabled { return index }
    }
    return nil
  }
}
