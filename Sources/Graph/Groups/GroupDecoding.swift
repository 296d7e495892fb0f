import Foundation
import RosterCore

/// Decodes Graph groups and directoryObject collections (members, owners, memberOf) leniently,
/// like `PeopleDecoding`: a field of the wrong type is absent, an object without `id` is dropped.
///
/// A member is a person or a group by its `@odata.type`; anything else (a device, a service
/// principal, a contact), and a person or group answered with nothing but `id` and type (an
/// object the token may not read), is an `UndescribedObject`: listed and counted, never dropped.
enum GroupDecoding {
  /// Every `Group` field, as the list, the pane and the index select them.
  static let fields = [
    "id", "displayName", "mail", "mailNickname", "description", "groupTypes", "mailEnabled", "securityEnabled",
    "visibility", "membershipRule", "membershipRuleProcessingState", "resourceProvisioningOptions",
  ]

  /// What a member row needs of a person or a group (Graph applies each name to the types that
  /// have it), plus `showInAddressList` so hidden people stay hidden.
  static let memberFields = Array(
    NSOrderedSet(array: UserQuery.listFields + fields).array.compactMap { $0 as? String })

  struct Page {
    var objects: [DirectoryObject]
    var nextLink: String?
    var count: Int?
  }

  /// `assumed`: the kind of an object without `@odata.type` (a cast's collection).
  static func page(from data: Data, assumed: DirectoryObjectKind? = nil) throws(DirectoryError) -> Page {
    let collection = try ODataCollection(data)
    return Page(
      objects: collection.objects.compactMap { directoryObject(from: $0, assumed: assumed) },
      nextLink: collection.nextLink, count: collection.count)
  }

  static func single(from data: Data) throws(DirectoryError) -> Group {
    guard let group = group(from: try PeopleDecoding.jsonObject(data)) else {
      throw .malformedResponse("The group from Microsoft Graph has no id.")
    }
    return group
  }

  static func group(from object: [String: Any]) -> Group? {
    guard let id = object["id"] as? String, !id.isEmpty else { return nil }
    return Group(
      id: id, displayName: text(object["displayName"]), mail: text(object["mail"]),
      mailNickname: text(object["mailNickname"]), description: text(object["description"]),
      groupTypes: texts(object["groupTypes"]), mailEnabled: object["mailEnabled"] as? Bool,
      securityEnabled: object["securityEnabled"] as? Bool, visibility: text(object["visibility"]),
      membershipRule: text(object["membershipRule"]),
      membershipRuleProcessingState: text(object["membershipRuleProcessingState"]),
      resourceProvisioningOptions: texts(object["resourceProvisioningOptions"]))
  }

  /// A person, a group, or an undescribed object, by `@odata.type` (a collection without types,
  /// such as a cast's, is read as `assumed`).
  static func directoryObject(from object: [String: Any], assumed: DirectoryObjectKind? = nil) -> DirectoryObject? {
    guard let id = object["id"] as? String, !id.isEmpty else { return nil }
    let type = object["@odata.type"] as? String
    let kind = type.map(DirectoryObjectKind.init(odataType:)) ?? assumed ?? .unknown
    switch kind {
    case .user:
      if let person = PeopleDecoding.person(from: object),
        person.displayName != nil || person.mail != nil || person.userPrincipalName != nil
      {
        return .person(person)
      }
    case .group:
      if let group = group(from: object), group.displayName != nil || group.mail != nil || group.mailNickname != nil {
        return .group(group)
      }
    default: break
    }
    return .undescribed(
      UndescribedObject(
        id: id, odataType: CleanText(type ?? assumed?.odataType ?? ""), displayName: text(object["displayName"])))
  }

  private static func text(_ value: Any?) -> CleanText? { (value as? String).map { CleanText($0) } }

  private static func texts(_ value: Any?) -> [CleanText]? { (value as? [Any])?.compactMap(text) }
}
