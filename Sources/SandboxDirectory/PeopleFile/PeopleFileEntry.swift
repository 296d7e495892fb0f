import SearchRules

/// Reads one object of a people file into a `DirectoryUser`, checking each field's type. The
/// manager reference is kept as text until every entry is known.
struct PeopleFileEntry {
  var user: DirectoryUser
  /// The `manager` field: an id or a userPrincipalName, nil for none.
  var managerReference: String?
  /// "entry at index 3 (displayName "Ann Lee", userPrincipalName "ann@…")", for messages.
  var label: String

  /// Keys that are not Graph user properties but that the loader understands.
  static let extraKeys: Set<String> = ["manager", "hasPhoto"]

  init(_ value: JSONValue, index: Int) throws(PeopleFileError) {
    guard case .object(let members) = value else {
      throw PeopleFileError("people file: entry at index \(index): expected a JSON object, found \(value.kindName)")
    }
    let label = PeopleFileEntry.label(members, index: index)
    func fail(_ problem: String) -> PeopleFileError { PeopleFileEntry.failure(label, problem) }
    func wrongType(_ key: String, expected: String, _ value: JSONValue) -> PeopleFileError {
      fail("field '\(key)' must be \(expected), found \(value.kindName)")
    }
    var managerReference: String?
    var strings: [UserField: String] = [:]
    var accountEnabled = true
    var businessPhones: [String] = []
    var hasPhoto = true
    var showInAddressList: Bool?
    var proxyAddresses: [String]?
    var seen = Set<String>()
    for (key, fieldValue) in members {
      if key.hasPrefix("@") { continue }
      guard seen.insert(key).inserted else { throw fail("field '\(key)' appears twice") }
      if key == "manager" {
        managerReference = try PeopleFileEntry.managerValue(fieldValue, label: label)
      } else if key == "hasPhoto" {
        guard case .bool(let flag) = fieldValue else { throw wrongType(key, expected: "true or false", fieldValue) }
        hasPhoto = flag
      } else if key == "proxyAddresses" {
        proxyAddresses = try PeopleFileEntry.proxyAddresses(fieldValue, label: label)
      } else if key == "showInAddressList" {
        switch fieldValue {
        case .null: break
        case .bool(let flag): showInAddressList = flag
        default: throw wrongType(key, expected: "true, false or null", fieldValue)
        }
      } else if let field = UserField.allCases.first(where: { $0.name == key }) {
        switch (field.kind, fieldValue) {
        case (_, .null): break
        case (.string, .string(let text)): strings[field] = text
        case (.boolean, .bool(let flag)): accountEnabled = flag
        case (.stringCollection, .array(let elements)):
          for element in elements {
            guard case .string(let text) = element else {
              throw wrongType(key, expected: "an array of strings", fieldValue)
            }
            businessPhones.append(text)
          }
        case (.string, _): throw wrongType(key, expected: "a string or null", fieldValue)
        case (.boolean, _): throw wrongType(key, expected: "true or false", fieldValue)
        case (.stringCollection, _): throw wrongType(key, expected: "an array of strings", fieldValue)
        case (.number, _): preconditionFailure("users store no number properties")
        }
      } else if UserPropertyCatalog.unstoredProperties.contains(where: { $0.name == key }) {
        continue  // a real Graph property the sandbox does not keep; accepted and dropped
      } else {
        let suggestion = UserField.named(key).map { " (did you mean '\($0.name)'?)" } ?? ""
        throw fail("field '\(key)' is not a user property\(suggestion)")
      }
    }
    let userPrincipalName = try PeopleFileEntry.principalName(strings, label: label)
    let id = try PeopleFileEntry.identifier(strings[.id], userPrincipalName: userPrincipalName, label: label)
    let userType = strings[.userType] ?? (userPrincipalName.contains("#EXT#") ? "Guest" : "Member")
    guard userType == "Member" || userType == "Guest" else {
      throw fail("field 'userType' must be \"Member\" or \"Guest\", found \"\(userType)\"")
    }
    user = DirectoryUser(
      id: id, userPrincipalName: userPrincipalName, displayName: strings[.displayName],
      givenName: strings[.givenName], surname: strings[.surname], mail: strings[.mail],
      mailNickname: strings[.mailNickname], jobTitle: strings[.jobTitle], department: strings[.department],
      companyName: strings[.companyName], officeLocation: strings[.officeLocation], city: strings[.city],
      country: strings[.country], usageLocation: strings[.usageLocation],
      preferredLanguage: strings[.preferredLanguage], employeeId: strings[.employeeId],
      businessPhones: businessPhones, mobilePhone: strings[.mobilePhone], userType: userType,
      accountEnabled: accountEnabled, managerId: nil, hasPhoto: hasPhoto, showInAddressList: showInAddressList)
    user.storedProxyAddresses = proxyAddresses
    self.managerReference = managerReference
    self.label = label
  }

