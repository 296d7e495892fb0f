import Testing

@testable import TerminalUI

/// Issue 40 item 25: an emoji sequence arrives from the terminal a scalar at a time; typed into a
/// field it is one character, whole, with the cursor after it, and editing goes on from there.
@Suite struct TypedEmojiTests {
  @Test func aZWJSequenceTypedAScalarAtATimeStaysWhole() {
    var decoder = KeyDecoder()
    var field = TextFieldModel(text: "ada ")
    for key in decoder.feed(Array("👩‍💻".utf8)) { field.apply(key) }
    #expect(field.text == "ada 👩‍💻")
    #expect(field.cursor == field.text.count)
    field.apply(.character("x"))
    #expect(field.text == "ada 👩‍💻x")
    field.apply(.backspace)
    field.apply(.backspace)
    #expect(field.text == "ada ", "one backspace takes the whole emoji")
  }

  @Test func aFlagTypedAScalarAtATimeStaysWhole() {
    var field = TextFieldModel()
    for scalar in "🇳🇴".unicodeScalars { field.apply(.character(Character(scalar))) }
    #expect(field.text == "🇳🇴" && field.text.count == 1 && field.cursor == 1)
  }
}
