import Foundation

/// One line of the local audit trail (`$XDG_STATE_HOME/roster/writes.jsonl`): who, on whom, what,
/// when, Graph's request-id and the outcome. It has no field a token or a pass could go in.
public struct WriteRecord: Sendable, Equatable, Codable {
  public enum Outcome: String, Sendable, Codable {
    /// Graph did it.
    case ok
    /// Graph said no (a role, a permission, a dynamic or synced group): `status` and `code` say which.
    case refused
    /// No answer, or one that says nothing about the write (a network failure, a 5xx): it may or
    /// may not have happened.
    case failed
  }

  public var time: Date
  /// The signed-in account's user name.
  public var account: String
  public var action: WriteKind
  public var targetId: String
  public var targetUserPrincipalName: String
  public var targetDisplayName: String?
  public var groupId: String?
  public var groupDisplayName: String?
  /// Graph's `request-id` response header: what Microsoft support and the tenant's audit log find it by.
  public var requestId: String?
  public var outcome: Outcome
  public var status: Int?
  public var code: String?

  public init(
    time: Date, account: String, plan: WritePlan, requestId: String?, outcome: Outcome, status: Int?, code: String?
  ) {
    self.time = time
    self.account = account
    self.action = plan.kind
    self.targetId = plan.person.id
    self.targetUserPrincipalName = plan.person.userPrincipalName
    self.targetDisplayName = plan.person.displayName
    self.groupId = plan.group?.id
    self.groupDisplayName = plan.group?.displayName
    self.requestId = requestId
    self.outcome = outcome
    self.status = status
    self.code = code
  }

  /// One JSON line, keys sorted, time in ISO 8601.
  public func line() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    var data = try encoder.encode(self)
    data.append(0x0A)
    return data
  }

  /// Every line of `data` that reads as a record; a damaged line is skipped, not fatal.
  public static func lines(_ data: Data) -> [WriteRecord] {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return data.split(separator: 0x0A).compactMap { try? decoder.decode(WriteRecord.self, from: Data($0)) }
  }
}
