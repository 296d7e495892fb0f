import Foundation
import HTTPTypes
import Hummingbird

/// Graph's resource-unit throttling (throttling-limits, "Identity and access service limits";
/// PROTOCOL.md "Graph's limits"). Every identity request an app sends spends its cost from the
/// app's 10-second budget; one that does not fit is answered 429 with the same body an injected
/// 429 fault carries (`GraphError.forStatus(429)`), plus `Retry-After` (seconds to the window's
/// end), `x-ms-throttle-scope` and `x-ms-throttle-information: ResourceUnitLimitExceeded`.
/// Served requests carry `x-ms-resource-unit`, and `x-ms-throttle-limit-percentage` once 0.8 of
/// the budget is spent.
extension GraphEndpoints {
  /// What throttling decided for one request: the 429 to send instead, or headers for the answer.
  struct ThrottleOutcome {
    var refusal: Response?
    var headers = HTTPFields()
  }

  func throttle(_ request: IncomingRequest, caller: GraphCaller) -> ThrottleOutcome {
    guard let cost = ResourceUnitCost.of(request) else { return ThrottleOutcome() }
    let isGroups = request.components.dropFirst().first?.lowercased() == "groups"
    let limits = tenant.configuration.limits
    guard limits.throttles else {
      tenant.stats.record { $0.resourceUnits += cost }
      if isGroups { tenant.stats.recordGroups(served: cost) }
      return ThrottleOutcome()
    }
    let budget = limits.resourceUnitsPerWindow ?? ResourceUnitBudget.units(forPeople: tenant.directory.users.count)
    var headers = HTTPFields()
    switch tenant.budget.charge(app: caller.clientId, cost: cost, budget: budget, now: tenant.now) {
    case .served(let used):
      tenant.stats.record { $0.resourceUnits += cost }
      if isGroups { tenant.stats.recordGroups(served: cost) }
      headers[Self.resourceUnitHeader] = String(cost)
      if used >= 0.8 { headers[Self.limitPercentageHeader] = Self.percentage(used) }
      return ThrottleOutcome(headers: headers)
    case .throttled(let retryAfter, let used):
      if isGroups { tenant.stats.recordGroups(served: nil) }
      headers[.retryAfter] = String(retryAfter)
      headers[Self.limitPercentageHeader] = Self.percentage(used)
      headers[Self.throttleScopeHeader] = "Tenant_Application/ReadWrite/\(caller.clientId)/\(tenant.tenantId)"
      headers[Self.throttleInformationHeader] = "ResourceUnitLimitExceeded"
      return ThrottleOutcome(
        refusal: GraphError.forStatus(429).response(request: request, now: tenant.now, extraHeaders: headers))
    }
  }

  static let resourceUnitHeader = HTTPField.Name("x-ms-resource-unit")!
  static let limitPercentageHeader = HTTPField.Name("x-ms-throttle-limit-percentage")!
  static let throttleScopeHeader = HTTPField.Name("x-ms-throttle-scope")!
  static let throttleInformationHeader = HTTPField.Name("x-ms-throttle-information")!

  /// `0.8`, `0.85`, `1.2`: the share to two decimals, as the header's documented range writes it.
  static func percentage(_ share: Double) -> String {
    // Down, so a share below 0.8 never reads as 0.8; the epsilon keeps 0.29 from reading 0.28.
    let hundredths = (share * 100 + 1e-9).rounded(.down)
    return String(format: "%g", hundredths / 100)
  }
}
