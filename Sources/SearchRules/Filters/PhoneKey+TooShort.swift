extension PhoneKey {
  /// How many digits `text` holds when it reads as the start of a phone number that is too short
  /// to look up (digits and phone punctuation only, 3 to `minimumDigits - 1` digits after any
  /// leading zeros): "5555" finds no one, and the list says how many digits a lookup needs
  /// rather than leave the person to guess. nil for a lookable number, a name or 1–2 digits.
  public static func tooShortDigits(typed text: String) -> Int? {
    var count = 0
    var leading = true
    for character in text {
      if let value = character.wholeNumberValue, character.isNumber, value < 10 {
        if value != 0 || !leading { count += 1 }
        if value != 0 { leading = false }
      } else if !(character.isWhitespace || "+-.()/".contains(character)) {
        return nil
      }
    }
    return (3..<minimumDigits).contains(count) ? count : nil
  }
}
