import Foundation
import RosterCore
import Transport

extension GroupDeltaFeed {
  /// `GET /groups/delta?$select=…,members` over Microsoft Graph (`ChangeFeed.live`). Graph
  /// answers `members@delta` as ids and types (with `@removed` for members gone) and spreads a
  /// large group's members over several entries and pages; each page is decoded alone, so a
  /// 20,000-member group never sits in memory whole. Needs `GroupMember.Read.All`: a 403 is the
  /// `.readGroups` need's error.
  public static func live(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    pageSize: Int? = nil,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> GroupDeltaFeed {
    let select = GroupDecoding.fields.filter { $0 != "id" } + ["members"]
    return live(
      configuration: configuration, tokens: tokens, transport: transport, pageSize: pageSize, sleep: sleep,
      start: "/groups/delta" + GraphGroups.query([("$select", select.joined(separator: ","))]),
      permission: GraphGroups.permission, decode: { try GroupDeltaDecoding.page(from: $0) },
      denied: { _ in GroupPermissionNeed.readGroups.error })
  }
}

/// Decodes a `/groups/delta` page leniently: entries without an id are dropped.
enum GroupDeltaDecoding {
  /// `listing`: a `/groups` page (a fill, `GroupDeltaFeed.liveFill`), whose last page carries no
  /// link at all and whose groups carry no members.
  static func page(from data: Data, listing: Bool = false) throws(DirectoryError) -> GroupDeltaPage {
    try page(fromObject: try PeopleDecoding.jsonObject(data), listing: listing)
  }

  /// A page already parsed (an inner answer of a `$batch`, `GraphBatch.Answer`).
  static func page(fromObject object: [String: Any], listing: Bool = false) throws(DirectoryError) -> GroupDeltaPage {
    guard let values = object["value"] as? [Any] else {
      throw .malformedResponse("The delta page from Microsoft Graph has no \"value\" array.")
    }
    var changes: [GroupDeltaChange] = []
    for case let entry as [String: Any] in values {
      guard let id = entry["id"] as? String, !id.isEmpty else { continue }
      if entry["@removed"] != nil {
        changes.append(.removed(id: id))
        continue
      }
      // An entry that only continues a group's members carries no property of the group.
      let describes = entry.keys.contains { !$0.hasPrefix("@") && $0 != "id" && $0 != "members@delta" }
      var members: [MemberChange] = []
      for case let member as [String: Any] in (entry["members@delta"] as? [Any]) ?? [] {
        guard let memberID = member["id"] as? String, !memberID.isEmpty else { continue }
        let type = (member["@odata.type"] as? String) ?? ""
        members.append(
          MemberChange(id: memberID, kind: DirectoryObjectKind(odataType: type), removed: member["@removed"] != nil))
      }
      changes.append(.upsert(id: id, group: describes ? GroupDecoding.group(from: entry) : nil, members: members))
    }
    let next = (object["@odata.nextLink"] as? String).flatMap { $0.isEmpty ? nil : $0 }
    let delta = (object["@odata.deltaLink"] as? String).flatMap { $0.isEmpty ? nil : $0 }
    guard next != nil || delta != nil || listing else {
      throw .malformedResponse("The delta page from Microsoft Graph has neither a next link nor a delta link.")
    }
    return GroupDeltaPage(changes: changes, nextLink: next, deltaLink: delta)
  }
}
