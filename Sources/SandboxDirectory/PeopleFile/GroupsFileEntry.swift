import SearchRules

/// Reads one group object of a people file, checking each field's type; member and owner
/// references stay text until every user and group is known.
struct GroupsFileEntry {
  var group: DirectoryGroup
  var memberReferences: [String]
  var ownerReferences: [String]
  var label: String

  func fail(_ problem: String) -> PeopleFileError { PeopleFileError("people file: \(label): \(problem)") }

  init(_ value: JSONValue, index: Int) throws(PeopleFileError) {
    guard case .object(let members) = value else {
      throw PeopleFileError("people file: group at index \(index): expected a JSON object, found \(value.kindName)")
    }
    var label = "group at index \(index)"
    if case .string(let name)? = members.first(where: { $0.0 == "displayName" })?.1 {
      label += " (displayName \"\(String(name.prefix(80)))\")"
    }
    self.label = label
    let failure = { (problem: String) in PeopleFileError("people file: \(label): \(problem)") }
    var strings: [String: String] = [:]
    var lists: [String: [String]] = [:]
    var flags: [String: Bool] = [:]
    var seen = Set<String>()
    let stringFields: Set<String> = [
      "id", "displayName", "description", "mail", "mailNickname", "visibility", "membershipRule",
      "membershipRuleProcessingState", "createdDateTime",
    ]
    let listFields: Set<String> = ["groupTypes", "resourceProvisioningOptions", "members", "owners"]
    let flagFields: Set<String> = ["securityEnabled", "mailEnabled"]
    for (key, fieldValue) in members {
      if key.hasPrefix("@") { continue }
      guard seen.insert(key).inserted else { throw failure("field '\(key)' appears twice") }
      if stringFields.contains(key) {
        switch fieldValue {
        case .null: break
        case .string(let text): strings[key] = text
        default: throw failure("field '\(key)' must be a string or null, found \(fieldValue.kindName)")
        }
      } else if listFields.contains(key) {
        guard case .array(let elements) = fieldValue else {
          throw failure("field '\(key)' must be an array of strings, found \(fieldValue.kindName)")
        }
        var texts: [String] = []
        for element in elements {
          guard case .string(let text) = element else {
            throw failure("field '\(key)' must be an array of strings, found an element that is \(element.kindName)")
          }
          texts.append(text)
        }
        lists[key] = texts
      } else if flagFields.contains(key) {
        guard case .bool(let flag) = fieldValue else {
          throw failure("field '\(key)' must be true or false, found \(fieldValue.kindName)")
        }
        flags[key] = flag
      } else if GroupPropertyCatalog.unstoredProperties.contains(where: { $0.name == key }) {
        continue
      } else {
        let suggestion = GroupField.named(key).map { " (did you mean '\($0.name)'?)" } ?? ""
        throw failure("field '\(key)' is not a group property\(suggestion)")
      }
    }
    guard let displayName = strings["displayName"], !displayName.isEmpty else {
      throw failure("field 'displayName' is missing; every group needs a name")
    }
    let groupTypes = lists["groupTypes"] ?? []
    for type in groupTypes where !["unified", "dynamicmembership"].contains(type.lowercased()) {
      throw failure("field 'groupTypes' holds \"\(type)\"; Graph knows \"Unified\" and \"DynamicMembership\"")
    }
    if let visibility = strings["visibility"],
      !["public", "private", "hiddenmembership"].contains(visibility.lowercased())
    {
      throw failure(
        "field 'visibility' must be \"Public\", \"Private\" or \"HiddenMembership\", found \"\(visibility)\"")
    }
    if let state = strings["membershipRuleProcessingState"], !["on", "paused"].contains(state.lowercased()) {
      throw failure("field 'membershipRuleProcessingState' must be \"On\" or \"Paused\", found \"\(state)\"")
    }
    let isDynamic = groupTypes.contains { $0.lowercased() == "dynamicmembership" }
    if isDynamic, strings["membershipRule"] == nil {
      throw failure("field 'membershipRule' is missing; a DynamicMembership group needs its rule")
    }
    let isUnified = groupTypes.contains { $0.lowercased() == "unified" }
    let mailNickname = strings["mailNickname"] ?? Self.nickname(displayName)
    let id = strings["id"] ?? GUIDFormat.string(from: "group:" + mailNickname.lowercased())
    group = DirectoryGroup(
      id: id, displayName: displayName, description: strings["description"], mail: strings["mail"],
      mailNickname: mailNickname, groupTypes: groupTypes,
      securityEnabled: flags["securityEnabled"] ?? !isUnified,
      mailEnabled: flags["mailEnabled"] ?? (strings["mail"] != nil), visibility: strings["visibility"],
      membershipRule: strings["membershipRule"],
      membershipRuleProcessingState: strings["membershipRuleProcessingState"] ?? (isDynamic ? "On" : nil),
      resourceProvisioningOptions: lists["resourceProvisioningOptions"] ?? [],
      createdDateTime: strings["createdDateTime"])
    memberReferences = lists["members"] ?? []
    ownerReferences = lists["owners"] ?? []
  }

  /// A mail nickname from a display name: accents dropped, ASCII letters and digits, the rest as
  /// dashes ("Büro München" → "buro-munchen"); "group" when nothing is left.
  static func nickname(_ name: String) -> String {
    let mapped = TextFolding.searchFolded(name).unicodeScalars.map {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "-"
    }
    let text = String(mapped).split(separator: "-").joined(separator: "-")
    return text.isEmpty ? "group" : text
  }
}
