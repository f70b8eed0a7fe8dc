/**
 * A test SAML identity provider: a key pair with a self-signed certificate
 * (node-forge), and SAML Responses whose Assertion it signs with xml-crypto
 * (the signer node-saml itself depends on), with knobs to make them expired,
 * for another audience, tampered or signed by someone else.
 */
import { randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

export interface IdpKeys {
  privateKeyPem: string;
  certPem: string;
}

export function makeIdpKeys(commonName = 'test-idp'): IdpKeys {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01' + randomBytes(8).toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [{ name: 'commonName', value: commonName }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { privateKeyPem: forge.pki.privateKeyToPem(keys.privateKey), certPem: forge.pki.certificateToPem(cert) };
}

export interface AssertionOptions {
  idpIssuer: string;
  audience: string;
  recipient: string;
  nameId: string;
  attributes?: Record<string, string>;
  inResponseTo?: string;
  /** Validity window of the assertion relative to now, in ms. */
  notBeforeMs?: number;
  notOnOrAfterMs?: number;
  signWith?: IdpKeys | null;
}

const iso = (ms: number) => new Date(ms).toISOString();
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A SAML Response (XML) with one Assertion, signed when `signWith` is given. */
export function samlResponseXml(o: AssertionOptions): string {
  const now = Date.now();
  const notBefore = iso(now + (o.notBeforeMs ?? -60_000));
  const notOnOrAfter = iso(now + (o.notOnOrAfterMs ?? 5 * 60_000));
  const irt = o.inResponseTo ? ` InResponseTo="${esc(o.inResponseTo)}"` : '';
  const assertionId = `_a${randomBytes(16).toString('hex')}`;
  const attributes = Object.entries(o.attributes ?? {})
    .map(
      ([k, v]) =>
        `<saml:Attribute Name="${esc(k)}"><saml:AttributeValue>${esc(v)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${esc(o.idpIssuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${esc(o.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${esc(o.recipient)}"${irt}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    '</saml:Assertion>';
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(o.recipient)}"${irt}>` +
    `<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${esc(o.idpIssuer)}</saml:Issuer>` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    assertion +
    '</samlp:Response>';
  if (!o.signWith) return response;
  const sig = new SignedXml({
    privateKey: o.signWith.privateKeyPem,
    publicCert: o.signWith.certPem,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  // The signature goes right after the assertion's Issuer, where the SAML schema puts it.
  sig.computeSignature(response, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return sig.getSignedXml();
}

export const toPost = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
