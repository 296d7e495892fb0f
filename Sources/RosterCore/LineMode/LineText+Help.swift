/// The keys of the line mode in words: what `?` prints, the same wherever it is typed, with the
/// line for the place first.
extension LineText {
  public static func helpLines(at place: LinePlace?) -> [String] {
    let here: String
    switch place {
    case nil: here = "Here: type a name, a filter such as dept:Sales or title:engineer, or a phone number, then Enter."
    case .results, .list: here = "Here: a number opens that person's card; other words search again."
    case .card: here = "Here: a number runs that action; other words search again."
    }
    return [
      here,
      "A number opens a result or runs an action.",
      "b goes back: from a card to the one before or to the results, from the results to the search.",
      "Enter on an empty line says again where you are.",
      "? says these keys; q quits.",
      "Editing: Left and Right move, Backspace deletes, Control A and Control E go to the start and end, "
        + "Control U clears, Control W deletes a word, Up and Down recall earlier lines.",
    ]
  }
}
