/// Builds the generated organisation's groups from a seed: a fixed set of named demo groups first
/// (the nesting "Escalation Chain ∈ SRE On-Call ∈ Platform Team", one membership cycle, a hidden
/// membership group, a dynamic group, teams, distribution lists, devices and service principals as
/// members, hostile names), then about one group per ten people of every kind.
///
/// Cheap and memory-light: members are user ranges (no per-member storage) plus a few references;
/// only dynamic groups look at people (one pass for the rules chosen). Same seed and people, same groups.
struct GroupGenerator {
  let seed: UInt64
  let users: [DirectoryUser]

  /// Groups per person (one per ten people), and never fewer than the demo groups.
  static func groupCount(forPeople people: Int) -> Int { max(DemoGroups.names.count, people / 10) }
  /// The biggest group ("All Company") holds this many people, or everyone in a smaller directory.
  static let largestGroup = 20_000
  /// Generated groups with membership rules beyond the demo one (each costs a pass's share).
  static let maximumDynamicGroups = 24

  func make() -> GroupSet {
    var state = GroupGenerationState(seed: seed, users: users)
    state.addDemoGroups()
    let total = Self.groupCount(forPeople: users.count)
    while state.groups.count < total { state.addGeneratedGroup() }
    state.resolveDynamicMembers()
    return GroupSet(groups: state.groups, devices: state.devices, servicePrincipals: state.servicePrincipals)
  }
}

/// Names and shapes of the demo groups, by position (so tests and other modules can rely on them).
public enum DemoGroups {
  public static let names = [
    "All Company", "Platform Team", "SRE On-Call", "Escalation Chain", "Reliability Guild", "Incident Review Board",
    "Engineering Announcements", "Platform Engineering", "Design Studio", "Leadership Confidential",
    "London Office", "Build Agents", "O'Brien & \"Friends\" Crew", "Büro München Ärzte-Team", "東京チーム 開発",
    "Alerts \u{1B}[31mRED\u{1B}[0m Channel",
  ]
}
