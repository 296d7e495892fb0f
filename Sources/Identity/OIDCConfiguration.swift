import Foundation
import RosterCore
import Transport

/// The parts of an OIDC discovery document Roster uses.
///
/// `device_authorization_endpoint` is absent for B2C (it has no device code), so it is optional;
/// the others are required and must obey the same https-or-loopback rule as the authority.
public struct OIDCConfiguration: Sendable, Equatable {
  public var issuer: String?
  public var authorizationEndpoint: URL
  public var tokenEndpoint: URL
  public var deviceAuthorizationEndpoint: URL?
  public var endSessionEndpoint: URL?
  /// The Graph host of this cloud (`graph.microsoft.us` for US Government), when given.
  public var msgraphHost: String?

  public init(
    issuer: String?, authorizationEndpoint: URL, tokenEndpoint: URL, deviceAuthorizationEndpoint: URL?,
    endSessionEndpoint: URL? = nil, msgraphHost: String? = nil
  ) {
    self.issuer = issuer
    self.authorizationEndpoint = authorizationEndpoint
    self.tokenEndpoint = tokenEndpoint
    self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
    self.endSessionEndpoint = endSessionEndpoint
    self.msgraphHost = msgraphHost
  }

  /// Parses a discovery document, saying which field is missing or malformed.
  public static func parse(_ data: Data, from url: URL) throws(SignInFailure) -> OIDCConfiguration {
    guard let object = try? JSONSerialization.jsonObject(with: data), let json = object as? [String: Any] else {
      throw ResponseText.unexpected(data, what: "the discovery document", url: url)
    }
    func endpoint(_ key: String, required: Bool) throws(SignInFailure) -> URL? {
      guard let value = json[key] else {
        if required { throw malformed(url, "it has no \(key)") }
        return nil
      }
      guard let text = value as? String, let endpoint = URL(string: text), let scheme = endpoint.scheme,
        let host = endpoint.host
      else { throw malformed(url, "its \(key) is not a URL") }
      try Authority.requireSecureScheme(scheme: scheme.lowercased(), host: host, what: "discovery \(key)")
      return endpoint
    }
    guard let authorize = try endpoint("authorization_endpoint", required: true),
      let token = try endpoint("token_endpoint", required: true)
    else { throw malformed(url, "required endpoints are missing") }
    return OIDCConfiguration(
      issuer: json["issuer"] as? String,
      authorizationEndpoint: authorize,
      tokenEndpoint: token,
      deviceAuthorizationEndpoint: try endpoint("device_authorization_endpoint", required: false),
      endSessionEndpoint: try endpoint("end_session_endpoint", required: false),
      msgraphHost: json["msgraph_host"] as? String
    )
  }

  private static func malformed(_ url: URL, _ detail: String) -> SignInFailure {
    SignInFailure(
      message: CleanText(
        "The sign-in service's discovery document at \(url.host ?? "the authority") is malformed: \(detail). "
          + "Check the authority setting."),
      error: "invalid_discovery", canRetry: false)
  }
}

/// Fetches discovery documents once per authority and keeps them for the process's life.
public actor DiscoveryCache {
  private var documents: [URL: OIDCConfiguration] = [:]
  private var inFlight: [URL: Task<OIDCConfiguration, any Error>] = [:]
  private let transport: any HTTPTransport

  init(transport: any HTTPTransport) { self.transport = transport }

  /// The authority's configuration, fetched on first use; concurrent callers share one request.
  func configuration(for authority: Authority) async throws -> OIDCConfiguration {
    let url = authority.discoveryURL
    if let cached = documents[url] { return cached }
    if let running = inFlight[url] { return try await running.value }
    let transport = self.transport
    let task = Task { () throws -> OIDCConfiguration in
      let response = try await transport.send(HTTPRequestBuilder.get(url))
      guard response.status == 200 else {
        if response.status == 400 || response.status == 404 {
          throw ErrorExplainer.failure(
            from: response,
            fallback: "The sign-in service does not know this authority "
              + "(\(authority.url.absoluteString)); check the tenant and policy")
        }
        throw ErrorExplainer.failure(from: response, fallback: "Discovery failed with HTTP \(response.status)")
      }
      return try OIDCConfiguration.parse(response.body, from: url)
    }
    inFlight[url] = task
    defer { inFlight[url] = nil }
    let configuration = try await task.value
    documents[url] = configuration
    return configuration
  }
}
