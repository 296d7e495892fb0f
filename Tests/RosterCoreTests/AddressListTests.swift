import Foundation
import RosterCore
import Testing

/// Issue 19 item 3: who a search may list, and which texts may name someone hidden from the
/// address list (only those send an empty index answer on to Graph).
@Suite struct AddressListTests {
  static let hidden = Person(
    id: "0f8fad5b-d9cb-469f-a165-70867728950e", displayName: "Pat Hidden", mail: "pat.hidden@contoso.com",
    userPrincipalName: "pat@contoso.onmicrosoft.com", showInAddressList: false)

  @Test func aHiddenPersonIsListedOnlyForTheirWholeAddress() {
    for text in ["pat.hidden@contoso.com", " PAT@contoso.onmicrosoft.com ", "0F8FAD5B-D9CB-469F-A165-70867728950E"] {
      #expect(Self.hidden.isListed(answering: text), "\(text)")
    }
    for text in ["pat", "pat hidden", "pat.hidden@contoso", "", "Pat Hidden"] {
      #expect(!Self.hidden.isListed(answering: text), "\(text)")
    }
    var shown = Self.hidden
    shown.showInAddressList = nil
    #expect(shown.isListed(answering: "pat"))
    shown.showInAddressList = true
    #expect(shown.isListed(answering: "pat") && !shown.isHiddenFromAddressList)
  }

  @Test func onlyAWholeAddressOrAnIdCouldNameSomeone() {
    for text in ["pat@contoso.com", "a@b", "0f8fad5b-d9cb-469f-a165-70867728950e"] {
      #expect(Person.couldBeExactAddress(text), "\(text)")
    }
    for text in ["pat", "@contoso.com", "pat@", "pat @contoso.com", "", "0f8fad5b"] {
      #expect(!Person.couldBeExactAddress(text), "\(text)")
    }
  }
}
