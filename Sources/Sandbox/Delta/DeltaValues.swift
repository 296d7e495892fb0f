import SandboxDirectory

/// The `value` array of a delta page as it is written: objects separated by commas.
struct DeltaValues {
  var bytes: [UInt8] = []
  private(set) var count = 0

  init() { bytes.reserveCapacity(400 * 1024) }

  /// Call before writing each value.
  mutating func startValue() {
    if count > 0 { bytes.append(UInt8(ascii: ",")) }
    count += 1
  }

  /// `{"id":…,"@removed":{"reason":…}}`.
  mutating func appendRemoved(id: String, reason: String) {
    startValue()
    bytes.append(contentsOf: Array(#"{"id":"#.utf8))
    UserJSONWriter.appendQuoted(id, to: &bytes)
    bytes.append(contentsOf: Array(#","@removed":{"reason":"#.utf8))
    UserJSONWriter.appendQuoted(reason, to: &bytes)
    bytes.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: "}")])
  }
}
