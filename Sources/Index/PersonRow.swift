import Foundation
import GRDB
import RosterCore

/// Maps `Person` to and from a `person` row (phones as a JSON array).
enum PersonRow {
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
      businessPhones: phones.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) },
      mobilePhone: row["mobilePhone"], userType: row["userType"], accountEnabled: row["accountEnabled"])
  }

  static func arguments(_ person: Person, generation: Int, managerId: String?) -> StatementArguments {
    let phones = person.businessPhones.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
    let values: [(any DatabaseValueConvertible)?] = [
      generation, person.id, person.displayName, person.givenName, person.surname, person.mail,
      person.userPrincipalName, person.jobTitle, person.department, person.companyName, person.officeLocation, phones,
      person.mobilePhone, person.userType, person.accountEnabled, managerId,
    ]
    return StatementArguments(values)
  }
}
