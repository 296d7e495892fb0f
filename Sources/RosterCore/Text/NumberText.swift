/// Numbers as the UI and the command line print them.
public enum NumberText {
  /// 1203 → "1,203", without the locale (so snapshots and scripts read the same everywhere).
  public static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }

  /// 1 → "1 change", 1203 → "1,203 changes": a count with its noun agreeing ("applying 1 changes"
  /// read as a slip). `plural` for nouns that do not take an "s".
  public static func counted(_ number: Int, _ singular: String, plural: String? = nil) -> String {
    "\(grouped(number)) \(number == 1 ? singular : plural ?? singular + "s")"
  }
}
