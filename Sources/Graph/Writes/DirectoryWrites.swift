import Foundation
import RosterCore
import Transport

/// The directory writes of issue 45 (revoke sessions, disable or enable, a Temporary Access Pass,
/// resend an invitation, add or remove a group member) and the exact look-ups they start from: a
/// struct of closures like the other clients, so commands and tests can replace it.
public struct DirectoryWrites: Sendable {
  public typealias OnRetry = @Sendable (RetryNotice) -> Void

  /// The person an exact argument names (object id, user principal name or mail).
  public var person:
    @Sendable (_ argument: WriteTargetArgument, _ onRetry: @escaping OnRetry) async throws(DirectoryError)
      -> WritePerson
  /// People whose display name is exactly `name`: what a refusal of a display name lists.
  public var peopleNamed:
    @Sendable (_ name: String, _ onRetry: @escaping OnRetry) async throws(DirectoryError)
      -> [WritePerson]
  /// The group by object id, mail address or exact (unique) display name.
  public var group:
    @Sendable (_ argument: String, _ onRetry: @escaping OnRetry) async throws(DirectoryError)
      -> WriteGroup
  /// Sends one write, never retried where Graph may have done it (`WriteSender`).
  public var send: @Sendable (_ request: WriteRequest, _ permission: String) async -> WriteResponse
  /// `https://graph.microsoft.com/v1.0`: what `--dry-run` prints URLs under.
  public var graphRoot: String

  public init(
    person: @escaping @Sendable (WriteTargetArgument, @escaping OnRetry) async throws(DirectoryError) -> WritePerson,
    peopleNamed: @escaping @Sendable (String, @escaping OnRetry) async throws(DirectoryError) -> [WritePerson],
    group: @escaping @Sendable (String, @escaping OnRetry) async throws(DirectoryError) -> WriteGroup,
    send: @escaping @Sendable (WriteRequest, String) async -> WriteResponse, graphRoot: String
  ) {
    self.person = person
    self.peopleNamed = peopleNamed
    self.group = group
    self.send = send
    self.graphRoot = graphRoot
  }

  /// The live client over the configuration, tokens and transport of `DirectoryClient.live`.
  public static func live(
    configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> DirectoryWrites {
    let directory = GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let lookups = WriteLookups(directory: directory)
    let sender = WriteSender(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    return DirectoryWrites(
      person: { argument, onRetry throws(DirectoryError) in try await lookups.person(argument, onRetry: onRetry) },
      peopleNamed: { name, onRetry throws(DirectoryError) in try await lookups.peopleNamed(name, onRetry: onRetry) },
      group: { argument, onRetry throws(DirectoryError) in try await lookups.group(argument, onRetry: onRetry) },
      send: { request, permission in await sender.send(request, permission: permission) },
      graphRoot: configuration.root)
  }

  // MARK: - Each call

  /// `POST /users/{id}/revokeSignInSessions`.
  public func revokeSessions(userId: String) async -> WriteResponse {
    await send(.revokeSessions(userId: userId), WriteKind.revoke.permission)
  }

  /// `PATCH /users/{id}` `accountEnabled`.
  public func setAccountEnabled(userId: String, _ enabled: Bool) async -> WriteResponse {
    await send(.setAccountEnabled(userId: userId, enabled), WriteKind.disable.permission)
  }

  /// `POST /users/{id}/authentication/temporaryAccessPassMethods`; the pass is in the 201's body.
  public func createTemporaryAccessPass(userId: String, lifetimeMinutes: Int?, usableOnce: Bool) async
    -> (WriteResponse, TemporaryAccessPass?)
  {
    let response = await send(
      .temporaryAccessPass(userId: userId, lifetimeMinutes: lifetimeMinutes, usableOnce: usableOnce),
      WriteKind.tap.permission)
    return (response, response.succeeded ? TemporaryAccessPass(response.body) : nil)
  }

  /// `POST /invitations` for a pending guest's address, sending the email again.
  public func resendInvitation(email: String) async -> WriteResponse {
    await send(.resendInvitation(email: email), WriteKind.reinvite.permission)
  }

  /// `POST /groups/{id}/members/$ref`.
  public func addMember(groupId: String, memberId: String) async -> WriteResponse {
    await send(.addMember(groupId: groupId, memberId: memberId, graphRoot: graphRoot), WriteKind.groupAdd.permission)
  }

  /// `DELETE /groups/{id}/members/{memberId}/$ref`.
  public func removeMember(groupId: String, memberId: String) async -> WriteResponse {
    await send(.removeMember(groupId: groupId, memberId: memberId), WriteKind.groupRemove.permission)
  }

  /// The write `plan` stands for, sent; a TAP's pass comes back beside the response.
  public func perform(_ plan: WritePlan) async -> (WriteResponse, TemporaryAccessPass?) {
    if plan.kind == .tap {
      return await createTemporaryAccessPass(
        userId: plan.person.id, lifetimeMinutes: plan.lifetimeMinutes, usableOnce: plan.usableOnce)
    }
    return (await send(plan.request(graphRoot: graphRoot), plan.kind.permission), nil)
  }
}
