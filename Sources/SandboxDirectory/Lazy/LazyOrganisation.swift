import SearchRules

/// A generated organisation too large to hold in memory (above `LazyOrganisation.threshold`
/// people): person `i` is computed from the seed and `i` alone whenever asked, so a sandbox of a
/// million people stays a few megabytes.
///
/// The sequential `OrganisationGenerator` cannot do this (a mail name's number depends on everyone
/// before it, a manager is drawn from the people so far, a title depends on who reported to
/// whom), so it stays as it is for today's sizes, whose people tests name; this one shares its
/// name and organisation tables. What differs, so that every fact about person `i` is a function
/// of `i`:
///
/// - Mail names carry the index (`sean.obrien48213`), so they are unique without remembering the
///   others, and a UPN names its person (`index(ofUserPrincipalName:)`).
/// - The id's low 32 bits are the index scrambled by a mask drawn from its high 64 bits, so an id
///   names its person too (`index(ofId:)`), and ids are unique because the index is recoverable.
/// - The reporting lines are a six-way heap: member `i` (from 12) sits under slot
///   `1 + (i − 12) / 6`, slots 1…11 being the department heads under the chief executive. A slot
///   taken by a guest, a room or an unmanaged member hands its children up to the nearest member
///   above it. Departments are therefore equal in size (the weights of the small generator are
///   not kept), and both a manager and the direct reports are a few steps of arithmetic.
public struct LazyOrganisation: Sendable, Equatable {
  /// Up to this many people `Directory.generated` uses the sequential generator (today's people);
  /// above it, this one.
  public static let threshold = 200_000
  /// The most people the sandbox generates.
  public static let maximumSize = 1_000_000

  public let seed: UInt64
  public let size: Int

  public init(seed: UInt64, size: Int) {
    self.seed = seed
    self.size = max(1, size)
  }

  enum Kind: Equatable {
    case chiefExecutive
    case head(department: Int)
    case managedMember
    case unmanagedMember
    case guest
    case room
  }

  static let branching = 6
  static let headCount = OrganisationTables.departments.count
  /// The first index below the heads.
  static let firstMember = 1 + headCount

  // MARK: - Structure (cheap: no strings)

  func kind(_ index: Int) -> Kind {
    if index == 0 { return .chiefExecutive }
    if index < Self.firstMember { return .head(department: index - 1) }
    let roll = Int(Self.mix(seed ^ 0x6B1D_0000_0000_0001 &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15) % 100)
    let shares = OrganisationGenerator.Share.self
    if roll < shares.guests { return .guest }
    if roll < shares.guests + shares.rooms { return .room }
    if roll < shares.guests + shares.rooms + shares.membersWithoutManager { return .unmanagedMember }
    return .managedMember
  }

  /// In the management tree: the chief executive, the heads and managed members.
  func isInTree(_ index: Int) -> Bool {
    switch kind(index) {
    case .chiefExecutive, .head, .managedMember: true
    default: false
    }
  }

  private static func slotAbove(_ index: Int) -> Int { 1 + (index - firstMember) / branching }

  /// The manager's index, nil for the chief executive and anyone outside the tree.
  func managerIndex(of index: Int) -> Int? {
    switch kind(index) {
    case .chiefExecutive, .guest, .room, .unmanagedMember: return nil
    case .head: return 0
    case .managedMember:
      var slot = Self.slotAbove(index)
      while !isInTree(slot) { slot = Self.slotAbove(slot) }
      return slot
    }
  }

  /// The direct reports' indexes, ascending by slot (children of slots outside the tree included).
  func reportIndexes(of index: Int) -> [Int] {
    guard isInTree(index) else { return [] }
    if index == 0 { return Array(1..<min(Self.firstMember, size)) }
    var reports: [Int] = []
    var pending = [index]
    while let slot = pending.popLast() {
      let first = Self.firstMember + (slot - 1) * Self.branching
      guard first < size else { continue }
      for child in first..<min(first + Self.branching, size) {
        if isInTree(child) { reports.append(child) } else { pending.append(child) }
      }
    }
    return reports.sorted()
  }

  func hasReports(_ index: Int) -> Bool {
    guard isInTree(index) else { return false }
    if index == 0 { return size > 1 }
    var pending = [index]
    while let slot = pending.popLast() {
      let first = Self.firstMember + (slot - 1) * Self.branching
      guard first < size else { continue }
      for child in first..<min(first + Self.branching, size) {
        if isInTree(child) { return true }
        pending.append(child)
      }
    }
    return false
  }

