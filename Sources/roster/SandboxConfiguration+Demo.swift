import Foundation
import Sandbox

extension SandboxConfiguration {
  /// The tenant behind `--demo`, the full-screen UI's and the commands' alike: its device code is
  /// approved at the first poll, made at once (interval 0), so nobody waits for a person or a
  /// polling interval and the demo is signed in within a frame or two (issue 28);
  /// `ROSTER_DEMO_PEOPLE` loads a people file instead of the generated organisation;
  /// `ROSTER_DEMO_NOW` (ISO 8601, as `roster sandbox --now`) starts the tenant's clock there, so
  /// the calendars the demo shows can sit on a daylight-saving change.
  static func demo(environment: [String: String]) -> SandboxConfiguration {
    var configuration = SandboxConfiguration()
    configuration.approveAfter = .zero
    configuration.deviceCodeInterval = 0
    // The demo's operator may make issue 45's fixes on the throw-away tenant.
    configuration.operatorRoles = SandboxConfiguration.fixOperatorRoles
    if let people = environment["ROSTER_DEMO_PEOPLE"], !people.isEmpty {
      configuration.peopleFile = URL(fileURLWithPath: people)
    }
    if let now = environment["ROSTER_DEMO_NOW"].flatMap(SandboxConfiguration.instant(iso:)) {
      configuration.now = SandboxConfiguration.clock(startingAt: now)
    }
    return configuration
  }
}
