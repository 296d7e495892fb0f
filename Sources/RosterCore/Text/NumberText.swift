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
}
