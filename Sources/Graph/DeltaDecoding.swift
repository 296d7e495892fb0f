import Foundation
import RosterCore

/// Decodes a `/users/delta` page leniently, like `PeopleDecoding` (entries without an id are
/// dropped, a field of the wrong type counts as absent), but straight from the bytes with
/// `JSONCursor`: `JSONSerialization` boxed every value of the ~600 KB page into `Any` first, and
/// decoding was most of the client's time per page of a first sync (docs/decisions/index-local-index.md#index--sync).
///
/// The body must still be JSON throughout: a page that is not (truncated, garbled) is refused
/// whole, so nothing of it is written and the sync resumes from the last committed page.
enum DeltaDecoding {
  /// `listing`: a `/users` page (a fill, `UserFill`), whose last page carries no link at all.
  static func page(from data: Data, listing: Bool = false) throws(DirectoryError) -> DeltaPage {
    let page = try DeltaPageReading.read(data, listing: listing, capacity: 1000, entry: entry)
    return DeltaPage(changes: page.changes, nextLink: page.nextLink, deltaLink: page.deltaLink)
  }

  /// One entry of `value`: a person, a removal, or nil (not an object, or no id).
  private static func entry(_ cursor: inout JSONCursor) throws(JSONCursor.Malformed) -> DeltaChange? {
    guard try cursor.peek() == .object else {
      try cursor.skip()
      return nil
    }
    var fields = EntryFields()
    try cursor.members { (cursor, key) throws(JSONCursor.Malformed) in try fields.read(key, &cursor) }
    guard let id = fields.id, !id.isEmpty else { return nil }
    if fields.removed { return .removed(id: id) }
    let person = fields.person(id: id)
    // Not in the index: a person hidden from the address list is in no search (and one who
    // became hidden since the last round leaves it).
    if person.isHiddenFromAddressList { return .removed(id: id) }
    return .upsert(person, managerId: fields.managerId, managerKnown: fields.managerKnown)
  }
}

/// The members of one delta entry that Roster reads; a key given twice counts by its last value.
private struct EntryFields {
  var id: String?
  var removed = false
  var displayName: String?
  var givenName: String?
  var surname: String?
  var mail: String?
  var userPrincipalName: String?
  var jobTitle: String?
  var department: String?
  var companyName: String?
  var officeLocation: String?
  var city: String?
  var country: String?
  var proxyAddresses: [String]?
  var otherMails: [String]?
  var employeeId: String?
  var businessPhones: [String]?
  var mobilePhone: String?
  var userType: String?
  var accountEnabled: Bool?
  var showInAddressList: Bool?
  var managerId: String?
  var managerKnown = false

  mutating func read(_ key: String, _ cursor: inout JSONCursor) throws(JSONCursor.Malformed) {
    switch key {
    case "id": id = try cursor.stringIfAny()
    case "displayName": displayName = try cursor.stringIfAny()
    case "givenName": givenName = try cursor.stringIfAny()
    case "surname": surname = try cursor.stringIfAny()
    case "mail": mail = try cursor.stringIfAny()
    case "userPrincipalName": userPrincipalName = try cursor.stringIfAny()
    case "jobTitle": jobTitle = try cursor.stringIfAny()
    case "department": department = try cursor.stringIfAny()
    case "companyName": companyName = try cursor.stringIfAny()
    case "officeLocation": officeLocation = try cursor.stringIfAny()
    case "city": city = try cursor.stringIfAny()
    case "country": country = try cursor.stringIfAny()
    case "proxyAddresses": proxyAddresses = try cursor.stringsIfAny()
    case "otherMails": otherMails = try cursor.stringsIfAny()
    case "employeeId": employeeId = try cursor.stringIfAny()
    case "mobilePhone": mobilePhone = try cursor.stringIfAny()
    case "userType": userType = try cursor.stringIfAny()
    case "accountEnabled": accountEnabled = try cursor.boolIfAny()
    case "showInAddressList": showInAddressList = try cursor.boolIfAny()
    case "businessPhones": businessPhones = try cursor.stringsIfAny()
    case "@removed":
      removed = true
      try cursor.skip()
    case "manager@delta": try readManager(&cursor)
    default: try cursor.skip()
    }
  }

  /// `manager@delta`: the id of its last member not marked `@removed` (nil when all are:
  /// the manager was removed); present at all means the token can read managers.
  private mutating func readManager(_ cursor: inout JSONCursor) throws(JSONCursor.Malformed) {
    managerId = nil
    guard try cursor.peek() == .array else {
      managerKnown = false
      return try cursor.skip()
    }
    managerKnown = true
    var found: String?
    try cursor.elements { (cursor) throws(JSONCursor.Malformed) in
      guard try cursor.peek() == .object else { return try cursor.skip() }
      var memberId: String?
      var memberRemoved = false
      try cursor.members { (cursor, key) throws(JSONCursor.Malformed) in
        switch key {
        case "id": memberId = try cursor.stringIfAny()
        case "@removed":
          memberRemoved = true
          try cursor.skip()
        default: try cursor.skip()
        }
      }
      if !memberRemoved { found = memberId }
    }
    managerId = found
  }

  /// Directory text, cleaned here where it enters the program.
  func person(id: String) -> Person {
    func text(_ value: String?) -> CleanText? { value.map { CleanText($0) } }
    return Person(
      id: id, displayName: text(displayName), givenName: text(givenName), surname: text(surname), mail: text(mail),
      userPrincipalName: text(userPrincipalName), jobTitle: text(jobTitle), department: text(department),
      companyName: text(companyName), officeLocation: text(officeLocation),
      businessPhones: businessPhones?.map { CleanText($0) }, mobilePhone: text(mobilePhone), userType: text(userType),
      accountEnabled: accountEnabled, showInAddressList: showInAddressList, city: text(city), country: text(country),
      proxyAddresses: proxyAddresses?.map { CleanText($0) }, otherMails: otherMails?.map { CleanText($0) },
      employeeId: text(employeeId))
  }
}
