/// Whom the signed-in person works with, as Microsoft 365 ranks them: Graph's `GET /me/people`
/// (People.Read, which a person may consent to themselves). `WorksWithClient.live` (Graph
/// target), fakes in tests. Every call throws `DirectoryError` only; without People.Read that is
/// `.permissionDenied(WorksWithClient.permissionExplanation)`.
public struct WorksWithClient: Sendable {
  /// The directory users' object ids, most relevant first (personal contacts and groups left out).
  public var read: @Sendable () async throws -> [String]

  public init(read: @escaping @Sendable () async throws -> [String]) {
    self.read = read
  }

  /// Every call fails with `error` (no client id yet, tests).
  public static func unavailable(_ error: DirectoryError) -> WorksWithClient {
    WorksWithClient(read: { throw error })
  }

  /// The least permission `/me/people` takes (delegated, user-consentable).
  public static let permission = "People.Read"

  /// What `roster doctor` says without it: what is missing, and that no one else need be asked.
  public static let permissionExplanation =
    "Your people first (the people you work with, ranked by Microsoft 365) needs the People.Read permission "
    + "(you can consent to it yourself; add it to scopes and sign in again)."
}
