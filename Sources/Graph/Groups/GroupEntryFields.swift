import Foundation
import RosterCore

/// The members of one `/groups/delta` entry that Roster reads (`GroupDeltaDecoding`), with the
/// leniency of `GroupDecoding.group(from:)`; a key given twice counts by its last value.
struct GroupEntryFields {
  var id: String?
  var removed = false
  /// Whether the entry says anything of the group itself: an entry that only continues a group's
  /// members carries no property of the group (its properties stand as they are).
  var describes = false
  var displayName: String?
  var mail: String?
  var mailNickname: String?
  var description: String?
  var groupTypes: [String]?
  var mailEnabled: Bool?
  var securityEnabled: Bool?
  var visibility: String?
  var membershipRule: String?
  var membershipRuleProcessingState: String?
  var resourceProvisioningOptions: [String]?
  var members: [MemberChange] = []

  mutating func read(_ key: String, _ cursor: inout JSONCursor) throws(JSONCursor.Malformed) {
    if !key.hasPrefix("@"), key != "id", key != "members@delta" { describes = true }
    switch key {
    case "id": id = try cursor.stringIfAny()
    case "@removed":
      removed = true
      try cursor.skip()
    case "displayName": displayName = try cursor.stringIfAny()
    case "mail": mail = try cursor.stringIfAny()
    case "mailNickname": mailNickname = try cursor.stringIfAny()
    case "description": description = try cursor.stringIfAny()
    case "groupTypes": groupTypes = try cursor.stringsIfAny()
    case "mailEnabled": mailEnabled = try cursor.boolIfAny()
    case "securityEnabled": securityEnabled = try cursor.boolIfAny()
    case "visibility": visibility = try cursor.stringIfAny()
    case "membershipRule": membershipRule = try cursor.stringIfAny()
    case "membershipRuleProcessingState": membershipRuleProcessingState = try cursor.stringIfAny()
    case "resourceProvisioningOptions": resourceProvisioningOptions = try cursor.stringsIfAny()
    case "members@delta": members = try Self.members(&cursor)
    default: try cursor.skip()
    }
  }

  /// `members@delta`: each object with a non-empty id, its kind by `@odata.type`, removed when it
  /// carries `@removed` (whatever its value); anything else in the array is passed over.
  private static func members(_ cursor: inout JSONCursor) throws(JSONCursor.Malformed) -> [MemberChange] {
    guard try cursor.peek() == .array else {
      try cursor.skip()
      return []
    }
    var members: [MemberChange] = []
    try cursor.elements { (cursor) throws(JSONCursor.Malformed) in
      guard try cursor.peek() == .object else { return try cursor.skip() }
      var id: String?
      var type: String?
      var removed = false
      try cursor.members { (cursor, key) throws(JSONCursor.Malformed) in
        switch key {
        case "id": id = try cursor.stringIfAny()
        case "@odata.type": type = try cursor.stringIfAny()
        case "@removed":
          removed = true
          try cursor.skip()
        default: try cursor.skip()
        }
      }
      guard let id, !id.isEmpty else { return }
      members.append(MemberChange(id: id, kind: Self.kind(type), removed: removed))
    }
    return members
  }

  /// A member's kind; the usual types without `DirectoryObjectKind(odataType:)`'s splitting and
  /// lower-casing, which is per member (~100,000 a fill's page).
  private static func kind(_ type: String?) -> DirectoryObjectKind {
    switch type {
    case "#microsoft.graph.user": .user
    case "#microsoft.graph.group": .group
    default: DirectoryObjectKind(odataType: type ?? "")
    }
  }

  /// Directory text, cleaned here where it enters the program (as `GroupDecoding.group(from:)`).
  func group(id: String) -> Group {
    func text(_ value: String?) -> CleanText? { value.map { CleanText($0) } }
    return Group(
      id: id, displayName: text(displayName), mail: text(mail), mailNickname: text(mailNickname),
      description: text(description), groupTypes: groupTypes?.map { CleanText($0) }, mailEnabled: mailEnabled,
      securityEnabled: securityEnabled, visibility: text(visibility), membershipRule: text(membershipRule),
      membershipRuleProcessingState: text(membershipRuleProcessingState),
      resourceProvisioningOptions: resourceProvisioningOptions?.map { CleanText($0) })
  }
}
