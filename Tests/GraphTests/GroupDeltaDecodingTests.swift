import Foundation
import RosterCore
import Testing
import Transport

@testable import Graph

/// The group delta decoder over bytes (issue 30: `GroupDeltaDecoding` on `JSONCursor`) gives what
/// the decoder it replaced gave (`JSONSerialization`, kept here as the reference), a `$batch`'s
/// inner bodies are read without a parse into objects, and member ids keep their text.
@Suite struct GroupDeltaDecodingTests {
  /// The decoder before issue 30, as it was.
  static func reference(_ data: Data, listing: Bool = false) throws -> GroupDeltaPage {
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let values = object["value"] as? [Any]
    else { throw DirectoryError.malformedResponse("not a page") }
    var changes: [GroupDeltaChange] = []
    for case let entry as [String: Any] in values {
      guard let id = entry["id"] as? String, !id.isEmpty else { continue }
      if entry["@removed"] != nil {
        changes.append(.removed(id: id))
        continue
      }
      let describes = entry.keys.contains { !$0.hasPrefix("@") && $0 != "id" && $0 != "members@delta" }
      var members: [MemberChange] = []
      for case let member as [String: Any] in (entry["members@delta"] as? [Any]) ?? [] {
        guard let memberID = member["id"] as? String, !memberID.isEmpty else { continue }
        let kind = DirectoryObjectKind(odataType: (member["@odata.type"] as? String) ?? "")
        members.append(MemberChange(id: memberID, kind: kind, removed: member["@removed"] != nil))
      }
      changes.append(.upsert(id: id, group: describes ? GroupDecoding.group(from: entry) : nil, members: members))
    }
    let next = (object["@odata.nextLink"] as? String).flatMap { $0.isEmpty ? nil : $0 }
    let delta = (object["@odata.deltaLink"] as? String).flatMap { $0.isEmpty ? nil : $0 }
    return GroupDeltaPage(changes: changes, nextLink: next, deltaLink: delta)
  }

  static let page = Data(
    #"""
    {"@odata.context":"x","value":[
      {"id":"0b8e7c9a-1f2d-4e3c-9a8b-7c6d5e4f3a2b","displayName":"Build \"agents\" \u00e9","mail":null,
       "groupTypes":["Unified",7,"DynamicMembership"],"mailEnabled":true,"securityEnabled":"yes",
       "visibility":"Private","resourceProvisioningOptions":"Team","description":"a\nb",
       "members@delta":[
         {"@odata.type":"#microsoft.graph.user","id":"11111111-2222-4333-8444-555555555555"},
         {"@odata.type":"#microsoft.graph.servicePrincipal","id":"AAAAAAAA-2222-4333-8444-555555555555"},
         {"@odata.type":"#Microsoft.Graph.Group","id":"g-2","@removed":{"reason":"deleted"}},
         {"@odata.type":"#microsoft.graph.device","id":"d-1","@removed":null},
         {"id":""}, 5, "x", {"@odata.type":"#microsoft.graph.user"}
       ]},
      {"id":"0b8e7c9a-1f2d-4e3c-9a8b-7c6d5e4f3a2b","members@delta":[{"id":"p-9"}]},
      {"id":"gone","@removed":{"reason":"changed"}},
      {"id":"e","displayName":"Empty","members@delta":{}},
      {"displayName":"no id"}, {"id":12}, [], null
    ],"@odata.nextLink":"https://graph.microsoft.com/v1.0/groups/delta?$skiptoken=1"}
    """#.utf8)

  @Test func agreesWithTheDecoderItReplaced() throws {
    let decoded = try GroupDeltaDecoding.page(from: Self.page)
    #expect(decoded == (try Self.reference(Self.page)))
    #expect(decoded.changes.count == 4)
    #expect(decoded.memberChanges == 5)
  }

  @Test func listingPagesNeedNoLinkAndDeltaPagesDo() throws {
    let last = Data(#"{"value":[{"id":"a","displayName":"A"}]}"#.utf8)
    #expect((try GroupDeltaDecoding.page(from: last, listing: true)) == (try Self.reference(last)))
    #expect(throws: DirectoryError.self) { try GroupDeltaDecoding.page(from: last) }
    #expect(throws: DirectoryError.self) { try GroupDeltaDecoding.page(from: Data(Self.page.dropLast(9))) }
  }

  @Test func batchBodiesAreTheInnerTextAndStatusesReadAlone() throws {
    let inner = String(decoding: Self.page, as: UTF8.self)
    let batch = Data(
      #"""
      {"responses":[
        {"id":"0","status":200,"headers":{"x-ms-resource-unit":"1","n":2},"body":\#(inner)},
        {"id":"B","status":429.0,"headers":{"Retry-After":"3"},"body":{"error":{"code":"TooManyRequests"}}},
        {"id":"2","status":200,"body":"aGVsbG8="},
        {"id":"3","status":204,"body":null},
        {"status":200}
      ]}
      """#.utf8)
    let answers = try GraphBatch.answers(from: batch)
    #expect(answers.keys.sorted() == ["0", "2", "3", "b"])
    let first = try #require(answers["0"])
    #expect(first.headers.map(\.name) == ["x-ms-resource-unit"])
    #expect((try GroupDeltaDecoding.page(from: first.body)) == (try Self.reference(Self.page)))
    #expect(first.response.body == Data(inner.utf8))
    #expect(answers["2"]?.body == Data("hello".utf8))
    #expect(answers["3"]?.body.isEmpty == true)
    let retry = try #require(GraphBatch.retryableInner(HTTPResponse(status: 200, headers: [], body: batch)))
    #expect(retry.status == 429 && retry.header("Retry-After") == "3")
    #expect(String(decoding: retry.body, as: UTF8.self).contains("TooManyRequests"))
    #expect(throws: DirectoryError.self) { try GraphBatch.answers(from: Data("{\"responses\":[".utf8)) }
  }

  @Test(arguments: [
    "11111111-2222-4333-8444-555555555555", "AAAAAAAA-2222-4333-8444-555555555555",
    "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "p-9", "",
    "11111111x2222-4333-8444-555555555555", "11111111-2222-4333-8444-55555555555g",
    "é1111111-2222-4333-8444-55555555555",
  ])
  func memberIdsKeepTheirText(_ id: String) {
    let member = MemberChange(id: id, kind: .user)
    #expect(member.id == id)
    #expect(member == MemberChange(id: id, kind: .user))
    #expect(member != MemberChange(id: id + "0", kind: .user))
  }
}
