import Foundation
import Identity
import RosterCore
import Transport

/// The network side: the proxy and extra CA in force, the authority's discovery document (is it
/// reachable, does the tenant exist) and the clock against the server's `Date`.
enum DoctorNetwork {
  /// More than this between our clock and the server's and tokens look expired or not yet valid
  /// (Entra allows five minutes).
  static let allowedSkew: TimeInterval = 300

  static func proxyAndCA(settings: Settings, common: CommonOptions) -> (DoctorCheck, LiveHTTPTransport?) {
    let name = "Proxy and CA"
    let transport: LiveHTTPTransport
    do {
      transport = try common.makeTransport(settings: settings)
    } catch let stop as CommandStop {
      return (
        .problem(name, stop.summary, fix: "point caFile / ROSTER_CA_FILE at a readable PEM file, or unset it"), nil
      )
    } catch {
      return (.problem(name, "\(error)", fix: "check caFile / ROSTER_CA_FILE"), nil)
    }
    var parts: [String] = []
    if let proxy = transport.configuration.proxy {
      // Never the credentials: they are a password.
      parts.append(
        "proxy \(proxy.host):\(proxy.port)"
          + (proxy.noProxy.isEmpty ? "" : ", NO_PROXY \(proxy.noProxy.joined(separator: ","))"))
    } else {
      parts.append("no proxy")
    }
    parts.append(transport.configuration.extraCAFile.map { "extra CA \($0)" } ?? "system CAs only")
    return (.ok(name, parts.joined(separator: "; ")), transport)
  }

  static func authorityAndClock(settings: Settings, transport: LiveHTTPTransport) async -> [DoctorCheck] {
    let authority: Authority
    do {
      authority = try Authority(parsing: settings.authority, b2cPolicy: settings.b2cPolicy)
    } catch {
      return [
        .problem(
          "Authority", "\(CleanText(settings.authority)) is not an authority URL: \(error.displayLine)",
          fix: "set authority (or ROSTER_AUTHORITY, --authority) to https://login.microsoftonline.com/<tenant>")
      ]
    }
    let host = authority.url.host ?? authority.url.absoluteString
    let sent = Date()
    let response: HTTPResponse
    do {
      response = try await transport.send(HTTPRequest(url: authority.discoveryURL, timeout: .seconds(10)))
    } catch {
      return [
        .problem(
          "Authority", "cannot reach \(host): \(describe(error))",
          fix: "check the network, HTTPS_PROXY/NO_PROXY and the authority (\(authority.url.absoluteString))")
      ]
    }
    var checks: [DoctorCheck] = []
    let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
    if response.status == 200, let issuer = object?["issuer"] as? String {
      checks.append(
        .ok(
          "Authority", "\(authority.url.absoluteString) answers OIDC discovery; tenant \(tenant(of: issuer, authority))"
        ))
    } else {
      let description = (object?["error_description"] as? String).map { CleanText($0, maxCharacters: 200).string }
      let notFound = response.status == 400 || response.status == 404
      checks.append(
        .problem(
          "Authority",
          notFound
            ? "the tenant \(authority.tenant) was not found at \(host) (HTTP \(response.status))"
            : "OIDC discovery at \(host) answered HTTP \(response.status)" + (description.map { ": \($0)" } ?? ""),
          fix: notFound
            ? "check the tenant id or domain (--tenant, authority in the settings)"
            : "try again later; if it persists, give the request id \(response.header("request-id") ?? response.header("x-ms-request-id") ?? "in the log") to your administrator"
        ))
    }
    checks.append(clock(response: response, sent: sent, host: host))
    return checks
  }

  /// The server's `Date` (one-second resolution) against ours, at the middle of the exchange.
  static func clock(response: HTTPResponse, sent: Date, host: String) -> DoctorCheck {
    guard let header = response.header("Date"), let server = httpDate(header) else {
      return .note("Clock", "\(host) sent no Date header to compare with")
    }
    let local = sent.addingTimeInterval(Date().timeIntervalSince(sent) / 2)
    let skew = local.timeIntervalSince(server)
    let words = "\(Int(abs(skew).rounded())) s \(skew > 0 ? "ahead of" : "behind") \(host)"
    if abs(skew) > allowedSkew {
      return .problem(
        "Clock", "this machine's clock is \(words)",
        fix: "set the clock right (e.g. timedatectl set-ntp true): tokens would look expired or not yet valid")
    }
    return .ok("Clock", abs(skew) < 2 ? "in step with \(host)" : "\(words) (within \(Int(allowedSkew)) s)")
  }

  static func describe(_ error: any Error) -> String {
    switch error as? TransportError {
    case .connectionFailed(let message)?: return message
    case .tls(let message)?: return "TLS: \(message)"
    case .timedOut?: return "no answer within 10 s"
    case .cancelled?: return "cancelled"
    case .bodyTooLarge?: return "the answer was too large"
    case nil: return "\(error)"
    }
  }

  /// An IMF-fixdate (`Tue, 25 Nov 2026 10:15:02 GMT`), as servers send `Date`.
  static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
  }

  /// The tenant id from the issuer (`https://login.microsoftonline.com/{tid}/v2.0`); for
  /// `organizations` and `common` the issuer holds `{tenantid}`, so the authority's segment is named.
  static func tenant(of issuer: String, _ authority: Authority) -> String {
    let segment = URL(string: issuer)?.pathComponents.dropFirst().first ?? ""
    return segment.isEmpty || segment.contains("{") ? authority.tenant + " (any, chosen at sign-in)" : segment
  }
}
