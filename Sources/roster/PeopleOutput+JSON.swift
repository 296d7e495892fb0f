import Foundation
import RosterCore

/// One JSON shape for a person in every list (`roster search --json`, with or without
/// `--offline` or `--close`), whatever the source held (issue 40: 8 keys from Graph, 15 from the
/// index, `closeMatch` only with `--close`). Every key is always there, `null` when the source
/// has no value or the sign-in may not read it, so a script reads one schema.
extension PeopleOutput {
  /// Graph's names of the properties in the shape, in the order they are asked for.
  static let jsonProperties = [
    "id", "displayName", "givenName", "surname", "mail", "userPrincipalName", "jobTitle", "department",
    "companyName", "officeLocation", "city", "country", "businessPhones", "mobilePhone", "userType",
    "accountEnabled", "employeeId",
  ]

  /// A person in the fixed shape, `closeMatch` beside Graph's properties (false for an exact match).
  struct PersonJSON: Encodable {
    var person: Person
    var closeMatch: Bool

    private enum Key: String, CodingKey {
      case id, displayName, givenName, surname, mail, userPrincipalName, jobTitle, department, companyName
      case officeLocation, city, country, businessPhones, mobilePhone, userType, accountEnabled, employeeId
      case matchedIdentifier, closeMatch
    }

    func encode(to encoder: any Encoder) throws {
      var out = encoder.container(keyedBy: Key.self)
      let person = self.person
      try out.encode(person.id, forKey: .id)
      let texts: [(Key, CleanText?)] = [
        (.displayName, person.displayName), (.givenName, person.givenName), (.surname, person.surname),
        (.mail, person.mail), (.userPrincipalName, person.userPrincipalName), (.jobTitle, person.jobTitle),
        (.department, person.department), (.companyName, person.companyName),
        (.officeLocation, person.officeLocation), (.city, person.city), (.country, person.country),
        (.mobilePhone, person.mobilePhone), (.userType, person.userType), (.employeeId, person.employeeId),
        (.matchedIdentifier, person.matchedIdentifier),
      ]
      for (key, text) in texts { try out.encode(text?.string, forKey: key) }
      try out.encode(person.businessPhones?.map(\.string), forKey: .businessPhones)
      try out.encode(person.accountEnabled, forKey: .accountEnabled)
      try out.encode(closeMatch, forKey: .closeMatch)
    }
  }
}
