import RosterCore

extension DetailState {
  /// Puts `status` in the person's pane: the same person's pane keeps its org-chart selection and
  /// "Member of", another person gets a fresh pane (as the reducer does when it shows them).
  public mutating func showPerson(_ status: PersonStatus) {
    if var shown = pane.personPane, shown.person.id == status.person.id {
      shown.status = status
      pane = .person(shown)
    } else {
      pane = .person(PersonPane(status))
    }
  }
}
