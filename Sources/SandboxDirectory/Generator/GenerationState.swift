/// The mutable work of `OrganisationGenerator`: the random streams, the people so far, and who
/// in each department may manage newcomers.
struct GenerationState {
  enum Role {
    case chiefExecutive
    case head(department: Int)
    /// `managed` is false for the few members outside the tree.
    case staff(managed: Bool)
  }

  var random: SeededRandom
  private var idRandom: SeededRandom
  private(set) var users: [DirectoryUser] = []
  /// Department of each user (nil for guests, rooms and the chief executive).
  private var departmentOf: [Int?] = []
  /// Whether each user has direct reports (for job titles).
  private var hasReports: [Bool] = []
  /// Members of each department that are in the management tree, in arrival order.
  private var treeMembers: [[Int]]
  private var usedMailNames: [String: Int] = [:]
  private let officeWeights: WeightedPicker
  private let departmentWeights: WeightedPicker

  init(seed: UInt64, capacity: Int) {
    random = SeededRandom(seed: seed)
    idRandom = SeededRandom(seed: seed ^ 0xA5A5_5A5A_C3C3_3C3C)
    users.reserveCapacity(capacity)
    departmentOf.reserveCapacity(capacity)
    hasReports.reserveCapacity(capacity)
    treeMembers = Array(repeating: [], count: OrganisationTables.departments.count)
    officeWeights = WeightedPicker(OrganisationTables.offices.map(\.weight))
    departmentWeights = WeightedPicker(OrganisationTables.departments.map(\.weight))
  }

  private mutating func nextId() -> String { GUIDFormat.string(high: idRandom.next(), low: idRandom.next()) }

  /// A person's names in a culture: native given name, surname and Latin spellings.
  private mutating func personName(culture: NameCulture) -> (given: NameCulture.Name, surname: NameCulture.Name?) {
    let female = random.chance(50)
    let given = random.pick(female ? culture.female : culture.male)
    if culture.mononymPercent > 0, random.chance(culture.mononymPercent) { return (given, nil) }
    let pair = random.pick(culture.surnames)
    return (given, female ? pair.feminine : pair.masculine)
  }

  /// A unique mail name such as `sean.obrien` or `sean.obrien2`.
  private mutating func uniqueMailName(_ given: NameCulture.Name, _ surname: NameCulture.Name?) -> String {
    let parts = [given.mailPart, surname?.mailPart].compactMap { $0 }.filter { !$0.isEmpty }
    let base = parts.isEmpty ? "user" : parts.joined(separator: ".")
    let count = usedMailNames[base, default: 0] + 1
    usedMailNames[base] = count
    return count == 1 ? base : "\(base)\(count)"
  }

  mutating func addMember(role: Role) {
    let index = users.count
    let office = OrganisationTables.offices[officeWeights.pick(&random)]
    let culture =
      random.chance(75) ? NameTables.culture(random.pick(office.cultures)) : random.pick(NameTables.all)
    let (given, surname) = personName(culture: culture)
    let mailName = uniqueMailName(given, surname)
    let upn = "\(mailName)@\(Directory.defaultDomain)"
    var department: Int?
    var managerId: String?
    switch role {
    case .chiefExecutive:
      department = nil
    case .head(let head):
      department = head
      managerId = users[0].id
      hasReports[0] = true
      treeMembers[head].append(index)
    case .staff(let managed):
      let chosen = departmentWeights.pick(&random)
      department = chosen
      if managed {
        let pool = treeMembers[chosen]
        // Earlier members manage later ones: about one in six members has reports.
        let managerIndex = pool.isEmpty ? 0 : pool[random.below((pool.count + 5) / 6)]
        managerId = users[managerIndex].id
        hasReports[managerIndex] = true
        treeMembers[chosen].append(index)
      }
    }
    let isExecutive = if case .chiefExecutive = role { true } else { false }
    let user = DirectoryUser(
      id: nextId(), userPrincipalName: upn,
      displayName: culture.displayName(given: given.native, surname: surname?.native),
      givenName: given.native, surname: surname?.native,
      mail: isExecutive || random.chance(97) ? upn : nil, mailNickname: mailName,
      department: department.map { OrganisationTables.departments[$0].name }, companyName: "Contoso Ltd.",
      officeLocation: random.chance(94) ? "\(office.city) \(1 + random.below(12))/\(random.digits(3))" : nil,
      city: office.city, country: office.country, usageLocation: office.usageLocation,
      preferredLanguage: random.chance(90) ? office.preferredLanguage : nil,
      employeeId: random.chance(96) ? String(100_000 + index) : nil,
      businessPhones: isExecutive || random.chance(85) ? [office.phonePrefix + random.digits(office.localDigits)] : [],
      mobilePhone: random.chance(60) ? office.mobilePrefix + random.digits(4) : nil,
      userType: "Member", accountEnabled: isExecutive || random.chance(97), managerId: managerId,
      hasPhoto: isExecutive || random.chance(85))
    users.append(user)
    departmentOf.append(department)
    hasReports.append(false)
  }

