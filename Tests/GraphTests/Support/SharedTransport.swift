import Transport

/// One live transport (Transport's AsyncHTTPClient implementation) for every sandbox test, as the
/// app shares one for identity and Graph.
enum SharedTransport {
  static let live: LiveHTTPTransport = {
    do { return try LiveHTTPTransport() } catch { fatalError("LiveHTTPTransport: \(error)") }
  }()
}
