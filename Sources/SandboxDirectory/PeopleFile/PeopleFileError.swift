import Foundation

/// A people file that could not be loaded; `description` names the entry (index) and the field.
public struct PeopleFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
