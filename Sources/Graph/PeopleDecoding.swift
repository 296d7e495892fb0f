import Foundation
import RosterCore

/// Decodes Graph user objects and collection pages without trusting their shape.
///
/// Why lenient: Graph omits or nulls what the token may not read (`User.ReadBasic.All`), adds
/// annotations (`@odata.type`), and a directory object in `directReports` may be an `orgContact`
/// with fewer fields. A field of the wrong type is treated as absent rather than failing the page;
/// an object without `id` is dropped, because nothing can be selected or opened without it. Only a
/// body that is not a JSON object (or a collection without a `value` array) is malformed.
enum PeopleDecoding {
  /// One collection page: people, `@odata.nextLink`, `@odata.count`.
  struct Page: Sendable, Equatable {
    var people: [Person]
    var nextLink: String?
    var count: Int?
  }

  static func page(from data: Data) throws(DirectoryError) -> Page {
    let collection = try ODataCollection(data)
    return Page(
      people: collection.objects.compactMap(person(from:)), nextLink: collection.nextLink, count: collection.count)
  }

  static func single(from data: Data) throws(DirectoryError) -> Person {
    guard let person = person(from: try jsonObject(data)) else {
      throw .malformedResponse("The user from Microsoft Graph has no id.")
    }
    return person
  }

  static func person(from object: [String: Any]) -> Person? {
    guard let id = string(object["id"]), !id.isEmpty else { return nil }
    return Person(
      id: id,
      displayName: text(object["displayName"]),
      givenName: text(object["givenName"]),
      surname: text(object["surname"]),
      mail: text(object["mail"]),
      userPrincipalName: text(object["userPrincipalName"]),
      jobTitle: text(object["jobTitle"]),
      department: text(object["department"]),
      companyName: text(object["companyName"]),
      officeLocation: text(object["officeLocation"]),
      businessPhones: (object["businessPhones"] as? [Any])?.compactMap(text),
      mobilePhone: text(object["mobilePhone"]),
      userType: text(object["userType"]),
      accountEnabled: bool(object["accountEnabled"]), showInAddressList: bool(object["showInAddressList"]),
      city: text(object["city"]), country: text(object["country"]),
      proxyAddresses: (object["proxyAddresses"] as? [Any])?.compactMap(text),
      otherMails: (object["otherMails"] as? [Any])?.compactMap(text), employeeId: text(object["employeeId"]))
  }

  static func jsonObject(_ data: Data) throws(DirectoryError) -> [String: Any] {
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      let kind = data.isEmpty ? "an empty body" : "a body that is not valid JSON (truncated?)"
      throw .malformedResponse("Microsoft Graph sent \(kind).")
    }
    guard let object = parsed as? [String: Any] else {
      throw .malformedResponse("Microsoft Graph sent JSON that is not an object.")
    }
    return object
  }

  private static func string(_ value: Any?) -> String? { value as? String }

  /// Directory text, cleaned here where it enters the program.
  private static func text(_ value: Any?) -> CleanText? { (value as? String).map { CleanText($0) } }

  private static func bool(_ value: Any?) -> Bool? { value as? Bool }
}

extension PeopleDecoding {
  /// A user with `$expand=manager(…)`: the user, and the nested `manager` members flattened
  /// into a chain, nearest manager first. Stops at 1,000 levels (Graph's own limit).
  static func withManagerChain(from data: Data) throws(DirectoryError) -> (Person, [Person]) {
    let object = try jsonObject(data)
    guard let person = person(from: object) else {
      throw .malformedResponse("The user from Microsoft Graph has no id.")
    }
    var chain: [Person] = []
    var next = object["manager"] as? [String: Any]
    while let current = next, chain.count < 1000 {
      if let manager = self.person(from: current) { chain.append(manager) }
      next = current["manager"] as? [String: Any]
    }
    return (person, chain)
  }
}
