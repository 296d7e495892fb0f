import Foundation
import GRDB
import RosterCore

/// Maps `Person` to and from a `person` row. Phones are joined with the ASCII unit separator
/// (no phone number holds one): a list of 500 rows decodes without a JSON parser per row.
enum PersonRow {
  static let separator: Character = "\u{1F}"

  static let columns = [
    "generation", "id", "displayName", "givenName", "surname", "mail", "userPrincipalName", "jobTitle", "department",
    "companyName", "officeLocation", "businessPhones", "mobilePhone", "userType", "accountEnabled", "managerId",
  ]

  static func person(_ row: Row) -> Person {
    let phones: String? = row["businessPhones"]
    return Person(
      id: row["id"], displayName: row["displayName"], givenName: row["givenName"], surname: row["surname"],
      mail: row["mail"], userPrincipalName: row["userPrincipalName"], jobTitle: row["jobTitle"],
      department: row["department"], companyName: row["companyName"], officeLocation: row["officeLocation"],
      businessPhones: phones.map { text in
        text.isEmpty ? [] : text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
      },
      mobilePhone: row["mobilePhone"], userType: row["userType"], accountEnabled: row["accountEnabled"])
  }

  static func arguments(_ person: Person, generation: Int, managerId: String?) -> StatementArguments {
    let phones = person.businessPhones.map { $0.joined(separator: String(separator)) }
    let values: [(any DatabaseValueConvertible)?] = [
      generation, person.id, person.displayName, person.givenName, person.surname, person.mail,
      person.userPrincipalName, person.jobTitle, person.department, person.companyName, person.officeLocation, phones,
      person.mobilePhone, person.userType, person.accountEnabled, managerId,
    ]
    return StatementArguments(values)
  }
}
