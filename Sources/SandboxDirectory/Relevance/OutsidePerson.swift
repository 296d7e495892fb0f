/// An entry of `GET /me/people` that is not a directory user: one of the signed-in user's
/// personal contacts (`personType {class: "Person", subclass: "PersonalContact"}`) or a Microsoft
/// 365 group they mail (`{class: "Group", subclass: "UnifiedGroup"}`). Graph mixes both into the
/// list (user-list-people's example starts with a group; people-insights-overview's `$search`
/// example shows a personal contact), so a client that forgets
/// `$filter=personType/subclass eq 'OrganizationUser'` meets them, as it would in a real tenant.
public struct OutsidePerson: Sendable, Equatable {
  public enum Kind: Sendable { case personalContact, unifiedGroup }

  public var kind: Kind
  /// Not a directory object id: nothing under `/users` answers to it.
  public var id: String
  public var displayName: String
  public var givenName: String?
  public var surname: String?
  public var companyName: String?
  public var address: String
  /// Where the entry stands in the unfiltered list, counted from 0.
  public var position: Int

  /// Three contacts outside the organisation and two groups for `user`, the same every time.
  public static func entries(for user: DirectoryUser, domain: String) -> [OutsidePerson] {
    var random = SeededRandom(seed: WorkingWith.key(user.id, "outside"))
    var result: [OutsidePerson] = []
    for (number, position) in [1, 12].enumerated() {
      let topic = random.pick(groupTopics)
      let name = number == 0 ? (user.department ?? "All Company") : topic
      let nickname = String(name.lowercased().filter { $0.isLetter || $0.isNumber })
      result.append(
        OutsidePerson(
          kind: .unifiedGroup, id: GUIDFormat.string(from: "group:\(user.id):\(number)"), displayName: name,
          address: "\(nickname)@\(domain)", position: position))
    }
    for (number, position) in [3, 7, 20].enumerated() {
      let given = random.pick(givenNames)
      let family = random.pick(surnames)
      let company = random.pick(companies)
      result.append(
        OutsidePerson(
          kind: .personalContact, id: GUIDFormat.string(from: "contact:\(user.id):\(number)"),
          displayName: "\(given) \(family)", givenName: given, surname: family, companyName: company.name,
          address: "\(given.lowercased()).\(family.lowercased())@\(company.domain)", position: position))
    }
    return result.sorted { $0.position < $1.position }
  }

  private static let groupTopics = ["Project Falcon", "Quarterly Planning", "Site Launch", "Book Club", "Hackathon"]
  private static let givenNames = ["Jacob", "Mireille", "Tomasz", "Aiko", "Rafael", "Ines", "Kwame", "Sofia"]
  private static let surnames = ["Cazares", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Novak", "Quispe", "Hale"]
  /// Microsoft's fictitious companies, outside the sandbox's tenant.
  private static let companies: [(name: String, domain: String)] = [
    ("Tailspin Toys", "tailspintoys.com"), ("Fabrikam", "fabrikam.com"), ("Northwind Traders", "northwindtraders.com"),
    ("Wingtip Toys", "wingtiptoys.com"),
  ]
}
