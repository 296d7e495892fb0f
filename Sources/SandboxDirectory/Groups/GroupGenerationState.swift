/// The mutable work of `GroupGenerator`: random streams, the groups so far, devices and service
/// principals, and the dynamic rules still to evaluate.
struct GroupGenerationState {
  private(set) var groups: [DirectoryGroup] = []
  private(set) var devices: [DirectoryDevice] = []
  private(set) var servicePrincipals: [DirectoryServicePrincipal] = []
  private var random: SeededRandom
  private var idRandom: SeededRandom
  private let users: [DirectoryUser]
  private let people: Int32
  private var usedNicknames: [String: Int] = [:]
  /// Dynamic groups to fill: group position, department (nil = any), city.
  private var dynamicRules: [(group: Int, department: String?, city: String)] = []
  private let domain = Directory.defaultDomain

  init(seed: UInt64, users: [DirectoryUser]) {
    random = SeededRandom(seed: seed ^ 0x6A09_E667_F3BC_C908)
    idRandom = SeededRandom(seed: seed ^ 0xBB67_AE85_84CA_A73B)
    self.users = users
    people = Int32(users.count)
  }

  private mutating func nextId() -> String { GUIDFormat.string(high: idRandom.next(), low: idRandom.next()) }

  /// `start..<start+length` clamped into the people there are.
  private func range(_ start: Int, _ length: Int) -> Range<Int32> {
    let low = Int32(min(max(0, start), Int(people)))
    let high = Int32(min(Int(people), start + length))
    return low..<max(low, high)
  }

  private mutating func randomRange(length: Int) -> Range<Int32> {
    let length = min(length, Int(people))
    return range(random.below(max(1, Int(people) - length + 1)), length)
  }

  private mutating func owner() -> DirectoryObjectRef { .user(Int32(random.below(Int(people)))) }

  private mutating func nickname(_ base: String) -> String {
    let text = GroupsFileEntry.nickname(base)
    let count = usedNicknames[text, default: 0] + 1
    usedNicknames[text] = count
    return count == 1 ? text : "\(text)\(count)"
  }

