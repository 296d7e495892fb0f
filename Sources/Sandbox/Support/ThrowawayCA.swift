import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A certificate authority that lives only as long as the sandbox: made in memory at start,
/// it issues one server certificate for 127.0.0.1 and localhost. Clients trust it through the
/// PEM that `--ca-out` writes (or `RunningSandbox.caCertificatePEM`). Validity follows the real
/// clock, not the sandbox's injectable one: TLS peers check certificates against wall time.
struct ThrowawayCA: Sendable {
  let caCertificatePEM: String
  let serverCertificatePEM: String
  let serverKeyPEM: String

  init(extraHosts: [String] = [], now: Date = Date()) throws {
    let caKey = P256.Signing.PrivateKey()
    let caName = try DistinguishedName {
      OrganizationName("Roster sandbox")
      CommonName("Roster sandbox throw-away CA")
    }
    let caPublicKey = Certificate.PublicKey(caKey.publicKey)
    let caKeyId = SubjectKeyIdentifier(hash: caPublicKey)
    let start = now.addingTimeInterval(-3600)
    let caCertificate = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: caPublicKey,
      notValidBefore: start, notValidAfter: now.addingTimeInterval(30 * 86_400),
      issuer: caName, subject: caName, signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
        Critical(KeyUsage(keyCertSign: true, cRLSign: true))
        caKeyId
      },
      issuerPrivateKey: Certificate.PrivateKey(caKey))

    let serverKey = P256.Signing.PrivateKey()
    let serverPublicKey = Certificate.PublicKey(serverKey.publicKey)
    var names: [GeneralName] = [.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))]
    for host in extraHosts where host != "localhost" && host != "127.0.0.1" {
      if let bytes = Self.ipv4Bytes(host) {
        names.append(.ipAddress(ASN1OctetString(contentBytes: bytes[...])))
      } else {
        names.append(.dnsName(host))
      }
    }
    let serverCertificate = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: serverPublicKey,
      notValidBefore: start, notValidAfter: now.addingTimeInterval(30 * 86_400),
      issuer: caName, subject: try DistinguishedName { CommonName("localhost") },
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.notCertificateAuthority)
        Critical(KeyUsage(digitalSignature: true, keyEncipherment: true))
        try ExtendedKeyUsage([.serverAuth])
        SubjectAlternativeNames(names)
        SubjectKeyIdentifier(hash: serverPublicKey)
        AuthorityKeyIdentifier(keyIdentifier: caKeyId.keyIdentifier)
      },
      issuerPrivateKey: Certificate.PrivateKey(caKey))

    caCertificatePEM = try caCertificate.serializeAsPEM().pemString
    serverCertificatePEM = try serverCertificate.serializeAsPEM().pemString
    serverKeyPEM = serverKey.pemRepresentation
  }

  private static func ipv4Bytes(_ host: String) -> [UInt8]? {
    let parts = host.split(separator: ".")
    guard parts.count == 4 else { return nil }
    let bytes = parts.compactMap { UInt8($0) }
    return bytes.count == 4 ? bytes : nil
  }

  /// The NIOSSL server configuration serving the issued certificate.
  func serverTLSConfiguration() throws -> TLSConfiguration {
    let chain = try NIOSSLCertificate.fromPEMBytes(Array(serverCertificatePEM.utf8))
    let key = try NIOSSLPrivateKey(bytes: Array(serverKeyPEM.utf8), format: .pem)
    return TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
  }
}
