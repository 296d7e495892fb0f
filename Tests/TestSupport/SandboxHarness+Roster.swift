import Foundation

/// The built `roster` pointed at this sandbox, as a script or a person would run it.
extension SandboxHarness {
  /// HOME and the XDG directories in the harness's private folder (`state` names the state folder,
  /// so two "people" can share one sandbox), the sandbox's client, authority and Graph, plus `extra`.
  public func rosterEnvironment(state: String = "state", extra: [String: String] = [:]) -> [String: String] {
    let home = directory.url
    let base = [
      "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent(state).path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
      "ROSTER_CLIENT_ID": sandbox.clientId, "ROSTER_AUTHORITY": sandbox.authority.absoluteString,
      "ROSTER_GRAPH_URL": sandbox.graphURL.absoluteString, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
    ]
    return base.merging(extra) { _, given in given }
  }

  /// `roster` run to its end with `rosterEnvironment(state:extra:)`.
  public func roster(state: String = "state", extra: [String: String] = [:]) -> RosterProcess {
    RosterProcess(environment: rosterEnvironment(state: state, extra: extra))
  }
}
