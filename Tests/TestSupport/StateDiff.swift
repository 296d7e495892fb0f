import Foundation

/// Where two values differ, field by field (`search.status: expected … got …`), so a failed
/// exhaustive state assertion names the fields instead of printing two whole `AppState`s.
public enum StateDiff {
  public static func lines<Value>(expected: Value, actual: Value) -> [String] {
    var out: [String] = []
    compare(expected, actual, path: "", into: &out)
    return out
  }

  private static func compare(_ expected: Any, _ actual: Any, path: String, into out: inout [String]) {
    let left = Mirror(reflecting: expected)
    let right = Mirror(reflecting: actual)
    let leftChildren = Array(left.children)
    let rightChildren = Array(right.children)
    let labelled =
      !leftChildren.isEmpty && leftChildren.allSatisfy { $0.label != nil }
      && left.displayStyle == .struct && right.displayStyle == .struct
      && leftChildren.map(\.label) == rightChildren.map(\.label)
    if labelled {
      for (l, r) in zip(leftChildren, rightChildren) {
        compare(l.value, r.value, path: path.isEmpty ? l.label! : path + "." + l.label!, into: &out)
      }
      return
    }
    let e = String(reflecting: expected)
    let a = String(reflecting: actual)
    if e != a { out.append("\(path.isEmpty ? "value" : path): expected \(e), got \(a)") }
  }
}
