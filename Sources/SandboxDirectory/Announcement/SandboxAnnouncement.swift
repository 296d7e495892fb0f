/// The one line `roster sandbox` prints once it serves, and its reading by the programs that start
/// it (the benchmark, the end-to-end tests): `sandbox: URL tenant=TENANT_ID client=CLIENT_ID`.
/// Printed and read here only, so the two cannot drift apart.
public struct SandboxAnnouncement: Equatable, Sendable {
  /// `http://127.0.0.1:PORT`, no trailing slash.
  public var baseURL: String
  public var tenantId: String
  public var clientId: String

  public init(baseURL: String, tenantId: String, clientId: String) {
    self.baseURL = baseURL
    self.tenantId = tenantId
    self.clientId = clientId
  }

  /// Reads the line (with or without its newline); nil when it is not one.
  public init?(line: String) {
    let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    guard words.count == 4, words[0] == "sandbox:", words[2].hasPrefix("tenant="), words[3].hasPrefix("client=")
    else { return nil }
    baseURL = words[1]
    tenantId = String(words[2].dropFirst("tenant=".count))
    clientId = String(words[3].dropFirst("client=".count))
  }

  public var line: String { "sandbox: \(baseURL) tenant=\(tenantId) client=\(clientId)" }

  /// The authority a client signs in at: the base URL and the tenant.
  public var authority: String { baseURL + "/" + tenantId }
}