  /// The department: the head's at the top of a member's chain; drawn for unmanaged members.
  func department(of index: Int) -> Int? {
    switch kind(index) {
    case .chiefExecutive, .guest, .room: return nil
    case .head(let department): return department
    case .unmanagedMember:
      var random = SeededRandom(seed: Self.mix(seed ^ 0xDE9A_0000_0000_0003 &+ UInt64(index)))
      return Self.departmentWeights.pick(&random)
    case .managedMember:
      var slot = index
      while slot >= Self.firstMember { slot = Self.slotAbove(slot) }
      return slot - 1
    }
  }

  /// About one in a hundred members without reports (never a head), from a roll of its own.
  func isHidden(_ index: Int) -> Bool {
    switch kind(index) {
    case .managedMember, .unmanagedMember:
      guard Self.mix(seed ^ 0x5EC2_E7AD_D2E5_5B00 &+ UInt64(index) &* 0xD6E8_FEB8_6659_FD93) % 100 == 0 else {
        return false
      }
      return !hasReports(index)
    default: return false
    }
  }

  // MARK: - Ids

  private func idHigh(_ index: Int) -> UInt64 {
    (Self.mix(seed ^ 0x1D5E_ED00_0000_0001 &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15) & 0xFFFF_FFFF_FFFF_0FFF)
      | 0x0000_0000_0000_4000
  }

  private func idMask(_ high: UInt64) -> UInt64 { Self.mix(high ^ seed ^ 0xC0FF_EE00_1234_5678) }

  private func idLow(_ index: Int, high: UInt64) -> UInt64 {
    let mask = idMask(high)
    return (mask & 0x3FFF_FFFF_0000_0000) | 0x8000_0000_0000_0000
      | UInt64(UInt32(truncatingIfNeeded: index) ^ UInt32(truncatingIfNeeded: mask))
  }

  public func id(of index: Int) -> String {
    let high = idHigh(index)
    return GUIDFormat.string(high: high, low: idLow(index, high: high))
  }

  /// The index an id names, nil when it names nobody of this organisation.
  public func index(ofId id: String) -> Int? {
    guard let (high, low) = GUIDFormat.parse(id) else { return nil }
    let candidate = Int(UInt32(truncatingIfNeeded: low) ^ UInt32(truncatingIfNeeded: idMask(high)))
    guard candidate < size, idHigh(candidate) == high, idLow(candidate, high: high) == low else { return nil }
    return candidate
  }

  /// The index a user principal name names (the digits its mail name ends with), nil for none.
  public func index(ofUserPrincipalName upn: String) -> Int? {
    let folded = upn.lowercased()
    guard let at = folded.utf8.firstIndex(of: UInt8(ascii: "@")) else { return nil }
    var local = folded.utf8[..<at]
    if let underscore = local.firstIndex(of: UInt8(ascii: "_")) { local = local[..<underscore] }
    var value = 0
    var scale = 1
    var digits = 0
    for byte in local.reversed() {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 8 else { break }
      value += Int(byte - UInt8(ascii: "0")) * scale
      scale *= 10
      digits += 1
    }
    guard digits > 0, value < size, user(at: value).userPrincipalName.lowercased() == folded else { return nil }
    return value
  }

  // MARK: - People

  static let officeWeights = WeightedPicker(OrganisationTables.offices.map(\.weight))
  static let departmentWeights = WeightedPicker(OrganisationTables.departments.map(\.weight))

  /// Person `index`, the same for the same seed and index in every process.
  public func user(at index: Int) -> DirectoryUser {
    var random = SeededRandom(seed: Self.mix(seed ^ 0x9E0F_1E00_0000_0007 &+ UInt64(index) &* 0xBF58_476D_1CE4_E5B9))
    let kind = kind(index)
    var user: DirectoryUser
    switch kind {
    case .guest: user = guest(index, &random)
    case .room: user = room(index, &random)
    default: user = member(index, kind: kind, &random)
    }
    user.id = id(of: index)
    return user
  }

  private func personName(_ culture: NameCulture, _ random: inout SeededRandom) -> (
    given: NameCulture.Name, surname: NameCulture.Name?
  ) {
    let female = random.chance(50)
    let given = random.pick(female ? culture.female : culture.male)
    if culture.mononymPercent > 0, random.chance(culture.mononymPercent) { return (given, nil) }
    let pair = random.pick(culture.surnames)
    return (given, female ? pair.feminine : pair.masculine)
  }

  private func mailName(_ given: NameCulture.Name, _ surname: NameCulture.Name?, _ index: Int) -> String {
    let base: String
    if let surname, !surname.mailPart.isEmpty {
      base = given.mailPart.isEmpty ? surname.mailPart : given.mailPart + "." + surname.mailPart
    } else {
      base = given.mailPart.isEmpty ? "user" : given.mailPart
    }
    return base + String(index)
  }