  private mutating func created() -> String {
    let day = random.below(28) + 1
    let month = random.below(12) + 1
    let year = 2019 + random.below(7)
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(day))T\(two(random.below(24))):\(two(random.below(60))):00Z"
  }

  enum Kind: CaseIterable {
    case unified, team, security, mailSecurity, distribution, dynamic, hidden
  }

  /// One group of `kind`; members and owners filled by the caller.
  private mutating func make(_ kind: Kind, name: String, description: String?, nickname given: String? = nil)
    -> DirectoryGroup
  {
    let nick = nickname(given ?? name)
    let mail = "\(nick)@\(domain)"
    var group = DirectoryGroup(id: nextId(), displayName: name, description: description, createdDateTime: created())
    switch kind {
    case .unified, .team, .hidden:
      group.groupTypes = ["Unified"]
      group.mailEnabled = true
      group.securityEnabled = false
      group.mail = mail
      group.mailNickname = nick
      group.visibility = kind == .hidden ? "HiddenMembership" : (random.chance(60) ? "Public" : "Private")
      if kind == .team { group.resourceProvisioningOptions = ["Team"] }
    case .security:
      group.securityEnabled = true
      group.mailEnabled = false
      group.mailNickname = nick
    case .mailSecurity:
      group.securityEnabled = true
      group.mailEnabled = true
      group.mail = mail
      group.mailNickname = nick
    case .distribution:
      group.securityEnabled = false
      group.mailEnabled = true
      group.mail = mail
      group.mailNickname = nick
    case .dynamic:
      group.groupTypes = ["DynamicMembership"]
      group.securityEnabled = true
      group.mailEnabled = false
      group.mailNickname = nick
      group.membershipRuleProcessingState = random.chance(90) ? "On" : "Paused"
    }
    return group
  }

  // MARK: - Demo groups

  mutating func addDemoGroups() {
    let names = DemoGroups.names
    let n = Int(people)
    func add(_ group: DirectoryGroup) { groups.append(group) }
    // 0: everyone up to 20,000.
    var all = make(.unified, name: names[0], description: "Everyone at Contoso. Company-wide news and events.")
    all.visibility = "Public"
    all.members = GroupMembers(userRange: range(0, GroupGenerator.largestGroup))
    all.owners = [.user(0)]
    add(all)
    // 1 ∋ 2 ∋ 3: the nesting path; 3 holds the chief executive so "Member of" has a path at once.
    var platform = make(.mailSecurity, name: names[1], description: "Everyone who builds and runs the platform.")
    platform.members = GroupMembers(userRange: range(n / 3, 12), others: [.group(2)])
    platform.owners = [owner()]
    add(platform)
    var onCall = make(.security, name: names[2], description: "Engineers on the pager rota.")
    onCall.members = GroupMembers(userRange: range(n / 3 + 12, 6), others: [.group(3), .group(4)])
    onCall.owners = [owner()]
    add(onCall)
    var escalation = make(
      .mailSecurity, name: names[3], description: "Who is called when the on-call engineer cannot fix it.")
    escalation.members = GroupMembers(userRange: range(n / 3 + 18, 4), others: n > 22 ? [.user(0)] : [])
    escalation.owners = [.user(0)]
    add(escalation)
    // 4 ⇄ 5: the membership cycle Graph permits.
    var guild = make(.security, name: names[4], description: "Reliability practices across teams.")
    guild.members = GroupMembers(userRange: range(n / 2, 5), others: [.group(5)])
    guild.owners = [owner()]
    add(guild)
    var board = make(.security, name: names[5], description: "Reviews every major incident; includes the guild.")
    board.members = GroupMembers(userRange: range(n / 2 + 5, 3), others: [.group(4)])
    board.owners = [owner()]
    add(board)
    // 6: a distribution list that contains a security group.
    var announce = make(.distribution, name: names[6], description: "Announcements for all of engineering.")
    announce.members = GroupMembers(userRange: range(n / 4, 40), others: [.group(1)])
    announce.owners = [.user(0)]
    add(announce)
    var platformTeam = make(.team, name: names[7], description: "The platform engineering team in Teams.")
    platformTeam.members = GroupMembers(userRange: range(n / 3, 18))
    platformTeam.owners = [owner(), owner()]
    add(platformTeam)
    var design = make(.team, name: names[8], description: "Designers, researchers and writers.")
    design.visibility = "Public"
    design.members = GroupMembers(userRange: range(n / 5, 25))
    design.owners = [owner()]
    add(design)
    // 9: hidden membership: the chief executive and the department heads.
    var leadership = make(.hidden, name: names[9], description: "Leadership team. Membership is hidden.")
    leadership.members = GroupMembers(userRange: range(0, OrganisationTables.departments.count + 1))
    leadership.owners = [.user(0)]
    add(leadership)
    // 10: dynamic, filled from the people's city.
    var london = make(.dynamic, name: names[10], description: "Everyone whose office is in London.")
    london.membershipRule = "(user.city -eq \"London\")"
    london.membershipRuleProcessingState = "On"
    london.owners = [.user(0)]
    dynamicRules.append((groups.count, nil, "London"))
    add(london)
    // 11: devices and service principals as members.
    for index in 0..<4 {
      devices.append(
        DirectoryDevice(
          id: nextId(), displayName: "BUILD-AGENT-\(index + 1)", operatingSystem: index % 2 == 0 ? "Linux" : "Windows"))
    }
    for name in ["Deployment Pipeline", "Backup Service"] {
      servicePrincipals.append(DirectoryServicePrincipal(id: nextId(), displayName: name, appId: nextId()))
    }
    var agents = make(.security, name: names[11], description: "Build machines and the services that drive them.")
    agents.members = GroupMembers(
      userRange: range(n / 3 + 2, 2),
      others: (0..<4).map { .device(Int32($0)) } + [.servicePrincipal(0), .servicePrincipal(1)])
    agents.owners = [owner(), .servicePrincipal(0)]
    add(agents)
    // 12…15: hostile names (quotes, &, umlauts, CJK, an escape sequence).
    // Mail nicknames are ASCII in Exchange; these are what an administrator would have typed.
    let hostile: [(Kind, String, String)] = [
      (.distribution, "Quotes and ampersands: a test of escaping.", "obrien-friends"),
      (.team, "Ärzte und Büro in München.", "buero-muenchen-aerzte"),
      (.unified, "東京の開発チーム", "tokyo-dev"), (.security, "A name with a terminal escape sequence.", "alerts-red"),
    ]
    for (offset, (kind, description, nickname)) in hostile.enumerated() {
      var group = make(kind, name: names[12 + offset], description: description, nickname: nickname)
      group.members = randomRangeMembers(length: 3 + random.below(10))
      group.owners = [owner()]
      add(group)
    }
  }

  private mutating func randomRangeMembers(length: Int) -> GroupMembers {
    GroupMembers(userRange: randomRange(length: length))
  }

  // MARK: - Generated groups

  private static let topics = [
    "Leads", "Planning", "Book Club", "Hiring Panel", "Champions", "Operations", "Working Group", "Offsite",
    "Mentors", "Newsletter", "Security Review", "Budget", "Onboarding", "Social Club", "Volunteers", "Architecture",
    "Quality", "Tooling", "Data", "Customers",
  ]

  mutating func addGeneratedGroup() {
    let departments = OrganisationTables.departments
    let offices = OrganisationTables.offices
    let department = random.pick(departments).name
    let topic = random.pick(Self.topics)
    let roll = random.below(100)
    let kind: Kind
    switch roll {
    case 0..<25: kind = .unified
    case 25..<37: kind = .team
    case 37..<60: kind = .security
    case 60..<70: kind = .mailSecurity
    case 70..<95: kind = .distribution
    case 95..<97: kind = dynamicRules.count <= GroupGenerator.maximumDynamicGroups ? .dynamic : .security
    default: kind = .hidden
    }
    var name = "\(department) \(topic)"
    if random.chance(40) { name += " – \(random.pick(offices).city)" }
    var group = make(kind, name: name, description: "\(topic) for \(department).")
    if kind == .dynamic {
      let city = random.pick(offices).city
      group.membershipRule = "(user.department -eq \"\(department)\") -and (user.city -eq \"\(city)\")"
      group.description = "Everyone in \(department) in \(city)."
      dynamicRules.append((groups.count, department, city))
    } else {
      let size = random.below(100)
      let length =
        size < 80 ? 2 + random.below(30) : size < 97 ? 30 + random.below(300) : 300 + random.below(2000)
      group.members = GroupMembers(userRange: randomRange(length: length))
      // Nesting: some security groups and lists hold one or two earlier groups that may hold groups.
      if kind == .security || kind == .mailSecurity || kind == .distribution, random.chance(20) {
        for _ in 0..<(1 + random.below(2)) {
          let candidate = DemoGroups.names.count + random.below(max(1, groups.count - DemoGroups.names.count))
          guard candidate < groups.count, !groups[candidate].isUnified, !groups[candidate].isDynamic else { continue }
          if !group.members.others.contains(.group(Int32(candidate))) {
            group.members.others.append(.group(Int32(candidate)))
          }
        }
      }
      if kind == .security, random.chance(5), !devices.isEmpty {
        group.members.others.append(.device(Int32(random.below(devices.count))))
      }
    }
    group.owners = random.chance(10) ? [] : [owner()] + (random.chance(30) ? [owner()] : [])
    groups.append(group)
  }

  /// Fills every dynamic group from its rule in one pass over the people.
  mutating func resolveDynamicMembers() {
    guard !dynamicRules.isEmpty else { return }
    var found = [[DirectoryObjectRef]](repeating: [], count: dynamicRules.count)
    var slotsByCity: [String: [Int]] = [:]
    for (slot, rule) in dynamicRules.enumerated() { slotsByCity[rule.city, default: []].append(slot) }
    for (index, user) in users.enumerated() {
      guard let city = user.city, let slots = slotsByCity[city] else { continue }
      for slot in slots {
        if let department = dynamicRules[slot].department, user.department != department { continue }
        found[slot].append(.user(Int32(index)))
      }
    }
    for (slot, rule) in dynamicRules.enumerated() { groups[rule.group].members = GroupMembers(others: found[slot]) }
  }
}