  mutating func addGuest() {
    let culture = random.pick(NameTables.all)
    let (given, surname) = personName(culture: culture)
    let partner = random.pick(OrganisationTables.guestDomains)
    let mailName = uniqueMailName(given, surname)
    let mail = "\(mailName)@\(partner.domain)"
    let plainName = culture.displayName(given: given.native, surname: surname?.native)
    let displayName: String
    switch random.below(10) {
    case 0: displayName = mail
    case 1, 2: displayName = partner.company.map { "\(plainName) (\($0))" } ?? plainName
    default: displayName = plainName
    }
    users.append(
      DirectoryUser(
        id: nextId(), userPrincipalName: "\(mailName)_\(partner.domain)#EXT#@\(Directory.defaultDomain)",
        displayName: displayName, givenName: random.chance(80) ? given.native : nil,
        surname: random.chance(80) ? surname?.native : nil, mail: mail,
        mailNickname: "\(mailName)_\(partner.domain)#EXT#",
        jobTitle: random.chance(30) ? random.pick(random.pick(OrganisationTables.departments).titles) : nil,
        companyName: partner.company, userType: "Guest", accountEnabled: random.chance(95), managerId: nil,
        hasPhoto: random.chance(20)))
    departmentOf.append(nil)
    hasReports.append(false)
  }

  mutating func addRoom() {
    let office = OrganisationTables.offices[officeWeights.pick(&random)]
    let floor = 1 + random.below(12)
    let letter = random.pick(Array("ABCDEFGH"))
    let label = "\(random.pick(OrganisationTables.resourceNames)) \(floor)\(letter) \(office.city)"
    let mailName = uniqueMailName(NameCulture.Name(native: label, latin: label), nil)
    let upn = "\(mailName)@\(Directory.defaultDomain)"
    users.append(
      DirectoryUser(
        id: nextId(), userPrincipalName: upn, displayName: label, mail: upn, mailNickname: mailName,
        officeLocation: "\(office.city) \(floor)\(letter)", city: office.city, country: office.country,
        usageLocation: office.usageLocation,
        businessPhones: random.chance(50) ? [office.phonePrefix + random.digits(office.localDigits)] : [],
        userType: "Member", accountEnabled: false, managerId: nil, hasPhoto: false))
    departmentOf.append(nil)
    hasReports.append(false)
  }

  /// Hides about one in a hundred staff members without reports from the address list, from a
  /// stream of its own so every other property stays as the seed always gave it. Never a
  /// manager, a department head or the chief executive: the org chart keeps its shape.
  mutating func hideSomeFromAddressList(seed: UInt64) {
    var hideRandom = SeededRandom(seed: seed ^ 0x5EC2_E7AD_D2E5_5B00)
    for index in users.indices where departmentOf[index] != nil && !hasReports[index] {
      let department = departmentOf[index] ?? 0
      if treeMembers[department].first == index { continue }
      if hideRandom.chance(1) { users[index].showInAddressList = false }
    }
  }

  /// Titles depend on whether someone ended up with reports, so they are given last.
  mutating func assignJobTitles() {
    var titleRandom = SeededRandom(seed: random.next())
    for index in users.indices {
      guard let departmentIndex = departmentOf[index] else {
        if index == 0 { users[index].jobTitle = "Chief Executive Officer" }
        continue
      }
      if treeMembers[departmentIndex].first == index {
        users[index].jobTitle = OrganisationTables.departments[departmentIndex].headTitle
      } else if titleRandom.chance(95) {
        let department = OrganisationTables.departments[departmentIndex]
        users[index].jobTitle = titleRandom.pick(hasReports[index] ? department.managerTitles : department.titles)
      }
    }
  }
}

/// Picks an index with probability proportional to its weight.
struct WeightedPicker {
  private let cumulative: [Int]

  init(_ weights: [Int]) {
    var total = 0
    cumulative = weights.map {
      total += $0
      return total
    }
  }

  func pick(_ random: inout SeededRandom) -> Int {
    let target = random.below(cumulative.last ?? 1)
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] > target { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
