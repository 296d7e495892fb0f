import Foundation
import Hummingbird
import NIOCore
import NIOPosix
import SandboxDirectory

/// The sandbox's single responder: reads the request once, logs it, applies faults and latency,
/// then routes by path to the identity platform, Graph, the /device page or the control API.
/// One hand-written router because tenant, policy and `$value` segments do not fit a route table.
struct SandboxResponder: HTTPResponder {
  typealias Context = SandboxRequestContext
  let tenant: SandboxTenant
  static let maxBodyBytes = 1 << 20

  func respond(to request: Request, context: Context) async throws -> Response {
    var request = request
    let bodyBuffer: ByteBuffer
    do { bodyBuffer = try await request.collectBody(upTo: Self.maxBodyBytes) } catch {
      return .text("Request Entity Too Large", status: .contentTooLarge)
    }
    let rawPath = request.uri.path
    let incoming = IncomingRequest(
      method: request.method.rawValue,
      path: rawPath.removingPercentEncoding ?? rawPath,
      rawQuery: request.uri.query ?? "",
      query: FormFields(request.uri.query ?? ""),
      headers: request.headers,
      body: String(buffer: bodyBuffer),
      base: tenant.base(forHost: request.head.authority),
      isLoopbackPeer: context.isLoopbackPeer)

    let isControl = incoming.components.first == "_sandbox"
    if isControl { return await ControlEndpoints(tenant: tenant).respond(to: incoming) }

    let serial = tenant.requestLog.append(
      .init(
        method: incoming.method, path: incoming.path, query: incoming.query.pairs,
        consistencyLevel: incoming.header("ConsistencyLevel"), clientRequestId: incoming.header("client-request-id"),
        userAgent: incoming.headers[.userAgent]))

    let decision = tenant.faults.decide(method: incoming.method, path: incoming.path)
    if let hold = decision.hold { await tenant.faults.waitWhileHeld(hold) }
    let isGraph = incoming.components.first?.lowercased() == "v1.0"
    let isTaskAPI = incoming.components.first?.lowercased() == "api"
    let latency = decision.latencyMs + (isGraph || isTaskAPI ? tenant.configuration.latencyMs : 0)
    if latency > 0 { try? await Task.sleep(for: .milliseconds(latency)) }

    tenant.stats.record { $0.requests += 1 }
    if let fault = decision.terminal {
      return counted(
        try await FaultResponder(tenant: tenant, context: context).respond(
          fault, to: incoming, isGraph: isGraph, real: { await route(incoming) }))
    }
    let started = ContinuousClock.now
    let response = await route(incoming)
    let elapsed = ContinuousClock.now - started
    tenant.requestLog.recordServerTime(
      serial, millis: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    return counted(response)
  }

  /// Counts a 429 on its way out, whether the budget or an injected fault sent it.
  private func counted(_ response: Response) -> Response {
    if response.status.code == 429 { tenant.stats.record { $0.throttled += 1 } }
    return response
  }

  private func route(_ request: IncomingRequest) async -> Response {
    let components = request.components
    guard let first = components.first?.lowercased() else { return home(request) }
    switch first {
    case "v1.0": return await GraphEndpoints(tenant: tenant).respond(to: request)
    case "api" where components.count >= 2 && components[1].lowercased() == "tasks":
      return await TaskEndpoints(tenant: tenant).respond(to: request)
    case "device" where components.count == 1: return await DevicePage(tenant: tenant).respond(to: request)
    case "oidc" where components.count == 2 && components[1] == "userinfo":
      return await GraphEndpoints(tenant: tenant).userInfo(request)
    default:
      if let path = AuthorityPath(components: components, query: request.query) {
        return await IdentityEndpoints(tenant: tenant).respond(to: request, path: path)
      }
      return .json(.object([("error", .string("Not Found"))]), status: .notFound)
    }
  }

  private func home(_ request: IncomingRequest) -> Response {
    .text(
      "Roster sandbox tenant \(tenant.tenantId) (\(tenant.tenantDomain)). Authority: \(request.base)/\(tenant.tenantId)  Graph: \(request.base)/v1.0  Device sign-in: \(request.base)/device\n"
    )
  }
}
