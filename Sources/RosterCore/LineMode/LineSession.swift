import Foundation

/// The line mode's state machine: where the person is (the search prompt, a numbered list, a
/// card) and what a typed line means there. Pure, like the app's reducers: it returns what to do
/// next (`LineStep`) and the IO loop does it, then tells the session what came back.
///
/// ```
/// prompt ──text──▶ results ──number──▶ card ──1 (manager)──▶ card ──b──▶ card ──b──▶ results ──b──▶ prompt
/// ```
public struct LineSession: Equatable, Sendable {
  /// Where the person is, innermost last; empty at the search prompt.
  public private(set) var places: [LinePlace] = []

  public init() {}

  /// The prompt for the next line: it says what a number does here.
  public var prompt: String {
    switch places.last {
    case nil: return "Search: "
    case .results, .list: return "Number or search: "
    case .card: return "Action or search: "
    }
  }

  /// What a typed `line` asks for, here.
  public mutating func read(_ line: String) -> LineStep {
    let text = line.trimmingCharacters(in: .whitespaces)
    switch LineCommand(text) {
    case .quit: return .quit
    case .help: return .say(LineText.helpLines(at: places.last))
    case .again: return .say(whereYouAre())
    case .back: return .say(back())
    case .number(let number): return choose(number, text: text)
    case .search: return .search(text)
    }
  }

  /// A search answered: its results become the one place (a new search starts a new walk).
  public mutating func searched(_ results: LineResults) -> [String] {
    places = results.rows.isEmpty ? [] : [.results(results)]
    return [LineText.countLine(results)] + LineText.resultLines(results)
  }

  /// A card loaded for `open`: it goes on top of where the person was.
  public mutating func opened(_ card: LineCard) -> [String] {
    places.append(.card(card))
    return LineText.cardLines(card)
  }

  // MARK: - Steps

  private mutating func choose(_ number: Int, text: String) -> LineStep {
    switch places.last {
    case nil:
      // At the prompt a number is a search (an employee id, a phone number).
      return .search(text)
    case .results(let results):
      return open(number, of: results.rows.map(\.person))
    case .list(_, let people):
      return open(number, of: people)
    case .card(let card):
      let actions = card.actions
      guard number >= 1, number <= actions.count else {
        return .say([
          actions.isEmpty ? "This card has no actions." : "No action \(number); the actions are 1 to \(actions.count)."
        ])
      }
      let person = card.detail.person
      switch actions[number - 1] {
      case .manager(let manager): return .open(personID: manager.id)
      case .reports(let reports):
        let title = "Direct reports of \(LineText.name(person))"
        places.append(.list(title: title, reports))
        return .say(LineText.peopleLines(title: title, reports))
      case .memberOf: return .memberOf(person)
      case .link(let link): return .say(LineText.linkLines(link, for: person))
      }
    }
  }

  private func open(_ number: Int, of people: [Person]) -> LineStep {
    guard number >= 1, number <= people.count else {
      return .say(["No result \(number); the results are 1 to \(people.count)."])
    }
    return .open(personID: people[number - 1].id)
  }

  private mutating func back() -> [String] {
    guard !places.isEmpty else { return ["At the search already. Type a name, or q to quit."] }
    places.removeLast()
    switch places.last {
    case nil: return ["Back to the search."]
    case .results(let results):
      return ["Back to the results. " + LineText.countLine(results)] + LineText.resultLines(results)
    case .list(let title, let people):
      return ["Back to the list."] + LineText.peopleLines(title: title, people)
    case .card(let card):
      return ["Back to the card of \(LineText.name(card.detail.person))."] + LineText.actionLines(card)
    }
  }

  /// The place read again (an empty line).
  private func whereYouAre() -> [String] {
    switch places.last {
    case nil: return ["Type a name and press Enter; ? for help."]
    case .results(let results): return [LineText.countLine(results)] + LineText.resultLines(results)
    case .list(let title, let people): return LineText.peopleLines(title: title, people)
    case .card(let card): return LineText.cardLines(card)
    }
  }
}

/// A place in the line mode's walk.
public enum LinePlace: Equatable, Sendable {
  case results(LineResults)
  /// A numbered list of people that is not a search (direct reports).
  case list(title: String, [Person])
  case card(LineCard)
}

/// What the IO loop does for a line.
public enum LineStep: Equatable, Sendable {
  /// Print these lines.
  case say([String])
  /// Search for the text, then hand the answer to `LineSession.searched`.
  case search(String)
  /// Load the person's card, then hand it to `LineSession.opened`.
  case open(personID: String)
  /// List the person's groups (`LineText.groupLines`).
  case memberOf(Person)
  /// End the program.
  case quit
}
