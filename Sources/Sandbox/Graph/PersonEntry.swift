import SandboxDirectory

/// One `person` as Graph's People API renders it (resources/person; the property order of
/// user-list-people's example), from a directory user or an `OutsidePerson`.
struct PersonEntry: Sendable {
  var id: String
  var displayName: String
  var givenName: String?
  var surname: String?
  var jobTitle: String?
  var companyName: String?
  var department: String?
  var officeLocation: String?
  /// `""` for contacts and groups, as in Graph's examples.
  var userPrincipalName: String
  var imAddress: String?
  var address: String
  var relevanceScore: Double
  var phones: [(type: String, number: String)]
  var personClass: String
  var subclass: String

  /// Every property, in Graph's order; `$select` picks from these (`id` always comes back).
  static let properties = [
    "id", "displayName", "givenName", "surname", "birthday", "personNotes", "isFavorite", "jobTitle", "companyName",
    "yomiCompany", "department", "officeLocation", "profession", "userPrincipalName", "imAddress",
    "scoredEmailAddresses", "phones", "postalAddresses", "websites", "personType",
  ]

  /// The score falls with the rank, from Graph's example 30 down to 1.
  static func score(rank: Int) -> Double { Double(max(1, 30 - rank / 10)) }

  init(user: DirectoryUser, rank: Int) {
    id = user.id
    displayName = user.displayName ?? user.userPrincipalName
    givenName = user.givenName
    surname = user.surname
    jobTitle = user.jobTitle
    companyName = user.companyName
    department = user.department
    officeLocation = user.officeLocation
    userPrincipalName = user.userPrincipalName
    imAddress = "sip:" + user.userPrincipalName.lowercased()
    address = user.mail ?? user.userPrincipalName
    relevanceScore = Self.score(rank: rank)
    phones = user.businessPhones.map { ("business", $0) } + (user.mobilePhone.map { [("mobile", $0)] } ?? [])
    personClass = "Person"
    subclass = "OrganizationUser"
  }

  init(outside: OutsidePerson, rank: Int) {
    id = outside.id
    displayName = outside.displayName
    givenName = outside.givenName
    surname = outside.surname
    companyName = outside.companyName
    userPrincipalName = ""
    address = outside.address
    relevanceScore = Self.score(rank: rank)
    phones = []
    personClass = outside.kind == .unifiedGroup ? "Group" : "Person"
    subclass = outside.kind == .unifiedGroup ? "UnifiedGroup" : "PersonalContact"
  }

  func render(_ selected: [String]) -> JSONValue {
    .object(selected.map { ($0, value(of: $0)) })
  }

  private func value(of property: String) -> JSONValue {
    func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    switch property {
    case "id": return .string(id)
    case "displayName": return .string(displayName)
    case "givenName": return text(givenName)
    case "surname": return text(surname)
    case "isFavorite": return .bool(false)
    case "jobTitle": return text(jobTitle)
    case "companyName": return text(companyName)
    case "department": return text(department)
    case "officeLocation": return text(officeLocation)
    case "userPrincipalName": return .string(userPrincipalName)
    case "imAddress": return text(imAddress)
    case "scoredEmailAddresses":
      return .array([
        .object([
          ("address", .string(address)), ("relevanceScore", .number(relevanceScore)),
          ("selectionLikelihood", .string("notSpecified")),
        ])
      ])
    case "phones": return .array(phones.map { .object([("type", .string($0.type)), ("number", .string($0.number))]) })
    case "postalAddresses", "websites": return .array([])
    case "personType": return .object([("class", .string(personClass)), ("subclass", .string(subclass))])
    default: return .string("")  // birthday, personNotes, yomiCompany, profession: "" in Graph's examples
    }
  }
}