  private func member(_ index: Int, kind: Kind, _ random: inout SeededRandom) -> DirectoryUser {
    let office = OrganisationTables.offices[Self.officeWeights.pick(&random)]
    let culture =
      random.chance(75) ? NameTables.culture(random.pick(office.cultures)) : random.pick(NameTables.all)
    let (given, surname) = personName(culture, &random)
    let mailName = mailName(given, surname, index)
    let upn = mailName + "@" + Directory.defaultDomain
    let isExecutive = kind == .chiefExecutive
    let department = department(of: index)
    var jobTitle: String?
    switch kind {
    case .chiefExecutive: jobTitle = "Chief Executive Officer"
    case .head(let head): jobTitle = OrganisationTables.departments[head].headTitle
    default:
      if let department, random.chance(95) {
        let titles = OrganisationTables.departments[department]
        jobTitle = random.pick(hasReports(index) ? titles.managerTitles : titles.titles)
      }
    }
    var user = DirectoryUser(
      id: "", userPrincipalName: upn,
      displayName: culture.displayName(given: given.native, surname: surname?.native),
      givenName: given.native, surname: surname?.native,
      mail: isExecutive || random.chance(97) ? upn : nil, mailNickname: mailName, jobTitle: jobTitle,
      department: department.map { OrganisationTables.departments[$0].name }, companyName: "Contoso Ltd.",
      officeLocation: random.chance(94) ? "\(office.city) \(1 + random.below(12))/\(random.digits(3))" : nil,
      city: office.city, country: office.country, usageLocation: office.usageLocation,
      preferredLanguage: random.chance(90) ? office.preferredLanguage : nil,
      employeeId: random.chance(96) ? String(100_000 + index) : nil,
      businessPhones: isExecutive || random.chance(85) ? [office.phonePrefix + random.digits(office.localDigits)] : [],
      mobilePhone: random.chance(60) ? office.mobilePrefix + random.digits(4) : nil,
      userType: "Member", accountEnabled: isExecutive || random.chance(97),
      managerId: managerIndex(of: index).map(id(of:)), hasPhoto: isExecutive || random.chance(85))
    if isHidden(index) { user.showInAddressList = false }
    return user
  }

  private func guest(_ index: Int, _ random: inout SeededRandom) -> DirectoryUser {
    let culture = random.pick(NameTables.all)
    let (given, surname) = personName(culture, &random)
    let partner = random.pick(OrganisationTables.guestDomains)
    let mailName = mailName(given, surname, index)
    let mail = mailName + "@" + partner.domain
    let plainName = culture.displayName(given: given.native, surname: surname?.native)
    let displayName: String
    switch random.below(10) {
    case 0: displayName = mail
    case 1, 2: displayName = partner.company.map { "\(plainName) (\($0))" } ?? plainName
    default: displayName = plainName
    }
    return DirectoryUser(
      id: "", userPrincipalName: "\(mailName)_\(partner.domain)#EXT#@\(Directory.defaultDomain)",
      displayName: displayName, givenName: random.chance(80) ? given.native : nil,
      surname: random.chance(80) ? surname?.native : nil, mail: mail,
      mailNickname: "\(mailName)_\(partner.domain)#EXT#",
      jobTitle: random.chance(30) ? random.pick(random.pick(OrganisationTables.departments).titles) : nil,
      companyName: partner.company, userType: "Guest", accountEnabled: random.chance(95), managerId: nil,
      hasPhoto: random.chance(20))
  }

  private func room(_ index: Int, _ random: inout SeededRandom) -> DirectoryUser {
    let office = OrganisationTables.offices[Self.officeWeights.pick(&random)]
    let floor = 1 + random.below(12)
    let letter = random.pick(Array("ABCDEFGH"))
    let label = "\(random.pick(OrganisationTables.resourceNames)) \(floor)\(letter) \(office.city)"
    let mailName = TextFolding.asciiLetters(label) + String(index)
    let upn = mailName + "@" + Directory.defaultDomain
    return DirectoryUser(
      id: "", userPrincipalName: upn, displayName: label, mail: upn, mailNickname: mailName,
      officeLocation: "\(office.city) \(floor)\(letter)", city: office.city, country: office.country,
      usageLocation: office.usageLocation,
      businessPhones: random.chance(50) ? [office.phonePrefix + random.digits(office.localDigits)] : [],
      userType: "Member", accountEnabled: false, managerId: nil, hasPhoto: false)
  }

  /// SplitMix64's finaliser: a bijection of 64-bit values that scatters neighbouring inputs.
  static func mix(_ value: UInt64) -> UInt64 {
    var mixed = value &+ 0x9E37_79B9_7F4A_7C15
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
