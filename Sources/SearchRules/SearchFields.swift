/// One record's values for a schema's searched properties: what the word rules match against.
/// A person, a group or any other object is searched the same way once it is described so.
public struct SearchFields: Sendable, Hashable {
  public struct Field: Sendable, Hashable {
    public var property: SearchedProperty
    public var value: String
  }

  /// The properties that have a value, in the schema's order.
  public var fields: [Field]

  /// `values` are the record's values of `schema.properties`, in that order; nil when absent.
  public init(_ schema: SearchSchema, values: [String?]) {
    fields = zip(schema.properties, values).compactMap { property, value in
      value.map { Field(property: property, value: $0) }
    }
  }

  /// The values of the properties compared by `matching`.
  public func values(matching: SearchedProperty.Matching) -> [String] {
    fields.filter { $0.property.matching == matching }.map(\.value)
  }
}