  func fail(_ problem: String) -> PeopleFileError { PeopleFileEntry.failure(label, problem) }

  static func failure(_ label: String, _ problem: String) -> PeopleFileError {
    PeopleFileError("people file: \(label): \(problem)")
  }

  /// `manager` is an id or UPN string, or an object with one of them (as `$expand=manager` gives).
  private static func managerValue(_ value: JSONValue, label: String) throws(PeopleFileError) -> String? {
    func fail(_ problem: String) -> PeopleFileError { PeopleFileEntry.failure(label, problem) }
    switch value {
    case .null: return nil
    case .string(let text) where !text.isEmpty: return text
    case .object:
      if case .string(let id)? = value["id"] { return id }
      if case .string(let upn)? = value["userPrincipalName"] { return upn }
      throw fail("field 'manager' must be an id or userPrincipalName, found an object without either")
    default:
      throw fail("field 'manager' must be an id or userPrincipalName string, found \(value.kindName)")
    }
  }

  private static func label(_ members: [(String, JSONValue)], index: Int) -> String {
    var parts: [String] = []
    for key in ["displayName", "userPrincipalName"] {
      if let member = members.first(where: { $0.0 == key }), case .string(let text) = member.1 {
        parts.append("\(key) \"\(text)\"")
      }
    }
    return parts.isEmpty ? "entry at index \(index)" : "entry at index \(index) (\(parts.joined(separator: ", ")))"
  }

  /// The given UPN, or one derived from mail, mailNickname or displayName (in that order).
  private static func principalName(_ strings: [UserField: String], label: String) throws(PeopleFileError)
    -> String
  {
    func fail(_ problem: String) -> PeopleFileError { PeopleFileEntry.failure(label, problem) }
    let derived: String?
    if let given = strings[.userPrincipalName] {
      derived = given
    } else if let mail = strings[.mail] {
      derived = mail
    } else if let nickname = strings[.mailNickname] {
      derived = "\(nickname)@\(Directory.defaultDomain)"
    } else if let displayName = strings[.displayName] {
      let words = displayName.split(whereSeparator: \.isWhitespace).map { TextFolding.asciiLetters(String($0)) }
      let local = words.filter { !$0.isEmpty }.joined(separator: ".")
      derived = local.isEmpty ? nil : "\(local)@\(Directory.defaultDomain)"
    } else {
      derived = nil
    }
    guard let upn = derived else {
      throw fail(
        "field 'userPrincipalName' is missing and cannot be derived (give userPrincipalName, mail, mailNickname or "
          + "a displayName with Latin letters)")
    }
    let parts = upn.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count >= 2, !parts[0].isEmpty, !(parts.last ?? "").isEmpty, !upn.contains(where: \.isWhitespace)
    else { throw fail("field 'userPrincipalName' must look like name@domain, found \"\(upn)\"") }
    return upn
  }

  /// The given id, or a GUID derived from the UPN (stable when the file is reordered).
  private static func identifier(_ given: String?, userPrincipalName: String, label: String)
    throws(PeopleFileError) -> String
  {
    func fail(_ problem: String) -> PeopleFileError { PeopleFileEntry.failure(label, problem) }
    guard let given else { return GUIDFormat.string(from: "people-file:" + userPrincipalName.lowercased()) }
    guard !given.isEmpty, !given.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "@" }) else {
      throw fail("field 'id' must be a non-empty string without spaces, '/' or '@', found \"\(given)\"")
    }
    return given
  }
}

extension JSONValue {
  /// "a string", "an array", … for error messages.
  var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
